//! The `.db` parser (nom for the colon line, constraints and actions; the
//! diagrams are read line by line). See `docs/patterns.md` for the format.
//!
//! The parser only reads; [`crate::check`] decides whether what was read
//! makes sense. Every error names the file and line.

use crate::ast::{Arg, BinOp, Call, Cell, Edges, Expr, Pattern, Symmetry};
use crate::error::Error;
use nom::branch::alt;
use nom::bytes::complete::{tag, take_while, take_while1};
use nom::character::complete::{char, digit1, one_of, satisfy, space0};
use nom::combinator::{all_consuming, map, map_res, opt, recognize};
use nom::multi::{many0, separated_list0, separated_list1};
use nom::sequence::{delimited, pair, preceded, terminated, tuple};
use nom::IResult;

/// A line of the file with its 1-based number.
type Line<'a> = (usize, &'a str);

/// Parse a whole `.db` file. Returns the patterns that could be read and
/// every error found (a pattern with a syntax error is left out).
pub fn parse_db(text: &str, file: &str) -> (Vec<Pattern>, Vec<Error>) {
    let lines: Vec<Line> = text
        .lines()
        .enumerate()
        .map(|(k, l)| (k + 1, l.trim_end_matches('\r')))
        .collect();
    let mut patterns = Vec::new();
    let mut errors = Vec::new();
    let mut k = 0;
    while k < lines.len() {
        let (n, l) = lines[k];
        if is_blank_or_comment(l) {
            k += 1;
            continue;
        }
        let Some(name) = l.strip_prefix("Pattern ") else {
            errors.push(Error::new(
                file,
                n,
                format!("expected 'Pattern NAME', found '{}'", l.trim()),
            ));
            k += 1;
            while k < lines.len() && !lines[k].1.starts_with("Pattern ") {
                k += 1;
            }
            continue;
        };
        let end = (k + 1..lines.len())
            .find(|&e| lines[e].1.starts_with("Pattern "))
            .unwrap_or(lines.len());
        match parse_pattern(name.trim(), n, &lines[k + 1..end], file) {
            Ok(p) => patterns.push(p),
            Err(e) => errors.push(e),
        }
        k = end;
    }
    (patterns, errors)
}

fn is_blank_or_comment(l: &str) -> bool {
    let t = l.trim_start();
    t.is_empty() || t.starts_with('#')
}

/// A diagram line starts in column 0 with a character that begins nothing
/// else (`:` `;` `>` `#` and blanks begin other things).
fn is_diagram_line(l: &str) -> bool {
    match l.chars().next() {
        None => false,
        Some(c) => !c.is_whitespace() && !matches!(c, ':' | ';' | '>' | '#'),
    }
}

fn parse_pattern(name: &str, line: usize, body: &[Line], file: &str) -> Result<Pattern, Error> {
    let err = |n: usize, m: String| Error::new(file, n, m);
    if name.is_empty()
        || !name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'))
    {
        return Err(err(
            line,
            format!("bad pattern name '{name}' (letters, digits, '_', '-', '.')"),
        ));
    }
    let mut k = 0;
    let skip = |k: &mut usize| {
        while *k < body.len() && is_blank_or_comment(body[*k].1) && !is_diagram_line(body[*k].1) {
            *k += 1;
        }
    };
    skip(&mut k);
    // The diagram.
    let start = k;
    while k < body.len() && is_diagram_line(body[k].1) {
        k += 1;
    }
    if start == k {
        return Err(err(
            body.get(k).map_or(line, |l| l.0),
            format!("pattern {name} has no diagram"),
        ));
    }
    let diagram_line = body[start].0;
    let (grid, edges) = parse_grid(&body[start..k], file)?;
    let mut rows = Vec::with_capacity(grid.len());
    for (i, row) in grid.iter().enumerate() {
        let mut cells = Vec::with_capacity(row.len());
        for &ch in row {
            match Cell::from_char(ch) {
                Some(c) => cells.push(c),
                None => {
                    return Err(err(
                        body[start + i + usize::from(edges.top)].0,
                        format!("unknown symbol '{ch}' in the diagram of {name}"),
                    ))
                }
            }
        }
        rows.push(cells);
    }
    skip(&mut k);
    // The colon line.
    let Some(&(colon_line, colon)) = body.get(k).filter(|l| l.1.starts_with(':')) else {
        return Err(err(
            body.get(k).map_or(diagram_line, |l| l.0),
            format!("pattern {name}: expected the colon line ':symmetry,value,class'"),
        ));
    };
    let (symmetry, value, classes, attrs) = match all_consuming(colon_fields)(&colon[1..]) {
        Ok((_, v)) => v,
        Err(_) => {
            return Err(err(
                colon_line,
                format!("cannot read the colon line '{colon}' (expected ':symmetry,value,class[|class][,attribute(args)]...')"),
            ))
        }
    };
    let attrs = attrs
        .into_iter()
        .map(|(name, args)| Call {
            name,
            args,
            line: colon_line,
        })
        .collect();
    k += 1;
    skip(&mut k);
    // The constraint diagram.
    let mut labels = Vec::new();
    let mut label_line = None;
    let lstart = k;
    while k < body.len() && is_diagram_line(body[k].1) {
        k += 1;
    }
    if lstart < k {
        label_line = Some(body[lstart].0);
        let (lgrid, ledges) = parse_grid(&body[lstart..k], file)?;
        let first = body[lstart].0;
        if ledges != edges || lgrid.len() != grid.len() || lgrid[0].len() != grid[0].len() {
            return Err(err(
                first,
                format!(
                    "the constraint diagram of {name} differs in size or edges from its diagram"
                ),
            ));
        }
        for (i, (lrow, row)) in lgrid.iter().zip(&grid).enumerate() {
            let ln = body[lstart + i + usize::from(edges.top)].0;
            for (j, (&lc, &c)) in lrow.iter().zip(row).enumerate() {
                if lc == c {
                    continue;
                }
                if is_label(lc) {
                    if labels.iter().any(|&(l, _, _)| l == lc) {
                        return Err(err(ln, format!("label '{lc}' is used twice in {name}")));
                    }
                    labels.push((lc, i, j));
                } else {
                    return Err(err(
                        ln,
                        format!(
                            "the constraint diagram of {name} has '{lc}' where the diagram has '{c}' (only labels may differ)"
                        ),
                    ));
                }
            }
        }
        skip(&mut k);
    }
    // The constraint.
    let mut constraint = None;
    if k < body.len() && body[k].1.starts_with(';') {
        let first = body[k].0;
        let mut text = String::new();
        while k < body.len() && body[k].1.starts_with(';') {
            text.push_str(&body[k].1[1..]);
            text.push(' ');
            k += 1;
        }
        match all_consuming(delimited(space0, expr, space0))(text.as_str()) {
            Ok((_, e)) => constraint = Some((e, first)),
            Err(_) => {
                return Err(err(
                    first,
                    format!("cannot read the constraint of {name}: '{}'", text.trim()),
                ))
            }
        }
        skip(&mut k);
    }
    // Actions.
    let mut actions = Vec::new();
    while k < body.len() && body[k].1.starts_with('>') {
        let (n, l) = body[k];
        match all_consuming(delimited(space0, call, space0))(&l[1..]) {
            Ok((_, (name, args))) => actions.push(Call {
                name,
                args,
                line: n,
            }),
            Err(_) => {
                return Err(err(
                    n,
                    format!("cannot read the action '{l}' (expected '>name(args)')"),
                ))
            }
        }
        k += 1;
        skip(&mut k);
    }
    if let Some(&(n, l)) = body.get(k) {
        return Err(err(n, format!("unexpected line '{}' in {name}", l.trim())));
    }
    Ok(Pattern {
        name: name.to_string(),
        file: file.to_string(),
        line,
        diagram_line,
        rows,
        edges,
        symmetry,
        value,
        classes,
        attrs,
        colon_line,
        labels,
        label_line,
        constraint,
        actions,
    })
}

/// Label characters: letters other than the diagram's `X O x o`.
pub fn is_label(c: char) -> bool {
    c.is_ascii_alphabetic() && !matches!(c, 'X' | 'O' | 'x' | 'o')
}

/// Read a block of diagram lines: strip the edge marks, return the rows of
/// characters and which sides are edges.
fn parse_grid(lines: &[Line], file: &str) -> Result<(Vec<Vec<char>>, Edges), Error> {
    let err = |n: usize, m: &str| Error::new(file, n, m);
    let tokens: Vec<(usize, Vec<char>)> = lines
        .iter()
        .map(|&(n, l)| {
            (
                n,
                l.split_whitespace()
                    .next()
                    .unwrap_or("")
                    .chars()
                    .collect::<Vec<_>>(),
            )
        })
        .collect();
    let is_edge_line =
        |t: &[char]| !t.is_empty() && t.iter().all(|&c| c == '-' || c == '+') && t.contains(&'-');
    let mut edges = Edges::default();
    let mut body: &[(usize, Vec<char>)] = &tokens;
    let mut top_line = None;
    let mut bottom_line = None;
    if let Some(first) = body.first() {
        if is_edge_line(&first.1) {
            edges.top = true;
            top_line = Some(first.clone());
            body = &body[1..];
        }
    }
    if let Some(last) = body.last() {
        if is_edge_line(&last.1) {
            edges.bottom = true;
            bottom_line = Some(last.clone());
            body = &body[..body.len() - 1];
        }
    }
    if body.is_empty() {
        return Err(err(
            lines[0].0,
            "a diagram needs at least one row of points",
        ));
    }
    if let Some((n, _)) = body.iter().find(|(_, t)| is_edge_line(t)) {
        return Err(err(
            *n,
            "an edge line can only be the first or the last line of a diagram",
        ));
    }
    edges.left = body[0].1.first() == Some(&'|');
    edges.right = body[0].1.len() > 1 && body[0].1.last() == Some(&'|');
    let mut rows = Vec::new();
    let mut width = None;
    for (n, t) in body {
        let left = t.first() == Some(&'|');
        let right = t.len() > 1 && t.last() == Some(&'|');
        if left != edges.left {
            return Err(err(
                *n,
                "inconsistent left edge: every row or none must start with '|'",
            ));
        }
        if right != edges.right {
            return Err(err(
                *n,
                "inconsistent right edge: every row or none must end with '|'",
            ));
        }
        let inner = &t[usize::from(left)..t.len() - usize::from(right)];
        if let Some(bad) = inner.iter().find(|&&c| matches!(c, '|' | '+' | '-')) {
            return Err(err(*n, &format!("edge mark '{bad}' inside a diagram row")));
        }
        match width {
            None => width = Some(inner.len()),
            Some(w) if w != inner.len() => {
                return Err(err(
                    *n,
                    &format!(
                        "row has {} points where the rows above have {w}",
                        inner.len()
                    ),
                ))
            }
            _ => {}
        }
        if inner.is_empty() {
            return Err(err(*n, "a diagram row needs at least one point"));
        }
        rows.push(inner.to_vec());
    }
    let w = width.unwrap_or(0);
    for (n, t) in top_line.iter().chain(bottom_line.iter()) {
        let mut expect = Vec::new();
        if edges.left {
            expect.push('+');
        }
        expect.extend(std::iter::repeat_n('-', w));
        if edges.right {
            expect.push('+');
        }
        if *t != expect {
            return Err(err(
                *n,
                &format!(
                    "edge line '{}' does not fit the diagram (expected '{}')",
                    t.iter().collect::<String>(),
                    expect.iter().collect::<String>()
                ),
            ));
        }
    }
    Ok((rows, edges))
}

// ---- nom parsers --------------------------------------------------------

type Colon = (Symmetry, f32, Vec<String>, Vec<(String, Vec<Arg>)>);

fn ws<'a, O>(
    inner: impl FnMut(&'a str) -> IResult<&'a str, O>,
) -> impl FnMut(&'a str) -> IResult<&'a str, O> {
    delimited(space0, inner, space0)
}

fn identifier(i: &str) -> IResult<&str, &str> {
    recognize(pair(
        satisfy(|c| c.is_ascii_alphabetic() || c == '_'),
        take_while(|c: char| c.is_ascii_alphanumeric() || c == '_'),
    ))(i)
}

fn number(i: &str) -> IResult<&str, f32> {
    map_res(
        recognize(tuple((
            opt(one_of("+-")),
            digit1,
            opt(pair(char('.'), digit1)),
        ))),
        |s: &str| s.parse::<f32>(),
    )(i)
}

fn integer(i: &str) -> IResult<&str, i64> {
    map_res(recognize(pair(opt(char('-')), digit1)), |s: &str| {
        s.parse::<i64>()
    })(i)
}

fn arg(i: &str) -> IResult<&str, Arg> {
    ws(alt((
        map(char('*'), |_| Arg::Label('*')),
        map(integer, Arg::Int),
        map_res(identifier, |s: &str| {
            let mut cs = s.chars();
            match (cs.next(), cs.next()) {
                (Some(c), None) => Ok(Arg::Label(c)),
                _ => Err(()),
            }
        }),
    )))(i)
}

fn call(i: &str) -> IResult<&str, (String, Vec<Arg>)> {
    map(
        pair(
            ws(identifier),
            delimited(char('('), separated_list0(char(','), arg), ws(char(')'))),
        ),
        |(n, a)| (n.to_string(), a),
    )(i)
}

fn colon_fields(i: &str) -> IResult<&str, Colon> {
    let (i, sym) = ws(map_res(satisfy(|_| true), |c| {
        Symmetry::from_char(c).ok_or(())
    }))(i)?;
    let (i, value) = preceded(char(','), ws(number))(i)?;
    let (i, classes) = preceded(
        char(','),
        separated_list1(
            char('|'),
            ws(map(
                take_while1(|c: char| c.is_ascii_alphanumeric() || c == '_'),
                String::from,
            )),
        ),
    )(i)?;
    let (i, attrs) = many0(preceded(char(','), call))(i)?;
    Ok((i, (sym, value, classes, attrs)))
}

/// Parse a constraint expression (exposed for tests and tools).
pub fn parse_expr(text: &str) -> Option<Expr> {
    all_consuming(delimited(space0, expr, space0))(text)
        .ok()
        .map(|(_, e)| e)
}

fn expr(i: &str) -> IResult<&str, Expr> {
    binary_level(i, 0)
}

const LEVELS: [&[(&str, BinOp)]; 5] = [
    &[("||", BinOp::Or)],
    &[("&&", BinOp::And)],
    &[
        ("<=", BinOp::Le),
        (">=", BinOp::Ge),
        ("==", BinOp::Eq),
        ("!=", BinOp::Ne),
        ("<", BinOp::Lt),
        (">", BinOp::Gt),
    ],
    &[("+", BinOp::Add), ("-", BinOp::Sub)],
    &[("*", BinOp::Mul)],
];

fn binary_level(i: &str, level: usize) -> IResult<&str, Expr> {
    if level == LEVELS.len() {
        return unary(i);
    }
    let (mut i, mut acc) = binary_level(i, level + 1)?;
    loop {
        let mut matched = None;
        for &(sym, op) in LEVELS[level] {
            if let Ok((rest, _)) = ws(tag::<_, _, nom::error::Error<&str>>(sym))(i) {
                // `|` and `&` alone are not operators; `!=` is not `!`.
                matched = Some((rest, op));
                break;
            }
        }
        let Some((rest, op)) = matched else { break };
        let (rest, rhs) = binary_level(rest, level + 1)?;
        acc = Expr::Bin(op, Box::new(acc), Box::new(rhs));
        i = rest;
        // Comparisons do not chain.
        if level == 2 {
            break;
        }
    }
    Ok((i, acc))
}

fn unary(i: &str) -> IResult<&str, Expr> {
    alt((
        map(
            preceded(
                ws(terminated(char('!'), nom::combinator::not(char('=')))),
                unary,
            ),
            |e| Expr::Not(Box::new(e)),
        ),
        map(preceded(ws(char('-')), unary), |e| Expr::Neg(Box::new(e))),
        atom,
    ))(i)
}

fn atom(i: &str) -> IResult<&str, Expr> {
    ws(alt((
        delimited(char('('), expr, ws(char(')'))),
        map(integer, Expr::Int),
        map(call, |(n, a)| Expr::Call(n, a)),
        map(identifier, |s| Expr::Const(s.to_string())),
    )))(i)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expressions_have_c_precedence() {
        let e = parse_expr("lib(a)>1 && !attack(b) || edge(*) == 2 - 1").unwrap();
        let Expr::Bin(BinOp::Or, l, r) = e else {
            panic!("{e:?}")
        };
        assert!(matches!(*l, Expr::Bin(BinOp::And, _, _)));
        let Expr::Bin(BinOp::Eq, _, rhs) = *r else {
            panic!()
        };
        assert!(matches!(*rhs, Expr::Bin(BinOp::Sub, _, _)));
        assert_eq!(
            parse_expr("!x_1"),
            Some(Expr::Not(Box::new(Expr::Const("x_1".into()))))
        );
        assert!(parse_expr("lib(a) >").is_none());
        assert!(parse_expr("lib(a) & 1").is_none());
        assert_eq!(
            parse_expr("a != 1"),
            Some(Expr::Bin(
                BinOp::Ne,
                Box::new(Expr::Const("a".into())),
                Box::new(Expr::Int(1))
            ))
        );
    }

    #[test]
    fn a_full_pattern() {
        let text = "# a comment\n\nPattern T1\n\n+----\n|.X*.  some comment\n|.O..\n\n:8,25.5,shape|cut,weight(3)\n\n+----\n|.Xa.\n|.O..\n\n;lib(a) > 1\n;&& 1\n\n>antisuji(*)\n";
        let (ps, errs) = parse_db(text, "t.db");
        assert!(errs.is_empty(), "{errs:?}");
        let p = &ps[0];
        assert_eq!(p.name, "T1");
        assert_eq!(p.line, 3);
        assert_eq!(p.diagram_line, 5);
        assert!(p.edges.top && p.edges.left && !p.edges.right && !p.edges.bottom);
        assert_eq!(p.rows.len(), 2);
        assert_eq!(p.rows[0][2], Cell::Move);
        assert_eq!(p.value, 25.5);
        assert_eq!(p.classes, vec!["shape", "cut"]);
        assert_eq!(p.attrs[0].name, "weight");
        assert_eq!(p.labels, vec![('a', 0, 2)]);
        assert!(p.constraint.is_some());
        assert_eq!(p.actions[0].name, "antisuji");
        assert_eq!(p.actions[0].args, vec![Arg::Label('*')]);
    }

    #[test]
    fn syntax_errors_name_the_line() {
        let cases = [
            ("Pattern A\n\n..Z\n\n:8,1,shape\n", 3, "unknown symbol 'Z'"),
            (
                "Pattern A\n\n...\n..\n\n:8,1,shape\n",
                4,
                "row has 2 points",
            ),
            (
                "Pattern A\n\n|..\n...\n\n:8,1,shape\n",
                4,
                "inconsistent left edge",
            ),
            ("Pattern A\n\n+---\n|..\n\n:8,1,shape\n", 3, "does not fit"),
            (
                "Pattern A\n\n.*.\n\n:8,one,shape\n",
                5,
                "cannot read the colon line",
            ),
            ("Pattern A\n\n.*.\n\n", 3, "expected the colon line"),
            (
                "Pattern A\n\n.*.\n\n:8,1,shape\n\n;lib(a) >\n",
                7,
                "cannot read the constraint",
            ),
            (
                "Pattern A\n\n.*.\n\n:8,1,shape\n\n.a.\n.b.\n",
                7,
                "differs in size",
            ),
            (
                "Pattern A\n\n.*.\n\n:8,1,shape\n\nO*.\n",
                7,
                "only labels may differ",
            ),
            (
                "Pattern A\n\n.*.\n\n:8,1,shape\n\n>what\n",
                7,
                "cannot read the action",
            ),
            ("Patern A\n", 1, "expected 'Pattern NAME'"),
        ];
        for (text, line, msg) in cases {
            let (_, errs) = parse_db(text, "bad.db");
            assert_eq!(errs.len(), 1, "{text}: {errs:?}");
            assert_eq!(errs[0].line, line, "{text}: {}", errs[0]);
            assert!(errs[0].message.contains(msg), "{text}: {}", errs[0]);
            assert!(errs[0].to_string().starts_with(&format!("bad.db:{line}: ")));
        }
    }
}
