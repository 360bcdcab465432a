//! The writer: [`Collection`] to SGF bytes.

use crate::parse::normalize_id;
use crate::tree::{Collection, GameTree, Node, Property};
use crate::value::RawValue;

/// Lines are broken before a token that would pass this many bytes.
pub const LINE_WIDTH: usize = 78;

/// Writes a collection as SGF bytes.
///
/// Each top-level tree starts on a new line as `(;`; variations start on a
/// new line; lines are broken between nodes, properties and values (never
/// inside a value) to stay within [`LINE_WIDTH`] where possible. Values are
/// written raw, so anything read is written back unchanged, with two repairs
/// that keep the output well-formed: an unescaped `]` is escaped and a
/// trailing lone `\` is doubled. Property ids are normalized as the reader
/// does; a property whose id has no letter is skipped; a property with no
/// value gets `[]`; a tree with no node gets an empty node `;`.
///
/// The output is bytes because values may hold any bytes (e.g. non-UTF-8
/// text); see [`write_string`].
pub fn write(collection: &Collection) -> Vec<u8> {
    let mut w = Writer::default();
    for tree in &collection.trees {
        w.tree(tree);
        w.newline();
    }
    w.out
}

/// Writes a collection as a `String`, if the output is valid UTF-8 (it always
/// is when every value is); `None` otherwise. Lossless when `Some`.
pub fn write_string(collection: &Collection) -> Option<String> {
    String::from_utf8(write(collection)).ok()
}

#[derive(Default)]
struct Writer {
    out: Vec<u8>,
    /// Bytes written on the current line.
    col: usize,
}

enum Step<'a> {
    Open(&'a GameTree),
    Close,
}

impl Writer {
    fn newline(&mut self) {
        if self.col > 0 {
            self.out.push(b'\n');
            self.col = 0;
        }
    }

    /// Appends a token, first breaking the line if the token's first line
    /// would not fit.
    fn token(&mut self, bytes: &[u8]) {
        let first_line = bytes
            .iter()
            .position(|&b| b == b'\n')
            .unwrap_or(bytes.len());
        if self.col > 0 && self.col + first_line > LINE_WIDTH {
            self.newline();
        }
        self.out.extend_from_slice(bytes);
        match bytes.iter().rposition(|&b| b == b'\n') {
            Some(p) => self.col = bytes.len() - p - 1,
            None => self.col += bytes.len(),
        }
    }

    /// Iterative, so that any depth of variations can be written.
    fn tree(&mut self, tree: &GameTree) {
        let mut steps = vec![Step::Open(tree)];
        while let Some(step) = steps.pop() {
            match step {
                Step::Open(t) => {
                    self.newline();
                    self.out.push(b'(');
                    self.col += 1;
                    if t.nodes.is_empty() {
                        self.token(b";");
                    }
                    for n in &t.nodes {
                        self.node(n);
                    }
                    steps.push(Step::Close);
                    steps.extend(t.variations.iter().rev().map(Step::Open));
                }
                Step::Close => {
                    self.out.push(b')');
                    self.col += 1;
                }
            }
        }
    }

    fn node(&mut self, node: &Node) {
        let mut pending = b";".to_vec();
        for prop in &node.props {
            pending = self.property(prop, pending);
        }
        if !pending.is_empty() {
            self.token(&pending);
        }
    }

    /// Writes a property; `prefix` (the node's `;`, if not yet written) is kept
    /// on the same line as the property's first value. Returns what is still
    /// pending.
    fn property(&mut self, prop: &Property, prefix: Vec<u8>) -> Vec<u8> {
        let id = normalize_id(prop.id.as_bytes());
        if id.is_empty() {
            return prefix;
        }
        let mut token = prefix;
        token.extend_from_slice(id.as_bytes());
        let empty = [RawValue::empty()];
        let values = if prop.values.is_empty() {
            &empty[..]
        } else {
            &prop.values[..]
        };
        for value in values {
            push_value(&mut token, value.as_bytes());
            self.token(&token);
            token.clear();
        }
        token
    }
}

/// Appends `[value]`, escaping a stray `]` or trailing `\`.
fn push_value(out: &mut Vec<u8>, raw: &[u8]) {
    out.push(b'[');
    let mut i = 0;
    while i < raw.len() {
        match raw[i] {
            b'\\' if i + 1 < raw.len() => {
                out.extend_from_slice(&raw[i..i + 2]);
                i += 2;
                continue;
            }
            b'\\' | b']' => out.push(b'\\'),
            _ => {}
        }
        out.push(raw[i]);
        i += 1;
    }
    out.push(b']');
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{parse, Color, Move, Point};

    fn sgf(c: &Collection) -> String {
        write_string(c).unwrap()
    }

    #[test]
    fn simple_game() {
        let root = Node::new()
            .with(Property::number("FF", 4))
            .with(Property::number("SZ", 9));
        let tree = GameTree::new(vec![
            root,
            Node::new().with(Property::play(Color::Black, Move::Play(Point::new(2, 2)))),
            Node::new().with(Property::play(Color::White, Move::Pass)),
        ]);
        assert_eq!(
            sgf(&Collection::new(vec![tree])),
            "(;FF[4]SZ[9];B[cc];W[])\n"
        );
    }

    #[test]
    fn variations_start_on_new_lines() {
        let c = parse(b"(;FF[4](;B[aa];W[bb])(;B[cc](;W[dd])(;W[ee])))(;C[2])").unwrap();
        assert_eq!(
            sgf(&c),
            "(;FF[4]\n(;B[aa];W[bb])\n(;B[cc]\n(;W[dd])\n(;W[ee])))\n(;C[2])\n"
        );
    }

    #[test]
    fn wraps_long_lines_between_tokens() {
        let moves: Vec<Node> = (0..100)
            .map(|k| {
                let color = if k % 2 == 0 {
                    Color::Black
                } else {
                    Color::White
                };
                Node::new().with(Property::play(
                    color,
                    Move::Play(Point::new(k % 19, k / 19)),
                ))
            })
            .collect();
        let mut root = Node::new().with(Property::points(
            "AB",
            &(0..40).map(|k| Point::new(k % 19, 18)).collect::<Vec<_>>(),
        ));
        root.push(Property::text("C", &"long comment ".repeat(20)));
        let mut nodes = vec![root];
        nodes.extend(moves);
        let c = Collection::new(vec![GameTree::new(nodes)]);
        let out = sgf(&c);
        for line in out.lines() {
            assert!(line.len() <= LINE_WIDTH || !line.contains("]["), "{line}");
        }
        assert!(out.lines().count() > 5);
        assert_eq!(parse(out.as_bytes()).unwrap(), c);
    }

    #[test]
    fn values_are_written_raw_and_repaired() {
        let node = Node::new()
            .with(Property::single(
                "C",
                RawValue::from_raw(&b"a\\]b\\\nc"[..]),
            ))
            .with(Property::single("GC", RawValue::from_raw(&b"x]y\\"[..])))
            .with(Property::new("KO", vec![]))
            .with(Property::number("", 1))
            .with(Property::number("add", 2));
        let c = Collection::new(vec![GameTree::new(vec![node])]);
        let out = write(&c);
        assert_eq!(out, b"(;C[a\\]b\\\nc]GC[x\\]y\\\\]KO[]ADD[2])\n");
        let back = parse(&out).unwrap();
        let n = &back.trees[0].nodes[0];
        assert_eq!(n.text("GC").unwrap(), "x]y\\");
        assert_eq!(n.text("C").unwrap(), "a]bc");
    }

    #[test]
    fn empty_tree_gets_a_node() {
        let c = Collection::new(vec![GameTree::default()]);
        assert_eq!(sgf(&c), "(;)\n");
    }

    #[test]
    fn non_utf8_is_bytes() {
        let node = Node::new().with(Property::single("C", RawValue::from_raw(vec![0xff])));
        let c = Collection::new(vec![GameTree::new(vec![node])]);
        assert_eq!(write(&c), b"(;C[\xff])\n");
        assert_eq!(write_string(&c), None);
    }
}
