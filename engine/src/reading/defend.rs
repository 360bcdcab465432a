//! The defender's side of the search: can the string be saved?
//!
//! `do_defend` counts a string with enough liberties as safe (five; four
//! beyond the four-liberty depth; three beyond the main depth). Otherwise
//! candidates come in stages, each tried only when the earlier ones failed:
//!
//! 1. capture an attacker string in atari next to the string (break-chain),
//!    extend at a liberty (with three liberties or more, only extensions
//!    that gain liberties, capture, or make eye points);
//! 2. counter-atari an attacker neighbour with two liberties (up to the
//!    break-chain depth);
//! 3. second-order liberties: hanging connections, running moves, edge
//!    moves next to a liberty, eye-making points next to two liberties (up
//!    to the branch depth); near the root the superstring: liberties of
//!    friendly strings a liberty would join, and captures and
//!    counter-ataris of attacker strings next to them; for four liberties
//!    near the root, the eye-making points alone;
//! 4. a string in atari: counter-ataris that win the race;
//! 5. a last resort when no other candidate came up (near the root: when
//!    none worked): the extensions that gain no liberty.

use super::cache::Probe;
use super::moves::{self, promote_first, promote_next, Moves};
use super::{ko, rank, reverse, KoState, Reader, Routine, MAX_STACK, WIN};
use crate::board::Board;
use crate::point::{Color, Pos};
use smallvec::SmallVec;

/// How many attacking tries in a row one level up the sibling's
/// refutation must have refuted before it is brought forward from a later
/// stage of candidates (within its own stage it always comes first).
const SIBLING_STREAK: u8 = 3;

impl Reader {
    /// Can the string at `s` be saved with its owner to move?
    pub(super) fn do_defend(&mut self, b: &mut Board, s: Pos, ko: KoState) -> (u8, Pos) {
        self.do_defend_to(b, s, ko, WIN)
    }

    /// As [`Self::do_defend`], for a caller that is satisfied once the
    /// defender reaches the code `enough`: the search may stop there, and
    /// then the code is a lower bound.
    pub(super) fn do_defend_to(
        &mut self,
        b: &mut Board,
        s: Pos,
        ko: KoState,
        enough: u8,
    ) -> (u8, Pos) {
        let libs = b.countlib(s);
        let sp = b.stackp();
        let p = self.params;
        if let Some(e) = self.ext_refuted.get_mut(sp) {
            *e = Pos::NONE;
        }
        if libs >= 5
            || (libs == 4 && sp as i32 > p.fourlib_depth)
            || (libs == 3 && sp as i32 > p.depth)
            || sp >= MAX_STACK
            || !self.spend_node()
        {
            return (WIN, Pos::NONE);
        }
        let key = super::Cache::key(b.hash(), Routine::Defend, b.string_id(s), ko.key());
        let hint = match self.cache.probe(key, sp, enough) {
            Probe::Hit(code, mv) => return (code, mv),
            Probe::Hint(mv) => mv,
            Probe::Miss => Pos::NONE,
        };
        let r = self.defend_n(b, s, ko, libs, enough, hint);
        if !self.aborted {
            let at_least = r.0 != WIN && rank(r.0) >= rank(enough);
            self.cache.put_bound(key, sp, r.0, r.1, at_least);
        }
        r
    }

    /// Try the defending move `m`; the defender's code, or `None` if it
    /// cannot be played.
    fn defend_try(
        &mut self,
        b: &mut Board,
        s: Pos,
        m: Pos,
        c: Color,
        ko: KoState,
        need: u8,
    ) -> Option<(u8, Pos)> {
        self.cache
            .prefetch(ko::guessed_reply_key(b, m, c, Routine::Attack, s, ko));
        let (nko, cond) = self.try_move(b, m, c, ko)?;
        if cond && need >= rank(super::KO_B) {
            // A conditional ko capture gives at best KO_B: no better than
            // what the defender has.
            b.popgo();
            return None;
        }
        let (r, reply) = if b.color(s) == Color::Empty {
            (0, Pos::NONE)
        } else {
            // The attacker need only show that `m` is no better than what
            // the defender has (`need`).
            let enough = if cond {
                WIN
            } else {
                super::enough_against_rank(need)
            };
            let (a, am) = self.do_attack_to(b, s, nko, enough);
            (reverse(a), am)
        };
        b.popgo();
        Some((if cond { ko::after_conditional(r) } else { r }, reply))
    }

    fn defend_n(
        &mut self,
        b: &mut Board,
        s: Pos,
        ko: KoState,
        libs: usize,
        enough: u8,
        hint: Pos,
    ) -> (u8, Pos) {
        let c = b.color(s);
        let sp = b.stackp() as i32;
        let p = self.params;
        let mut best = (0u8, Pos::NONE);
        let mut tried: SmallVec<[Pos; 32]> = SmallVec::new();
        let mut runs = Moves::default();
        // Stages 1 to 3 generated ahead of their turn (see below).
        let mut ahead: [Option<Moves>; 4] = Default::default();
        // The first stage's candidates (stage 0 has no slot in `ahead`).
        let mut first = Moves::default();
        for stage in 0..5 {
            // Each stage's candidates are used where they were generated
            // (`first`, a slot of `ahead`, `runs`): no copy of the list.
            let cand: &mut Moves = match stage {
                0 => {
                    self.defend_basic(b, s, c, &mut first, &mut runs);
                    &mut first
                }
                1..=3 => match &mut ahead[stage] {
                    Some(x) => x,
                    slot @ None => {
                        let x = slot.insert(Moves::default());
                        if !self.defend_stage(b, s, c, stage, libs, x) {
                            continue;
                        }
                        x
                    }
                },
                // Extensions that gain no liberty, only when nothing else
                // was found to try, or near the root when nothing else
                // worked (a run there is read, but it cannot go on to the
                // depth limit: deeper it is again a last resort).
                4 if tried.is_empty() || (best.0 == 0 && sp <= p.backfill2_depth) => &mut runs,
                _ => continue,
            };
            cand.remove_if(|m| tried.contains(&m));
            // The cache's move from an earlier reading of this position
            // first, then the move that refuted the attacker's previous
            // try one level up (the sibling's refutation), then the moves
            // that won at this level elsewhere.
            let [k0, k1] = self.killers_at(sp as usize);
            let sib = self.sibling_refutation(sp as usize);
            promote_first(cand, &[hint, sib, k0, k1]);
            let mut list = cand.sorted();
            // In the first stage, the cache's move comes first even when a
            // later stage (1 to 3) holds it: that stage is generated ahead
            // of its turn (the same moves, another order). Not the killers:
            // brought forward from later stages they cost nodes (measured;
            // docs/reading.md).
            if stage == 0 && !hint.is_pass() && !promote_next(&mut list, 0, hint) {
                moves::insert_from_later_stage(&mut list, 0, hint, &mut ahead, 0, |later, x| {
                    self.defend_stage(b, s, c, later, libs, x);
                });
            }
            // The sibling's refutation from a later stage too, once it has
            // refuted three tries in a row one level up: then it is the
            // vital point of the fight, not a chance answer (brought
            // forward after one refutation it cost nodes elsewhere and
            // changed which of two good defences owl was given).
            if stage == 0
                && !sib.is_pass()
                && sib != hint
                && self.sibling_refutations(sp as usize) >= SIBLING_STREAK
                && !list.contains(&sib)
            {
                let at = usize::from(!hint.is_pass() && list.first() == Some(&hint));
                moves::insert_from_later_stage(&mut list, at, sib, &mut ahead, 0, |later, x| {
                    self.defend_stage(b, s, c, later, libs, x);
                });
            }
            let mut i = 0;
            while i < list.len() {
                let m = list[i];
                i += 1;
                tried.push(m);
                if sp <= self.trace_depth {
                    eprintln!(
                        "{:w$}D {} {}",
                        "",
                        c.name(),
                        m.name(b.size()),
                        w = 2 * sp as usize
                    );
                }
                let n0 = self.nodes;
                let Some((r, reply)) = self.defend_try(b, s, m, c, ko, rank(best.0)) else {
                    continue;
                };
                // The attacker's answer is often the vital point for both
                // sides: if it is among the defender's candidates, here or
                // in a later stage (1 to 3), it is tried next.
                if r == 0
                    && !reply.is_pass()
                    && !promote_next(&mut list, i, reply)
                    && stage < 3
                    && !tried.contains(&reply)
                {
                    moves::insert_from_later_stage(
                        &mut list,
                        i,
                        reply,
                        &mut ahead,
                        stage,
                        |later, x| {
                            self.defend_stage(b, s, c, later, libs, x);
                        },
                    );
                }
                // An extension refuted by the attacker taking the other
                // liberty: the attacker's threat check one level up may
                // then need no search.
                if r == 0
                    && libs == 2
                    && !reply.is_pass()
                    && reply != m
                    && b.is_liberty_of(m, s)
                    && b.is_liberty_of(reply, s)
                {
                    if let Some(e) = self.ext_refuted.get_mut(sp as usize) {
                        if e.is_pass() {
                            *e = m;
                        }
                    }
                }
                if sp <= self.trace_depth {
                    eprintln!(
                        "{:w$}= {} ({} nodes)",
                        "",
                        r,
                        self.nodes - n0,
                        w = 2 * sp as usize
                    );
                }
                if r == WIN {
                    self.note_killer(sp as usize, m);
                    return (WIN, m);
                }
                if rank(r) > rank(best.0) {
                    best = (r, m);
                    if rank(r) >= rank(enough) {
                        return best;
                    }
                }
            }
        }
        if best.0 == 0 && libs >= 2 && Self::liberties_closed(b, s, c) {
            // No defence worked, but the attacker cannot play on any
            // liberty (each would be suicide): the string may not need a
            // move at all. Let the attacker move here (a tenuki).
            let r = reverse(self.do_attack(b, s, ko).0);
            if r != 0 {
                return (r, Pos::NONE);
            }
        }
        best
    }

    /// The candidates of stage `stage` (1 to 3) of [`Self::defend_n`] into
    /// `cand`; false if the stage does not apply at this node.
    fn defend_stage(
        &self,
        b: &Board,
        s: Pos,
        c: Color,
        stage: usize,
        libs: usize,
        cand: &mut Moves,
    ) -> bool {
        let sp = b.stackp() as i32;
        let p = self.params;
        let ladder_only = sp > p.depth;
        match stage {
            1 if libs >= 2 && !ladder_only && sp <= p.break_chain_depth => {
                self.defend_counter_atari(b, s, c, sp <= p.backfill2_depth, cand)
            }
            2 if (libs == 1 && Self::ko_capture_threat(b, s, c) || (2..=3).contains(&libs))
                && !ladder_only
                && sp <= p.branch_depth =>
            {
                let wide = sp <= p.backfill2_depth;
                self.defend_second_order(b, s, c, libs, wide, cand)
            }
            // Four liberties near the root: only the eye-making points.
            2 if libs == 4 && sp <= p.backfill2_depth => Self::defend_eye_points(b, s, c, cand),
            // A string in atari may still be saved by a counter-atari
            // that wins the capturing race (last: the plain escapes and
            // captures come first).
            3 if libs == 1 && !ladder_only && sp <= p.break_chain_depth => {
                self.defend_counter_atari(b, s, c, false, cand)
            }
            _ => return false,
        }
        true
    }

    /// Is every liberty of `s` (colour `c`) illegal for the attacker?
    fn liberties_closed(b: &Board, s: Pos, c: Color) -> bool {
        let o = c.opponent();
        moves::libs_of(b, s).iter().all(|&l| !b.is_legal(l, o))
    }

    /// Would the attacker take the string `s` (colour `c`, in atari) with
    /// a ko capture? Then moves away from the string may still matter.
    fn ko_capture_threat(b: &Board, s: Pos, c: Color) -> bool {
        let mut lib = [Pos::NONE; 1];
        b.findlib(s, &mut lib);
        b.is_ko_capture(lib[0], c.opponent())
    }

    /// Stage 1: captures of attacker strings in atari next to the string,
    /// and extensions at its liberties.
    fn defend_basic(&self, b: &Board, s: Pos, c: Color, cand: &mut Moves, runs: &mut Moves) {
        // The three kinds of moves below often meet at one point: its
        // count is made once.
        let mut counts = moves::After8::new(c);
        // The board does not change here: one walk of the neighbour list
        // gives the strings in atari and those with two liberties.
        let (in_atari, two_libs) = moves::adjacent_in_atari_and_two(b, s);
        for &t in in_atari.iter() {
            let mut x = [Pos::NONE; 1];
            b.findlib(t, &mut x);
            let (after8, captures) = counts.get(b, x[0]);
            cand.add(
                x[0],
                60 + moves::defend_score_with(b, s, x[0], after8, captures),
            );
        }
        let libs = moves::libs_of(b, s);
        let n = libs.len();
        for &l in &libs {
            // Counted once up to eight (the score's count); six is plenty
            // for the tests here.
            let (after8, captures) = counts.get(b, l);
            let after = after8.min(6);
            if after < 2 && captures == 0 {
                continue;
            }
            // With three liberties or more, an extension that gains none
            // only moves the string along (the attacker answers in kind):
            // a last resort (`runs`), unless it captures or makes eye
            // points (it stands next to two other liberties, as in a
            // straight three).
            if n >= 3
                && after <= n
                && captures == 0
                && l.neighbors().iter().filter(|q| libs.contains(q)).count() < 2
            {
                runs.add(l, moves::defend_score_with(b, s, l, after8, captures));
                continue;
            }
            let mut score = moves::defend_score_with(b, s, l, after8, captures);
            if after <= n {
                score -= 20;
            }
            cand.add(l, score);
        }
        // Counter-ataris that chase a neighbour into a ladder (or take a
        // shared liberty): worth reading at every depth.
        if n >= 2 {
            for &t in two_libs.iter() {
                let tl = moves::libs_of(b, t);
                for k in 0..2 {
                    let (y, x) = (tl[k], tl[1 - k]);
                    // `playable`, with the liberties counted once for the
                    // score too.
                    let (after8, captures) = counts.get(b, y);
                    if after8 < 2 && captures == 0 {
                        continue;
                    }
                    // The ladder test only when the point is not shared
                    // (it counts liberties: not for nothing).
                    let shared = libs.contains(&y);
                    if shared || moves::libs_after(b, x, c.opponent(), 4) <= 3 {
                        cand.add(y, 8 + moves::defend_score_with(b, s, y, after8, captures));
                    }
                }
            }
        }
    }

    /// Stage 2: counter-ataris on attacker neighbours with two liberties,
    /// and (for strings short of liberties) moves against neighbours with
    /// three, which may win a capturing race.
    fn defend_counter_atari(&self, b: &Board, s: Pos, c: Color, wide: bool, cand: &mut Moves) {
        let short = wide && b.countlib(s) <= 3;
        for t in b.chainlinks(s) {
            let tl = b.countlib(t);
            if tl == 2 || (tl == 3 && short) {
                let tlibs = moves::libs_of(b, t);
                let mut throw_ins: SmallVec<[Pos; 2]> = SmallVec::new();
                for &y in &tlibs {
                    // `playable`, with the liberties counted once for the
                    // score too.
                    let (after8, captures) = b.libs_and_captures(y, c, 8);
                    if after8 >= 2 || captures > 0 {
                        let bonus = if tl == 2 { 10 } else { 0 };
                        cand.add(
                            y,
                            bonus + moves::defend_score_with(b, s, y, after8, captures),
                        );
                    } else if after8 == 1 {
                        throw_ins.push(y);
                    }
                }
                // A neighbour with two liberties that are both self-atari
                // points for the defender is kept out of atari only by
                // that: near the root, for a string short of liberties,
                // the counter-atari is tried as a throw-in (the attacker
                // must spend a move taking the stone, and the neighbour
                // may fall first).
                if tl == 2 && short && throw_ins.len() == 2 {
                    for &y in &throw_ins {
                        cand.add(y, 0);
                    }
                }
                // A neighbour with two liberties may also be caught in a
                // net: the point next to its liberty that its extension
                // would need (the extension then gains nothing). Near the
                // root, for strings short of liberties: the race is won
                // by attacking the neighbour in any way, not only by
                // atari.
                if tl == 2 && short {
                    for &y in &tlibs {
                        for n in y.neighbors() {
                            if b.color(n) != Color::Empty
                                || tlibs.contains(&n)
                                || b.is_liberty_of(n, s)
                            {
                                continue;
                            }
                            if moves::libs_after(b, n, c, 2) >= 2
                                && moves::libs_after(b, y, c.opponent(), 3) <= 2
                            {
                                cand.add(n, 0);
                            }
                        }
                    }
                }
            }
        }
    }

    /// Stage 3 for a string with four liberties: the empty points next to
    /// two or more of its liberties (the eye-making points), which keep
    /// the attacker from approaching there without self-atari.
    fn defend_eye_points(b: &Board, s: Pos, c: Color, cand: &mut Moves) {
        let list = moves::libs_of(b, s);
        for &l in &list {
            for n in l.neighbors() {
                if b.color(n) != Color::Empty || list.contains(&n) {
                    continue;
                }
                let touching = n.neighbors().iter().filter(|q| list.contains(q)).count();
                let after = moves::libs_after(b, n, c, 5);
                if touching >= 2 && after >= 2 {
                    cand.add(n, after as i32 + touching as i32);
                }
            }
        }
    }

    /// Stage 3: points next to the liberties (second-order liberties), the
    /// superstring, and shoring up our strings that fight attacker strings
    /// short of liberties next to the target (the last two near the root).
    fn defend_second_order(
        &self,
        b: &Board,
        s: Pos,
        c: Color,
        libs: usize,
        wide: bool,
        cand: &mut Moves,
    ) {
        let list = moves::libs_of(b, s);
        // A string with two liberties may also win a capturing race
        // against a neighbour with four: shared liberties, and liberties
        // the neighbour cannot fill, decide it. Take one of its liberties.
        // With three liberties, the same against a neighbour with four
        // that shares liberties with the string (the shared ones are the
        // last to be filled): take its outside liberties.
        if wide && (2..=3).contains(&libs) {
            for &t in moves::adjacent_with_libs(b, s, 4).iter() {
                let tl = moves::libs_of(b, t);
                let shared = tl.iter().filter(|y| list.contains(y)).count();
                if libs == 3 && shared == 0 {
                    continue;
                }
                for &y in &tl {
                    if libs == 3 && list.contains(&y) {
                        continue;
                    }
                    if let Some(after) = moves::playable_libs(b, y, c, 4) {
                        cand.add(y, after as i32 - 2);
                    }
                }
            }
        }
        // A capturing race where a liberty of the attacker's string cannot
        // be filled (the move would be suicide or self-atari) because
        // attacker stones guard it: attack those guards first (the
        // defender's backfilling).
        if wide {
            let o = c.opponent();
            for t in b.chainlinks(s) {
                if b.countlib(t) > 3 {
                    continue;
                }
                for &y in moves::libs_of(b, t).iter() {
                    if moves::playable(b, y, c) {
                        continue;
                    }
                    for q in y.neighbors() {
                        if b.color(q) == o && !b.same_string(q, t) && b.countlib(q) <= 2 {
                            for &z in moves::libs_of(b, q).iter() {
                                if z != y && moves::playable(b, z, c) {
                                    cand.add(z, 1);
                                }
                            }
                        }
                    }
                }
            }
        }
        for t in b.chainlinks(s) {
            if !wide || b.countlib(t) > 2 {
                continue;
            }
            for u in b.chainlinks(t) {
                if !b.same_string(u, s) && b.countlib(u) <= 2 {
                    for &y in moves::libs_of(b, u).iter() {
                        let after = moves::libs_after(b, y, c, 4);
                        if after >= 2 {
                            cand.add(y, after as i32);
                        }
                    }
                    // Or capture an attacker string in atari next to it
                    // (the helper gains liberties for its race).
                    for &v in moves::adjacent_with_libs(b, u, 1).iter() {
                        let mut x = [Pos::NONE; 1];
                        b.findlib(v, &mut x);
                        cand.add(x[0], 2);
                    }
                    // Or, for a helper not in atari, counter-atari an
                    // attacker string with two liberties that presses it
                    // (the helper's own defence in its race; a helper in
                    // atari would be taken first).
                    for &v in moves::adjacent_with_libs(b, u, 2).iter() {
                        if b.countlib(u) < 2 || b.same_string(v, t) {
                            continue;
                        }
                        for &y in moves::libs_of(b, v).iter() {
                            if moves::playable(b, y, c) {
                                cand.add(y, 1);
                            }
                        }
                    }
                }
            }
        }
        let stuck = libs == 2
            && b.stackp() as i32 <= self.params.break_chain_depth
            && list
                .iter()
                .all(|&l| !b.does_capture_something(l, c) && moves::libs_after(b, l, c, 2) < 2);
        for &l in &list {
            for n in l.neighbors() {
                if b.color(n) != Color::Empty || list.contains(&n) {
                    continue;
                }
                let after = moves::libs_after(b, n, c, 5);
                // A point next to two liberties makes them eye-like: the
                // attacker can no longer approach there without
                // self-atari, even though the stone does not connect.
                let eye_like =
                    after >= 2 && n.neighbors().iter().filter(|q| list.contains(q)).count() >= 2;
                if !eye_like && (after < 2 || (libs == 3 && after < 3)) {
                    // A self-atari here is still worth a try when it
                    // puts an attacker string in atari (it gains a tempo
                    // in a capturing race).
                    if wide && after == 1 && moves::ataris_opponent(b, n, c) {
                        cand.add(n, 0);
                    }
                    continue;
                }
                cand.add(n, after as i32);
            }
            // Strengthen a friendly string the liberty would connect to
            // (the superstring): its own liberties, and captures of
            // attacker strings in atari next to it. Near the root; deeper
            // too for a string that cannot extend at all (each extension
            // would be self-atari): it lives only through its neighbours.
            for q in l.neighbors() {
                if (wide || stuck) && b.color(q) == c && !b.same_string(q, s) {
                    for &t in moves::adjacent_with_libs(b, q, 1).iter() {
                        let mut x = [Pos::NONE; 1];
                        b.findlib(t, &mut x);
                        cand.add(x[0], 3 + b.string_size(t).min(4) as i32);
                    }
                    // Counter-ataris on attacker strings that press it;
                    // for a string with two liberties also moves against
                    // attacker strings with three (the attacker may have
                    // pressed the neighbour to cut off the superstring:
                    // shortening the presser wins the race).
                    for t in b.chainlinks(q) {
                        let tl = b.countlib(t);
                        if tl == 2 || (tl == 3 && libs == 2) {
                            for &y in moves::libs_of(b, t).iter() {
                                if moves::playable(b, y, c) {
                                    cand.add(y, if tl == 2 { 2 } else { 0 });
                                }
                            }
                        }
                    }
                }
                if wide && b.color(q) == c && !b.same_string(q, s) && b.countlib(q) <= 4 {
                    for &y in moves::libs_of(b, q).iter() {
                        if y != l && !list.contains(&y) {
                            let after = moves::libs_after(b, y, c, 5);
                            if after >= 2 {
                                cand.add(y, after as i32 - 1);
                            }
                        }
                    }
                }
            }
        }
    }
}
