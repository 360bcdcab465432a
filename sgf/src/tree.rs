//! The data model: [`Collection`], [`GameTree`], [`Node`], [`Property`].

use crate::types::{Color, Double, Move, Point};
use crate::value::RawValue;

/// A whole SGF file: one or more game trees, one game per tree.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Collection {
    /// The top-level game trees, in file order.
    pub trees: Vec<GameTree>,
}

impl Collection {
    /// A collection of the given trees.
    pub fn new(trees: Vec<GameTree>) -> Collection {
        Collection { trees }
    }
}

/// A game tree: a sequence of nodes, then the variations that follow its last
/// node. The first variation is the main line.
///
/// The reader merges a lone variation into the sequence (`(;a(;b))` is read
/// as `(;a;b)`, which means the same), so parsed trees have either no
/// variation or at least two.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct GameTree {
    /// The sequence of nodes; the first node of a top-level tree is the root.
    pub nodes: Vec<Node>,
    /// The child trees following the last node.
    pub variations: Vec<GameTree>,
}

impl GameTree {
    /// A tree holding a single sequence of nodes and no variation.
    pub fn new(nodes: Vec<Node>) -> GameTree {
        GameTree {
            nodes,
            variations: Vec::new(),
        }
    }

    /// The first node (the root node of a top-level tree).
    pub fn root(&self) -> Option<&Node> {
        self.nodes.first()
    }

    /// The first node, mutably.
    pub fn root_mut(&mut self) -> Option<&mut Node> {
        self.nodes.first_mut()
    }

    /// The main line: this tree's nodes, then those of the first variation,
    /// and so on all the way down.
    pub fn main_line(&self) -> MainLine<'_> {
        MainLine {
            nodes: self.nodes.iter(),
            next: self.variations.first(),
        }
    }
}

/// Iterator over the nodes of a main line; see [`GameTree::main_line`].
#[derive(Debug, Clone)]
pub struct MainLine<'a> {
    nodes: std::slice::Iter<'a, Node>,
    next: Option<&'a GameTree>,
}

impl<'a> Iterator for MainLine<'a> {
    type Item = &'a Node;

    fn next(&mut self) -> Option<&'a Node> {
        loop {
            if let Some(node) = self.nodes.next() {
                return Some(node);
            }
            let tree = self.next?;
            self.nodes = tree.nodes.iter();
            self.next = tree.variations.first();
        }
    }
}

/// A node: a list of properties, in file order.
///
/// Lookups by id find the first property with that id; list getters such as
/// [`Node::points`] gather the values of every property with that id (a node
/// may, against the standard, repeat an id).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Node {
    /// The properties, in file order.
    pub props: Vec<Property>,
}

impl Node {
    /// An empty node.
    pub fn new() -> Node {
        Node::default()
    }

    /// This node with `prop` appended (builder style).
    pub fn with(mut self, prop: Property) -> Node {
        self.props.push(prop);
        self
    }

    /// The first property with this id.
    pub fn get(&self, id: &str) -> Option<&Property> {
        self.props.iter().find(|p| p.id == id)
    }

    /// The first property with this id, mutably.
    pub fn get_mut(&mut self, id: &str) -> Option<&mut Property> {
        self.props.iter_mut().find(|p| p.id == id)
    }

    /// Whether a property with this id is present.
    pub fn has(&self, id: &str) -> bool {
        self.get(id).is_some()
    }

    /// The first value of the first property with this id.
    pub fn value(&self, id: &str) -> Option<&RawValue> {
        self.get(id)?.values.first()
    }

    /// All values of all properties with this id, in order.
    pub fn values<'a>(&'a self, id: &'a str) -> impl Iterator<Item = &'a RawValue> + 'a {
        self.props
            .iter()
            .filter(move |p| p.id == id)
            .flat_map(|p| p.values.iter())
    }

    /// Sets a property: replaces the first property with the same id (and
    /// removes any other with that id), or appends it.
    pub fn set(&mut self, prop: Property) {
        match self.props.iter().position(|p| p.id == prop.id) {
            Some(i) => {
                let id = prop.id.clone();
                self.props[i] = prop;
                let mut k = 0;
                self.props.retain(|p| {
                    k += 1;
                    k - 1 == i || p.id != id
                });
            }
            None => self.props.push(prop),
        }
    }

    /// Appends a property, even if one with the same id exists.
    pub fn push(&mut self, prop: Property) {
        self.props.push(prop);
    }

    /// Removes every property with this id; returns them merged into one
    /// (values in order), or `None` if there was none.
    pub fn remove(&mut self, id: &str) -> Option<Property> {
        let mut removed: Option<Property> = None;
        self.props.retain(|p| {
            if p.id != id {
                return true;
            }
            match &mut removed {
                Some(r) => r.values.extend(p.values.iter().cloned()),
                None => removed = Some(p.clone()),
            }
            false
        });
        removed
    }

    /// The first value of `id` as a Number (`None` if absent or malformed).
    pub fn number(&self, id: &str) -> Option<i64> {
        self.value(id)?.to_number()
    }

    /// The first value of `id` as a Real.
    pub fn real(&self, id: &str) -> Option<f64> {
        self.value(id)?.to_real()
    }

    /// The first value of `id` as a Double.
    pub fn double(&self, id: &str) -> Option<Double> {
        self.value(id)?.to_double()
    }

    /// The first value of `id` as a Color.
    pub fn color(&self, id: &str) -> Option<Color> {
        self.value(id)?.to_color()
    }

    /// The first value of `id` as SimpleText (lossy UTF-8).
    pub fn simple_text(&self, id: &str) -> Option<String> {
        Some(self.value(id)?.to_simple_text())
    }

    /// The first value of `id` as Text (lossy UTF-8).
    pub fn text(&self, id: &str) -> Option<String> {
        Some(self.value(id)?.to_text())
    }

    /// The first value of `id` as a Point (no bounds check).
    pub fn point(&self, id: &str) -> Option<Point> {
        self.value(id)?.to_point()
    }

    /// All points listed by `id` (e.g. `AB`, `AW`, `AE`, `TR`), compressed
    /// rectangles expanded, in order. Malformed values and points off a
    /// `board_size`x`board_size` board (such as `tt` on 19x19) are skipped.
    pub fn points(&self, id: &str, board_size: u8) -> Vec<Point> {
        self.values(id)
            .filter_map(RawValue::to_points)
            .flatten()
            .filter(|p| p.is_on_board(board_size))
            .collect()
    }

    /// The move of `color` in this node (`B` or `W` property), if any and
    /// well-formed. `[]` is a pass, and so is `[tt]` on boards up to 19x19.
    /// No bounds check otherwise.
    pub fn move_of(&self, color: Color, board_size: u8) -> Option<Move> {
        self.value(color.move_id())?.to_move(board_size)
    }

    /// The moves in this node, in property order (normally at most one).
    /// Malformed move values are skipped.
    pub fn moves(&self, board_size: u8) -> Vec<(Color, Move)> {
        self.props
            .iter()
            .filter_map(|p| {
                let color = match p.id.as_str() {
                    "B" => Color::Black,
                    "W" => Color::White,
                    _ => return None,
                };
                Some((color, p.values.first()?.to_move(board_size)?))
            })
            .collect()
    }

    /// The board size from `SZ`: `SZ[19]` gives `(19, 19)`, `SZ[19:13]`
    /// gives (columns, rows) `(19, 13)`. `None` if absent, malformed, or out
    /// of the range 1..=52.
    pub fn board_size(&self) -> Option<(u8, u8)> {
        let v = self.value("SZ")?;
        let (cols, rows) = match v.split_compose() {
            Some((c, r)) => (c.to_number()?, r.to_number()?),
            None => {
                let n = v.to_number()?;
                (n, n)
            }
        };
        let ok = |n: i64| (1..=i64::from(crate::MAX_BOARD_SIZE)).contains(&n);
        (ok(cols) && ok(rows)).then_some((cols as u8, rows as u8))
    }
}

/// A property: an id (upper-case letters) and one or more raw values.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Property {
    /// The identifier, e.g. `"B"`, `"AB"`, `"KM"`.
    pub id: String,
    /// The values, raw; a property written by the writer with no value gets `[]`.
    pub values: Vec<RawValue>,
}

impl Property {
    /// A property with the given raw values.
    pub fn new(id: impl Into<String>, values: Vec<RawValue>) -> Property {
        Property {
            id: id.into(),
            values,
        }
    }

    /// A property with a single raw value.
    pub fn single(id: impl Into<String>, value: RawValue) -> Property {
        Property::new(id, vec![value])
    }

    /// A Text property (escaped).
    pub fn text(id: impl Into<String>, text: &str) -> Property {
        Property::single(id, RawValue::text(text))
    }

    /// A SimpleText property (escaped; same encoding as Text).
    pub fn simple_text(id: impl Into<String>, text: &str) -> Property {
        Property::single(id, RawValue::text(text))
    }

    /// A Number property.
    pub fn number(id: impl Into<String>, n: i64) -> Property {
        Property::single(id, RawValue::number(n))
    }

    /// A Real property.
    pub fn real(id: impl Into<String>, x: f64) -> Property {
        Property::single(id, RawValue::real(x))
    }

    /// A Double property.
    pub fn double(id: impl Into<String>, d: Double) -> Property {
        Property::single(id, RawValue::double(d))
    }

    /// A Color property (e.g. `PL`).
    pub fn color(id: impl Into<String>, c: Color) -> Property {
        Property::single(id, RawValue::color(c))
    }

    /// A single-point property.
    ///
    /// # Panics
    /// If a coordinate is above 51.
    pub fn point(id: impl Into<String>, p: Point) -> Property {
        Property::single(id, RawValue::point(p))
    }

    /// A point-list property (e.g. `AB`), one value per point, uncompressed.
    ///
    /// # Panics
    /// If a coordinate is above 51.
    pub fn points(id: impl Into<String>, points: &[Point]) -> Property {
        Property::new(id, points.iter().map(|&p| RawValue::point(p)).collect())
    }

    /// A Move property; a pass is `[]`.
    ///
    /// # Panics
    /// If a coordinate is above 51.
    pub fn mv(id: impl Into<String>, m: Move) -> Property {
        Property::single(id, RawValue::mv(m))
    }

    /// A pass: `id[]`.
    pub fn pass(id: impl Into<String>) -> Property {
        Property::single(id, RawValue::empty())
    }

    /// A property with the empty value (type None), e.g. `KO[]`.
    pub fn none(id: impl Into<String>) -> Property {
        Property::single(id, RawValue::empty())
    }

    /// A move by `color`: `B[..]` or `W[..]`.
    ///
    /// # Panics
    /// If a coordinate is above 51.
    pub fn play(color: Color, m: Move) -> Property {
        Property::mv(color.move_id(), m)
    }

    /// The first value.
    pub fn value(&self) -> Option<&RawValue> {
        self.values.first()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn node() -> Node {
        Node::new()
            .with(Property::number("SZ", 9))
            .with(Property::real("KM", 6.5))
            .with(Property::text("C", "hi]"))
            .with(Property::color("PL", Color::White))
            .with(Property::new(
                "AB",
                vec![RawValue::from_raw("aa:bb"), RawValue::from_raw("ii")],
            ))
            .with(Property::points(
                "AB",
                &[Point::new(8, 0), Point::new(9, 9)],
            ))
            .with(Property::play(Color::Black, Move::Pass))
    }

    #[test]
    fn getters() {
        let n = node();
        assert_eq!(n.number("SZ"), Some(9));
        assert_eq!(n.board_size(), Some((9, 9)));
        assert_eq!(n.real("KM"), Some(6.5));
        assert_eq!(n.text("C").as_deref(), Some("hi]"));
        assert_eq!(n.simple_text("C").as_deref(), Some("hi]"));
        assert_eq!(n.color("PL"), Some(Color::White));
        assert_eq!(n.number("XX"), None);
        assert_eq!(
            n.points("AB", 9),
            vec![
                Point::new(0, 0),
                Point::new(1, 0),
                Point::new(0, 1),
                Point::new(1, 1),
                Point::new(8, 8),
                Point::new(8, 0)
            ]
        );
        assert_eq!(n.move_of(Color::Black, 9), Some(Move::Pass));
        assert_eq!(n.move_of(Color::White, 9), None);
        assert_eq!(n.moves(9), vec![(Color::Black, Move::Pass)]);
    }

    #[test]
    fn set_and_remove() {
        let mut n = node();
        n.set(Property::number("SZ", 13));
        assert_eq!(n.number("SZ"), Some(13));
        assert_eq!(n.props[0].id, "SZ");
        n.set(Property::point("AB", Point::new(2, 2)));
        assert_eq!(n.props.iter().filter(|p| p.id == "AB").count(), 1);
        assert_eq!(n.points("AB", 19), vec![Point::new(2, 2)]);
        n.set(Property::text("GN", "x"));
        assert_eq!(n.props.last().unwrap().id, "GN");
        let removed = n.remove("C").unwrap();
        assert_eq!(removed.values, vec![RawValue::text("hi]")]);
        assert!(!n.has("C"));
        assert_eq!(n.remove("C"), None);
        n.push(Property::number("X", 1));
        n.push(Property::number("X", 2));
        assert_eq!(n.remove("X").unwrap().values.len(), 2);
    }

    #[test]
    fn board_sizes() {
        let sz = |v: &str| {
            Node::new()
                .with(Property::single("SZ", RawValue::from_raw(v)))
                .board_size()
        };
        assert_eq!(sz("19"), Some((19, 19)));
        assert_eq!(sz("19:13"), Some((19, 13)));
        assert_eq!(sz("0"), None);
        assert_eq!(sz("53"), None);
        assert_eq!(sz("x"), None);
    }

    #[test]
    fn main_line() {
        let n = |c: &str| Node::new().with(Property::text("C", c));
        let tree = GameTree {
            nodes: vec![n("1"), n("2")],
            variations: vec![
                GameTree {
                    nodes: vec![n("3")],
                    variations: vec![GameTree::new(vec![n("4")]), GameTree::new(vec![n("x")])],
                },
                GameTree::new(vec![n("y")]),
            ],
        };
        let line: Vec<String> = tree.main_line().map(|n| n.text("C").unwrap()).collect();
        assert_eq!(line, ["1", "2", "3", "4"]);
        assert_eq!(GameTree::default().main_line().count(), 0);
    }
}
