//! The attacker's side of the search: can the string be captured?
//!
//! `do_attack` dispatches on the liberty count. One liberty: capture (a ko
//! capture may need a threat). Two to four: candidates come in stages, each
//! tried only when the earlier ones found no win:
//!
//! 1. the string's liberties, and saving the attacker's own strings that
//!    the target has in atari;
//! 2. backfilling: when approaching at a liberty is self-atari, fill a
//!    liberty of the would-be approach stone first;
//! 3. nets: empty points next to the liberties (geta, hane, edge moves),
//!    for two liberties and, near the root, three; near the root also the
//!    superstring: liberties of the defender's strings a liberty would
//!    join (three-liberty ones at the root only), backfilled when taking
//!    them would be self-atari.
//!
//! Beyond the main depth only ladder-like ataris are read: approach moves
//! at liberties that are not self-atari.
//!
//! Killer order: when a move fails, the defender's refutation is tried
//! next (it is often the vital point for both sides).

use super::cache::Probe;
use super::moves::{self, promote_first, promote_next, Moves};
use super::{ko, rank, reverse, KoState, Reader, Routine, MAX_STACK, WIN};
use crate::board::Board;
use crate::point::{Color, Pos};
use smallvec::SmallVec;

impl Reader {
    /// Can the string at `s` be captured with the attacker to move?
    pub(super) fn do_attack(&mut self, b: &mut Board, s: Pos, ko: KoState) -> (u8, Pos) {
        self.do_attack_to(b, s, ko, WIN)
    }

    /// As [`Self::do_attack`], for a caller that is satisfied once the
    /// attacker reaches the code `enough` (see [`super::enough_against_rank`]):
    /// the search may stop there, and then the code is a lower bound.
    pub(super) fn do_attack_to(
        &mut self,
        b: &mut Board,
        s: Pos,
        ko: KoState,
        enough: u8,
    ) -> (u8, Pos) {
        let libs = b.countlib(s);
        let sp = b.stackp();
        if libs == 1 {
            self.nodes += 1;
            let r = self.attack1(b, s, ko);
            if r.0 == WIN || sp as i32 > self.params.ko_depth {
                return r;
            }
            if sp >= MAX_STACK || !self.spend_node() {
                return r;
            }
            let key = super::Cache::key(b.hash(), Routine::Attack, b.string_id(s), ko.key());
            if let Some(hit) = self.cache.get(key, sp) {
                return hit;
            }
            let r2 = self.attack1_ko_alternatives(b, s, ko, r);
            let r2 = self.check_retake(b, s, ko, r, r2);
            if !self.aborted {
                self.cache.put(key, sp, r2.0, r2.1);
            }
            return r2;
        }
        let p = self.params;
        if libs > 4
            || (libs == 4 && sp as i32 > p.fourlib_depth)
            || (libs == 3 && sp as i32 > p.depth)
            || sp >= MAX_STACK
            || !self.spend_node()
        {
            return (0, Pos::NONE);
        }
        let key = super::Cache::key(b.hash(), Routine::Attack, b.string_id(s), ko.key());
        let probe = if self.fresh_root(b) {
            Probe::Miss
        } else {
            self.cache.probe(key, sp, enough)
        };
        let hint = match probe {
            Probe::Hit(code, mv) => return (code, mv),
            Probe::Hint(mv) => mv,
            Probe::Miss => Pos::NONE,
        };
        let r = self.attack_n(b, s, ko, libs, enough, hint);
        if !self.aborted {
            let at_least = r.0 != WIN && rank(r.0) >= rank(enough);
            self.cache.put_bound(key, sp, r.0, r.1, at_least);
        }
        r
    }

    /// The string `s` is in atari: is taking it a plain capture, one that
    /// wins outright? That is, the capture is legal, the komaster allows
    /// it, it is no ko capture, and the capturing string is left with two
    /// liberties or more (no snapback). Then the capturing move, found
    /// without playing it; otherwise `None` (reading must look).
    #[inline]
    fn plain_capture(b: &Board, s: Pos, ko: KoState) -> Option<Pos> {
        debug_assert_eq!(b.countlib(s), 1);
        let mut lib = [Pos::NONE; 1];
        b.findlib(s, &mut lib);
        let (l, c) = (lib[0], b.color(s));
        let o = c.opponent();
        let komaster_forbids = ko.kind == ko::KoKind::Plain && ko.master == c && l == ko.pos;
        let plain = !komaster_forbids
            && !b.is_ko_capture(l, o)
            && b.is_legal(l, o)
            && b.accuratelib(l, o, 2, &mut []) >= 2;
        plain.then_some(l)
    }

    /// A string in atari: take it, if the rules and the komaster allow.
    fn attack1(&mut self, b: &mut Board, s: Pos, ko: KoState) -> (u8, Pos) {
        if let Some(l) = Self::plain_capture(b, s, ko) {
            return (WIN, l);
        }
        let mut lib = [Pos::NONE; 1];
        b.findlib(s, &mut lib);
        let c = b.color(s);
        match self.try_move(b, lib[0], c.opponent(), ko) {
            Some((nko, cond)) => {
                // A capture that is itself a ko capture may be retaken
                // (whether the retake really helps is checked later, when
                // no capture without ko is found).
                let retake = !cond && b.ko_point() == Some(s);
                if !cond && !retake && b.countlib(lib[0]) == 1 && b.is_liberty_of(s, lib[0]) {
                    // Snapback: the capturing string is left in atari on
                    // the point just emptied and is taken back with more
                    // stones. The capture counts only if the string that
                    // retakes can itself be captured.
                    let r = self.snapback_result(b, s, c, nko);
                    b.popgo();
                    return (r, if r == 0 { Pos::NONE } else { lib[0] });
                }
                b.popgo();
                let code = if cond {
                    super::KO_B
                } else if retake {
                    super::KO_A
                } else {
                    WIN
                };
                (code, lib[0])
            }
            None => (0, Pos::NONE),
        }
    }

    /// The string that stood at `s` (colour `c`) has just been captured by
    /// a string left in atari at `s`: the defender retakes there. The
    /// attacker's code: a win if the retaking string is captured in turn
    /// (or the retake is illegal), else what attacking it gives.
    fn snapback_result(&mut self, b: &mut Board, s: Pos, c: Color, ko: KoState) -> u8 {
        if b.stackp() >= MAX_STACK {
            return WIN;
        }
        let Some((nko, cond)) = self.try_move(b, s, c, ko) else {
            return WIN;
        };
        let r = if b.color(s) == c {
            self.do_attack(b, s, nko).0
        } else {
            WIN
        };
        b.popgo();
        if cond && r == 0 {
            // The defender needed a ko threat to retake.
            super::KO_A
        } else {
            r
        }
    }

    /// `best` is the result of a string in atari whose capture `first` was
    /// a ko capture: if nothing better was found, see whether the
    /// defender's retake really helps; if it does not, the capture wins.
    fn check_retake(
        &mut self,
        b: &mut Board,
        s: Pos,
        ko: KoState,
        first: (u8, Pos),
        best: (u8, Pos),
    ) -> (u8, Pos) {
        if best.0 != super::KO_A || best.1 != first.1 {
            return best;
        }
        let c = b.color(s);
        if let Some((nko, _)) = self.try_move(b, first.1, c.opponent(), ko) {
            let fails = self.retake_fails(b, s, c, nko);
            b.popgo();
            if fails {
                return (WIN, first.1);
            }
        }
        best
    }

    /// A string in atari that can only be taken as a ko (or not at all,
    /// the ko being forbidden): look for a capture without ko. Candidates
    /// are the points that spoil the escape: next to the liberty, and the
    /// liberties of the defender's strings the liberty would connect to.
    fn attack1_ko_alternatives(
        &mut self,
        b: &mut Board,
        s: Pos,
        ko: KoState,
        first: (u8, Pos),
    ) -> (u8, Pos) {
        let c = b.color(s);
        let o = c.opponent();
        let mut lib = [Pos::NONE; 1];
        b.findlib(s, &mut lib);
        let l = lib[0];
        let mut cand = Moves::default();
        for n in l.neighbors() {
            match b.color(n) {
                Color::Empty => {
                    if let Some(after) = moves::playable_libs(b, n, o, 4) {
                        cand.add(n, after as i32);
                    }
                }
                x if x == c && !b.same_string(n, s) => {
                    for &y in moves::libs_of(b, n).iter() {
                        if y == l {
                            continue;
                        }
                        if let Some(after) = moves::playable_libs(b, y, o, 4) {
                            cand.add(y, 10 + after as i32);
                        }
                    }
                }
                _ => {}
            }
        }
        // Or wait: shore up the attacker's strings next to the target that
        // are short of liberties (the defender's counter-threat).
        for t in b.chainlinks(s) {
            if b.countlib(t) > 2 {
                continue;
            }
            for &y in moves::libs_of(b, t).iter() {
                if y != l && moves::libs_after(b, y, o, 4) > b.countlib(t) {
                    cand.add(y, 5 + moves::libs_after(b, y, o, 4) as i32);
                }
            }
            for u in b.chainlinks(t) {
                if b.countlib(u) == 1 && !b.same_string(u, s) {
                    let mut y = [Pos::NONE; 1];
                    b.findlib(u, &mut y);
                    cand.add(y[0], 8);
                }
            }
        }
        let mut best = first;
        let sp = b.stackp();
        let list = cand.sorted();
        for m in list {
            if sp as i32 <= self.trace_depth {
                eprintln!("{:w$}A1 {} {}", "", o.name(), m.name(b.size()), w = 2 * sp);
            }
            let Some(r) = self.attack_try(b, s, m, o, ko) else {
                continue;
            };
            if sp as i32 <= self.trace_depth {
                eprintln!("{:w$}= {}", "", r, w = 2 * sp);
            }
            if rank(r) > rank(best.0) {
                best = (r, m);
                if r == WIN {
                    break;
                }
            }
        }
        best
    }

    /// The string that stood at `s` has just been taken by a ko capture.
    /// Does retaking the ko fail the defender (colour `c`)? It does if the
    /// komaster rules forbid the retake, or if the retaking stone can then
    /// be captured without a ko. Beyond the ko depth the retake is assumed
    /// to work.
    fn retake_fails(&mut self, b: &mut Board, s: Pos, c: Color, ko: KoState) -> bool {
        if b.stackp() as i32 > self.params.ko_depth {
            return false;
        }
        let Some((nko, _)) = self.try_move(b, s, c, ko) else {
            return true;
        };
        let r = self.do_attack(b, s, nko).0;
        b.popgo();
        r == WIN
    }

    /// Try the attacking move `m`; the attacker's code for it, or `None` if
    /// it cannot be played.
    fn attack_try(&mut self, b: &mut Board, s: Pos, m: Pos, o: Color, ko: KoState) -> Option<u8> {
        self.attack_try_reply(b, s, m, o, ko, 0).map(|r| r.0)
    }

    /// As [`Self::attack_try`], with the defender's answer to `m` (the
    /// move that refutes it, or holds best; `Pos::NONE` if none).
    fn attack_try_reply(
        &mut self,
        b: &mut Board,
        s: Pos,
        m: Pos,
        o: Color,
        ko: KoState,
        need: u8,
    ) -> Option<(u8, Pos)> {
        self.cache
            .prefetch(ko::guessed_reply_key(b, m, o, Routine::Defend, s, ko));
        let (nko, cond) = self.try_move(b, m, o, ko)?;
        if cond && need >= rank(super::KO_B) {
            // A conditional ko capture gives at best KO_B: no better than
            // what the attacker has.
            b.popgo();
            return None;
        }
        let (r, reply) = if b.color(s) == Color::Empty {
            // Taken by a ko capture: the defender may retake after a threat.
            if !cond && b.ko_point() == Some(s) && !self.retake_fails(b, s, o.opponent(), nko) {
                (super::KO_A, s)
            } else {
                (WIN, Pos::NONE)
            }
        } else {
            // The defender need only show that `m` is no better than
            // what the attacker has (`need`).
            let enough = if cond {
                WIN
            } else {
                super::enough_against_rank(need)
            };
            let (d, dm) = self.do_defend_to(b, s, nko, enough);
            let r = reverse(d);
            // Before the move counts, the attacker must show that it can
            // capture if the defender does nothing here: the defences may
            // all have failed only because every one was a bad move.
            // (Any success will do there: KO_B is enough.)
            // A target left in atari that is simply taken needs no search.
            if rank(r) > need
                && d != WIN
                && !(b.countlib(s) == 1 && Self::plain_capture(b, s, nko).is_some())
                && !self.tenuki_captured(b, s, nko)
                && self.do_attack_to(b, s, nko, super::KO_B).0 == 0
            {
                (0, dm)
            } else {
                (r, dm)
            }
        };
        b.popgo();
        Some((if cond { ko::after_conditional(r) } else { r }, reply))
    }

    /// The defence search of `s` (two liberties, the defender to move)
    /// has just failed: would the attacker still capture if the defender
    /// passed (the threat check), as a short line shows? For a liberty
    /// `l1` the attacker can take without capturing and keep two
    /// liberties, played out: the string is then in atari at `l2`, with
    /// no attacker string next to it in atari, and its capture at `l2`
    /// would leave the capturing stone three liberties (so that no
    /// defender move elsewhere can make it a snapback; with two stones or
    /// more it is no ko). The defender must extend at `l2` (capturing
    /// nothing). That extension was either refuted by `l1` in the defence
    /// search just made — then the position reached is the one where that
    /// refutation passed its own threat check, at the same stack level —
    /// or, played, it leaves the string in atari to a plain capture.
    /// Only without ko (no komaster, no ko point), where the order of the
    /// moves cannot matter.
    pub(super) fn tenuki_captured(&self, b: &mut Board, s: Pos, ko: KoState) -> bool {
        if ko != KoState::NONE
            || b.ko_point().is_some()
            || b.countlib(s) != 2
            || b.string_size(s) < 2
            || b.stackp() + 4 >= MAX_STACK
        {
            return false;
        }
        let refuted = self
            .ext_refuted
            .get(b.stackp())
            .copied()
            .unwrap_or(Pos::NONE);
        let c = b.color(s);
        let o = c.opponent();
        let libs = moves::libs_of(b, s);
        for k in 0..2 {
            let (l1, l2) = (libs[k], libs[1 - k]);
            let (after, captures) = b.libs_and_captures(l1, o, 2);
            if captures > 0 || b.does_capture_something(l2, c) || after < 2 {
                continue;
            }
            if !b.trymove(l1, o) {
                continue;
            }
            let ok = Self::atari_holds(b, s, l2)
                && (l2 == refuted || Self::extension_captured(b, s, l2));
            b.popgo();
            if ok {
                return true;
            }
        }
        false
    }

    /// The attacker has just put `s` (two stones or more) in atari at
    /// `l2`: can the defender escape only by extending there? No attacker
    /// string next to `s` is in atari, and the capture at `l2` leaves the
    /// capturing stone three liberties, none of them from an attacker
    /// string in atari (one defender move elsewhere cannot turn the
    /// capture into a snapback).
    fn atari_holds(b: &Board, s: Pos, l2: Pos) -> bool {
        debug_assert_eq!(b.countlib(s), 1);
        let o = b.color(s).opponent();
        b.ko_point().is_none()
            && !moves::has_adjacent_with_libs(b, s, 1)
            && !l2
                .neighbors()
                .iter()
                .any(|&q| b.color(q) == o && b.countlib(q) == 1)
            && moves::libs_after(b, l2, o, 3) >= 3
    }

    /// Does the extension at `l2` of `s` (in atari there) leave it in
    /// atari to a plain capture (or is it suicide)?
    fn extension_captured(b: &mut Board, s: Pos, l2: Pos) -> bool {
        let c = b.color(s);
        if !b.trymove(l2, c) {
            // The extension is suicide: the capture at `l2` stands.
            return true;
        }
        let ok = b.countlib(s) == 1 && Self::plain_capture(b, s, KoState::NONE).is_some();
        b.popgo();
        ok
    }

    /// Strings with two to four liberties.
    fn attack_n(
        &mut self,
        b: &mut Board,
        s: Pos,
        ko: KoState,
        libs: usize,
        enough: u8,
        hint: Pos,
    ) -> (u8, Pos) {
        let c = b.color(s);
        let o = c.opponent();
        let sp = b.stackp() as i32;
        let p = self.params;
        let mut best = (0u8, Pos::NONE);
        let mut tried: SmallVec<[Pos; 32]> = SmallVec::new();
        let mut refutes: SmallVec<[Pos; 8]> = SmallVec::new();
        // The cache's move from an earlier reading of this position first.
        if !hint.is_pass() {
            refutes.push(hint);
        }
        // Stages generated ahead of their turn (see below).
        let mut ahead: [Option<Moves>; 3] = Default::default();
        // Without truncated lists, a refutation found in a later stage's
        // candidates may be tried at once: the same moves, another order.
        let cross = !(sp > p.branch_depth && libs >= 3);
        // The defences one level down try first the move that refuted the
        // previous try here (none yet).
        self.set_sibling_refutation(sp as usize + 1, Pos::NONE);
        for stage in 0..3 {
            // The candidates are generated in their slot of `ahead` (if
            // not there already) and used from there: no copy of the list.
            let cand = match &mut ahead[stage] {
                Some(c) => c,
                slot @ None => {
                    let c = slot.insert(Moves::default());
                    if !self.attack_stage(b, s, o, stage, libs, c) {
                        continue;
                    }
                    c
                }
            };
            cand.remove_if(|m| tried.contains(&m));
            promote_first(cand, &refutes);
            let mut list = cand.sorted();
            if sp > p.branch_depth && libs >= 3 {
                list.truncate(2);
            }
            let mut i = 0;
            while i < list.len() {
                let m = list[i];
                i += 1;
                tried.push(m);
                if sp <= self.trace_depth {
                    eprintln!(
                        "{:w$}A {} {}",
                        "",
                        o.name(),
                        m.name(b.size()),
                        w = 2 * sp as usize
                    );
                }
                let n0 = self.nodes;
                let Some((r, reply)) = self.attack_try_reply(b, s, m, o, ko, rank(best.0)) else {
                    continue;
                };
                // The defender's answer is often the vital point: try it
                // next (killer ordering), in this stage or, if it is
                // among a later stage's candidates, at once (generating
                // that stage ahead of its turn); a later stage also puts
                // the refutations first.
                if r == 0 && !reply.is_pass() {
                    if !promote_next(&mut list, i, reply) && cross && !tried.contains(&reply) {
                        moves::insert_from_later_stage(
                            &mut list,
                            i,
                            reply,
                            &mut ahead,
                            stage,
                            |later, c| {
                                self.attack_stage(b, s, o, later, libs, c);
                            },
                        );
                    }
                    if !refutes.contains(&reply) {
                        refutes.push(reply);
                    }
                    self.set_sibling_refutation(sp as usize + 1, reply);
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
        best
    }

    /// The candidates of stage `stage` (0 to 2) of [`Self::attack_n`] into
    /// `cand`; false if the stage does not apply at this node.
    fn attack_stage(
        &self,
        b: &Board,
        s: Pos,
        o: Color,
        stage: usize,
        libs: usize,
        cand: &mut Moves,
    ) -> bool {
        let sp = b.stackp() as i32;
        let p = self.params;
        let ladder_only = sp > p.depth;
        match stage {
            0 => self.attack_basic(b, s, o, ladder_only, cand),
            1 if !ladder_only && sp <= p.backfill_depth => self.attack_backfill(b, s, o, cand),
            2 if !ladder_only && sp <= p.branch_depth && libs <= 3 => {
                // Against two liberties the attacker can take neither of,
                // nets and shoring up cannot attack: only moves that open a
                // liberty can (stage 2's backfilling and guard moves; here
                // the superstring moves, which put guards short, and shoring
                // up a string the approach stone would join).
                let closed = libs == 2 && sp <= p.backfill_depth && Self::closed_liberties(b, s, o);
                self.attack_nets(b, s, o, libs, closed, cand)
            }
            _ => return false,
        }
        true
    }

    /// True if the attacker `o` can take no liberty of `s` (two
    /// liberties): at each the stone would be suicide or self-atari and
    /// capture nothing. Filling either first then gains nothing unless the
    /// liberty is opened (a guard taken or put short, an outside liberty
    /// filled), which stage 2 tries.
    pub(super) fn closed_liberties(b: &Board, s: Pos, o: Color) -> bool {
        debug_assert_eq!(
            b.countlib(s),
            2,
            "closed_liberties on a string without two liberties"
        );
        let mut libs = [Pos::NONE; 2];
        b.findlib(s, &mut libs);
        libs.iter().all(|&l| {
            let (after, captures) = b.libs_and_captures(l, o, 2);
            captures == 0 && after <= 1
        })
    }

    /// Stage 1: the liberties; rescuing attacker strings in atari.
    fn attack_basic(&self, b: &Board, s: Pos, o: Color, ladder_only: bool, cand: &mut Moves) {
        let libs = moves::libs_of(b, s);
        let escape = moves::escape_libs(b, s, &libs);
        for &l in &libs {
            // Counted once for the self-atari test and the score (at most
            // one liberty after the move: the same whatever the bound).
            let (own, captures) = b.libs_and_captures(l, o, 5);
            if ladder_only && own <= 1 && captures == 0 {
                continue;
            }
            cand.add(
                l,
                moves::attack_score_with(l, &libs, &escape, own, captures),
            );
        }
        // The target may escape by capturing an attacker string in atari:
        // save it first (extend, or capture what ataris it).
        for &t in moves::adjacent_with_libs(b, s, 1).iter() {
            let mut x = [Pos::NONE; 1];
            b.findlib(t, &mut x);
            // `playable` (it captures, or keeps two liberties) from the
            // counts the score needs anyway.
            let (own, captures) = b.libs_and_captures(x[0], o, 5);
            if captures > 0 || own >= 2 {
                let score = moves::attack_score_with(x[0], &libs, &escape, own, captures);
                cand.add(x[0], 100 + score / 4);
            }
            for u in b.chainlinks(t) {
                if b.countlib(u) == 1 && !b.same_string(u, s) {
                    let mut y = [Pos::NONE; 1];
                    b.findlib(u, &mut y);
                    cand.add(y[0], 105);
                }
            }
        }
    }

    /// Stage 2: backfilling. Where approaching at a liberty would be
    /// self-atari, first fill the approach stone's other liberties.
    fn attack_backfill(&self, b: &Board, s: Pos, o: Color, cand: &mut Moves) {
        let libs = moves::libs_of(b, s);
        let wide = b.stackp() as i32 <= self.params.backfill2_depth;
        let throw_in = self.at_root(b);
        for &l in &libs {
            if b.does_capture_something(l, o) {
                continue;
            }
            let mut out = [Pos::NONE; 4];
            let n = b.accuratelib(l, o, 4, &mut out);
            if n > 1 {
                continue;
            }
            for &x in &out[..n.min(4)] {
                if libs.contains(&x) {
                    continue;
                }
                if let Some(after) = moves::playable_libs(b, x, o, 4) {
                    cand.add(x, 5 + after as i32);
                }
            }
            // The liberty is closed to the attacker because defender
            // stones guard it: put the guards short of liberties first
            // (once a guard is in atari, filling the liberty captures it).
            // At the root (`Reader::at_root`) a throw-in (self-atari)
            // that ataris the guard counts too (it gives the stone away:
            // deeper it multiplies the tree and finds kos the defender
            // need not fight).
            if n == 0 && wide {
                for q in l.neighbors() {
                    if b.color(q) == o.opponent() && !b.same_string(q, s) && b.countlib(q) <= 2 {
                        for &x in moves::libs_of(b, q).iter() {
                            if x == l {
                                continue;
                            }
                            if moves::playable(b, x, o) {
                                cand.add(x, 6);
                            } else if throw_in && b.countlib(q) == 2 && b.is_legal(x, o) {
                                cand.add(x, 2);
                            }
                        }
                    }
                }
            }
            // The approach stone would join attacker strings short of
            // liberties: their liberties are backfilling points too.
            for q in l.neighbors() {
                if b.color(q) == o && b.countlib(q) <= 2 {
                    for &x in moves::libs_of(b, q).iter() {
                        if x != l && !libs.contains(&x) && moves::playable(b, x, o) {
                            cand.add(x, 4);
                        }
                    }
                }
            }
        }
    }

    /// Stage 3: nets and edge moves — empty points next to the liberties;
    /// and shoring up attacker strings short of liberties next to the
    /// target (extend them, or take liberties of the defender strings that
    /// press them), so that the target cannot escape by a capturing race.
    /// Near the root (backfill2 depth) all of it; deeper, for three
    /// liberties only edge moves.
    ///
    /// With `closed` (see [`Self::closed_liberties`]) no nets, and shoring
    /// up only for strings next to a liberty: the others do not open one.
    /// No shoring up while an attacker string next to the target is in
    /// atari: the defender captures it (stage 1 saves it).
    pub(super) fn attack_nets(
        &self,
        b: &Board,
        s: Pos,
        o: Color,
        libs_count: usize,
        closed: bool,
        cand: &mut Moves,
    ) {
        let sp = b.stackp() as i32;
        let wide = sp <= self.params.backfill2_depth;
        let edge_only = libs_count == 3 && !wide;
        let c = o.opponent();
        let libs = moves::libs_of(b, s);
        debug_assert!(libs.len() <= 3, "stage 3 against more than three liberties");
        // The escape at each liberty: the target's liberties after it
        // extends there (counted once, when first needed).
        let mut escapes = [None::<i32>; 3];
        let mut escape_at = |i: usize| -> i32 {
            *escapes[i].get_or_insert_with(|| moves::libs_after(b, libs[i], c, 6) as i32)
        };
        // Shoring up (near the root only) takes no liberty of the target,
        // so the defender's answer is free. Not while an attacker string
        // next to the target is in atari: the defender captures it at once
        // and gains a liberty (stage 1 already saves it). Not against two
        // open liberties where an extension at either already gives the
        // target three: it gets out of reach with that tempo.
        let shore_up = wide
            && !moves::has_adjacent_with_libs(b, s, 1)
            && (libs_count != 2 || closed || (0..libs.len()).any(|i| escape_at(i) < 3));
        let shore = if shore_up {
            moves::adjacent_with_libs(b, s, 2)
        } else {
            SmallVec::new()
        };
        for &t in shore.iter() {
            // Closed liberties: only a string the approach stone would
            // join (next to a liberty) opens one when it gains liberties.
            if closed
                && !libs.iter().any(|&l| {
                    l.neighbors()
                        .iter()
                        .any(|&n| b.color(n) == o && b.same_string(n, t))
                })
            {
                continue;
            }
            for &x in moves::libs_of(b, t).iter() {
                if moves::libs_after(b, x, o, 3) >= 3 {
                    cand.add(x, 3);
                }
            }
            for u in b.chainlinks(t) {
                if !b.same_string(u, s) && b.countlib(u) <= 3 {
                    for &y in moves::libs_of(b, u).iter() {
                        if moves::playable(b, y, o) {
                            cand.add(y, 2);
                        }
                    }
                }
            }
        }
        for (i, &l) in libs.iter().enumerate() {
            if edge_only && !b.on_first_line(l) {
                continue;
            }
            // Prefer points that take liberties from the escape at `l`.
            for n in l.neighbors() {
                if closed || b.color(n) != crate::point::Color::Empty || libs.contains(&n) {
                    continue;
                }
                let own = moves::libs_after(b, n, o, 4) as i32;
                if own < 2 {
                    continue;
                }
                let esc = escape_at(i);
                // Below the root, a net on a string with three liberties
                // holds only if the extension at `l` would give it at most
                // four: the net stone takes one of them and the string
                // stays within reach (three). A wider escape runs through
                // the net.
                if libs_count == 3 && sp >= 1 && esc > 4 {
                    continue;
                }
                // Likewise a net on a string with two liberties, at every
                // level: the extension at `l` must be left two liberties
                // (in atari's reach), so it may have at most three; four
                // when the net stone stands next to both liberties (the
                // geta: it takes a liberty from either extension).
                let both = n.neighbors().iter().filter(|q| libs.contains(q)).count() == 2;
                if libs_count == 2 && esc > 3 && !(both && esc == 4) {
                    continue;
                }
                cand.add(n, 2 * own + esc);
            }
            // A defender string the liberty would connect to: take its
            // liberties (cut off the superstring). With three liberties
            // only at the root (`Reader::at_root`): deeper it finds kos
            // the defender need not fight, as the guard throw-ins do.
            let most = if self.at_root(b) { 3 } else { 2 };
            for q in l.neighbors() {
                if wide && b.color(q) == c && !b.same_string(q, s) && b.countlib(q) <= most {
                    for &y in moves::libs_of(b, q).iter() {
                        if y == l || libs.contains(&y) {
                            continue;
                        }
                        if moves::playable(b, y, o) {
                            cand.add(y, 1);
                            continue;
                        }
                        // Taking that liberty would be self-atari: fill
                        // the would-be stone's own liberty first
                        // (backfilling against the superstring).
                        let mut out = [Pos::NONE; 2];
                        if b.accuratelib(y, o, 2, &mut out) == 1 {
                            let x = out[0];
                            if x != l && !libs.contains(&x) && moves::playable(b, x, o) {
                                cand.add(x, 0);
                            }
                        }
                    }
                }
            }
        }
    }
}
