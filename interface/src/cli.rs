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
    /// Random light playouts per second from the empty board, one thread.
    Playouts {
        /// Board sizes to measure.
        #[arg(long, value_delimiter = ',', default_value = "9,19")]
        sizes: Vec<usize>,
        /// Seconds per size.
        #[arg(long, default_value_t = 5.0)]
        seconds: f64,
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
