//! What a front-end session holds besides the engine: the clock, the output
//! file the game is written to as it goes, player names, and the quit flag.

use crate::sgfio;
use engine::clock::Clock;
use engine::Engine;
use std::path::PathBuf;

/// One session of play or analysis.
pub struct Session {
    /// The engine, with its game.
    pub engine: Engine,
    /// Time control.
    pub clock: Clock,
    /// `-o FILE`: the game record is rewritten here after every change, so
    /// nothing is lost if the program dies.
    pub outfile: Option<PathBuf>,
    /// Black player's name, for records.
    pub black_name: Option<String>,
    /// White player's name, for records.
    pub white_name: Option<String>,
    /// Set by `quit`.
    pub quit: bool,
}

impl Session {
    /// A session around `engine`.
    pub fn new(engine: Engine) -> Session {
        Session {
            engine,
            clock: Clock::default(),
            outfile: None,
            black_name: None,
            white_name: None,
            quit: false,
        }
    }

    /// The game record as SGF text.
    pub fn sgf_text(&self) -> String {
        sgfio::game_record(
            &self.engine.game,
            self.black_name.as_deref(),
            self.white_name.as_deref(),
        )
        .to_sgf_string()
    }

    /// Call after every change to the game: rewrites the output file, if any.
    /// A write error is reported on stderr and does not stop the game.
    pub fn game_changed(&mut self) {
        if let Some(path) = &self.outfile {
            let tmp = path.with_extension("sgf.tmp");
            let result =
                std::fs::write(&tmp, self.sgf_text()).and_then(|_| std::fs::rename(&tmp, path));
            if let Err(e) = result {
                eprintln!("tesuji: cannot write {}: {e}", path.display());
            }
        }
    }
}
