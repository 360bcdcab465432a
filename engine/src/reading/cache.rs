//! The transposition cache of the tactical reader.
//!
//! A fixed-size table of results, indexed by a 64-bit key that combines the
//! board's Zobrist hash (stones and ko point) with everything else the answer
//! depends on: the routine (attack, defence, ladder), the target string and
//! the komaster state. The whole key is stored, so a hit is a match of all
//! 64 bits. Like GNU Go's transposition table, each entry also keeps the
//! stack level it was read at: depth limits count from it, so a result read
//! higher up (with more depth left) answers the same question deeper in the
//! tree, but not the other way round. Because the
//! key covers the whole board, entries stay valid when the real position
//! changes; the cache only needs clearing when the reading parameters or the
//! rules change, which [`super::Reader`] does by itself.

use crate::point::Pos;

/// Which search a cached result belongs to.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(u8)]
pub enum Routine {
    /// Can the string be captured (attacker to move)?
    Attack = 1,
    /// Can the string be saved (defender to move)?
    Defend = 2,
    /// Can the string be captured in a ladder?
    Ladder = 3,
}

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    code: u8,
    stackp: u8,
    mv: Pos,
}

/// Default cache size in megabytes (GNU Go's default is about the same).
pub const DEFAULT_CACHE_MB: f64 = 10.7;

/// The table.
pub struct Cache {
    table: Vec<Entry>,
    mask: usize,
    /// Lookups that found their entry.
    pub hits: u64,
    /// Lookups that did not.
    pub misses: u64,
}

impl Cache {
    /// A cache of about `megabytes` MB (at least 1024 entries).
    pub fn new(megabytes: f64) -> Cache {
        let bytes = (megabytes.max(0.0) * 1024.0 * 1024.0) as usize;
        let want = (bytes / std::mem::size_of::<Entry>()).max(1024);
        let n = if want.is_power_of_two() {
            want
        } else {
            want.next_power_of_two() / 2
        };
        Cache {
            table: vec![Entry::default(); n],
            mask: n - 1,
            hits: 0,
            misses: 0,
        }
    }

    /// Number of entries.
    pub fn capacity(&self) -> usize {
        self.table.len()
    }

    /// Forget every result.
    pub fn clear(&mut self) {
        self.table.fill(Entry::default());
    }

    /// The key of a question: board hash, routine, target string, komaster
    /// colour and ko point.
    #[inline]
    pub fn key(hash: u64, routine: Routine, target: Pos, ko: (u8, Pos)) -> u64 {
        let extra = (routine as u64)
            | (target.idx() as u64) << 4
            | (ko.0 as u64) << 16
            | (ko.1.idx() as u64) << 20;
        let mixed = extra.wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(29) ^ extra;
        // Never 0, which marks an empty slot.
        (hash ^ mixed.wrapping_mul(0xD6E8_FEB8_6659_FD93)) | 1
    }

    /// The result stored under `key`, if any was read at stack level
    /// `stackp` or higher up (with at least as much depth left).
    #[inline]
    pub fn get(&mut self, key: u64, stackp: usize) -> Option<(u8, Pos)> {
        let e = &self.table[key as usize & self.mask];
        if e.key == key && e.stackp as usize <= stackp {
            self.hits += 1;
            Some((e.code, e.mv))
        } else {
            self.misses += 1;
            None
        }
    }

    /// Store a result read at stack level `stackp` (replacing whatever
    /// shared its slot).
    #[inline]
    pub fn put(&mut self, key: u64, stackp: usize, code: u8, mv: Pos) {
        let stackp = stackp.min(u8::MAX as usize) as u8;
        self.table[key as usize & self.mask] = Entry {
            key,
            code,
            stackp,
            mv,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_clears() {
        let mut c = Cache::new(0.1);
        let k = Cache::key(12345, Routine::Attack, Pos::new(3, 3), (0, Pos::NONE));
        assert_eq!(c.get(k, 0), None);
        c.put(k, 2, 1, Pos::new(2, 2));
        assert_eq!(c.get(k, 2), Some((1, Pos::new(2, 2))));
        // Read higher up answers deeper, not the other way round.
        assert_eq!(c.get(k, 5), Some((1, Pos::new(2, 2))));
        assert_eq!(c.get(k, 1), None);
        let other = Cache::key(12345, Routine::Defend, Pos::new(3, 3), (0, Pos::NONE));
        assert_ne!(k, other);
        assert_eq!(c.get(other, 9), None);
        c.clear();
        assert_eq!(c.get(k, 2), None);
    }

    #[test]
    fn size_follows_megabytes() {
        assert!(Cache::new(16.0).capacity() > Cache::new(1.0).capacity());
        assert_eq!(Cache::new(0.0).capacity(), 1024);
    }
}
