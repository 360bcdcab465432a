//! Unit tests of the reader.

use super::*;
use crate::{write, Color, Move, Point};

fn ok(input: &str) -> Collection {
    parse(input.as_bytes()).unwrap_or_else(|e| panic!("{input:?}: {e}"))
}

fn fail(input: &[u8]) -> SgfError {
    match parse(input) {
        Ok(c) => panic!("{:?} parsed: {c:?}", String::from_utf8_lossy(input)),
        Err(e) => e,
    }
}

fn ids(node: &Node) -> Vec<&str> {
    node.props.iter().map(|p| p.id.as_str()).collect()
}

#[test]
fn collection_with_variations() {
    let c = ok("(;FF[4]GM[1]SZ[19];B[pd];W[dp](;B[pp];W[dd])(;B[dd](;W[pp])(;W[pq])))\n(;SZ[9])");
    assert_eq!(c.trees.len(), 2);
    let t = &c.trees[0];
    assert_eq!(t.nodes.len(), 3);
    assert_eq!(t.variations.len(), 2);
    assert_eq!(t.variations[0].nodes.len(), 2);
    assert_eq!(t.variations[1].nodes.len(), 1);
    assert_eq!(t.variations[1].variations.len(), 2);
    let line: Vec<_> = t.main_line().flat_map(|n| n.moves(19)).collect();
    assert_eq!(line.len(), 4);
    assert_eq!(line[3], (Color::White, Move::Play(Point::new(3, 3))));
    assert_eq!(c.trees[1].nodes[0].number("SZ"), Some(9));
}

#[test]
fn multiple_values_kept_raw() {
    let c = ok(r"(;AB[aa][bb] [cc:dd]C[a \] b \\ c\:d]LB[aa:x\:y])");
    let n = &c.trees[0].nodes[0];
    let ab = n.get("AB").unwrap();
    let raw: Vec<&[u8]> = ab.values.iter().map(RawValue::as_bytes).collect();
    assert_eq!(raw, [&b"aa"[..], b"bb", b"cc:dd"]);
    assert_eq!(n.value("C").unwrap().as_bytes(), br"a \] b \\ c\:d");
    assert_eq!(n.text("C").unwrap(), r"a ] b \ c:d");
    let (point, label) = n.value("LB").unwrap().split_compose().unwrap();
    assert_eq!(point.to_point(), Some(Point::new(0, 0)));
    assert_eq!(label.to_simple_text(), "x:y");
    assert_eq!(n.points("AB", 19).len(), 2 + 4);
}

#[test]
fn soft_and_hard_line_breaks_in_text() {
    let c = ok("(;C[one\\\ntwo\r\nthree\\\r\nfour]GN[a\nb])");
    let n = &c.trees[0].nodes[0];
    assert_eq!(n.text("C").unwrap(), "onetwo\nthreefour");
    assert_eq!(n.simple_text("GN").unwrap(), "a b");
}

#[test]
fn passes() {
    let c = ok("(;SZ[19];B[];W[tt];B[ ])(;SZ[21];B[tt])(;SZ[9];W[tt])");
    let moves: Vec<_> = c.trees[0].main_line().flat_map(|n| n.moves(19)).collect();
    assert!(moves.iter().all(|&(_, m)| m == Move::Pass));
    assert_eq!(moves.len(), 3);
    let n = &c.trees[1].nodes[1];
    assert_eq!(
        n.move_of(Color::Black, 21),
        Some(Move::Play(Point::new(19, 19)))
    );
    assert_eq!(
        c.trees[2].nodes[1].move_of(Color::White, 9),
        Some(Move::Pass)
    );
}

#[test]
fn whitespace_everywhere_and_crlf() {
    let c = ok(" \r\n( \t;\r\n FF [4]\r\n AB\n[aa]\n  [bb] ; B [cc]\r\n ( ; W[dd] ) ( ;W[ee] ) \r\n ) \r\n");
    let t = &c.trees[0];
    assert_eq!(t.nodes.len(), 2);
    assert_eq!(t.nodes[0].points("AB", 19).len(), 2);
    assert_eq!(t.variations.len(), 2);
}

#[test]
fn lower_case_property_ids() {
    let c = ok("(;AddBlack[aa]AddWhite[bb]FileFormat[3]b[cc]comment[x]pL[W])");
    assert_eq!(
        ids(&c.trees[0].nodes[0]),
        ["AB", "AW", "FF", "B", "COMMENT", "L"]
    );
}

#[test]
fn leading_and_trailing_junk() {
    let input = "From: someone (a Go player)\nSubject: game (;-)\n\n(;FF[4];B[aa])\n-- \nsig (bye)";
    let c = ok(input);
    assert_eq!(c.trees.len(), 1);
    // Junk between trees is skipped too; a UTF-8 BOM is junk.
    let c = ok("\u{feff}(;C[1])\njunk\n(;C[2])");
    assert_eq!(c.trees.len(), 2);
}

#[test]
fn missing_closing_parentheses() {
    let c = ok("(;FF[4];B[aa](;W[bb])(;W[cc];B[dd]");
    let t = &c.trees[0];
    assert_eq!(t.variations.len(), 2);
    assert_eq!(t.variations[1].nodes.len(), 2);
    assert_eq!(ok("(;B[aa]\n\n").trees[0].nodes.len(), 1);
    assert_eq!(ok("(;B[aa](").trees[0].nodes.len(), 1);
}

#[test]
fn empty_nodes_and_variations() {
    let c = ok("(;;;B[aa];()(;W[bb])(;W[cc]))");
    let t = &c.trees[0];
    assert_eq!(t.nodes.len(), 4);
    assert!(t.nodes[0].props.is_empty() && t.nodes[3].props.is_empty());
    assert_eq!(t.variations.len(), 2);
}

#[test]
fn lone_variation_is_merged() {
    let c = ok("(;FF[4](;B[aa](;W[bb](;B[cc]))))");
    let t = &c.trees[0];
    assert_eq!(t.nodes.len(), 4);
    assert!(t.variations.is_empty());
    assert_eq!(c, ok("(;FF[4];B[aa];W[bb];B[cc])"));
    // Deep chains of lone variations are fine.
    let deep = "(;B[aa]".repeat(100_000);
    let c = parse(deep.as_bytes()).unwrap();
    assert_eq!(c.trees[0].nodes.len(), 100_000);
    assert!(c.trees[0].variations.is_empty());
}

#[test]
fn non_utf8_values() {
    let mut input = b"(;PB[".to_vec();
    input.extend_from_slice(&[0xb9, 0xc5, 0xc1, 0xa6, b'\\', b']']); // GBK-ish bytes
    input.extend_from_slice(b"]C[\xff\xfe])");
    let c = parse(&input).unwrap();
    let n = &c.trees[0].nodes[0];
    assert_eq!(
        n.value("PB").unwrap().as_bytes(),
        &[0xb9, 0xc5, 0xc1, 0xa6, b'\\', b']']
    );
    assert!(n.text("C").unwrap().contains('\u{fffd}'));
    assert_eq!(write(&c).strip_suffix(b"\n").unwrap(), &input[..]);
}

#[test]
fn error_positions() {
    let e = fail(b"(;FF[4]\n;B[aa\n;W[bb)");
    assert_eq!((e.line, e.column), (2, 3));
    assert!(e.message.contains("unterminated"), "{e}");
    assert_eq!(e.to_string(), format!("line 2, column 3: {}", e.message));

    let e = fail(b"(;FF[4]\r\n;B ;W[bb])");
    assert_eq!((e.line, e.column), (2, 4));
    assert!(e.message.contains("expected '['"), "{e}");

    let e = fail(b"(;FF[4]\n  ;B[aa]%)");
    assert_eq!((e.line, e.column), (2, 9));
    assert!(e.message.contains("'%'"), "{e}");

    let e = fail(b"(;FF[4](;B[aa])(;B[bb])\n;W[cc])");
    assert_eq!((e.line, e.column), (2, 1));
    assert!(e.message.contains("after variations"), "{e}");

    let e = fail(b"(;B[aa](B[bb]))");
    assert_eq!((e.line, e.column), (1, 9));
    assert!(e.message.contains("expected ';'"), "{e}");

    let e = fail(b"(;B[aa]\x00)");
    assert_eq!((e.line, e.column), (1, 8));
    assert!(e.message.contains("0x00"), "{e}");

    let e = fail(b"");
    assert_eq!((e.line, e.column), (1, 1));
    let e = fail(b"no game\nhere");
    assert_eq!((e.line, e.column), (2, 5));
    assert!(e.message.contains("no game tree"), "{e}");

    let e = fail(b"(;C[x\\]");
    assert_eq!((e.line, e.column), (1, 4));
}

#[test]
fn variation_depth_limit() {
    // Branching at every level: each level has two variations.
    let deep = |n: usize| {
        let mut s = "(;C[0]".to_string();
        for _ in 0..n {
            s.push_str("(;B[aa])(;W[bb]");
        }
        s.push_str(&")".repeat(n + 1));
        s
    };
    let c = parse(deep(MAX_VARIATION_DEPTH).as_bytes()).unwrap();
    // Recursive drop, clone, compare and write on the deepest accepted tree.
    let copy = c.clone();
    assert_eq!(parse(&write(&copy)).unwrap(), c);
    let e = parse(deep(MAX_VARIATION_DEPTH + 1).as_bytes()).unwrap_err();
    assert!(e.message.contains("too deeply"), "{e}");
    // Unclosed: recovery at the end of the input hits the same limit.
    let e = parse("(;(;)(;".repeat(5000).as_bytes()).unwrap_err();
    assert!(e.message.contains("too deeply"), "{e}");
}

/// A tiny deterministic PRNG (xorshift), to avoid a dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

const SAMPLE: &str = "Mail header (x)\r\n(;FF[4]GM[1]SZ[19]KM[6.5]PB[Black\\]]C[soft\\\nbreak]\
    AB[aa:cc][dd]\n;B[pd];W[tt](;B[]C[x\\:y])(;B[dp]LB[aa:A]AddWhite[ee]\n(;W[qq])(;W[qr];B[rr]))) (;SZ[9])";

/// Checks that parsing does not panic, and that whatever parses also survives
/// a write/parse round trip.
fn check(input: &[u8]) {
    if let Ok(c) = parse(input) {
        let out = write(&c);
        assert_eq!(
            parse(&out).as_ref(),
            Ok(&c),
            "{:?}",
            String::from_utf8_lossy(input)
        );
    }
}

#[test]
fn no_panic_on_random_bytes() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let alphabet = b"();[]\\:abAB \n\r\tCtz19";
    for _ in 0..3000 {
        let len = rng.below(64);
        let bytes: Vec<u8> = (0..len).map(|_| rng.next() as u8).collect();
        check(&bytes);
        let sgfish: Vec<u8> = (0..len)
            .map(|_| alphabet[rng.below(alphabet.len())])
            .collect();
        check(&sgfish);
        let mut prefixed = b"(;".to_vec();
        prefixed.extend_from_slice(&sgfish);
        check(&prefixed);
    }
}

#[test]
fn no_panic_on_truncations_and_mutations() {
    let sample = SAMPLE.as_bytes();
    for k in 0..=sample.len() {
        check(&sample[..k]);
        check(&sample[k..]);
    }
    let mut rng = Rng(12345);
    for _ in 0..3000 {
        let mut bytes = sample.to_vec();
        for _ in 0..1 + rng.below(4) {
            let at = rng.below(bytes.len());
            match rng.below(3) {
                0 => bytes[at] = rng.next() as u8,
                1 => {
                    bytes.remove(at);
                }
                _ => bytes.insert(at, b"()[];\\"[rng.below(6)]),
            }
        }
        check(&bytes);
    }
}

#[test]
fn parse_file_errors_mention_the_path() {
    let e = parse_file("/nonexistent/dir/game.sgf").unwrap_err();
    assert!(
        e.to_string().starts_with("/nonexistent/dir/game.sgf: "),
        "{e}"
    );
    let dir = std::env::temp_dir().join(format!("sgf-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("bad.sgf");
    std::fs::write(&path, "(;B[aa").unwrap();
    let e = parse_file(&path).unwrap_err();
    assert!(matches!(e, FileError::Parse { .. }));
    assert_eq!(
        e.to_string(),
        format!(
            "{}: line 1, column 4: unterminated value: missing ']'",
            path.display()
        )
    );
    std::fs::write(&path, "(;B[aa])").unwrap();
    assert_eq!(parse_file(&path).unwrap().trees.len(), 1);
    std::fs::remove_dir_all(&dir).unwrap();
}
