//! One input read and checked. Whatever goes wrong with a file (it cannot
//! be opened, it is no transcript, its check panics) becomes that file's
//! report, never an error of the run.
//!
//! A file's report comes in parts: one per match of a `.mat` text (each
//! match is read and replayed on its own, see
//! [`bgaudit::parse::matches`]), one for anything else. [`Reading`] counts
//! an input's parts in the totals as they come.

use bgaudit::parse::match_text::MatchText;
use bgaudit::replay::{FileReport, FileStatus, Options, check_match_text, check_parts, merge};
use bgaudit::report::explain::{Place, Source};
use bgaudit::report::{SkippedRecord, Totals, unreadable_reason};
use bgaudit::walk::{self, Input};

use super::opened::Opened;

/// What became of one input, or of one part of it.
#[derive(Debug)]
pub(crate) enum Outcome {
    /// Read and checked (or unreadable, or missing: the reports say so):
    /// the parts of its report, in order.
    Checked(Vec<FileReport>),
    /// Found in a folder and no match record: skipped.
    Skipped(SkippedRecord),
}

/// An input's parts counted as they come, and the input counted once its
/// last part is in.
#[derive(Debug, Default)]
pub(crate) struct Reading {
    /// The name of the file read, once a part is in.
    path: Option<String>,
    /// Why it is unreadable, if it is.
    unreadable: Option<String>,
    /// A part holds a finding.
    findings: bool,
}

impl Reading {
    /// Counts a part of the outcome of `input` in `totals`.
    pub(crate) fn part(&mut self, input: &Input, outcome: &Outcome, totals: &mut Totals) {
        match outcome {
            Outcome::Skipped(_) => totals.add_skipped(),
            Outcome::Checked(reports) => {
                for report in reports {
                    if matches!(input, Input::Missing(_)) {
                        totals.add_missing(report);
                        continue;
                    }
                    totals.add_part(report);
                    self.path.get_or_insert_with(|| report.path.clone());
                    self.findings |= !report.findings.is_empty();
                    if self.unreadable.is_none() {
                        self.unreadable = unreadable_reason(report).map(str::to_owned);
                    }
                }
            }
        }
    }

    /// Counts the input read, once its last part is in.
    pub(crate) fn end(self, totals: &mut Totals) {
        if let Some(path) = &self.path {
            totals.add_file(path, self.unreadable.as_deref(), self.findings);
        }
    }
}

/// Reads and checks one input (from `opened`, its file already open, if
/// given).
pub(crate) fn check(input: &Input, opened: Option<Opened>, options: &Options) -> Outcome {
    check_keeping(input, opened, options).0
}

/// [`check`], also handing back the bytes read (to quote lines from).
pub(crate) fn check_keeping(
    input: &Input,
    opened: Option<Opened>,
    options: &Options,
) -> (Outcome, Option<Vec<u8>>) {
    let (reports, bytes) = read_and_check(input, opened, options);
    if let (Input::Found(path), Some(bytes)) = (input, &bytes)
        && let Some(skipped) = skipped(path, &reports, bytes)
    {
        return (Outcome::Skipped(skipped), None);
    }
    (Outcome::Checked(reports), bytes)
}

/// Reads a whole input: its bytes, or the report of an input that cannot
/// be read.
pub(crate) fn read_whole(input: &Input) -> Result<Vec<u8>, Box<FileReport>> {
    input.read().map_err(|err| {
        let reason = match input.reason() {
            Some(reason) => reason.to_owned(),
            None => walk::describe_error(&err),
        };
        let mut report = unreadable(input.name(), reason);
        report.path_bytes = input.name_bytes();
        Box::new(report)
    })
}

/// The outcome of an input whose last part is `last`, `bytes` read: a file
/// found in a folder that is no match record is skipped, unless parts
/// came `before` (then it was read as one).
pub(crate) fn whole_outcome(
    input: &Input,
    last: FileReport,
    bytes: &[u8],
    before: bool,
) -> Outcome {
    let reports = vec![last];
    if let (Input::Found(path), false) = (input, before)
        && let Some(skipped) = skipped(path, &reports, bytes)
    {
        return Outcome::Skipped(skipped);
    }
    Outcome::Checked(reports)
}

/// Checks one match of a large file read match by match.
pub(crate) fn check_part(input: &Input, piece: &MatchText<'_>, options: &Options) -> Outcome {
    let mut report = check_match_text(&input.name(), piece, options);
    report.path_bytes = input.name_bytes();
    let reports = vec![report];
    if let Input::Found(path) = input
        && let Some(skipped) = skipped(path, &reports, piece.text.as_bytes())
    {
        return Outcome::Skipped(skipped);
    }
    Outcome::Checked(reports)
}

/// The skipped record of a file found in a folder whose one report says it
/// is unreadable and that shows no sign of being a match record.
fn skipped(path: &std::path::Path, reports: &[FileReport], bytes: &[u8]) -> Option<SkippedRecord> {
    let [report] = reports else { return None };
    if report.status != FileStatus::Unreadable {
        return None;
    }
    let reason = walk::record::not_a_record(path, bytes)?;
    Some(SkippedRecord {
        file: report.path.clone(),
        file_bytes: report.path_bytes.clone(),
        reason,
    })
}

/// Reads and checks one input, whatever it is (from `opened`, if given):
/// the parts of its report.
fn read_and_check(
    input: &Input,
    opened: Option<Opened>,
    options: &Options,
) -> (Vec<FileReport>, Option<Vec<u8>>) {
    let (name, name_bytes) = input.name_and_bytes();
    let read = match opened {
        Some(opened) => opened.read(),
        None => input.read(),
    };
    let (mut reports, bytes) = match read {
        Ok(bytes) => (check_parts(&name, &bytes, options), Some(bytes)),
        Err(err) => {
            let reason = match input.reason() {
                Some(reason) => reason.to_owned(),
                None => walk::describe_error(&err),
            };
            (vec![unreadable(name, reason)], None)
        }
    };
    for report in &mut reports {
        report.path_bytes.clone_from(&name_bytes);
    }
    (reports, bytes)
}

/// An input that could not be opened or read: no place in it.
pub(crate) fn unreadable(path: String, reason: String) -> FileReport {
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
/// its trace, and its lines to quote. With `--match N`, a large file is read
/// only up to its match N, and only that match is replayed.
///
/// # Errors
/// No file given, a folder, a special file, a file that cannot be read or
/// is no transcript (one line: the file and why).
pub(crate) fn single(
    config: &super::Config,
    command: &str,
    place: &Place,
) -> anyhow::Result<(FileReport, Option<Source>)> {
    let path = config
        .paths
        .first()
        .ok_or_else(|| anyhow::anyhow!("no file given"))?;
    let input = if path == "-" {
        Input::Stdin
    } else {
        Input::File(std::path::Path::new(path).into())
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
    if let Some(found) = place
        .match_number
        .and_then(|number| one_match(&input, number, &config.options))
    {
        return Ok(found);
    }
    let opened = match input {
        Input::Stdin => Some(Opened::from_bytes(read_stdin_bounded(&input.name())?)),
        _ => None,
    };
    let (reports, bytes) = read_and_check(&input, opened, &config.options);
    let report = merge(reports);
    if let Some(reason) = unreadable_reason(&report) {
        anyhow::bail!("{}: {reason}", report.path);
    }
    Ok((report, bytes.as_deref().and_then(Source::from_bytes)))
}

/// The most of standard input `explain -` and `show -` take: past it the
/// input is to be saved to a file and named (a named file's match is read
/// alone with `--match N`).
const STDIN_MAX: u64 = 16 << 20;

/// Standard input for `explain -` or `show -` (`name`): refused from its
/// first block when that is binary ([`plan::refused_head`], as `check -`
/// does), and never read past [`STDIN_MAX`].
///
/// # Errors
/// Binary input, input over [`STDIN_MAX`], a read that failed (one line).
fn read_stdin_bounded(name: &str) -> anyhow::Result<Vec<u8>> {
    use bgaudit::parse::plan;
    use std::io::Read;
    let stdin = std::io::stdin();
    let mut stdin = stdin.lock();
    let mut bytes = Vec::new();
    let failed = |err: std::io::Error| anyhow::anyhow!("{name}: {}", walk::describe_error(&err));
    (&mut stdin)
        .take(256 * 1024)
        .read_to_end(&mut bytes)
        .map_err(failed)?;
    if let Some(reason) = plan::refused_head(&bytes) {
        anyhow::bail!("{name}: {reason}");
    }
    (&mut stdin)
        .take(STDIN_MAX + 1 - bytes.len() as u64)
        .read_to_end(&mut bytes)
        .map_err(failed)?;
    if bytes.len() as u64 > STDIN_MAX {
        anyhow::bail!(
            "{name}: standard input holds more than {} MiB: save it to a file and name that file",
            STDIN_MAX >> 20
        );
    }
    Ok(bytes)
}

/// Match `number` of a large `.mat` file, read up to it and replayed alone;
/// `None` when the file is not one to read match by match, or holds no
/// such match (the whole file then says what it holds).
///
/// The matches before it are passed over, not kept. The file is read only
/// as far as the match after it when everything up to that one's end is
/// plain ASCII (read the same whatever the rest holds); else it is read
/// once to the end to decide its encoding first.
///
/// The lines between the match's last row and the next match's header
/// (comments, blank lines, a damaged run) are read with the next match's
/// text, but what they hold belongs to this match, as the file read whole
/// numbers it: the next match is replayed too, for those findings.
fn one_match(
    input: &Input,
    number: u32,
    options: &Options,
) -> Option<(FileReport, Option<Source>)> {
    use bgaudit::parse::matches::MatchReader;
    use bgaudit::parse::plan::{Plan, head_encoding, plan};
    use std::fs::File;
    use std::io::Read;
    let Input::File(path) = input else {
        return None;
    };
    let large = std::fs::metadata(path).ok()?.len() >= super::opened::STREAM_MIN;
    let wanted = usize::try_from(number.checked_sub(1)?).ok()?;
    if !large {
        return None;
    }
    let mut head = Vec::new();
    File::open(path)
        .ok()?
        .take(256 * 1024)
        .read_to_end(&mut head)
        .ok()?;
    // Plain ASCII reads the same in any encoding the file may turn out to be.
    let optimistic = head_encoding(&head)?;
    let mut matches = MatchReader::file(File::open(path).ok()?, optimistic, false);
    let (piece, next) = match nth_match_if_plain(&mut matches, wanted)? {
        Some(found) => found,
        None => {
            // Something up to it is not plain ASCII: read as the file decides.
            let Ok(Plan::Matches { encoding, stray }) =
                File::open(path).and_then(|file| plan(file, || File::open(path)))
            else {
                return None;
            };
            let mut matches = MatchReader::file(File::open(path).ok()?, encoding, stray);
            for _ in 0..wanted {
                matches.skip_match().ok()??;
            }
            let piece = matches.next_match().ok()??;
            let next = if piece.last {
                None
            } else {
                matches.next_match().ok()?
            };
            (piece, next)
        }
    };
    let mut report = check_match_text(&input.name(), &piece, options);
    if report.matches.is_empty() || unreadable_reason(&report).is_some() {
        return None;
    }
    report.path_bytes = input.name_bytes();
    let mut quoted = piece.text.into_owned();
    if let Some(next) = next {
        let lead = check_match_text(&input.name(), &next, options);
        report.findings.extend(
            lead.findings
                .into_iter()
                .filter(|finding| finding.match_number == number),
        );
        report.status = FileStatus::of(&report.findings);
        quoted.push_str(&next.text);
    }
    Some((
        report,
        Some(Source::from_text_at(&quoted, piece.start.line)),
    ))
}

/// Match `wanted` (from 0) of `matches` and the match after it, if any,
/// the matches before it passed over: `Some(None)` when one of them is not
/// plain ASCII (to be read again as the file decides), `None` when there is
/// no such match.
fn nth_match_if_plain<R: std::io::Read>(
    matches: &mut bgaudit::parse::matches::MatchReader<'static, R>,
    wanted: usize,
) -> Option<Option<(MatchText<'static>, Option<MatchText<'static>>)>> {
    for _ in 0..wanted {
        let (_, plain) = matches
            .skip_match_with(bgaudit::parse::match_text::is_plain)
            .ok()??;
        if !plain {
            return Some(None);
        }
    }
    let piece = matches.next_match().ok()??;
    if !piece.is_plain() {
        return Some(None);
    }
    if piece.last {
        return Some(Some((piece, None)));
    }
    let next = matches.next_match().ok()?;
    if next.as_ref().is_some_and(|next| !next.is_plain()) {
        return Some(None);
    }
    Some(Some((piece, next)))
}
