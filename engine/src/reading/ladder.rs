//! Ladders: the attacker only ataris, the defender only extends or captures
//! an attacker string in atari (a ladder breaker that is captured, or a
//! stone of the ladder itself). Cheap, and exact within its rules; the
//! full reader reads ladders too, this is the quick question
//! (GTP `ladder_attack`, genmove's "don't run into a ladder").

use super::moves;
use super::{Reader, Routine, MAX_STACK, WIN};
use crate::board::Board;
use crate::point::{Color, Pos};
use smallvec::SmallVec;

impl Reader {
    /// Attacker to move against `s` (two liberties): a ladder capture?
    pub(super) fn do_ladder(&mut self, b: &mut Board, s: Pos) -> (u8, Pos) {
        if b.countlib(s) != 2 || b.stackp() >= MAX_STACK || !self.spend_node() {
            return (0, Pos::NONE);
        }
        let key = super::Cache::key(b.hash(), Routine::Ladder, b.string_id(s), (0, Pos::NONE));
        if let Some(r) = self.cache.get(key, b.stackp()) {
            return r;
        }
        let c = b.color(s);
        let o = c.opponent();
        let libs = moves::libs_of(b, s);
        let escape = moves::escape_libs(b, s, &libs);
        let mut order: SmallVec<[(i32, Pos); 2]> = libs
            .iter()
            .map(|&l| (-moves::attack_score(b, l, &libs, &escape, o), l))
            .collect();
        order.sort();
        let mut result = (0, Pos::NONE);
        for (_, a) in order {
            // Self-atari without a capture: one count for both.
            let (after, captures) = b.libs_and_captures(a, o, 2);
            if after <= 1 && captures == 0 {
                continue;
            }
            if !b.trymove(a, o) {
                continue;
            }
            let escaped = self.ladder_escapes(b, s, c);
            b.popgo();
            if !escaped {
                result = (WIN, a);
                break;
            }
        }
        if !self.aborted {
            self.cache.put(key, b.stackp(), result.0, result.1);
        }
        result
    }

    /// Defender to move, `s` in atari: can it escape the ladder?
    fn ladder_escapes(&mut self, b: &mut Board, s: Pos, c: Color) -> bool {
        if b.countlib(s) >= 2 {
            return true;
        }
        let mut moves_to_try: SmallVec<[Pos; 8]> = SmallVec::new();
        for &t in moves::adjacent_with_libs(b, s, 1).iter() {
            let mut x = [Pos::NONE; 1];
            b.findlib(t, &mut x);
            moves_to_try.push(x[0]);
        }
        let mut lib = [Pos::NONE; 1];
        b.findlib(s, &mut lib);
        moves_to_try.push(lib[0]);
        for m in moves_to_try {
            if !b.trymove(m, c) {
                continue;
            }
            let escaped = match b.countlib(s) {
                0 | 1 => false,
                2 => self.do_ladder(b, s).0 == 0,
                _ => true,
            };
            b.popgo();
            if escaped {
                return true;
            }
        }
        false
    }
}
