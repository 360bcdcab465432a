//! 3x3 pattern weights for the playout policy.
//!
//! A pattern is the neighbourhood of an empty point seen by the player to
//! move: the colour of each of the eight neighbours (own, opponent, empty,
//! off board) and, for the four orthogonal neighbours, whether the stone
//! there is in atari. Its weight says how much more often strong players
//! chose a point with this neighbourhood than an average point (1.0).
//!
//! File format (`mc_*.db`, one pattern a line; lines starting with `//` are
//! comments):
//!
//! ```text
//! XO. .?. ##x  3.52
//! ```
//!
//! three rows of three characters (top to bottom; the centre is `?`), then
//! the weight. `X` own stone, `O` opponent stone, `x`/`o` the same in
//! atari, `.` empty, `#` off board. Every pattern stands for its eight
//! rotations and reflections. Unlisted patterns weigh 1.0.

/// Number of distinct pattern keys: 16 colour bits and 4 atari bits.
pub const KEYS: usize = 1 << 20;

/// Fixed-point scale of the stored weights (a weight of 1.0 is `SCALE`).
pub const SCALE: f32 = 64.0;

/// Offsets of the eight neighbours in (row, column), clockwise from north.
pub const RING: [(i32, i32); 8] = [
    (-1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
];

/// The compiled-in pattern weights learned from the game records.
pub const BUILTIN_3X3: &str = include_str!("mc_3x3.db");

/// Names accepted by `--mc-patterns`.
pub const BUILTIN_NAMES: &[&str] = &["mc_3x3", "mc_uniform"];

/// Weight from which a pattern is *strong*: the playout policy plays
/// strong patterns around the last move.
pub const STRONG_WEIGHT: f32 = 1.5;

/// A table of weights indexed by pattern key.
#[derive(Clone)]
pub struct PatternTable {
    weights: Vec<u16>,
    /// One bit per key: is its weight at least [`STRONG_WEIGHT`]? (128 KiB
    /// that stay in cache, where the 2 MiB of weights do not.)
    strong: Vec<u64>,
    /// Number of patterns read (before expansion to all orientations).
    pub count: usize,
}

impl std::fmt::Debug for PatternTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "PatternTable({} patterns)", self.count)
    }
}

/// Code of one neighbour: 0 empty, 1 own, 2 opponent, 3 off board.
fn code(ch: char) -> Option<(u32, bool)> {
    Some(match ch {
        '.' => (0, false),
        'X' => (1, false),
        'O' => (2, false),
        'x' => (1, true),
        'o' => (2, true),
        '#' => (3, false),
        _ => return None,
    })
}

/// The key of a neighbourhood given as codes around the ring and atari flags
/// (the atari flags of the diagonal entries are ignored).
pub fn key_of(ring: &[(u32, bool); 8]) -> usize {
    let mut k = 0usize;
    for (n, &(c, a)) in ring.iter().enumerate() {
        k |= (c as usize) << (2 * n);
        if n % 2 == 0 && a && (c == 1 || c == 2) {
            k |= 1 << (16 + n / 2);
        }
    }
    k
}

impl PatternTable {
    /// A table where every pattern weighs 1.0.
    pub fn uniform() -> PatternTable {
        PatternTable {
            weights: vec![SCALE as u16; KEYS],
            strong: vec![0; KEYS / 64],
            count: 0,
        }
    }

    /// The compiled-in table called `name` (see [`BUILTIN_NAMES`]).
    pub fn builtin(name: &str) -> Result<PatternTable, String> {
        match name {
            "mc_3x3" | "mc_3x3.db" | "default" => PatternTable::parse(BUILTIN_3X3),
            "mc_uniform" | "uniform" | "none" => Ok(PatternTable::uniform()),
            _ => Err(format!(
                "unknown Monte Carlo pattern set '{name}' (known: {})",
                BUILTIN_NAMES.join(", ")
            )),
        }
    }

    /// Read a weights file ([module documentation](self) for the format).
    pub fn parse(text: &str) -> Result<PatternTable, String> {
        let mut t = PatternTable::uniform();
        for (lineno, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with("//") {
                continue;
            }
            let words: Vec<&str> = line.split_whitespace().collect();
            let bad = |why: &str| format!("line {}: {why}: '{line}'", lineno + 1);
            if words.len() < 4 {
                return Err(bad("expected three rows and a weight"));
            }
            let rows = &words[..3];
            if rows.iter().any(|r| r.chars().count() != 3) {
                return Err(bad("a row is not three characters"));
            }
            let weight: f32 = words[3].parse().map_err(|_| bad("bad weight"))?;
            if !(weight.is_finite() && weight >= 0.0) {
                return Err(bad("weight must be a number ≥ 0"));
            }
            let grid: Vec<Vec<char>> = rows.iter().map(|r| r.chars().collect()).collect();
            if grid[1][1] != '?' && grid[1][1] != '.' {
                return Err(bad("the centre must be '?'"));
            }
            let mut codes = [[(0u32, false); 3]; 3];
            for r in 0..3 {
                for c in 0..3 {
                    if (r, c) == (1, 1) {
                        continue;
                    }
                    codes[r][c] = code(grid[r][c]).ok_or_else(|| bad("unknown character"))?;
                }
            }
            let w = (weight * SCALE).round().clamp(0.0, u16::MAX as f32) as u16;
            for sym in 0..8 {
                let mut ring = [(0u32, false); 8];
                for (n, &(dr, dc)) in RING.iter().enumerate() {
                    let (r, c) = transform(sym, dr, dc);
                    ring[n] = codes[(r + 1) as usize][(c + 1) as usize];
                }
                t.weights[key_of(&ring)] = w;
            }
            t.count += 1;
        }
        let min = (STRONG_WEIGHT * SCALE).round() as u16;
        for (k, &w) in t.weights.iter().enumerate() {
            if w >= min {
                t.strong[k / 64] |= 1 << (k % 64);
            }
        }
        Ok(t)
    }

    /// Is the pattern `key` strong (weight at least [`STRONG_WEIGHT`])?
    #[inline(always)]
    pub fn is_strong(&self, key: usize) -> bool {
        let k = key & (KEYS - 1);
        self.strong[k / 64] >> (k % 64) & 1 != 0
    }

    /// Weight of the pattern `key`, in units of 1/[`SCALE`].
    #[inline(always)]
    pub fn weight(&self, key: usize) -> u32 {
        self.weights[key & (KEYS - 1)] as u32
    }
}

/// One of the eight symmetries of the square applied to an offset.
pub fn transform(sym: usize, r: i32, c: i32) -> (i32, i32) {
    let (r, c) = if sym & 4 != 0 { (c, r) } else { (r, c) };
    let r = if sym & 1 != 0 { -r } else { r };
    let c = if sym & 2 != 0 { -c } else { c };
    (r, c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pattern_stands_for_all_its_orientations() {
        let t = PatternTable::parse("// test\nXO. .?. ##x  3.5\n").unwrap();
        assert_eq!(t.count, 1);
        let listed = (0..KEYS).filter(|&k| t.weight(k) != SCALE as u32).count();
        // Eight orientations, all distinct for this asymmetric pattern.
        assert_eq!(listed, 8);
        // The pattern as listed, read clockwise from north: opponent,
        // empty, empty, own (a diagonal: its atari flag is dropped), off,
        // off, empty, own.
        let ring = [
            (2, false),
            (0, false),
            (0, false),
            (1, false),
            (3, false),
            (3, false),
            (0, false),
            (1, false),
        ];
        assert_eq!(t.weight(key_of(&ring)), (3.5 * SCALE) as u32);
        assert!(PatternTable::parse("XO. .?. ##x").is_err());
        assert!(PatternTable::parse("XO. .?. ##z 1.0").is_err());
        assert!(PatternTable::parse("XO. .?. ##x -1").is_err());
    }

    #[test]
    fn builtin_tables_load() {
        let t = PatternTable::builtin("mc_3x3").unwrap();
        assert!(t.count > 100, "{} patterns", t.count);
        assert!(PatternTable::builtin("nonsense").is_err());
    }
}
