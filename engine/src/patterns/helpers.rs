//! The helpers that compiled pattern constraints call, and the context they
//! get.
//!
//! Every function here is named in the pattern compiler's vocabulary
//! (`patterns::vocab::HELPERS`); the generated code calls them as
//! `h::name(cx, points…)`. They return `i32`: counts, result codes, or 0/1.
//! `O` is `cx.color`, the player the pattern is matched for; `X` the other.
//!
//! What backs them today:
//! * liberties, sizes, edges, ko and legality: the board, exactly;
//! * tactical reading (`attack`, `defend`, `*play_attack`, `*play_defend`,
//!   `safe_*move`): whatever implements [`Tactics`] in the context — the
//!   reading module's [`Reader`] in play (genmove, the GTP pattern listing),
//!   or the cheap [`LibertyTactics`], which only sees strings in atari (a
//!   string with two liberties is reported as not capturable even when a
//!   ladder takes it; the matching benchmark uses it to time the matcher
//!   rather than the reader);
//! * dragons (`status`, `same_dragon`): there is no dragon module yet, so
//!   `status` is derived from the string's tactical state (dead if it can be
//!   captured and not saved, critical if both, unknown otherwise — never
//!   `alive`) and `same_dragon` is `same_string`.

use crate::board::Board;
use crate::point::{Color, Pos};
use crate::reading::{self, Reader};

/// Result code: the side succeeds unconditionally (the reader's code).
pub const WIN: i32 = reading::WIN as i32;
/// Result code: the side succeeds if it may ignore one ko threat.
pub const KO_A: i32 = reading::KO_A as i32;
/// Result code: the side succeeds only if it finds a ko threat.
pub const KO_B: i32 = reading::KO_B as i32;
/// Dragon status: not known.
pub const UNKNOWN: i32 = 0;
/// Dragon status: alive.
pub const ALIVE: i32 = 1;
/// Dragon status: critical (whoever moves first decides).
pub const CRITICAL: i32 = 2;
/// Dragon status: dead.
pub const DEAD: i32 = 3;

/// Tactical reading as the helpers need it. Results are the reader's codes
/// (0, [`WIN`], [`KO_A`], [`KO_B`]) with the move that achieves them.
pub trait Tactics {
    /// Can the string at `s` be captured, its opponent moving first?
    fn attack(&mut self, board: &mut Board, s: Pos) -> (i32, Pos);
    /// Can the string at `s` be made safe, its owner moving first? A string
    /// that cannot be attacked is safe without a move (`WIN`, `PASS`).
    fn find_defense(&mut self, board: &mut Board, s: Pos) -> (i32, Pos);
}

impl Tactics for Reader {
    fn attack(&mut self, board: &mut Board, s: Pos) -> (i32, Pos) {
        let (code, m) = Reader::attack(self, board, s);
        (code as i32, m)
    }

    fn find_defense(&mut self, board: &mut Board, s: Pos) -> (i32, Pos) {
        let (code, m) = Reader::find_defense(self, board, s);
        (code as i32, m)
    }
}

/// Cheap tactics without reading: a string is capturable
/// when it is in atari and the capture is legal; a string in atari is saved
/// when one move (extending or capturing a neighbour) gives it two
/// liberties or more. Strings with two or more liberties are taken as safe.
#[derive(Clone, Copy, Debug, Default)]
pub struct LibertyTactics;

impl Tactics for LibertyTactics {
    fn attack(&mut self, board: &mut Board, s: Pos) -> (i32, Pos) {
        if board.countlib(s) != 1 {
            return (0, Pos::PASS);
        }
        let mut lib = [Pos::NONE; 1];
        board.findlib(s, &mut lib);
        let attacker = board.color(s).opponent();
        if board.is_legal(lib[0], attacker) {
            (WIN, lib[0])
        } else {
            (0, Pos::PASS)
        }
    }

    fn find_defense(&mut self, board: &mut Board, s: Pos) -> (i32, Pos) {
        if board.countlib(s) >= 2 {
            return (WIN, Pos::PASS);
        }
        let owner = board.color(s);
        let mut tries: Vec<Pos> = board.liberties(s);
        for t in board.chainlinks(s) {
            if board.countlib(t) == 1 {
                tries.extend(board.liberties(t));
            }
        }
        for m in tries {
            if board.trymove(m, owner) {
                let ok = board.countlib(s) >= 2;
                board.popgo();
                if ok {
                    return (WIN, m);
                }
            }
        }
        (0, Pos::PASS)
    }
}

/// What a constraint sees: the board (for `trymove`/`popgo`; it is back as
/// it was when the helper returns), the player `O`, and the tactics.
pub struct Context<'a> {
    /// The board.
    pub board: &'a mut Board,
    /// The player the pattern is matched for (`O`).
    pub color: Color,
    /// Tactical reading.
    pub tactics: &'a mut dyn Tactics,
}

impl<'a> Context<'a> {
    /// A context for matching patterns for `color`.
    pub fn new(board: &'a mut Board, color: Color, tactics: &'a mut dyn Tactics) -> Context<'a> {
        Context {
            board,
            color,
            tactics,
        }
    }

    fn attack_code(&mut self, s: Pos) -> i32 {
        if !self.board.color(s).is_stone() {
            return 0;
        }
        self.tactics.attack(self.board, s).0
    }

    fn defend_code(&mut self, s: Pos) -> i32 {
        if !self.board.color(s).is_stone() {
            return 0;
        }
        self.tactics.find_defense(self.board, s).0
    }

    /// Liberties of a stone of `c` played at `p` (0 if illegal).
    fn libs_after(&mut self, p: Pos, c: Color) -> i32 {
        if !self.board.trymove(p, c) {
            return 0;
        }
        let n = self.board.countlib(p) as i32;
        self.board.popgo();
        n
    }

    /// Play `c` at `p`, run `f`, take the move back; 0 if illegal.
    fn after(&mut self, p: Pos, c: Color, f: impl FnOnce(&mut Self) -> i32) -> i32 {
        if !self.board.trymove(p, c) {
            return 0;
        }
        let v = f(self);
        self.board.popgo();
        v
    }
}

/// Liberties of the string at `s`.
pub fn lib(cx: &mut Context, s: Pos) -> i32 {
    cx.board.countlib(s) as i32
}

/// Stones of the string at `s`.
pub fn size(cx: &mut Context, s: Pos) -> i32 {
    cx.board.string_size(s) as i32
}

/// Result code of an attack on the string at `s`.
pub fn attack(cx: &mut Context, s: Pos) -> i32 {
    cx.attack_code(s)
}

/// Result code of a defence of the string at `s`.
pub fn defend(cx: &mut Context, s: Pos) -> i32 {
    cx.defend_code(s)
}

/// Status of the dragon of `s` (from the string's tactics until dragons
/// exist: see the module documentation).
pub fn status(cx: &mut Context, s: Pos) -> i32 {
    if cx.attack_code(s) == 0 {
        UNKNOWN
    } else if cx.defend_code(s) == 0 {
        DEAD
    } else {
        CRITICAL
    }
}

/// Liberties of an `O` stone played at `p` (0 if illegal).
pub fn olib(cx: &mut Context, p: Pos) -> i32 {
    let c = cx.color;
    cx.libs_after(p, c)
}

/// Liberties of an `X` stone played at `p` (0 if illegal).
pub fn xlib(cx: &mut Context, p: Pos) -> i32 {
    let c = cx.color.opponent();
    cx.libs_after(p, c)
}

/// 1 if an `O` stone at `p` is legal and cannot be captured.
pub fn safe_omove(cx: &mut Context, p: Pos) -> i32 {
    let c = cx.color;
    cx.after(p, c, |cx| i32::from(cx.attack_code(p) == 0))
}

/// 1 if an `X` stone at `p` is legal and cannot be captured.
pub fn safe_xmove(cx: &mut Context, p: Pos) -> i32 {
    let c = cx.color.opponent();
    cx.after(p, c, |cx| i32::from(cx.attack_code(p) == 0))
}

/// 1 if an `O` move at `p` captures a single stone in a ko shape.
pub fn ko(cx: &mut Context, p: Pos) -> i32 {
    i32::from(cx.board.is_ko_capture(p, cx.color))
}

/// After `O` plays at `p`: result code of an attack on the string at `s`.
pub fn oplay_attack(cx: &mut Context, p: Pos, s: Pos) -> i32 {
    let c = cx.color;
    cx.after(p, c, |cx| cx.attack_code(s))
}

/// After `X` plays at `p`: result code of an attack on the string at `s`.
pub fn xplay_attack(cx: &mut Context, p: Pos, s: Pos) -> i32 {
    let c = cx.color.opponent();
    cx.after(p, c, |cx| cx.attack_code(s))
}

/// After `O` plays at `p`: result code of a defence of the string at `s`.
pub fn oplay_defend(cx: &mut Context, p: Pos, s: Pos) -> i32 {
    let c = cx.color;
    cx.after(p, c, |cx| cx.defend_code(s))
}

/// After `X` plays at `p`: result code of a defence of the string at `s`.
pub fn xplay_defend(cx: &mut Context, p: Pos, s: Pos) -> i32 {
    let c = cx.color.opponent();
    cx.after(p, c, |cx| cx.defend_code(s))
}

/// Distance of `p` to the nearest edge (0 on the first line).
pub fn edge(cx: &mut Context, p: Pos) -> i32 {
    let n = cx.board.size();
    p.row()
        .min(n - 1 - p.row())
        .min(p.col())
        .min(n - 1 - p.col()) as i32
}

/// 1 if `a` and `b` are stones of one string.
pub fn same_string(cx: &mut Context, a: Pos, b: Pos) -> i32 {
    i32::from(cx.board.same_string(a, b))
}

/// 1 if `a` and `b` belong to one dragon (one string, until dragons exist).
pub fn same_dragon(cx: &mut Context, a: Pos, b: Pos) -> i32 {
    same_string(cx, a, b)
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::board::diagram_board as board;

    #[test]
    fn helpers_read_the_board() {
        let mut b = board(&[".....", ".XO..", ".XO..", "..X..", "....."]);
        let mut t = LibertyTactics;
        let mut cx = Context::new(&mut b, Color::White, &mut t);
        assert_eq!(lib(&mut cx, Pos::new(1, 2)), 3);
        assert_eq!(size(&mut cx, Pos::new(1, 1)), 2);
        assert_eq!(olib(&mut cx, Pos::new(0, 2)), 4);
        assert_eq!(xlib(&mut cx, Pos::new(0, 2)), 2);
        assert_eq!(edge(&mut cx, Pos::new(1, 3)), 1);
        assert_eq!(edge(&mut cx, Pos::new(2, 2)), 2);
        assert_eq!(same_string(&mut cx, Pos::new(1, 2), Pos::new(2, 2)), 1);
        assert_eq!(attack(&mut cx, Pos::new(1, 2)), 0);
        // X plays (1,3): the white pair is down to one liberty.
        assert_eq!(xplay_attack(&mut cx, Pos::new(1, 3), Pos::new(1, 2)), 0);
        assert_eq!(cx.board.stackp(), 0);
    }

    #[test]
    fn atari_is_seen() {
        let mut b = board(&["XO...", "O....", ".....", ".....", "....."]);
        let mut t = LibertyTactics;
        let mut cx = Context::new(&mut b, Color::White, &mut t);
        // The black corner stone has no liberty left but it is on the board
        // by setup: nothing to say about it. The white stones are safe.
        assert_eq!(attack(&mut cx, Pos::new(0, 1)), 0);
        let mut b = board(&[".O...", "OX...", ".O...", ".....", "....."]);
        let mut cx = Context::new(&mut b, Color::White, &mut t);
        assert_eq!(attack(&mut cx, Pos::new(1, 1)), WIN);
        assert_eq!(defend(&mut cx, Pos::new(1, 1)), WIN);
        assert_eq!(status(&mut cx, Pos::new(1, 1)), CRITICAL);
        assert_eq!(safe_xmove(&mut cx, Pos::new(0, 0)), 0);
        assert_eq!(safe_omove(&mut cx, Pos::new(1, 2)), 1);
        // O at (1,2) captures the stone: nothing is left to attack.
        assert_eq!(oplay_attack(&mut cx, Pos::new(1, 2), Pos::new(1, 1)), 0);
        // X extends there: the pair has three liberties.
        assert_eq!(xplay_defend(&mut cx, Pos::new(1, 2), Pos::new(1, 1)), WIN);
        assert_eq!(xplay_attack(&mut cx, Pos::new(1, 2), Pos::new(1, 1)), 0);
        assert_eq!(cx.board.stackp(), 0);
    }
}
