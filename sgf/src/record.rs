//! [`GameRecord`]: a plain game record for engines (game info, setup, moves),
//! built from or turned into SGF.

use std::fmt;

use crate::tree::{Collection, GameTree, Node, Property};
use crate::types::{Color, Move, Point};
use crate::value::RawValue;
use crate::write::write_string;

/// One step of a game, in the order an engine must replay them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// Setup stones (`AB`, `AW`, `AE`) of one node: add black stones, add
    /// white stones, clear points.
    Setup {
        /// Points where black stones are added.
        black: Vec<Point>,
        /// Points where white stones are added.
        white: Vec<Point>,
        /// Points made empty.
        empty: Vec<Point>,
    },
    /// `PL`: the player to move next.
    PlayerToMove(Color),
    /// `B` or `W`: a move.
    Move {
        /// Who moves.
        color: Color,
        /// The move (a pass or a point).
        mv: Move,
    },
}

/// Why a game tree could not be turned into a [`GameRecord`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordError {
    /// What is wrong, naming the node (0 = root, counted along the main line).
    pub message: String,
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for RecordError {}

fn err<T>(message: String) -> Result<T, RecordError> {
    Err(RecordError { message })
}

/// A game record as an engine sees it: square board, game info, and the
/// events of the main line in order.
///
/// Writing puts the game info in the root node (`FF[4]GM[1]CA[UTF-8]`, `AP`,
/// `SZ`, `KM` if set, `HA` if non-zero, then `RU`, `PB`, `PW`, `DT`, `RE` if set),
/// setup events and `PL` in setup nodes (the root while no move has been
/// written) and every move in a node of its own. Setup events with no point
/// are dropped. Other properties are not kept.
#[derive(Debug, Clone, PartialEq)]
pub struct GameRecord {
    /// Board side (`SZ`, default 19).
    pub size: u8,
    /// Komi (`KM`); `None` when the record has no (well-formed) `KM`, so
    /// that a reader can apply its own default (GNU Go: 5.5, or 0.5 with a
    /// handicap).
    pub komi: Option<f64>,
    /// Handicap (`HA`, default 0); the stones themselves are setup events.
    pub handicap: u32,
    /// Rules (`RU`).
    pub rules: Option<String>,
    /// Black player's name (`PB`).
    pub black_name: Option<String>,
    /// White player's name (`PW`).
    pub white_name: Option<String>,
    /// Result (`RE`), e.g. `B+3.5`, `W+R`.
    pub result: Option<String>,
    /// Date (`DT`), e.g. `2024-05-01`.
    pub date: Option<String>,
    /// Application (`AP`) as (name, version).
    pub application: Option<(String, String)>,
    /// Setup, player-to-move and move events of the main line, in order.
    pub events: Vec<Event>,
}

impl GameRecord {
    /// An empty record for a `size`x`size` board, written by
    /// `AP[tesuji:version]`, komi 0, no handicap.
    pub fn new(size: u8, version: &str) -> GameRecord {
        GameRecord {
            size,
            komi: Some(0.0),
            handicap: 0,
            rules: None,
            black_name: None,
            white_name: None,
            result: None,
            date: None,
            application: Some(("tesuji".to_string(), version.to_string())),
            events: Vec::new(),
        }
    }

    /// Adds setup stones (e.g. handicap stones); nothing if both are empty.
    pub fn add_stones(&mut self, black: &[Point], white: &[Point]) {
        if !black.is_empty() || !white.is_empty() {
            self.events.push(Event::Setup {
                black: black.to_vec(),
                white: white.to_vec(),
                empty: Vec::new(),
            });
        }
    }

    /// Sets the player to move (`PL`).
    pub fn set_player(&mut self, color: Color) {
        self.events.push(Event::PlayerToMove(color));
    }

    /// Appends a move.
    pub fn play(&mut self, color: Color, mv: Move) {
        self.events.push(Event::Move { color, mv });
    }

    /// The moves, in order, without the other events.
    pub fn moves(&self) -> impl Iterator<Item = (Color, Move)> + '_ {
        self.events.iter().filter_map(|e| match *e {
            Event::Move { color, mv } => Some((color, mv)),
            _ => None,
        })
    }

    /// The record as a game tree (a single main line).
    ///
    /// # Panics
    /// If a point has a coordinate above 51.
    pub fn to_tree(&self) -> GameTree {
        let mut root = Node::new()
            .with(Property::number("FF", 4))
            .with(Property::number("GM", 1))
            .with(Property::simple_text("CA", "UTF-8"));
        if let Some((name, version)) = &self.application {
            let value = RawValue::compose(
                &RawValue::compose_text(name),
                &RawValue::compose_text(version),
            );
            root.push(Property::single("AP", value));
        }
        root.push(Property::number("SZ", i64::from(self.size)));
        if let Some(komi) = self.komi {
            root.push(Property::real("KM", komi));
        }
        if self.handicap != 0 {
            root.push(Property::number("HA", i64::from(self.handicap)));
        }
        let info = [
            ("RU", &self.rules),
            ("PB", &self.black_name),
            ("PW", &self.white_name),
            ("DT", &self.date),
            ("RE", &self.result),
        ];
        for (id, text) in info {
            if let Some(text) = text {
                root.push(Property::simple_text(id, text));
            }
        }

        let mut nodes = vec![root];
        // Whether the last node may take setup properties / a PL.
        let mut setup_node = true;
        let mut has_setup = false;
        let mut has_player = false;
        for event in &self.events {
            match event {
                Event::Setup {
                    black,
                    white,
                    empty,
                } => {
                    if black.is_empty() && white.is_empty() && empty.is_empty() {
                        continue;
                    }
                    if !setup_node || has_setup || has_player {
                        nodes.push(Node::new());
                        (setup_node, has_player) = (true, false);
                    }
                    let node = nodes.last_mut().expect("nodes start with the root");
                    for (id, points) in [("AB", black), ("AW", white), ("AE", empty)] {
                        if !points.is_empty() {
                            node.push(Property::points(id, points));
                        }
                    }
                    has_setup = true;
                }
                Event::PlayerToMove(color) => {
                    if !setup_node || has_player {
                        nodes.push(Node::new());
                        (setup_node, has_setup) = (true, false);
                    }
                    let node = nodes.last_mut().expect("nodes start with the root");
                    node.push(Property::color("PL", *color));
                    has_player = true;
                }
                Event::Move { color, mv } => {
                    nodes.push(Node::new().with(Property::play(*color, *mv)));
                    (setup_node, has_setup, has_player) = (false, false, false);
                }
            }
        }
        GameTree::new(nodes)
    }

    /// The record as a collection of one game.
    pub fn to_collection(&self) -> Collection {
        Collection::new(vec![self.to_tree()])
    }

    /// The record as SGF text.
    pub fn to_sgf_string(&self) -> String {
        // Every value comes from a `&str`, so the output is UTF-8.
        write_string(&self.to_collection()).unwrap_or_default()
    }

    /// Reads the main line of a game tree.
    ///
    /// Game info is taken from the first main-line node that has it (normally
    /// the root). `SZ` defaults to 19; a malformed `KM` or `HA` counts as
    /// absent (`komi` is then `None`, `handicap` 0). Each node gives first a
    /// setup event (`AB`/`AW`/`AE`, compressed lists expanded), then its `PL`
    /// and moves (`B`/`W`; `[]`, and `[tt]` up to 19x19, are passes) in the
    /// order they stand in the node.
    ///
    /// Errors: a game other than Go (`GM` not 1), an invalid or rectangular
    /// `SZ`, a malformed or off-board point in a move or setup list, a
    /// malformed `PL`.
    pub fn from_tree(tree: &GameTree) -> Result<GameRecord, RecordError> {
        let nodes: Vec<&Node> = tree.main_line().collect();
        let first = |id: &str| nodes.iter().find(|n| n.has(id)).copied();

        if let Some(gm) = first("GM") {
            if gm.number("GM") != Some(1) {
                let raw = gm.value("GM").map(RawValue::to_simple_text);
                return err(format!("not a game of Go: GM[{}]", raw.unwrap_or_default()));
            }
        }
        let size = match first("SZ") {
            None => 19,
            Some(n) => match n.board_size() {
                Some((cols, rows)) if cols == rows => cols,
                Some((cols, rows)) => {
                    return err(format!("rectangular board {cols}x{rows} is not supported"))
                }
                None => {
                    let raw = n.value("SZ").map(RawValue::to_simple_text);
                    return err(format!(
                        "invalid board size SZ[{}]",
                        raw.unwrap_or_default()
                    ));
                }
            },
        };
        let text = |id: &str| first(id).and_then(|n| n.simple_text(id));
        let application =
            first("AP")
                .and_then(|n| n.value("AP"))
                .map(|v| match v.split_compose() {
                    Some((name, version)) => (name.to_simple_text(), version.to_simple_text()),
                    None => (v.to_simple_text(), String::new()),
                });

        let mut record = GameRecord {
            size,
            komi: first("KM").and_then(|n| n.real("KM")),
            handicap: first("HA")
                .and_then(|n| n.number("HA"))
                .and_then(|h| u32::try_from(h).ok())
                .unwrap_or(0),
            rules: text("RU"),
            black_name: text("PB"),
            white_name: text("PW"),
            result: text("RE"),
            date: text("DT"),
            application,
            events: Vec::new(),
        };
        for (k, node) in nodes.iter().enumerate() {
            record.read_node(node, k)?;
        }
        Ok(record)
    }

    fn read_node(&mut self, node: &Node, k: usize) -> Result<(), RecordError> {
        let size = self.size;
        let list = |id: &str| -> Result<Vec<Point>, RecordError> {
            let mut points = Vec::new();
            for v in node.values(id) {
                match v.to_points() {
                    Some(ps) if ps.iter().all(|p| p.is_on_board(size)) => points.extend(ps),
                    _ => {
                        return err(format!(
                            "node {k}: invalid point {id}[{}]",
                            v.to_simple_text()
                        ))
                    }
                }
            }
            Ok(points)
        };
        let (black, white, empty) = (list("AB")?, list("AW")?, list("AE")?);
        if !black.is_empty() || !white.is_empty() || !empty.is_empty() {
            self.events.push(Event::Setup {
                black,
                white,
                empty,
            });
        }
        // PL and the moves in the order they stand in the node: `B[cc]PL[B]`
        // leaves black to move, `PL[B]B[cc]` white (as GNU Go reads them).
        for prop in &node.props {
            let color = match prop.id.as_str() {
                "B" => Color::Black,
                "W" => Color::White,
                "PL" => {
                    let v = prop.values.first().cloned().unwrap_or_default();
                    match v.to_color() {
                        Some(c) => self.events.push(Event::PlayerToMove(c)),
                        None => {
                            return err(format!("node {k}: invalid PL[{}]", v.to_simple_text()))
                        }
                    }
                    continue;
                }
                _ => continue,
            };
            let value = prop.values.first().cloned().unwrap_or_default();
            match value.to_move(size) {
                Some(Move::Play(p)) if !p.is_on_board(size) => {}
                Some(mv) => {
                    self.events.push(Event::Move { color, mv });
                    continue;
                }
                None => {}
            }
            return err(format!(
                "node {k}: invalid move {}[{}] on a {size}x{size} board",
                prop.id,
                value.to_simple_text()
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
#[path = "record_tests.rs"]
mod tests;
