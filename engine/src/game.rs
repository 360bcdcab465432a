//! A game: the board plus what the rules need beyond it — komi, handicap, the
//! side to move, the record of setup stones and moves (for `undo`, move history
//! and SGF), and the position history that superko is judged against.
//!
//! `undo` replays the record from the empty board, as GNU Go does: it costs
//! microseconds and keeps the board's own undo stack free for search.

use crate::board::{Board, Illegal, SuicideRule};
use crate::handicap::{self, HandicapError};
use crate::point::{Color, Pos};
use crate::zobrist;

/// Ko rule of a game (GNU Go's `--simple-ko`, `--no-ko`,
/// `--positional-superko`, `--situational-superko`).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum KoRule {
    /// Any ko may be retaken at once.
    None,
    /// An immediate recapture of a ko is forbidden (the default).
    #[default]
    Simple,
    /// No move may recreate an earlier whole-board position.
    PositionalSuperko,
    /// No move may recreate an earlier position with the same side to move.
    SituationalSuperko,
}

/// How the score is counted.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Scoring {
    /// Territory plus prisoners (Japanese rules, GNU Go's default).
    #[default]
    Territory,
    /// Territory plus stones on the board (Chinese rules).
    Area,
}

/// The rules a game is played under.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Rules {
    /// Ko rule.
    pub ko: KoRule,
    /// Which suicides are legal.
    pub suicide: SuicideRule,
    /// Counting.
    pub scoring: Scoring,
}

/// One entry of the game record.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Action {
    /// A move (possibly a pass).
    Move(Color, Pos),
    /// A setup stone (`Color::Empty` clears the point), like SGF AB/AW/AE or
    /// handicap stones.
    Setup(Color, Pos),
}

/// A game in progress.
#[derive(Clone, Debug)]
pub struct Game {
    board: Board,
    rules: Rules,
    komi: f32,
    handicap: usize,
    to_move: Color,
    record: Vec<Action>,
    /// Stone hash and side to move of every position so far, for superko.
    /// The side to move of a past position is the colour that moved from it
    /// (GTP lets a colour move twice), as GNU Go counts it for situational
    /// superko; the current position's is the opponent of the last mover.
    history: Vec<(u64, Color)>,
}

impl Game {
    /// A new game on an empty board of `size`, komi 0, black to move.
    pub fn new(size: usize) -> Game {
        let mut g = Game {
            board: Board::new(size),
            rules: Rules::default(),
            komi: 0.0,
            handicap: 0,
            to_move: Color::Black,
            record: Vec::new(),
            history: Vec::new(),
        };
        g.clear();
        g
    }

    /// The board.
    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The board, for search (`trymove`/`popgo`); it must be back at stack
    /// level 0 before the game is used again.
    #[inline]
    pub fn board_mut(&mut self) -> &mut Board {
        &mut self.board
    }

    /// Board size.
    pub fn size(&self) -> usize {
        self.board.size()
    }

    /// Change the board size; clears the board.
    pub fn set_size(&mut self, size: usize) {
        self.board.set_size(size);
        self.clear();
    }

    /// Remove all stones and the record; black to move, no handicap. Komi and
    /// rules stay.
    pub fn clear(&mut self) {
        self.board.clear();
        self.apply_rules();
        self.record.clear();
        self.handicap = 0;
        self.to_move = Color::Black;
        self.history.clear();
        self.history.push((self.board.stone_hash(), self.to_move));
    }

    /// Komi.
    pub fn komi(&self) -> f32 {
        self.komi
    }

    /// Set the komi.
    pub fn set_komi(&mut self, komi: f32) {
        self.komi = komi;
    }

    /// The rules.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// Change the rules (takes effect for the next move).
    pub fn set_rules(&mut self, rules: Rules) {
        self.rules = rules;
        self.apply_rules();
    }

    fn apply_rules(&mut self) {
        self.board.set_suicide_rule(self.rules.suicide);
        self.board.set_simple_ko(self.rules.ko != KoRule::None);
    }

    /// Number of handicap stones placed.
    pub fn handicap(&self) -> usize {
        self.handicap
    }

    /// Record the handicap count without placing stones (SGF `HA`).
    pub fn set_handicap_count(&mut self, n: usize) {
        self.handicap = n;
    }

    /// The side to move.
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// Set the side to move (SGF `PL`).
    pub fn set_to_move(&mut self, c: Color) {
        if c.is_stone() {
            self.to_move = c;
            if let Some(last) = self.history.last_mut() {
                last.1 = c;
            }
        }
    }

    /// The game record since the empty board.
    pub fn record(&self) -> &[Action] {
        &self.record
    }

    /// The moves played, oldest first.
    pub fn moves(&self) -> impl DoubleEndedIterator<Item = (Color, Pos)> + '_ {
        self.record.iter().filter_map(|a| match *a {
            Action::Move(c, p) => Some((c, p)),
            Action::Setup(..) => None,
        })
    }

    /// The moves played since the last setup stone, oldest first: the ones
    /// `undo` can take back (GNU Go's move history).
    pub fn moves_since_setup(&self) -> impl DoubleEndedIterator<Item = (Color, Pos)> + '_ {
        let start = self
            .record
            .iter()
            .rposition(|a| matches!(a, Action::Setup(..)))
            .map_or(0, |k| k + 1);
        self.record[start..].iter().filter_map(|a| match *a {
            Action::Move(c, p) => Some((c, p)),
            Action::Setup(..) => None,
        })
    }

    /// Number of moves played (passes included).
    pub fn move_count(&self) -> usize {
        self.moves().count()
    }

    /// The last move, if any.
    pub fn last_move(&self) -> Option<(Color, Pos)> {
        self.moves().next_back()
    }

    /// Number of passes at the end of the record.
    pub fn trailing_passes(&self) -> usize {
        self.moves().rev().take_while(|(_, p)| p.is_pass()).count()
    }

    /// Why a move by `c` at `p` is illegal, including superko; `Ok` if legal.
    pub fn check_legal(&mut self, c: Color, p: Pos) -> Result<(), Illegal> {
        self.board.check_legal(p, c)?;
        if p.is_pass() {
            return Ok(());
        }
        match self.rules.ko {
            KoRule::None | KoRule::Simple => Ok(()),
            KoRule::PositionalSuperko | KoRule::SituationalSuperko => {
                let ok = self.board.trymove(p, c);
                debug_assert!(ok);
                let h = self.board.stone_hash();
                self.board.popgo();
                let next = c.opponent();
                let situational = self.rules.ko == KoRule::SituationalSuperko;
                if self
                    .history
                    .iter()
                    .any(|&(hh, tm)| hh == h && (!situational || tm == next))
                {
                    Err(Illegal::Superko)
                } else {
                    Ok(())
                }
            }
        }
    }

    /// Would the move by `c` at `p` (legal on the board) bring back a
    /// whole-board position seen before in this game? Move generators use it
    /// to stay out of cycles (sending two returning one, a throw-in answered
    /// by a capture…) even when the rules only forbid simple ko. A pass
    /// repeats nothing.
    pub fn repeats_position(&mut self, c: Color, p: Pos) -> bool {
        if p.is_pass() || !self.board.trymove(p, c) {
            return false;
        }
        let h = self.board.stone_hash();
        self.board.popgo();
        self.history.iter().any(|&(hh, _)| hh == h)
    }

    /// Is a move by `c` at `p` legal (superko included)?
    pub fn is_legal(&mut self, c: Color, p: Pos) -> bool {
        self.check_legal(c, p).is_ok()
    }

    /// Play a move by `c` at `p` (or pass). The other colour moves next.
    pub fn play(&mut self, c: Color, p: Pos) -> Result<(), Illegal> {
        self.check_legal(c, p)?;
        self.board.play(p, c)?;
        self.moved(c, p);
        Ok(())
    }

    /// Bookkeeping after `c` moved at `p`: the record, the side to move, and
    /// the position history.
    fn moved(&mut self, c: Color, p: Pos) {
        self.record.push(Action::Move(c, p));
        if let Some(last) = self.history.last_mut() {
            last.1 = c;
        }
        self.to_move = c.opponent();
        self.history.push((self.board.stone_hash(), self.to_move));
    }

    /// Play a move as a game record holds it, the way GNU Go replays records:
    /// the ko, superko and suicide rules are not applied (a suicide removes
    /// the string and counts as captured by the other side); only a move on an
    /// occupied or off-board point is refused.
    pub fn play_recorded(&mut self, c: Color, p: Pos) -> Result<(), Illegal> {
        if !p.is_pass() {
            match self.board.color(p) {
                Color::Empty => {}
                Color::Off => return Err(Illegal::OffBoard),
                _ => return Err(Illegal::Occupied),
            }
        }
        self.play_relaxed(c, p);
        self.moved(c, p);
        Ok(())
    }

    /// Put the stone down on an empty point with the ko and suicide rules
    /// lifted, then restore the game's rules.
    fn play_relaxed(&mut self, c: Color, p: Pos) {
        self.board.set_suicide_rule(SuicideRule::AllowAll);
        self.board.set_simple_ko(false);
        let played = self.board.play(p, c);
        self.apply_rules();
        debug_assert!(played.is_ok(), "a recorded move on an empty point");
    }

    /// Put a setup stone (or clear a point with `Color::Empty`).
    pub fn setup_stone(&mut self, c: Color, p: Pos) {
        if !self.board.on_board(p) {
            return;
        }
        self.board.set_stone(p, c);
        self.record.push(Action::Setup(c, p));
        self.history.push((self.board.stone_hash(), self.to_move));
    }

    /// Place handicap stones on an empty board; white moves next.
    pub fn place_handicap(&mut self, points: &[Pos]) -> Result<(), HandicapError> {
        if self.board.empty_count() != self.board.points().len() {
            return Err(HandicapError::BoardNotEmpty);
        }
        for (k, p) in points.iter().enumerate() {
            if points[..k].contains(p) {
                return Err(HandicapError::RepeatedVertex);
            }
            if p.is_pass() || !self.board.on_board(*p) {
                return Err(HandicapError::Invalid);
            }
        }
        for &p in points {
            self.setup_stone(Color::Black, p);
        }
        self.handicap = points.len();
        self.set_to_move(Color::White);
        Ok(())
    }

    /// Place a fixed handicap of `n` stones (GTP `fixed_handicap`).
    pub fn fixed_handicap(&mut self, n: usize) -> Result<Vec<Pos>, HandicapError> {
        if self.board.empty_count() != self.board.points().len() {
            return Err(HandicapError::BoardNotEmpty);
        }
        let points = handicap::fixed_handicap_points(self.size(), n)?;
        self.place_handicap(&points)?;
        Ok(points)
    }

    /// Place a free handicap of up to `n` stones where the engine likes
    /// (GTP `place_free_handicap`).
    pub fn place_free_handicap(&mut self, n: usize) -> Result<Vec<Pos>, HandicapError> {
        if self.board.empty_count() != self.board.points().len() {
            return Err(HandicapError::BoardNotEmpty);
        }
        let points = handicap::free_handicap_points(self.size(), n)?;
        self.place_handicap(&points)?;
        Ok(points)
    }

    /// Take back the last move. False if there is no move to take back (the
    /// record ends with setup stones, or is empty).
    pub fn undo(&mut self) -> bool {
        match self.record.last() {
            Some(&Action::Move(c, _)) => {
                self.record.pop();
                let record = std::mem::take(&mut self.record);
                self.replay(&record);
                self.to_move = c;
                if let Some(last) = self.history.last_mut() {
                    last.1 = c;
                }
                true
            }
            _ => false,
        }
    }

    /// Replay `record` from an empty board (keeping komi, rules, handicap count).
    fn replay(&mut self, record: &[Action]) {
        let handicap = self.handicap;
        let to_move = self.to_move;
        self.clear();
        self.handicap = handicap;
        self.to_move = to_move;
        for &a in record {
            match a {
                Action::Move(c, p) => {
                    // The record holds moves on empty points, legal when
                    // played or taken from a game record as they were.
                    self.play_relaxed(c, p);
                    self.moved(c, p);
                }
                Action::Setup(c, p) => self.setup_stone(c, p),
            }
        }
    }

    /// Zobrist hash of the position with the side to move.
    pub fn position_hash(&self) -> u64 {
        self.board.hash() ^ zobrist::to_move_key(self.to_move)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(name: &str, size: usize) -> Pos {
        Pos::parse(name, size).unwrap()
    }

    #[test]
    fn undo_replays_captures() {
        let mut g = Game::new(5);
        for (c, v) in [
            ("b", "B1"),
            ("w", "A1"),
            ("b", "B2"),
            ("w", "E5"),
            ("b", "A2"),
        ] {
            g.play(Color::parse(c).unwrap(), p(v, 5)).unwrap();
        }
        assert_eq!(g.board().color(p("A1", 5)), Color::Empty);
        assert_eq!(g.board().captured_by(Color::Black), 1);
        assert!(g.undo());
        assert_eq!(g.board().color(p("A1", 5)), Color::White);
        assert_eq!(g.board().captured_by(Color::Black), 0);
        assert_eq!(g.to_move(), Color::Black);
        assert_eq!(g.move_count(), 4);
    }

    #[test]
    fn cannot_undo_handicap() {
        let mut g = Game::new(19);
        assert_eq!(g.fixed_handicap(3).unwrap().len(), 3);
        assert_eq!(g.to_move(), Color::White);
        assert!(!g.undo());
        assert_eq!(g.fixed_handicap(2), Err(HandicapError::BoardNotEmpty));
    }

    #[test]
    fn set_free_handicap_rejects_repeats() {
        let mut g = Game::new(19);
        let a1 = p("A1", 19);
        assert_eq!(
            g.place_handicap(&[a1, a1]),
            Err(HandicapError::RepeatedVertex)
        );
        assert_eq!(g.board().empty_count(), 361);
    }

    /// A triple ko position on a small board: under positional superko the
    /// cycle stops, under simple ko it can go on.
    #[test]
    fn superko_forbids_repetition() {
        // Simple ko shape on 4x4:
        // . X O .
        // X O . O
        // . X O .
        // . . . .
        for (rule, expect) in [
            (KoRule::Simple, Ok(())),
            (KoRule::PositionalSuperko, Err(Illegal::Superko)),
            (KoRule::SituationalSuperko, Err(Illegal::Superko)),
        ] {
            let mut g = Game::new(4);
            g.set_rules(Rules {
                ko: rule,
                ..Rules::default()
            });
            for (c, pt) in [
                (Color::Black, (0, 1)),
                (Color::Black, (1, 0)),
                (Color::Black, (2, 1)),
            ] {
                g.setup_stone(c, Pos::new(pt.0, pt.1));
            }
            for pt in [(0, 2), (1, 1), (1, 3), (2, 2)] {
                g.setup_stone(Color::White, Pos::new(pt.0, pt.1));
            }
            // Black takes the ko, white passes... black passes, white retakes:
            g.play(Color::Black, Pos::new(1, 2)).unwrap();
            g.play(Color::White, Pos::PASS).unwrap();
            g.play(Color::Black, Pos::PASS).unwrap();
            // White retakes: the position before black's capture recurs with
            // black to move — forbidden by both superko rules.
            assert_eq!(
                g.check_legal(Color::White, Pos::new(1, 1)),
                expect,
                "{rule:?}"
            );
        }
    }

    #[test]
    fn recorded_moves_skip_ko_and_suicide_rules_and_undo() {
        let mut g = Game::new(4);
        for pt in [(0, 1), (1, 0), (2, 1)] {
            g.setup_stone(Color::Black, Pos::new(pt.0, pt.1));
        }
        for pt in [(0, 2), (1, 1), (1, 3), (2, 2), (2, 3), (3, 2)] {
            g.setup_stone(Color::White, Pos::new(pt.0, pt.1));
        }
        g.play(Color::Black, Pos::new(1, 2)).unwrap();
        assert_eq!(g.play(Color::White, Pos::new(1, 1)), Err(Illegal::Ko));
        g.play_recorded(Color::White, Pos::new(1, 1)).unwrap();
        assert_eq!(g.board().color(Pos::new(1, 2)), Color::Empty);
        assert_eq!(g.board().captured_by(Color::White), 1);
        // A single-stone suicide in the corner: removed, a prisoner for white.
        g.play_recorded(Color::Black, Pos::new(3, 3)).unwrap();
        assert_eq!(g.board().color(Pos::new(3, 3)), Color::Empty);
        assert_eq!(g.board().captured_by(Color::White), 2);
        assert_eq!(
            g.play_recorded(Color::Black, Pos::new(0, 1)),
            Err(Illegal::Occupied)
        );
        // The rules are back in force, and undo replays such moves.
        assert_eq!(
            g.check_legal(Color::Black, Pos::new(3, 3)),
            Err(Illegal::Suicide)
        );
        g.board().check_consistency();
        assert!(g.undo());
        assert_eq!(g.board().captured_by(Color::White), 1);
        assert!(g.undo());
        assert_eq!(g.board().color(Pos::new(1, 2)), Color::Black);
        assert_eq!(g.board().color(Pos::new(1, 1)), Color::Empty);
    }

    /// Situational superko as GNU Go judges it: a past position's side to
    /// move is the colour that moved from it, even when GTP let a colour
    /// move twice.
    #[test]
    fn situational_superko_counts_who_moved_next() {
        for (rule, expect) in [
            (KoRule::PositionalSuperko, Err(Illegal::Superko)),
            (KoRule::SituationalSuperko, Err(Illegal::Superko)),
            (KoRule::Simple, Ok(())),
        ] {
            let mut g = Game::new(5);
            g.set_rules(Rules {
                ko: rule,
                ..Rules::default()
            });
            // The ko shape, built by moves; black moves last and again next.
            for (c, i, j) in [
                (Color::Black, 0, 1),
                (Color::White, 0, 2),
                (Color::Black, 1, 0),
                (Color::White, 1, 1),
                (Color::White, 1, 3),
                (Color::Black, 2, 1),
                (Color::White, 2, 2),
                (Color::Black, 2, 3),
            ] {
                g.play(c, Pos::new(i, j)).unwrap();
            }
            g.play(Color::Black, Pos::new(1, 2)).unwrap();
            g.play(Color::White, Pos::PASS).unwrap();
            g.play(Color::Black, Pos::PASS).unwrap();
            // The retake brings back the position black moved from.
            assert_eq!(
                g.check_legal(Color::White, Pos::new(1, 1)),
                expect,
                "{rule:?}"
            );
        }
    }

    #[test]
    fn repeated_positions_are_seen_under_simple_ko() {
        let mut g = Game::new(4);
        for pt in [(0, 1), (1, 0), (2, 1)] {
            g.setup_stone(Color::Black, Pos::new(pt.0, pt.1));
        }
        for pt in [(0, 2), (1, 1), (1, 3), (2, 2)] {
            g.setup_stone(Color::White, Pos::new(pt.0, pt.1));
        }
        assert!(!g.repeats_position(Color::Black, Pos::new(1, 2)));
        g.play(Color::Black, Pos::new(1, 2)).unwrap();
        g.play(Color::White, Pos::PASS).unwrap();
        g.play(Color::Black, Pos::PASS).unwrap();
        // Legal under simple ko, but the position before black's capture
        // comes back.
        assert!(g.is_legal(Color::White, Pos::new(1, 1)));
        assert!(g.repeats_position(Color::White, Pos::new(1, 1)));
        assert!(!g.repeats_position(Color::White, Pos::new(3, 3)));
        assert!(!g.repeats_position(Color::White, Pos::PASS));
        assert_eq!(g.board().stackp(), 0);
    }

    #[test]
    fn no_ko_rule_allows_immediate_retake() {
        let mut g = Game::new(4);
        g.set_rules(Rules {
            ko: KoRule::None,
            ..Rules::default()
        });
        for pt in [(0, 1), (1, 0), (2, 1)] {
            g.setup_stone(Color::Black, Pos::new(pt.0, pt.1));
        }
        for pt in [(0, 2), (1, 1), (1, 3), (2, 2)] {
            g.setup_stone(Color::White, Pos::new(pt.0, pt.1));
        }
        g.play(Color::Black, Pos::new(1, 2)).unwrap();
        assert!(g.is_legal(Color::White, Pos::new(1, 1)));
    }
}
