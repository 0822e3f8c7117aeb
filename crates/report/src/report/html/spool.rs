//! Where the HTML page's sections wait for the end of the run, and the
//! file whose report comes in parts until its last part.

use std::io::{self, Write};

use crate::finding::Finding;
use crate::replay::{FileReport, MatchSummary};

/// Where the files' sections wait for the end of the run.
#[derive(Debug)]
pub(super) enum Spool {
    File(io::BufWriter<std::fs::File>),
    Memory(Vec<u8>),
}

impl Spool {
    pub(super) fn new() -> Spool {
        tempfile::tempfile().map_or_else(
            |_| Spool::Memory(Vec::new()),
            |file| Spool::File(io::BufWriter::with_capacity(64 * 1024, file)),
        )
    }

    pub(super) fn write(&mut self, text: &str) -> io::Result<()> {
        match self {
            Spool::File(file) => file.write_all(text.as_bytes()),
            Spool::Memory(bytes) => {
                bytes.extend_from_slice(text.as_bytes());
                Ok(())
            }
        }
    }

    /// Copies what was written to `out`.
    pub(super) fn copy_to(self, out: &mut impl Write) -> io::Result<()> {
        use std::io::Seek;
        match self {
            Spool::File(file) => {
                let mut file = file.into_inner().map_err(io::IntoInnerError::into_error)?;
                file.seek(io::SeekFrom::Start(0))?;
                io::copy(&mut file, out)?;
                Ok(())
            }
            Spool::Memory(bytes) => out.write_all(&bytes),
        }
    }
}

impl Write for Spool {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        match self {
            Spool::File(file) => file.write(bytes),
            Spool::Memory(held) => {
                held.extend_from_slice(bytes);
                Ok(bytes.len())
            }
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Spool::File(file) => file.flush(),
            Spool::Memory(_) => Ok(()),
        }
    }
}

/// A file whose report comes in parts ([`crate::report::FindingWriter::early`]) until its
/// last part: its section is written then, its matches first.
#[derive(Debug)]
pub(super) struct OpenFile {
    /// The findings of its earlier parts, as written.
    pub(super) articles: Spool,
    /// Its earlier parts hold findings.
    pub(super) findings: bool,
    /// Those findings, with only what the per-player table counts.
    pub(super) counted: Vec<Finding>,
}

/// A finding with only what the per-player table counts of it (whose
/// player, its code, severity and verdicts), not its texts and positions.
pub(super) fn for_players(finding: &Finding) -> Finding {
    Finding {
        text: String::new(),
        message: String::new(),
        before: None,
        before_plakoto: None,
        context: None,
        suggestion: None,
        written: None,
        legal: None,
        ..finding.clone()
    }
}

impl OpenFile {
    /// A file whose first part comes.
    pub(super) fn new() -> OpenFile {
        OpenFile {
            articles: Spool::new(),
            findings: false,
            counted: Vec::new(),
        }
    }

    /// The file's last part come: its whole report for the per-player
    /// table (the findings as it counts them), and the articles written.
    pub(super) fn close(self, last: &FileReport) -> (FileReport, OpenFile) {
        let mut whole = FileReport {
            findings: self.counted,
            ..last.clone()
        };
        whole.findings.extend(last.findings.iter().map(for_players));
        let earlier = OpenFile {
            counted: Vec::new(),
            ..self
        };
        (whole, earlier)
    }
}

/// A report of `report`'s path with the matches `so_far`: the players of
/// its findings named by their matches as replayed so far.
pub(super) fn named(report: &FileReport, so_far: &[MatchSummary]) -> FileReport {
    FileReport {
        path: report.path.clone(),
        path_bytes: report.path_bytes.clone(),
        format: report.format,
        status: report.status,
        unreadable_reason: None,
        findings: Vec::new(),
        matches: so_far.to_vec(),
        trace: Vec::new(),
    }
}
