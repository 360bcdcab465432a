//! The playout board: a lean board for Monte Carlo simulations. It keeps
//! strings as circular stone lists with exact liberty counts, a list of empty
//! points and the simple-ko point, and nothing else: no hash, no undo log.
//! A search copies the root position into a preallocated board once per
//! simulation ([`McBoard::copy_from`]) and plays forward only.

use crate::board::Board;
use crate::point::{Color, Pos, ARR, NS};

const EMPTY: u8 = Color::Empty as u8;
const OFF: u8 = Color::Off as u8;
/// "No point" in the index arrays (index 0 is a border point).
const NONE: u16 = 0;

/// A board for playouts: strings with exact liberty counts, the empty points
/// and the simple-ko point.
#[derive(Clone)]
pub struct McBoard {
    size: usize,
    /// One past the largest index in use.
    limit: usize,
    color: [u8; ARR],
    /// The string a stone belongs to (its representative stone).
    head: [u16; ARR],
    /// Next stone of the same string (a circular list).
    next: [u16; ARR],
    /// Liberties of a string, at its representative.
    libs: [u16; ARR],
    /// Stones of a string, at its representative.
    stones: [u16; ARR],
    empties: Vec<u16>,
    empty_index: [u16; ARR],
    ko: u16,
    mark: [u32; ARR],
    mark_gen: u32,
    points: Vec<Pos>,
}

impl std::fmt::Debug for McBoard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "McBoard {}x{} ko={}", self.size, self.size, self.ko)?;
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

#[inline(always)]
fn color_of(v: u8) -> Color {
    match v {
        0 => Color::Empty,
        1 => Color::White,
        2 => Color::Black,
        _ => Color::Off,
    }
}

impl McBoard {
    /// An empty board of `size` (1 to 25).
    pub fn new(size: usize) -> McBoard {
        let size = size.clamp(1, crate::point::MAX_BOARD);
        let mut b = McBoard {
            size,
            limit: 0,
            color: [OFF; ARR],
            head: [NONE; ARR],
            next: [NONE; ARR],
            libs: [0; ARR],
            stones: [0; ARR],
            empties: Vec::with_capacity(size * size),
            empty_index: [0; ARR],
            ko: NONE,
            mark: [0; ARR],
            mark_gen: 0,
            points: Vec::with_capacity(size * size),
        };
        for i in 0..size {
            for j in 0..size {
                let p = Pos::new(i, j);
                b.points.push(p);
                b.color[p.idx()] = EMPTY;
                b.empty_index[p.idx()] = b.empties.len() as u16;
                b.empties.push(p.idx() as u16);
            }
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
        b.ko = board.ko_point().map_or(NONE, |p| p.idx() as u16);
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
        self.head[..l].copy_from_slice(&other.head[..l]);
        self.next[..l].copy_from_slice(&other.next[..l]);
        self.libs[..l].copy_from_slice(&other.libs[..l]);
        self.stones[..l].copy_from_slice(&other.stones[..l]);
        self.empty_index[..l].copy_from_slice(&other.empty_index[..l]);
        self.empties.clear();
        self.empties.extend_from_slice(&other.empties);
        self.ko = other.ko;
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
    #[inline]
    pub fn empty_count(&self) -> usize {
        self.empties.len()
    }

    /// The `k`-th empty point (in no particular order).
    #[inline(always)]
    pub fn empty_at(&self, k: usize) -> Pos {
        Pos::from_index(self.empties[k] as usize)
    }

    /// The point a simple ko forbids to retake now, if any.
    #[inline]
    pub fn ko_point(&self) -> Option<Pos> {
        (self.ko != NONE).then(|| Pos::from_index(self.ko as usize))
    }

    /// Representative stone of the string at `p` (a stone).
    #[inline(always)]
    pub fn string_id(&self, p: Pos) -> Pos {
        Pos::from_index(self.head[p.idx()] as usize)
    }

    /// Liberties of the string at `p` (a stone).
    #[inline(always)]
    pub fn countlib(&self, p: Pos) -> usize {
        self.libs[self.head[p.idx()] as usize & (ARR - 1)] as usize
    }

    /// Stones in the string at `p` (a stone).
    #[inline(always)]
    pub fn string_size(&self, p: Pos) -> usize {
        self.stones[self.head[p.idx()] as usize & (ARR - 1)] as usize
    }

    /// Some liberty of the string at `p`, or `PASS` when it has none.
    pub fn find_liberty(&self, p: Pos) -> Pos {
        let start = p.idx();
        let mut s = start;
        loop {
            for q in Pos::from_index(s).neighbors() {
                if self.color[q.idx()] == EMPTY {
                    return q;
                }
            }
            s = self.next[s] as usize & (ARR - 1);
            if s == start {
                return Pos::PASS;
            }
        }
    }

    /// Stones of the string at `p`, appended to `out`.
    pub fn string_stones(&self, p: Pos, out: &mut Vec<Pos>) {
        let start = p.idx();
        let mut s = start;
        loop {
            out.push(Pos::from_index(s));
            s = self.next[s] as usize & (ARR - 1);
            if s == start {
                return;
            }
        }
    }

    /// Is playing `c` at the empty point `p` legal (not occupied, not the ko
    /// point, not suicide)?
    #[inline]
    pub fn is_legal(&self, p: Pos, c: Color) -> bool {
        let i = p.idx();
        if self.color[i] != EMPTY || i as u16 == self.ko || p.is_pass() {
            return false;
        }
        let cv = c as u8;
        for q in p.neighbors() {
            let v = self.color[q.idx()];
            if v == EMPTY {
                return true;
            }
            if v == OFF {
                continue;
            }
            let l = self.countlib(q);
            if (v == cv) == (l > 1) {
                // Own string with a spare liberty, or opponent string in atari.
                return true;
            }
        }
        false
    }

    /// Would `c` at `p` capture something?
    #[inline]
    pub fn captures(&self, p: Pos, c: Color) -> bool {
        let opp = c.opponent() as u8;
        p.neighbors()
            .iter()
            .any(|q| self.color[q.idx()] == opp && self.countlib(*q) == 1)
    }

    /// Liberties (0, 1 or 2, where 2 means "two or more") and stones of the
    /// string `c` would have after playing at `p`, captures not counted as
    /// liberties beyond the first. Used to spot self-ataris; the stone count
    /// is exact only when there are fewer than two liberties.
    pub fn libs_after(&mut self, p: Pos, c: Color) -> (usize, usize) {
        let cv = c as u8;
        let opp = c.opponent() as u8;
        // Fast path: two empty neighbours are two liberties.
        if p.neighbors()
            .iter()
            .filter(|q| self.color[q.idx()] == EMPTY)
            .count()
            >= 2
        {
            return (2, 1);
        }
        let mut found = [Pos::PASS; 2];
        let mut n = 0;
        let mut stones = 1;
        let add = |q: Pos, found: &mut [Pos; 2], n: &mut usize| {
            if q != p && !found[..*n].contains(&q) && *n < 2 {
                found[*n] = q;
                *n += 1;
            }
        };
        for q in p.neighbors() {
            let v = self.color[q.idx()];
            if v == EMPTY {
                add(q, &mut found, &mut n);
            } else if v == opp && self.countlib(q) == 1 {
                // A capture frees at least the captured point.
                add(q, &mut found, &mut n);
            }
        }
        if n >= 2 {
            return (2, stones);
        }
        self.mark_gen = self.mark_gen.wrapping_add(1);
        if self.mark_gen == 0 {
            self.mark = [0; ARR];
            self.mark_gen = 1;
        }
        for q in p.neighbors() {
            if self.color[q.idx()] != cv {
                continue;
            }
            let h = self.head[q.idx()] as usize & (ARR - 1);
            if self.mark[h] == self.mark_gen {
                continue;
            }
            self.mark[h] = self.mark_gen;
            stones += self.stones[h] as usize;
            let mut s = h;
            loop {
                for r in Pos::from_index(s).neighbors() {
                    if self.color[r.idx()] == EMPTY {
                        add(r, &mut found, &mut n);
                    }
                }
                s = self.next[s] as usize & (ARR - 1);
                if s == h {
                    break;
                }
            }
        }
        (n.min(2), stones)
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
        let opp = c.opponent() as u8;
        self.remove_empty(i);
        self.color[i] = cv;
        self.head[i] = i as u16;
        self.next[i] = i as u16;
        self.stones[i] = 1;
        let mut heads = [NONE; 4];
        let mut nh = 0;
        let mut empty_nbrs = 0;
        for q in p.neighbors() {
            let v = self.color[q.idx()];
            if v == EMPTY {
                empty_nbrs += 1;
            } else if v == cv || v == opp {
                let h = self.head[q.idx()];
                if !heads[..nh].contains(&h) {
                    heads[nh] = h;
                    nh += 1;
                    self.libs[h as usize & (ARR - 1)] -= 1;
                }
            }
        }
        self.libs[i] = empty_nbrs;
        // Merge with own strings.
        let mut merged = false;
        for &h in &heads[..nh] {
            if self.color[h as usize & (ARR - 1)] == cv {
                self.merge(i, h as usize & (ARR - 1));
                merged = true;
            }
        }
        let me = self.head[i] as usize & (ARR - 1);
        if merged {
            self.libs[me] = self.count_libs(me);
        }
        // Captures.
        let mut captured = 0;
        let mut last_captured = NONE;
        for &h in &heads[..nh] {
            let h = h as usize & (ARR - 1);
            if self.color[h] == opp && self.libs[h] == 0 {
                captured += self.remove_string(h);
                last_captured = h as u16;
            }
        }
        let me = self.head[i] as usize & (ARR - 1);
        self.ko = if captured == 1 && self.stones[me] == 1 && self.libs[me] == 1 {
            last_captured
        } else {
            NONE
        };
        captured
    }

    /// Put a stone on the board as setup (no captures; strings merged and
    /// liberties recounted).
    fn place_setup(&mut self, p: Pos, c: Color) {
        let i = p.idx();
        self.remove_empty(i);
        self.color[i] = c as u8;
        self.head[i] = i as u16;
        self.next[i] = i as u16;
        self.stones[i] = 1;
        for q in p.neighbors() {
            if self.color[q.idx()] == c as u8 {
                let h = self.head[q.idx()] as usize & (ARR - 1);
                if h != self.head[i] as usize {
                    self.merge(i, h);
                }
            }
        }
        // Recount the liberties of every string around (setup is rare).
        let me = self.head[i] as usize & (ARR - 1);
        self.libs[me] = self.count_libs(me);
        for q in p.neighbors() {
            let v = self.color[q.idx()];
            if v != EMPTY && v != OFF {
                let h = self.head[q.idx()] as usize & (ARR - 1);
                self.libs[h] = self.count_libs(h);
            }
        }
    }

    #[inline]
    fn remove_empty(&mut self, i: usize) {
        let k = self.empty_index[i] as usize;
        let last = self.empties.pop().expect("an empty point to remove");
        if last as usize != i {
            self.empties[k] = last;
            self.empty_index[last as usize & (ARR - 1)] = k as u16;
        }
    }

    /// Join the strings of stones `a` and `b` (same colour).
    fn merge(&mut self, a: usize, b: usize) {
        let ha = self.head[a] as usize & (ARR - 1);
        let hb = self.head[b] as usize & (ARR - 1);
        if ha == hb {
            return;
        }
        let (big, small) = if self.stones[ha] >= self.stones[hb] {
            (ha, hb)
        } else {
            (hb, ha)
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
        self.stones[big] += self.stones[small];
    }

    /// Count the liberties of the string with representative `h`.
    fn count_libs(&mut self, h: usize) -> u16 {
        self.mark_gen = self.mark_gen.wrapping_add(1);
        if self.mark_gen == 0 {
            self.mark = [0; ARR];
            self.mark_gen = 1;
        }
        let mut n = 0;
        let mut s = h;
        loop {
            for q in Pos::from_index(s).neighbors() {
                let qi = q.idx();
                if self.color[qi] == EMPTY && self.mark[qi] != self.mark_gen {
                    self.mark[qi] = self.mark_gen;
                    n += 1;
                }
            }
            s = self.next[s] as usize & (ARR - 1);
            if s == h {
                break;
            }
        }
        n
    }

    /// Take the string with representative `h` off the board, giving each
    /// neighbouring string its new liberties. Returns the stones removed.
    fn remove_string(&mut self, h: usize) -> usize {
        let mut n = 0;
        let mut s = h;
        loop {
            self.color[s] = EMPTY;
            self.empty_index[s] = self.empties.len() as u16;
            self.empties.push(s as u16);
            n += 1;
            s = self.next[s] as usize & (ARR - 1);
            if s == h {
                break;
            }
        }
        let mut s = h;
        loop {
            let mut seen = [NONE; 4];
            let mut ns = 0;
            for q in Pos::from_index(s).neighbors() {
                let v = self.color[q.idx()];
                if v != EMPTY && v != OFF {
                    let hq = self.head[q.idx()];
                    if !seen[..ns].contains(&hq) {
                        seen[ns] = hq;
                        ns += 1;
                        self.libs[hq as usize & (ARR - 1)] += 1;
                    }
                }
            }
            s = self.next[s] as usize & (ARR - 1);
            if s == h {
                break;
            }
        }
        n
    }

    /// Is the empty point `p` an eye of `c` in the playout sense: all
    /// orthogonal neighbours `c` or off board, and fewer than two diagonals
    /// of the opponent (none on the edge)?
    #[inline]
    pub fn is_eye(&self, p: Pos, c: Color) -> bool {
        let cv = c as u8;
        for q in p.neighbors() {
            let v = self.color[q.idx()];
            if v != cv && v != OFF {
                return false;
            }
        }
        let opp = c.opponent() as u8;
        let mut bad = 0;
        let mut off = 0;
        for q in p.diagonals() {
            let v = self.color[q.idx()];
            if v == OFF {
                off = 1;
            } else if v == opp {
                bad += 1;
            }
        }
        bad + off < 2
    }

    /// Area score from black's point of view, without komi: stones plus
    /// empty points all of whose neighbours are of one colour.
    pub fn area_score(&self) -> i32 {
        let mut score = 0;
        for &p in &self.points {
            match self.color[p.idx()] {
                2 => score += 1,
                1 => score -= 1,
                0 => {
                    let (mut b, mut w) = (false, false);
                    for q in p.neighbors() {
                        match self.color[q.idx()] {
                            2 => b = true,
                            1 => w = true,
                            _ => {}
                        }
                    }
                    score += b as i32 - w as i32;
                }
                _ => {}
            }
        }
        score
    }

    /// Owner of each point at the end of a playout (black, white or
    /// neither), by the same rule as [`McBoard::area_score`].
    #[inline]
    pub fn owner(&self, p: Pos) -> Color {
        match self.color[p.idx()] {
            0 => {
                let (mut b, mut w) = (false, false);
                for q in p.neighbors() {
                    match self.color[q.idx()] {
                        2 => b = true,
                        1 => w = true,
                        _ => {}
                    }
                }
                match (b, w) {
                    (true, false) => Color::Black,
                    (false, true) => Color::White,
                    _ => Color::Empty,
                }
            }
            v => color_of(v),
        }
    }

    /// Check the string and liberty bookkeeping against a recount (tests).
    pub fn check_consistency(&mut self) {
        let points = self.points.clone();
        let mut empties = 0;
        for &p in &points {
            let i = p.idx();
            match self.color[i] {
                EMPTY => {
                    empties += 1;
                    assert_eq!(self.empties[self.empty_index[i] as usize] as usize, i);
                }
                v => {
                    let h = self.head[i] as usize;
                    assert_eq!(self.color[h], v, "head colour at {p:?}");
                    let mut list = Vec::new();
                    self.string_stones(p, &mut list);
                    assert_eq!(list.len(), self.stones[h] as usize, "stones at {p:?}");
                    assert!(list.iter().all(|s| self.head[s.idx()] as usize == h));
                    assert_eq!(self.count_libs(h), self.libs[h], "libs at {p:?}");
                    assert!(self.libs[h] > 0, "string without liberty at {p:?}");
                }
            }
        }
        assert_eq!(empties, self.empties.len());
    }
}
