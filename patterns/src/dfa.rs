//! The two matchers built at compile time from the oriented patterns of a
//! database:
//!
//! * a DFA over a spiral scan (GNU Go's idea): the board around an anchor is
//!   read in a fixed spiral order; each state is the set of patterns still
//!   consistent with what was read, so one walk from the start state finds
//!   every pattern anchored there. Transitions emit the patterns whose last
//!   cell was just read. Past a state budget the deepest states become
//!   *leaves* that list the patterns left to verify cell by cell.
//! * a neighbourhood index: the anchor and its four neighbours (4^5 = 1024
//!   codes) select the candidate patterns, which are then verified cell by
//!   cell.
//!
//! Board values are numbered 0 empty, 1 `O`, 2 `X`, 3 off board; masks use
//! bit `1 << value`.

use crate::compile::{spiral_cmp, Oriented};
use std::collections::HashMap;

/// Default state budget of a DFA.
pub const STATE_BUDGET: usize = 100_000;
/// Default leaf size: a state with this many live patterns or fewer is a
/// leaf, its patterns verified cell by cell rather than by more states.
pub const LEAF_SIZE: usize = 2;

/// A DFA over the spiral scan.
#[derive(Clone, Debug, Default)]
pub struct Dfa {
    /// The scan order: offsets from the anchor.
    pub spiral: Vec<(i32, i32)>,
    /// `next[s][v]`: state after reading value `v` in state `s` (0 = dead).
    pub next: Vec<[u32; 4]>,
    /// `emit[s][v]`: list of patterns matched by that transition (0 = none).
    pub emit: Vec<[u32; 4]>,
    /// `leaf[s]`: list of patterns to verify on reaching `s` (0 = none).
    pub leaf: Vec<u32>,
    /// Lists: at index `k`, a length then that many oriented-pattern ids;
    /// index 0 is unused so that 0 can mean "no list".
    pub lists: Vec<u32>,
}

/// The start state of every DFA.
pub const START: u32 = 1;

struct Prepared {
    /// (spiral index, mask) in increasing spiral index.
    cells: Vec<(usize, u8)>,
    last: usize,
}

/// The spiral covering every offset within `reach` rows and columns.
pub fn spiral(reach: i32) -> Vec<(i32, i32)> {
    let mut v: Vec<(i32, i32)> = (-reach..=reach)
        .flat_map(|r| (-reach..=reach).map(move |c| (r, c)))
        .collect();
    v.sort_by(|&a, &b| spiral_cmp(a, b));
    v
}

fn intern(lists: &mut Vec<u32>, memo: &mut HashMap<Vec<u32>, u32>, ids: &[u32]) -> u32 {
    if ids.is_empty() {
        return 0;
    }
    if let Some(&k) = memo.get(ids) {
        return k;
    }
    let k = lists.len() as u32;
    lists.push(ids.len() as u32);
    lists.extend_from_slice(ids);
    memo.insert(ids.to_vec(), k);
    k
}

/// Build the DFA of `oriented` over the spiral of radius `reach`, with at
/// most about `budget` states, and leaves where `leaf_size` or fewer
/// patterns are left (0: no such leaves).
pub fn build(oriented: &[Oriented], reach: i32, budget: usize, leaf_size: usize) -> Dfa {
    let spiral = spiral(reach);
    let index: HashMap<(i32, i32), usize> =
        spiral.iter().enumerate().map(|(k, &o)| (o, k)).collect();
    let prepared: Vec<Prepared> = oriented
        .iter()
        .map(|o| {
            let mut cells: Vec<(usize, u8)> = o
                .cells
                .iter()
                .map(|c| (index[&(c.dr, c.dc)], c.mask))
                .collect();
            cells.sort_unstable();
            let last = cells.last().map_or(0, |c| c.0);
            Prepared { cells, last }
        })
        .collect();
    let mask_at = |p: &Prepared, k: usize| -> u8 {
        match p.cells.binary_search_by_key(&k, |c| c.0) {
            Ok(i) => p.cells[i].1,
            Err(_) => 15,
        }
    };

    let mut dfa = Dfa {
        spiral,
        next: vec![[0; 4]; 2],
        emit: vec![[0; 4]; 2],
        leaf: vec![0; 2],
        lists: vec![0],
    };
    let mut list_memo = HashMap::new();
    // States: (depth, alive set) → id. State 0 is dead, 1 the start.
    let all: Vec<u32> = (0..oriented.len() as u32).collect();
    let mut states: HashMap<(usize, Vec<u32>), u32> = HashMap::new();
    let mut queue: std::collections::VecDeque<(u32, usize, Vec<u32>)> = Default::default();
    if all.is_empty() {
        return dfa;
    }
    states.insert((0, all.clone()), START);
    queue.push_back((START, 0, all));
    while let Some((s, k, alive)) = queue.pop_front() {
        for v in 0..4u8 {
            let bit = 1u8 << v;
            let mut done = Vec::new();
            let mut rest = Vec::new();
            for &p in &alive {
                let pp = &prepared[p as usize];
                if mask_at(pp, k) & bit != 0 {
                    if pp.last == k {
                        done.push(p);
                    } else {
                        rest.push(p);
                    }
                }
            }
            dfa.emit[s as usize][v as usize] = intern(&mut dfa.lists, &mut list_memo, &done);
            if rest.is_empty() {
                continue;
            }
            let key = (k + 1, rest);
            let t = match states.get(&key) {
                Some(&t) => t,
                None => {
                    let t = dfa.next.len() as u32;
                    dfa.next.push([0; 4]);
                    dfa.emit.push([0; 4]);
                    if dfa.next.len() >= budget || key.1.len() <= leaf_size {
                        let l = intern(&mut dfa.lists, &mut list_memo, &key.1);
                        dfa.leaf.push(l);
                    } else {
                        dfa.leaf.push(0);
                        queue.push_back((t, key.0, key.1.clone()));
                    }
                    states.insert(key, t);
                    t
                }
            };
            dfa.next[s as usize][v as usize] = t;
        }
    }
    dfa
}

/// The neighbourhood index: for each code of the anchor and its four
/// neighbours (value of spiral cell `k` times `4^k`), the patterns whose
/// cells there accept those values.
#[derive(Clone, Debug, Default)]
pub struct Index {
    /// `start[code]..start[code + 1]` is the code's slice of `list`.
    pub start: Vec<u32>,
    /// Oriented-pattern ids.
    pub list: Vec<u32>,
}

/// Build the neighbourhood index of `oriented`.
pub fn build_index(oriented: &[Oriented]) -> Index {
    let sp = spiral(1);
    let key_cells: Vec<(i32, i32)> = sp[..5].to_vec();
    let mut buckets: Vec<Vec<u32>> = vec![Vec::new(); 1024];
    for (id, o) in oriented.iter().enumerate() {
        let masks: Vec<u8> = key_cells
            .iter()
            .map(|&(r, c)| {
                o.cells
                    .iter()
                    .find(|x| (x.dr, x.dc) == (r, c))
                    .map_or(15, |x| x.mask)
            })
            .collect();
        for (code, bucket) in buckets.iter_mut().enumerate() {
            if (0..5).all(|k| masks[k] & (1 << ((code >> (2 * k)) & 3)) != 0) {
                bucket.push(id as u32);
            }
        }
    }
    let mut idx = Index::default();
    for b in &buckets {
        idx.start.push(idx.list.len() as u32);
        idx.list.extend_from_slice(b);
    }
    idx.start.push(idx.list.len() as u32);
    idx
}

/// Run the DFA on a value function (for tests of the construction): every
/// oriented pattern found at the anchor, in no particular order.
pub fn run(dfa: &Dfa, oriented: &[Oriented], value: impl Fn(i32, i32) -> u8) -> Vec<u32> {
    let mut out = Vec::new();
    let mut s = START;
    let mut k = 0;
    let list = |l: u32| -> &[u32] {
        let l = l as usize;
        &dfa.lists[l + 1..l + 1 + dfa.lists[l] as usize]
    };
    while s != 0 {
        if dfa.leaf[s as usize] != 0 {
            for &p in list(dfa.leaf[s as usize]) {
                let o = &oriented[p as usize];
                if o.cells
                    .iter()
                    .all(|c| c.mask & (1 << value(c.dr, c.dc)) != 0)
                {
                    out.push(p);
                }
            }
            break;
        }
        let (r, c) = dfa.spiral[k];
        let v = value(r, c) as usize;
        let e = dfa.emit[s as usize][v];
        if e != 0 {
            out.extend_from_slice(list(e));
        }
        s = dfa.next[s as usize][v];
        k += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compile::orientations;
    use crate::parse::parse_db;

    fn db(text: &str) -> Vec<Oriented> {
        let (ps, errs) = parse_db(text, "t.db");
        assert!(errs.is_empty(), "{errs:?}");
        ps.iter()
            .enumerate()
            .flat_map(|(k, p)| orientations(p, k))
            .collect()
    }

    /// Brute force: does oriented pattern `o` match with values `value`?
    fn matches(o: &Oriented, value: &impl Fn(i32, i32) -> u8) -> bool {
        o.cells
            .iter()
            .all(|c| c.mask & (1 << value(c.dr, c.dc)) != 0)
    }

    #[test]
    fn dfa_and_index_agree_with_brute_force() {
        let os = db("Pattern A\n\nXO.\n.*.\n\n:8,1,shape\n\nPattern B\n\n.o.\nx*?\n\n:8,1,shape\n\nPattern C\n\n+---\n|.*.\n|...\n\n:8,1,edge\n\nPattern D\n\nO\n\n:8,1,connection\n");
        let dfa = build(&os, 3, STATE_BUDGET, 0);
        let small = build(&os, 3, 8, 0);
        let leafy = build(&os, 3, STATE_BUDGET, 2);
        let idx = build_index(&os);
        let mut seed = 12345u64;
        for _ in 0..3000 {
            let mut vals = [[0u8; 7]; 7];
            for row in vals.iter_mut() {
                for v in row.iter_mut() {
                    seed = seed
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    *v = match (seed >> 33) % 10 {
                        0..=4 => 0,
                        5 | 6 => 1,
                        7 | 8 => 2,
                        _ => 3,
                    };
                }
            }
            let value = |r: i32, c: i32| vals[(r + 3) as usize][(c + 3) as usize];
            let mut want: Vec<u32> = (0..os.len() as u32)
                .filter(|&p| matches(&os[p as usize], &value))
                .collect();
            let mut got = run(&dfa, &os, value);
            got.sort_unstable();
            want.sort_unstable();
            assert_eq!(got, want);
            let mut got = run(&small, &os, value);
            got.sort_unstable();
            assert_eq!(got, want, "with leaves");
            let mut got = run(&leafy, &os, value);
            got.sort_unstable();
            assert_eq!(got, want, "with small leaves");
            let code: usize = (0..5)
                .map(|k| {
                    let (r, c) = dfa.spiral[k];
                    (value(r, c) as usize) << (2 * k)
                })
                .sum();
            let mut got: Vec<u32> = idx.list
                [idx.start[code] as usize..idx.start[code + 1] as usize]
                .iter()
                .copied()
                .filter(|&p| matches(&os[p as usize], &value))
                .collect();
            got.sort_unstable();
            assert_eq!(got, want, "index");
        }
    }
}
