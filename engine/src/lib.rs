//! The tesuji Go engine.
//!
//! Data flows one way: board → worms → dragons → influence → move reasons →
//! genmove. This crate holds all of it; the `interface` crate speaks GTP, GMP
//! and the terminal, the `sgf` crate reads and writes game records.

pub mod analysis;
pub mod board;
pub mod clock;
pub mod dragon;
pub mod engine;
pub mod game;
pub mod genmove;
pub mod handicap;
pub mod mc;
pub mod optics;
pub mod owl;
pub mod patterns;
pub mod playout;
pub mod point;
pub mod point_set;
pub mod reading;
pub mod score;
pub mod unconditional;
pub mod worm;
pub mod zobrist;

pub use board::{Board, Illegal, SuicideRule};
pub use engine::{Config, Engine, FinalStatus};
pub use game::{Action, Game, KoRule, Rules, Scoring};
pub use genmove::GenMode;
pub use point::{Color, Pos};
pub use reading::Reader;
