//! The joseki compiler: SGF joseki trees (`patterns/joseki/*.sgf`, written
//! in the top-left corner of a 19x19 board) to corner patterns in the
//! `.db` format.
//!
//! Every move of every variation becomes one pattern: the corner region of
//! the whole tree (the bounding box of all its stones, one line wider, made
//! square, at least 7x7) as it stands before the move, exact (`.`, `O`, `X`), with the
//! move as `*`, seen from the player to move (`O`). Passes in the tree are
//! tenuki: the other side moves next. The value is 70 for the first
//! variation at a node, 5 less for each later sibling; `TE` (good move)
//! adds 10 and `DO` (doubtful) or `BM` (bad move) subtract 40. The same
//! position and move reached twice (transpositions) is written once.

use crate::goboard::{other, GoBoard, BLACK, EMPTY};
use std::fmt::Write;

/// One move of a tree, with the position before it.
#[derive(Clone, Debug)]
pub struct JosekiMove {
    /// The position before the move.
    pub board: GoBoard,
    /// The player to move (1 black, 2 white).
    pub color: u8,
    /// The move.
    pub point: (usize, usize),
    /// Its value.
    pub value: i32,
    /// The moves leading to it (SGF letters), for the comment.
    pub path: Vec<String>,
}

/// Walk an SGF joseki tree. Errors name the problem (off-corner moves,
/// illegal moves, a board other than 19x19).
pub fn moves_of_tree(text: &[u8]) -> Result<Vec<JosekiMove>, String> {
    let coll = sgf::parse(text).map_err(|e| e.to_string())?;
    let tree = coll.trees.first().ok_or("no game tree")?;
    if let Some(sz) = tree.root().and_then(|r| r.number("SZ")) {
        if sz != 19 {
            return Err(format!("joseki trees are on 19x19, not {sz}x{sz}"));
        }
    }
    let mut out = Vec::new();
    walk(tree, GoBoard::new(19), BLACK, Vec::new(), 0, &mut out)?;
    Ok(out)
}

fn walk(
    t: &sgf::GameTree,
    mut board: GoBoard,
    mut to_move: u8,
    mut path: Vec<String>,
    rank: usize,
    out: &mut Vec<JosekiMove>,
) -> Result<(), String> {
    for (k, node) in t.nodes.iter().enumerate() {
        for (color, id) in [(BLACK, "B"), (other(BLACK), "W")] {
            let Some(v) = node.value(id) else { continue };
            let text = v.to_simple_text();
            let point = if text.is_empty() || text == "tt" {
                None
            } else {
                let b = text.as_bytes();
                if b.len() != 2 || !b[0].is_ascii_lowercase() || !b[1].is_ascii_lowercase() {
                    return Err(format!("bad move {id}[{text}]"));
                }
                Some(((b[1] - b'a') as usize, (b[0] - b'a') as usize))
            };
            if color != to_move && !path.is_empty() {
                return Err(format!(
                    "{id}[{text}] after {}: the colours must alternate (use a pass for tenuki)",
                    path.join(" ")
                ));
            }
            let name = format!("{id}{text}");
            if let Some((r, c)) = point {
                if r >= 10 || c >= 10 {
                    return Err(format!("{name} is outside the top-left corner"));
                }
                let mut value = 70 - 5 * if k == 0 { rank as i32 } else { 0 };
                if node.has("TE") {
                    value += 10;
                }
                if node.has("DO") || node.has("BM") {
                    value -= 40;
                }
                out.push(JosekiMove {
                    board: board.clone(),
                    color,
                    point: (r, c),
                    value,
                    path: path.clone(),
                });
                if board.play(r, c, color).is_none() {
                    return Err(format!("{name} after {} is illegal", path.join(" ")));
                }
            }
            path.push(if point.is_some() {
                name
            } else {
                format!("{id}[]")
            });
            to_move = other(color);
        }
    }
    for (rank, v) in t.variations.iter().enumerate() {
        walk(v, board.clone(), to_move, path.clone(), rank, out)?;
    }
    Ok(())
}

/// The corner region of a set of moves: rows 0..h and columns 0..w (a
/// square).
pub fn region(moves: &[JosekiMove]) -> (usize, usize) {
    let mut h = 0;
    let mut w = 0;
    for m in moves {
        h = h.max(m.point.0 + 2);
        w = w.max(m.point.1 + 2);
        for r in 0..10 {
            for c in 0..10 {
                if m.board.get(r, c) != EMPTY {
                    h = h.max(r + 2);
                    w = w.max(c + 2);
                }
            }
        }
    }
    // Square, so that a position symmetric about the corner's diagonal
    // gives one pattern, not two.
    let n = h.max(w).max(7);
    (n, n)
}

/// The `.db` text of the joseki moves of one tree named `name`.
pub fn patterns_of(
    name: &str,
    title: &str,
    moves: &[JosekiMove],
    seen: &mut Vec<String>,
) -> String {
    let (h, w) = region(moves);
    let mut text = String::new();
    let mut k = 0;
    for m in moves {
        let mut diagram = String::new();
        diagram.push('+');
        diagram.push_str(&"-".repeat(w));
        diagram.push('\n');
        for r in 0..h {
            diagram.push('|');
            for c in 0..w {
                let v = m.board.get(r, c);
                diagram.push(if (r, c) == m.point {
                    '*'
                } else if v == EMPTY {
                    '.'
                } else if v == m.color {
                    'O'
                } else {
                    'X'
                });
            }
            diagram.push('\n');
        }
        if seen.contains(&diagram) {
            continue;
        }
        seen.push(diagram.clone());
        k += 1;
        let path = if m.path.is_empty() {
            "the empty corner".to_string()
        } else {
            m.path.join(" ")
        };
        writeln!(text, "Pattern J{name}{k}").unwrap();
        writeln!(text, "# {title}: after {path}\n").unwrap();
        text.push_str(&diagram);
        writeln!(text, "\n:8,{},joseki\n", m.value).unwrap();
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_small_tree() {
        let t = b"(;SZ[19];B[dd](;W[cc];B[dc];W[cd])(;W[fc];B[];W[cf]))";
        let ms = moves_of_tree(t).unwrap();
        assert_eq!(ms.len(), 6);
        assert_eq!(ms[0].point, (3, 3));
        assert_eq!(ms[0].color, BLACK);
        assert_eq!(ms[1].point, (2, 2));
        assert_eq!(ms[1].value, 70);
        // Second variation, one less preferred; after the tenuki White
        // plays again.
        assert_eq!(ms[4].point, (2, 5));
        assert_eq!(ms[4].value, 65);
        assert_eq!(ms[5].color, other(BLACK));
        assert_eq!(ms[5].path, vec!["Bdd", "Wfc", "B[]"]);
        let mut seen = Vec::new();
        let text = patterns_of("t", "test", &ms, &mut seen);
        assert_eq!(text.matches("Pattern ").count(), 6);
        let (ps, errs) = crate::parse::parse_db(&text, "joseki.db");
        assert!(errs.is_empty(), "{errs:?}");
        for p in &ps {
            assert!(p.edges.top && p.edges.left && p.has_class("joseki"));
            assert!(crate::check::check_pattern(p, crate::check::DbKind::Match).is_empty());
        }
        assert!(moves_of_tree(b"(;SZ[19];B[dd];B[cc])").is_err());
        assert!(moves_of_tree(b"(;SZ[19];B[pd])").is_err());
        assert!(moves_of_tree(b"(;SZ[19];B[dd];W[dd])").is_err());
    }
}
