//! Semantic checks: everything the parser accepted but that makes no sense
//! (unknown class, helper or action, labels missing from the diagram,
//! arguments of the wrong kind, false symmetry claims, duplicate names, and
//! the rules of each database kind). Each error names `file:line`.

use crate::ast::{Arg, Cell, Expr, Pattern};
use crate::error::Error;
use crate::orient::Transform;
use crate::vocab::{self, ArgKind};
use std::collections::{BTreeSet, HashMap};

/// The kind of a database, chosen by its file name (see [`kind_of`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum DbKind {
    /// Patterns matched on the board by the DFA (`patterns*.db`, `conn*.db`,
    /// `joseki*.db` and every other name not listed below).
    Match,
    /// Eye spaces with their values (`eyes*.db`), looked up by shape.
    Eyes,
    /// Whole-board opening positions (`fuseki*.db`), looked up by position.
    Fuseki,
    /// Monte Carlo 3x3 patterns (`mc_*.db`): compiled by their own
    /// compiler, which this one leaves alone.
    MonteCarlo,
}

/// The kind of the database in the file `name` (a file name, not a path).
pub fn kind_of(name: &str) -> DbKind {
    if name.starts_with("mc_") {
        DbKind::MonteCarlo
    } else if name.starts_with("eyes") {
        DbKind::Eyes
    } else if name.starts_with("fuseki") {
        DbKind::Fuseki
    } else {
        DbKind::Match
    }
}

/// The database a matched file belongs to: its name up to the first `_` or
/// `.` (`patterns.db` and `patterns_mined.db` both feed `patterns`).
pub fn group_of(name: &str) -> String {
    name.split(['_', '.']).next().unwrap_or(name).to_string()
}

/// Check one pattern as a member of a database of kind `kind`.
pub fn check_pattern(p: &Pattern, kind: DbKind) -> Vec<Error> {
    let mut errs = Vec::new();
    let mut e = |line: usize, m: String| errs.push(Error::new(&p.file, line, m));
    let name = &p.name;
    for c in &p.classes {
        if vocab::class_bit(c).is_none() {
            e(p.colon_line, format!("unknown class '{c}' in {name}"));
        }
    }
    for a in &p.attrs {
        if !vocab::ATTRIBUTES.iter().any(|x| x.0 == a.name) {
            e(a.line, format!("unknown attribute '{}' in {name}", a.name));
        }
    }
    if p.value.is_nan() || p.value.abs() > 1.0e6 {
        e(p.colon_line, format!("value of {name} is out of range"));
    }
    let count = |f: &dyn Fn(Cell) -> bool| p.rows.iter().flatten().filter(|&&c| f(c)).count();
    if let Some(a) = p.attr("count") {
        if a.args.len() != 2 || !a.args.iter().all(|x| matches!(x, Arg::Int(n) if *n >= 0)) {
            e(
                a.line,
                format!("count(chosen,seen) of {name} needs two counts"),
            );
        }
    }
    match kind {
        DbKind::MonteCarlo => {}
        DbKind::Match => {
            for c in ["eyespace", "fuseki"] {
                if p.has_class(c) {
                    e(
                        p.colon_line,
                        format!("class '{c}' belongs in a {c} database, not in {}", p.file),
                    );
                }
            }
            for a in ["eyes", "attack", "defend"] {
                if let Some(at) = p.attr(a) {
                    e(
                        at.line,
                        format!("attribute '{a}' is only for eye databases"),
                    );
                }
            }
            if count(&|c| c == Cell::Move) > 1 {
                e(p.diagram_line, format!("{name} has more than one '*'"));
            }
            if count(&|c| c == Cell::Margin) > 0 {
                e(
                    p.diagram_line,
                    format!("'!' (eye-space margin) is only for eye databases ({name})"),
                );
            }
            if p.anchor().is_none() {
                e(
                    p.diagram_line,
                    format!("{name} has no anchor: it needs a '*', an 'O' or an 'X'"),
                );
            }
            if let Some((expr, line)) = &p.constraint {
                check_expr(p, expr, *line, &mut e);
            }
            for a in &p.actions {
                match vocab::action(&a.name) {
                    None => e(a.line, format!("unknown action '{}' in {name}", a.name)),
                    Some((_, kinds)) => check_args(p, &a.name, &a.args, kinds, a.line, &mut e),
                }
                // The connection database's actions belong to its classes.
                let needs = match a.name.as_str() {
                    "amalgamate" => Some("connection"),
                    "cutpoint" | "inhibit" => Some("disconnection"),
                    _ => None,
                };
                if let Some(class) = needs {
                    if !p.has_class(class) {
                        e(
                            a.line,
                            format!("{}: only a '{class}' pattern may use it ({name})", a.name),
                        );
                    }
                }
            }
            check_symmetry(p, &mut e);
        }
        DbKind::Eyes => {
            if p.classes != ["eyespace"] {
                e(
                    p.colon_line,
                    format!("{name}: an eye database holds class 'eyespace' only"),
                );
            }
            if let Some(bad) = p
                .rows
                .iter()
                .flatten()
                .find(|c| !matches!(c, Cell::Empty | Cell::Margin | Cell::Other | Cell::Any))
            {
                e(
                    p.diagram_line,
                    format!(
                        "'{}' in eye space {name}: use '.', '!', 'X' and '?' (outside)",
                        bad.to_char()
                    ),
                );
            }
            if p.constraint.is_some() || !p.actions.is_empty() {
                e(
                    p.line,
                    format!("eye space {name} cannot have a constraint or actions"),
                );
            }
            match p.attr("eyes").map(|a| &a.args[..]) {
                Some([Arg::Int(lo), Arg::Int(hi)]) if 0 <= *lo && lo <= hi && *hi <= 2 => {}
                _ => e(
                    p.colon_line,
                    format!("eye space {name} needs eyes(min,max) with 0 <= min <= max <= 2"),
                ),
            }
            for a in ["attack", "defend"] {
                if let Some(at) = p.attr(a) {
                    let kinds = vec![ArgKind::Point; at.args.len()];
                    check_args(p, a, &at.args, &kinds, at.line, &mut e);
                    for x in &at.args {
                        if let Arg::Label(l) = x {
                            if let Some((i, j)) = p.label_pos(*l) {
                                if p.rows[i][j] == Cell::Any {
                                    e(
                                        at.line,
                                        format!(
                                            "vital point '{l}' of {name} is outside the eye space"
                                        ),
                                    );
                                }
                            }
                        }
                    }
                }
            }
            if !eye_space_connected(p) {
                e(
                    p.diagram_line,
                    format!("eye space {name} is empty or not connected"),
                );
            }
        }
        DbKind::Fuseki => {
            if p.classes != ["fuseki"] {
                e(
                    p.colon_line,
                    format!("{name}: a fuseki database holds class 'fuseki' only"),
                );
            }
            if !p.edges.all() || p.height() != p.width() {
                e(
                    p.diagram_line,
                    format!("fuseki pattern {name} must be a whole square board with four edges"),
                );
            }
            if let Some(bad) = p
                .rows
                .iter()
                .flatten()
                .find(|c| !matches!(c, Cell::Empty | Cell::Own | Cell::Other | Cell::Move))
            {
                e(
                    p.diagram_line,
                    format!(
                        "'{}' in fuseki pattern {name}: a position is exact ('.', 'O', 'X', '*')",
                        bad.to_char()
                    ),
                );
            }
            if count(&|c| c == Cell::Move) != 1 {
                e(
                    p.diagram_line,
                    format!("fuseki pattern {name} needs exactly one '*'"),
                );
            }
            if p.constraint.is_some() || !p.actions.is_empty() || !p.labels.is_empty() {
                e(
                    p.line,
                    format!("fuseki pattern {name} cannot have labels, a constraint or actions"),
                );
            }
        }
    }
    errs
}

/// Check that no two patterns of one database share a name.
pub fn check_unique(patterns: &[&Pattern]) -> Vec<Error> {
    let mut seen: HashMap<&str, &Pattern> = HashMap::new();
    let mut errs = Vec::new();
    for p in patterns {
        if let Some(first) = seen.get(p.name.as_str()) {
            errs.push(Error::new(
                &p.file,
                p.line,
                format!(
                    "duplicate pattern name {} (first at {}:{})",
                    p.name, first.file, first.line
                ),
            ));
        } else {
            seen.insert(&p.name, p);
        }
    }
    errs
}

fn check_expr(p: &Pattern, expr: &Expr, line: usize, e: &mut impl FnMut(usize, String)) {
    match expr {
        Expr::Int(_) => {}
        Expr::Const(c) => {
            if c.chars().count() == 1 {
                e(
                    line,
                    format!(
                        "label '{c}' can only be the argument of a helper in {}",
                        p.name
                    ),
                );
            } else if !vocab::CONSTANTS.iter().any(|k| k.0 == c) {
                e(line, format!("unknown constant '{c}' in {}", p.name));
            }
        }
        Expr::Call(name, args) => match vocab::helper(name) {
            None => e(line, format!("unknown helper '{name}' in {}", p.name)),
            Some(kinds) => check_args(p, name, args, kinds, line, e),
        },
        Expr::Not(x) | Expr::Neg(x) => check_expr(p, x, line, e),
        Expr::Bin(_, a, b) => {
            check_expr(p, a, line, e);
            check_expr(p, b, line, e);
        }
    }
}

fn check_args(
    p: &Pattern,
    name: &str,
    args: &[Arg],
    kinds: &[ArgKind],
    line: usize,
    e: &mut impl FnMut(usize, String),
) {
    if args.len() != kinds.len() {
        e(
            line,
            format!(
                "{name} takes {} argument(s), {} given in {}",
                kinds.len(),
                args.len(),
                p.name
            ),
        );
        return;
    }
    for (a, &k) in args.iter().zip(kinds) {
        let Arg::Label(l) = a else {
            e(
                line,
                format!("{name}: arguments are labels of the diagram in {}", p.name),
            );
            continue;
        };
        let Some((i, j)) = p.label_pos(*l) else {
            e(
                line,
                if *l == '*' {
                    format!("{name}(*): {} has no '*'", p.name)
                } else {
                    format!("constraint label '{l}' is not in the diagram of {}", p.name)
                },
            );
            continue;
        };
        let c = p.rows[i][j];
        let ok = match k {
            ArgKind::Stone => c.is_stone(),
            ArgKind::Empty => c.is_empty(),
            ArgKind::Point => true,
        };
        if !ok {
            e(
                line,
                format!(
                    "{name}: '{l}' must be {} but is '{}' in {}",
                    k.describe(),
                    c.to_char(),
                    p.name
                ),
            );
        }
    }
}

/// Every cell of the pattern relative to the anchor, labels included, and
/// the edges as rows or columns of '-' / '|' marks: the pattern's identity
/// for symmetry checks.
pub fn identity_cells(p: &Pattern) -> BTreeSet<(i32, i32, char)> {
    let mut out = BTreeSet::new();
    let Some((ar, ac)) = p.anchor() else {
        return out;
    };
    let (ar, ac) = (ar as i32, ac as i32);
    let (h, w) = (p.height() as i32, p.width() as i32);
    for (i, row) in p.rows.iter().enumerate() {
        for (j, c) in row.iter().enumerate() {
            let label = p.labels.iter().find(|l| l.1 == i && l.2 == j).map(|l| l.0);
            out.insert((
                i as i32 - ar,
                j as i32 - ac,
                label.unwrap_or_else(|| c.to_char()),
            ));
        }
    }
    for j in -1..=w {
        if p.edges.top {
            out.insert((-1 - ar, j - ac, '#'));
        }
        if p.edges.bottom {
            out.insert((h - ar, j - ac, '#'));
        }
    }
    for i in -1..=h {
        if p.edges.left {
            out.insert((i - ar, -1 - ac, '#'));
        }
        if p.edges.right {
            out.insert((i - ar, w - ac, '#'));
        }
    }
    out
}

fn check_symmetry(p: &Pattern, e: &mut impl FnMut(usize, String)) {
    // The diagram must be symmetric; labels may be swapped by the mirror
    // (the constraint's symmetry is the author's word).
    let cells: BTreeSet<(i32, i32, char)> = identity_cells(p)
        .into_iter()
        .map(|(r, c, ch)| {
            let cell = p
                .anchor()
                .and_then(|(ar, ac)| {
                    let (i, j) = (r + ar as i32, c + ac as i32);
                    (i >= 0 && j >= 0)
                        .then(|| p.rows.get(i as usize).and_then(|row| row.get(j as usize)))
                        .flatten()
                })
                .map_or(ch, |c| c.to_char());
            (r, c, cell)
        })
        .collect();
    for t in p.symmetry.invariants() {
        let moved: BTreeSet<_> = cells
            .iter()
            .map(|&(r, c, ch)| {
                let (r, c) = t.apply(r, c);
                (r, c, ch)
            })
            .collect();
        if moved != cells {
            let what = match t {
                Transform::MIRROR_LR => "a left-right mirror",
                Transform::MIRROR_TB => "a top-bottom mirror",
                Transform::TRANSPOSE => "a mirror in the main diagonal",
                Transform::ANTI_TRANSPOSE => "a mirror in the other diagonal",
                Transform::ROTATE_180 => "a half turn",
                _ => "a quarter turn",
            };
            e(
                p.colon_line,
                format!(
                    "{} declares symmetry '{}' but is not unchanged by {what} about its anchor",
                    p.name,
                    p.symmetry.to_char()
                ),
            );
            return;
        }
    }
}

fn eye_space_connected(p: &Pattern) -> bool {
    let pts: Vec<(usize, usize)> = (0..p.height())
        .flat_map(|i| (0..p.width()).map(move |j| (i, j)))
        .filter(|&(i, j)| p.rows[i][j] != Cell::Any)
        .collect();
    let Some(&first) = pts.first() else {
        return false;
    };
    let mut seen = vec![first];
    let mut k = 0;
    while k < seen.len() {
        let (i, j) = seen[k];
        k += 1;
        for &q in &pts {
            let d = q.0.abs_diff(i) + q.1.abs_diff(j);
            if d == 1 && !seen.contains(&q) {
                seen.push(q);
            }
        }
    }
    seen.len() == pts.len()
}
