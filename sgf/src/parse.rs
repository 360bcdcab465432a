//! The reader: bytes to [`Collection`], built on nom for the tokens and an
//! explicit stack for the tree structure (no recursion, so deeply nested input
//! cannot overflow the stack).

use std::borrow::Cow;
use std::path::Path;

use nom::bytes::complete::{take_while, take_while1};
use nom::character::complete::char;
use nom::error::{ErrorKind, ParseError};
use nom::multi::many0;
use nom::sequence::preceded;
use nom::IResult;

use crate::error::{FileError, SgfError};
use crate::tree::{Collection, GameTree, Node, Property};
use crate::value::RawValue;

/// Maximum nesting of branching variations accepted by the reader (a lone
/// variation, merged into its parent, does not count). Deeper input is
/// rejected so that recursive code on the tree (drop, clone, compare) stays
/// well within the stack.
pub const MAX_VARIATION_DEPTH: usize = 1000;

/// Parser error: where (the remaining input) and why.
#[derive(Debug)]
struct PErr<'a> {
    at: &'a [u8],
    message: Cow<'static, str>,
}

impl<'a> ParseError<&'a [u8]> for PErr<'a> {
    fn from_error_kind(input: &'a [u8], kind: ErrorKind) -> Self {
        PErr {
            at: input,
            message: format!("unexpected input ({kind:?})").into(),
        }
    }

    fn append(_: &'a [u8], _: ErrorKind, other: Self) -> Self {
        other
    }
}

type Res<'a, T> = IResult<&'a [u8], T, PErr<'a>>;

fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

fn space(i: &[u8]) -> Res<'_, &[u8]> {
    take_while(is_space)(i)
}

/// Normalizes a property identifier as tolerant readers do: keep only the
/// upper-case letters (FF\[3\] `AddBlack` is `AB`); an identifier made only of
/// lower-case letters is upper-cased. Non-letters are dropped.
pub(crate) fn normalize_id(raw: &[u8]) -> String {
    let upper: String = raw
        .iter()
        .filter(|b| b.is_ascii_uppercase())
        .map(|&b| b as char)
        .collect();
    if !upper.is_empty() {
        return upper;
    }
    raw.iter()
        .filter(|b| b.is_ascii_alphabetic())
        .map(|b| b.to_ascii_uppercase() as char)
        .collect()
}

fn prop_ident(i: &[u8]) -> Res<'_, String> {
    let (rest, raw) = take_while1(|b: u8| b.is_ascii_alphabetic())(i)?;
    Ok((rest, normalize_id(raw)))
}

/// `[` raw bytes `]`, where `\` escapes the next byte.
fn raw_value(i: &[u8]) -> Res<'_, RawValue> {
    let (body, _) = char('[')(i)?;
    let mut k = 0;
    while k < body.len() {
        match body[k] {
            b'\\' => k += 2,
            b']' => return Ok((&body[k + 1..], RawValue::from_raw(&body[..k]))),
            _ => k += 1,
        }
    }
    Err(nom::Err::Failure(PErr {
        at: i,
        message: "unterminated value: missing ']'".into(),
    }))
}

fn property(i: &[u8]) -> Res<'_, Property> {
    let (rest, id) = prop_ident(i)?;
    let (rest, first) = preceded(space, raw_value)(rest).map_err(|e| match e {
        nom::Err::Error(p) => nom::Err::Failure(PErr {
            at: p.at,
            message: format!("expected '[' after property identifier {id}").into(),
        }),
        other => other,
    })?;
    let (rest, mut more) = many0(preceded(space, raw_value))(rest)?;
    more.insert(0, first);
    Ok((rest, Property::new(id, more)))
}

fn node(i: &[u8]) -> Res<'_, Node> {
    let (rest, _) = char(';')(i)?;
    let (rest, props) = many0(preceded(space, property))(rest)?;
    Ok((rest, Node { props }))
}

fn skip_space(input: &[u8], mut i: usize) -> usize {
    while input.get(i).is_some_and(|&b| is_space(b)) {
        i += 1;
    }
    i
}

/// Offset of the next `(` that is followed (whitespace allowed) by `;` and
/// then by a property id, `;`, `(` or `)`, so that text such as `(;-)` in a
/// mail header is not taken for a game.
fn find_tree_start(input: &[u8], from: usize) -> Option<usize> {
    (from..input.len()).find(|&p| {
        let semi = skip_space(input, p + 1);
        input[p] == b'('
            && input.get(semi) == Some(&b';')
            && input
                .get(skip_space(input, semi + 1))
                .is_some_and(|&b| b.is_ascii_alphabetic() || b"();".contains(&b))
    })
}

fn describe(b: u8) -> String {
    if b.is_ascii_graphic() {
        format!("'{}'", b as char)
    } else {
        format!("byte 0x{b:02x}")
    }
}

/// Parses SGF bytes into a [`Collection`].
///
/// Tolerated: text before the first `(;` and after the last tree (ignored),
/// whitespace between any tokens, lower-case letters in property ids, empty
/// nodes, empty variations `()` (dropped), any bytes inside values (no UTF-8
/// requirement), CRLF line ends, and missing `)` at the end of the input.
pub fn parse(input: &[u8]) -> Result<Collection, SgfError> {
    let Some(mut start) = find_tree_start(input, 0) else {
        return Err(SgfError::at(
            input,
            input.len(),
            "no game tree found (expected '(;')",
        ));
    };
    let mut trees = Vec::new();
    loop {
        let (tree, end) = parse_tree(input, start)?;
        trees.push(tree);
        match find_tree_start(input, end) {
            Some(next) => start = next,
            None => return Ok(Collection { trees }),
        }
    }
}

/// Reads and parses a file; errors carry the path.
pub fn parse_file(path: impl AsRef<Path>) -> Result<Collection, FileError> {
    let path = path.as_ref();
    let bytes = std::fs::read(path).map_err(|error| FileError::Io {
        path: path.to_path_buf(),
        error,
    })?;
    parse(&bytes).map_err(|error| FileError::Parse {
        path: path.to_path_buf(),
        error,
    })
}

/// A game tree being read, with the largest depth among its closed children.
#[derive(Default)]
struct Open {
    tree: GameTree,
    child_depth: usize,
}

/// Closes the innermost open tree at `at`; returns it when it was the
/// top-level one.
///
/// A lone variation is merged into its parent. To keep that linear on long
/// chains such as `(;a(;b(;c...)))`, closed trees keep their nodes in
/// reverse order until their parent gets a second variation or they are
/// returned: merging then appends the parent's own nodes to the child's.
fn close(input: &[u8], stack: &mut Vec<Open>, at: usize) -> Result<Option<GameTree>, SgfError> {
    let Some(Open {
        mut tree,
        child_depth,
    }) = stack.pop()
    else {
        return Err(SgfError::at(input, at, "unbalanced ')'"));
    };
    tree.nodes.reverse();
    let depth = match tree.variations.len() {
        0 => 0,
        1 => {
            if let Some(mut child) = tree.variations.pop() {
                child.nodes.append(&mut tree.nodes);
                tree = child;
            }
            child_depth
        }
        _ => {
            for child in &mut tree.variations {
                child.nodes.reverse();
            }
            child_depth + 1
        }
    };
    if depth > MAX_VARIATION_DEPTH {
        return Err(SgfError::at(
            input,
            at,
            format!("variations nested too deeply (more than {MAX_VARIATION_DEPTH} levels)"),
        ));
    }
    match stack.last_mut() {
        Some(parent) => {
            parent.tree.variations.push(tree);
            parent.child_depth = parent.child_depth.max(depth);
            Ok(None)
        }
        None => {
            tree.nodes.reverse();
            Ok(Some(tree))
        }
    }
}

/// Parses the game tree starting with the `(` at `start`; returns it and the
/// offset just past it.
fn parse_tree(input: &[u8], start: usize) -> Result<(GameTree, usize), SgfError> {
    let mut stack: Vec<Open> = Vec::new();
    let mut i = start;
    loop {
        i = skip_space(input, i);
        let Some(&b) = input.get(i) else {
            // End of input: close whatever is still open.
            loop {
                if let Some(tree) = close(input, &mut stack, i)? {
                    return Ok((tree, i));
                }
            }
        };
        match b {
            b'(' => {
                let j = skip_space(input, i + 1);
                match input.get(j) {
                    Some(b';') => stack.push(Open::default()),
                    // `()` is an empty variation: drop it.
                    Some(b')') if !stack.is_empty() => {
                        i = j + 1;
                        continue;
                    }
                    // A dangling `(` at the end of the input: drop it.
                    None if !stack.is_empty() => {}
                    _ => return Err(SgfError::at(input, j, "expected ';' after '('")),
                }
                i = j;
            }
            b')' => {
                if let Some(tree) = close(input, &mut stack, i)? {
                    return Ok((tree, i + 1));
                }
                i += 1;
            }
            b';' => {
                let Some(top) = stack.last_mut() else {
                    return Err(SgfError::at(input, i, "node outside a game tree"));
                };
                if !top.tree.variations.is_empty() {
                    return Err(SgfError::at(
                        input,
                        i,
                        "node after variations (a sequence must come before its variations)",
                    ));
                }
                match node(&input[i..]) {
                    Ok((rest, n)) => {
                        top.tree.nodes.push(n);
                        i = input.len() - rest.len();
                    }
                    Err(nom::Err::Error(e) | nom::Err::Failure(e)) => {
                        return Err(SgfError::at(input, input.len() - e.at.len(), e.message));
                    }
                    Err(nom::Err::Incomplete(_)) => {
                        return Err(SgfError::at(input, input.len(), "unexpected end of input"));
                    }
                }
            }
            _ if stack.is_empty() => {
                return Err(SgfError::at(input, i, "expected '(' to start a game tree"));
            }
            other => {
                return Err(SgfError::at(
                    input,
                    i,
                    format!(
                        "unexpected {} (expected ';', '(', ')' or a property)",
                        describe(other)
                    ),
                ));
            }
        }
    }
}

#[cfg(test)]
#[path = "parse_tests.rs"]
mod tests;
