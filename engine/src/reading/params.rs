//! Depth parameters of the tactical reader, scaled by the playing level.
//!
//! All depths are compared with the board's stack level (`stackp`): the
//! number of moves tried on top of the real position. The defaults at level
//! 10 are GNU Go 3.8's, and like GNU Go's they shrink at lower levels and grow
//! above 10.

/// Depth and node limits of tactical reading.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct DepthParams {
    /// Beyond this depth a string with three liberties counts as safe and
    /// only ladder-like ataris are read (GNU Go's `depth`, `-D`).
    pub depth: i32,
    /// Beyond this depth readers stop branching into second-choice moves
    /// (nets, second-order liberties, edge tactics) (`--branch-depth`).
    pub branch_depth: i32,
    /// Backfilling moves of the attacker are tried up to this depth
    /// (`--backfill-depth`, `-B`).
    pub backfill_depth: i32,
    /// Backfilling moves of the defender are tried up to this depth
    /// (`--backfill2-depth`).
    pub backfill2_depth: i32,
    /// Counter-ataris on neighbours with two liberties are tried up to this
    /// depth (`--break-chain-depth`).
    pub break_chain_depth: i32,
    /// Strings with four liberties are attacked only up to this depth
    /// (`--fourlib-depth`, `-F`).
    pub fourlib_depth: i32,
    /// Conditional ko captures (taking a ko after a threat) are tried up to
    /// this depth (`--ko-depth`, `-K`).
    pub ko_depth: i32,
    /// Moves of neighbouring strings that share liberties with the target
    /// (the superstring) are tried up to this depth (`--superstring-depth`).
    pub superstring_depth: i32,
    /// Most reading nodes one top-level question may spend; 0 for no limit.
    /// Past it, attacks fail and defences succeed.
    pub node_limit: u64,
}

impl Default for DepthParams {
    fn default() -> Self {
        DepthParams::for_level(10)
    }
}

impl DepthParams {
    /// The parameters for playing level `level` (10 is the default).
    pub fn for_level(level: i32) -> DepthParams {
        // Above level 10 every depth grows by one per level; below it they
        // shrink by one every second level at first, then faster, never
        // under a floor that keeps ladders and captures readable.
        let up = (level - 10).max(0);
        let down = if level >= 9 {
            0
        } else if level >= 7 {
            1
        } else {
            (9 - level) / 2 + (7 - level).max(0)
        };
        let d = |base: i32, floor: i32| (base + up - down).max(floor);
        DepthParams {
            depth: d(16, 8),
            branch_depth: d(13, 5),
            backfill_depth: d(12, 4),
            backfill2_depth: d(5, 1),
            break_chain_depth: d(7, 2),
            fourlib_depth: d(7, 1),
            ko_depth: d(8, 1),
            superstring_depth: if level >= 8 { 7 } else { 0 },
            node_limit: if level >= 10 {
                200_000 << (level - 10).min(6)
            } else {
                (200_000 >> ((10 - level) / 2).min(6)).max(5_000)
            },
        }
    }
}

impl DepthParams {
    /// Add `delta` to every depth (not the node limit).
    pub fn shift(&mut self, delta: i32) {
        for d in [
            &mut self.depth,
            &mut self.branch_depth,
            &mut self.backfill_depth,
            &mut self.backfill2_depth,
            &mut self.break_chain_depth,
            &mut self.fourlib_depth,
            &mut self.ko_depth,
            &mut self.superstring_depth,
        ] {
            *d += delta;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn level_ten_has_gnugo_defaults() {
        let p = DepthParams::for_level(10);
        assert_eq!(
            (p.depth, p.branch_depth, p.backfill_depth, p.backfill2_depth),
            (16, 13, 12, 5)
        );
        assert_eq!(
            (
                p.break_chain_depth,
                p.fourlib_depth,
                p.ko_depth,
                p.superstring_depth
            ),
            (7, 7, 8, 7)
        );
    }

    #[test]
    fn depths_grow_with_level_and_keep_a_floor() {
        let low = DepthParams::for_level(0);
        let high = DepthParams::for_level(12);
        assert!(low.depth < 16 && low.depth >= 8);
        assert_eq!(high.depth, 18);
        assert!(low.node_limit < high.node_limit);
        for l in -5..20 {
            let p = DepthParams::for_level(l);
            assert!(p.depth >= p.branch_depth && p.ko_depth >= 1);
        }
    }
}
