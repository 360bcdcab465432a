//! The command line: GNU Go's options where GNU Go has one, parsed by clap.

use crate::session::Session;
use crate::sgfio::{self, Until};
use clap::{Args, Parser, Subcommand, ValueEnum};
use engine::{Color, Engine, KoRule, Rules, Scoring, SuicideRule};
use std::path::PathBuf;

/// How the program talks to the world.
#[derive(Clone, Copy, PartialEq, Eq, Debug, ValueEnum)]
pub enum Mode {
    /// Go Text Protocol on stdin/stdout (for GoGui, Sabaki, kgsGtp…).
    Gtp,
    /// A game in the terminal.
    Ascii,
    /// Go Modem Protocol on stdin/stdout (CGoban 1, GMP programs); asks the
    /// other side the game settings.
    Gmp,
    /// Simplified GMP (tournament style): asks nothing, answers queries.
    Sgmp,
}

/// tesuji: a Go engine in the tradition of GNU Go.
#[derive(Parser, Debug)]
#[command(name = "tesuji", version, about, long_about = None, args_conflicts_with_subcommands = true)]
pub struct Cli {
    /// Tools that are not play: benchmarks and the like.
    #[command(subcommand)]
    pub tool: Option<Tool>,
    /// Game and engine options.
    #[command(flatten)]
    pub opts: Options,
}

/// Subcommands beside play.
#[derive(Subcommand, Debug)]
pub enum Tool {
    /// Benchmarks (figures for docs/performance.md).
    Bench {
        /// What to measure.
        #[command(subcommand)]
        what: Bench,
    },
}

/// Benchmarks.
#[derive(Subcommand, Debug, Clone)]
pub enum Bench {
    /// Tactical reading on the attack/defend tests of GNU Go-format `.tst`
    /// files: passes, time and nodes, beside GNU Go's on the same commands
    /// when `/usr/games/gnugo` (or `--gnugo`) is present.
    Reading {
        /// The `.tst` files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// GNU Go binary to compare with ("none" to skip).
        #[arg(long, default_value = "/usr/games/gnugo")]
        gnugo: String,
        /// Print every test and its answers.
        #[arg(long)]
        verbose: bool,
    },
    /// Pattern matching on whole 19x19 positions of held-back game
    /// records: both matchers on every database, and the move values genmove
    /// uses.
    Patterns {
        /// Directory of the game records.
        #[arg(long, default_value_os_t = patterns::records::default_dir())]
        games: PathBuf,
        /// Held-back games to take positions from (five positions each).
        #[arg(long, default_value_t = 20)]
        count: usize,
        /// Seconds per measurement.
        #[arg(long, default_value_t = 2.0)]
        seconds: f64,
    },
    /// Move prediction on held-back game records: how often the patterns'
    /// top move is the move played; GNU Go's and tesuji's genmove on a
    /// sample of the same positions.
    Predict {
        /// Directory of the game records.
        #[arg(long, default_value_os_t = patterns::records::default_dir())]
        games: PathBuf,
        /// Held-back games to replay.
        #[arg(long, default_value_t = 50)]
        count: usize,
        /// Positions of the sample for GNU Go and genmove (0: none).
        #[arg(long, default_value_t = 100)]
        sample: usize,
        /// GNU Go binary to compare with ("none" to skip).
        #[arg(long, default_value = "/usr/games/gnugo")]
        gnugo: String,
    },
    /// Time of the position analysis (worms, eyes, dragons) on positions
    /// of 19x19 game records (before moves 40, 90, 140, 190), beside GNU
    /// Go's time for `dragon_status` on the same positions.
    Analysis {
        /// Game records or directories of them.
        #[arg(default_value = "/work/shared/data/games/ai")]
        games: Vec<PathBuf>,
        /// Games to take positions from.
        #[arg(long, default_value_t = 25)]
        count: usize,
        /// GNU Go binary to compare with ("none" to skip).
        #[arg(long, default_value = "/usr/games/gnugo")]
        gnugo: String,
    },
    /// Playouts per second from the empty board: light random playouts on
    /// the playout board (one thread; the engine's board beside it for
    /// reference), the Monte Carlo playouts with patterns (one thread and
    /// all threads), whole searches (tree and playouts), and one 9x9
    /// genmove of the Monte Carlo player beside GNU Go's `--monte-carlo`
    /// genmove with the same number of playouts.
    Playouts {
        /// Board sizes to measure.
        #[arg(long, value_delimiter = ',', default_value = "9,19")]
        sizes: Vec<usize>,
        /// Seconds per size.
        #[arg(long, default_value_t = 5.0)]
        seconds: f64,
        /// Threads for the all-threads figures (default: all cores).
        #[arg(long)]
        threads: Option<usize>,
        /// GNU Go binary for the genmove comparison ("none" to skip).
        #[arg(long, default_value = "/usr/games/gnugo")]
        gnugo: String,
        /// Playouts of the compared genmoves (GNU Go's
        /// `--mc-games-per-level` at level 1).
        #[arg(long, default_value_t = 40000)]
        genmove_playouts: u64,
    },
}

/// GNU Go-style options.
#[derive(Args, Debug, Clone)]
pub struct Options {
    /// Playing mode (default: ascii on a terminal, gtp otherwise).
    #[arg(long, value_enum)]
    pub mode: Option<Mode>,
    /// Don't print informational messages.
    #[arg(long, alias = "silent")]
    pub quiet: bool,
    /// Strength level (default 10).
    #[arg(long, default_value_t = 10, allow_negative_numbers = true)]
    pub level: i32,
    /// Board size (1 to 25).
    #[arg(long, default_value_t = 19, value_parser = clap::value_parser!(u16).range(1..=25))]
    pub boardsize: u16,
    /// Komi (default: 0 in GTP mode, where the controller sets it; in the
    /// terminal game 5.5 under Japanese rules, 7.5 under Chinese, 0.5 with
    /// handicap).
    #[arg(long, allow_negative_numbers = true)]
    pub komi: Option<f32>,
    /// Number of handicap stones (fixed placement).
    #[arg(long, default_value_t = 0)]
    pub handicap: usize,
    /// Your colour in the terminal game (black or white); in GMP the engine's.
    #[arg(long, value_parser = parse_color, default_value = "black")]
    pub color: Color,
    /// Load this SGF file before play.
    #[arg(short = 'l', long = "infile")]
    pub infile: Option<PathBuf>,
    /// Stop loading just before this move (a move number or a vertex like L10).
    #[arg(short = 'L', long = "until")]
    pub until: Option<String>,
    /// Write the game as SGF to this file, updated after every move.
    #[arg(short = 'o', long = "outfile")]
    pub outfile: Option<PathBuf>,
    /// Random seed (default: from the clock).
    #[arg(long, short = 'r')]
    pub seed: Option<u64>,
    /// Japanese rules: territory counting (default).
    #[arg(long, conflicts_with = "chinese_rules")]
    pub japanese_rules: bool,
    /// Chinese rules: area counting.
    #[arg(long)]
    pub chinese_rules: bool,
    /// Forbid suicide (default).
    #[arg(long, group = "suicide")]
    pub forbid_suicide: bool,
    /// Allow suicide except single-stone suicide.
    #[arg(long, group = "suicide")]
    pub allow_suicide: bool,
    /// Allow all suicide moves.
    #[arg(long, group = "suicide")]
    pub allow_all_suicide: bool,
    /// Forbid simple ko recapture (default).
    #[arg(long, group = "ko")]
    pub simple_ko: bool,
    /// Allow any ko recapture.
    #[arg(long, group = "ko")]
    pub no_ko: bool,
    /// Positional superko.
    #[arg(long, group = "ko")]
    pub positional_superko: bool,
    /// Situational superko.
    #[arg(long, group = "ko")]
    pub situational_superko: bool,
    /// Serve GTP on a TCP port ([HOST:]PORT; host defaults to 127.0.0.1),
    /// waiting for the first connection.
    #[arg(long, value_name = "[HOST:]PORT")]
    pub gtp_listen: Option<String>,
    /// Read GTP commands from this file instead of stdin.
    #[arg(long, value_name = "FILE")]
    pub gtp_input: Option<PathBuf>,
    /// No opening library: neither the fuseki databases nor the joseki
    /// moves of an empty corner.
    #[arg(long)]
    pub nofuseki: bool,
    /// Do not use the whole-board fuseki databases.
    #[arg(long)]
    pub nofusekidb: bool,
    /// Do not use the joseki database.
    #[arg(long)]
    pub nojosekidb: bool,
    /// Print the patterns that match for this colour in the position (after
    /// --infile/--until), one a line, and exit (like GTP list_patterns).
    #[arg(long, value_name = "COLOR", value_parser = parse_color)]
    pub list_patterns: Option<Color>,
    /// Print the dragons of the position (after --infile/--until) as
    /// coloured letters, GNU Go's `-T` display, and exit.
    #[arg(short = 'T', long = "printboard")]
    pub printboard: bool,
    /// Print the eye spaces of the position in colour (GNU Go's `-E`) and exit.
    #[arg(short = 'E', long = "printeyes")]
    pub printeyes: bool,
    /// Tactical reading: deep reading cutoff (GNU Go's default 16 at level 10).
    #[arg(short = 'D', long = "depth", value_name = "DEPTH")]
    pub depth: Option<i32>,
    /// Tactical reading: backfilling cutoff of the attacker (default 12).
    #[arg(short = 'B', long = "backfill-depth", value_name = "DEPTH")]
    pub backfill_depth: Option<i32>,
    /// Tactical reading: backfilling cutoff of the defender (default 5).
    #[arg(long = "backfill2-depth", value_name = "DEPTH")]
    pub backfill2_depth: Option<i32>,
    /// Tactical reading: strings with four liberties are read up to this depth (default 7).
    #[arg(short = 'F', long = "fourlib-depth", value_name = "DEPTH")]
    pub fourlib_depth: Option<i32>,
    /// Tactical reading: ko captures after a threat are read up to this depth (default 8).
    #[arg(short = 'K', long = "ko-depth", value_name = "DEPTH")]
    pub ko_depth: Option<i32>,
    /// Tactical reading: second-choice moves are read up to this depth (default 13).
    #[arg(long = "branch-depth", value_name = "DEPTH")]
    pub branch_depth: Option<i32>,
    /// Tactical reading: counter-ataris are read up to this depth (default 7).
    #[arg(
        long = "break-chain-depth",
        alias = "break_chain-depth",
        value_name = "DEPTH"
    )]
    pub break_chain_depth: Option<i32>,
    /// Tactical reading: superstring moves are read up to this depth (default 7).
    #[arg(long = "superstring-depth", value_name = "DEPTH")]
    pub superstring_depth: Option<i32>,
    /// Tactical reading: most nodes one attack or defence question may use (0: no limit).
    #[arg(long = "reading-node-limit", value_name = "NODES")]
    pub reading_node_limit: Option<u64>,
    /// Owl reading: most nodes one life-and-death question may visit
    /// (default 1000 at level 10).
    #[arg(long = "owl-node-limit", value_name = "NODES")]
    pub owl_node_limit: Option<u64>,
    /// Owl reading: moves deeper than this below a question are not read
    /// (default 20 at level 10).
    #[arg(long = "owl-reading", value_name = "DEPTH")]
    pub owl_reading: Option<usize>,
    /// Owl reading: beyond this depth each side tries one move (default 8
    /// at level 10).
    #[arg(long = "owl-branch", value_name = "DEPTH")]
    pub owl_branch: Option<usize>,
    /// Size of the reading cache in megabytes (default 10.7).
    #[arg(short = 'M', long = "cache-size", value_name = "MB")]
    pub cache_size: Option<f64>,
    /// GMP over TCP: wait for the first connection on [HOST:]PORT (host
    /// defaults to 127.0.0.1).
    #[arg(long, value_name = "[HOST:]PORT", conflicts_with = "gmp_connect")]
    pub gmp_listen: Option<String>,
    /// GMP over TCP: connect to [HOST:]PORT (host defaults to 127.0.0.1).
    #[arg(long, value_name = "[HOST:]PORT")]
    pub gmp_connect: Option<String>,
    /// Play with Monte Carlo tree search (see docs/montecarlo.md).
    #[arg(long)]
    pub monte_carlo: bool,
    /// Monte Carlo search threads (default: all cores).
    #[arg(long, value_name = "N")]
    pub threads: Option<usize>,
    /// Monte Carlo playouts per level: a move costs level × N (default 8000).
    #[arg(long, value_name = "N")]
    pub mc_games_per_level: Option<u64>,
    /// Compiled-in Monte Carlo pattern set: mc_3x3 (default) or mc_uniform.
    #[arg(long, value_name = "NAME")]
    pub mc_patterns: Option<String>,
    /// Load Monte Carlo pattern weights from a file (format: docs/montecarlo.md).
    #[arg(long, value_name = "FILE")]
    pub mc_load_patterns: Option<PathBuf>,
    /// Never resign (Monte Carlo).
    #[arg(long)]
    pub never_resign: bool,
}

fn parse_color(s: &str) -> Result<Color, String> {
    Color::parse(s).ok_or_else(|| format!("invalid colour '{s}': use black or white"))
}

impl Options {
    /// The rules these options select.
    pub fn rules(&self) -> Rules {
        Rules {
            ko: if self.no_ko {
                KoRule::None
            } else if self.positional_superko {
                KoRule::PositionalSuperko
            } else if self.situational_superko {
                KoRule::SituationalSuperko
            } else {
                KoRule::Simple
            },
            suicide: if self.allow_all_suicide {
                SuicideRule::AllowAll
            } else if self.allow_suicide {
                SuicideRule::AllowMulti
            } else {
                SuicideRule::Forbid
            },
            scoring: if self.chinese_rules {
                Scoring::Area
            } else {
                Scoring::Territory
            },
        }
    }

    /// The reading depth options given on the command line.
    pub fn reading_overrides(&self) -> Result<engine::reading::DepthOverrides, String> {
        let check = |name: &str, v: Option<i32>| match v {
            Some(d) if !(0..=100).contains(&d) => {
                Err(format!("--{name} {d}: a depth must be between 0 and 100"))
            }
            _ => Ok(v),
        };
        Ok(engine::reading::DepthOverrides {
            depth: check("depth", self.depth)?,
            branch_depth: check("branch-depth", self.branch_depth)?,
            backfill_depth: check("backfill-depth", self.backfill_depth)?,
            backfill2_depth: check("backfill2-depth", self.backfill2_depth)?,
            break_chain_depth: check("break-chain-depth", self.break_chain_depth)?,
            fourlib_depth: check("fourlib-depth", self.fourlib_depth)?,
            ko_depth: check("ko-depth", self.ko_depth)?,
            superstring_depth: check("superstring-depth", self.superstring_depth)?,
            node_limit: self.reading_node_limit,
        })
    }

    /// The owl limits given on the command line.
    pub fn owl_overrides(&self) -> Result<engine::owl::OwlOverrides, String> {
        let check = |name: &str, v: Option<usize>| match v {
            Some(d) if d > 100 => Err(format!("--{name} {d}: a depth must be between 0 and 100")),
            _ => Ok(v),
        };
        if self.owl_node_limit == Some(0) {
            return Err("--owl-node-limit 0: the owl needs at least one node".to_string());
        }
        Ok(engine::owl::OwlOverrides {
            node_limit: self.owl_node_limit,
            reading_depth: check("owl-reading", self.owl_reading)?,
            branch_depth: check("owl-branch", self.owl_branch)?,
        })
    }

    /// The playing mode: `--mode`, else the terminal game when stdin is a
    /// terminal and GTP otherwise.
    pub fn mode(&self) -> Mode {
        use std::io::IsTerminal;
        self.mode.unwrap_or(if std::io::stdin().is_terminal() {
            Mode::Ascii
        } else {
            Mode::Gtp
        })
    }

    /// The komi these options give: `--komi`, or a default for the mode,
    /// rules and handicap.
    pub fn komi(&self) -> f32 {
        self.komi.unwrap_or(if self.mode() == Mode::Gtp {
            0.0
        } else if self.handicap > 0 {
            0.5
        } else if self.chinese_rules {
            7.5
        } else {
            5.5
        })
    }

    /// A session set up as the options say: board, rules, komi, handicap, the
    /// loaded file, the output file.
    pub fn session(&self) -> Result<Session, String> {
        let seed = self.seed.unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(1, |d| d.as_nanos() as u64)
        });
        let mut engine = Engine::new(self.boardsize as usize, seed);
        engine.config.level = self.level;
        engine.config.patterns = engine::patterns::PatternOptions {
            fuseki: !self.nofuseki,
            fuseki_db: !self.nofusekidb,
            joseki_db: !self.nojosekidb,
        };
        engine.reader.set_level(self.level);
        engine.reader.set_overrides(self.reading_overrides()?);
        engine.config.owl = self.owl_overrides()?;
        engine.owl.set_overrides(engine.config.owl);
        if let Some(mb) = self.cache_size {
            if !(mb.is_finite() && mb >= 0.0) {
                return Err(format!("--cache-size {mb}: not a size in megabytes"));
            }
            engine.reader.set_cache_size(mb);
        }
        if self.monte_carlo {
            engine.mc = Some(crate::commands::mc::player(
                self.threads,
                self.mc_games_per_level,
                self.mc_patterns.as_deref(),
                self.mc_load_patterns.as_deref(),
                self.never_resign,
            )?);
        }
        engine.game.set_rules(self.rules());
        engine.game.set_komi(self.komi());
        if self.handicap > 0 {
            engine.game.fixed_handicap(self.handicap).map_err(|_| {
                format!(
                    "a handicap of {} is not possible on {}x{}",
                    self.handicap, self.boardsize, self.boardsize
                )
            })?;
        }
        if let Some(file) = &self.infile {
            let record = sgfio::read_record(file)?;
            let until = match &self.until {
                None => Until::End,
                Some(u) => Until::parse(u, record.size as usize).ok_or_else(|| {
                    format!("--until {u}: not a move number or a vertex on the board")
                })?,
            };
            sgfio::load_record(&mut engine.game, &record, until)?;
            if self.komi.is_some() {
                engine.game.set_komi(self.komi());
            }
        } else if self.until.is_some() {
            return Err("--until needs --infile".to_string());
        }
        let mut session = Session::new(engine);
        session.outfile = self.outfile.clone();
        session.game_changed();
        Ok(session)
    }
}
