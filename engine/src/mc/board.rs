//! The playout board: the one board every playout runs on, light random
//! playouts and pattern-guided Monte Carlo playouts alike (see
//! `docs/board.md`, "The playout board").
//!
//! It keeps only what a playout asks about, each answer in a few loads:
//!
//! * the colour of every point, and for every point the number of its
//!   orthogonal neighbours of each colour, packed in one word (`nbr`), so
//!   that "has an empty neighbour" and "every neighbour is mine or off the
//!   board" (the eye test) are one mask;
//! * strings as circular stone lists (`next`) with a representative stone
//!   (`head`), and per string its stone count and *pseudo-liberties*: every
//!   (stone, empty neighbour) pair counts once, so a liberty touching two
//!   stones counts twice. Besides their number the board keeps the sum of
//!   the pseudo-liberties' indices and the sum of their squares: the string
//!   is in atari exactly when all its pseudo-liberties are one point, that
//!   is when `count · Σp² = (Σp)²`, and that point is `Σp / count`. No
//!   liberty is ever counted by walking a string during a move;
//! * the empty points in a list with each point's place in it (O(1) removal);
//! * the stones of each colour (the area score is stones plus the few empty
//!   points left at the end of a playout);
//! * the simple-ko point and the colour it is forbidden to.
//!
//! No hash and no undo: a search copies the root position into a
//! preallocated board once per simulation ([`McBoard::copy_from`]) and plays
//! forward only. Suicide is never legal on this board.

use crate::board::Board;
use crate::point::{Color, Pos, ARR, NS};

const EMPTY: u8 = Color::Empty as u8;
const OFF: u8 = Color::Off as u8;
/// "No point" in the index arrays (index 0 is a border point).
const NONE: u16 = 0;

/// One neighbour of colour `v` in the packed neighbour counts: four bits per
/// colour value (empty, white, black, off).
#[inline(always)]
const fn nbr_one(v: u8) -> u16 {
    1 << (4 * v as u16)
}
/// Mask of the empty-neighbour count in `nbr`.
const NBR_EMPTY: u16 = 0xF << (4 * EMPTY as u16);

/// Per-string record, at the string's representative stone.
#[derive(Clone, Copy, Default, Debug)]
struct Str {
    /// Pseudo-liberties: (stone, empty neighbour) pairs.
    plibs: u16,
    /// Stones.
    stones: u16,
    /// Sum of the pseudo-liberties' point indices.
    sum: u32,
    /// Sum of their squares.
    sum2: u32,
}

impl Str {
    #[inline(always)]
    fn add(&mut self, p: usize) {
        self.plibs += 1;
        self.sum += p as u32;
        self.sum2 += (p * p) as u32;
    }

    #[inline(always)]
    fn remove(&mut self, p: usize) {
        self.plibs -= 1;
        self.sum -= p as u32;
        self.sum2 -= (p * p) as u32;
    }

    /// Exactly one liberty (all pseudo-liberties are the same point)?
    #[inline(always)]
    fn in_atari(&self) -> bool {
        // The stones next to the one liberty are at most four.
        self.plibs <= 4
            && self.plibs > 0
            && self.plibs as u64 * self.sum2 as u64 == self.sum as u64 * self.sum as u64
    }
}

/// A board for playouts: strings with pseudo-liberties and an exact atari
/// test, neighbour counts, the empty points and the simple-ko point.
#[derive(Clone)]
pub struct McBoard {
    size: usize,
    /// One past the largest index in use.
    limit: usize,
    color: [u8; ARR],
    /// Orthogonal neighbours of each colour, four bits per colour.
    nbr: [u16; ARR],
    /// The string a stone belongs to (its representative stone).
    head: [u16; ARR],
    /// Next stone of the same string (a circular list).
    next: [u16; ARR],
    /// String records, at the representative stones.
    strs: [Str; ARR],
    empties: [u16; ARR],
    empty_index: [u16; ARR],
    n_empty: usize,
    /// Stones on the board by colour value.
    stones: [u16; 4],
    ko: u16,
    /// The colour that may not play at `ko`.
    ko_color: u8,
    points: Vec<Pos>,
}

impl std::fmt::Debug for McBoard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(
            f,
            "McBoard {}x{} ko={:?}",
            self.size,
            self.size,
            self.ko_point()
        )?;
        for i in 0..self.size {
            for j in 0..self.size {
                let ch = match self.color(Pos::new(i, j)) {
                    Color::Black => 'X',
                    Color::White => 'O',
                    _ => '.',
                };
                write!(f, "{ch} ")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

/// The colours by their values (a table load, not a branch).
const COLORS: [Color; 4] = [Color::Empty, Color::White, Color::Black, Color::Off];

#[inline(always)]
fn color_of(v: u8) -> Color {
    COLORS[v as usize & 3]
}

/// The four orthogonal neighbours of the index `i`.
#[inline(always)]
fn nbrs(i: usize) -> [usize; 4] {
    const M: usize = ARR - 1;
    [(i + NS) & M, (i - 1) & M, (i - NS) & M, (i + 1) & M]
}

impl McBoard {
    /// An empty board of `size` (1 to 25).
    pub fn new(size: usize) -> McBoard {
        let size = size.clamp(1, crate::point::MAX_BOARD);
        let mut b = McBoard {
            size,
            limit: 0,
            color: [OFF; ARR],
            nbr: [0; ARR],
            head: [NONE; ARR],
            next: [NONE; ARR],
            strs: [Str::default(); ARR],
            empties: [NONE; ARR],
            empty_index: [0; ARR],
            n_empty: 0,
            stones: [0; 4],
            ko: NONE,
            ko_color: EMPTY,
            points: Vec::with_capacity(size * size),
        };
        for i in 0..size {
            for j in 0..size {
                let p = Pos::new(i, j);
                b.points.push(p);
                b.color[p.idx()] = EMPTY;
                b.empty_index[p.idx()] = b.n_empty as u16;
                b.empties[b.n_empty] = p.idx() as u16;
                b.n_empty += 1;
            }
        }
        for k in 0..b.points.len() {
            let i = b.points[k].idx();
            b.nbr[i] = nbrs(i).iter().map(|&q| nbr_one(b.color[q])).sum();
        }
        b.limit = Pos::new(size - 1, size - 1).idx() + NS + 2;
        b
    }

    /// The position of the engine's board `board` (stones and ko point).
    pub fn from_board(board: &Board) -> McBoard {
        let mut b = McBoard::new(board.size());
        for &p in board.points() {
            let c = board.color(p);
            if c.is_stone() {
                b.place_setup(p, c);
            }
        }
        if let Some(k) = board.ko_point() {
            // The ko point is surrounded by the stones of the player who just
            // took the ko; the other player may not take back at once.
            if let Some(&q) = k.neighbors().iter().find(|q| board.color(**q).is_stone()) {
                b.ko = k.idx() as u16;
                b.ko_color = board.color(q).opponent() as u8;
            }
        }
        b
    }

    /// Make this board a copy of `other` (allocation-free when the sizes match).
    pub fn copy_from(&mut self, other: &McBoard) {
        if self.size != other.size {
            *self = other.clone();
            return;
        }
        let l = other.limit;
        self.color[..l].copy_from_slice(&other.color[..l]);
        self.nbr[..l].copy_from_slice(&other.nbr[..l]);
        self.head[..l].copy_from_slice(&other.head[..l]);
        self.next[..l].copy_from_slice(&other.next[..l]);
        self.strs[..l].copy_from_slice(&other.strs[..l]);
        self.empty_index[..l].copy_from_slice(&other.empty_index[..l]);
        let n = other.n_empty;
        self.empties[..n].copy_from_slice(&other.empties[..n]);
        self.n_empty = n;
        self.stones = other.stones;
        self.ko = other.ko;
        self.ko_color = other.ko_color;
    }

    /// Board size.
    #[inline]
    pub fn size(&self) -> usize {
        self.size
    }

    /// Every board point, top-left to bottom-right.
    #[inline]
    pub fn points(&self) -> &[Pos] {
        &self.points
    }

    /// Contents of `p`.
    #[inline(always)]
    pub fn color(&self, p: Pos) -> Color {
        color_of(self.color[p.idx()])
    }

    /// Number of empty points.
    #[inline(always)]
    pub fn empty_count(&self) -> usize {
        self.n_empty
    }

    /// The `k`-th empty point (in no particular order), `k < empty_count()`.
    #[inline(always)]
    pub fn empty_at(&self, k: usize) -> Pos {
        debug_assert!(k < self.n_empty);
        Pos::from_index(self.empties[k & (ARR - 1)] as usize)
    }

    /// Stones of colour `c` on the board.
    #[inline]
    pub fn stone_count(&self, c: Color) -> usize {
        self.stones[c as usize & 3] as usize
    }

    /// The point a simple ko forbids to retake now, if any.
    #[inline]
    pub fn ko_point(&self) -> Option<Pos> {
        (self.ko != NONE).then(|| Pos::from_index(self.ko as usize))
    }

    /// Number of orthogonal neighbours of `p` that hold `c` (`Empty`, a
    /// stone colour or `Off`).
    #[inline(always)]
    pub fn neighbor_count(&self, p: Pos, c: Color) -> usize {
        (self.nbr[p.idx()] >> (4 * c as u16) & 0xF) as usize
    }

    #[inline(always)]
    fn head_of(&self, i: usize) -> usize {
        self.head[i & (ARR - 1)] as usize & (ARR - 1)
    }

    #[inline(always)]
    fn str_at(&self, i: usize) -> &Str {
        &self.strs[self.head_of(i)]
    }

    /// Representative stone of the string at `p` (a stone).
    #[inline(always)]
    pub fn string_id(&self, p: Pos) -> Pos {
        Pos::from_index(self.head_of(p.idx()))
    }

    /// Is the string at `p` (a stone) in atari: exactly one liberty? O(1).
    #[inline(always)]
    pub fn in_atari(&self, p: Pos) -> bool {
        self.str_at(p.idx()).in_atari()
    }

    /// Exact liberties of the string at `p` (a stone). Walks the string:
    /// playouts ask [`McBoard::in_atari`] instead.
    pub fn countlib(&self, p: Pos) -> usize {
        let mut seen = [0u64; ARR / 64];
        let mut n = 0;
        self.for_each_stone(p, |s| {
            for q in nbrs(s) {
                let (w, bit) = ((q / 64) & (ARR / 64 - 1), 1u64 << (q % 64));
                if self.color[q & (ARR - 1)] == EMPTY && seen[w] & bit == 0 {
                    seen[w] |= bit;
                    n += 1;
                }
            }
            true
        });
        n
    }

    /// Stones in the string at `p` (a stone).
    #[inline(always)]
    pub fn string_size(&self, p: Pos) -> usize {
        self.str_at(p.idx()).stones as usize
    }

    /// Call `f` with the index of each stone of the string at `p` until it
    /// returns false.
    #[inline]
    fn for_each_stone(&self, p: Pos, mut f: impl FnMut(usize) -> bool) {
        let start = p.idx();
        let mut s = start;
        loop {
            if !f(s) {
                return;
            }
            s = self.next[s] as usize & (ARR - 1);
            if s == start {
                return;
            }
        }
    }

    /// Some liberty of the string at `p`, or `PASS` when it has none. O(1)
    /// for a string in atari (its one liberty).
    pub fn find_liberty(&self, p: Pos) -> Pos {
        let st = self.str_at(p.idx());
        if st.in_atari() {
            return Pos::from_index((st.sum / st.plibs as u32) as usize);
        }
        let mut lib = Pos::PASS;
        self.for_each_stone(p, |s| {
            if self.nbr[s] & NBR_EMPTY != 0 {
                let q = nbrs(s).into_iter().find(|&q| self.color[q] == EMPTY);
                lib = Pos::from_index(q.unwrap_or(0));
                return false;
            }
            true
        });
        lib
    }

    /// Stones of the string at `p`, appended to `out`.
    pub fn string_stones(&self, p: Pos, out: &mut Vec<Pos>) {
        self.for_each_stone(p, |s| {
            out.push(Pos::from_index(s));
            true
        });
    }

    /// Is playing `c` at `p` legal (an empty point, not the ko point barred
    /// to `c`, not suicide)? False for the pass and off-board points.
    #[inline]
    pub fn is_legal(&self, p: Pos, c: Color) -> bool {
        let i = p.idx();
        if self.color[i] != EMPTY {
            return false;
        }
        if self.nbr[i] & NBR_EMPTY != 0 {
            // A ko point has no empty neighbour: no need to look at it.
            return true;
        }
        if i as u16 == self.ko && self.ko_color == c as u8 {
            return false;
        }
        self.legal_surrounded(i, c as u8)
    }

    /// Legality of `c` at the empty point `i` that has no empty neighbour:
    /// it needs an own string with a spare liberty or a capture.
    #[inline(always)]
    fn legal_surrounded(&self, i: usize, cv: u8) -> bool {
        for q in nbrs(i) {
            let v = self.color[q];
            if v == OFF {
                continue;
            }
            // Own string with a spare liberty, or opponent string in atari.
            if (v == cv) != self.str_at(q).in_atari() {
                return true;
            }
        }
        false
    }

    /// Is `p` a legal move for `c` that does not fill its own eye
    /// ([`McBoard::is_eye`])? The light playouts' move test, in one pass.
    #[inline(always)]
    pub fn is_playable(&self, p: Pos, c: Color) -> bool {
        let i = p.idx();
        let nb = self.nbr[i];
        if nb & NBR_EMPTY != 0 {
            return self.color[i] == EMPTY;
        }
        if self.color[i] != EMPTY {
            return false;
        }
        let opp_mask = 0xF << (4 * (c as u16 ^ 3));
        if nb & opp_mask == 0 && self.diagonals_make_eye(i, c as u8) {
            return false;
        }
        if i as u16 == self.ko && self.ko_color == c as u8 {
            return false;
        }
        self.legal_surrounded(i, c as u8)
    }

    /// Would `c` at `p` capture something?
    #[inline]
    pub fn captures(&self, p: Pos, c: Color) -> bool {
        let opp = c.opponent() as u8;
        nbrs(p.idx())
            .iter()
            .any(|&q| self.color[q] == opp && self.str_at(q).in_atari())
    }

    /// Liberties (0, 1 or 2, where 2 means "two or more") and stones of the
    /// string `c` would have after playing at the empty point `p`, a capture
    /// counting as one liberty (the captured stone next to `p`). Used to spot
    /// self-ataris; the stone count is exact only when there are fewer than
    /// two liberties.
    pub fn libs_after(&self, p: Pos, c: Color) -> (usize, usize) {
        let i = p.idx();
        let cv = c as u8;
        let opp = c.opponent() as u8;
        // Fast path: two empty neighbours are two liberties.
        if (self.nbr[i] & NBR_EMPTY) >= 2 {
            return (2, 1);
        }
        let mut found = [NONE as usize; 2];
        let mut n = 0;
        let add = |q: usize, found: &mut [usize; 2], n: &mut usize| {
            if q != i && !found[..*n].contains(&q) && *n < 2 {
                found[*n] = q;
                *n += 1;
            }
        };
        for q in nbrs(i) {
            let v = self.color[q];
            if v == EMPTY || v == opp && self.str_at(q).in_atari() {
                // A capture frees at least the captured point.
                add(q, &mut found, &mut n);
            }
        }
        if n >= 2 {
            return (2, 1);
        }
        let mut heads = [NONE as usize; 4];
        let mut nh = 0;
        let mut stones = 1;
        for q in nbrs(i) {
            if self.color[q] != cv {
                continue;
            }
            let h = self.head_of(q);
            if heads[..nh].contains(&h) {
                continue;
            }
            heads[nh & 3] = h;
            nh += 1;
            stones += self.strs[h].stones as usize;
            if self.strs[h].in_atari() {
                // Its one liberty is `p`.
                continue;
            }
            self.for_each_stone(Pos::from_index(h), |s| {
                if self.nbr[s] & NBR_EMPTY != 0 {
                    for r in nbrs(s) {
                        if self.color[r] == EMPTY {
                            add(r, &mut found, &mut n);
                        }
                    }
                }
                n < 2
            });
            if n >= 2 {
                return (2, stones);
            }
        }
        (n, stones)
    }

    /// Play `c` at `p`, which must be legal ([`McBoard::is_legal`]), or pass.
    /// Returns the number of stones captured.
    pub fn play(&mut self, p: Pos, c: Color) -> usize {
        if p.is_pass() {
            self.ko = NONE;
            return 0;
        }
        debug_assert!(self.is_legal(p, c), "illegal playout move {p:?}\n{self:?}");
        let i = p.idx();
        let cv = c as u8;
        let opp = cv ^ 3;
        let (own, dead, n_dead) = self.put_stone(i, cv);
        // Merge with own strings.
        if own {
            for q in nbrs(i) {
                if self.color[q] == cv {
                    let (a, b) = (self.head_of(i), self.head_of(q));
                    if a != b {
                        self.merge(a, b);
                    }
                }
            }
        }
        if n_dead == 0 {
            self.ko = NONE;
            return 0;
        }
        // Captures (a string touching the stone twice is listed once: its
        // pseudo-liberties reach 0 once).
        let mut captured = 0;
        for &h in &dead[..n_dead.min(4)] {
            captured += self.remove_string(h, cv);
        }
        let single = self.strs[self.head_of(i)].stones == 1;
        if captured == 1 && single && self.nbr[i] & NBR_EMPTY == 1 {
            self.ko = dead[0] as u16;
            self.ko_color = opp;
        } else {
            self.ko = NONE;
        }
        debug_assert!(self.strs[self.head_of(i)].plibs > 0, "suicide played");
        captured
    }

    /// Put a stone of colour value `cv` on the empty point `i` as a string of
    /// its own: neighbour counts, its pseudo-liberties, and one
    /// pseudo-liberty less for the string of each adjacent stone. Returns
    /// whether an own stone is adjacent, and the opponent strings left
    /// without pseudo-liberties (to be captured).
    #[inline(always)]
    fn put_stone(&mut self, i: usize, cv: u8) -> (bool, [usize; 4], usize) {
        self.remove_empty(i);
        self.color[i] = cv;
        self.stones[cv as usize & 3] += 1;
        let delta = nbr_one(cv).wrapping_sub(nbr_one(EMPTY));
        let mut me = Str {
            stones: 1,
            ..Str::default()
        };
        let mut dead = [0usize; 4];
        let mut n_dead = 0;
        let mut own = false;
        for q in nbrs(i) {
            self.nbr[q] = self.nbr[q].wrapping_add(delta);
            let v = self.color[q];
            if v == EMPTY {
                me.add(q);
            } else if v != OFF {
                // One pseudo-liberty per adjacent stone.
                let h = self.head_of(q);
                self.strs[h].remove(i);
                if v == cv {
                    own = true;
                } else if self.strs[h].plibs == 0 {
                    dead[n_dead & 3] = h;
                    n_dead += 1;
                }
            }
        }
        self.strs[i] = me;
        self.head[i] = i as u16;
        self.next[i] = i as u16;
        (own, dead, n_dead)
    }

    /// Put a stone on the board as setup (no captures).
    fn place_setup(&mut self, p: Pos, c: Color) {
        let i = p.idx();
        let cv = c as u8;
        self.put_stone(i, cv);
        for q in nbrs(i) {
            if self.color[q] == cv {
                let (a, b) = (self.head_of(i), self.head_of(q));
                if a != b {
                    self.merge(a, b);
                }
            }
        }
    }

    #[inline(always)]
    fn remove_empty(&mut self, i: usize) {
        let k = self.empty_index[i] as usize & (ARR - 1);
        self.n_empty -= 1;
        let last = self.empties[self.n_empty & (ARR - 1)];
        self.empties[k] = last;
        self.empty_index[last as usize & (ARR - 1)] = k as u16;
    }

    #[inline(always)]
    fn add_empty(&mut self, i: usize) {
        self.empty_index[i] = self.n_empty as u16;
        self.empties[self.n_empty & (ARR - 1)] = i as u16;
        self.n_empty += 1;
    }

    /// Join the strings with representatives `a` and `b` (same colour): the
    /// smaller one's stones are relabelled.
    fn merge(&mut self, a: usize, b: usize) {
        let (big, small) = if self.strs[a].stones >= self.strs[b].stones {
            (a, b)
        } else {
            (b, a)
        };
        let mut s = small;
        loop {
            self.head[s] = big as u16;
            s = self.next[s] as usize & (ARR - 1);
            if s == small {
                break;
            }
        }
        self.next.swap(big, small);
        let sm = self.strs[small];
        let bg = &mut self.strs[big];
        bg.stones += sm.stones;
        bg.plibs += sm.plibs;
        bg.sum += sm.sum;
        bg.sum2 += sm.sum2;
    }

    /// Take the string with representative `h` off the board (captured by
    /// `by`), giving each neighbouring stone's string its pseudo-liberty.
    /// Returns the stones removed.
    fn remove_string(&mut self, h: usize, by: u8) -> usize {
        let gone = by ^ 3;
        let delta = nbr_one(EMPTY).wrapping_sub(nbr_one(gone));
        let mut n = 0;
        let mut s = h;
        loop {
            self.color[s] = EMPTY;
            self.add_empty(s);
            n += 1;
            for q in nbrs(s) {
                self.nbr[q] = self.nbr[q].wrapping_add(delta);
                if self.color[q] == by {
                    let hq = self.head_of(q);
                    self.strs[hq].add(s);
                }
            }
            s = self.next[s] as usize & (ARR - 1);
            if s == h {
                break;
            }
        }
        self.stones[gone as usize & 3] -= n as u16;
        n
    }

    /// Are the diagonals of `i`, all of whose orthogonal neighbours are `cv`
    /// or off the board, those of an eye: at most one opponent diagonal in
    /// the middle, none on the edge?
    #[inline(always)]
    fn diagonals_make_eye(&self, i: usize, cv: u8) -> bool {
        let opp = cv ^ 3;
        let d = [i + NS - 1, i - NS - 1, i - NS + 1, i + NS + 1];
        let mut bad = 0;
        let mut off = 0;
        for q in d {
            let v = self.color[q & (ARR - 1)];
            bad += (v == opp) as u32;
            off |= (v == OFF) as u32;
        }
        bad + off < 2
    }

    /// Is the empty point `p` an eye of `c` in the playout sense: all
    /// orthogonal neighbours `c` or off board, and fewer than two diagonals
    /// of the opponent (none on the edge)?
    #[inline]
    pub fn is_eye(&self, p: Pos, c: Color) -> bool {
        let i = p.idx();
        let opp_mask = 0xF << (4 * (c as u16 ^ 3));
        self.nbr[i] & (NBR_EMPTY | opp_mask) == 0 && self.diagonals_make_eye(i, c as u8)
    }

    /// Area score from black's point of view, without komi: stones plus
    /// empty points all of whose neighbours are of one colour. Looks only at
    /// the empty points (few at the end of a playout).
    pub fn area_score(&self) -> i32 {
        let mut score =
            self.stones[Color::Black as usize] as i32 - self.stones[Color::White as usize] as i32;
        let (bm, wm) = (
            0xF << (4 * Color::Black as u16),
            0xF << (4 * Color::White as u16),
        );
        for k in 0..self.n_empty {
            let nb = self.nbr[self.empties[k & (ARR - 1)] as usize & (ARR - 1)];
            score += (nb & bm != 0) as i32 - (nb & wm != 0) as i32;
        }
        score
    }

    /// Owner of each point at the end of a playout (black, white or
    /// neither), by the same rule as [`McBoard::area_score`].
    #[inline]
    pub fn owner(&self, p: Pos) -> Color {
        let i = p.idx();
        match self.color[i] {
            EMPTY => {
                let b = self.neighbor_count(p, Color::Black) > 0;
                let w = self.neighbor_count(p, Color::White) > 0;
                match (b, w) {
                    (true, false) => Color::Black,
                    (false, true) => Color::White,
                    _ => Color::Empty,
                }
            }
            v => color_of(v),
        }
    }

    /// Check every incremental structure against a recount (tests): colours
    /// of neighbours, strings, pseudo-liberties and their sums, the empty
    /// list, the stone counts, the ko point.
    pub fn check_consistency(&self) {
        let mut empties = 0;
        let mut stones = [0u16; 4];
        for &p in &self.points {
            let i = p.idx();
            let want: u16 = nbrs(i).iter().map(|&q| nbr_one(self.color[q])).sum();
            assert_eq!(self.nbr[i], want, "neighbour counts at {p:?}\n{self:?}");
            match self.color[i] {
                EMPTY => {
                    empties += 1;
                    let k = self.empty_index[i] as usize;
                    assert!(k < self.n_empty, "empty index at {p:?}");
                    assert_eq!(self.empties[k] as usize, i, "empty list at {p:?}");
                }
                v => {
                    stones[v as usize] += 1;
                    let h = self.head[i] as usize;
                    assert_eq!(self.color[h], v, "head colour at {p:?}");
                    let mut list = Vec::new();
                    self.string_stones(p, &mut list);
                    assert_eq!(list.len(), self.strs[h].stones as usize, "stones at {p:?}");
                    assert!(list.iter().all(|s| self.head[s.idx()] as usize == h));
                    if h == i {
                        let mut fresh = Str::default();
                        for s in &list {
                            for q in nbrs(s.idx()) {
                                if self.color[q] == EMPTY {
                                    fresh.add(q);
                                }
                            }
                        }
                        let st = self.strs[h];
                        assert_eq!(
                            (st.plibs, st.sum, st.sum2),
                            (fresh.plibs, fresh.sum, fresh.sum2),
                            "pseudo-liberties at {p:?}\n{self:?}"
                        );
                    }
                    let libs = self.countlib(p);
                    assert!(libs > 0, "string without liberty at {p:?}\n{self:?}");
                    assert_eq!(self.in_atari(p), libs == 1, "atari at {p:?}\n{self:?}");
                    if libs == 1 {
                        let l = self.find_liberty(p);
                        assert_eq!(self.color(l), Color::Empty);
                        assert!(l
                            .neighbors()
                            .iter()
                            .any(|q| self.head[q.idx()] as usize == h && self.color[q.idx()] == v));
                    }
                }
            }
        }
        assert_eq!(empties, self.n_empty, "empty count");
        assert_eq!(stones, self.stones, "stone counts");
        if let Some(k) = self.ko_point() {
            assert_eq!(self.color(k), Color::Empty, "ko point not empty");
            assert!(self.ko_color == 1 || self.ko_color == 2);
        }
    }
}
