//! `regression`: run GNU Go-format `.tst` suites.
//!
//! `cargo run --release -p regression -- [OPTIONS] FILE.tst…` — see
//! `docs/regression.md`.

use clap::Parser;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use regression::backend::{install_panic_hook, split_words};
use regression::filter::{split_file_arg, Filter};
use regression::report::{self, Baseline, Comparison};
use regression::runner::{run_all, Event, RunOptions};
use regression::{html, EngineFactory, ExternalFactory, InProcessFactory, Suite, Verdict};
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// Run GNU Go-format regression suites (.tst files) against tesuji or any GTP
/// engine.
#[derive(Parser, Debug)]
#[command(name = "regression", version)]
struct Args {
    /// Suite files; `FILE.tst:1-40,77` runs only those test numbers; a folder
    /// stands for all the .tst files in it.
    #[arg(required = true, value_name = "FILE.tst")]
    files: Vec<String>,
    /// Run against this GTP program (e.g. '/usr/games/gnugo --mode gtp')
    /// instead of tesuji in-process. It is started in each suite's folder.
    #[arg(long, value_name = "CMD")]
    engine: Option<String>,
    /// Files run at once (default: the number of cores).
    #[arg(long, short = 'j', value_name = "N")]
    jobs: Option<usize>,
    /// Time limit of one command, in seconds.
    #[arg(long, default_value_t = 60.0, value_name = "SECS")]
    timeout: f64,
    /// Only tests of these commands (comma-separated, e.g. attack,defend).
    #[arg(long, value_name = "CMDS", value_delimiter = ',')]
    only: Vec<String>,
    /// Write the results as JSON.
    #[arg(long, value_name = "PATH")]
    json: Option<PathBuf>,
    /// Compare with a stored run (JSON) and list every verdict change; the
    /// exit status then says whether anything got worse.
    #[arg(long, value_name = "FILE")]
    baseline: Option<PathBuf>,
    /// Store this run as a baseline (JSON).
    #[arg(long, value_name = "FILE")]
    save_baseline: Option<PathBuf>,
    /// Write an HTML report (index.html and a page per file) into DIR.
    #[arg(long, value_name = "DIR")]
    html: Option<PathBuf>,
    /// Random seed of the in-process tesuji engines.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// tesuji command-line options for the in-process engines, e.g.
    /// '--chinese-rules'.
    #[arg(long, value_name = "OPTS", allow_hyphen_values = true)]
    tesuji_options: Option<String>,
    /// After this many crashes or time-outs in a row, report the rest of a
    /// file as crashed without running it.
    #[arg(long, default_value_t = 5, value_name = "N")]
    give_up_after: usize,
    /// Print every test, not only the unexpected results.
    #[arg(long, short = 'v')]
    verbose: bool,
    /// Print only the final table (no progress bar, no per-test lines).
    #[arg(long, short = 'q')]
    quiet: bool,
}

fn main() -> ExitCode {
    let args = Args::parse();
    match run(&args) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("regression: {e}");
            ExitCode::from(2)
        }
    }
}

/// The suite files named by the arguments, with their test ranges.
fn load_suites(args: &Args) -> Result<(Vec<Suite>, Filter), String> {
    let mut suites = Vec::new();
    let mut filter = Filter {
        only: args.only.clone(),
        ..Filter::default()
    };
    for arg in &args.files {
        let (path, ranges) = split_file_arg(arg)?;
        let path = PathBuf::from(path.strip_prefix("./").unwrap_or(&path));
        let paths = if path.is_dir() {
            if ranges.is_some() {
                return Err(format!("{arg}: test numbers need a file, not a folder"));
            }
            let mut v: Vec<PathBuf> = std::fs::read_dir(&path)
                .map_err(|e| format!("{}: {e}", path.display()))?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "tst"))
                .collect();
            v.sort();
            v
        } else {
            vec![path]
        };
        for p in paths {
            let suite = Suite::load(&p)?;
            if let Some(r) = &ranges {
                filter
                    .ranges
                    .insert(suite.path.display().to_string(), r.clone());
            }
            suites.push(suite);
        }
    }
    Ok((suites, filter))
}

fn run(args: &Args) -> Result<ExitCode, String> {
    install_panic_hook();
    if args.timeout.is_nan() || args.timeout <= 0.0 {
        return Err("--timeout must be a positive number of seconds".into());
    }
    let (suites, filter) = load_suites(args)?;
    let factory: Box<dyn EngineFactory> = match &args.engine {
        Some(cmd) => {
            if args.tesuji_options.is_some() {
                return Err("--tesuji-options is for the in-process engine, not --engine".into());
            }
            Box::new(ExternalFactory::new(cmd)?)
        }
        None => Box::new(InProcessFactory {
            seed: args.seed,
            options: split_words(args.tesuji_options.as_deref().unwrap_or(""))?,
        }),
    };
    let baseline = args.baseline.as_deref().map(Baseline::load).transpose()?;
    let opts = RunOptions {
        timeout: Duration::from_secs_f64(args.timeout),
        filter,
        snapshots: args.html.is_some(),
        give_up_after: args.give_up_after.max(1),
    };
    let selected: usize = suites
        .iter()
        .map(|s| {
            let name = s.path.display().to_string();
            s.steps
                .iter()
                .filter(|st| opts.filter.selects(&name, st))
                .count()
        })
        .sum();
    let jobs = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));

    let show_bar =
        !args.quiet && std::io::stderr().is_terminal() && std::env::var_os("CI").is_none();
    let bar = if show_bar {
        let b = ProgressBar::with_draw_target(Some(selected as u64), ProgressDrawTarget::stderr());
        b.set_style(
            ProgressStyle::with_template(
                "{elapsed_precise} [{bar:40.cyan/blue}] {pos}/{len} {msg}",
            )
            .map_err(|e| e.to_string())?
            .progress_chars("=> "),
        );
        b
    } else {
        ProgressBar::hidden()
    };
    let surprises = AtomicUsize::new(0);
    let say = |line: String| {
        if show_bar {
            bar.println(line);
        } else {
            println!("{line}");
        }
    };
    let on_event = |event: Event| match event {
        Event::Test(t) => {
            bar.inc(1);
            if t.verdict.is_surprise() {
                let n = surprises.fetch_add(1, Ordering::Relaxed) + 1;
                bar.set_message(format!("{n} unexpected"));
            }
            if !args.quiet && (args.verbose || t.verdict.is_surprise()) {
                say(report::describe(t));
            }
        }
        Event::FileDone(f) => {
            if args.verbose && !args.quiet {
                say(format!("{} done in {:.1} s", f.file, f.seconds));
            }
        }
    };

    let start = Instant::now();
    let results = run_all(&suites, factory.as_ref(), &opts, jobs, &on_event);
    let wall = start.elapsed().as_secs_f64();
    bar.finish_and_clear();

    print!("{}", report::table(&results, wall));
    let engine = factory.describe();
    let doc = report::to_json(&results, &engine);
    if let Some(path) = &args.json {
        report::write_json(path, &doc)?;
    }
    if let Some(path) = &args.save_baseline {
        report::write_json(path, &doc)?;
        println!("baseline saved to {}", path.display());
    }
    let comparison = baseline.as_ref().map(|b| Comparison::new(&results, b));
    if let Some(c) = &comparison {
        print!("{}", c.text());
    }
    if let Some(dir) = &args.html {
        let command_line: Vec<String> = std::env::args().collect();
        let index = html::write_report(
            dir,
            &results,
            &engine,
            &command_line.join(" "),
            comparison.as_ref(),
            wall,
        )?;
        println!("report: {}", index.display());
    }
    let total = report::Totals::of_files(&results);
    let bad = match &comparison {
        Some(c) => c.worse().count() > 0,
        None => {
            total.get(Verdict::UnexpectedFail)
                + total.get(Verdict::Crashed)
                + total.get(Verdict::Timeout)
                > 0
        }
    };
    Ok(if bad {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}
