//! The analysis of a position: worms, eyes, dragons and unconditional
//! status, computed together (board → worms → eyes → dragons → owl status)
//! and kept by
//! the [`Engine`](crate::Engine) until the position changes.

use crate::board::Board;
use crate::dragon::Dragons;
use crate::optics::Eyes;
use crate::owl::Owl;
use crate::reading::Reader;
use crate::unconditional::UnconditionalMap;
use crate::worm::Worms;

/// Everything known about one position.
#[derive(Clone)]
pub struct Analysis {
    /// The key of the position it was computed for (see [`Analysis::key`]).
    pub key: u64,
    /// Strings and cavities.
    pub worms: Worms,
    /// Eye spaces, half eyes and false eyes (GNU Go's domains).
    pub eyes: Eyes,
    /// Eye spaces by distance, which the dragons' static statuses (those
    /// owl reading starts from, or keeps when it is off) are estimated from.
    pub dragon_eyes: Eyes,
    /// Dragons with their status.
    pub dragons: Dragons,
    /// Benson-style unconditional status of every point.
    pub unconditional: UnconditionalMap,
}

impl Analysis {
    /// Analyse `board` (left as it was), reading with `reader` and a fresh
    /// owl reader of the reader's level.
    pub fn new(board: &mut Board, reader: &mut Reader) -> Analysis {
        let mut owl = Owl::new(reader.level());
        Analysis::with_owl(board, reader, &mut owl)
    }

    /// The analysis without owl reading: dragons keep the status of their
    /// static eyes, escape and tactical reading (as GNU Go's
    /// `examine_position` without owl, for the owl commands themselves).
    pub fn without_owl(board: &mut Board, reader: &mut Reader) -> Analysis {
        let key = Analysis::key(board);
        let unconditional = UnconditionalMap::new(board);
        let worms = Worms::new(board, reader);
        let eyes = Eyes::new(board, &worms, reader);
        let dragon_eyes = Eyes::by_distance(board, &worms, reader);
        let dragons = Dragons::new(board, reader, &worms, &dragon_eyes, &unconditional);
        Analysis {
            key,
            worms,
            eyes,
            dragon_eyes,
            dragons,
            unconditional,
        }
    }

    /// Analyse `board` (left as it was), reading with `reader`; dragons
    /// that are not clearly alive get their status from `owl` reading.
    pub fn with_owl(board: &mut Board, reader: &mut Reader, owl: &mut Owl) -> Analysis {
        let key = Analysis::key(board);
        let unconditional = UnconditionalMap::new(board);
        let worms = Worms::new(board, reader);
        let eyes = Eyes::new(board, &worms, reader);
        let dragon_eyes = Eyes::by_distance(board, &worms, reader);
        let mut dragons = Dragons::new(board, reader, &worms, &dragon_eyes, &unconditional);
        dragons.owl_status(board, reader, owl, &unconditional);
        dragons.semeai_status(board, reader, owl);
        Analysis {
            key,
            worms,
            eyes,
            dragon_eyes,
            dragons,
            unconditional,
        }
    }

    /// The key an analysis of `board` is stored under: the position's hash
    /// (stones and ko point) mixed with the board size.
    pub fn key(board: &Board) -> u64 {
        board.hash() ^ (board.size() as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)
    }
}
