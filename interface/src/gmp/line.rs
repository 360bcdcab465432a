//! The line a GMP game runs over: any byte stream in each direction, read on
//! a thread of its own so that the game loop can wait with a timeout (for
//! retransmissions) on stdin, a TCP socket or an in-memory pipe alike.

use std::io::{self, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::time::Duration;

/// What waiting on the line gave.
#[derive(Debug, PartialEq, Eq)]
pub enum Received {
    /// Some bytes.
    Bytes(Vec<u8>),
    /// Nothing within the timeout.
    Timeout,
    /// The other side closed the line (or reading failed).
    Closed,
}

/// Both directions of a connection.
pub struct Line {
    rx: Receiver<Vec<u8>>,
    tx: Box<dyn Write + Send>,
}

impl Line {
    /// A line reading `reader` on a background thread and writing `writer`.
    pub fn new<R, W>(reader: R, writer: W) -> Line
    where
        R: Read + Send + 'static,
        W: Write + Send + 'static,
    {
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || pump(reader, tx));
        Line {
            rx,
            tx: Box::new(writer),
        }
    }

    /// The line on standard input and output.
    pub fn stdio() -> Line {
        Line::new(io::stdin(), io::stdout())
    }

    /// Wait for the first TCP connection on `addr` ([HOST:]PORT, the host
    /// 127.0.0.1 if omitted) and run the line over it.
    pub fn listen(addr: &str, quiet: bool) -> Result<Line, String> {
        let addr = with_host(addr);
        let listener =
            TcpListener::bind(&addr).map_err(|e| format!("cannot listen on {addr}: {e}"))?;
        if !quiet {
            eprintln!("tesuji: waiting for a GMP connection on {addr}");
        }
        let (stream, _) = listener.accept().map_err(|e| e.to_string())?;
        Line::tcp(stream)
    }

    /// Connect to `addr` ([HOST:]PORT, the host 127.0.0.1 if omitted).
    pub fn connect(addr: &str) -> Result<Line, String> {
        let addr = with_host(addr);
        let stream =
            TcpStream::connect(&addr).map_err(|e| format!("cannot connect to {addr}: {e}"))?;
        Line::tcp(stream)
    }

    fn tcp(stream: TcpStream) -> Result<Line, String> {
        stream.set_nodelay(true).ok();
        let reader = stream.try_clone().map_err(|e| e.to_string())?;
        Ok(Line::new(reader, stream))
    }

    /// A pair of lines joined to each other in memory, as by a null-modem
    /// cable (for tests).
    pub fn pair() -> (Line, Line) {
        let (a_tx, b_rx) = mpsc::channel();
        let (b_tx, a_rx) = mpsc::channel();
        (
            Line {
                rx: a_rx,
                tx: Box::new(ChannelWriter(a_tx)),
            },
            Line {
                rx: b_rx,
                tx: Box::new(ChannelWriter(b_tx)),
            },
        )
    }

    /// Wait up to `timeout` for bytes.
    pub fn recv(&mut self, timeout: Duration) -> Received {
        match self.rx.recv_timeout(timeout) {
            Ok(bytes) if bytes.is_empty() => Received::Closed,
            Ok(bytes) => Received::Bytes(bytes),
            Err(RecvTimeoutError::Timeout) => Received::Timeout,
            Err(RecvTimeoutError::Disconnected) => Received::Closed,
        }
    }

    /// Write bytes to the other side at once.
    pub fn send(&mut self, bytes: &[u8]) -> io::Result<()> {
        if bytes.is_empty() {
            return Ok(());
        }
        self.tx.write_all(bytes)?;
        self.tx.flush()
    }
}

/// A `Write` that hands each write to a channel (one side of [`Line::pair`]).
pub struct ChannelWriter(pub Sender<Vec<u8>>);

impl Write for ChannelWriter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0
            .send(buf.to_vec())
            .map_err(|_| io::Error::new(io::ErrorKind::BrokenPipe, "line closed"))?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

fn pump(mut reader: impl Read, tx: Sender<Vec<u8>>) {
    let mut buf = [0u8; 512];
    loop {
        match reader.read(&mut buf) {
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Ok(0) | Err(_) => {
                let _ = tx.send(Vec::new());
                return;
            }
            Ok(n) => {
                if tx.send(buf[..n].to_vec()).is_err() {
                    return;
                }
            }
        }
    }
}

fn with_host(addr: &str) -> String {
    if addr.contains(':') {
        addr.to_string()
    } else {
        format!("127.0.0.1:{addr}")
    }
}
