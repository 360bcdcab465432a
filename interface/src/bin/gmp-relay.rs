//! `gmp-relay`: run two GMP programs joined by a bad line.
//!
//! ```text
//! gmp-relay --drop 0.05 --corrupt 0.03 --garbage 0.1 --seed 7 \
//!     "tesuji --mode sgmp --boardsize 9 --color black -o a.sgf" \
//!     "gnugo --mode gmp --boardsize 9 --color white -o b.sgf"
//! ```
//!
//! Each program is started with `sh -c`; what one writes on stdout reaches
//! the other's stdin, now and then without a packet, with a damaged checksum
//! or with random bytes in front of a packet. Their stderr is left as it is.
//! When either program closes its output, the other's input is closed too;
//! the relay waits for both and reports what it did on stderr.

use clap::Parser;
use interface::gmp::line::Line;
use interface::gmp::relay::{relay, Damage};
use std::process::{Child, Command, ExitCode, Stdio};

/// Run two GMP programs joined by a line that loses and damages packets.
#[derive(Parser, Debug)]
#[command(name = "gmp-relay", version)]
struct Args {
    /// Probability that a packet is lost.
    #[arg(long, default_value_t = 0.05)]
    drop: f64,
    /// Probability that a packet's checksum is damaged.
    #[arg(long, default_value_t = 0.03)]
    corrupt: f64,
    /// Probability that random bytes come before a packet.
    #[arg(long, default_value_t = 0.1)]
    garbage: f64,
    /// Most garbage bytes at a time.
    #[arg(long, default_value_t = 8)]
    max_garbage: usize,
    /// Random seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Print every packet and what the line did to it.
    #[arg(long)]
    trace: bool,
    /// The first program (a shell command).
    first: String,
    /// The second program (a shell command).
    second: String,
}

fn spawn(cmd: &str) -> Result<(Child, Line), String> {
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(cmd)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start {cmd}: {e}"))?;
    let (Some(stdout), Some(stdin)) = (child.stdout.take(), child.stdin.take()) else {
        return Err(format!("no pipes for {cmd}"));
    };
    Ok((child, Line::new(stdout, stdin)))
}

fn main() -> ExitCode {
    let args = Args::parse();
    for (name, p) in [
        ("--drop", args.drop),
        ("--corrupt", args.corrupt),
        ("--garbage", args.garbage),
    ] {
        if !(0.0..=1.0).contains(&p) {
            eprintln!("gmp-relay: {name} {p}: a probability is between 0 and 1");
            return ExitCode::FAILURE;
        }
    }
    let damage = Damage {
        drop: args.drop,
        corrupt: args.corrupt,
        garbage: args.garbage,
        max_garbage: args.max_garbage,
    };
    let (mut a, line_a) = match spawn(&args.first) {
        Ok(x) => x,
        Err(e) => {
            eprintln!("gmp-relay: {e}");
            return ExitCode::FAILURE;
        }
    };
    let (mut b, line_b) = match spawn(&args.second) {
        Ok(x) => x,
        Err(e) => {
            eprintln!("gmp-relay: {e}");
            let _ = a.kill();
            return ExitCode::FAILURE;
        }
    };
    let stats = relay(line_a, line_b, damage, args.seed, args.trace);
    // The lines are dropped: both programs see their input closed.
    let sa = a.wait();
    let sb = b.wait();
    eprintln!(
        "gmp-relay: {} packets, {} dropped, {} corrupted, {} garbage bytes",
        stats.packets, stats.dropped, stats.corrupted, stats.garbage_bytes
    );
    match (sa, sb) {
        (Ok(x), Ok(y)) if x.success() && y.success() => ExitCode::SUCCESS,
        (x, y) => {
            eprintln!("gmp-relay: exit status {x:?} and {y:?}");
            ExitCode::FAILURE
        }
    }
}
