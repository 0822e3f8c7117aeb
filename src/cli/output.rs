//! Where output goes and what happens when it fails.
//!
//! - Standard output goes through [`stdout`]: a write that fails names the
//!   output ("standard output") in the error, so that the run ends with one
//!   line saying which output failed and why (a closed pipe, a full disk).
//! - Standard error goes through [`eprint`] and the `warn!` macro: a message
//!   that cannot be written (standard error closed or full) is dropped, and
//!   the run ends with the status it would have had. Nothing panics.
//! - The `--summary` file and the `--output` file are [`OutputFile`]s:
//!   written to a temporary file in the same folder and renamed into place
//!   when the run is complete, so that a run that stops early never leaves a
//!   partial file that looks complete; a run that fails removes the
//!   temporary file.
//! - A run stopped by a signal (SIGINT, SIGTERM, SIGHUP) removes the
//!   temporary files it has open ([`remove_temporary_files_on_signal`]) and
//!   exits as a shell expects of a process the signal killed: 128 plus the
//!   signal's number.

use std::fmt;
use std::fs::{self, File};
use std::io::{self, BufWriter, IsTerminal, LineWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, PoisonError};

/// An output that failed: which one and the I/O error.
#[derive(Debug)]
pub(crate) struct OutputError {
    /// "standard output", or the file's name.
    pub(crate) output: String,
    /// The error of the write.
    pub(crate) source: io::Error,
}

impl OutputError {
    /// Standard output was closed by the reader (a pipe to `head`).
    pub(crate) fn is_closed_stdout(&self) -> bool {
        self.output == STDOUT && self.source.kind() == io::ErrorKind::BrokenPipe
    }
}

impl fmt::Display for OutputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_closed_stdout() {
            return write!(f, "standard output was closed before the end of the run");
        }
        write!(
            f,
            "failed to write to {}: {}",
            self.output,
            describe(&self.source)
        )
    }
}

impl std::error::Error for OutputError {}

/// The name of standard output in messages.
pub(crate) const STDOUT: &str = "standard output";

/// An I/O error in a few words, without the `(os error N)` suffix.
fn describe(err: &io::Error) -> String {
    match err.kind() {
        io::ErrorKind::StorageFull => "no space left on the device".to_owned(),
        io::ErrorKind::BrokenPipe => "the reader closed the pipe".to_owned(),
        io::ErrorKind::PermissionDenied => "permission denied".to_owned(),
        io::ErrorKind::NotFound => "no such file or directory".to_owned(),
        io::ErrorKind::ReadOnlyFilesystem => "read-only file system".to_owned(),
        _ => {
            let text = err.to_string();
            match text.find(" (os error") {
                Some(at) => text[..at].to_owned(),
                None => text,
            }
        }
    }
}

/// The error is standard output closed by its reader (`| head`), which
/// ends a run quietly.
pub(crate) fn is_closed_stdout(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<OutputError>()
            .or_else(|| {
                cause
                    .downcast_ref::<io::Error>()
                    .and_then(|io| io.get_ref())
                    .and_then(|inner| inner.downcast_ref::<OutputError>())
            })
            .is_some_and(OutputError::is_closed_stdout)
    })
}

/// The [`OutputError`] in an error's chain, if any.
#[cfg(test)]
pub(crate) fn output_error(err: &anyhow::Error) -> Option<&OutputError> {
    err.chain().find_map(|cause| {
        cause.downcast_ref::<OutputError>().or_else(|| {
            cause
                .downcast_ref::<io::Error>()
                .and_then(|io| io.get_ref())
                .and_then(|inner| inner.downcast_ref::<OutputError>())
        })
    })
}

/// A writer whose errors name the output.
#[derive(Debug)]
pub(crate) struct Named<W> {
    inner: W,
    name: String,
}

impl<W: Write> Named<W> {
    pub(crate) fn new(inner: W, name: impl Into<String>) -> Self {
        Named {
            inner,
            name: name.into(),
        }
    }

    fn wrap(&self, err: io::Error) -> io::Error {
        // Already named (a nested writer): pass it on.
        if err.get_ref().is_some_and(|inner| inner.is::<OutputError>()) {
            return err;
        }
        io::Error::new(
            err.kind(),
            OutputError {
                output: self.name.clone(),
                source: err,
            },
        )
    }
}

impl<W: Write> Write for Named<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.inner.write(buf).map_err(|err| self.wrap(err))
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.inner.write_all(buf).map_err(|err| self.wrap(err))
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush().map_err(|err| self.wrap(err))
    }
}

/// Standard output, line-buffered on a terminal (rows appear as they come),
/// else with a large buffer; its errors name it.
pub(crate) fn stdout() -> Box<dyn Write> {
    let out = io::stdout();
    if out.is_terminal() {
        Box::new(Named::new(LineWriter::new(out.lock()), STDOUT))
    } else {
        Box::new(Named::new(
            BufWriter::with_capacity(64 * 1024, out.lock()),
            STDOUT,
        ))
    }
}

/// Writes to standard error; a message that cannot be written is dropped
/// (standard error closed or full): the run goes on and ends with its
/// status.
pub(crate) fn eprint(args: fmt::Arguments<'_>) {
    let mut err = io::stderr().lock();
    let _ = err.write_fmt(args);
    let _ = err.flush();
}

/// `eprintln!` that never panics: see [`eprint`].
macro_rules! eprintln_safe {
    ($($arg:tt)*) => {
        $crate::cli::output::eprint(format_args!("{}\n", format_args!($($arg)*)))
    };
}
pub(crate) use eprintln_safe as warn;

/// The temporary files of the run that are not renamed into place yet: a
/// signal that stops the run removes them.
static TEMPORARY: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

fn temporary() -> MutexGuard<'static, Vec<PathBuf>> {
    TEMPORARY.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Forgets a temporary file (renamed into place or removed).
fn forget_temporary(path: &Path) {
    let mut files = temporary();
    if let Some(at) = files.iter().position(|p| p == path) {
        files.swap_remove(at);
    }
}

/// From now on, SIGINT, SIGTERM and SIGHUP remove the run's temporary files
/// and end the process with status 130, 143 or 129.
///
/// The signals are taken by `signal-hook` on a thread of their own, so that
/// the files are removed in ordinary code, not in a signal handler, and the
/// crate's `unsafe_code = "forbid"` holds. The list stays locked until the
/// process has ended: no file is created after the cleaning.
pub(crate) fn remove_temporary_files_on_signal() {
    #[cfg(unix)]
    {
        use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
        let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) else {
            // Without the handler a signal kills the run as before.
            return;
        };
        let spawned = std::thread::Builder::new()
            .name("signals".to_owned())
            .spawn(move || {
                if let Some(signal) = signals.forever().next() {
                    let files = temporary();
                    for file in files.iter() {
                        let _ = fs::remove_file(file);
                    }
                    std::process::exit(128 + signal);
                }
            });
        drop(spawned);
    }
}

/// Whether two output paths name the same regular file: the same file
/// when both exist (through links, `./` or `..`), else the same name in the
/// same folder. Special files (`/dev/null`, a pipe) may take two outputs.
pub(crate) fn same_file(a: &Path, b: &Path) -> bool {
    match (fs::metadata(a), fs::metadata(b)) {
        (Ok(meta_a), Ok(meta_b)) => {
            if !meta_a.is_file() || !meta_b.is_file() {
                return false;
            }
            #[cfg(unix)]
            {
                use std::os::unix::fs::MetadataExt;
                meta_a.dev() == meta_b.dev() && meta_a.ino() == meta_b.ino()
            }
            #[cfg(not(unix))]
            {
                fs::canonicalize(a).ok() == fs::canonicalize(b).ok()
            }
        }
        (Err(_), Err(_)) => planned_path(a) == planned_path(b),
        // One exists and the other does not: two files.
        _ => false,
    }
}

/// Where a file that does not exist yet would be created: its folder made
/// canonical, and its name.
fn planned_path(path: &Path) -> Option<PathBuf> {
    let name = path.file_name()?;
    let folder = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    Some(fs::canonicalize(folder).ok()?.join(name))
}

/// A file a run writes (the `--summary` CSV, the `--output` findings),
/// written to a temporary file beside it and renamed into place by
/// [`OutputFile::commit`]. Dropped without a commit (the run failed), the
/// temporary file is removed and the file is not written.
///
/// A path that names something other than a regular file (`/dev/null`, a
/// named pipe) is written directly: there is nothing to rename.
#[derive(Debug)]
pub(crate) struct OutputFile {
    /// What it is, for messages: "the summary", "the output".
    what: &'static str,
    /// The path as given, for messages.
    shown: PathBuf,
    /// The file renamed into place on commit (the target of a link).
    target: PathBuf,
    /// The temporary file, `None` when writing directly.
    temp: Option<PathBuf>,
    out: Named<BufWriter<File>>,
    /// Renamed into place: nothing to remove.
    committed: bool,
}

impl OutputFile {
    /// Creates the temporary file (or opens a special file).
    ///
    /// # Errors
    /// The folder cannot be written to, or the file cannot be created: one
    /// line naming the file.
    pub(crate) fn create(path: &Path, what: &'static str) -> anyhow::Result<OutputFile> {
        let shown = path.to_path_buf();
        let name = path.display().to_string();
        let fail = |err: io::Error| {
            anyhow::anyhow!(
                "failed to create {what} {}: {}",
                path.display(),
                describe(&err)
            )
        };
        let special = fs::metadata(path).is_ok_and(|meta| !meta.is_file());
        if special {
            let file = fs::OpenOptions::new()
                .write(true)
                .open(path)
                .map_err(fail)?;
            return Ok(OutputFile {
                what,
                shown,
                target: path.to_path_buf(),
                temp: None,
                out: Named::new(BufWriter::new(file), name),
                committed: false,
            });
        }
        // Through a link: the file it points to is replaced, not the link.
        let target = fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
        let folder = match target.parent() {
            Some(parent) if !parent.as_os_str().is_empty() => parent.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let file_name = target
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| "summary".to_owned());
        let mut attempt = 0u32;
        // Listed as it is created, so that a signal cannot come between.
        let mut listed = temporary();
        let (temp, file) = loop {
            let temp = folder.join(format!(
                ".{file_name}.bgaudit-{}-{attempt}.tmp",
                std::process::id()
            ));
            match fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(&temp)
            {
                Ok(file) => {
                    listed.push(temp.clone());
                    break (temp, file);
                }
                Err(err) if err.kind() == io::ErrorKind::AlreadyExists && attempt < 100 => {
                    attempt += 1;
                }
                Err(err) => return Err(fail(err)),
            }
        };
        drop(listed);
        // A summary written over an older one keeps its permissions.
        if let Ok(meta) = fs::metadata(&target) {
            let _ = fs::set_permissions(&temp, meta.permissions());
        }
        Ok(OutputFile {
            what,
            shown,
            target,
            temp: Some(temp),
            out: Named::new(BufWriter::new(file), name),
            committed: false,
        })
    }

    /// The writer.
    pub(crate) fn writer(&mut self) -> &mut Named<BufWriter<File>> {
        &mut self.out
    }

    /// What it is and its path, for messages: `the summary s.csv`.
    pub(crate) fn describe(&self) -> String {
        format!("{} {}", self.what, self.shown.display())
    }

    /// Flushes the summary and renames it into place.
    ///
    /// # Errors
    /// A failed write, flush or rename, naming the file (the temporary file
    /// is removed then).
    pub(crate) fn commit(mut self) -> anyhow::Result<()> {
        self.out.flush()?;
        if let Some(temp) = &self.temp
            && let Err(err) = fs::rename(temp, &self.target)
        {
            anyhow::bail!(
                "failed to write {} {}: {}",
                self.what,
                self.shown.display(),
                describe(&err)
            );
        }
        self.committed = true;
        if let Some(temp) = &self.temp {
            forget_temporary(temp);
        }
        Ok(())
    }
}

impl Drop for OutputFile {
    fn drop(&mut self) {
        // Not committed: the run failed, and nothing partial is left behind
        // (what the buffer still holds goes to the removed file).
        if !self.committed
            && let Some(temp) = &self.temp
        {
            let _ = fs::remove_file(temp);
            forget_temporary(temp);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_output_error_names_the_output() {
        let err = io::Error::new(
            io::ErrorKind::StorageFull,
            OutputError {
                output: "s.csv".to_owned(),
                source: io::Error::from(io::ErrorKind::StorageFull),
            },
        );
        let err = anyhow::Error::from(err);
        let found = output_error(&err).expect("named");
        assert_eq!(
            found.to_string(),
            "failed to write to s.csv: no space left on the device"
        );
        let closed = OutputError {
            output: STDOUT.to_owned(),
            source: io::Error::from(io::ErrorKind::BrokenPipe),
        };
        assert!(closed.is_closed_stdout());
        assert_eq!(
            closed.to_string(),
            "standard output was closed before the end of the run"
        );
    }

    #[test]
    fn two_names_of_one_file_are_the_same_output() {
        let dir = std::env::temp_dir().join(format!("bgaudit-same-file-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(dir.join("sub")).unwrap();
        let a = dir.join("a.csv");
        let b = dir.join("b.csv");
        assert!(same_file(&a, &dir.join("sub/../a.csv")), "not yet written");
        assert!(!same_file(&a, &b));
        fs::write(&a, "x").unwrap();
        assert!(same_file(&a, &dir.join("sub/../a.csv")), "written");
        assert!(!same_file(&a, &b), "one exists, one does not");
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink(&a, &b).unwrap();
            assert!(same_file(&a, &b), "through a link");
            assert!(!same_file(Path::new("/dev/null"), Path::new("/dev/null")));
        }
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_summary_appears_only_when_committed() {
        let dir = std::env::temp_dir().join(format!("bgaudit-summary-file-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("s.csv");
        let mut file = OutputFile::create(&path, "the summary").unwrap();
        file.writer().write_all(b"a,b\n").unwrap();
        drop(file);
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 0, "nothing left");
        let mut file = OutputFile::create(&path, "the summary").unwrap();
        file.writer().write_all(b"a,b\n").unwrap();
        assert!(!path.exists());
        file.commit().unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"a,b\n");
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 1, "no temporary file");
        fs::remove_dir_all(&dir).unwrap();
    }
}
