//! The board: stones, strings, liberties, captures, ko, hashing, and the
//! `trymove`/`popgo` undo stack that all search is built on.
//!
//! # Representation
//! Points are [`Pos`] indices into one-dimensional arrays with a border (see
//! [`crate::point`]). Every string (a maximal connected set of stones of one
//! colour, GNU Go's "string"; the worm layer builds on it) is identified by one
//! of its stones, its *id*; `sid[p]` gives the id of the string at `p`. Stones
//! of a string form a circular list through `next`. Per string we keep, updated
//! incrementally at every move:
//!
//! * colour, size and the exact liberty count;
//! * a liberty list: complete whenever the string has at most [`MAX_LIBS`]
//!   liberties, otherwise a subset (large strings are walked on demand);
//! * the list of adjacent (opponent) strings, up to [`MAX_NEIGHBORS`], beyond
//!   which the string is marked and its neighbours are found by walking it.
//!
//! # Undo
//! Every write to the point arrays during a `trymove` goes through a change log
//! (`Change` entries: which array, which index, the old value). A string record
//! is saved whole (one cache line) before its first write in a frame, so a move
//! that changes several fields of a string logs it once. `popgo` pops the log
//! and the saved records back to the frame's marks. Scalars (ko point, hash, capture counts) are
//! saved in the frame itself. Search never clones a board. Moves played with
//! [`Board::play`] at stack level 0 are permanent and leave no log behind.

use crate::point::{Color, Pos, ARR, MAX_BOARD, MIN_BOARD, NS};
use crate::point_set::PointSet;
use crate::zobrist;
use smallvec::SmallVec;

/// Liberties kept in a string's liberty list.
pub const MAX_LIBS: usize = 12;
/// Adjacent strings kept in a string's neighbour list.
pub const MAX_NEIGHBORS: usize = 15;

// Layout of a string record: 32 u16 words (one cache line) per string id.
const SW_SHIFT: usize = 5;
const S_COLOR: usize = 0;
const S_SIZE: usize = 1;
const S_LIBS: usize = 2;
const S_NLIST: usize = 3;
const S_NNEIGH: usize = 4;
const S_LIB: usize = 5;
const S_NEIGH: usize = S_LIB + MAX_LIBS;
const _: () = assert!(S_NEIGH + MAX_NEIGHBORS <= 1 << SW_SHIFT);
const STR_ARR: usize = ARR << SW_SHIFT;
/// `S_NNEIGH` value of a string whose neighbour list overflowed.
const NEIGH_OVERFLOW: u16 = u16::MAX;

/// One undoable write.
#[derive(Clone, Copy, Debug)]
enum Change {
    Color(Pos, Color),
    Sid(Pos, Pos),
    Next(Pos, Pos),
    /// A point's string id and ring link together (the point played:
    /// both are written for it by every move).
    Link(Pos, Pos, Pos),
}

/// Everything `popgo` restores besides the change log.
#[derive(Clone, Copy, Debug)]
struct Frame {
    log_len: usize,
    saved_len: usize,
    ko: Pos,
    hash: u64,
    captured: [u32; 2],
    nempty: u16,
    mv: Pos,
    color: Color,
}

/// Why a move is not legal.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Illegal {
    /// The point is off the board.
    OffBoard,
    /// The point is not empty.
    Occupied,
    /// Retaking a ko immediately.
    Ko,
    /// The move would leave its own string without liberties.
    Suicide,
    /// The move repeats an earlier whole-board position (superko, game level).
    Superko,
}

/// Which suicide moves are legal (GNU Go's `--forbid-suicide`,
/// `--allow-suicide`, `--allow-all-suicide`).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum SuicideRule {
    /// No suicide (the default).
    #[default]
    Forbid,
    /// Suicide of a string of two or more stones, not of a lone stone.
    AllowMulti,
    /// Every suicide.
    AllowAll,
}

/// A Go board with incrementally maintained strings and an undo stack.
#[derive(Clone)]
pub struct Board {
    size: usize,
    color: [Color; ARR],
    sid: [Pos; ARR],
    next: [Pos; ARR],
    strs: Box<[u16; STR_ARR]>,
    /// Empty points of the board, in no particular order, and each one's index.
    empty: [Pos; ARR],
    empty_index: [u16; ARR],
    nempty: u16,
    /// Every on-board point, top-left to bottom-right.
    points: Vec<Pos>,
    ko: Pos,
    hash: u64,
    captured: [u32; 2],
    suicide: SuicideRule,
    simple_ko: bool,
    log: Vec<Change>,
    /// String records as they were before the first write to each in a
    /// frame: id and the whole record (one cache line), restored by
    /// `popgo` in one copy instead of a log entry per field. The first
    /// `nsaved` entries are live; the vector only grows (its length is
    /// the most ever saved at once), so a record is copied straight into
    /// its slot (a `push` would build it on the stack first).
    saved: Vec<(Pos, [u16; 1 << SW_SHIFT])>,
    nsaved: usize,
    /// Per string id, the serial of the frame that last saved its record.
    saved_in: [u32; ARR],
    /// Serial of the current frame (a new one for every `trymove`).
    serial: u32,
    frames: Vec<Frame>,
    mark: [u32; ARR],
    mark_gen: u32,
    trymoves: u64,
}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "Board {}x{} ko={:?}", self.size, self.size, self.ko)?;
        for i in 0..self.size {
            for j in 0..self.size {
                let c = match self.color(Pos::new(i, j)) {
                    Color::Black => 'X',
                    Color::White => 'O',
                    _ => '.',
                };
                write!(f, "{c} ")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

impl Board {
    /// An empty board of `size` (clamped to 1..=25).
    pub fn new(size: usize) -> Board {
        let strs: Box<[u16; STR_ARR]> = vec![0u16; STR_ARR]
            .into_boxed_slice()
            .try_into()
            .expect("string table size");
        let mut b = Board {
            size: 0,
            color: [Color::Off; ARR],
            sid: [Pos::NONE; ARR],
            next: [Pos::NONE; ARR],
            strs,
            empty: [Pos::NONE; ARR],
            empty_index: [0; ARR],
            nempty: 0,
            points: Vec::new(),
            ko: Pos::NONE,
            hash: 0,
            captured: [0; 2],
            suicide: SuicideRule::Forbid,
            simple_ko: true,
            log: Vec::with_capacity(4096),
            saved: Vec::new(),
            nsaved: 0,
            saved_in: [0; ARR],
            serial: 0,
            frames: Vec::with_capacity(256),
            mark: [0; ARR],
            mark_gen: 0,
            trymoves: 0,
        };
        b.set_size(size);
        b
    }

    /// Resize and clear the board. Must be called at stack level 0.
    pub fn set_size(&mut self, size: usize) {
        assert!(self.frames.is_empty(), "set_size inside trymove");
        let size = size.clamp(MIN_BOARD, MAX_BOARD);
        self.size = size;
        self.points.clear();
        for i in 0..size {
            for j in 0..size {
                self.points.push(Pos::new(i, j));
            }
        }
        self.clear();
    }

    /// Remove every stone, reset captures and ko. Must be called at stack level 0.
    pub fn clear(&mut self) {
        assert!(self.frames.is_empty(), "clear inside trymove");
        self.color = [Color::Off; ARR];
        for k in 0..self.points.len() {
            let p = self.points[k];
            self.color[p.idx()] = Color::Empty;
        }
        self.captured = [0; 2];
        self.rebuild();
    }

    /// Make this board a copy of `other` at its stack level 0 (no undo history),
    /// copying only the part of the arrays the board size uses. This is how a
    /// Monte Carlo playout starts from a root position without allocating.
    pub fn copy_from(&mut self, other: &Board) {
        assert!(other.frames.is_empty(), "copy_from a board inside trymove");
        let limit = other.points.last().map_or(0, |p| p.idx() + NS + 2);
        self.size = other.size;
        if self.points != other.points {
            self.points.clone_from(&other.points);
            self.color = [Color::Off; ARR];
        }
        self.color[..limit].copy_from_slice(&other.color[..limit]);
        self.sid[..limit].copy_from_slice(&other.sid[..limit]);
        self.next[..limit].copy_from_slice(&other.next[..limit]);
        let n = other.nempty as usize;
        self.empty[..n].copy_from_slice(&other.empty[..n]);
        self.empty_index[..limit].copy_from_slice(&other.empty_index[..limit]);
        self.strs[..limit << SW_SHIFT].copy_from_slice(&other.strs[..limit << SW_SHIFT]);
        self.nempty = other.nempty;
        self.ko = other.ko;
        self.hash = other.hash;
        self.captured = other.captured;
        self.suicide = other.suicide;
        self.simple_ko = other.simple_ko;
        self.log.clear();
        self.nsaved = 0;
        self.frames.clear();
    }

    /// Board size.
    #[inline]
    pub fn size(&self) -> usize {
        self.size
    }

    /// All points of the board, top-left to bottom-right (GNU Go's scan order).
    #[inline]
    pub fn points(&self) -> &[Pos] {
        &self.points
    }

    /// Which suicide moves are legal.
    pub fn set_suicide_rule(&mut self, rule: SuicideRule) {
        self.suicide = rule;
    }

    /// Which suicide moves are legal.
    pub fn suicide_rule(&self) -> SuicideRule {
        self.suicide
    }

    /// Whether the simple ko rule is enforced (GNU Go's `--no-ko` turns it off).
    pub fn set_simple_ko(&mut self, on: bool) {
        self.simple_ko = on;
    }

    /// Whether the simple ko rule is enforced.
    pub fn simple_ko(&self) -> bool {
        self.simple_ko
    }

    /// Is a suicide by `c` at `p` (known to be a suicide) allowed by the rules?
    #[inline]
    fn suicide_allowed(&self, p: Pos, c: Color) -> bool {
        match self.suicide {
            SuicideRule::Forbid => false,
            SuicideRule::AllowAll => true,
            SuicideRule::AllowMulti => p.neighbors().iter().any(|&q| self.color(q) == c),
        }
    }

    /// Colour at `p` (`Off` outside the board).
    #[inline(always)]
    pub fn color(&self, p: Pos) -> Color {
        self.color[p.idx()]
    }

    /// Is `p` on the first line (next to the board's edge)?
    #[inline]
    pub fn on_first_line(&self, p: Pos) -> bool {
        p.neighbors().iter().any(|&q| self.color(q) == Color::Off)
    }

    /// The board's empty points, white stones and black stones, indexed by
    /// [`Color`] as `usize`.
    pub fn stone_sets(&self) -> [PointSet; 3] {
        // One past the last point's index: every later entry is a border.
        let end = self.points.last().map_or(0, |p| p.idx() + 1);
        let sets = PointSet::by_colour(&self.color, end);
        debug_assert!(
            self.points
                .iter()
                .all(|&p| sets[self.color(p) as usize % 3].contains(p)),
            "every board point in the set of its colour"
        );
        sets
    }

    /// True if `p` is a point of the board.
    #[inline(always)]
    pub fn on_board(&self, p: Pos) -> bool {
        self.color[p.idx()] != Color::Off
    }

    /// Id of the string at `p` (one of its stones). Only meaningful on a stone.
    #[inline(always)]
    pub fn string_id(&self, p: Pos) -> Pos {
        debug_assert!(self.color(p).is_stone(), "string_id of a non-stone");
        self.sid[p.idx()]
    }

    /// True if `a` and `b` are stones of the same string.
    #[inline]
    pub fn same_string(&self, a: Pos, b: Pos) -> bool {
        self.color(a).is_stone()
            && self.color(a) == self.color(b)
            && self.sid[a.idx()] == self.sid[b.idx()]
    }

    /// Zobrist hash of the stones and the ko point.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash ^ zobrist::ko_key(self.ko)
    }

    /// Zobrist hash of the stones alone (positional superko compares these).
    #[inline]
    pub fn stone_hash(&self) -> u64 {
        self.hash
    }

    /// The ko point: the point where an immediate recapture is forbidden, if any.
    #[inline]
    pub fn ko_point(&self) -> Option<Pos> {
        (!self.ko.is_pass()).then_some(self.ko)
    }

    /// Stones captured so far *by* `c` (GTP `captures`).
    #[inline]
    pub fn captured_by(&self, c: Color) -> u32 {
        self.captured[c.player_index()]
    }

    /// Number of empty points.
    #[inline]
    pub fn empty_count(&self) -> usize {
        self.nempty as usize
    }

    /// The empty points, in an arbitrary order that changes as moves are
    /// played. Stack level 0 only: inside `trymove` the list is not kept up
    /// (see [`Self::empty_count`] for the count, which is).
    #[inline]
    pub fn empty_points(&self) -> &[Pos] {
        assert!(self.frames.is_empty(), "empty_points inside trymove");
        &self.empty[..self.nempty as usize]
    }

    /// Stack level: number of moves pushed by `trymove`/`tryko`.
    #[inline]
    pub fn stackp(&self) -> usize {
        self.frames.len()
    }

    /// Moves pushed by `trymove`, oldest first, with their colours.
    pub fn move_stack(&self) -> impl Iterator<Item = (Pos, Color)> + '_ {
        self.frames.iter().map(|f| (f.mv, f.color))
    }

    /// Number of `trymove`/`tryko` calls since the counter was last reset.
    pub fn trymove_counter(&self) -> u64 {
        self.trymoves
    }

    /// Reset the `trymove` counter.
    pub fn reset_trymove_counter(&mut self) {
        self.trymoves = 0;
    }

    // ---- string queries -------------------------------------------------

    #[inline(always)]
    fn sw(&self, s: Pos, f: usize) -> u16 {
        self.strs[((s.0 as usize) << SW_SHIFT | f) & (STR_ARR - 1)]
    }

    /// The whole record of string `s`: its fields are then read at fixed
    /// offsets from one address instead of each computing its own.
    #[inline(always)]
    fn rec(&self, s: Pos) -> &[u16; 1 << SW_SHIFT] {
        // `idx` is below `ARR`, so the record lies within `strs`.
        let base = s.idx() << SW_SHIFT;
        let r: &[u16] = &self.strs[base..base + (1 << SW_SHIFT)];
        r.try_into().expect("a string record is 32 words")
    }

    /// [`Self::rec`] to write, for a record already [`Self::touch`]ed.
    #[inline(always)]
    fn rec_mut(&mut self, s: Pos) -> &mut [u16; 1 << SW_SHIFT] {
        debug_assert!(self.frames.is_empty() || self.saved_in[s.idx()] == self.serial);
        let base = s.idx() << SW_SHIFT;
        let r: &mut [u16] = &mut self.strs[base..base + (1 << SW_SHIFT)];
        r.try_into().expect("a string record is 32 words")
    }

    /// Number of stones in the string at `p`.
    #[inline]
    pub fn string_size(&self, p: Pos) -> usize {
        self.sw(self.sid[p.idx()], S_SIZE) as usize
    }

    /// Exact number of liberties of the string at `p` (GNU Go's `countlib`).
    #[inline]
    pub fn countlib(&self, p: Pos) -> usize {
        debug_assert!(self.color(p).is_stone(), "countlib of a non-stone");
        self.sw(self.sid[p.idx()], S_LIBS) as usize
    }

    /// Liberties of the string at `p`, up to `libs.len()` of them written into
    /// `libs`; returns the total number of liberties (GNU Go's `findlib`).
    ///
    /// Inlined: most callers ask for one liberty or a few, a length the
    /// copy below then knows (no call to copy a word or two).
    #[inline]
    pub fn findlib(&self, p: Pos, libs: &mut [Pos]) -> usize {
        let s = self.sid[p.idx()];
        let r = self.rec(s);
        let n = r[S_LIBS] as usize;
        let listed = r[S_NLIST] as usize;
        debug_assert!(listed <= MAX_LIBS, "liberty list too long");
        if listed == n || listed >= libs.len() {
            for (l, &v) in libs.iter_mut().zip(&r[S_LIB..S_LIB + listed.min(n)]) {
                *l = Pos(v);
            }
        } else {
            self.findlib_walk(s, libs);
        }
        n
    }

    /// [`Self::findlib`] for a string whose list is short of the liberties
    /// wanted: walk its stones.
    #[inline(never)]
    fn findlib_walk(&self, s: Pos, libs: &mut [Pos]) {
        let mut k = 0;
        self.for_each_liberty_walk(s, |l| {
            if k < libs.len() {
                libs[k] = l;
                k += 1;
            }
        });
    }

    /// All liberties of the string at `p`, in board order.
    pub fn liberties(&self, p: Pos) -> Vec<Pos> {
        let s = self.sid[p.idx()];
        // One allocation of the liberty count, no growth while pushing.
        let mut v = Vec::with_capacity(self.sw(s, S_LIBS) as usize);
        self.for_each_liberty(s, |l| v.push(l));
        v.sort_unstable();
        v
    }

    /// Call `f` for every liberty of string `s` (any order).
    fn for_each_liberty(&self, s: Pos, mut f: impl FnMut(Pos)) {
        let n = self.sw(s, S_LIBS) as usize;
        if self.sw(s, S_NLIST) as usize == n {
            for k in 0..n {
                f(Pos(self.sw(s, S_LIB + k)));
            }
        } else {
            self.for_each_liberty_walk(s, f);
        }
    }

    /// Walk the stones of `s` to enumerate its liberties (for long lists).
    fn for_each_liberty_walk(&self, s: Pos, mut f: impl FnMut(Pos)) {
        // A liberty is reported when first met; a liberty is met again only via
        // another stone of the string, so check earlier stones by ordering:
        // use a local bitset over the board to stay `&self`.
        let mut seen = [0u64; ARR / 64];
        let mut q = s;
        loop {
            for r in q.neighbors() {
                if self.color(r) == Color::Empty {
                    let (w, b) = (r.idx() / 64, r.idx() % 64);
                    if seen[w] & (1 << b) == 0 {
                        seen[w] |= 1 << b;
                        f(r);
                    }
                }
            }
            q = self.next[q.idx()];
            if q == s {
                break;
            }
        }
    }

    /// Stones of the string at `p`, in board order.
    pub fn stones(&self, p: Pos) -> Vec<Pos> {
        let mut v: Vec<Pos> = self.string_stones(p).collect();
        v.sort_unstable();
        v
    }

    /// Iterator over the stones of the string at `p` (string order).
    pub fn string_stones(&self, p: Pos) -> StringStones<'_> {
        let s = self.sid[p.idx()];
        StringStones {
            board: self,
            start: s,
            cur: Some(s),
        }
    }

    /// Ids of the strings adjacent to the string at `p` (GNU Go's `chainlinks`).
    pub fn chainlinks(&self, p: Pos) -> SmallVec<[Pos; 16]> {
        let s = self.sid[p.idx()];
        let r = self.rec(s);
        let n = r[S_NNEIGH];
        let mut out = SmallVec::new();
        if n != NEIGH_OVERFLOW {
            debug_assert!(n as usize <= MAX_NEIGHBORS, "neighbour list too long");
            out.extend(r[S_NEIGH..S_NEIGH + n as usize].iter().map(|&t| Pos(t)));
        } else {
            self.neighbors_walk(s, &mut out);
        }
        out
    }

    /// Call `f` with the id of every string adjacent to the string at `p`,
    /// in the order of [`Self::chainlinks`], without building a list.
    #[inline]
    pub fn for_each_chainlink(&self, p: Pos, mut f: impl FnMut(Pos)) {
        let s = self.sid[p.idx()];
        let r = self.rec(s);
        let n = r[S_NNEIGH];
        if n != NEIGH_OVERFLOW {
            debug_assert!(n as usize <= MAX_NEIGHBORS, "neighbour list too long");
            for &t in &r[S_NEIGH..S_NEIGH + n as usize] {
                f(Pos(t));
            }
        } else {
            let mut out = SmallVec::new();
            self.neighbors_walk(s, &mut out);
            for t in out {
                f(t);
            }
        }
    }

    fn neighbors_walk(&self, s: Pos, out: &mut SmallVec<[Pos; 16]>) {
        let opp = self.color(s).opponent();
        let mut q = s;
        loop {
            for r in q.neighbors() {
                if self.color(r) == opp {
                    let t = self.sid[r.idx()];
                    if !out.contains(&t) {
                        out.push(t);
                    }
                }
            }
            q = self.next[q.idx()];
            if q == s {
                break;
            }
        }
    }

    /// True if `lib` is a liberty of the string at `p`.
    pub fn is_liberty_of(&self, lib: Pos, p: Pos) -> bool {
        self.color(lib) == Color::Empty && self.adjacent_to_string(lib, self.sid[p.idx()])
    }

    #[inline(always)]
    fn adjacent_to_string(&self, e: Pos, s: Pos) -> bool {
        let c = self.sw(s, S_COLOR);
        e.neighbors()
            .iter()
            .any(|&q| self.color(q) as u16 == c && self.sid[q.idx()] == s)
    }

    /// Is the empty point `p` an eye of `c` in the cheap playout sense: every
    /// orthogonal neighbour is `c` (or off the board) and the opponent holds
    /// fewer than two diagonals (none on the edge)?
    #[inline]
    pub fn is_simple_eye(&self, p: Pos, c: Color) -> bool {
        for q in p.neighbors() {
            let qc = self.color(q);
            if qc != c && qc != Color::Off {
                return false;
            }
        }
        let mut opp = 0;
        let mut off = 0;
        for q in p.diagonals() {
            let qc = self.color(q);
            if qc == Color::Off {
                off = 1;
            } else if qc == c.opponent() {
                opp += 1;
            }
        }
        opp + off < 2
    }

    // ---- legality -------------------------------------------------------

    /// Would a stone of colour `c` at `p` capture at least one string?
    #[inline]
    pub fn does_capture_something(&self, p: Pos, c: Color) -> bool {
        let opp = c.opponent();
        p.neighbors()
            .iter()
            .any(|&q| self.color(q) == opp && self.countlib(q) == 1)
    }

    /// Would a stone of colour `c` at `p` (empty) have no liberties and capture nothing?
    #[inline]
    pub fn is_suicide(&self, p: Pos, c: Color) -> bool {
        for q in p.neighbors() {
            let qc = self.color(q);
            if qc == Color::Empty {
                return false;
            }
            if qc == c {
                if self.countlib(q) > 1 {
                    return false;
                }
            } else if qc == c.opponent() && self.countlib(q) == 1 {
                return false;
            }
        }
        true
    }

    /// Is a move by `c` at `p` forbidden by the simple ko rule?
    #[inline]
    pub fn is_ko_violation(&self, p: Pos, c: Color) -> bool {
        self.simple_ko
            && p == self.ko
            && !p.is_pass()
            && p.neighbors().iter().any(|&q| self.color(q) == c.opponent())
    }

    /// Would a move by `c` at `p` capture exactly one stone and be a ko capture
    /// (the capturing stone alone with one liberty)? Legal or not by ko.
    pub fn is_ko_capture(&self, p: Pos, c: Color) -> bool {
        if self.color(p) != Color::Empty {
            return false;
        }
        let opp = c.opponent();
        let mut captures = 0;
        for q in p.neighbors() {
            match self.color(q) {
                Color::Empty => return false,
                x if x == c => return false,
                x if x == opp && self.countlib(q) == 1 => captures += self.string_size(q),
                _ => {}
            }
        }
        captures == 1
    }

    /// Liberties of the string that a stone of colour `c` at the empty point
    /// `p` would belong to, without playing it (GNU Go's `accuratelib`):
    /// merges with own strings and the stones it would capture are counted.
    /// The liberties are written into `libs` (as many as fit, in no
    /// particular order); the return value is the total, or `max` once that
    /// many are found (pass `usize::MAX` for the exact count).
    ///
    /// The points met are marked in a bitset over the board (a few vector
    /// stores to clear), so each liberty costs a bit test whatever the
    /// count. A neighbour string with more liberties than `max` beyond `p`
    /// answers at once when no list is wanted. Captured stones need no
    /// mark: they cannot be liberties already.
    pub fn accuratelib(&self, p: Pos, c: Color, max: usize, libs: &mut [Pos]) -> usize {
        debug_assert_eq!(self.color(p), Color::Empty, "accuratelib on a stone");
        let opp = c.opponent();
        let mut own = Few::default();
        let mut empties = Few::default();
        let mut captures = false;
        let mut n = 0usize;
        for q in p.neighbors() {
            let qc = self.color(q);
            if qc == Color::Empty {
                empties.push(q);
                record_lib(libs, &mut n, q);
            } else if qc == c {
                let s = self.sid[q.idx()];
                if libs.is_empty() && self.sw(s, S_LIBS) as usize > max {
                    // At least `max` liberties besides `p` already.
                    return max;
                }
                own.push_unique(s);
            } else if qc == opp && self.sw(self.sid[q.idx()], S_LIBS) == 1 {
                captures = true;
            }
        }
        if n >= max {
            return max;
        }
        if own.n == 0 && !captures {
            // A lone stone: its empty neighbours are all.
            return n;
        }
        if own.n == 1 && !captures && libs.is_empty() {
            // Extending one string: its liberties but `p`, and the new
            // stone's empty neighbours it does not touch yet. No list is
            // wanted, so no liberty needs visiting.
            let s = own.v[0];
            let mut total = self.sw(s, S_LIBS) as usize - 1;
            for &e in empties.as_slice() {
                if !self.adjacent_to_string(e, s) {
                    total += 1;
                }
            }
            return total.min(max);
        }
        self.libs_walk(p, c, max, libs, &own, &empties, captures, n)
    }

    /// The end of [`Self::accuratelib`] when the stone joins several own
    /// strings, captures, or a list is wanted: the liberties met are
    /// marked in a bitset. `own` and `empties` are the classified
    /// neighbours of `p`, `n` the liberties counted so far (the empty
    /// neighbours), `captures` whether an opponent neighbour is in atari.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn libs_walk(
        &self,
        p: Pos,
        c: Color,
        max: usize,
        libs: &mut [Pos],
        own: &Few,
        empties: &Few,
        captures: bool,
        mut n: usize,
    ) -> usize {
        let opp = c.opponent();
        let mut seen = [0u64; ARR / 64];
        let mut mark = |l: Pos| -> bool {
            let (w, bit) = lib_bit(l);
            let new = seen[w] & bit == 0;
            seen[w] |= bit;
            new
        };
        mark(p);
        for &e in empties.as_slice() {
            mark(e);
        }
        for &s in own.as_slice() {
            let r = self.rec(s);
            let total = r[S_LIBS] as usize;
            if r[S_NLIST] as usize == total {
                debug_assert!(total <= MAX_LIBS, "liberty list too long");
                for &l in &r[S_LIB..S_LIB + total] {
                    let l = Pos(l);
                    if mark(l) {
                        record_lib(libs, &mut n, l);
                    }
                }
            } else {
                self.for_each_liberty_walk(s, |l| {
                    if mark(l) {
                        record_lib(libs, &mut n, l);
                    }
                });
            }
            if n >= max {
                return max;
            }
        }
        if captures {
            let own_ids = own.as_slice();
            let mut captured = Few::default();
            for q in p.neighbors() {
                if self.color(q) == opp && self.countlib(q) == 1 {
                    captured.push_unique(self.sid[q.idx()]);
                }
            }
            for &t in captured.as_slice() {
                let mut st = t;
                loop {
                    // A captured stone becomes a liberty if it touches the
                    // new string.
                    let touches = st.neighbors().iter().any(|&r| {
                        r == p || self.color(r) == c && own_ids.contains(&self.sid[r.idx()])
                    });
                    if touches {
                        record_lib(libs, &mut n, st);
                    }
                    st = self.next[st.idx()];
                    if st == t {
                        break;
                    }
                }
            }
        }
        n.min(max)
    }

    /// [`Self::accuratelib`] without a list (`max` the bound) and
    /// [`Self::capture_count`] for a stone of colour `c` at the empty point
    /// `p`, from one pass over its neighbours: the move generators score a
    /// move by both. Returns (liberties up to `max`, stones captured).
    pub fn libs_and_captures(&self, p: Pos, c: Color, max: usize) -> (usize, usize) {
        debug_assert_eq!(self.color(p), Color::Empty, "libs_and_captures on a stone");
        let opp = c.opponent();
        let mut own = Few::default();
        let mut empties = Few::default();
        let mut captured = Few::default();
        let mut taken = 0usize;
        // An own neighbour string with more than `max` liberties besides
        // `p`: the bound is reached whatever else the stone joins.
        let mut roomy = false;
        for q in p.neighbors() {
            let qc = self.color(q);
            if qc == Color::Empty {
                empties.push(q);
            } else if qc == c {
                let s = self.sid[q.idx()];
                roomy |= self.sw(s, S_LIBS) as usize > max;
                own.push_unique(s);
            } else if qc == opp {
                let s = self.sid[q.idx()];
                if self.sw(s, S_LIBS) == 1 && !captured.contains(s) {
                    captured.push(s);
                    taken += self.sw(s, S_SIZE) as usize;
                }
            }
        }
        let n = empties.n;
        let libs = if roomy || n >= max {
            max
        } else if captured.n == 0 && own.n == 0 {
            n
        } else if captured.n == 0 && own.n == 1 {
            let s = own.v[0];
            let mut total = self.sw(s, S_LIBS) as usize - 1;
            for &e in empties.as_slice() {
                if !self.adjacent_to_string(e, s) {
                    total += 1;
                }
            }
            total.min(max)
        } else {
            self.libs_walk(p, c, max, &mut [], &own, &empties, captured.n > 0, n)
        };
        debug_assert_eq!(libs, self.accuratelib(p, c, max, &mut []), "liberties");
        debug_assert_eq!(taken, self.capture_count(p, c), "captures");
        (libs, taken)
    }

    /// [`Self::accuratelib`] (no list, bound `max`) at each liberty of the
    /// string `s` for its own colour: the liberties it would have after
    /// extending there, into `out` (one per entry of `libs`, which must be
    /// all of the string's liberties when it has `max` or fewer). The
    /// string's liberties are marked once for all of them; at each point
    /// only its own neighbours are classified, and the liberties of another
    /// own string it would join and the stones it would capture are added
    /// to a copy of those marks.
    pub fn extension_libs(&self, s: Pos, libs: &[Pos], max: usize, out: &mut [u8]) {
        debug_assert_eq!(libs.len(), out.len());
        debug_assert!(max < 256);
        let c = self.color(s);
        debug_assert!(c == Color::Black || c == Color::White);
        let sid = self.sid[s.idx()];
        let r = self.rec(sid);
        let total = r[S_LIBS] as usize;
        if total > max {
            // More than `max` besides any one of them.
            out.fill(max as u8);
            return;
        }
        // A string with at most `max` liberties has all of them listed.
        debug_assert_eq!(r[S_NLIST] as usize, total, "short liberty list incomplete");
        debug_assert_eq!(libs.len(), total, "not all the liberties");
        let opp = c.opponent();
        let mut base = [0u64; ARR / 64];
        for &l in &r[S_LIB..S_LIB + total] {
            let (w, bit) = lib_bit(Pos(l));
            base[w] |= bit;
        }
        for (i, &p) in libs.iter().enumerate() {
            debug_assert!(self.is_liberty_of(p, s));
            // The others of the string's liberties, and the new stone's
            // empty neighbours the string does not touch yet.
            let mut n = total - 1;
            let mut others = Few::default();
            let mut empties = Few::default();
            let mut captures = false;
            for q in p.neighbors() {
                let qc = self.color(q);
                if qc == Color::Empty {
                    empties.push(q);
                    let (w, bit) = lib_bit(q);
                    n += (base[w] & bit == 0) as usize;
                } else if qc == c {
                    let t = self.sid[q.idx()];
                    if t != sid {
                        others.push_unique(t);
                    }
                } else if qc == opp && self.sw(self.sid[q.idx()], S_LIBS) == 1 {
                    captures = true;
                }
            }
            let v = if others.n == 0 && !captures {
                n.min(max)
            } else {
                self.extension_walk(p, c, sid, max, &base, &others, &empties, captures, n)
            };
            debug_assert_eq!(
                v,
                self.accuratelib(p, c, max, &mut []),
                "extension at {p:?}"
            );
            out[i] = v as u8;
        }
    }

    /// The end of [`Self::extension_libs`] at `p` when the stone also joins
    /// other own strings (`others`) or captures: `base` marks the liberties
    /// of the string `sid`, `n` the count so far (its liberties but `p`,
    /// and the fresh empty neighbours among `empties`).
    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    fn extension_walk(
        &self,
        p: Pos,
        c: Color,
        sid: Pos,
        max: usize,
        base: &[u64; ARR / 64],
        others: &Few,
        empties: &Few,
        captures: bool,
        mut n: usize,
    ) -> usize {
        let mut seen = *base;
        let mut mark = |l: Pos| -> bool {
            let (w, bit) = lib_bit(l);
            let new = seen[w] & bit == 0;
            seen[w] |= bit;
            new
        };
        for &e in empties.as_slice() {
            mark(e);
        }
        for &t in others.as_slice() {
            let r = self.rec(t);
            let total = r[S_LIBS] as usize;
            if total > max {
                return max;
            }
            if r[S_NLIST] as usize == total {
                for &l in &r[S_LIB..S_LIB + total] {
                    n += mark(Pos(l)) as usize;
                }
            } else {
                self.for_each_liberty_walk(t, |l| n += mark(l) as usize);
            }
            if n >= max {
                return max;
            }
        }
        if captures {
            let opp = c.opponent();
            let mut captured = Few::default();
            for q in p.neighbors() {
                if self.color(q) == opp && self.countlib(q) == 1 {
                    captured.push_unique(self.sid[q.idx()]);
                }
            }
            let joined = |r: Pos| {
                r == p
                    || self.color(r) == c && {
                        let t = self.sid[r.idx()];
                        t == sid || others.contains(t)
                    }
            };
            for &t in captured.as_slice() {
                let mut st = t;
                loop {
                    // A captured stone becomes a liberty if it touches the
                    // new string.
                    if st.neighbors().iter().any(|&r| joined(r)) {
                        n += 1;
                    }
                    st = self.next[st.idx()];
                    if st == t {
                        break;
                    }
                }
            }
        }
        n.min(max)
    }

    /// Would a move by `c` at the empty point `p` leave its own string with at
    /// most one liberty (captures counted)? A ko capture counts as one.
    #[inline]
    pub fn is_self_atari(&self, p: Pos, c: Color) -> bool {
        self.accuratelib(p, c, 2, &mut []) <= 1
    }

    /// Number of stones a move by `c` at `p` would capture.
    pub fn capture_count(&self, p: Pos, c: Color) -> usize {
        let opp = c.opponent();
        let mut seen = Few::default();
        let mut n = 0;
        for q in p.neighbors() {
            if self.color(q) == opp && self.countlib(q) == 1 {
                let s = self.sid[q.idx()];
                if !seen.contains(s) {
                    seen.push(s);
                    n += self.string_size(s);
                }
            }
        }
        n
    }

    /// Why a move by `c` at `p` would be illegal on this board (simple ko; superko
    /// is checked by [`crate::game::Game`]), or `Ok` if legal. Pass is legal.
    pub fn check_legal(&self, p: Pos, c: Color) -> Result<(), Illegal> {
        if p.is_pass() {
            return Ok(());
        }
        match self.color(p) {
            Color::Off => return Err(Illegal::OffBoard),
            Color::Empty => {}
            _ => return Err(Illegal::Occupied),
        }
        if self.is_ko_violation(p, c) {
            return Err(Illegal::Ko);
        }
        if self.is_suicide(p, c) && !self.suicide_allowed(p, c) {
            return Err(Illegal::Suicide);
        }
        Ok(())
    }

    /// Is a move by `c` at `p` legal (simple ko)?
    #[inline]
    pub fn is_legal(&self, p: Pos, c: Color) -> bool {
        self.check_legal(p, c).is_ok()
    }

    // ---- moves ----------------------------------------------------------

    /// Play a move by `c` at `p` for the search: if legal, push it and return true;
    /// otherwise leave the board unchanged and return false. `PASS` is pushed too.
    pub fn trymove(&mut self, p: Pos, c: Color) -> bool {
        if !self.is_legal(p, c) {
            return false;
        }
        self.push_move(p, c);
        true
    }

    /// `trymove` unless the move is a ko capture ([`Board::is_ko_capture`]),
    /// with one pass over the neighbours for both tests: the reader plays
    /// ko captures under its own ko rules. Returns `Some(true)` if the move
    /// was played, `Some(false)` if it is illegal (board unchanged), `None`
    /// for a ko capture (board unchanged, legal or not).
    pub fn trymove_unless_ko_capture(&mut self, p: Pos, c: Color) -> Option<bool> {
        if p.is_pass() {
            self.push_move(p, c);
            return Some(true);
        }
        if self.color(p) != Color::Empty {
            return Some(false);
        }
        let opp = c.opponent();
        // Empty or own neighbours (either rules out a ko capture), stones
        // captured (summed per neighbour, as `is_ko_capture` does), and what
        // rules out suicide.
        // The same pass sorts the neighbours for `place`.
        let (mut open, mut taken, mut breathes, mut beside_opp) = (false, 0, false, false);
        let mut a = Around::default();
        for q in p.neighbors() {
            let qc = self.color(q);
            if qc == Color::Empty {
                open = true;
                breathes = true;
                a.empties.push(q);
            } else if qc == c {
                open = true;
                let s = self.sid[q.idx()];
                breathes |= self.sw(s, S_LIBS) > 1;
                a.own.push_unique(s);
            } else if qc == opp {
                beside_opp = true;
                let s = self.sid[q.idx()];
                if self.sw(s, S_LIBS) == 1 {
                    taken += self.sw(s, S_SIZE) as usize;
                    breathes = true;
                }
                a.opps.push_unique(s);
            }
        }
        debug_assert_eq!(!open && taken == 1, self.is_ko_capture(p, c));
        if !open && taken == 1 {
            return None;
        }
        debug_assert_eq!(
            (self.simple_ko && p == self.ko && beside_opp)
                || (!breathes && !self.suicide_allowed(p, c)),
            !self.is_legal(p, c)
        );
        if self.simple_ko && p == self.ko && beside_opp {
            return Some(false);
        }
        if !breathes && !self.suicide_allowed(p, c) {
            return Some(false);
        }
        self.push_frame(p, c);
        self.place_around(p, c, &a);
        Some(true)
    }

    /// Like `trymove`, but ignoring the ko rule (GNU Go's `tryko`: the side is
    /// assumed to have found a ko threat that was answered).
    pub fn tryko(&mut self, p: Pos, c: Color) -> bool {
        if !p.is_pass() {
            if self.color(p) != Color::Empty {
                return false;
            }
            if self.is_suicide(p, c) && !self.suicide_allowed(p, c) {
                return false;
            }
        }
        self.push_move(p, c);
        true
    }

    fn push_move(&mut self, p: Pos, c: Color) {
        self.push_frame(p, c);
        if p.is_pass() {
            self.ko = Pos::NONE;
        } else {
            self.place(p, c);
        }
    }

    /// Open the frame of a move by `c` at `p` (the board not yet changed).
    #[inline(always)]
    fn push_frame(&mut self, p: Pos, c: Color) {
        self.trymoves += 1;
        self.serial = self.serial.wrapping_add(1);
        if self.serial == 0 {
            // Stamps of old frames could match again: forget them all.
            self.saved_in = [0; ARR];
            self.serial = 1;
        }
        self.frames.push(Frame {
            log_len: self.log.len(),
            saved_len: self.nsaved,
            ko: self.ko,
            hash: self.hash,
            captured: self.captured,
            nempty: self.nempty,
            mv: p,
            color: c,
        });
    }

    /// Undo the last `trymove`/`tryko`.
    pub fn popgo(&mut self) {
        let f = self.frames.pop().expect("popgo without trymove");
        debug_assert!(self.log.len() >= f.log_len, "log underflow");
        // Undone in place, newest first (a point may have been written
        // twice), then the log is cut: no entry is moved out one by one.
        for &ch in self.log[f.log_len..].iter().rev() {
            match ch {
                Change::Color(p, v) => self.color[p.idx()] = v,
                Change::Sid(p, v) => self.sid[p.idx()] = v,
                Change::Next(p, v) => self.next[p.idx()] = v,
                Change::Link(p, s, n) => {
                    self.sid[p.idx()] = s;
                    self.next[p.idx()] = n;
                }
            }
        }
        self.log.truncate(f.log_len);
        // The point played was empty before, and its colour is the one
        // write `place` does not log: it is emptied here, after the log
        // (which may have emptied and refilled it: a suicide).
        if !f.mv.is_pass() {
            self.color[f.mv.idx()] = Color::Empty;
        }
        debug_assert!(self.nsaved >= f.saved_len, "saved records underflow");
        // A frame saves each record once, so the order does not matter:
        // each is copied straight from where it was saved.
        for (s, rec) in &self.saved[f.saved_len..self.nsaved] {
            let base = s.idx() << SW_SHIFT;
            self.strs[base..base + (1 << SW_SHIFT)].copy_from_slice(rec);
        }
        self.nsaved = f.saved_len;
        self.ko = f.ko;
        self.hash = f.hash;
        self.captured = f.captured;
        self.nempty = f.nempty;
    }

    /// Play a permanent move at stack level 0. Returns the reason if illegal.
    pub fn play(&mut self, p: Pos, c: Color) -> Result<(), Illegal> {
        assert!(self.frames.is_empty(), "Board::play inside trymove");
        self.check_legal(p, c)?;
        self.play_unchecked(p, c);
        Ok(())
    }

    /// Play a move known to be legal, permanently, at stack level 0.
    /// Used by playouts, which have already checked legality.
    #[inline]
    pub fn play_unchecked(&mut self, p: Pos, c: Color) {
        debug_assert!(self.frames.is_empty());
        debug_assert!(self.is_legal(p, c));
        if p.is_pass() {
            self.ko = Pos::NONE;
        } else {
            self.place(p, c);
        }
        self.log.clear();
        self.nsaved = 0;
    }

    /// Put a stone on the board (setup, like SGF `AB`/`AW`), or clear a point
    /// with `Color::Empty`, without captures. Stack level 0 only. Strings are
    /// rebuilt from scratch; the ko point is cleared.
    pub fn set_stone(&mut self, p: Pos, c: Color) {
        assert!(self.frames.is_empty(), "set_stone inside trymove");
        if !self.on_board(p) || c == Color::Off {
            return;
        }
        self.color[p.idx()] = c;
        self.rebuild();
    }

    /// Add to the capture counts, as when setting up a loaded game.
    pub fn add_captures(&mut self, by: Color, n: u32) {
        self.captured[by.player_index()] += n;
    }

    // ---- internal mutation (logged) ------------------------------------

    /// Record a change for `popgo`. There is no test for stack level 0
    /// here: a permanent move (`play_unchecked`) records too and drops the
    /// log and the saved records when it is done.
    #[inline(always)]
    fn record(&mut self, ch: Change) {
        self.log.push(ch);
    }

    #[inline(always)]
    fn set_color(&mut self, p: Pos, c: Color) {
        self.record(Change::Color(p, self.color[p.idx()]));
        self.color[p.idx()] = c;
    }

    #[inline(always)]
    fn set_sid(&mut self, p: Pos, s: Pos) {
        self.record(Change::Sid(p, self.sid[p.idx()]));
        self.sid[p.idx()] = s;
    }

    #[inline(always)]
    fn set_next(&mut self, p: Pos, n: Pos) {
        self.record(Change::Next(p, self.next[p.idx()]));
        self.next[p.idx()] = n;
    }

    /// Set the string id and ring link of `p` with one log entry.
    #[inline(always)]
    fn set_link(&mut self, p: Pos, s: Pos, n: Pos) {
        self.record(Change::Link(p, self.sid[p.idx()], self.next[p.idx()]));
        self.sid[p.idx()] = s;
        self.next[p.idx()] = n;
    }

    /// Save the record of string `s` before its first write in this frame.
    #[inline(always)]
    fn touch(&mut self, s: Pos) {
        let id = s.idx() & (ARR - 1);
        if self.saved_in[id] != self.serial {
            self.saved_in[id] = self.serial;
            if self.nsaved == self.saved.len() {
                self.grow_saved();
            }
            let base = id << SW_SHIFT;
            let slot = &mut self.saved[self.nsaved];
            slot.0 = s;
            slot.1
                .copy_from_slice(&self.strs[base..base + (1 << SW_SHIFT)]);
            self.nsaved += 1;
        }
    }

    /// Room for more saved records (rare: the list keeps its length).
    #[cold]
    #[inline(never)]
    fn grow_saved(&mut self) {
        let n = self.saved.len().max(64);
        self.saved
            .resize(self.saved.len() + n, (Pos::NONE, [0; 1 << SW_SHIFT]));
    }

    /// Write a field of a string record already [`Self::touch`]ed.
    #[inline(always)]
    fn put_sw(&mut self, s: Pos, f: usize, v: u16) {
        debug_assert!(self.frames.is_empty() || self.saved_in[s.idx() & (ARR - 1)] == self.serial);
        self.strs[((s.0 as usize) << SW_SHIFT | f) & (STR_ARR - 1)] = v;
    }

    #[inline(always)]
    fn set_sw(&mut self, s: Pos, f: usize, v: u16) {
        self.touch(s);
        self.put_sw(s, f, v);
    }

    /// Take `p` out of the empty points. The list of empty points is kept
    /// at stack level 0 only: inside a search only their count moves (the
    /// frame restores it), so a move costs no log entries for the list.
    #[inline(always)]
    fn empty_remove(&mut self, p: Pos) {
        let last = self.nempty - 1;
        self.nempty = last;
        if !self.frames.is_empty() {
            return;
        }
        let k = self.empty_index[p.idx()];
        let q = self.empty[last as usize & (ARR - 1)];
        debug_assert_eq!(self.empty[k as usize & (ARR - 1)], p);
        self.empty[k as usize & (ARR - 1)] = q;
        self.empty_index[q.idx()] = k;
    }

    /// Add `p` to the empty points (the list at stack level 0 only, as
    /// [`Self::empty_remove`]).
    #[inline(always)]
    fn empty_add(&mut self, p: Pos) {
        let k = self.nempty;
        self.nempty = k + 1;
        if !self.frames.is_empty() {
            return;
        }
        self.empty[k as usize & (ARR - 1)] = p;
        self.empty_index[p.idx()] = k;
    }

    fn next_mark(&mut self) -> u32 {
        self.mark_gen = self.mark_gen.wrapping_add(1);
        if self.mark_gen == 0 {
            self.mark = [0; ARR];
            self.mark_gen = 1;
        }
        self.mark_gen
    }

    /// Add `e` (not yet a liberty) to string `s`.
    #[inline]
    fn add_lib(&mut self, s: Pos, e: Pos) {
        self.touch(s);
        let n = self.sw(s, S_LIBS);
        let listed = self.sw(s, S_NLIST);
        self.put_sw(s, S_LIBS, n + 1);
        if (listed as usize) < MAX_LIBS {
            self.put_sw(s, S_LIB + listed as usize, e.0);
            self.put_sw(s, S_NLIST, listed + 1);
        }
    }

    /// Remove liberty `e` from string `s`.
    #[inline(always)]
    fn remove_lib(&mut self, s: Pos, e: Pos) {
        self.touch(s);
        let r = self.rec_mut(s);
        let n = r[S_LIBS] - 1;
        r[S_LIBS] = n;
        let mut listed = r[S_NLIST] as usize;
        debug_assert!(listed <= MAX_LIBS, "liberty list too long");
        if let Some(k) = r[S_LIB..S_LIB + listed].iter().position(|&l| l == e.0) {
            r[S_LIB + k] = r[S_LIB + listed - 1];
            listed -= 1;
            r[S_NLIST] = listed as u16;
        }
        // The list must be complete again once the string is small enough.
        if listed < n as usize && n as usize <= MAX_LIBS {
            self.refill_libs(s);
        }
    }

    /// Rebuild the liberty list of `s` by walking its stones.
    fn refill_libs(&mut self, s: Pos) {
        self.touch(s);
        let mut libs = [Pos::NONE; MAX_LIBS];
        let mut n = 0;
        self.for_each_liberty_walk(s, |l| {
            if n < MAX_LIBS {
                libs[n] = l;
                n += 1;
            }
        });
        for (k, l) in libs[..n].iter().enumerate() {
            self.put_sw(s, S_LIB + k, l.0);
        }
        self.put_sw(s, S_NLIST, n as u16);
    }

    fn add_neighbor(&mut self, s: Pos, t: Pos) {
        let r = self.rec(s);
        let n = r[S_NNEIGH];
        if n == NEIGH_OVERFLOW {
            return;
        }
        debug_assert!(n as usize <= MAX_NEIGHBORS, "neighbour list too long");
        if r[S_NEIGH..S_NEIGH + n as usize].contains(&t.0) {
            return;
        }
        self.append_neighbor(s, n, t);
    }

    /// Append `t` to the neighbour list of `s` (`n` entries, not marked
    /// overflowed); a list already holding `MAX_NEIGHBORS` is marked
    /// overflowed instead.
    #[inline(always)]
    fn append_neighbor(&mut self, s: Pos, n: u16, t: Pos) {
        self.touch(s);
        let r = self.rec_mut(s);
        if n as usize == MAX_NEIGHBORS {
            r[S_NNEIGH] = NEIGH_OVERFLOW;
        } else {
            r[S_NEIGH + n as usize] = t.0;
            r[S_NNEIGH] = n + 1;
        }
    }

    /// [`Self::add_neighbor`] for two strings known not to be linked yet
    /// (one of them is the new stone's own string): no search of the list.
    #[inline]
    fn push_neighbor(&mut self, s: Pos, t: Pos) {
        let n = self.sw(s, S_NNEIGH);
        if n == NEIGH_OVERFLOW {
            return;
        }
        debug_assert!(
            (0..n as usize).all(|k| self.sw(s, S_NEIGH + k) != t.0),
            "push_neighbor of a linked string"
        );
        self.append_neighbor(s, n, t);
    }

    fn remove_neighbor(&mut self, s: Pos, t: Pos) {
        let r = self.rec(s);
        let n = r[S_NNEIGH];
        if n == NEIGH_OVERFLOW {
            return;
        }
        debug_assert!(n as usize <= MAX_NEIGHBORS, "neighbour list too long");
        let n = n as usize;
        if let Some(k) = r[S_NEIGH..S_NEIGH + n].iter().position(|&x| x == t.0) {
            self.touch(s);
            let r = self.rec_mut(s);
            r[S_NEIGH + k] = r[S_NEIGH + n - 1];
            r[S_NNEIGH] = (n - 1) as u16;
        }
    }

    /// Place a stone of colour `c` on the empty point `p`: merge, capture, ko.
    #[inline]
    fn place(&mut self, p: Pos, c: Color) {
        let a = self.around(p, c);
        self.place_around(p, c, &a);
    }

    /// The neighbours of `p` by kind, for a stone of colour `c`.
    #[inline(always)]
    fn around(&self, p: Pos, c: Color) -> Around {
        let opp = c.opponent();
        let mut a = Around::default();
        for q in p.neighbors() {
            let qc = self.color(q);
            if qc == Color::Empty {
                a.empties.push(q);
            } else if qc == c {
                a.own.push_unique(self.sid[q.idx()]);
            } else if qc == opp {
                a.opps.push_unique(self.sid[q.idx()]);
            }
        }
        a
    }

    /// [`Self::place`] with the neighbours of `p` already sorted
    /// ([`Self::around`]; `trymove_unless_ko_capture` sorts them in its
    /// legality pass).
    fn place_around(&mut self, p: Pos, c: Color, a: &Around) {
        debug_assert_eq!(self.color(p), Color::Empty);
        debug_assert!(
            {
                let b = self.around(p, c);
                b.own.as_slice() == a.own.as_slice()
                    && b.opps.as_slice() == a.opps.as_slice()
                    && b.empties.as_slice() == a.empties.as_slice()
            },
            "neighbours sorted wrong"
        );
        let opp = c.opponent();
        let (own, opps, empties) = (&a.own, &a.opps, &a.empties);

        // Not logged: `popgo` empties the point of the frame's move. (Its
        // id and ring link are logged: they may still be those of a string
        // captured at `p` in an outer frame, which that frame's undo revives.)
        self.color[p.idx()] = c;
        self.hash ^= zobrist::stone_key(c, p);
        self.empty_remove(p);
        for &o in opps.as_slice() {
            self.remove_lib(o, p);
        }

        let fresh = own.n == 0;
        let s = if fresh {
            self.new_string(p, c, empties.as_slice())
        } else {
            self.merge_into(p, own.as_slice(), empties.as_slice())
        };

        let mut captured = 0u32;
        let mut capture_point = Pos::NONE;
        for &o in opps.as_slice() {
            if self.sw(o, S_LIBS) == 0 {
                captured += self.sw(o, S_SIZE) as u32;
                capture_point = o;
                self.remove_string(o);
            } else if fresh {
                // A lone new stone: linked to nothing yet, and the
                // opponent strings in `opps` are distinct.
                self.push_neighbor(o, s);
                self.push_neighbor(s, o);
            } else {
                self.add_neighbor(o, s);
                self.add_neighbor(s, o);
            }
        }
        self.captured[c.player_index()] += captured;

        if self.sw(s, S_LIBS) == 0 {
            debug_assert!(
                self.suicide != SuicideRule::Forbid,
                "suicide played against the rules"
            );
            let n = self.sw(s, S_SIZE) as u32;
            self.remove_string(s);
            self.captured[opp.player_index()] += n;
            self.ko = Pos::NONE;
            return;
        }

        self.ko = if captured == 1 && self.sw(s, S_SIZE) == 1 && self.sw(s, S_LIBS) == 1 {
            capture_point
        } else {
            Pos::NONE
        };
    }

    fn new_string(&mut self, p: Pos, c: Color, empties: &[Pos]) -> Pos {
        self.touch(p);
        self.set_link(p, p, p);
        self.put_sw(p, S_COLOR, c as u16);
        self.put_sw(p, S_SIZE, 1);
        self.put_sw(p, S_LIBS, empties.len() as u16);
        for (k, e) in empties.iter().enumerate() {
            self.put_sw(p, S_LIB + k, e.0);
        }
        self.put_sw(p, S_NLIST, empties.len() as u16);
        self.put_sw(p, S_NNEIGH, 0);
        p
    }

    /// Add the new stone `p` to the largest of the strings `own`, merging the
    /// others into it. Returns the id of the merged string.
    fn merge_into(&mut self, p: Pos, own: &[Pos], empties: &[Pos]) -> Pos {
        let mut big = own[0];
        for &s in &own[1..] {
            if self.sw(s, S_SIZE) > self.sw(big, S_SIZE) {
                big = s;
            }
        }
        for &s in own {
            self.remove_lib(s, p);
        }
        // The new stone's empty neighbours that are not yet liberties of `big`.
        let color = self.sw(big, S_COLOR);
        for &e in empties {
            let already = e
                .neighbors()
                .iter()
                .any(|&q| q != p && self.color(q) as u16 == color && self.sid[q.idx()] == big);
            if !already {
                self.add_lib(big, e);
            }
        }
        let after = self.next[big.idx()];
        self.set_link(p, big, after);
        self.set_next(big, p);
        let mut size = self.sw(big, S_SIZE) + 1;

        for &s in own {
            if s == big {
                continue;
            }
            // Liberties of s that `big` (with the stones merged so far) lacks.
            let n = self.sw(s, S_LIBS) as usize;
            if self.sw(s, S_NLIST) as usize == n {
                for k in 0..n {
                    let l = Pos(self.sw(s, S_LIB + k));
                    if !self.adjacent_to_string(l, big) {
                        self.add_lib(big, l);
                    }
                }
            } else {
                let mut libs = Vec::with_capacity(n);
                self.for_each_liberty_walk(s, |l| libs.push(l));
                for l in libs {
                    if !self.adjacent_to_string(l, big) {
                        self.add_lib(big, l);
                    }
                }
            }
            // Neighbours of s become neighbours of big.
            let nn = self.sw(s, S_NNEIGH);
            if nn != NEIGH_OVERFLOW {
                for k in 0..nn as usize {
                    let t = Pos(self.sw(s, S_NEIGH + k));
                    self.relink_neighbor(t, s, big);
                }
            } else {
                let mut links = SmallVec::new();
                self.neighbors_walk(s, &mut links);
                for t in links {
                    self.relink_neighbor(t, s, big);
                }
            }
            // Relabel the stones and splice the rings.
            let mut q = s;
            loop {
                self.set_sid(q, big);
                q = self.next[q.idx()];
                if q == s {
                    break;
                }
            }
            let nb = self.next[big.idx()];
            let ns = self.next[s.idx()];
            self.set_next(big, ns);
            self.set_next(s, nb);
            size += self.sw(s, S_SIZE);
        }
        self.set_sw(big, S_SIZE, size);
        big
    }

    /// String `t` was adjacent to `s`, which is being merged into `big`.
    #[inline]
    fn relink_neighbor(&mut self, t: Pos, s: Pos, big: Pos) {
        self.remove_neighbor(t, s);
        self.add_neighbor(t, big);
        self.add_neighbor(big, t);
    }

    /// Remove the string `s` from the board (a capture, or a suicide).
    fn remove_string(&mut self, s: Pos) {
        let c = Color::from_u16(self.sw(s, S_COLOR));
        let nn = self.sw(s, S_NNEIGH);
        if nn != NEIGH_OVERFLOW {
            for k in 0..nn as usize {
                let t = Pos(self.sw(s, S_NEIGH + k));
                self.remove_neighbor(t, s);
            }
        } else {
            let mut links = SmallVec::new();
            self.neighbors_walk(s, &mut links);
            for t in links {
                self.remove_neighbor(t, s);
            }
        }
        let mut q = s;
        loop {
            self.set_color(q, Color::Empty);
            self.hash ^= zobrist::stone_key(c, q);
            self.empty_add(q);
            q = self.next[q.idx()];
            if q == s {
                break;
            }
        }
        let other = c.opponent();
        let mut q = s;
        loop {
            let mut seen = Few::default();
            for r in q.neighbors() {
                if self.color(r) == other {
                    let t = self.sid[r.idx()];
                    if !seen.contains(t) {
                        seen.push(t);
                        self.add_lib(t, q);
                    }
                }
            }
            q = self.next[q.idx()];
            if q == s {
                break;
            }
        }
    }

    /// Recompute every string from the colour array (setup, clear). Not logged:
    /// only at stack level 0.
    fn rebuild(&mut self) {
        debug_assert!(self.frames.is_empty());
        self.log.clear();
        self.ko = Pos::NONE;
        self.hash = 0;
        self.nempty = 0;
        let gen = self.next_mark();
        let points = std::mem::take(&mut self.points);
        for &p in &points {
            let c = self.color(p);
            if c == Color::Empty {
                self.empty[self.nempty as usize] = p;
                self.empty_index[p.idx()] = self.nempty;
                self.nempty += 1;
                continue;
            }
            self.hash ^= zobrist::stone_key(c, p);
            if self.mark[p.idx()] == gen {
                continue;
            }
            // Flood fill the string with id p.
            let mut stack = vec![p];
            self.mark[p.idx()] = gen;
            let mut prev = p;
            let mut size = 0u16;
            self.sid[p.idx()] = p;
            while let Some(q) = stack.pop() {
                size += 1;
                if q != p {
                    self.sid[q.idx()] = p;
                    self.next[prev.idx()] = q;
                    prev = q;
                }
                for r in q.neighbors() {
                    if self.color(r) == c && self.mark[r.idx()] != gen {
                        self.mark[r.idx()] = gen;
                        stack.push(r);
                    }
                }
            }
            self.next[prev.idx()] = p;
            let i = |f: usize| ((p.0 as usize) << SW_SHIFT | f) & (STR_ARR - 1);
            self.strs[i(S_COLOR)] = c as u16;
            self.strs[i(S_SIZE)] = size;
        }
        // Liberties and neighbours, now that every stone has its id.
        for &p in &points {
            if self.color(p).is_stone() && self.sid[p.idx()] == p {
                let mut libs: Vec<Pos> = Vec::new();
                self.for_each_liberty_walk(p, |l| libs.push(l));
                let mut links = SmallVec::new();
                self.neighbors_walk(p, &mut links);
                let i = |f: usize| ((p.0 as usize) << SW_SHIFT | f) & (STR_ARR - 1);
                self.strs[i(S_LIBS)] = libs.len() as u16;
                let listed = libs.len().min(MAX_LIBS);
                for (k, l) in libs.iter().take(listed).enumerate() {
                    self.strs[i(S_LIB + k)] = l.0;
                }
                self.strs[i(S_NLIST)] = listed as u16;
                if links.len() > MAX_NEIGHBORS {
                    self.strs[i(S_NNEIGH)] = NEIGH_OVERFLOW;
                } else {
                    for (k, t) in links.iter().enumerate() {
                        self.strs[i(S_NEIGH + k)] = t.0;
                    }
                    self.strs[i(S_NNEIGH)] = links.len() as u16;
                }
            }
        }
        self.points = points;
        self.log.clear();
    }

    /// Check every incremental structure against a recomputation from scratch.
    /// Panics with a description of the first difference. For tests.
    pub fn check_consistency(&self) {
        let mut fresh = self.clone();
        fresh.frames.clear();
        fresh.rebuild();
        let mut empties = 0;
        for &p in &self.points {
            let c = self.color(p);
            if c == Color::Empty {
                empties += 1;
                // The list of empty points is kept at stack level 0 only.
                assert!(
                    !self.frames.is_empty() || self.empty[self.empty_index[p.idx()] as usize] == p,
                    "empty list at {p:?}"
                );
                continue;
            }
            assert_eq!(
                self.sw(self.sid[p.idx()], S_COLOR),
                c as u16,
                "string colour at {p:?}"
            );
            assert_eq!(self.stones(p), fresh.stones(p), "stones at {p:?}");
            assert_eq!(
                self.countlib(p),
                fresh.countlib(p),
                "countlib at {p:?}\n{self:?}"
            );
            assert_eq!(self.liberties(p), fresh.liberties(p), "liberties at {p:?}");
            let listed = self.sw(self.sid[p.idx()], S_NLIST) as usize;
            assert!(
                listed == self.countlib(p) || listed <= MAX_LIBS && self.countlib(p) > MAX_LIBS
            );
            let mut a: Vec<Pos> = self
                .chainlinks(p)
                .iter()
                .map(|&t| self.sid[t.idx()])
                .collect();
            let mut b: Vec<Pos> = fresh
                .chainlinks(p)
                .iter()
                .map(|&t| self.sid[t.idx()])
                .collect();
            a.sort_unstable();
            b.sort_unstable();
            assert_eq!(a, b, "chainlinks at {p:?}\n{self:?}");
            for t in self.chainlinks(p) {
                assert_eq!(self.sid[t.idx()], t, "chainlink id is not a string id");
            }
        }
        assert_eq!(empties, self.nempty as usize, "empty count");
        assert_eq!(self.stone_hash(), fresh.stone_hash(), "hash");
    }
}

impl Color {
    #[inline(always)]
    fn from_u16(v: u16) -> Color {
        match v {
            0 => Color::Empty,
            1 => Color::White,
            2 => Color::Black,
            _ => Color::Off,
        }
    }
}

/// The neighbours of a point about to be played, by kind: own strings and
/// opponent strings (each id once, in neighbour order) and empty points.
#[derive(Clone, Copy, Default)]
struct Around {
    own: Few,
    opps: Few,
    empties: Few,
}

/// Up to four points (the neighbours of one point), without allocation.
#[derive(Clone, Copy, Default)]
struct Few {
    v: [Pos; 4],
    n: usize,
}

impl Few {
    #[inline(always)]
    fn push(&mut self, p: Pos) {
        debug_assert!(self.n < 4);
        self.v[self.n & 3] = p;
        self.n += 1;
    }

    #[inline(always)]
    fn contains(&self, p: Pos) -> bool {
        self.v[..self.n.min(4)].contains(&p)
    }

    #[inline(always)]
    fn push_unique(&mut self, p: Pos) {
        if !self.contains(p) {
            self.push(p);
        }
    }

    #[inline(always)]
    fn as_slice(&self) -> &[Pos] {
        &self.v[..self.n.min(4)]
    }
}

/// Iterator over the stones of one string.
pub struct StringStones<'a> {
    board: &'a Board,
    start: Pos,
    cur: Option<Pos>,
}

impl Iterator for StringStones<'_> {
    type Item = Pos;
    fn next(&mut self) -> Option<Pos> {
        let p = self.cur?;
        let n = self.board.next[p.idx()];
        self.cur = (n != self.start).then_some(n);
        Some(p)
    }
}

/// Count a liberty found by `accuratelib`, listing it while `libs` has room.
#[inline]
fn record_lib(libs: &mut [Pos], n: &mut usize, l: Pos) {
    if let Some(slot) = libs.get_mut(*n) {
        *slot = l;
    }
    *n += 1;
}

/// A board from a text diagram for unit tests: one row per line, `X` a
/// black stone, `O` a white one, anything else empty; square, its size the
/// number of rows.
#[cfg(test)]
pub(crate) fn diagram_board(rows: &[&str]) -> Board {
    let mut b = Board::new(rows.len());
    for (i, r) in rows.iter().enumerate() {
        for (j, ch) in r.chars().enumerate() {
            match ch {
                'X' => b.set_stone(Pos::new(i, j), Color::Black),
                'O' => b.set_stone(Pos::new(i, j), Color::White),
                _ => {}
            }
        }
    }
    b
}

/// A uniformly random legal move of `color` for unit tests' random games,
/// `None` when there is none.
#[cfg(test)]
pub(crate) fn random_legal_move(b: &Board, color: Color, rng: &mut impl rand::Rng) -> Option<Pos> {
    let legal: Vec<Pos> = b
        .empty_points()
        .iter()
        .copied()
        .filter(|&p| b.is_legal(p, color))
        .collect();
    (!legal.is_empty()).then(|| legal[rng.gen_range(0..legal.len())])
}

/// The word and the bit of `l` in a 64-bit-per-word set of board points
/// (the liberty marks of `libs_walk`, `extension_libs` and
/// `extension_walk`).
#[inline(always)]
fn lib_bit(l: Pos) -> (usize, u64) {
    ((l.idx() >> 6) & (ARR / 64 - 1), 1u64 << (l.idx() & 63))
}

#[cfg(test)]
mod tests;
