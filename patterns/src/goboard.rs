//! A small, simple Go board for the database tools (replaying game records
//! and joseki trees). Not for search: the engine's board is the fast one,
//! but the engine build-depends on this crate, so the tools cannot use it.

/// Contents of a point.
pub const EMPTY: u8 = 0;
/// A black stone.
pub const BLACK: u8 = 1;
/// A white stone.
pub const WHITE: u8 = 2;

/// The other colour.
pub fn other(c: u8) -> u8 {
    3 - c
}

/// A square board with captures (no ko bookkeeping: records are legal).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GoBoard {
    /// Side length.
    pub size: usize,
    /// Points, row-major: `EMPTY`, `BLACK` or `WHITE`.
    pub cells: Vec<u8>,
}

impl GoBoard {
    /// An empty board.
    pub fn new(size: usize) -> GoBoard {
        GoBoard {
            size,
            cells: vec![EMPTY; size * size],
        }
    }

    /// The point at row `r`, column `c`.
    pub fn get(&self, r: usize, c: usize) -> u8 {
        self.cells[r * self.size + c]
    }

    /// The value at (`r`, `c`) given as signed coordinates: `None` off board.
    pub fn get_signed(&self, r: i32, c: i32) -> Option<u8> {
        let n = self.size as i32;
        (r >= 0 && c >= 0 && r < n && c < n).then(|| self.cells[(r * n + c) as usize])
    }

    /// Put a stone or clear a point, no captures (setup).
    pub fn set(&mut self, r: usize, c: usize, v: u8) {
        self.cells[r * self.size + c] = v;
    }

    fn neighbours(&self, k: usize) -> impl Iterator<Item = usize> + '_ {
        let n = self.size;
        let (r, c) = (k / n, k % n);
        [
            (r > 0).then(|| k - n),
            (r + 1 < n).then(|| k + n),
            (c > 0).then(|| k - 1),
            (c + 1 < n).then(|| k + 1),
        ]
        .into_iter()
        .flatten()
    }

    /// The string at `k` and its liberty count.
    fn string(&self, k: usize) -> (Vec<usize>, usize) {
        let col = self.cells[k];
        let mut stones = vec![k];
        let mut seen = vec![false; self.cells.len()];
        seen[k] = true;
        let mut libs = 0;
        let mut i = 0;
        while i < stones.len() {
            let p = stones[i];
            i += 1;
            for q in self.neighbours(p) {
                if seen[q] {
                    continue;
                }
                seen[q] = true;
                if self.cells[q] == EMPTY {
                    libs += 1;
                } else if self.cells[q] == col {
                    stones.push(q);
                }
            }
        }
        (stones, libs)
    }

    /// Liberties of the string at (`r`, `c`).
    pub fn liberties(&self, r: usize, c: usize) -> usize {
        self.string(r * self.size + c).1
    }

    /// Play `col` at (`r`, `c`) with captures. Returns the number of stones
    /// captured, or `None` if the point is taken or the move is suicide
    /// (the board is then unchanged).
    pub fn play(&mut self, r: usize, c: usize, col: u8) -> Option<usize> {
        let k = r * self.size + c;
        if self.cells[k] != EMPTY {
            return None;
        }
        self.cells[k] = col;
        let mut captured = 0;
        let ns: Vec<usize> = self.neighbours(k).collect();
        for q in ns {
            if self.cells[q] == other(col) {
                let (stones, libs) = self.string(q);
                if libs == 0 {
                    captured += stones.len();
                    for s in stones {
                        self.cells[s] = EMPTY;
                    }
                }
            }
        }
        if captured == 0 && self.string(k).1 == 0 {
            self.cells[k] = EMPTY;
            return None;
        }
        Some(captured)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn captures_and_suicide() {
        let mut b = GoBoard::new(5);
        b.play(0, 1, BLACK).unwrap();
        b.play(0, 0, WHITE).unwrap();
        assert_eq!(b.play(1, 0, BLACK), Some(1));
        assert_eq!(b.get(0, 0), EMPTY);
        assert_eq!(b.play(0, 0, WHITE), None);
        assert_eq!(b.get(0, 0), EMPTY);
        assert_eq!(b.play(0, 1, WHITE), None);
        assert_eq!(b.liberties(0, 1), 3);
    }
}
