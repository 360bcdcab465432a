//! SGF FF\[4\] (Smart Game Format) reader and writer for the game of Go.
//!
//! - [`parse`] / [`parse_file`] read bytes into a [`Collection`] of
//!   [`GameTree`]s of [`Node`]s of [`Property`]s. Values are kept raw
//!   ([`RawValue`], escapes intact) so that every property, known or not, is
//!   written back unchanged; typed accessors decode them.
//! - [`write()`] / [`write_string`] turn a collection back into SGF.
//! - [`GameRecord`] is a small game record for engines: game info, setup
//!   stones and moves, to and from SGF.
//!
//! ```
//! let c = sgf::parse(b"(;FF[4]SZ[9]KM[6.5];B[ee];W[])").unwrap();
//! let record = sgf::GameRecord::from_tree(&c.trees[0]).unwrap();
//! assert_eq!(record.size, 9);
//! assert_eq!(record.moves().count(), 2);
//! assert_eq!(sgf::write_string(&c).unwrap(), "(;FF[4]SZ[9]KM[6.5];B[ee];W[])\n");
//! ```
//!
//! See `docs/sgf.md` for the tolerance rules and the round-trip guarantee.

#![warn(missing_docs)]

mod error;
mod parse;
mod record;
mod text;
mod tree;
mod types;
mod value;
mod write;

pub use error::{FileError, SgfError};
pub use parse::{parse, parse_file, MAX_VARIATION_DEPTH};
pub use record::{Event, GameRecord, RecordError};
pub use tree::{Collection, GameTree, MainLine, Node, Property};
pub use types::{Color, Double, Move, Point, MAX_BOARD_SIZE};
pub use value::RawValue;
pub use write::{write, write_string, LINE_WIDTH};
