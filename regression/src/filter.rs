//! Choosing tests: by file (with number ranges, `reading.tst:1-40,77`) and by
//! command (`--only attack,defend`).

use crate::tst::Step;
use std::collections::HashMap;

/// A set of test numbers: single numbers and ranges, open ranges allowed.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Ranges(Vec<(u64, u64)>);

impl Ranges {
    /// Parse `1-40,77,100-`.
    pub fn parse(s: &str) -> Result<Ranges, String> {
        let mut out = Vec::new();
        for part in s.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let bad = || format!("bad test range '{part}' (use forms like 1-40,77,100-)");
            let (lo, hi) = match part.split_once('-') {
                Some((a, b)) => {
                    let lo = a.trim().parse().map_err(|_| bad())?;
                    let hi = if b.trim().is_empty() {
                        u64::MAX
                    } else {
                        b.trim().parse().map_err(|_| bad())?
                    };
                    (lo, hi)
                }
                None => {
                    let n = part.parse().map_err(|_| bad())?;
                    (n, n)
                }
            };
            if lo > hi {
                return Err(bad());
            }
            out.push((lo, hi));
        }
        if out.is_empty() {
            return Err(format!("no test numbers in '{s}'"));
        }
        Ok(Ranges(out))
    }

    /// True if `n` is in the set.
    pub fn contains(&self, n: u64) -> bool {
        self.0.iter().any(|&(lo, hi)| (lo..=hi).contains(&n))
    }
}

/// Split a file argument `path[:ranges]` into the path and its ranges. The
/// part after the last `:` counts as ranges only if it looks like them.
pub fn split_file_arg(arg: &str) -> Result<(String, Option<Ranges>), String> {
    if let Some((path, tail)) = arg.rsplit_once(':') {
        let looks_like_ranges = !tail.is_empty()
            && tail
                .chars()
                .all(|c| c.is_ascii_digit() || c == ',' || c == '-' || c == ' ');
        if looks_like_ranges && !path.is_empty() {
            return Ok((path.to_string(), Some(Ranges::parse(tail)?)));
        }
    }
    Ok((arg.to_string(), None))
}

/// Which tests run.
#[derive(Clone, Debug, Default)]
pub struct Filter {
    /// Per file (as named in results): the test numbers to run.
    pub ranges: HashMap<String, Ranges>,
    /// If not empty: only tests of these commands.
    pub only: Vec<String>,
}

impl Filter {
    /// True if the test `step` of `file` is to run.
    pub fn selects(&self, file: &str, step: &Step) -> bool {
        let Some(id) = step.id else { return false };
        if let Some(r) = self.ranges.get(file) {
            if !r.contains(id) {
                return false;
            }
        }
        self.only.is_empty() || self.only.iter().any(|c| c == &step.name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tst::Suite;
    use std::path::Path;

    #[test]
    fn ranges_are_parsed() {
        let r = Ranges::parse("1-40,77,100-").unwrap();
        assert!(r.contains(1) && r.contains(40) && r.contains(77) && r.contains(5000));
        assert!(!r.contains(41) && !r.contains(99));
        assert!(Ranges::parse("5-3").is_err());
        assert!(Ranges::parse("x").is_err());
        assert!(Ranges::parse("").is_err());
    }

    #[test]
    fn file_arguments_split_at_the_last_colon() {
        let (p, r) = split_file_arg("reading.tst:1-40,77").unwrap();
        assert_eq!(p, "reading.tst");
        assert!(r.unwrap().contains(77));
        assert_eq!(split_file_arg("a/b.tst").unwrap(), ("a/b.tst".into(), None));
        assert_eq!(split_file_arg("c:x.tst").unwrap(), ("c:x.tst".into(), None));
        assert!(split_file_arg("x.tst:9-1").is_err());
    }

    #[test]
    fn filters_select_by_number_and_command() {
        let s = Suite::parse(
            Path::new("r.tst"),
            "1 attack A1\n2 defend A1\n3 attack B1\nplay b A1\n",
        );
        let mut f = Filter::default();
        f.ranges
            .insert("r.tst".into(), Ranges::parse("1-2").unwrap());
        f.only = vec!["attack".into()];
        let picked: Vec<bool> = s.steps.iter().map(|st| f.selects("r.tst", st)).collect();
        assert_eq!(picked, vec![true, false, false, false]);
        assert!(Filter::default().selects("other.tst", &s.steps[2]));
    }
}
