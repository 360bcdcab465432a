//! The engine: a game plus everything move generation needs (settings, the
//! random generator, and later the analysis caches). Interfaces (GTP, GMP, the
//! terminal) own one `Engine` and pass it around; there are no globals.

use crate::game::Game;
use crate::genmove::{self, GenMode};
use crate::point::{Color, Pos};
use crate::reading::Reader;
use crate::score::{self, Count};
use rand::rngs::SmallRng;
use rand::SeedableRng;

/// Settings that shape how the engine plays.
#[derive(Clone, Copy, Debug)]
pub struct Config {
    /// Strength level, 0 to 10 and beyond (GNU Go's `--level`, default 10).
    pub level: i32,
    /// Which pattern databases move generation uses (`--nofuseki`,
    /// `--nofusekidb`, `--nojosekidb`).
    pub patterns: crate::patterns::PatternOptions,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            level: 10,
            patterns: crate::patterns::PatternOptions::default(),
        }
    }
}

/// A status of a string at the end of the game (GTP `final_status_list`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum FinalStatus {
    /// Stays on the board.
    Alive,
    /// Removed before counting.
    Dead,
    /// Alive in seki.
    Seki,
}

/// A Go engine: one game and the machinery to play it.
pub struct Engine {
    /// The game being played.
    pub game: Game,
    /// Settings.
    pub config: Config,
    /// The tactical reader: its depth parameters, cache and node counters.
    pub reader: Reader,
    seed: u64,
    rng: SmallRng,
}

impl Engine {
    /// An engine for a game on a board of `size`, with random seed `seed`.
    pub fn new(size: usize, seed: u64) -> Engine {
        Engine {
            game: Game::new(size),
            config: Config::default(),
            reader: Reader::new(Config::default().level, crate::reading::DEFAULT_CACHE_MB),
            seed,
            rng: SmallRng::seed_from_u64(seed),
        }
    }

    /// The tactical reader, its parameters following the current level.
    pub fn reader(&mut self) -> &mut Reader {
        self.reader.set_level(self.config.level);
        &mut self.reader
    }

    /// The game board and the reader together, for reading questions about
    /// the current position (the reader follows the current level).
    pub fn board_and_reader(&mut self) -> (&mut crate::board::Board, &mut Reader) {
        self.reader.set_level(self.config.level);
        (self.game.board_mut(), &mut self.reader)
    }

    /// The random seed in use.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Restart the random generator from `seed`.
    pub fn set_seed(&mut self, seed: u64) {
        self.seed = seed;
        self.rng = SmallRng::seed_from_u64(seed);
    }

    /// Choose a move for `color` in the current position (not played).
    pub fn choose_move(&mut self, color: Color, mode: GenMode) -> Pos {
        self.reader.set_level(self.config.level);
        let patterns = self.config.patterns;
        genmove::genmove_with(
            &mut self.game,
            &mut self.reader,
            color,
            mode,
            &patterns,
            &mut self.rng,
        )
    }

    /// Choose a move for `color` and play it. Returns the move.
    pub fn genmove(&mut self, color: Color, mode: GenMode) -> Pos {
        let mv = self.choose_move(color, mode);
        self.game
            .play(color, mv)
            .expect("genmove chose a legal move");
        mv
    }

    /// Status of the stone at `p` for final scoring.
    pub fn final_status(&self, p: Pos) -> Option<FinalStatus> {
        // Until the life-and-death analysis exists, every stone left on the
        // board is counted as alive.
        self.game
            .board()
            .color(p)
            .is_stone()
            .then_some(FinalStatus::Alive)
    }

    /// Stones with final status `status`, in board order.
    pub fn final_status_list(&self, status: FinalStatus) -> Vec<Pos> {
        let b = self.game.board();
        b.points()
            .iter()
            .copied()
            .filter(|&p| self.final_status(p) == Some(status))
            .collect()
    }

    /// Count the position under the game's rules, dead stones removed.
    pub fn count(&self) -> Count {
        let dead = self.final_status_list(FinalStatus::Dead);
        score::count(
            self.game.board(),
            &dead,
            self.game.rules().scoring,
            self.game.komi(),
        )
    }

    /// The score as GTP `final_score` writes it.
    pub fn final_score(&self) -> String {
        score::format_margin(self.count().margin())
    }
}
