//! Ko in reading: the komaster scheme.
//!
//! Taking a ko that the rules forbid right now (the point was just retaken)
//! is allowed in reading as a *conditional* ko capture: the side is assumed
//! to have made a ko threat elsewhere that was answered. A result won that
//! way is at best `KO_B` for that side. To keep reading finite and honest,
//! the first side to make a conditional capture becomes the *komaster*:
//!
//! * the opponent of the komaster may never take the komaster's ko back
//!   (at `pos`, where the komaster's capture left the ko point), neither
//!   conditionally nor after waiting a move;
//! * the opponent of the komaster may make no conditional capture at all;
//! * the komaster itself may make another conditional capture only in a
//!   nested ko, where the stone taken is diagonally next to `pos`;
//! * legal ko captures by the komaster move `pos` to the new ko;
//! * no conditional capture is tried beyond the ko depth.

use super::{Reader, KO_B};
use crate::board::Board;
use crate::point::{Color, Pos};

/// The komaster state that reading carries down the tree.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct KoState {
    /// The komaster, or `Color::Empty` while nobody is.
    pub master: Color,
    /// Where the komaster's last ko capture left the ko point (the stone it
    /// took); only meaningful while there is a komaster.
    pub pos: Pos,
}

impl Default for KoState {
    fn default() -> Self {
        KoState::NONE
    }
}

impl KoState {
    /// Nobody is komaster.
    pub const NONE: KoState = KoState {
        master: Color::Empty,
        pos: Pos::NONE,
    };

    /// The part of the state that goes into cache keys.
    #[inline]
    pub(super) fn key(self) -> (u8, Pos) {
        (self.master as u8, self.pos)
    }
}

/// The result a side can claim for a line that began with a conditional ko
/// capture of its own: it needs a ko threat, so at best `KO_B`.
#[inline]
pub(super) fn after_conditional(code: u8) -> u8 {
    if code == 0 {
        0
    } else {
        KO_B
    }
}

/// Are `a` and `b` diagonal neighbours?
fn diagonal(a: Pos, b: Pos) -> bool {
    a.diagonals().contains(&b)
}

impl Reader {
    /// Play `m` for `c` in reading, within the ko rules above. Returns the
    /// komaster state after the move and whether it was a conditional ko
    /// capture, or `None` (board unchanged) if the move may not be played.
    pub(super) fn try_move(
        &mut self,
        b: &mut Board,
        m: Pos,
        c: Color,
        ko: KoState,
    ) -> Option<(KoState, bool)> {
        if !b.is_ko_capture(m, c) {
            return b.trymove(m, c).then_some((ko, false));
        }
        let opp = c.opponent();
        if ko.master == opp && m == ko.pos {
            // The komaster's ko: never retaken by the other side.
            return None;
        }
        if !b.is_ko_violation(m, c) {
            if !b.trymove(m, c) {
                return None;
            }
            let next = if ko.master == c {
                KoState {
                    master: c,
                    pos: b.ko_point().unwrap_or(Pos::NONE),
                }
            } else {
                ko
            };
            return Some((next, false));
        }
        // A conditional ko capture.
        if b.stackp() as i32 > self.params.ko_depth || ko.master == opp {
            return None;
        }
        if ko.master == c {
            let taken = m
                .neighbors()
                .into_iter()
                .find(|&q| b.color(q) == opp && b.countlib(q) == 1);
            if !taken.is_some_and(|t| diagonal(t, ko.pos)) {
                return None;
            }
        }
        if !b.tryko(m, c) {
            return None;
        }
        let next = KoState {
            master: c,
            pos: b.ko_point().unwrap_or(Pos::NONE),
        };
        Some((next, true))
    }
}
