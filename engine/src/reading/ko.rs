//! Ko in reading: the komaster scheme.
//!
//! Taking a ko that the rules forbid right now (the point was just retaken)
//! is allowed in reading as a *conditional* ko capture: the side is assumed
//! to have made a ko threat elsewhere that was answered. A result won that
//! way is at best `KO_B` for that side. To keep reading finite and honest,
//! the first side to make a conditional capture becomes the *komaster*, and
//! `pos` remembers its ko (where its capture left the ko point). The scheme
//! follows the one GNU Go's manual describes (its "scheme 5"); `O` moves:
//!
//! * nobody is komaster: any ko capture is allowed. A conditional one makes
//!   `O` komaster. A legal one that answers the opponent's ko capture (the
//!   board has a ko point: two kos are being taken in turn) makes the state
//!   *weak*, with `pos` the opponent's ko;
//! * `O` is komaster: `O` may take only a nested ko (the stone taken is
//!   diagonally next to `pos`), which moves `pos` there;
//! * the opponent is komaster: `O` may never take the ko at `pos` (other
//!   moves there are ordinary moves); another ko capture makes the state
//!   *gray* (both have taken a ko);
//! * gray: no ko captures at all, until the ko at `pos` is filled;
//! * weak: a legal ko capture only if nested (then `pos` follows it), a
//!   conditional one as when nobody is komaster; any other move ends it.
//!
//! The komaster's ko is over once it is decided in the komaster's favour:
//! `pos` holds a stone, or it is no longer a ko and a move there would be
//! suicide for the other side. Then nobody is komaster any more (checked
//! before every move, also for the gray state).
//!
//! No conditional capture is tried beyond the ko depth.

use super::{Reader, Routine, KO_B};
use crate::board::Board;
use crate::point::{Color, Pos};

/// The komaster state that reading carries down the tree.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct KoState {
    /// The komaster, or `Color::Empty` while nobody is (also in the gray
    /// and weak states).
    pub master: Color,
    /// Gray (both sides took a ko; `master` is the first) or weak (two kos
    /// taken in turn, no conditional capture yet).
    pub kind: KoKind,
    /// The komaster's ko: the point its last ko capture emptied (for a
    /// weak state, the opponent's ko). Meaningless while nobody is.
    pub pos: Pos,
}

/// The kind of a komaster state.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(u8)]
pub enum KoKind {
    /// Nobody is komaster, or `master` is (see [`KoState::master`]).
    Plain = 0,
    /// Both sides have taken a ko: no more ko captures.
    Gray = 1,
    /// Two kos were taken in turn without a threat.
    Weak = 2,
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
        kind: KoKind::Plain,
        pos: Pos::NONE,
    };

    /// The part of the state that goes into cache keys.
    #[inline]
    pub(super) fn key(self) -> (u8, Pos) {
        if self == KoState::NONE {
            return (0, Pos::NONE);
        }
        ((self.master as u8) | (self.kind as u8) << 2, self.pos)
    }

    fn master(c: Color, pos: Pos) -> KoState {
        KoState {
            master: c,
            kind: KoKind::Plain,
            pos,
        }
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

/// The state once the komaster's ko is over in its favour: its point holds
/// a stone (filled, or taken back by a capture of more stones), or it is no
/// longer a ko and the other side may not play there (suicide). Then nobody
/// is komaster any more: the komaster may take other kos again, which a
/// finished fight can need (GNU Go's ko5.sgf: once the ko point is closed to
/// the defender, the attacker wins by taking another ko).
fn resolved(b: &Board, ko: KoState) -> KoState {
    if ko.master == Color::Empty || ko.kind == KoKind::Weak {
        return ko;
    }
    let other = ko.master.opponent();
    let p = ko.pos;
    let over = b.color(p).is_stone()
        || (b.color(p) == Color::Empty && !b.is_ko_capture(p, other) && b.is_suicide(p, other));
    if over {
        KoState::NONE
    } else {
        ko
    }
}

/// Are `a` and `b` diagonal neighbours?
fn diagonal(a: Pos, b: Pos) -> bool {
    a.diagonals().contains(&b)
}

/// The cache key of `routine` on the string of `s` under `ko` once `m` is
/// played for `c`, guessed on the board before the move: right when the
/// move captures nothing, leaves no ko point and keeps the string's id.
/// The reader prefetches the key's slot (`Cache::prefetch`) before it
/// plays `m`, so that the reply's probe does not wait for memory; a wrong
/// guess (a capture, a ko, a merged string's new id) changes no answer.
pub(super) fn guessed_reply_key(
    b: &Board,
    m: Pos,
    c: Color,
    routine: Routine,
    s: Pos,
    ko: KoState,
) -> u64 {
    debug_assert!(b.color(s).is_stone(), "reply key of an empty target");
    let hash = b.stone_hash() ^ crate::zobrist::stone_key(c, m);
    super::Cache::key(hash, routine, b.string_id(s), ko.key())
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
        let opp = c.opponent();
        let ko = resolved(b, ko);
        let plain = ko.kind == KoKind::Plain;
        // Played at once unless it is a ko capture (one pass over the
        // neighbours tells both).
        if let Some(played) = b.trymove_unless_ko_capture(m, c) {
            if !played {
                return None;
            }
            let next = match ko.kind {
                // Any other move ends a weak state.
                KoKind::Weak => KoState::NONE,
                // Filling the komaster's ko ends it.
                _ if m == ko.pos && ko.master != Color::Empty => KoState::NONE,
                _ => ko,
            };
            return Some((next, false));
        }
        if plain && ko.master == opp && m == ko.pos {
            // The komaster's ko: never retaken by the other side.
            return None;
        }
        let conditional = b.is_ko_violation(m, c);
        if conditional && b.stackp() as i32 > self.params.ko_depth {
            return None;
        }
        let old_ko = b.ko_point();
        // The stone this capture takes: the new ko point.
        let taken = m
            .neighbors()
            .into_iter()
            .find(|&q| b.color(q) == opp && b.countlib(q) == 1)
            .unwrap_or(Pos::NONE);
        let nested = |p: Pos| p != Pos::NONE && diagonal(taken, p);
        let next = match ko.kind {
            KoKind::Gray => return None,
            KoKind::Weak => {
                if conditional {
                    KoState::master(c, taken)
                } else if nested(ko.pos) {
                    KoState {
                        pos: old_ko.unwrap_or(Pos::NONE),
                        ..ko
                    }
                } else {
                    return None;
                }
            }
            KoKind::Plain if ko.master == c => {
                if !nested(ko.pos) {
                    return None;
                }
                KoState::master(c, taken)
            }
            KoKind::Plain if ko.master == opp => KoState {
                kind: KoKind::Gray,
                ..ko
            },
            KoKind::Plain => {
                if conditional {
                    KoState::master(c, taken)
                } else if let Some(k) = old_ko {
                    KoState {
                        master: Color::Empty,
                        kind: KoKind::Weak,
                        pos: k,
                    }
                } else {
                    ko
                }
            }
        };
        let played = if conditional {
            b.tryko(m, c)
        } else {
            b.trymove(m, c)
        };
        played.then_some((next, conditional))
    }
}
