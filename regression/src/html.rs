//! The HTML report: an index page with the table of files and the verdict
//! changes, and one page per file with a diagram of the position of every
//! failing test (stones, last move, the expected and the given answer).

use crate::board::{vertices_in, Snapshot, Vertex, COLUMNS};
use crate::expect::Verdict;
use crate::report::{Comparison, Totals};
use crate::runner::{FileResult, TestResult};
use std::fmt::Write as _;
use std::path::Path;

/// Pixels between two lines of the board.
const CELL: usize = 22;
/// Room around the grid for coordinates.
const MARGIN: usize = 30;

/// Escape text for HTML.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// Star points of a board size.
fn star_points(n: usize) -> Vec<Vertex> {
    let edge = match n {
        0..=6 => return vec![],
        7..=11 => 2,
        _ => 3,
    };
    let (lo, hi, mid) = (edge, n - 1 - edge, n / 2);
    let mut v = vec![(lo, lo), (lo, hi), (hi, lo), (hi, hi)];
    if n % 2 == 1 && n >= 9 {
        v.push((mid, mid));
    }
    if n % 2 == 1 && n >= 15 {
        v.extend([(lo, mid), (hi, mid), (mid, lo), (mid, hi)]);
    }
    v
}

/// What to mark on a diagram besides the stones.
#[derive(Clone, Debug, Default)]
pub struct Marks {
    /// Points named by the expected answer (green squares; orange when the
    /// answer must *not* be one of them).
    pub expected: Vec<Vertex>,
    /// True when the expected points are forbidden (`!` patterns).
    pub forbidden: bool,
    /// Points named by the engine's answer (red crosses).
    pub given: Vec<Vertex>,
    /// Points named in the command (blue triangles), e.g. the string to attack.
    pub asked: Vec<Vertex>,
}

/// The SVG diagram of `snap` with `marks`.
pub fn board_svg(snap: &Snapshot, marks: &Marks) -> String {
    let n = snap.size;
    let side = 2 * MARGIN + CELL * (n.max(1) - 1);
    // Screen position of a vertex (column, row from the bottom).
    let xy = |v: Vertex| (MARGIN + v.0 * CELL, MARGIN + (n - 1 - v.1) * CELL);
    let mut s = String::new();
    let _ = write!(
        s,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{side}" height="{side}" viewBox="0 0 {side} {side}" class="board">"##
    );
    let _ = write!(
        s,
        r##"<rect width="{side}" height="{side}" fill="#dcb35c"/>"##
    );
    let (lo, hi) = (MARGIN, MARGIN + CELL * (n.max(1) - 1));
    // The grid as one path, the coordinates in one group: diagrams stay
    // small even when a page holds hundreds of them.
    s.push_str(r##"<path stroke="#000" stroke-width="1" d=""##);
    for k in 0..n {
        let p = MARGIN + k * CELL;
        let _ = write!(s, "M{lo} {p}H{hi}M{p} {lo}V{hi}");
    }
    s.push_str(r##""/><g font-size="11" text-anchor="middle" font-family="sans-serif">"##);
    for k in 0..n {
        let p = MARGIN + k * CELL;
        let letter = COLUMNS.as_bytes()[k] as char;
        let number = n - k;
        let _ = write!(
            s,
            r##"<text x="{p}" y="{}">{letter}</text><text x="{p}" y="{}">{letter}</text><text x="{}" y="{}">{number}</text><text x="{}" y="{}">{number}</text>"##,
            MARGIN - 16,
            hi + 24,
            MARGIN - 20,
            p + 4,
            hi + 20,
            p + 4
        );
    }
    s.push_str("</g>");
    for v in star_points(n) {
        let (x, y) = xy(v);
        let _ = write!(s, r##"<circle cx="{x}" cy="{y}" r="3" fill="#000"/>"##);
    }
    let r = CELL as f64 * 0.47;
    for (stones, class, fill) in [
        (&snap.black, "black", "#111"),
        (&snap.white, "white", "#fafafa"),
    ] {
        let _ = write!(
            s,
            r##"<g class="{class}" fill="{fill}" stroke="#000" stroke-width="1">"##
        );
        for &v in stones {
            let (x, y) = xy(v);
            let _ = write!(s, r##"<circle cx="{x}" cy="{y}" r="{r:.1}"/>"##);
        }
        s.push_str("</g>");
    }
    if let Some((black, v)) = snap.last_move {
        let (x, y) = xy(v);
        let c = if black { "#fff" } else { "#000" };
        let _ = write!(
            s,
            r##"<circle cx="{x}" cy="{y}" r="{:.1}" fill="none" stroke="{c}" stroke-width="2" class="last"/>"##,
            r * 0.5
        );
    }
    for &v in &marks.asked {
        let (x, y) = xy(v);
        let h = CELL as f64 * 0.3;
        let _ = write!(
            s,
            r##"<polygon points="{x},{:.1} {:.1},{:.1} {:.1},{:.1}" fill="none" stroke="#1565c0" stroke-width="2.5" class="asked"/>"##,
            y as f64 - h,
            x as f64 - h,
            y as f64 + h * 0.7,
            x as f64 + h,
            y as f64 + h * 0.7
        );
    }
    let expected_color = if marks.forbidden {
        "#ef6c00"
    } else {
        "#2e7d32"
    };
    for &v in &marks.expected {
        let (x, y) = xy(v);
        let h = CELL / 2 - 1;
        let _ = write!(
            s,
            r##"<rect x="{}" y="{}" width="{}" height="{}" fill="none" stroke="{expected_color}" stroke-width="3" class="expected"/>"##,
            x - h,
            y - h,
            2 * h,
            2 * h
        );
    }
    for &v in &marks.given {
        let (x, y) = xy(v);
        let h = CELL as f64 * 0.32;
        let _ = write!(
            s,
            r##"<g stroke="#d32f2f" stroke-width="3.5" class="given"><line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}"/><line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}"/></g>"##,
            x as f64 - h,
            y as f64 - h,
            x as f64 + h,
            y as f64 + h,
            x as f64 - h,
            y as f64 + h,
            x as f64 + h,
            y as f64 - h
        );
    }
    s.push_str("</svg>");
    s
}

/// The marks for a test: the expected pattern's points, the answer's points
/// and the command's points.
pub fn marks_for(t: &TestResult, size: usize) -> Marks {
    let pattern = t.expected_shown.trim_start_matches('!');
    let given = match t.verdict {
        Verdict::Crashed | Verdict::Timeout => vec![],
        _ => vertices_in(&t.got, size),
    };
    Marks {
        expected: vertices_in(pattern, size),
        forbidden: t.expected_shown.starts_with('!'),
        given,
        asked: vertices_in(&t.command, size),
    }
}

const STYLE: &str = r#"
body { font-family: sans-serif; margin: 1.5em; color: #222; }
table.summary { border-collapse: collapse; }
table.summary td, table.summary th { border: 1px solid #bbb; padding: 3px 8px; text-align: right; }
table.summary td:first-child, table.summary th:first-child { text-align: left; }
.v-passed { color: #2e7d32; } .v-PASSED { color: #1565c0; font-weight: bold; }
.v-failed { color: #8d6e63; } .v-FAILED, .v-crashed, .v-timeout { color: #c62828; font-weight: bold; }
.tests { display: flex; flex-wrap: wrap; gap: 18px; }
.test { border: 1px solid #ccc; border-radius: 6px; padding: 8px; background: #fafafa; }
.test h3 { margin: 0 0 6px 0; font-size: 15px; }
.test table td { padding: 1px 6px 1px 0; font-size: 13px; vertical-align: top; }
.test code { white-space: pre-wrap; word-break: break-all; max-width: 420px; display: inline-block; }
.legend { font-size: 12px; color: #555; margin-top: 4px; }
.sw { display: inline-block; width: 10px; height: 10px; margin: 0 3px 0 8px; vertical-align: middle; }
"#;

fn page(title: &str, body: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{}</title><style>{STYLE}</style></head><body>\n{body}\n</body></html>\n",
        escape(title)
    )
}

fn verdict_span(v: Verdict) -> String {
    format!("<span class=\"v-{0}\">{0}</span>", v.name())
}

fn page_name(k: usize, file: &str) -> String {
    let base = Path::new(file)
        .file_stem()
        .map_or_else(|| "suite".to_string(), |s| s.to_string_lossy().into_owned());
    let clean: String = base
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    format!("{k:02}-{clean}.html")
}

fn summary_row(name: &str, link: Option<&str>, t: &Totals) -> String {
    let cell = |n: Option<u64>| n.map_or_else(|| "-".to_string(), |n| n.to_string());
    let name = match link {
        Some(l) => format!("<a href=\"{}\">{}</a>", escape(l), escape(name)),
        None => format!("<b>{}</b>", escape(name)),
    };
    format!(
        "<tr><td>{name}</td><td>{}/{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{:.1}</td><td>{}</td><td>{}</td></tr>\n",
        t.matched,
        t.tests,
        t.get(Verdict::UnexpectedPass),
        t.get(Verdict::Failed),
        t.get(Verdict::UnexpectedFail),
        t.get(Verdict::Crashed),
        t.get(Verdict::Timeout),
        t.seconds,
        cell(t.reading_nodes),
        cell(t.owl_nodes)
    )
}

fn legend() -> &'static str {
    "<div class=\"legend\"><span class=\"sw\" style=\"border:3px solid #2e7d32\"></span>expected\
     <span class=\"sw\" style=\"border:3px solid #ef6c00\"></span>must not be\
     <span style=\"color:#d32f2f;font-weight:bold;margin:0 3px 0 8px\">&#x2715;</span>given answer\
     <span class=\"sw\" style=\"border:2px solid #1565c0\"></span>in the command\
     <span class=\"sw\" style=\"border:2px solid #888;border-radius:50%\"></span>last move</div>"
}

/// One failing test: header, facts and diagram.
fn test_block(t: &TestResult) -> String {
    let mut s = String::new();
    let _ = write!(
        s,
        "<div class=\"test\" id=\"t{}\"><h3>{}:{} {}</h3><table>",
        t.id,
        escape(&t.file),
        t.id,
        verdict_span(t.verdict)
    );
    let _ = write!(
        s,
        "<tr><td>command</td><td><code>{}</code></td></tr><tr><td>expected</td><td><code>{}</code></td></tr><tr><td>got</td><td><code>{}</code></td></tr><tr><td>line</td><td>{} ({:.2} s)</td></tr></table>",
        escape(&t.command),
        escape(&t.expected),
        escape(&t.got),
        t.line,
        t.seconds
    );
    match &t.snapshot {
        Some(snap) => {
            s.push_str(&board_svg(snap, &marks_for(t, snap.size)));
            s.push_str(legend());
        }
        None => s.push_str("<p><i>no diagram: the engine did not list its stones</i></p>"),
    }
    s.push_str("</div>\n");
    s
}

/// Write the report for `files` into folder `dir`: `index.html` and one page
/// per file. Returns the path of the index page.
pub fn write_report(
    dir: &Path,
    files: &[FileResult],
    engine: &str,
    command_line: &str,
    comparison: Option<&Comparison>,
    wall_seconds: f64,
) -> Result<std::path::PathBuf, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let mut index = String::new();
    let total = Totals::of_files(files);
    let _ = write!(
        index,
        "<h1>Regression run</h1><p>Engine: <code>{}</code><br>Command: <code>{}</code><br>{} files, {} tests, {:.1} s.</p>",
        escape(engine),
        escape(command_line),
        files.len(),
        total.tests,
        wall_seconds
    );
    index.push_str("<table class=\"summary\"><tr><th>file</th><th>passed/total</th><th>PASSED</th><th>failed</th><th>FAILED</th><th>crashed</th><th>timeout</th><th>seconds</th><th>reading nodes</th><th>owl nodes</th></tr>\n");
    for (k, f) in files.iter().enumerate() {
        let name = page_name(k, &f.file);
        index.push_str(&summary_row(&f.file, Some(&name), &Totals::of_file(f)));
        write_file_page(&dir.join(&name), f)?;
    }
    index.push_str(&summary_row("total", None, &total));
    index.push_str("</table>\n");
    if let Some(c) = comparison {
        let _ = write!(
            index,
            "<h2>Against the baseline</h2><pre>{}</pre>",
            escape(&c.text())
        );
    }
    let surprises: Vec<(usize, &TestResult)> = files
        .iter()
        .enumerate()
        .flat_map(|(k, f)| f.tests.iter().map(move |t| (k, t)))
        .filter(|(_, t)| t.verdict.is_surprise())
        .collect();
    let _ = write!(
        index,
        "<h2>Unexpected results ({})</h2><ul>",
        surprises.len()
    );
    for (k, t) in surprises {
        let _ = write!(
            index,
            "<li><a href=\"{}#t{}\">{}:{}</a> {} — <code>{}</code> expected <code>{}</code>, got <code>{}</code></li>",
            page_name(k, &t.file),
            t.id,
            escape(&t.file),
            t.id,
            verdict_span(t.verdict),
            escape(&t.command),
            escape(&t.expected_shown),
            escape(&t.got)
        );
    }
    index.push_str("</ul>");
    let path = dir.join("index.html");
    std::fs::write(&path, page("Regression run", &index))
        .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    Ok(path)
}

fn write_file_page(path: &Path, f: &FileResult) -> Result<(), String> {
    let t = Totals::of_file(f);
    let mut body = format!(
        "<p><a href=\"index.html\">← all files</a></p><h1>{}</h1><p>{}/{} passed, {} PASSED, {} failed, {} FAILED, {} crashed, {} timeout, {:.1} s.</p>",
        escape(&f.file),
        t.matched,
        t.tests,
        t.get(Verdict::UnexpectedPass),
        t.get(Verdict::Failed),
        t.get(Verdict::UnexpectedFail),
        t.get(Verdict::Crashed),
        t.get(Verdict::Timeout),
        f.seconds
    );
    for w in &f.warnings {
        let _ = write!(body, "<p><i>{}</i></p>", escape(w));
    }
    let mut failing: Vec<&TestResult> = f.tests.iter().filter(|t| t.verdict.is_failing()).collect();
    // Unexpected failures, crashes and time-outs first.
    failing.sort_by_key(|t| !t.verdict.is_surprise());
    let unexpected = failing.iter().filter(|t| t.verdict.is_surprise()).count();
    let _ = write!(
        body,
        "<h2>Failing tests ({}, {} unexpected)</h2><div class=\"tests\">",
        failing.len(),
        unexpected
    );
    for t in failing {
        body.push_str(&test_block(t));
    }
    body.push_str("</div>");
    let passed_unexpectedly: Vec<String> = f
        .tests
        .iter()
        .filter(|t| t.verdict == Verdict::UnexpectedPass)
        .map(|t| t.id.to_string())
        .collect();
    if !passed_unexpectedly.is_empty() {
        let _ = write!(
            body,
            "<h2>Unexpected passes</h2><p>{}</p>",
            passed_unexpectedly.join(", ")
        );
    }
    std::fs::write(path, page(&f.file, &body))
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_diagram_shows_stones_and_marks() {
        let snap = Snapshot::from_gtp(9, "C3 D4", "E5", Some("white E5")).unwrap();
        let marks = Marks {
            expected: vec![(5, 5)],
            forbidden: false,
            given: vec![(6, 6)],
            asked: vec![(2, 2)],
        };
        let svg = board_svg(&snap, &marks);
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
        let group = |class: &str| {
            let from = svg.find(&format!("<g class=\"{class}\"")).unwrap();
            let to = from + svg[from..].find("</g>").unwrap();
            svg[from..to].matches("<circle").count()
        };
        assert_eq!(group("black"), 2);
        assert_eq!(group("white"), 1);
        assert_eq!(svg.matches("class=\"expected\"").count(), 1);
        assert_eq!(svg.matches("class=\"given\"").count(), 1);
        assert_eq!(svg.matches("class=\"asked\"").count(), 1);
        assert_eq!(svg.matches("class=\"last\"").count(), 1);
        // Coordinates, without the letter I.
        assert!(svg.contains(">J</text>") && !svg.contains(">I</text>"));
    }

    #[test]
    fn marks_come_from_the_test() {
        let t = TestResult {
            file: "a.tst".into(),
            id: 1,
            line: 3,
            command: "attack C3".into(),
            expected: "[!(A1|B2)]".into(),
            expected_shown: "!(A1|B2)".into(),
            got: "1 D4".into(),
            verdict: Verdict::UnexpectedFail,
            seconds: 0.1,
            snapshot: None,
        };
        let m = marks_for(&t, 9);
        assert_eq!(m.expected, vec![(0, 0), (1, 1)]);
        assert!(m.forbidden);
        assert_eq!(m.given, vec![(3, 3)]);
        assert_eq!(m.asked, vec![(2, 2)]);
        assert_eq!(escape("<a & 'b'>"), "&lt;a &amp; &#39;b&#39;&gt;");
        assert_eq!(star_points(19).len(), 9);
        assert_eq!(star_points(9).len(), 5);
    }
}
