//! One input read and checked. Whatever goes wrong with a file (it cannot
//! be opened, it is no transcript, its check panics) becomes that file's
//! report, never an error of the run.

use bgaudit::replay::{FileReport, FileStatus, Options, check_bytes};
use bgaudit::report::{SkippedRecord, Totals};
use bgaudit::walk::{self, Input};

/// What became of one input.
#[derive(Debug)]
pub(crate) enum Outcome {
    /// Read and checked (or unreadable, or missing: the report says so).
    Checked(FileReport),
    /// Found in a folder and no match record: skipped.
    Skipped(SkippedRecord),
}

impl Outcome {
    /// Counts the outcome of `input` in `totals`.
    pub(crate) fn count(&self, input: &Input, totals: &mut Totals) {
        match self {
            Outcome::Checked(report) if matches!(input, Input::Missing(_)) => {
                totals.add_missing(report);
            }
            Outcome::Checked(report) => totals.add(report),
            Outcome::Skipped(_) => totals.add_skipped(),
        }
    }
}

/// Reads and checks one input.
pub(crate) fn check(input: &Input, options: &Options) -> Outcome {
    match check_keeping(input, options) {
        (Outcome::Checked(report), _) => Outcome::Checked(report),
        (skipped, _) => skipped,
    }
}

/// [`check`], also handing back the bytes read (to quote lines from).
pub(crate) fn check_keeping(input: &Input, options: &Options) -> (Outcome, Option<Vec<u8>>) {
    let (report, bytes) = read_and_check(input, options);
    if let (Input::Found(path), Some(bytes)) = (input, &bytes) {
        if report.status == FileStatus::Unreadable {
            if let Some(reason) = walk::record::not_a_record(path, bytes) {
                let skipped = SkippedRecord {
                    file: report.path,
                    file_bytes: report.path_bytes,
                    reason,
                };
                return (Outcome::Skipped(skipped), None);
            }
        }
    }
    (Outcome::Checked(report), bytes)
}

/// Reads and checks one input, whatever it is.
fn read_and_check(input: &Input, options: &Options) -> (FileReport, Option<Vec<u8>>) {
    let name = input.name();
    let (mut report, bytes) = match input.read() {
        Ok(bytes) => (check_bytes(&name, &bytes, options), Some(bytes)),
        Err(err) => {
            let reason = match input {
                Input::Error { reason, .. } => reason.clone(),
                _ => walk::describe_error(&err),
            };
            (unreadable(name, reason), None)
        }
    };
    report.path_bytes = input.name_bytes();
    (report, bytes)
}

/// An input that could not be opened or read: no place in it.
fn unreadable(path: String, reason: String) -> FileReport {
    FileReport::unreadable(&path, reason, bgaudit::parse::Location::default())
}

/// The report of a file whose check panicked: a bug, reported on that file
/// without losing the others.
pub(crate) fn internal_error(input: &Input, panic: &(dyn std::any::Any + Send)) -> FileReport {
    let message = panic
        .downcast_ref::<&str>()
        .map(|s| (*s).to_owned())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown".to_owned());
    let mut report = unreadable(
        input.name(),
        format!("internal error while checking this file (please report it): {message}"),
    );
    report.path_bytes = input.name_bytes();
    report
}

/// The one file of `explain FILE` or `show FILE` (`command`), replayed with
/// its trace, and its bytes.
///
/// # Errors
/// No file given, a folder, a file that cannot be read or is no transcript
/// (one line: the file and why).
pub(crate) fn single(
    config: &super::Config,
    command: &str,
) -> anyhow::Result<(FileReport, Option<Vec<u8>>)> {
    let path = config
        .paths
        .first()
        .ok_or_else(|| anyhow::anyhow!("no file given"))?;
    let input = if path == "-" {
        Input::Stdin
    } else {
        Input::File(std::path::PathBuf::from(path))
    };
    let shown = walk::path_name(std::path::Path::new(path));
    if std::path::Path::new(path).is_dir() {
        anyhow::bail!(
            "`{shown}` is a folder: {command} reads one file (`bgaudit check --explain {shown}` covers a folder)",
        );
    }
    if let Some(what) = std::fs::metadata(path)
        .ok()
        .as_ref()
        .and_then(walk::special_file)
    {
        anyhow::bail!("{shown}: {what}, not a regular file: not read");
    }
    let (report, bytes) = read_and_check(&input, &config.options);
    if let Some(reason) = bgaudit::report::unreadable_reason(&report) {
        anyhow::bail!("{}: {reason}", report.path);
    }
    Ok((report, bytes))
}
