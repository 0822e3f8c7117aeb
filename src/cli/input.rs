//! One input read and checked. Whatever goes wrong with a file (it cannot
//! be opened, it is no transcript, its check panics) becomes that file's
//! report, never an error of the run.

use bgaudit::replay::{FileReport, Options, check_bytes};
use bgaudit::walk::{self, Input};

/// Reads and checks one input.
pub(crate) fn check(input: &Input, options: &Options) -> FileReport {
    check_keeping(input, options).0
}

/// [`check`], also handing back the bytes read (to quote lines from).
pub(crate) fn check_keeping(input: &Input, options: &Options) -> (FileReport, Option<Vec<u8>>) {
    let name = input.name();
    match input.read() {
        Ok(bytes) => (check_bytes(&name, &bytes, options), Some(bytes)),
        Err(err) => {
            let reason = match input {
                Input::Error { reason, .. } => reason.clone(),
                _ => walk::describe_error(&err),
            };
            (unreadable(name, reason), None)
        }
    }
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
    unreadable(
        input.name(),
        format!("internal error while checking this file (please report it): {message}"),
    )
}

/// The one file of `explain FILE` or `show FILE` (`command`), replayed with
/// its trace, and its bytes.
///
/// # Errors
/// No file given, or a folder.
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
    if std::path::Path::new(path).is_dir() {
        anyhow::bail!(
            "`{}` is a folder: {command} reads one file (`bgaudit check --explain {}` covers a folder)",
            path.to_string_lossy(),
            path.to_string_lossy()
        );
    }
    Ok(check_keeping(&input, &config.options))
}
