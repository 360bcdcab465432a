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
    /// Explicit owl limits (`--owl-node-limit`, `--owl-reading`,
    /// `--owl-branch`), for the engine's owl and move generation's.
    pub owl: crate::owl::OwlOverrides,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            level: 10,
            patterns: crate::patterns::PatternOptions::default(),
            owl: crate::owl::OwlOverrides::default(),
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
    /// The owl (life-and-death) reader: its limits, cache and node counter.
    pub owl: crate::owl::Owl,
    /// The Monte Carlo player (`--monte-carlo`); `None` for the classical
    /// engine.
    pub mc: Option<crate::mc::MonteCarlo>,
    /// The last analysis (worms, eyes, dragons), kept until the position
    /// changes; see [`Engine::analysis`].
    analysis: Option<std::sync::Arc<crate::analysis::Analysis>>,
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
            owl: crate::owl::Owl::new(Config::default().level),
            mc: None,
            analysis: None,
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

    /// The analysis of the current position (worms, eyes, dragons,
    /// unconditional status), computed on first use after each change of
    /// position and shared until the next one.
    pub fn analysis(&mut self) -> std::sync::Arc<crate::analysis::Analysis> {
        let key = crate::analysis::Analysis::key(self.game.board());
        if let Some(a) = &self.analysis {
            if a.key == key {
                return a.clone();
            }
        }
        self.reader.set_level(self.config.level);
        self.sync_owl();
        let a = std::sync::Arc::new(crate::analysis::Analysis::with_owl(
            self.game.board_mut(),
            &mut self.reader,
            &mut self.owl,
        ));
        self.analysis = Some(a.clone());
        a
    }

    /// The board, the reader and the owl reader together, for owl
    /// questions about the current position (both follow the level).
    pub fn board_reader_owl(
        &mut self,
    ) -> (&mut crate::board::Board, &mut Reader, &mut crate::owl::Owl) {
        self.reader.set_level(self.config.level);
        self.sync_owl();
        (self.game.board_mut(), &mut self.reader, &mut self.owl)
    }

    /// The owl's limits as the settings say: the level's, with the
    /// explicit ones on top.
    fn sync_owl(&mut self) {
        self.owl.set_level(self.config.level);
        self.owl.set_overrides(self.config.owl);
    }

    /// The dragons of the current position without owl reading (the
    /// stored analysis when there is one for this position): what the owl
    /// commands need to know which stones form a dragon.
    pub fn static_analysis(&mut self) -> std::sync::Arc<crate::analysis::Analysis> {
        let key = crate::analysis::Analysis::key(self.game.board());
        if let Some(a) = &self.analysis {
            if a.key == key {
                return a.clone();
            }
        }
        self.reader.set_level(self.config.level);
        std::sync::Arc::new(crate::analysis::Analysis::without_owl(
            self.game.board_mut(),
            &mut self.reader,
        ))
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
        if self.mc.is_some() {
            // Without a clock: the playout budget of the level. A
            // resignation is a pass here (GTP asks `mc_genmove` instead).
            return match self.mc_genmove(color, mode, None) {
                crate::mc::Decision::Play(p) => p,
                crate::mc::Decision::Resign => Pos::PASS,
            };
        }
        self.reader.set_level(self.config.level);
        let patterns = self.config.patterns;
        genmove::genmove_with(
            &mut self.game,
            &mut self.reader,
            color,
            mode,
            &patterns,
            &self.config.owl,
            &mut self.rng,
        )
    }

    /// The Monte Carlo player's decision for `color` (the engine must have
    /// one: `self.mc`), within `seconds` of wall time when given and the
    /// playout budget of the level. Not played.
    pub fn mc_genmove(
        &mut self,
        color: Color,
        mode: GenMode,
        seconds: Option<f64>,
    ) -> crate::mc::Decision {
        use rand::Rng;
        let seed = self.rng.gen::<u64>();
        let level = self.config.level;
        let Some(mc) = self.mc.as_mut() else {
            return crate::mc::Decision::Play(Pos::PASS);
        };
        let limits = crate::mc::Limits {
            playouts: mc.playouts_for_level(level),
            time: seconds.map(|s| std::time::Duration::from_secs_f64(s.max(0.01))),
            early_stop: true,
        };
        mc.genmove(
            &mut self.game,
            color,
            limits,
            seed,
            mode == GenMode::Cleanup,
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

    /// Status of the stone at `p` for final scoring, from the dragons:
    /// dead dragons are removed, a dead or critical dragon locked in a
    /// mutual standoff with an equally weak neighbour is seki, everything
    /// else stays.
    pub fn final_status(&mut self, p: Pos) -> Option<FinalStatus> {
        if !self.game.board().color(p).is_stone() {
            return None;
        }
        let a = self.analysis();
        Some(crate::dragon::final_status(
            self.game.board(),
            &a.dragons,
            p,
        ))
    }

    /// Stones with final status `status`, in board order.
    pub fn final_status_list(&mut self, status: FinalStatus) -> Vec<Pos> {
        let a = self.analysis();
        let b = self.game.board();
        b.points()
            .iter()
            .copied()
            .filter(|&p| {
                b.color(p).is_stone() && crate::dragon::final_status(b, &a.dragons, p) == status
            })
            .collect()
    }

    /// Count the position under the game's rules, dead stones removed.
    pub fn count(&mut self) -> Count {
        let dead = self.final_status_list(FinalStatus::Dead);
        score::count(
            self.game.board(),
            &dead,
            self.game.rules().scoring,
            self.game.komi(),
        )
    }

    /// The score as GTP `final_score` writes it.
    pub fn final_score(&mut self) -> String {
        score::format_margin(self.count().margin())
    }
}
