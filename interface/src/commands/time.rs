//! Time control commands.

use super::{color_arg, fail, Handler};
use crate::session::Session;
use engine::clock::{TimeLeft, TimeSystem};

pub(super) const COMMANDS: &[(&str, Handler)] = &[
    ("time_settings", time_settings),
    ("time_left", time_left),
    ("kgs-time_settings", kgs_time_settings),
];

fn ints(a: &[&str]) -> Option<Vec<u64>> {
    a.iter().map(|x| x.parse::<u64>().ok()).collect()
}

fn time_settings(s: &mut Session, a: &[&str]) -> Result<String, String> {
    match ints(a) {
        Some(v) if v.len() == 3 => {
            s.clock.set_gtp(v[0] as f64, v[1] as f64, v[2] as u32);
            Ok(String::new())
        }
        _ => fail("not three integers"),
    }
}

fn time_left(s: &mut Session, a: &[&str]) -> Result<String, String> {
    let c = color_arg(a, 0)?;
    match ints(&a[1..]) {
        Some(v) if v.len() == 2 => {
            s.clock.set_left(
                c,
                TimeLeft {
                    seconds: v[0] as f64,
                    stones: v[1] as u32,
                },
            );
            Ok(String::new())
        }
        _ => fail("time and stones not two integers"),
    }
}

/// `kgs-time_settings none | absolute MAIN | byoyomi MAIN PERIOD PERIODS |
/// canadian MAIN PERIOD STONES`.
fn kgs_time_settings(s: &mut Session, a: &[&str]) -> Result<String, String> {
    let kind = a
        .first()
        .map(|k| k.to_ascii_lowercase())
        .ok_or("missing time system")?;
    let v = ints(&a[1..]).ok_or("time values not integers")?;
    let system = match (kind.as_str(), v.as_slice()) {
        ("none", []) => TimeSystem::None,
        ("absolute", [main]) => TimeSystem::Absolute { main: *main as f64 },
        ("byoyomi", [main, period, periods]) => TimeSystem::ByoYomi {
            main: *main as f64,
            period: *period as f64,
            periods: *periods as u32,
        },
        ("canadian", [main, period, stones]) => TimeSystem::Canadian {
            main: *main as f64,
            period: *period as f64,
            stones: *stones as u32,
        },
        _ => return fail("syntax error"),
    };
    s.clock.set_system(system);
    Ok(String::new())
}
