//! Counting a finished position.
//!
//! Territory is an empty region (a maximal connected set of empty points,
//! after dead stones are taken off) that touches stones of one colour only.
//! Area scoring (Chinese) counts stones plus territory; territory scoring
//! (Japanese) counts territory plus prisoners, dead stones included. Which
//! stones are dead comes from the caller (the status analysis), so this module
//! only counts.

use crate::board::Board;
use crate::game::Scoring;
use crate::point::{Color, Pos, ARR};

/// Owner of each point after counting.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Owner {
    /// Black stone or black territory.
    Black,
    /// White stone or white territory.
    White,
    /// Neutral (dame, or a region touching both colours).
    Neutral,
}

/// The result of counting.
#[derive(Clone, Debug)]
pub struct Count {
    /// Black's points (territory, plus stones or prisoners by the rules).
    pub black: f32,
    /// White's points, komi included.
    pub white: f32,
    /// Owner of every point, indexed by `Pos::idx()`.
    pub owner: Vec<Owner>,
}

impl Count {
    /// Black's margin: positive when black wins.
    pub fn margin(&self) -> f32 {
        self.black - self.white
    }
}

/// Count `board` with `dead` stones removed, under `scoring`, with `komi` for
/// white. `prisoners` are the stones captured during the game by (white,
/// black), used by territory scoring.
pub fn count(board: &Board, dead: &[Pos], scoring: Scoring, komi: f32) -> Count {
    let mut color = [Color::Off; ARR];
    for &p in board.points() {
        color[p.idx()] = board.color(p);
    }
    let mut dead_black = 0u32;
    let mut dead_white = 0u32;
    for &p in dead {
        match color[p.idx()] {
            Color::Black => dead_black += 1,
            Color::White => dead_white += 1,
            _ => continue,
        }
        color[p.idx()] = Color::Empty;
    }

    let mut owner = vec![Owner::Neutral; ARR];
    let mut seen = [false; ARR];
    let (mut black, mut white) = (0f32, 0f32);
    for &p in board.points() {
        match color[p.idx()] {
            Color::Black => {
                owner[p.idx()] = Owner::Black;
                if scoring == Scoring::Area {
                    black += 1.0;
                }
            }
            Color::White => {
                owner[p.idx()] = Owner::White;
                if scoring == Scoring::Area {
                    white += 1.0;
                }
            }
            Color::Empty if !seen[p.idx()] => {
                let mut region = vec![p];
                seen[p.idx()] = true;
                let (mut touches_black, mut touches_white) = (false, false);
                let mut k = 0;
                while k < region.len() {
                    let q = region[k];
                    k += 1;
                    for r in q.neighbors() {
                        match color[r.idx()] {
                            Color::Empty if !seen[r.idx()] => {
                                seen[r.idx()] = true;
                                region.push(r);
                            }
                            Color::Black => touches_black = true,
                            Color::White => touches_white = true,
                            _ => {}
                        }
                    }
                }
                let who = match (touches_black, touches_white) {
                    (true, false) => Owner::Black,
                    (false, true) => Owner::White,
                    _ => Owner::Neutral,
                };
                for &q in &region {
                    owner[q.idx()] = who;
                }
                match who {
                    Owner::Black => black += region.len() as f32,
                    Owner::White => white += region.len() as f32,
                    Owner::Neutral => {}
                }
            }
            _ => {}
        }
    }
    if scoring == Scoring::Territory {
        black += (board.captured_by(Color::Black) + dead_white) as f32;
        white += (board.captured_by(Color::White) + dead_black) as f32;
    }
    white += komi;
    Count {
        black,
        white,
        owner,
    }
}

/// A score as GTP's `final_score` writes it: "B+3.5", "W+0.5", or "0".
pub fn format_margin(margin: f32) -> String {
    if margin > 0.0 {
        format!("B+{}", trim_float(margin))
    } else if margin < 0.0 {
        format!("W+{}", trim_float(-margin))
    } else {
        "0".to_string()
    }
}

/// One decimal, as GNU Go prints scores ("3.5", "12.0").
fn trim_float(x: f32) -> String {
    format!("{x:.1}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: &[&str]) -> Board {
        let mut b = Board::new(rows.len());
        for (i, r) in rows.iter().enumerate() {
            for (j, ch) in r.chars().filter(|c| !c.is_whitespace()).enumerate() {
                match ch {
                    'X' => b.set_stone(Pos::new(i, j), Color::Black),
                    'O' => b.set_stone(Pos::new(i, j), Color::White),
                    _ => {}
                }
            }
        }
        b
    }

    #[test]
    fn area_and_territory_counts() {
        let b = board(&[". X O .", ". X O .", ". X O .", ". X O ."]);
        let area = count(&b, &[], Scoring::Area, 0.5);
        assert_eq!(area.black, 8.0);
        assert_eq!(area.white, 8.5);
        assert_eq!(format_margin(area.margin()), "W+0.5");
        let terr = count(&b, &[], Scoring::Territory, 0.0);
        assert_eq!(terr.black, 4.0);
        assert_eq!(terr.white, 4.0);
        assert_eq!(format_margin(terr.margin()), "0");
    }

    #[test]
    fn dead_stones_count_for_the_other_side() {
        let b = board(&[". X O .", ". X O .", ". X O X", ". X O ."]);
        let dead = [Pos::new(2, 3)];
        let terr = count(&b, &dead, Scoring::Territory, 0.0);
        assert_eq!(terr.white, 4.0 + 1.0);
        assert_eq!(count(&b, &[], Scoring::Area, 0.0).white, 4.0);
        assert_eq!(count(&b, &dead, Scoring::Area, 0.0).white, 8.0);
    }
}
