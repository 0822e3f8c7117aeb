//! A file opened while planning a run, handed to the job that reads it
//! ([`Opened`]), and the size from which a file is read match by match.

use std::fs::File;
use std::io;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use bgaudit::walk;

/// The size from which a file is read match by match.
pub(crate) const STREAM_MIN: u64 = 8 << 20;

/// A file opened while planning, for its job to read: one of those held
/// open (counted in `held` until it is read or dropped), or, read ahead of
/// its job, what reading it gave.
#[derive(Debug)]
pub(crate) struct Opened {
    state: State,
}

#[derive(Debug)]
enum State {
    Open {
        file: File,
        /// The size the file had when opened.
        len: u64,
        held: Held,
    },
    Read(io::Result<Vec<u8>>),
}

/// One of the files held open: counted until dropped.
#[derive(Debug)]
struct Held(Arc<AtomicUsize>);

impl Drop for Held {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

impl Opened {
    /// A file held open for its job, counted in `held` until it is read
    /// or dropped.
    pub(super) fn open(file: File, len: u64, held: &Arc<AtomicUsize>) -> Opened {
        Opened {
            state: State::Open {
                file,
                len,
                held: Held(Arc::clone(held)),
            },
        }
    }

    /// An input already read into memory.
    pub(crate) fn from_bytes(bytes: Vec<u8>) -> Opened {
        Opened {
            state: State::Read(Ok(bytes)),
        }
    }

    /// Reads the file to its end (or gives what reading it ahead gave).
    pub(crate) fn read(self) -> io::Result<Vec<u8>> {
        match self.state {
            State::Open {
                mut file,
                len,
                held,
            } => {
                let read = walk::read_open(&mut file, len);
                drop(file);
                drop(held);
                read
            }
            State::Read(read) => read,
        }
    }

    /// The bytes read ahead (an open file holds none while it waits).
    pub(super) fn weight(&self) -> usize {
        match &self.state {
            State::Read(Ok(bytes)) => bytes.len(),
            State::Open { .. } | State::Read(Err(_)) => 0,
        }
    }

    /// Reads the file now, for its job to take the bytes later; the file
    /// is closed.
    pub(super) fn read_ahead(self) -> Opened {
        Opened {
            state: State::Read(self.read()),
        }
    }
}
