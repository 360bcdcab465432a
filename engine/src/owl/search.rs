//! The owl search: alternating attacker and defender nodes on the real
//! board (`trymove`/`popgo`), with the goal following the defender's moves.
//!
//! ```text
//!  attack node (attacker to move)         defence node (defender to move)
//!    target captured      -> WIN            target captured     -> 0
//!    too deep             -> 0              too deep            -> WIN
//!    cached (no node)     -> the entry      cached (no node)    -> the entry
//!    out of nodes         -> 0              out of nodes        -> WIN
//!    goal lives (2 eyes,  -> 0              goal lives          -> WIN, no move
//!      or escaped)                          target dead tactically -> 0
//!    target dead tactically -> WIN          no eye to make (below the root)
//!    each candidate: play,                    -> 0
//!      defence node, reverse                each candidate: play, extend the
//!                                             goal, attack node, reverse
//! ```
//!
//! Out of nodes the defender wins (GNU Go's rule), but a defence node that
//! has read a ko before its budget ran out keeps it (`read_before_budget`).
//!
//! When the goal lives right after a defender move that joined it only
//! by a diagonal, the attacker still tries the two cutting points between
//! them (the eye may rest on that link) before the goal counts as alive.
//!
//! A move the simple ko rule forbids may be played as a *conditional* ko
//! capture (the side is assumed to have found a threat) by the first side
//! to do so, the komaster, up to the ko depth; what it wins is then at
//! most `KO_B`. Winning with a legal ko capture that the opponent could
//! only retake conditionally comes out as `KO_A`.

use crate::board::Board;
use crate::point::{Color, Pos};
use crate::reading::{self, rank, reverse, Reader, KO_B, WIN};
use smallvec::SmallVec;
use std::collections::VecDeque;

use super::edge;
use super::eyes::{self, Evaluation};
use super::goal::{CutMember, Goal};
use super::moves;
use super::{CacheEntry, Owl};

/// Candidates tried in score order at each depth (then two, then one
/// beyond the branch depth). Beyond the width the attacker still tries the
/// vital points and captures (`urgent_attack`), the defender the captures
/// of lunches (`urgent_defense`) and probes the rest for two eyes
/// (`probe_life`).
const WIDTH: [usize; 6] = [7, 5, 4, 4, 3, 3];
/// The defender's width at depth 2, one more than the attacker's there:
/// its second move answers a placement or cut, and the move that makes a
/// lunch of the attacker's stone (a quiet liberty of it, no shape move)
/// often comes fifth (`regression/suites/owl.tst` 100 once the one-eye
/// prune of `hopeless` leaves more of the budget to the tree).
const DEFENDER_WIDTH_AT_2: usize = 5;
/// Down to this depth the candidates are ordered by looking one move ahead.
const LOOKAHEAD_DEPTH: usize = 1;
/// The depth of the attack nodes (the answers to the defender's first
/// move) whose life test counts an open small space one eye short.
const PESSIMISTIC_DEPTH: usize = 1;
/// The depth a node's result is cached with when the evaluation decided
/// it without a search (the goal lives, or the reader captures it): such
/// a result holds at any depth, for later questions too.
pub(super) const STATIC: usize = 0;
/// The most refutations the root's defence node tries when its
/// candidates all fail: the attacker's refutations of them, played by the
/// defender beyond the width. The point the attacker needs is often the
/// defender's key point too (the vital point after a forced connection,
/// the liberty that turns a wall string into a lunch), and the defender's
/// generator does not propose it when it is neither in the space nor on
/// the goal's liberties. (Below the root they cost more than they gain.)
const REFUTATION_MOVES: usize = 2;
/// Candidates looked at one move ahead.
pub(super) const LOOKAHEAD_MOVES: usize = 12;
/// A fresh placement with at most this many liberties may be a
/// lunch-to-be (`lunch_to_be`): a lone stone on an inner point of the
/// space has four, and whether the defender captures it is the reader's
/// question, not its liberty count. (`eyes::max_after_capture`, which
/// looks at every standing attacker string, keeps three.)
pub(super) const LUNCH_TO_BE_LIBS: usize = 4;
/// The sort value of a candidate beyond `LOOKAHEAD_MOVES` (its score
/// added): below any value the lookahead gives, so that the moves it did
/// not look at come after those it did.
const NOT_LOOKED_AT: i32 = -1_000_000;
/// A goal with this many liberties or fewer is short of them: the
/// defender's ataris on the attacker strings around it are read beyond
/// the width (`urgent_defense`).
const SHORT_OF_LIBERTIES: usize = 4;
/// The defender's candidates beyond the width probed one move deep for
/// an immediate life.
const PROBE_MOVES: usize = 12;
/// The most liberties the defender's jumping stone keeps once the
/// attacker cuts it off (`jump_cuts`): with two the cut ataris it next.
const CUT_OFF_LIBS: usize = 2;

const ATTACK: u64 = 0x0a11_7ac4_0000_0001;
const DEFEND: u64 = 0x0def_e7d0_0000_0002;

/// One owl question in progress.
pub(super) struct Search<'a> {
    owl: &'a mut Owl,
    reader: &'a mut Reader,
    goal: Goal,
    target: Pos,
    color: Color,
    root: usize,
    /// The side that took a ko conditionally first (`Empty`: nobody yet).
    komaster: Color,
}

impl<'a> Search<'a> {
    pub(super) fn new(
        owl: &'a mut Owl,
        reader: &'a mut Reader,
        goal: Goal,
        target: Pos,
        root: usize,
    ) -> Search<'a> {
        let color = goal.color;
        Search {
            owl,
            reader,
            goal,
            target,
            color,
            root,
            komaster: Color::Empty,
        }
    }

    /// Trace a node answered without a search (from the cache, or by the
    /// tactical reader): its code and move.
    fn trace_result(&self, b: &Board, what: &str, (code, m): (u8, Pos)) {
        if self.depth(b) as i32 > self.owl.trace_depth {
            return;
        }
        let what = if m.is_pass() {
            format!("{what} {code}")
        } else {
            format!("{what} {code} {}", m.name(b.size()))
        };
        self.trace(b, &what, None, &[]);
    }

    fn trace(&self, b: &Board, what: &str, ev: Option<&Evaluation>, cands: &[moves::Candidate]) {
        let depth = self.depth(b) as i32;
        if depth > self.owl.trace_depth {
            return;
        }
        let size = b.size();
        let path = self.path(b);
        let mut line = format!(
            "{:indent$}{what} [{}]",
            "",
            path.join(" "),
            indent = 2 * depth as usize
        );
        if let Some(ev) = ev {
            line.push_str(&format!(
                " eyes {}/{} esc {} spaces {:?}",
                ev.min,
                ev.max,
                ev.escape,
                ev.spaces
                    .iter()
                    .map(|s| (s.points.len(), s.min, s.max))
                    .collect::<Vec<_>>()
            ));
        }
        if let Some(ev) = ev {
            // The attacker's vital points: a placement on one keeps its
            // own value in the lookahead (`lunch_to_be` is not asked).
            if !ev.vital_attack.is_empty() {
                let v: Vec<String> = ev.vital_attack.iter().map(|p| p.name(size)).collect();
                line.push_str(&format!(" vital {}", v.join(",")));
            }
            for w in &ev.weak {
                line.push_str(&format!(
                    " weak {}:{}{}/{}{}",
                    w.origin.name(size),
                    w.attack_code,
                    w.attack.name(size),
                    w.defense_code,
                    w.defense.name(size)
                ));
            }
            for l in &ev.lunches {
                line.push_str(&format!(
                    " lunch {}:{}/{}{}",
                    l.origin.name(size),
                    l.attack_code,
                    l.defense_code,
                    if l.false_eye { "f" } else { "" }
                ));
            }
        }
        if !cands.is_empty() {
            let c: Vec<String> = cands
                .iter()
                .take(10)
                .map(|(m, v)| format!("{}:{v}", m.name(size)))
                .collect();
            line.push_str(&format!(" cands {}", c.join(" ")));
        }
        eprintln!("{line}");
    }

    fn target_alive(&self, b: &Board) -> bool {
        b.color(self.target) == self.color
    }

    fn depth(&self, b: &Board) -> usize {
        b.stackp().saturating_sub(self.root)
    }

    fn width(&self, depth: usize) -> usize {
        if depth >= self.owl.params.branch_depth {
            1
        } else {
            WIDTH.get(depth).copied().unwrap_or(2)
        }
    }

    /// The defender's width at `depth`: [`Self::width`], one more at
    /// depth 2 ([`DEFENDER_WIDTH_AT_2`]).
    fn defender_width(&self, depth: usize) -> usize {
        if depth == 2 && depth < self.owl.params.branch_depth {
            DEFENDER_WIDTH_AT_2
        } else {
            self.width(depth)
        }
    }

    fn key(&self, b: &Board, routine: u64) -> u64 {
        let km = match self.komaster {
            Color::Black => 0x1357_9bdf_2468_ace0,
            Color::White => 0x2468_ace0_1357_9bdf,
            _ => 0,
        };
        b.hash()
            ^ self.goal.hash(b)
            ^ routine
            ^ km
            ^ (self.target.idx() as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)
    }

    /// Cache `r` as the result of the node `key` read at `depth` ([`STATIC`]
    /// for a verdict of the evaluation, which no depth changes).
    pub(super) fn store(&mut self, key: u64, depth: usize, r: (u8, Pos)) -> (u8, Pos) {
        if !self.owl.aborted {
            let entry = CacheEntry {
                code: r.0,
                mv: r.1,
                depth: depth.min(usize::from(u8::MAX)) as u8,
                question: self.owl.question,
            };
            self.owl.cache.insert(key, entry);
        }
        r
    }

    /// The cached result of the node `key` at `depth`. A result of an
    /// earlier question is taken only if it was read at `depth` or nearer
    /// its root: one read deeper had less of the reading depth and a
    /// narrower width left, and is no answer for a node nearer the root
    /// (the same position a move later in the game). The node is read
    /// again, and the new result replaces it. Within a question every
    /// transposition is taken, as the budget needs.
    pub(super) fn cached(&self, key: u64, depth: usize) -> Option<(u8, Pos)> {
        let e = self.owl.cache.get(&key)?;
        (e.question == self.owl.question || usize::from(e.depth) <= depth).then_some((e.code, e.mv))
    }

    /// Play `m` for `c`: `Some(conditional)` if it was played, the flag
    /// telling whether it was a conditional ko capture.
    fn play(&mut self, b: &mut Board, m: Pos, c: Color) -> Option<bool> {
        if b.trymove(m, c) {
            return Some(false);
        }
        let may_take_ko = (self.komaster == Color::Empty || self.komaster == c)
            && self.depth(b) < self.owl.params.ko_depth
            && b.is_ko_violation(m, c);
        if may_take_ko && b.tryko(m, c) {
            return Some(true);
        }
        None
    }

    /// Order the candidates of `c` by the goal's eyes one move later: the
    /// attacker wants them few, the defender many (the candidates' own
    /// scores break ties). `now` is the goal's evaluation before the move.
    /// Near the root only; deeper the scores decide.
    pub(super) fn order(
        &mut self,
        b: &mut Board,
        now: &Evaluation,
        cands: Vec<moves::Candidate>,
        c: Color,
    ) -> Vec<Pos> {
        let depth = self.depth(b);
        if depth > LOOKAHEAD_DEPTH || cands.len() <= 1 {
            return cands.into_iter().map(|x| x.0).collect();
        }
        let defender = c == self.color;
        let mut scored: Vec<(i32, Pos)> = Vec::with_capacity(cands.len());
        for (k, &(m, score)) in cands.iter().enumerate() {
            if k >= LOOKAHEAD_MOVES {
                // Not looked at: after every move that was, in score
                // order. (Its bare score is on another scale than the
                // looked-at values, which are negative for the attacker:
                // it sorted first.)
                scored.push((NOT_LOOKED_AT + score, m));
                continue;
            }
            let mark = self.goal.mark();
            if !b.trymove(m, c) {
                scored.push((score, m));
                continue;
            }
            let mut cut = SmallVec::new();
            let outcome = if !self.target_alive(b) {
                if defender {
                    -1000
                } else {
                    1000
                }
            } else {
                if defender {
                    self.goal.extend_with(b, m);
                } else {
                    cut = self.cut_jump(b, m);
                }
                let mut ev = eyes::evaluate(b, self.reader, &self.goal);
                // A placement on the vital point is the nakade; elsewhere
                // a fresh placement counts as the defender's lunch-to-be.
                if !defender && !now.vital_attack.contains(&m) {
                    if let Some((min, max)) = self.lunch_to_be(b, &ev, m) {
                        ev.min = ev.min.max(min);
                        ev.max = ev.max.max(max);
                    }
                }
                let eyes = 2 * i32::from(ev.min) + i32::from(ev.max);
                let lives = if ev.alive() { 6 } else { 0 };
                let weak: i32 = ev
                    .weak
                    .iter()
                    .filter(|w| w.defense_code == 0)
                    .map(|w| w.size.min(5) as i32)
                    .sum();
                let v = 100 * (eyes + lives) - 20 * weak + ev.escape.min(8) as i32 * 5;
                if defender {
                    v
                } else {
                    -v
                }
            };
            self.goal.restore(&cut);
            b.popgo();
            self.goal.undo(mark);
            scored.push((outcome * 4 + score, m));
        }
        scored.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        if depth as i32 <= self.owl.trace_depth {
            // The order the lookahead chose, with the values it sorted by.
            let size = b.size();
            let l: Vec<String> = scored
                .iter()
                .map(|(v, m)| format!("{}:{v}", m.name(size)))
                .collect();
            eprintln!("{:indent$}order {}", "", l.join(" "), indent = 2 * depth);
        }
        scored.into_iter().map(|x| x.1).collect()
    }

    /// The goal's eyes (`min`, `max`) after the attacker's move `m` when
    /// `m` made a lunch-to-be: a single stone with two to
    /// [`LUNCH_TO_BE_LIBS`] liberties joined to no attacker string, a
    /// placement the reader captures with the defender to move
    /// (`eyes::after_capture`), whose liberties all lie in the space its
    /// capture leaves. Standing, it splits the space and the evaluation
    /// counts it alive, but the defender's answer takes it or makes it a
    /// lunch: the space is worth what it is with the stone captured.
    /// `None` otherwise; a throw-in (one liberty) is left to the
    /// evaluation, which reads the capture's shape. The caller leaves out
    /// placements on a vital point (the nakade).
    fn lunch_to_be(&mut self, b: &mut Board, ev: &Evaluation, m: Pos) -> Option<(u8, u8)> {
        if b.color(m) != self.color.opponent() || b.string_size(m) != 1 || b.countlib(m) < 2 {
            return None;
        }
        let after = eyes::after_capture(b, self.reader, &self.goal, ev, m, LUNCH_TO_BE_LIBS)?;
        let inside = b
            .liberties(b.string_id(m))
            .iter()
            .all(|l| after.space_points.contains(l));
        inside.then_some((after.min, after.max))
    }

    /// A defender move after which the goal, alive now, still lives (the
    /// first of a few candidates), or `PASS`.
    fn safe_move(&mut self, b: &mut Board, ev: &Evaluation) -> Pos {
        let c = self.color;
        let cands = moves::defense_moves(b, self.reader, ev, c);
        for &(m, _) in cands.iter().take(3) {
            let mark = self.goal.mark();
            if !b.trymove(m, c) {
                continue;
            }
            self.goal.extend_with(b, m);
            let r = self.attack(b).0;
            b.popgo();
            self.goal.undo(mark);
            if r == 0 {
                return m;
            }
        }
        Pos::PASS
    }

    /// The target string, if the reader kills it outright.
    fn target_dead(&self, b: &Board, ev: &Evaluation) -> Option<Pos> {
        if !self.target_alive(b) {
            return None;
        }
        let id = b.string_id(self.target);
        ev.weak
            .iter()
            .find(|w| b.string_id(w.origin) == id && w.attack_code == WIN && w.defense_code == 0)
            .map(|w| w.attack)
    }

    /// The points where the attacker can cut the defender's last move from
    /// the goal stones it touches only diagonally (both points between
    /// them empty).
    fn diagonal_cuts(&self, b: &Board) -> Vec<Pos> {
        let mut cuts = Vec::new();
        if self.depth(b) == 0 {
            return cuts;
        }
        let Some((m, c)) = b.move_stack().last() else {
            return cuts;
        };
        if c != self.color || m.is_pass() || b.color(m) != c {
            return cuts;
        }
        let own = b.string_id(m);
        for d in m.diagonals() {
            if b.color(d) != c || b.string_id(d) == own || !self.goal.is_goal_stone(b, d) {
                continue;
            }
            let between: Vec<Pos> = m
                .neighbors()
                .into_iter()
                .filter(|q| d.neighbors().contains(q))
                .collect();
            if between.iter().all(|&q| b.color(q) == Color::Empty) {
                for q in between {
                    if !cuts.contains(&q) {
                        cuts.push(q);
                    }
                }
            }
        }
        cuts
    }

    /// The goal lives by the evaluation, but the defender's last move joined
    /// it only by a diagonal: the eyes may rest on that link. The attacker
    /// tries the cuts (the defender must then connect inside its own eye
    /// space, or lose the stone). The attacker's code and move.
    fn cut_diagonal_join(&mut self, b: &mut Board, x: Color) -> (u8, Pos) {
        let mut best = (0u8, Pos::PASS);
        for q in self.diagonal_cuts(b) {
            if !b.is_legal(q, x) || b.is_self_atari(q, x) || !b.trymove(q, x) {
                continue;
            }
            let r = if self.target_alive(b) {
                reverse(self.defend(b).0)
            } else {
                WIN
            };
            b.popgo();
            if rank(r) > rank(best.0) {
                best = (r, q);
                if r == WIN {
                    break;
                }
            }
        }
        best
    }

    /// An attacker move tried beyond the width, down to the branch depth:
    /// a vital point of the goal's eye spaces, the capture of a goal
    /// string the tactical reader takes, or one of `extra`: the block or
    /// hane at the head of the defender's second-line extension just
    /// played or the point under it (`extension_heads`), and the
    /// sacrifices that grow a lunch into a nakade (`nakade_sacrifices`).
    /// GNU Go likewise tries the eye space's vital moves and the tactical
    /// attacks beside its few pattern moves; a fixed width would drop them
    /// whenever shape moves score higher.
    fn urgent_attack(&self, depth: usize, ev: &Evaluation, m: Pos, extra: &[Pos]) -> bool {
        depth <= self.owl.params.branch_depth
            && (ev.vital_attack.contains(&m)
                || ev.weak.iter().any(|w| w.attack == m)
                || extra.contains(&m))
    }

    /// The head of the defender's last move when it extended along the
    /// second line (`edge::extension_heads`), inside the question only:
    /// the points there the attacker `x` can play without self-atari.
    fn extension_heads(&self, b: &Board, x: Color) -> SmallVec<[Pos; 6]> {
        let mut out = SmallVec::new();
        if self.depth(b) == 0 {
            return out;
        }
        let Some((m, c)) = b.move_stack().last() else {
            return out;
        };
        if c != self.color || m.is_pass() {
            return out;
        }
        for q in edge::extension_heads(b, m, c) {
            if b.is_legal(q, x) && !b.is_self_atari(q, x) {
                out.push(q);
            }
        }
        out
    }

    /// Is the point `q` (empty, or the attacker's stone just played) the
    /// gap of the goal stone `m`'s one-point jump through the attacker's
    /// wall: a goal stone beyond it in line with `m`, and its two other
    /// neighbours the attacker's (or the edge)? The attacker's stone there
    /// joins its own strings and parts the goal's: a clean cut, not a
    /// wedge the defender can atari.
    fn walled_gap(&self, b: &Board, q: Pos, m: Pos) -> bool {
        let x = self.color.opponent();
        let Some(k) = q.neighbors().iter().position(|&r| r == m) else {
            return false;
        };
        let beyond = q.neighbors()[(k + 2) % 4];
        let side = |r: Pos| b.color(r) == x || b.color(r) == Color::Off;
        self.goal.is_goal_stone(b, beyond)
            && side(q.neighbors()[(k + 1) % 4])
            && side(q.neighbors()[(k + 3) % 4])
    }

    /// The cut of the defender's last move when it jumped through a gap
    /// in the attacker's wall (`walled_gap`), inside the question only:
    /// `m`, a lone stone, reached the goal over the empty point `q`, and
    /// keeps at most [`CUT_OFF_LIBS`] liberties after the attacker's
    /// stone there. Such a jump is no connection: the cut leaves the
    /// stone short of liberties and the goal without what it reached for
    /// (an escape along the edge, space beyond the wall). As a plain
    /// liberty the cut scores 14 and falls below the width and the
    /// lookahead; it is read beside the extension heads.
    fn jump_cuts(&self, b: &Board, x: Color) -> SmallVec<[Pos; 2]> {
        let mut out = SmallVec::new();
        if self.depth(b) == 0 {
            return out;
        }
        let Some((m, c)) = b.move_stack().last() else {
            return out;
        };
        if c != self.color
            || m.is_pass()
            || b.color(m) != c
            || b.string_size(m) != 1
            || b.countlib(m) > CUT_OFF_LIBS + 1
            || !self.goal.is_goal_stone(b, m)
        {
            return out;
        }
        for q in m.neighbors() {
            if b.color(q) == Color::Empty
                && self.walled_gap(b, q, m)
                && b.is_legal(q, x)
                && !b.is_self_atari(q, x)
            {
                out.push(q);
            }
        }
        out
    }

    /// After the attacker's move at `q`: when it closed the gap of a lone
    /// goal stone's jump through its wall (`walled_gap`) and the stone
    /// there has two liberties or more, that stone leaves the goal
    /// (`Goal::cut_off`). What was taken out, for `Goal::restore` when
    /// the move is taken back.
    fn cut_jump(&mut self, b: &Board, q: Pos) -> SmallVec<[CutMember; 2]> {
        let mut out = SmallVec::new();
        if q.is_pass() || b.color(q) != self.color.opponent() || b.countlib(q) < 2 {
            return out;
        }
        for m in q.neighbors() {
            if b.color(m) == self.color && self.walled_gap(b, q, m) {
                out.extend(self.goal.cut_off(b, m));
            }
        }
        out
    }

    /// Attack node with its result traced (`owl_trace`): see `attack_node`.
    pub(super) fn attack(&mut self, b: &mut Board) -> (u8, Pos) {
        let r = self.attack_node(b);
        self.trace_exit(b, 'A', r);
        r
    }

    /// Defence node with its result traced (`owl_trace`): see
    /// `defend_node`.
    pub(super) fn defend(&mut self, b: &mut Board) -> (u8, Pos) {
        let r = self.defend_node(b);
        self.trace_exit(b, 'D', r);
        r
    }

    /// Trace a node's result as it is returned: `= A [path] code move`
    /// (`A` attack node, `D` defence node), marked `out of nodes` once the
    /// question's budget is spent (`regression/owl-walk` reads these).
    fn trace_exit(&self, b: &Board, kind: char, (code, m): (u8, Pos)) {
        let depth = self.depth(b);
        if depth as i32 > self.owl.trace_depth {
            return;
        }
        let m = if m.is_pass() {
            "PASS".to_string()
        } else {
            m.name(b.size())
        };
        eprintln!(
            "{:indent$}= {kind} [{}] {code} {m}{}",
            "",
            self.path(b).join(" "),
            if self.owl.aborted {
                " out of nodes"
            } else {
                ""
            },
            indent = 2 * depth
        );
    }

    /// The moves from the question's position to this node (`BA1 WB2`).
    fn path(&self, b: &Board) -> Vec<String> {
        let size = b.size();
        b.move_stack()
            .skip(self.root)
            .map(|(m, c)| {
                format!(
                    "{}{}",
                    if c == Color::Black { "B" } else { "W" },
                    m.name(size)
                )
            })
            .collect()
    }

    /// Attack node: the attacker to move. The attacker's code and move.
    fn attack_node(&mut self, b: &mut Board) -> (u8, Pos) {
        if !self.target_alive(b) {
            return (WIN, Pos::PASS);
        }
        let depth = self.depth(b);
        if depth > self.owl.params.reading_depth {
            return (0, Pos::PASS);
        }
        // A position already read (a transposition, or an earlier question
        // of the same position) is answered from the cache and costs no
        // node: the budget counts the nodes searched.
        let key = self.key(b, ATTACK);
        if let Some(r) = self.cached(key, depth) {
            self.trace_result(b, "attack: cached", r);
            return r;
        }
        if !self.owl.spend_node() {
            return (0, Pos::PASS);
        }
        let mut ev = eyes::evaluate(b, self.reader, &self.goal);
        let x = self.color.opponent();
        // The answer to the defender's first move trusts only closed small
        // spaces (GNU Go's pessimistic minimum; deeper, for its cost, the
        // eye count). So does the root when the attacker's first move is
        // an atari from inside a space: the defender answers inside and
        // the attacker has the tempo for an open space's margin.
        let pessimistic = depth == PESSIMISTIC_DEPTH
            || (depth == 0 && eyes::atari_from_inside(b, &ev, x).is_some());
        if ev.settled(pessimistic) {
            self.weak_at_root(b, &mut ev);
        }
        if ev.settled(pessimistic) {
            self.trace(b, "attack: lives", Some(&ev), &[]);
            let cut = self.cut_diagonal_join(b, x);
            return self.store(key, STATIC, cut);
        }
        if let Some(m) = self.target_dead(b, &ev) {
            self.trace_result(b, "attack: reader kills", (WIN, m));
            return self.store(key, STATIC, (WIN, m));
        }
        let mut cands = moves::attack_moves(b, &ev, x);
        let mut heads = self.extension_heads(b, x);
        for q in self.jump_cuts(b, x) {
            if !heads.contains(&q) {
                heads.push(q);
            }
        }
        moves::add_extension_heads(&mut cands, &heads);
        let mut urgent: Vec<Pos> = heads.to_vec();
        urgent.extend(moves::nakade_sacrifices(b, &ev, x));
        self.trace(b, "attack", Some(&ev), &cands);
        let cands = self.order(b, &ev, cands, x);
        let width = self.width(depth);
        let mut best = (0u8, Pos::PASS);
        let mut tried = 0;
        for m in cands {
            if tried >= width && !self.urgent_attack(depth, &ev, m, &urgent) {
                continue;
            }
            let saved_km = self.komaster;
            let Some(conditional) = self.play(b, m, x) else {
                continue;
            };
            tried += 1;
            if conditional {
                self.komaster = x;
            }
            let cut = self.cut_jump(b, m);
            let r = if self.target_alive(b) {
                reverse(self.defend(b).0)
            } else {
                WIN
            };
            self.goal.restore(&cut);
            b.popgo();
            self.komaster = saved_km;
            let r = if conditional && r != 0 { KO_B } else { r };
            if rank(r) > rank(best.0) {
                best = (r, m);
                if r == WIN {
                    break;
                }
            }
        }
        // A goal with no eye even moving first (`max = 0`) is not saved
        // by the attacker's moves that spoil the position (deep in the
        // tree the width leaves one or two, such as the connection of a
        // lunch into a bigger string the defender then captures): the
        // attacker may tenuki as well.
        let spoiled = best.0 != WIN && ev.max == 0;
        if (tried == 0 || spoiled) && self.may_tenuki(b, &ev) && b.trymove(Pos::PASS, x) {
            // Nothing to play (or nothing that kills), and the goal cannot
            // make two eyes even moving first: the attacker passes and the
            // defender must live by itself.
            self.trace(b, "attack: tenuki", Some(&ev), &[]);
            let r = if self.target_alive(b) {
                reverse(self.defend(b).0)
            } else {
                WIN
            };
            b.popgo();
            if rank(r) > rank(best.0) {
                best = (r, Pos::PASS);
            }
        }
        self.store(key, depth, best)
    }

    /// Before the goal is called alive: its strings with two liberties
    /// the evaluation did not find weak, read as if the position were the
    /// real board (`Reader::attack_as_root`). Below the root the reader
    /// leaves out the throw-in on a guard of a liberty, so a goal string
    /// whose capture starts with one (a ko on a string inside the eye
    /// space) looks safe there, and two eyes that hang on it look settled.
    /// Those it captures join `ev.weak`.
    fn weak_at_root(&mut self, b: &mut Board, ev: &mut Evaluation) {
        if b.stackp() == 0 {
            return;
        }
        let mut seen: SmallVec<[Pos; 8]> = SmallVec::new();
        for i in 0..ev.stones.len() {
            let id = b.string_id(ev.stones[i]);
            if seen.contains(&id) || b.countlib(id) != 2 {
                continue;
            }
            seen.push(id);
            if ev.weak.iter().any(|w| b.string_id(w.origin) == id) {
                continue;
            }
            let attack = self.reader.attack_as_root(b, id);
            if attack.0 != 0 {
                ev.weak
                    .push(eyes::WeakString::read(b, self.reader, id, attack));
            }
        }
    }

    /// May the attacker pass and leave the defender to move (with no
    /// candidate it can play, or, for a goal with no eye, none that
    /// kills)? Only when the goal has fewer than two eyes even
    /// with the defender first and no escape, when the attacker did not
    /// pass just before, and when no attacker string next to the goal is
    /// in a liberty race with it: one that the reader cannot capture for
    /// good and that has no more liberties than the target may stand in
    /// seki with the goal, where the defender keeps its life by passing
    /// too (the search never lets it pass).
    fn may_tenuki(&self, b: &Board, ev: &Evaluation) -> bool {
        if ev.max >= 2
            || ev.escape > 0
            || matches!(b.move_stack().last(), Some((m, _)) if m.is_pass())
        {
            return false;
        }
        if ev.min >= 1 {
            // One sure eye: no seki against an eyeless attacker string.
            return true;
        }
        let target_libs = b.countlib(self.target);
        for id in self.attacker_strings_next_to_goal(b, ev) {
            let dead_lunch = ev
                .lunches
                .iter()
                .any(|l| b.string_id(l.origin) == id && l.defense_code == 0);
            if !dead_lunch && b.countlib(id) <= target_libs {
                return false;
            }
        }
        true
    }

    /// Defence node: the defender to move. The defender's code and move
    /// (`PASS` when the goal lives without one).
    fn defend_node(&mut self, b: &mut Board) -> (u8, Pos) {
        if !self.target_alive(b) {
            return (0, Pos::PASS);
        }
        let depth = self.depth(b);
        if depth > self.owl.params.reading_depth {
            return (WIN, Pos::PASS);
        }
        // A position already read (a transposition, or an earlier question
        // of the same position) is answered from the cache and costs no
        // node: the budget counts the nodes searched.
        let key = self.key(b, DEFEND);
        if let Some(r) = self.cached(key, depth) {
            self.trace_result(b, "defend: cached", r);
            return r;
        }
        if !self.owl.spend_node() {
            return (WIN, Pos::PASS);
        }
        let ev = eyes::evaluate(b, self.reader, &self.goal);
        if ev.alive() {
            self.trace(b, "defend: lives", Some(&ev), &[]);
            if depth == 0 {
                // The question itself: name a move that keeps it alive,
                // as GNU Go does, if one of the first candidates does.
                let m = self.safe_move(b, &ev);
                return self.store(key, STATIC, (WIN, m));
            }
            return self.store(key, STATIC, (WIN, Pos::PASS));
        }
        if let Some(m) = self.target_dead(b, &ev) {
            self.trace_result(b, "defend: reader kills", (WIN, m));
            return self.store(key, STATIC, (0, Pos::PASS));
        }
        let c = self.color;
        let mut cands = moves::defense_moves(b, self.reader, &ev, c);
        if depth > LOOKAHEAD_DEPTH {
            // Near the root the lookahead sees what an extension gains.
            moves::promote_extensions(b, &mut cands, c);
        }
        if depth > 0 && self.hopeless(b, &ev, &cands) {
            self.trace(b, "defend: no eye to make", Some(&ev), &cands);
            return self.store(key, STATIC, (0, Pos::PASS));
        }
        self.trace(b, "defend", Some(&ev), &cands);
        // Each move with whether it is an attacker's refutation.
        let mut queue: VecDeque<(Pos, bool)> = self
            .order(b, &ev, cands, c)
            .into_iter()
            .map(|m| (m, false))
            .collect();
        let width = self.defender_width(depth);
        let mut best = (0u8, Pos::PASS);
        let mut tried = 0;
        let mut refutations = 0;
        let mut played: SmallVec<[Pos; 16]> = SmallVec::new();
        let mut rest = Vec::new();
        let mut seen_refutations: SmallVec<[Pos; 8]> = SmallVec::new();
        while let Some((m, refutation)) = queue.pop_front() {
            if played.contains(&m) {
                continue;
            }
            if refutation {
                // An extra try is read with the budget left, never won by
                // its running out.
                if self.owl.aborted {
                    break;
                }
                if refutations >= REFUTATION_MOVES {
                    // Tried next (below), a refutation may stand before
                    // regular moves: those are still read.
                    continue;
                }
                refutations += 1;
            } else if tried >= width && !self.urgent_defense(b, depth, &ev, m) {
                rest.push(m);
                continue;
            }
            let saved_km = self.komaster;
            let mark = self.goal.mark();
            let Some(conditional) = self.play(b, m, c) else {
                continue;
            };
            tried += 1;
            played.push(m);
            if conditional {
                self.komaster = c;
            }
            self.goal.extend_with(b, m);
            let (code, refuted) = self.attack(b);
            let r = reverse(code);
            b.popgo();
            self.goal.undo(mark);
            self.komaster = saved_km;
            let r = if conditional && r != 0 { KO_B } else { r };
            // Beyond the width only outright life counts, as in the probe
            // (`probe_life`): a ko there is the tail of a line the width
            // cut short, not a reading.
            let r = if refutation && r != WIN {
                // Still a regular candidate where it is one: read there,
                // from the cache, its ko counts.
                played.pop();
                0
            } else {
                r
            };
            if self.read_before_budget(best.0) || (refutation && self.owl.aborted) {
                // The budget ran out in this move's line: its result is no
                // reading, and the code read before it stands.
                break;
            }
            if rank(r) > rank(best.0) {
                best = (r, m);
                if r == WIN {
                    break;
                }
            }
            if depth == 0 && !refuted.is_pass() && !played.contains(&refuted) {
                // The attacker's refutation is tried after the width; one
                // that refutes a second defence is the attacker's vital
                // point, and so is the answer that leaves a defence only a
                // ko: it is tried next (the defender taking it first may
                // live outright).
                let again = seen_refutations.contains(&refuted);
                seen_refutations.push(refuted);
                let ko = r != 0 && r != WIN;
                if again || ko {
                    queue.retain(|e| e.0 != refuted || !e.1);
                    queue.push_front((refuted, true));
                } else {
                    queue.push_back((refuted, true));
                }
            }
        }
        // Near the root the one-move lookahead has already put the moves
        // that live first.
        if best.0 != WIN && depth > LOOKAHEAD_DEPTH && !self.read_before_budget(best.0) {
            if let Some(m) = self.probe_life(b, &rest) {
                best = (WIN, m);
            }
        }
        self.store(key, depth, best)
    }

    /// A defender move tried beyond the width, below the lookahead down to
    /// the branch depth: the capture of a lunch the tactical reader takes.
    /// The defender's counterpart of the attacker's captures of weak goal
    /// strings (`urgent_attack`): a lunch is an eye when it is taken, and
    /// one the attacker can still save must be taken now; scored as an
    /// eye-space move it falls below the width deep in the tree. And, when
    /// the goal is short of liberties (`SHORT_OF_LIBERTIES`), the atari on
    /// a wall string next to it (`moves::ataris_boundary_string`): the
    /// attacker must connect out, and the tempo lets the goal take its
    /// lunch without being caught short itself (as a plain liberty it
    /// scores 15 and falls below the width).
    fn urgent_defense(&self, b: &Board, depth: usize, ev: &Evaluation, m: Pos) -> bool {
        depth > LOOKAHEAD_DEPTH
            && depth <= self.owl.params.branch_depth
            && (ev
                .lunches
                .iter()
                .any(|l| l.attack == m && l.attack_code != 0)
                || (ev.liberties.len() <= SHORT_OF_LIBERTIES
                    && moves::ataris_boundary_string(b, ev, m, self.color)))
    }

    /// Has the question's budget run out while the defence node already
    /// holds the code `code` (a ko) read before? A defender's win found
    /// after that is the budget's (an attack node out of nodes fails),
    /// not the reading's, and must not replace the code read: GNU Go marks
    /// such a result uncertain. With nothing read (code 0) the out-of-nodes
    /// win stands, as in GNU Go.
    fn read_before_budget(&self, code: u8) -> bool {
        self.owl.aborted && code != 0
    }

    /// Is the defence below the root lost as it stands? The goal has at
    /// most one eye even with the defender first (with one, it has shut
    /// in no attacker string and is in no close liberty race,
    /// `racing_at_one_eye`: a second eye is what it lacks), no escape
    /// (none off the first line: a crawl along the edge is stopped by
    /// one stone; after the defender's second-line extension beside the
    /// wall, any) and no lunch the attacker can still save (a lunch it cannot save is
    /// counted in `max` already, as part of its space or as an eye of its
    /// own, so its capture makes no further eye), it is in no
    /// liberty race that could let it live (`seki_or_race`), and none
    /// of the defender's candidates, played, gives it an escape or a sure
    /// eye with a second in reach (two eyes moving first again, a lunch
    /// the attacker can still save whose capture leaves more than a false
    /// eye, or a liberty race; the second eye may come from capturing a
    /// placement, `eyes::max_after_capture`, or from an attacker string
    /// the goal has shut in, `shut_in_attacker`). A move
    /// that only joins a stone with one eye leaves one eye at most: the
    /// goal is still dead. So does a move that makes a lunch the attacker
    /// cannot save: the evaluation has counted its capture already (one
    /// eye in `min` and `max`), and it is no second eye besides.
    /// GNU Go's defender likewise gives up a goal of genus 0 that has no
    /// move to try; reading such a goal on costs a refutation of every
    /// lunch its far-side moves make.
    fn hopeless(&mut self, b: &mut Board, ev: &Evaluation, cands: &[moves::Candidate]) -> bool {
        if ev.max > 1
            || ev.escape_inland > 0
            || ev.lunches.iter().any(|l| l.defense_code != 0)
            || self.seki_or_race(b, ev)
        {
            return false;
        }
        // A shut-in attacker string is an eye the goal may still capture:
        // one more eye in reach (a half eye one move on) is then life.
        let shut_in = self.shut_in_attacker(b, ev);
        if ev.max == 1 && (shut_in || self.racing_at_one_eye(b, ev)) {
            // One eye wins a close liberty race, or takes the shut-in
            // string for the second.
            return false;
        }
        let c = self.color;
        let stackp = b.stackp();
        for &(m, _) in cands {
            let mark = self.goal.mark();
            let crawl = edge::is_second_line_extension(b, m, c, true);
            if !b.trymove(m, c) {
                continue;
            }
            let hope = self.target_alive(b) && {
                self.goal.extend_with(b, m);
                let ev = eyes::evaluate(b, self.reader, &self.goal);
                // The second-line crawl beside the wall heads for where the
                // wall ends, and the first line there stands for it.
                (if crawl { ev.escape } else { ev.escape_inland }) > 0
                    || (shut_in && ev.max > 0)
                    || (ev.min > 0
                        && (ev.max >= 2
                            || ev
                                .lunches
                                .iter()
                                .any(|l| l.defense_code != 0 && !l.false_eye)
                            || self.seki_or_race(b, &ev)
                            || eyes::max_after_capture(b, self.reader, &self.goal, &ev) >= 2))
            };
            b.popgo();
            self.goal.undo(mark);
            debug_assert_eq!(b.stackp(), stackp, "the probe leaves the board as it was");
            if hope {
                return false;
            }
        }
        true
    }

    /// Can an eyeless goal still live through an attacker string next to
    /// it? Only a string with no liberty outside the goal's (it has no eye
    /// and cannot run) counts. When the goal has no more liberties of its
    /// own than they share, neither side can fill the shared ones without
    /// putting itself in atari first: a seki, or a race too close for the
    /// one-move probe. A string of four stones or more may leave two eyes
    /// when it is captured. A smaller one the goal captures gives one eye
    /// at most, which leaves an eyeless goal dead.
    fn seki_or_race(&self, b: &Board, ev: &Evaluation) -> bool {
        self.attacker_strings_next_to_goal(b, ev)
            .into_iter()
            .any(|id| {
                let libs = b.liberties(id);
                if libs.iter().any(|l| !ev.liberties.contains(l)) {
                    return false;
                }
                debug_assert!(
                    libs.len() <= ev.liberties.len(),
                    "all its liberties are the goal's"
                );
                let own = ev.liberties.len() - libs.len();
                own <= libs.len() || b.stones(id).len() >= 4
            })
    }

    /// With one eye, is the goal in a liberty race it might win? An
    /// attacker string next to it, no lunch, with at most one liberty more
    /// than the goal, and not one that can connect out: two liberties or
    /// more, one of them next to another attacker string, is no race.
    fn racing_at_one_eye(&self, b: &Board, ev: &Evaluation) -> bool {
        let x = self.color.opponent();
        let goal_libs = ev.liberties.len();
        self.attacker_strings_next_to_goal(b, ev)
            .into_iter()
            .any(|id| {
                if ev.lunches.iter().any(|l| b.string_id(l.origin) == id) {
                    return false;
                }
                let n = b.countlib(id);
                if n > goal_libs + 1 {
                    return false;
                }
                let connects_out = n >= 2
                    && b.liberties(id).iter().any(|l| {
                        l.neighbors()
                            .into_iter()
                            .any(|q| b.color(q) == x && b.string_id(q) != id)
                    });
                !connects_out
            })
    }

    /// Is there an attacker string the goal has shut in? One of two stones
    /// or more, no lunch (the reader cannot take it now: a lunch is
    /// valued by the evaluation), outside
    /// the eye spaces (their value holds their stones) and touching no
    /// goal stone (no liberty race with the goal, `seki_or_race`), whose
    /// pocket the goal's liberties close: its stones with the empty points
    /// and attacker stones they reach without crossing a goal liberty, at
    /// most [`SHUT_IN_POINTS`] points (the corner, the edge). It has no
    /// eye and cannot run: the defender fills its liberties from outside
    /// and captures it for an eye of two points or more (ld_owl 52: after
    /// B B1 W A2, white's A2-A3 in the corner, with B D1's half eye at C1
    /// the second eye). A single stone is left out: captured, its one
    /// point may still be a false eye or a ko.
    fn shut_in_attacker(&self, b: &Board, ev: &Evaluation) -> bool {
        let x = self.color.opponent();
        // Seeded with the strings touching the goal, which are left out.
        let mut seen = self.attacker_strings_next_to_goal(b, ev);
        for &l in &ev.liberties {
            for q in l.neighbors() {
                if b.color(q) != x || seen.contains(&b.string_id(q)) {
                    continue;
                }
                let id = b.string_id(q);
                seen.push(id);
                let left_out = b.string_size(id) < 2
                    || ev.lunches.iter().any(|l| b.string_id(l.origin) == id)
                    || ev.spaces.iter().any(|sp| sp.points.contains(&q));
                if !left_out && in_closed_pocket(b, q, &ev.liberties) {
                    return true;
                }
            }
        }
        false
    }

    /// The attacker strings (by string id, each once) that touch a stone
    /// of the goal.
    fn attacker_strings_next_to_goal(&self, b: &Board, ev: &Evaluation) -> SmallVec<[Pos; 8]> {
        let x = self.color.opponent();
        let mut ids: SmallVec<[Pos; 8]> = SmallVec::new();
        for &s in &ev.stones {
            for q in s.neighbors() {
                if b.color(q) == x {
                    let id = b.string_id(q);
                    if !ids.contains(&id) {
                        ids.push(id);
                    }
                }
            }
        }
        ids
    }

    /// The defender's candidates beyond the width, probed one move deep:
    /// the first after which the goal has two eyes by the evaluation (an
    /// escape does not count: running is read out within the width) and
    /// the attacker's answer to it (the cuts of a diagonal join) does not
    /// kill. The width keeps the tree small; the probe keeps a defence that
    /// makes two eyes at once from being cut off by it, at any depth. GNU
    /// Go tries the eye space's vital moves beside its few pattern moves at
    /// every node; ours are the moves the evaluation itself shows to give
    /// life, whatever their score.
    fn probe_life(&mut self, b: &mut Board, rest: &[Pos]) -> Option<Pos> {
        let c = self.color;
        for &m in rest.iter().take(PROBE_MOVES) {
            let mark = self.goal.mark();
            if !b.trymove(m, c) {
                continue;
            }
            self.goal.extend_with(b, m);
            // Two eyes, not an escape: running is read out in the width.
            let lives = self.target_alive(b) && {
                let ev = eyes::evaluate(b, self.reader, &self.goal);
                ev.min >= 2 && ev.alive()
            };
            let r = if lives { reverse(self.attack(b).0) } else { 0 };
            if r == WIN {
                self.trace(b, "probe: lives", None, &[]);
            }
            b.popgo();
            self.goal.undo(mark);
            if r == WIN {
                return Some(m);
            }
        }
        None
    }

    /// The code of the side that plays `m` (the defender when `defender`),
    /// the other side answering.
    pub(super) fn after_move(&mut self, b: &mut Board, m: Pos, defender: bool) -> u8 {
        let c = if defender {
            self.color
        } else {
            self.color.opponent()
        };
        if m.is_pass() {
            return 0;
        }
        let mark = self.goal.mark();
        let Some(conditional) = self.play(b, m, c) else {
            return 0;
        };
        if conditional {
            self.komaster = c;
        }
        let r = if defender {
            self.goal.extend_with(b, m);
            reverse(self.attack(b).0)
        } else if self.target_alive(b) {
            reverse(self.defend(b).0)
        } else {
            WIN
        };
        b.popgo();
        self.goal.undo(mark);
        self.komaster = Color::Empty;
        if conditional && r != 0 {
            reading::KO_B
        } else {
            r
        }
    }
}

/// Largest pocket (stones and empty points) of a string shut in by the
/// goal (`Search::shut_in_attacker`).
const SHUT_IN_POINTS: usize = 8;

/// Does the string at `s` lie in a pocket that the points of `closing`
/// close? Flood from it through its colour and the empty points not in
/// `closing` (never through the other colour): false once the pocket
/// grows beyond [`SHUT_IN_POINTS`] points.
fn in_closed_pocket(b: &Board, s: Pos, closing: &[Pos]) -> bool {
    let x = b.color(s);
    let mut points: SmallVec<[Pos; 16]> = SmallVec::new();
    points.push(s);
    let mut k = 0;
    while k < points.len() {
        let p = points[k];
        k += 1;
        for q in p.neighbors() {
            let c = b.color(q);
            let passable = c == x || (c == Color::Empty && !closing.contains(&q));
            if passable && !points.contains(&q) {
                if points.len() >= SHUT_IN_POINTS {
                    return false;
                }
                points.push(q);
            }
        }
    }
    true
}
