//! Semeai: the capturing race between two adjacent opposing dragons that
//! are both short of eyes (GNU Go's `owl_analyze_semeai`), and seki, the
//! mutual life where neither side can approach the other.
//!
//! The reader plays the race out with `trymove`/`popgo`. Each side's
//! candidates are, in order: capturing an opponent race string in atari,
//! saving an own string in atari, filling the opponent's outside
//! liberties, then the shared ones (never into self-atari), approach
//! moves next to a liberty that cannot be filled directly, and moves that
//! add liberties or eye space to its own strings; passing is always
//! possible, and two passes in a row end the race in seki. A race string
//! is a string of the dragon that touches the other dragon, or the
//! dragon's main string (the one whose capture the owl calls a kill).
//!
//! When a side captures the other's main string, it wins the race, with
//! one exception that makes the nakade seki: if the capturing dragon
//! lived as it was before the race (the owl could not kill it), the owl
//! is asked again after the capture, the loser to move. If the capturer
//! can now be killed — the captured stones leave a dead shape such as a
//! straight or bent three inside its only eye space — the capture gains
//! nothing and the race counts as seki.
//!
//! Values are from the first dragon's side: [`A_WINS`], [`SEKI`],
//! [`B_WINS`]. Results are cached by the position's Zobrist hash, the side
//! to move and the passes; every question has a node budget, and a
//! question that runs out of nodes is marked uncertain. Its nodes are counted on the owl
//! ([`Owl::semeai_node_counter`]), apart from the owl's own.

use crate::board::Board;
use crate::owl::eyes::{self, Evaluation};
use crate::owl::{Goal, Owl};
use crate::point::{Color, Pos};
use crate::reading::Reader;
use std::collections::HashMap;

/// The second dragon is captured (the first wins the race).
pub const A_WINS: u8 = 2;
/// Neither dragon can be captured: seki (or neither side gains).
pub const SEKI: u8 = 1;
/// The first dragon is captured.
pub const B_WINS: u8 = 0;

/// Nodes one semeai question may visit.
const NODE_LIMIT: u64 = 4000;
/// Plies the race is read to.
const MAX_DEPTH: usize = 40;
/// Candidate moves tried at a node (fewer deep in the race).
const BRANCH: usize = 5;
/// Candidate moves deep in the race.
const BRANCH_DEEP: usize = 3;
/// Depth from which only [`BRANCH_DEEP`] moves are tried.
const DEEP: usize = 8;
/// Candidate score of a move that makes or takes an eye: above filling a
/// liberty, below saving or capturing a race string.
const EYE_MOVE: i32 = 170;
/// Owl questions (after a capture) one semeai question may ask.
const OWL_LEAVES: u32 = 12;

/// One side of the race.
#[derive(Clone, Debug)]
struct Side {
    color: Color,
    /// The dragon's stones when the question was asked.
    stones: Vec<Pos>,
    /// The main string: its capture loses the race.
    target: Pos,
    /// The dragon lived (the owl could not kill it) before the race.
    alive: bool,
}

/// The two dragons of a semeai question: A's and B's stones, and
/// whether the owl found each alive as it stands (a capture by a live
/// dragon must not leave it killable, see the module comment).
#[derive(Clone, Copy, Debug)]
pub struct Pair<'s> {
    /// The stones of dragon A.
    pub a_stones: &'s [Pos],
    /// The stones of dragon B.
    pub b_stones: &'s [Pos],
    /// The owl found A alive as it stands.
    pub a_alive: bool,
    /// The owl found B alive as it stands.
    pub b_alive: bool,
}

/// The answer to a semeai question about dragons A and B.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SemeaiResult {
    /// Outcome with A moving first ([`A_WINS`], [`SEKI`] or [`B_WINS`]).
    pub a_first: u8,
    /// A's best first move (`PASS` when A need not move).
    pub a_move: Pos,
    /// Outcome with B moving first.
    pub b_first: u8,
    /// B's best first move.
    pub b_move: Pos,
    /// True if a reading ran out of nodes (the outcome is a guess).
    pub uncertain: bool,
}

impl SemeaiResult {
    /// Does A survive (win or seki) when it moves first?
    pub fn a_survives_first(&self) -> bool {
        self.a_first >= SEKI
    }

    /// Does B capture A when B moves first?
    pub fn b_kills_first(&self) -> bool {
        self.b_first == B_WINS
    }
}

/// The semeai reader: its result cache and counters. Every function leaves
/// the board at the stack level it found it.
#[derive(Debug, Default)]
pub struct Semeai {
    cache: HashMap<u64, Bounds>,
    /// Owl verdicts after captures, by position and capturing target.
    leaves: HashMap<u64, u8>,
    nodes: u64,
    question_start: u64,
    owl_leaves: u32,
    aborted: bool,
}

/// What the owl's eye evaluation of one side's dragon tells the race.
#[derive(Clone, Debug, Default, PartialEq)]
struct Eyes {
    /// The dragon lives by itself ([`Evaluation::alive`]).
    alive: bool,
    /// Its race target lives (see [`target_lives`]).
    target_lives: bool,
    /// Where the side makes an eye ([`Evaluation::vital_defense`]).
    vital_defense: Vec<Pos>,
    /// Where the other side takes one ([`Evaluation::vital_attack`]).
    vital_attack: Vec<Pos>,
    /// Where the side captures a lunch.
    lunch_attacks: Vec<Pos>,
}

impl Eyes {
    /// The race's view of side `s`'s evaluation `e`.
    fn of(board: &Board, e: &Evaluation, s: &Side, other: &Side) -> Eyes {
        Eyes {
            alive: e.alive(),
            target_lives: target_lives(board, e, s, other),
            vital_defense: e.vital_defense.clone(),
            vital_attack: e.vital_attack.clone(),
            lunch_attacks: e.lunches.iter().map(|l| l.attack).collect(),
        }
    }
}

/// What is known of a node's outcome: bounds and the best move found.
#[derive(Clone, Copy, Debug)]
struct Bounds {
    lower: u8,
    upper: u8,
    mv: Pos,
}

/// Mixes the question (the two targets) into cache keys.
fn question_key(a: &Side, b: &Side) -> u64 {
    (a.target.idx() as u64)
        .wrapping_mul(0x9e37_79b9_7f4a_7c15)
        .rotate_left(17)
        ^ (b.target.idx() as u64).wrapping_mul(0xc2b2_ae3d_27d4_eb4f)
        ^ if a.color == Color::Black { 0x5555 } else { 0 }
}

impl Semeai {
    /// A reader with an empty cache.
    pub fn new() -> Semeai {
        Semeai::default()
    }

    /// Semeai nodes visited since the reader was made.
    pub fn node_counter(&self) -> u64 {
        self.nodes
    }

    /// Read the race between the dragons of `pair`, each side moving
    /// first. The targets are the dragons' main strings.
    pub fn analyze(
        &mut self,
        board: &mut Board,
        reader: &mut Reader,
        owl: &mut Owl,
        pair: Pair,
    ) -> Option<SemeaiResult> {
        let (a_first, mut a_move, ua) = self.read_first(board, reader, owl, pair, true)?;
        let (b_first, mut b_move, ub) = self.read_first(board, reader, owl, pair, false)?;
        // A seki that moving first does not change (or a result that is
        // better for A when B starts): neither side needs a move, and both
        // answer PASS (GNU Go's convention). A capture keeps its move.
        if b_first >= a_first && a_first != A_WINS {
            a_move = Pos::PASS;
            b_move = Pos::PASS;
        }
        Some(SemeaiResult {
            a_first,
            a_move,
            b_first,
            b_move,
            uncertain: ua || ub,
        })
    }

    /// The race of [`Semeai::analyze`] read with one side moving first (A
    /// when `a_first`): A's outcome, the first mover's move, and whether
    /// the reading ran out of nodes; its nodes are counted on `owl`. For a
    /// dragon inside a live one only B's start can change the status (see
    /// `Dragons::semeai_status`); a full question asked after it finds
    /// this reading in the cache.
    pub fn read_first(
        &mut self,
        board: &mut Board,
        reader: &mut Reader,
        owl: &mut Owl,
        pair: Pair,
        a_first: bool,
    ) -> Option<(u8, Pos, bool)> {
        let level = board.stackp();
        let nodes = self.nodes;
        let mut race = Race::new(self, reader, owl, board, pair)?;
        let out = race.read(board, a_first);
        owl.semeai_nodes += self.nodes - nodes;
        debug_assert_eq!(board.stackp(), level);
        Some(out)
    }

    fn begin(&mut self) {
        self.question_start = self.nodes;
        self.owl_leaves = 0;
        self.aborted = false;
        if self.cache.len() > 1 << 16 {
            self.cache.clear();
        }
    }
}

/// The side made of `stones` (those still on the board). Its target is
/// the string the race is about: of its strings touching `other`, the one
/// with the fewest liberties (the bigger on a tie); the dragon's main
/// string if none touches.
fn side(board: &Board, stones: &[Pos], other: &[Pos], alive: bool) -> Option<Side> {
    let c = board.color(*stones.first()?);
    if !c.is_stone() {
        return None;
    }
    let stones: Vec<Pos> = stones
        .iter()
        .copied()
        .filter(|&p| board.color(p) == c)
        .collect();
    let touching = stones.iter().copied().filter(|&p| {
        p.neighbors()
            .iter()
            .any(|&q| board.color(q) == c.opponent() && other.contains(&q))
    });
    let target = touching
        .min_by_key(|&p| {
            (
                board.countlib(p),
                std::cmp::Reverse(board.string_size(p)),
                p,
            )
        })
        .unwrap_or_else(|| crate::dragon::main_string(board, &stones));
    Some(Side {
        color: c,
        stones,
        target,
        alive,
    })
}

/// One race being read.
struct Race<'a> {
    semeai: &'a mut Semeai,
    reader: &'a mut Reader,
    owl: &'a mut Owl,
    key: u64,
    /// The dragons as owl goals, for the eye evaluation at each node.
    goal_a: Goal,
    goal_b: Goal,
    a: Side,
    b: Side,
    /// The eyes of each side in the positions read so far, by the board's
    /// hash and the side (A: true), with the stack level they were read
    /// at: a position comes back in the second window of [`Race::read`],
    /// after a pass and by transposition (see [`Race::eyes`]).
    seen_eyes: HashMap<(u64, bool), (usize, Eyes)>,
}

impl<'a> Race<'a> {
    /// The race between the dragons of `pair` (`None` unless both are on
    /// the board in opposite colours).
    fn new(
        semeai: &'a mut Semeai,
        reader: &'a mut Reader,
        owl: &'a mut Owl,
        board: &Board,
        pair: Pair,
    ) -> Option<Race<'a>> {
        let a = side(board, pair.a_stones, pair.b_stones, pair.a_alive)?;
        let b = side(board, pair.b_stones, pair.a_stones, pair.b_alive)?;
        if a.color != b.color.opponent() {
            return None;
        }
        Some(Race {
            semeai,
            reader,
            owl,
            key: question_key(&a, &b),
            goal_a: Goal::new(a.color, &a.stones),
            goal_b: Goal::new(b.color, &b.stones),
            a,
            b,
            seen_eyes: HashMap::new(),
        })
    }

    /// One side moving first: first whether A is captured at all (a null
    /// window), then, if not, whether A wins or it is seki. Only the first
    /// reading's running out of nodes makes the answer uncertain; when the
    /// second runs out, seki is kept.
    fn read(&mut self, board: &mut Board, a_first: bool) -> (u8, Pos, bool) {
        self.semeai.begin();
        let (v, m) = self.value(board, a_first, 0, 0, B_WINS, SEKI);
        let uncertain = self.semeai.aborted;
        if v == B_WINS || uncertain {
            return (v.min(SEKI), m, uncertain);
        }
        self.semeai.begin();
        let (w, n) = self.value(board, a_first, 0, 0, SEKI, A_WINS);
        if self.semeai.aborted {
            (SEKI, m, false)
        } else if w == A_WINS {
            (A_WINS, n, false)
        } else {
            (SEKI, m, false)
        }
    }

    /// The outcome (A's view) with A (`a_to_move`) or B to move, and the
    /// mover's best move, read with the window `alpha`..`beta`: a result
    /// at or below `alpha` is only an upper bound, one at or above `beta`
    /// only a lower bound.
    fn value(
        &mut self,
        board: &mut Board,
        a_to_move: bool,
        passes: u8,
        depth: usize,
        mut alpha: u8,
        mut beta: u8,
    ) -> (u8, Pos) {
        if passes >= 2 {
            return (SEKI, Pos::PASS);
        }
        let key = board.hash()
            ^ self.key
            ^ if a_to_move { 0x1234_5678_9abc_def1 } else { 0 }
            ^ (passes as u64).wrapping_mul(0x7f4a_7c15_9e37_79b9);
        let mut known = Bounds {
            lower: B_WINS,
            upper: A_WINS,
            mv: Pos::PASS,
        };
        if let Some(&e) = self.semeai.cache.get(&key) {
            if e.lower == e.upper || e.lower >= beta {
                return (e.lower, e.mv);
            }
            if e.upper <= alpha {
                return (e.upper, e.mv);
            }
            alpha = alpha.max(e.lower);
            beta = beta.min(e.upper);
            known = e;
        }
        if depth >= MAX_DEPTH || self.semeai.nodes - self.semeai.question_start >= NODE_LIMIT {
            self.semeai.aborted = true;
            return (self.estimate(board, a_to_move), Pos::PASS);
        }
        self.semeai.nodes += 1;
        let ea = self.eyes(board, true);
        let eb = self.eyes(board, false);
        let (lo, hi) = eye_bounds(&ea, &eb);
        known.lower = known.lower.max(lo);
        known.upper = known.upper.min(hi);
        if known.lower == known.upper || known.lower >= beta || known.upper <= alpha {
            let v = if known.lower >= beta || known.lower == known.upper {
                known.lower
            } else {
                known.upper
            };
            self.semeai.cache.insert(key, known);
            return (v, Pos::PASS);
        }
        alpha = alpha.max(known.lower);
        beta = beta.min(known.upper);
        let (mover, other, em, eo) = if a_to_move {
            (&self.a, &self.b, &ea, &eb)
        } else {
            (&self.b, &self.a, &eb, &ea)
        };
        let (color, other_color, other_target) = (mover.color, other.color, other.target);
        let mut moves = candidates(board, mover, other, depth, Some((em, eo)));
        moves.push(Pos::PASS);
        let (a0, b0) = (alpha, beta);
        let mut best: Option<(u8, Pos)> = None;
        for m in moves {
            if !board.trymove(m, color) {
                continue;
            }
            let v = if !m.is_pass() && board.color(other_target) != other_color {
                self.capture_leaf(board, a_to_move)
            } else {
                let np = if m.is_pass() { passes + 1 } else { 0 };
                self.value(board, !a_to_move, np, depth + 1, alpha, beta).0
            };
            board.popgo();
            let improves = match best {
                None => true,
                Some((b, _)) => {
                    if a_to_move {
                        v > b
                    } else {
                        v < b
                    }
                }
            };
            if improves {
                best = Some((v, m));
            }
            if a_to_move {
                alpha = alpha.max(v);
            } else {
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        let (v, mv) = best.unwrap_or((SEKI, Pos::PASS));
        // A live target cannot be captured, whatever the reading says.
        let v = v.clamp(known.lower, known.upper);
        if !self.semeai.aborted {
            let mut e = known;
            if v <= a0 {
                e.upper = e.upper.min(v);
            } else if v >= b0 {
                e.lower = e.lower.max(v);
            } else {
                e.lower = v;
                e.upper = v;
            }
            e.mv = mv;
            self.semeai.cache.insert(key, e);
        }
        (v, mv)
    }

    /// The mover (A when `a_moved`) has just captured the other's race
    /// target. Values are A's fate: B's capture of A's target is a loss
    /// for A whatever becomes of B afterwards, unless B lived before the
    /// race and can be killed after the capture (nakade seki: B must not
    /// capture, the race counts as seki). A's capture wins only if A then
    /// lives: the owl is asked whether it can be killed, B to move. If it
    /// can, the capture gained nothing — seki for an A that lived before
    /// the race, a loss for one that did not (it is still dead).
    fn capture_leaf(&mut self, board: &mut Board, a_moved: bool) -> u8 {
        let (win, lose, winner) = if a_moved {
            (A_WINS, B_WINS, &self.a)
        } else {
            (B_WINS, A_WINS, &self.b)
        };
        if board.color(winner.target) != winner.color {
            return win;
        }
        if !a_moved && !winner.alive {
            // A's race string is gone: whether B lives after the capture
            // is a question of B's other neighbours, not of A's fate.
            return B_WINS;
        }
        let fail = if winner.alive { SEKI } else { lose };
        let leaf_key =
            board.hash() ^ (winner.target.idx() as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        if let Some(&code) = self.semeai.leaves.get(&leaf_key) {
            return if code != 0 { fail } else { win };
        }
        // Two sure eyes after the capture: no owl question needed.
        if self.eyes(board, a_moved).alive {
            self.semeai.leaves.insert(leaf_key, 0);
            return win;
        }
        if self.semeai.owl_leaves >= OWL_LEAVES {
            self.semeai.aborted = true;
            return win;
        }
        self.semeai.owl_leaves += 1;
        let winner = if a_moved { &self.a } else { &self.b };
        let stones: Vec<Pos> = winner
            .stones
            .iter()
            .copied()
            .filter(|&p| board.color(p) == winner.color)
            .collect();
        let target = winner.target;
        let (code, _) = self.owl.attack(board, self.reader, &stones, target);
        if !self.owl.last_aborted() {
            self.semeai.leaves.insert(leaf_key, code);
        }
        if code != 0 {
            fail
        } else {
            win
        }
    }

    /// The eye evaluation of A's dragon (`a_side`) or B's on `board`.
    /// The evaluation's tactical reads stop at depths counted from the
    /// stack level, so, as in the tactical reader's cache, one read at
    /// the same level or higher up (with at least as much depth left)
    /// answers again; one read deeper is read anew and replaced.
    fn eyes(&mut self, board: &mut Board, a_side: bool) -> Eyes {
        let key = (board.hash(), a_side);
        let level = board.stackp();
        if let Some((at, e)) = self.seen_eyes.get(&key) {
            if *at <= level {
                return e.clone();
            }
        }
        let (goal, s, other) = if a_side {
            (&self.goal_a, &self.a, &self.b)
        } else {
            (&self.goal_b, &self.b, &self.a)
        };
        let ev = eyes::evaluate(board, self.reader, goal);
        let e = Eyes::of(board, &ev, s, other);
        self.seen_eyes.insert(key, (level, e.clone()));
        e
    }

    /// A guess when the reading stops: the side to move wins a race in
    /// which it has at least as many liberties as the other (shared
    /// liberties counted for both), else the other side.
    fn estimate(&self, board: &Board, a_to_move: bool) -> u8 {
        let la = race_liberties(board, &self.a);
        let lb = race_liberties(board, &self.b);
        let a_ahead = if a_to_move { la >= lb } else { la > lb };
        if a_ahead {
            A_WINS
        } else {
            B_WINS
        }
    }
}

/// What the eyes alone tell of the race: a race target that lives cannot
/// be captured, so its side gets at least seki ([`SEKI`] as a bound), and
/// when both live the race is seki. Whether the live side can also
/// capture the other is left to the reading: filling the other's
/// liberties may put its other strings in atari (a seki next to a live
/// group). Returns the bounds (lower, upper) of A's outcome.
fn eye_bounds(ea: &Eyes, eb: &Eyes) -> (u8, u8) {
    let lower = if ea.target_lives { SEKI } else { B_WINS };
    let upper = if eb.target_lives { SEKI } else { A_WINS };
    (lower, upper)
}

/// Does side `s`'s race target live by the evaluation `e` of its dragon
/// (see [`eye_bounds`])? It lives when its dragon lives (two sure eyes,
/// or an open escape), two of those eyes touch the target string itself
/// (a string joined to the eyes only through other strings can still be
/// cut off and captured), and the life does not rest on capturing strings
/// of the other dragon (then it is the race itself, not its outcome).
fn target_lives(board: &Board, e: &Evaluation, s: &Side, other: &Side) -> bool {
    if !e.alive() || board.color(s.target) != s.color {
        return false;
    }
    let rests_on_race = e.lunches.iter().any(|l| {
        board
            .string_stones(board.string_id(l.origin))
            .any(|p| other.stones.contains(&p))
    });
    if rests_on_race {
        return false;
    }
    if e.escape >= eyes::ESCAPE_FREE {
        return true;
    }
    let id = board.string_id(s.target);
    let eyes: u8 = e
        .spaces
        .iter()
        .filter(|sp| {
            sp.points.iter().any(|p| {
                p.neighbors()
                    .iter()
                    .any(|&q| board.color(q) == s.color && board.string_id(q) == id)
            })
        })
        .map(|sp| sp.min)
        .sum();
    eyes >= 2
}

/// Liberties of a side's weakest race string (its main string if none
/// other is weaker).
fn race_liberties(board: &Board, s: &Side) -> usize {
    if board.color(s.target) != s.color {
        return 0;
    }
    board.countlib(s.target)
}

/// Ids of the strings of `s` still on the board that take part in the
/// race: its main string and those touching `other`'s stones.
fn race_strings(board: &Board, s: &Side, other: &Side) -> Vec<Pos> {
    let mut out: Vec<Pos> = Vec::new();
    if board.color(s.target) == s.color {
        out.push(board.string_id(s.target));
    }
    for &p in &s.stones {
        if board.color(p) != s.color {
            continue;
        }
        let id = board.string_id(p);
        if out.contains(&id) {
            continue;
        }
        let touches = board.chainlinks(id).iter().any(|&o| {
            other
                .stones
                .iter()
                .any(|&q| board.color(q) == other.color && board.string_id(q) == o)
        });
        if touches {
            out.push(id);
        }
    }
    out
}

/// The mover's candidate moves, best first. `eyes` holds the owl's
/// evaluation of the mover's dragon and of the other's, when known: their
/// vital points (making an eye for the mover, taking one from the other)
/// and the mover's lunches are candidates too.
fn candidates(
    board: &Board,
    mover: &Side,
    other: &Side,
    depth: usize,
    eyes: Option<(&Eyes, &Eyes)>,
) -> Vec<Pos> {
    let c = mover.color;
    let mine = race_strings(board, mover, other);
    let theirs = race_strings(board, other, mover);
    let mut scored: Vec<(i32, Pos)> = Vec::new();
    let my_libs: Vec<Pos> = mine.iter().flat_map(|&s| board.liberties(s)).collect();
    // Capture or shorten the opponent's race strings.
    for &s in &theirs {
        let libs = board.liberties(s);
        if libs.len() == 1 {
            add(&mut scored, libs[0], 1000 + board.string_size(s) as i32);
            continue;
        }
        // The order in which outside liberties are filled does not matter:
        // two of them are tried, the shared ones all.
        let mut outside = 0;
        for &l in &libs {
            let shared = my_libs.contains(&l);
            if !shared {
                if outside >= 2 {
                    continue;
                }
                outside += 1;
            }
            if board.is_self_atari(l, c) && !board.does_capture_something(l, c) {
                // Approach: fill next to the liberty first.
                for q in l.neighbors() {
                    if board.color(q) == Color::Empty
                        && !board.is_self_atari(q, c)
                        && q.neighbors().iter().any(|&r| board.color(r) == c)
                    {
                        add(&mut scored, q, 60);
                    }
                }
                continue;
            }
            add(
                &mut scored,
                l,
                if shared { 100 } else { 150 } - libs.len() as i32,
            );
        }
    }
    // A capture ends the race: nothing else is worth reading then.
    if scored.iter().any(|&(v, _)| v >= 1000) {
        scored.retain(|&(v, _)| v >= 1000);
        return scored.into_iter().map(|(_, p)| p).collect();
    }
    // An eye gained or taken counts for more than one liberty filled.
    // A dragon that lives by its eyes already has no eye to make: its
    // vital points would only crowd the race moves out of the width.
    if let Some((em, eo)) = eyes {
        let make = if em.alive {
            &[][..]
        } else {
            &em.vital_defense[..]
        };
        for &p in make.iter().chain(&eo.vital_attack) {
            add(&mut scored, p, EYE_MOVE);
        }
        for &p in &em.lunch_attacks {
            add(&mut scored, p, EYE_MOVE - 5);
        }
    }
    // Lengthening one's own strings is tried only by a side that is not
    // alive already and is not ahead in liberties.
    let my_count = mine.iter().map(|&s| board.countlib(s)).min().unwrap_or(0);
    let their_count = theirs.iter().map(|&s| board.countlib(s)).min().unwrap_or(0);
    let lengthen = !mover.alive && my_count <= their_count + 1;
    // Save own strings in atari; add liberties or eye space.
    for &s in &mine {
        let libs = board.liberties(s);
        if libs.len() == 1 {
            for o in board.chainlinks(s) {
                if board.countlib(o) == 1 {
                    add(&mut scored, board.liberties(o)[0], 950);
                }
            }
            if !board.is_self_atari(libs[0], c) {
                add(&mut scored, libs[0], 900);
            }
            continue;
        }
        if !lengthen {
            continue;
        }
        // A side behind in liberties cannot win by filling the other's:
        // lengthening its shortest string comes first.
        let base = if libs.len() == my_count && my_count < their_count {
            200
        } else {
            40
        };
        for &l in &libs {
            if board.is_self_atari(l, c) {
                continue;
            }
            let fresh = l
                .neighbors()
                .iter()
                .filter(|&&q| board.color(q) == Color::Empty && !my_libs.contains(&q))
                .count() as i32;
            if fresh >= 1 {
                add(&mut scored, l, base + 10 * fresh);
            }
        }
    }
    scored.retain(|&(_, p)| board.is_legal(p, c));
    scored.sort_by(|x, y| y.0.cmp(&x.0).then(x.1.cmp(&y.1)));
    let n = if depth >= DEEP { BRANCH_DEEP } else { BRANCH };
    scored.into_iter().take(n).map(|(_, p)| p).collect()
}

/// Put candidate `p` with value `v` on the list (keeping its best value).
fn add(scored: &mut Vec<(i32, Pos)>, p: Pos, v: i32) {
    if let Some(e) = scored.iter_mut().find(|e| e.1 == p) {
        e.0 = e.0.max(v);
    } else {
        scored.push((v, p));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::board::diagram_board as setup;

    fn race(b: &mut Board, a: Pos, other: Pos) -> SemeaiResult {
        let mut r = Reader::new(10, 1.0);
        let mut owl = Owl::new(10);
        let (sa, sb) = (b.stones(a), b.stones(other));
        let out = Semeai::new()
            .analyze(
                b,
                &mut r,
                &mut owl,
                Pair {
                    a_stones: &sa,
                    b_stones: &sb,
                    a_alive: false,
                    b_alive: false,
                },
            )
            .unwrap();
        assert_eq!(b.stackp(), 0);
        out
    }

    /// Black's B2 string (an eye at A1) against white's D2 (no eye).
    const ONE_EYE_AGAINST_NONE: [&str; 9] = [
        ".........",
        ".........",
        ".........",
        "......O..",
        ".........",
        "XXXXX....",
        "OOOOX....",
        "XX.OX....",
        ".X.OX....",
    ];

    #[test]
    fn one_eye_beats_no_eye() {
        let mut b = setup(&ONE_EYE_AGAINST_NONE);
        // Black B2 (eye at A1) against white D2 (no eye).
        let r = race(&mut b, Pos::new(7, 1), Pos::new(7, 3));
        assert!(!r.uncertain);
        assert_eq!(r.a_first, A_WINS);
        assert!(!r.b_kills_first());
        let r = race(&mut b, Pos::new(7, 3), Pos::new(7, 1));
        assert_eq!(r.a_first, B_WINS);
    }

    #[test]
    fn cached_eyes_are_a_fresh_evaluation_read_as_high_up() {
        // Black's string (B2, an eye at A1) against white's (D2, none).
        let mut b = setup(&ONE_EYE_AGAINST_NONE);
        let (sa, sb) = (b.stones(Pos::new(7, 1)), b.stones(Pos::new(7, 3)));
        let pair = Pair {
            a_stones: &sa,
            b_stones: &sb,
            a_alive: false,
            b_alive: false,
        };
        let fresh = |b: &mut Board, a_side: bool| {
            let mut semeai = Semeai::new();
            let (mut r, mut owl) = (Reader::new(10, 1.0), Owl::new(10));
            let mut race = Race::new(&mut semeai, &mut r, &mut owl, b, pair).unwrap();
            race.eyes(b, a_side)
        };
        let (fa, fb) = (fresh(&mut b, true), fresh(&mut b, false));
        assert_ne!(fa, fb);
        let mut semeai = Semeai::new();
        let (mut r, mut owl) = (Reader::new(10, 1.0), Owl::new(10));
        let mut race = Race::new(&mut semeai, &mut r, &mut owl, &b, pair).unwrap();
        // Read first after a pass (one level down, same position): the
        // root does not reuse it, it reads anew and keeps its own.
        assert!(b.trymove(Pos::PASS, Color::White));
        assert_eq!(race.eyes(&mut b, true), fa);
        b.popgo();
        assert_eq!(race.eyes(&mut b, true), fa);
        assert_eq!(race.seen_eyes.get(&(b.hash(), true)).map(|e| e.0), Some(0));
        // Below the root the root's evaluation answers, for each side.
        assert!(b.trymove(Pos::PASS, Color::White));
        assert_eq!(race.eyes(&mut b, false), fb);
        assert_eq!(race.eyes(&mut b, true), fa);
        assert_eq!(race.seen_eyes.len(), 2);
        b.popgo();
    }

    #[test]
    fn capturing_a_lunch_is_a_loss_for_the_lunch_even_if_the_capturer_dies() {
        // The white corner stones (A9) sit in the eye space of the black
        // string (B8), which the white wall leaves one eye at most. Black
        // moving first captures them (and dies later all the same): that
        // is the corner stones' loss, not a seki. White moving first fills
        // E9 and neither side can then approach: seki.
        let mut b = setup(&[
            "OO.X.O...",
            ".XXXOO...",
            "XXOOO....",
            "OOO......",
            ".........",
            ".........",
            "......O..",
            "......O..",
            ".........",
        ]);
        let r = race(&mut b, Pos::new(0, 0), Pos::new(1, 1));
        assert!(!r.uncertain);
        assert_eq!(r.b_first, B_WINS);
        assert_eq!(r.a_first, SEKI);
    }

    #[test]
    fn a_side_behind_in_liberties_lengthens_before_filling() {
        // Black H5 has two liberties, the white string fifteen: filling
        // white's liberties (two outside, six shared with the black wall)
        // cannot win, extending to J5 comes first.
        let b = setup(&[
            ".........",
            ".........",
            "XXXXXXX..",
            "O........",
            "OOOOOOOX.",
            "......OO.",
            ".........",
            ".........",
            ".........",
        ]);
        let (black, white) = (b.stones(Pos::new(2, 0)), b.stones(Pos::new(4, 0)));
        let mut black = black;
        black.push(Pos::new(4, 7));
        let mover = side(&b, &black, &white, false).unwrap();
        let other = side(&b, &white, &black, false).unwrap();
        assert_eq!(mover.target, Pos::new(4, 7));
        let moves = candidates(&b, &mover, &other, 0, None);
        assert_eq!(moves.first(), Some(&Pos::new(4, 8)), "{moves:?}");
    }

    #[test]
    fn eye_against_eye_with_a_shared_liberty_is_seki() {
        let mut b = setup(&[
            ".........",
            ".........",
            ".........",
            ".........",
            "OOOOOO...",
            "XXXXXO...",
            "OOO.XO...",
            ".OXXXO...",
            "OOX.XO...",
        ]);
        let r = race(&mut b, Pos::new(6, 0), Pos::new(7, 2));
        assert!(!r.uncertain);
        assert_eq!((r.a_first, r.b_first), (SEKI, SEKI));
        assert_eq!(r.a_move, Pos::PASS);
    }

    #[test]
    fn a_target_with_two_eyes_of_its_own_cannot_lose_the_race() {
        // Black's corner string (A1 side) has the eyes A1 and C1 and
        // shares D2 with the white string: black cannot be captured
        // (whether white, open to the right, lives is another question). The black E9 string belongs to the same "dragon"
        // here but has no eye of its own: it is not safe.
        let mut b = setup(&[
            "....X....",
            ".........",
            ".........",
            ".........",
            ".........",
            "OOOOO....",
            "XXXXOO...",
            ".X.XXO...",
            "XXX.XO...",
        ]);
        let (black, white) = (b.stones(Pos::new(6, 0)), b.stones(Pos::new(5, 0)));
        let (a, o) = (
            side(&b, &black, &white, false).unwrap(),
            side(&b, &white, &black, false).unwrap(),
        );
        let mut r = Reader::new(10, 1.0);
        let ea = eyes::evaluate(&mut b, &mut r, &Goal::new(a.color, &a.stones));
        let eo = eyes::evaluate(&mut b, &mut r, &Goal::new(o.color, &o.stones));
        let (sa, so) = (Eyes::of(&b, &ea, &a, &o), Eyes::of(&b, &eo, &o, &a));
        assert_eq!(eye_bounds(&sa, &so).0, SEKI);
        let mut far = black.clone();
        far.push(Pos::new(0, 4));
        let lone = Side {
            target: Pos::new(0, 4),
            stones: far,
            ..a.clone()
        };
        assert!(!target_lives(&b, &ea, &lone, &o));
        let out = race(&mut b, Pos::new(6, 0), Pos::new(5, 0));
        assert!(!out.uncertain);
        assert!(out.a_first >= SEKI && out.b_first >= SEKI, "{out:?}");
    }
}
