//! Move generation.
//!
//! This first generator is deliberately simple; later layers (dragons,
//! influence, patterns) replace its heuristics with move reasons. What it
//! guarantees already: it never plays an illegal move; it captures strings
//! that tactical reading says can be captured and saves its own strings that
//! reading says can be saved (a save that reading refutes is no save); it
//! does not extend into a ladder or play a self-atari that reading refutes;
//! it never fills its own eyes, does not play inside settled territory, and
//! passes when nothing useful is left.

use crate::board::Board;
use crate::game::Game;
use crate::owl::OwlOverrides;
use crate::patterns::moves::{fuseki_move, MoveValues, PatternOptions};
use crate::point::{Color, Pos, ARR};
use crate::reading::{Reader, WIN};
use rand::Rng;

/// How `genmove` should behave.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum GenMode {
    /// Normal play.
    #[default]
    Normal,
    /// `kgs-genmove_cleanup`: also play into the opponent's area so that dead
    /// stones get captured before the game is scored.
    Cleanup,
}

/// A candidate move with its value, for diagnostics.
#[derive(Clone, Copy, Debug)]
pub struct Candidate {
    /// The move.
    pub pos: Pos,
    /// Its value (higher is better).
    pub value: f32,
}

/// Owner of empty regions: which colours border each maximal empty region.
struct Regions {
    border: [u8; ARR],
    size: [u16; ARR],
}

impl Regions {
    const BLACK: u8 = 1;
    const WHITE: u8 = 2;

    fn new(board: &Board) -> Regions {
        let mut r = Regions {
            border: [0; ARR],
            size: [0; ARR],
        };
        let mut seen = [false; ARR];
        let mut region = Vec::new();
        for &p in board.points() {
            if board.color(p) != Color::Empty || seen[p.idx()] {
                continue;
            }
            region.clear();
            region.push(p);
            seen[p.idx()] = true;
            let mut border = 0;
            let mut k = 0;
            while k < region.len() {
                let q = region[k];
                k += 1;
                for n in q.neighbors() {
                    match board.color(n) {
                        Color::Empty if !seen[n.idx()] => {
                            seen[n.idx()] = true;
                            region.push(n);
                        }
                        Color::Black => border |= Self::BLACK,
                        Color::White => border |= Self::WHITE,
                        _ => {}
                    }
                }
            }
            for &q in &region {
                r.border[q.idx()] = border;
                r.size[q.idx()] = region.len() as u16;
            }
        }
        r
    }

    fn only(&self, p: Pos, c: Color) -> bool {
        let bit = if c == Color::Black {
            Self::BLACK
        } else {
            Self::WHITE
        };
        self.border[p.idx()] == bit
    }
}

/// What tactical reading says about the strings on the board: the value of
/// the moves that capture or save something, per point.
struct Tactics {
    /// Stones an attacking move would capture (weighted down for ko).
    attack: [f32; ARR],
    /// Stones a defending move would save (weighted down for ko).
    defend: [f32; ARR],
}

/// Weight of a reading result: a ko is worth less than a clean win.
fn code_weight(code: u8) -> f32 {
    match code {
        WIN => 1.0,
        0 => 0.0,
        crate::reading::KO_A => 0.6,
        _ => 0.4,
    }
}

impl Tactics {
    /// Read every string with few liberties: attack the opponent's, defend
    /// our own when they are attacked.
    fn read(board: &mut Board, reader: &mut Reader, c: Color) -> Tactics {
        let mut t = Tactics {
            attack: [0.0; ARR],
            defend: [0.0; ARR],
        };
        let mut seen = [false; ARR];
        let points: Vec<Pos> = board.points().to_vec();
        for p in points {
            let col = board.color(p);
            if !col.is_stone() || seen[board.string_id(p).idx()] {
                continue;
            }
            seen[board.string_id(p).idx()] = true;
            if board.countlib(p) > 3 {
                continue;
            }
            let size = board.string_size(p) as f32;
            let (acode, amove) = reader.attack(board, p);
            if acode == 0 || amove.is_pass() {
                continue;
            }
            if col == c {
                let (dcode, dmove) = reader.find_defense(board, p);
                if dcode != 0 && !dmove.is_pass() {
                    t.defend[dmove.idx()] += size * code_weight(dcode);
                }
            } else {
                t.attack[amove.idx()] += size * code_weight(acode);
            }
        }
        t
    }
}

/// Move generation gives owl questions this fraction of their node limit.
const GENMOVE_OWL_SHARE: u64 = 4;

/// Value every legal move for `c` and return them, best first (all pattern
/// databases on).
pub fn candidates<R: Rng>(
    game: &mut Game,
    reader: &mut Reader,
    c: Color,
    mode: GenMode,
    rng: &mut R,
) -> Vec<Candidate> {
    candidates_with(
        game,
        reader,
        c,
        mode,
        &PatternOptions::default(),
        &OwlOverrides::default(),
        rng,
    )
}

/// Value every legal move for `c` and return them, best first, with the
/// pattern databases `patterns` allows: shape and joseki patterns add their
/// values (see `patterns::moves`), antisuji patterns forbid moves. The
/// owl reads with the level's limits and the explicit ones in `owl_limits`.
pub fn candidates_with<R: Rng>(
    game: &mut Game,
    reader: &mut Reader,
    c: Color,
    mode: GenMode,
    patterns: &PatternOptions,
    owl_limits: &OwlOverrides,
    rng: &mut R,
) -> Vec<Candidate> {
    let pattern_values = MoveValues::compute(game.board_mut(), reader, c, patterns);
    let tactics = Tactics::read(game.board_mut(), reader, c);
    // Dragons: save our critical dragons, kill the opponent's.
    // Owl reading with a quarter of the question budget: move generation
    // needs the critical dragons, not every status read to the end.
    let mut owl = crate::owl::Owl::new(reader.level());
    owl.set_overrides(*owl_limits);
    owl.set_node_limit(Some(owl.params.node_limit / GENMOVE_OWL_SHARE));
    let analysis = crate::analysis::Analysis::with_owl(game.board_mut(), reader, &mut owl);
    let dragon_values = crate::dragon::move_values(&analysis.dragons, c);
    let regions = Regions::new(game.board());
    let size = game.size();
    let stones = game.board().points().len() - game.board().empty_count();
    let opening = stones * 6 < size * size;
    let board = game.board_mut();
    let mut out = Vec::new();
    let points: Vec<Pos> = board.points().to_vec();
    for p in points {
        if board.color(p) != Color::Empty
            || !board.is_legal(p, c)
            || board.is_simple_eye(p, c)
            || pattern_values.antisuji(p)
        {
            continue;
        }
        let dv = dragon_values[p.idx()];
        let valued = value_move(board, reader, &tactics, &regions, p, c, mode, opening)
            .or_else(|| (dv > 0.0).then_some(1.0))
            .map(|v| v + dv);
        if let Some(v) = valued {
            let jitter: f32 = rng.gen_range(0.0..0.5);
            out.push(Candidate {
                pos: p,
                value: v + jitter + pattern_values.bonus(p),
            });
        }
    }
    out.sort_by(|a, b| b.value.total_cmp(&a.value));
    out
}

/// The move `genmove` plays for `c`: the best candidate that is legal in the
/// game (superko included), or a pass (all pattern databases on).
pub fn genmove<R: Rng>(
    game: &mut Game,
    reader: &mut Reader,
    c: Color,
    mode: GenMode,
    rng: &mut R,
) -> Pos {
    genmove_with(
        game,
        reader,
        c,
        mode,
        &PatternOptions::default(),
        &OwlOverrides::default(),
        rng,
    )
}

/// [`genmove`] with the pattern databases `patterns` allows: a fuseki
/// database move when the position is in one (and the move is legal in
/// the game), else the best candidate that is legal and does not repeat an
/// earlier whole-board position ([`candidates_with`]'s options).
pub fn genmove_with<R: Rng>(
    game: &mut Game,
    reader: &mut Reader,
    c: Color,
    mode: GenMode,
    patterns: &PatternOptions,
    owl_limits: &OwlOverrides,
    rng: &mut R,
) -> Pos {
    if mode == GenMode::Normal {
        if let Some(p) = fuseki_move(game.board(), c, patterns, rng) {
            if game.is_legal(c, p) {
                return p;
            }
        }
    }
    // A move that brings back an earlier whole-board position is skipped
    // even where the rules allow it: under simple ko, sequences such as
    // "send two, take back one" would otherwise repeat for ever.
    for cand in candidates_with(game, reader, c, mode, patterns, owl_limits, rng) {
        if game.is_legal(c, cand.pos) && !game.repeats_position(c, cand.pos) {
            return cand.pos;
        }
    }
    Pos::PASS
}

/// Value of a legal move by `c` at `p`, or `None` if it should not be played.
#[allow(clippy::too_many_arguments)]
fn value_move(
    board: &mut Board,
    reader: &mut Reader,
    tactics: &Tactics,
    regions: &Regions,
    p: Pos,
    c: Color,
    mode: GenMode,
    opening: bool,
) -> Option<f32> {
    let opp = c.opponent();
    let size = board.size();
    // Tactical facts before the move.
    let mut captures = 0usize;
    let mut pressure = 0f32;
    let mut seen: [Pos; 4] = [Pos::NONE; 4];
    for (k, q) in p.neighbors().into_iter().enumerate() {
        let qc = board.color(q);
        if !qc.is_stone() {
            continue;
        }
        let s = board.string_id(q);
        if seen[..k].contains(&s) {
            continue;
        }
        seen[k] = s;
        let libs = board.countlib(q);
        if qc == opp {
            if libs == 1 {
                captures += board.string_size(q);
            } else {
                pressure += board.string_size(q).min(6) as f32 / (libs * libs) as f32;
            }
        }
    }

    // Reading: a save counts only when reading says the string can be saved
    // by this move; captures include ladders and nets.
    let saves = tactics.defend[p.idx()];
    let captures = (captures as f32).max(tactics.attack[p.idx()]);

    let in_own = regions.only(p, c);
    let in_theirs = regions.only(p, opp);
    if captures == 0.0 && saves == 0.0 {
        if in_own {
            return None;
        }
        let big_region = regions.size[p.idx()] as usize * 4 > size * size;
        if in_theirs && mode == GenMode::Normal && !big_region {
            return None;
        }
    }

    // Look at the position after the move: no self-atari, no extension into
    // a ladder or net, unless the move captures.
    let ok = board.trymove(p, c);
    debug_assert!(ok);
    let libs_after = board.countlib(p);
    let refuted = libs_after <= 2 && reader.attack(board, p).0 == WIN;
    board.popgo();

    if refuted && captures == 0.0 {
        return None;
    }

    let mut v = 1.0f32;
    v += captures * 12.0 + if captures > 0.0 { 20.0 } else { 0.0 };
    if saves > 0.0 {
        v += 15.0 + saves * 6.0 + if libs_after >= 3 { 5.0 } else { 0.0 };
    }
    v += pressure * 2.0;
    if libs_after == 2 && captures == 0.0 {
        v -= 2.0;
    }
    // Shape of the board: early on, the third and fourth lines; later, moves
    // near stones matter more than open space.
    let line = p
        .row()
        .min(size - 1 - p.row())
        .min(p.col())
        .min(size - 1 - p.col());
    if opening && size >= 9 {
        v += match line {
            0 => -3.0,
            1 => -1.0,
            2 | 3 => 3.0,
            _ => 1.0,
        };
    } else if line == 0 {
        v -= 1.0;
    }
    let near = p
        .neighbors()
        .iter()
        .chain(p.diagonals().iter())
        .filter(|&&q| board.color(q).is_stone())
        .count();
    if !opening && near > 0 {
        v += 1.0;
    }
    Some(v)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::SmallRng;
    use rand::SeedableRng;

    fn game(rows: &[&str]) -> Game {
        let mut g = Game::new(rows.len());
        for (i, r) in rows.iter().enumerate() {
            for (j, ch) in r.chars().filter(|c| !c.is_whitespace()).enumerate() {
                match ch {
                    'X' => g.setup_stone(Color::Black, Pos::new(i, j)),
                    'O' => g.setup_stone(Color::White, Pos::new(i, j)),
                    _ => {}
                }
            }
        }
        g
    }

    #[test]
    fn captures_a_string_in_atari() {
        let mut g = game(&[
            ". . . . .",
            ". X O X .",
            ". . X . .",
            ". . . . .",
            ". . . . .",
        ]);
        let mut rng = SmallRng::seed_from_u64(1);
        assert_eq!(
            genmove(
                &mut g,
                &mut Reader::new(10, 1.0),
                Color::Black,
                GenMode::Normal,
                &mut rng
            ),
            Pos::new(0, 2)
        );
    }

    #[test]
    fn saves_a_string_in_atari() {
        let mut g = game(&[
            ". . . . . . .",
            ". . O . . . .",
            ". O X O . . .",
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . .",
        ]);
        let mut rng = SmallRng::seed_from_u64(1);
        assert_eq!(
            genmove(
                &mut g,
                &mut Reader::new(10, 1.0),
                Color::Black,
                GenMode::Normal,
                &mut rng
            ),
            Pos::new(3, 2)
        );
    }

    #[test]
    fn passes_when_only_eyes_are_left() {
        let mut g = game(&[". X O .", "X X O O", "X X O O", ". X O ."]);
        let mut rng = SmallRng::seed_from_u64(1);
        assert_eq!(
            genmove(
                &mut g,
                &mut Reader::new(10, 1.0),
                Color::Black,
                GenMode::Normal,
                &mut rng
            ),
            Pos::PASS
        );
        assert_eq!(
            genmove(
                &mut g,
                &mut Reader::new(10, 1.0),
                Color::White,
                GenMode::Normal,
                &mut rng
            ),
            Pos::PASS
        );
    }

    #[test]
    fn does_not_bring_back_an_earlier_position() {
        // Black's D1 (a throw-in of two stones) and White's capture at F1,
        // then Black's recapture at E1: playing D1 again would recreate the
        // position of the start, and the game would go round for ever.
        let mut g = game(&[
            ". X O O . . . . .",
            "X . X O O O O O .",
            ". X X O O O O O O",
            ". X O X X O X X O",
            ". X O O X X X . X",
            "X X O O O O X X .",
            "X X X O . O X . .",
            "X X O O O X . X .",
            "X O O X X . X . .",
        ]);
        g.set_to_move(Color::White);
        let at = |s: &str| Pos::parse(s, 9).unwrap();
        g.play(Color::White, at("F1")).unwrap();
        g.play(Color::Black, at("E1")).unwrap();
        g.play(Color::White, Pos::PASS).unwrap();
        assert!(g.repeats_position(Color::Black, at("D1")));
        let mut rng = SmallRng::seed_from_u64(1);
        let mut reader = Reader::new(10, 1.0);
        for _ in 0..3 {
            let mv = genmove(&mut g, &mut reader, Color::Black, GenMode::Normal, &mut rng);
            assert_ne!(mv, at("D1"));
        }
    }

    #[test]
    fn never_self_atari_of_a_string() {
        // Black B1 would join A1... : X at (3,0),(3,1) with libs; playing (2,1)
        // would leave the string with one liberty.
        let mut g = game(&["O O O O", "O . . O", "X X O O", ". X O ."]);
        let mut rng = SmallRng::seed_from_u64(1);
        for cand in candidates(
            &mut g,
            &mut Reader::new(10, 1.0),
            Color::Black,
            GenMode::Normal,
            &mut rng,
        ) {
            let b = g.board_mut();
            assert!(b.trymove(cand.pos, Color::Black));
            let libs = b.countlib(cand.pos);
            let size = b.string_size(cand.pos);
            b.popgo();
            assert!(libs > 1 || size == 1, "{:?}", cand.pos);
        }
    }
}
