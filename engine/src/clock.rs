//! Time control: the settings a controller sends (GTP `time_settings`,
//! `kgs-time_settings`, `time_left`) and the time the engine may spend on a
//! move.

use crate::point::Color;

/// A time system.
#[derive(Clone, Copy, PartialEq, Debug, Default)]
pub enum TimeSystem {
    /// No time limit.
    #[default]
    None,
    /// Main time only (sudden death).
    Absolute {
        /// Main time in seconds.
        main: f64,
    },
    /// Japanese byo-yomi: main time, then `periods` periods of `period` seconds.
    ByoYomi {
        /// Main time in seconds.
        main: f64,
        /// Length of one period.
        period: f64,
        /// Number of periods.
        periods: u32,
    },
    /// Canadian overtime: main time, then `stones` moves every `period` seconds.
    Canadian {
        /// Main time in seconds.
        main: f64,
        /// Length of the overtime block.
        period: f64,
        /// Moves to play in each block.
        stones: u32,
    },
}

/// Time left for one player, as last reported by `time_left`.
#[derive(Clone, Copy, PartialEq, Debug, Default)]
pub struct TimeLeft {
    /// Seconds left (in the current period when in overtime).
    pub seconds: f64,
    /// Stones left in the overtime period, 0 while in main time.
    pub stones: u32,
}

/// The clock of a game.
#[derive(Clone, Debug, Default)]
pub struct Clock {
    /// The time system.
    pub system: TimeSystem,
    left: [Option<TimeLeft>; 2],
}

impl Clock {
    /// Set the time system (resets the reported time left).
    pub fn set_system(&mut self, system: TimeSystem) {
        self.system = system;
        self.left = [None; 2];
    }

    /// GTP `time_settings main byo_yomi_time byo_yomi_stones`: Canadian
    /// overtime, absolute time when byo-yomi time is 0, no limit when byo-yomi
    /// time is positive and stones is 0.
    pub fn set_gtp(&mut self, main: f64, period: f64, stones: u32) {
        let system = if period > 0.0 && stones == 0 {
            TimeSystem::None
        } else if period <= 0.0 {
            TimeSystem::Absolute { main }
        } else {
            TimeSystem::Canadian {
                main,
                period,
                stones,
            }
        };
        self.set_system(system);
    }

    /// Record `time_left` for `color`.
    pub fn set_left(&mut self, color: Color, left: TimeLeft) {
        self.left[color.player_index()] = Some(left);
    }

    /// Time left for `color`, as last reported.
    pub fn left(&self, color: Color) -> Option<TimeLeft> {
        self.left[color.player_index()]
    }

    /// Seconds the engine may spend on its next move as `color`, or `None`
    /// when there is no limit. `moves_left` estimates the moves still to play.
    pub fn budget(&self, color: Color, moves_left: u32) -> Option<f64> {
        let moves_left = moves_left.max(10) as f64;
        let left = self.left(color);
        let safety = 0.85;
        match self.system {
            TimeSystem::None => None,
            TimeSystem::Absolute { main } => {
                let s = left.map_or(main, |l| l.seconds);
                Some((s / moves_left * safety).max(0.05))
            }
            TimeSystem::ByoYomi { main, period, .. } => {
                let s = left.map_or(main, |l| l.seconds);
                let in_byoyomi = left.is_some_and(|l| l.stones > 0) || s <= 0.0;
                Some(if in_byoyomi {
                    period * safety
                } else {
                    s / moves_left + period * safety
                })
            }
            TimeSystem::Canadian {
                main,
                period,
                stones,
            } => match left {
                Some(l) if l.stones > 0 => Some((l.seconds / l.stones as f64 * safety).max(0.05)),
                Some(l) => Some(l.seconds / moves_left + period / stones.max(1) as f64 * safety),
                None => Some(main / moves_left + period / stones.max(1) as f64 * safety),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gtp_time_settings_map_to_systems() {
        let mut c = Clock::default();
        c.set_gtp(600.0, 0.0, 0);
        assert_eq!(c.system, TimeSystem::Absolute { main: 600.0 });
        c.set_gtp(0.0, 30.0, 0);
        assert_eq!(c.system, TimeSystem::None);
        c.set_gtp(60.0, 300.0, 25);
        assert!(matches!(c.system, TimeSystem::Canadian { stones: 25, .. }));
        c.set_left(
            Color::Black,
            TimeLeft {
                seconds: 100.0,
                stones: 10,
            },
        );
        let b = c.budget(Color::Black, 50).unwrap();
        assert!(b > 5.0 && b < 10.0, "{b}");
        assert!(c.budget(Color::White, 50).is_some());
    }
}
