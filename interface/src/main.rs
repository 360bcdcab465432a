//! The `tesuji` program: parse the command line, then play in the chosen mode.

use clap::Parser;
use interface::cli::{Cli, Mode, Tool};
use interface::{ascii, bench, GtpEngine};
use std::io::{BufReader, Write};
use std::net::TcpListener;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Some(Tool::Bench { what }) = cli.tool {
        return match bench::run(&what, &mut std::io::stdout()) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => fail(&e),
        };
    }
    let opts = cli.opts;
    let mut session = match opts.session() {
        Ok(s) => s,
        Err(e) => return fail(&e),
    };
    if let Some(color) = opts.list_patterns {
        let text = interface::commands::patterns::list(&mut session, color, None);
        // A closed pipe (`| head`) is not an error.
        let _ = writeln!(std::io::stdout(), "{text}");
        return ExitCode::SUCCESS;
    }
    if opts.printboard || opts.printeyes {
        let an = session.engine.analysis();
        let board = session.engine.game.board();
        let mut text = String::new();
        if opts.printboard {
            text.push_str(&interface::dragon_display::dragons(board, &an, true));
        }
        if opts.printeyes {
            text.push_str(&interface::dragon_display::eyes(board, &an, true));
        }
        let _ = write!(std::io::stdout(), "{text}");
        return ExitCode::SUCCESS;
    }
    let result = match opts.mode() {
        Mode::Gtp => serve_gtp(GtpEngine::new(session), &opts),
        Mode::Ascii => ascii::run(session, opts.color, opts.quiet).map_err(|e| e.to_string()),
        Mode::Gmp | Mode::Sgmp => interface::gmp::run(session, &opts),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(&e),
    }
}

fn fail(msg: &str) -> ExitCode {
    eprintln!("tesuji: {msg}");
    ExitCode::FAILURE
}

fn serve_gtp(mut gtp: GtpEngine, opts: &interface::cli::Options) -> Result<(), String> {
    if let Some(file) = &opts.gtp_input {
        let f = std::fs::File::open(file).map_err(|e| format!("{}: {e}", file.display()))?;
        return gtp
            .serve(BufReader::new(f), std::io::stdout().lock())
            .map_err(|e| e.to_string());
    }
    if let Some(addr) = &opts.gtp_listen {
        let addr = if addr.contains(':') {
            addr.clone()
        } else {
            format!("127.0.0.1:{addr}")
        };
        let listener =
            TcpListener::bind(&addr).map_err(|e| format!("cannot listen on {addr}: {e}"))?;
        if !opts.quiet {
            eprintln!("tesuji: waiting for a GTP connection on {addr}");
        }
        let (stream, _) = listener.accept().map_err(|e| e.to_string())?;
        let reader = BufReader::new(stream.try_clone().map_err(|e| e.to_string())?);
        return gtp.serve(reader, stream).map_err(|e| e.to_string());
    }
    let stdin = std::io::stdin();
    let result = gtp.serve(stdin.lock(), std::io::stdout().lock());
    std::io::stdout().flush().ok();
    match result {
        // A closed pipe at the other end is the end of the session, not an error.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        r => r.map_err(|e| e.to_string()),
    }
}
