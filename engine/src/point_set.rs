//! Sets of board points, one bit per index of the one-dimensional board
//! (see [`crate::point`]). The owl's evaluation grows distances from the
//! stones of each side a whole ring at a time with [`PointSet::neighbours`]
//! instead of point by point.

use crate::point::{Color, Pos, ARR, BOARD_MAX, NS};

/// Number of 64-bit words of a set: every index of the largest board and
/// its border.
pub(crate) const WORDS: usize = BOARD_MAX.div_ceil(64);
const _: () = assert!(NS > 0 && NS < 64, "a row shift stays within two words");

/// A set of points of the one-dimensional board (border indices
/// included), one bit per array index below [`BOARD_MAX`].
#[derive(Clone, Copy, PartialEq, Eq, Default, Debug)]
pub struct PointSet([u64; WORDS]);

impl PointSet {
    /// The empty set.
    pub const EMPTY: PointSet = PointSet([0; WORDS]);

    /// Add `p` (a point of the board or its border).
    #[inline(always)]
    pub fn insert(&mut self, p: Pos) {
        let i = p.idx();
        debug_assert!(i < BOARD_MAX, "a point of the board or its border");
        if let Some(w) = self.0.get_mut(i >> 6) {
            *w |= 1 << (i & 63);
        }
    }

    /// Is `p` in the set?
    #[inline(always)]
    pub fn contains(&self, p: Pos) -> bool {
        let i = p.idx();
        self.0.get(i >> 6).is_some_and(|w| w & (1 << (i & 63)) != 0)
    }

    /// Does the set hold no point?
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// Number of points in the set.
    #[inline]
    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Points in `self` or in `other`.
    #[inline]
    pub fn union(&self, other: &PointSet) -> PointSet {
        PointSet(std::array::from_fn(|w| self.0[w] | other.0[w]))
    }

    /// Points in both `self` and `other`.
    #[inline]
    pub fn intersection(&self, other: &PointSet) -> PointSet {
        PointSet(std::array::from_fn(|w| self.0[w] & other.0[w]))
    }

    /// Points in `self` but not in `other`.
    #[inline]
    pub fn difference(&self, other: &PointSet) -> PointSet {
        PointSet(std::array::from_fn(|w| self.0[w] & !other.0[w]))
    }

    /// The orthogonal neighbours of the set's points (a point of the set
    /// is in it only as the neighbour of another). Neighbours past either
    /// end of the array are dropped; border indices are kept, so callers
    /// intersect with a set of board points.
    #[inline]
    pub fn neighbours(&self) -> PointSet {
        PointSet(self.neighbour_words::<WORDS>())
    }

    /// The first `N` words of [`PointSet::neighbours`], as if the set's
    /// later words were empty.
    #[inline(always)]
    fn neighbour_words<const N: usize>(&self) -> [u64; N] {
        let s = &self.0;
        // Each word spread by a row less one point, towards higher and
        // towards lower indices: the shifts by 1 and by NS of a word, and
        // the bits the word next to it hands over, each come from one of
        // them (NS - 1 + 64 - NS = 63).
        let high: [u64; N] = std::array::from_fn(|w| s[w] | (s[w] << (NS - 1)));
        let low: [u64; N] = std::array::from_fn(|w| s[w] | (s[w] >> (NS - 1)));
        std::array::from_fn(|w| {
            // Index i + 1 and i + NS: bits move up; i - 1 and i - NS: down.
            let from_prev = if w > 0 { low[w - 1] >> (64 - NS) } else { 0 };
            let from_next = if w + 1 < N {
                high[w + 1] << (64 - NS)
            } else {
                0
            };
            (high[w] << 1) | from_prev | (low[w] >> 1) | from_next
        })
    }

    /// Points not in the set (border indices included).
    #[inline]
    pub fn complement(&self) -> PointSet {
        PointSet(self.0.map(|w| !w))
    }

    /// One step of a breadth-first growth through `passable`: `self`, the
    /// last ring, becomes the points of `passable` next to it that are not
    /// in `reached`, and they join `reached`. False when that ring is empty.
    #[inline]
    pub fn grow(&mut self, reached: &mut PointSet, passable: &PointSet) -> bool {
        self.grow_within::<WORDS>(reached, passable)
    }

    /// [`PointSet::grow`] looking at the first `N` words only: the sets'
    /// later words must be empty in `self` and `passable` (on a small
    /// board every point lies in the first words), so the ring stays in
    /// them too.
    #[inline]
    pub fn grow_within<const N: usize>(
        &mut self,
        reached: &mut PointSet,
        passable: &PointSet,
    ) -> bool {
        debug_assert!(N <= WORDS, "a set has WORDS words");
        debug_assert!(
            self.words_used() <= N && passable.words_used() <= N,
            "the growth stays in the first N words"
        );
        let next = self.neighbour_words::<N>();
        let mut any = 0;
        for (w, &near) in next.iter().enumerate() {
            let ring = near & passable.0[w] & !reached.0[w];
            reached.0[w] |= ring;
            self.0[w] = ring;
            any |= ring;
        }
        any != 0
    }

    /// How many of the set's words, from the first, hold all its points
    /// (0 for the empty set).
    #[inline]
    pub fn words_used(&self) -> usize {
        self.0.iter().rposition(|&w| w != 0).map_or(0, |w| w + 1)
    }

    /// Call `f` on each of the set's points, in increasing index order.
    #[inline]
    pub fn for_each(&self, mut f: impl FnMut(Pos)) {
        for (w, &word) in self.0.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let b = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                f(Pos::from_index(w * 64 + b));
            }
        }
    }

    /// The empty points, the white stones and the black stones of a
    /// board's colour array (border entries are [`Color::Off`] and in no
    /// set), looking at the indices below `end` only (the entries from
    /// `end` on must all be off the board). Eight entries at a time: the
    /// colour's two bits select each byte, and one multiplication gathers
    /// the low bit of eight bytes into one byte of the word.
    pub fn by_colour(colour: &[Color; ARR], end: usize) -> [PointSet; 3] {
        const LOW: u64 = 0x0101_0101_0101_0101;
        // Bit k of the top byte of (m * GATHER) is the low bit of byte k
        // of m, when every byte of m is 0 or 1 (no two terms overlap).
        const GATHER: u64 = 0x0102_0408_1020_4080;
        debug_assert!(end <= WORDS * 64, "a set holds every index below end");
        let mut sets = [PointSet::EMPTY; 3];
        let used = end.div_ceil(64).min(WORDS);
        for (w, chunk) in colour.chunks_exact(64).take(used).enumerate() {
            let (mut empty, mut white, mut black) = (0u64, 0u64, 0u64);
            for (k, eight) in chunk.chunks_exact(8).enumerate() {
                let bytes: [u8; 8] = std::array::from_fn(|b| eight[b] as u8);
                let v = u64::from_le_bytes(bytes);
                let (b0, b1) = (v & LOW, (v >> 1) & LOW);
                let gather = |m: u64| (m.wrapping_mul(GATHER) >> 56) << (8 * k);
                empty |= gather(!(v | (v >> 1)) & LOW);
                white |= gather(b0 & !b1 & LOW);
                black |= gather(b1 & !b0 & LOW);
            }
            sets[Color::Empty as usize].0[w] = empty;
            sets[Color::White as usize].0[w] = white;
            sets[Color::Black as usize].0[w] = black;
        }
        sets
    }

    /// The set's points in increasing index order.
    pub fn to_vec(&self) -> Vec<Pos> {
        let mut v = Vec::new();
        self.for_each(|p| v.push(p));
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::point::MAX_BOARD;

    #[test]
    fn neighbours_are_the_four_orthogonal_points() {
        // Points on both sides of word boundaries and near the array's ends.
        for idx in [
            NS + 1,
            63,
            64,
            65,
            127,
            128,
            300,
            511,
            512,
            640,
            BOARD_MAX - NS - 1,
        ] {
            let p = Pos::from_index(idx);
            let mut s = PointSet::EMPTY;
            s.insert(p);
            let mut want = PointSet::EMPTY;
            for q in p.neighbors() {
                want.insert(q);
            }
            let got = s.neighbours();
            assert_eq!(got, want, "neighbours of index {idx}");
            assert_eq!(got.to_vec().len(), 4);
            assert!(!got.contains(p));
        }
    }

    #[test]
    fn grow_adds_one_ring_through_passable_points() {
        // A corridor of three points on row 4 from column 2; the source
        // is column 1, and column 5 is not passable.
        let mut passable = PointSet::EMPTY;
        for j in 2..5 {
            passable.insert(Pos::new(4, j));
        }
        let mut ring = PointSet::EMPTY;
        ring.insert(Pos::new(4, 1));
        let mut reached = ring;
        for j in 2..5 {
            assert!(ring.grow(&mut reached, &passable));
            assert_eq!(ring.to_vec(), vec![Pos::new(4, j)]);
            assert!(reached.contains(Pos::new(4, j)));
        }
        assert!(!ring.grow(&mut reached, &passable));
        assert!(ring.is_empty());
        assert_eq!(reached.to_vec().len(), 4);
    }

    #[test]
    fn colour_sets_hold_each_colour_of_the_board_points() {
        // Every colour at every kind of index: word boundaries, the
        // array's end, border entries left off.
        let mut colour = [Color::Off; ARR];
        let mut want = [PointSet::EMPTY; 3];
        for i in 0..MAX_BOARD {
            for j in 0..MAX_BOARD {
                let p = Pos::new(i, j);
                let c = [Color::Empty, Color::White, Color::Black][(i * 7 + j * 3 + i * j) % 3];
                colour[p.idx()] = c;
                want[c as usize].insert(p);
            }
        }
        assert_eq!(PointSet::by_colour(&colour, BOARD_MAX), want);
        for (k, set) in want.iter().enumerate() {
            assert!(!set.is_empty(), "colour {k} is on the board");
        }
    }

    #[test]
    fn growth_within_the_used_words_is_the_whole_growth() {
        // A 19x19 board's points lie in the first 9 words: a ring grown
        // from its corners through all but a few isolated points is the
        // same both ways.
        let mut passable = PointSet::EMPTY;
        let mut ring = PointSet::EMPTY;
        for i in 0..19 {
            for j in 0..19 {
                let p = Pos::new(i, j);
                if (i == 0 || i == 18) && (j == 0 || j == 18) {
                    ring.insert(p);
                } else if i % 4 != 2 || j % 4 != 2 {
                    passable.insert(p);
                }
            }
        }
        assert_eq!(passable.union(&ring).words_used(), 9);
        let (mut whole, mut within) = (ring, ring);
        let (mut reached_whole, mut reached_within) = (ring, ring);
        for _ in 0..40 {
            let more = whole.grow(&mut reached_whole, &passable);
            assert_eq!(
                within.grow_within::<9>(&mut reached_within, &passable),
                more
            );
            assert_eq!((whole, reached_whole), (within, reached_within));
        }
        assert!(reached_whole.difference(&ring).len() > 200);
    }

    #[test]
    fn set_operations_and_iteration() {
        let pts = [
            Pos::new(0, 0),
            Pos::new(2, 5),
            Pos::new(18, 18),
            Pos::new(24, 24),
        ];
        let mut a = PointSet::EMPTY;
        for &p in &pts {
            a.insert(p);
        }
        assert!(!a.is_empty());
        assert_eq!(a.to_vec(), pts.to_vec());
        let mut b = PointSet::EMPTY;
        b.insert(pts[1]);
        b.insert(Pos::new(3, 3));
        assert_eq!(a.intersection(&b).to_vec(), vec![pts[1]]);
        assert_eq!(a.difference(&b).to_vec().len(), 3);
        assert_eq!(a.union(&b).to_vec().len(), 5);
        assert!(a.difference(&a).is_empty());
        assert!(b.contains(Pos::new(3, 3)) && !b.contains(Pos::new(3, 4)));
    }
}
