//! The pattern databases, compiled at build time.
//!
//! `build.rs` runs the pattern compiler (the `patterns` crate) on every
//! `patterns/db/*.db` file and writes Rust tables into `OUT_DIR`; this module
//! includes them and gives them types. Nothing reads a `.db` file at run
//! time. See `docs/patterns.md` for the format and the databases.
//!
//! * Matched databases (`patterns`, `conn`, `joseki`, …) are found on the
//!   board by [`matcher`] (a DFA over a spiral scan; a neighbourhood index
//!   matcher is kept for comparison and tests). Constraints are compiled
//!   functions calling [`helpers`].
//! * Eye spaces (`eyes.db`) are looked up by shape with [`eyes::lookup`].
//! * Fuseki positions (`fuseki*.db`) are looked up by whole-board position
//!   with [`fuseki::moves`].

pub mod eyes;
pub mod fuseki;
pub mod helpers;
pub mod matcher;
pub mod moves;

pub use helpers::{Context, LibertyTactics, Tactics};
pub use matcher::{Match, Scan};
pub use moves::{MoveValues, PatternOptions};

use crate::point::{Pos, MAX_BOARD};

/// A compiled constraint: label points in, verdict out.
pub type Constraint = fn(&mut Context<'_>, &[Pos]) -> bool;

/// What an action asks for (`>` lines of a pattern).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ActionKind {
    /// `antisuji(p)`: never play at `p`.
    Antisuji,
    /// `amalgamate(a, b)`: the two `O` strings belong to one dragon.
    Amalgamate,
    /// `cutpoint(p)`: `p` is a cutting point of the `O` strings around it.
    CutPoint,
    /// `inhibit(p)`: no connection of the `O` strings passes through `p`
    /// (the opponent's cut nearby makes a connection through it unsafe).
    Inhibit,
    /// `connect(a, b)`: the move connects the two strings.
    Connect,
    /// `cut(a, b)`: the move cuts the two strings apart.
    Cut,
}

/// An action with its arguments (indices into the pattern's labels).
#[derive(Clone, Copy, Debug)]
pub struct Action {
    /// What to do.
    pub kind: ActionKind,
    /// Label indices (see [`PatternInfo::labels`]).
    pub args: &'static [u8],
}

/// One pattern of a matched database.
#[derive(Debug)]
pub struct PatternInfo {
    /// Name (unique in its database).
    pub name: &'static str,
    /// The `.db` file it comes from.
    pub file: &'static str,
    /// Line of its `Pattern` keyword.
    pub line: u32,
    /// Value from the colon line.
    pub value: f32,
    /// Class bits (see [`class`]).
    pub classes: u32,
    /// Declared symmetry character.
    pub symmetry: char,
    /// True if the pattern has a move (`*`).
    pub has_move: bool,
    /// Labels in the order the constraint receives their points (`*`
    /// first when there is a move).
    pub labels: &'static [char],
    /// The compiled constraint, if any.
    pub constraint: Option<Constraint>,
    /// Actions.
    pub actions: &'static [Action],
}

impl PatternInfo {
    /// True if the pattern has every class bit of `classes`.
    pub fn has_class(&self, classes: u32) -> bool {
        self.classes & classes == classes
    }

    /// Names of the pattern's classes.
    pub fn class_names(&self) -> Vec<&'static str> {
        CLASS_NAMES
            .iter()
            .enumerate()
            .filter(|(k, _)| self.classes & (1 << k) != 0)
            .map(|(_, n)| *n)
            .collect()
    }
}

/// One orientation of a pattern.
#[derive(Debug)]
pub struct Oriented {
    /// Index into the database's patterns.
    pub pattern: u16,
    /// Number of the transform applied (0 is the diagram as drawn).
    pub transform: u8,
    /// Constrained cells: index step on the padded board, accepted values
    /// (bit `1 << v`, `v`: 0 empty, 1 `O`, 2 `X`, 3 off board).
    pub cells: &'static [(i16, u8)],
    /// Row and column offsets of the labels.
    pub labels: &'static [(i8, i8)],
}

/// The DFA of a database (see the `patterns` crate's `dfa` module).
#[derive(Debug)]
pub struct Dfa {
    /// Scan order: index steps on the padded board.
    pub spiral: &'static [i16],
    /// Transitions by value; state 0 is dead, 1 the start.
    pub next: &'static [[u32; 4]],
    /// Lists of oriented patterns matched by each transition (0: none).
    pub emit: &'static [[u32; 4]],
    /// Lists of oriented patterns to verify on reaching a state (0: none).
    pub leaf: &'static [u32],
    /// The lists: a length, then oriented-pattern ids.
    pub lists: &'static [u32],
}

/// The neighbourhood index of a database.
#[derive(Debug)]
pub struct Index {
    /// Start of each of the 1024 codes' candidates in `list` (and the end).
    pub start: &'static [u32],
    /// Candidate oriented-pattern ids.
    pub list: &'static [u32],
}

/// A matched database.
#[derive(Debug)]
pub struct Database {
    /// Name (the file name up to the first `_` or `.`).
    pub name: &'static str,
    /// Its files.
    pub files: &'static [&'static str],
    /// Its patterns.
    pub patterns: &'static [PatternInfo],
    /// Every distinct orientation of every pattern.
    pub oriented: &'static [Oriented],
    /// Largest row or column distance of a cell from its anchor.
    pub reach: i32,
    /// The DFA.
    pub dfa: Dfa,
    /// The neighbourhood index.
    pub index: Index,
}

/// An eye space of the eye database.
#[derive(Debug)]
pub struct EyeEntry {
    /// Canonical key (see [`eyes::canonical_key`]).
    pub key: &'static str,
    /// Pattern name in `eyes.db`.
    pub name: &'static str,
    /// Eyes if the attacker moves first.
    pub min: u8,
    /// Eyes if the defender moves first.
    pub max: u8,
    /// The attacker's vital points, in canonical coordinates.
    pub attack: &'static [(i8, i8)],
    /// The defender's vital points, in canonical coordinates.
    pub defend: &'static [(i8, i8)],
}

/// A move of a fuseki position.
#[derive(Debug)]
pub struct FusekiMove {
    /// `row * size + column` in canonical coordinates.
    pub point: u16,
    /// Its value (how often it was chosen).
    pub value: f32,
    /// Pattern name.
    pub name: &'static str,
}

/// A fuseki position.
#[derive(Debug)]
pub struct FusekiEntry {
    /// Board size.
    pub size: u8,
    /// Canonical stone codes (see [`fuseki`]).
    pub stones: &'static [u16],
    /// The moves known there.
    pub moves: &'static [FusekiMove],
}

/// Row stride of the padded value board the matchers read.
pub const PW: i32 = MAX_BOARD as i32 + 2 * REACH;

/// Index step of an offset on the padded value board.
const fn o(dr: i32, dc: i32) -> i16 {
    (dr * PW + dc) as i16
}

#[allow(clippy::all, clippy::pedantic, unused_parens, unused_imports)]
mod generated {
    use super::helpers as h;
    use super::{
        o, Action, ActionKind, Context, Database, Dfa, EyeEntry, FusekiEntry, FusekiMove, Index,
        Oriented, PatternInfo,
    };
    use crate::point::Pos;
    include!(concat!(env!("OUT_DIR"), "/patterns_gen.rs"));
}

pub use generated::{class, CLASS_NAMES, DATABASES, EYE_SPACES, FUSEKI, REACH, SUMMARY};

/// The matched database called `name`, if it was compiled in.
pub fn database(name: &str) -> Option<&'static Database> {
    DATABASES.iter().copied().find(|d| d.name == name)
}

/// Number of patterns in all databases: matched patterns, eye spaces and
/// fuseki moves.
pub fn pattern_count() -> usize {
    DATABASES.iter().map(|d| d.patterns.len()).sum::<usize>()
        + EYE_SPACES.len()
        + FUSEKI.iter().map(|f| f.moves.len()).sum::<usize>()
}

#[cfg(test)]
mod tests;
