//! The jobs of a run over many inputs, in order: a whole input, or one
//! match of a large file.
//!
//! A file of [`STREAM_MIN`] bytes or more is read once to decide how to read
//! it ([`plan::plan`]); a `.mat` text is then read again a block at a time
//! and cut into its matches ([`MatchReader`]), each match a job of its
//! own: the workers replay the matches of one large file in parallel, each
//! match's findings are written once it is done, and memory holds the
//! matches of a few batches, not the file. Anything else is read whole.
//!
//! A large file read whole (an SGF text, an eXtreme Gammon file) may be
//! deferred instead ([`Jobs::deferring`]): a worker reads it, and it is
//! replayed on the thread that writes the findings, its settled findings
//! written while it is replayed ([`bgaudit::replay::check_streamed`]), so
//! that memory holds a few games' findings, not the file's.
//!
//! Planning opens a file and takes its size from the open file; a file read
//! whole goes to its job open ([`Opened`]), and is read from there: one
//! look-up of its path in all. No more than [`HELD_MAX`] files wait open at
//! a time; past that a job opens its file itself.

use std::fs::File;
use std::io;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use bgaudit::parse::match_text::MatchText;
use bgaudit::parse::matches::MatchReader;
use bgaudit::parse::plan::{self, Plan};
use bgaudit::replay::{FileReport, MatchSummary, Options, check_streamed};
use bgaudit::report::SkippedRecord;
use bgaudit::report::explain::{Explainer, Source, Style};
use bgaudit::report::filter::Shown;
use bgaudit::walk::{self, Input};

use super::analyse::Analyser;
use super::input::{self, Outcome};
use super::opened::{Opened, STREAM_MIN};
use super::pool::Limits;

/// The text of the matches a batch takes per thread.
const PIECE_BYTES: usize = 2 << 20;

/// How many files may wait open for their jobs (well below the usual
/// limits of open files per process).
const HELD_MAX: usize = 128;

/// One job.
#[derive(Debug)]
pub(crate) enum Job {
    /// A whole input, read at once (from the file opened while planning,
    /// if it was).
    Input(usize, Option<Opened>),
    /// One match of a large input read match by match.
    Match(usize, MatchText<'static>),
    /// A large input read whole, replayed where its findings are written
    /// (see [`run_streaming`]).
    Deferred(usize),
    /// An input (or the rest of one) settled while planning or reading it:
    /// binary, or a read that failed. It ends the input.
    Settled(usize, Outcome),
}

impl Job {
    /// The input of the job.
    pub(crate) fn index(&self) -> usize {
        match self {
            Job::Input(index, _)
            | Job::Match(index, _)
            | Job::Deferred(index)
            | Job::Settled(index, _) => *index,
        }
    }

    /// How much memory the job holds while it waits: its text (that of a
    /// match of a large file, or a file read ahead).
    pub(crate) fn weight(&self) -> usize {
        match self {
            Job::Match(_, piece) => piece.text.len(),
            Job::Input(_, Some(opened)) => opened.weight(),
            Job::Input(_, None) | Job::Deferred(_) | Job::Settled(..) => 0,
        }
    }

    /// The job with its file read, when it was opened while planning (see
    /// [`super::pool::run_in_order`]: with one thread, the files are read
    /// while the jobs before them are checked).
    pub(crate) fn read_ahead(self) -> Job {
        match self {
            Job::Input(index, Some(opened)) => Job::Input(index, Some(opened.read_ahead())),
            job => job,
        }
    }

    /// This job's result is the input's last.
    fn ends(&self) -> bool {
        match self {
            Job::Match(_, piece) => piece.last,
            Job::Input(..) | Job::Deferred(_) | Job::Settled(..) => true,
        }
    }
}

/// The batches of a run with `jobs` threads: 64 inputs per thread, and the
/// text held (the matches of large files, or with one thread the files read
/// ahead) up to a few megabytes per thread, for 8 threads at most (three
/// batches are in memory at a time; a batch ends at the job that reaches
/// its weight).
pub(crate) fn limits(jobs: usize) -> Limits {
    Limits {
        count: 64 * jobs,
        weight: PIECE_BYTES.saturating_mul(jobs.min(8)),
    }
}

/// Diagnostics asked for (`check --explain`): their colours and width.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Explain {
    pub(crate) style: Style,
    pub(crate) width: Option<u16>,
}

/// What a job gave.
#[derive(Debug)]
pub(crate) struct Done {
    /// The input's outcome, or that of one of its parts.
    pub(crate) outcome: Outcome,
    /// Each report's diagnostics, when asked.
    pub(crate) diagnostics: Vec<String>,
    /// The input's last part.
    pub(crate) ends: bool,
    /// A deferred input's bytes, to replay where the findings are written.
    pub(crate) deferred: Option<Vec<u8>>,
    /// A part of a deferred input before its last: its findings alone
    /// (its matches come in the last part), with the summaries of their
    /// matches as replayed so far, to name their players.
    pub(crate) early: Option<Vec<MatchSummary>>,
}

/// The jobs of `inputs`, in order; large files are planned and read here,
/// one block at a time, as the jobs are taken.
#[derive(Debug)]
pub(crate) struct Jobs<'i> {
    inputs: &'i [Input],
    next: usize,
    /// The large file being read, match by match.
    current: Option<(usize, MatchReader<'static, File>)>,
    /// How many files wait open for their jobs.
    held: Arc<AtomicUsize>,
    /// Large files read whole are deferred jobs.
    defer: bool,
}

impl<'i> Jobs<'i> {
    pub(crate) fn new(inputs: &'i [Input]) -> Jobs<'i> {
        Jobs {
            inputs,
            next: 0,
            current: None,
            held: Arc::new(AtomicUsize::new(0)),
            defer: false,
        }
    }

    /// The jobs, a large file read whole a [`Job::Deferred`] when `defer`.
    pub(crate) fn deferring(self, defer: bool) -> Jobs<'i> {
        Jobs { defer, ..self }
    }
}

impl Iterator for Jobs<'_> {
    type Item = Job;

    fn next(&mut self) -> Option<Job> {
        if let Some((index, matches)) = &mut self.current {
            let index = *index;
            match matches.next() {
                Some(Ok(text)) => {
                    if text.last {
                        self.current = None;
                    }
                    return Some(Job::Match(index, text));
                }
                Some(Err(err)) => {
                    self.current = None;
                    return Some(Job::Settled(index, read_failed(&self.inputs[index], &err)));
                }
                None => self.current = None,
            }
        }
        let index = self.next;
        let input = self.inputs.get(index)?;
        self.next += 1;
        match plan(input, &self.held) {
            Planned::Whole(opened) => Some(Job::Input(index, opened)),
            Planned::Large if self.defer => Some(Job::Deferred(index)),
            Planned::Large => Some(Job::Input(index, None)),
            Planned::Matches(matches) => {
                self.current = Some((index, matches));
                self.next()
            }
            Planned::Settled(outcome) => Some(Job::Settled(index, outcome)),
        }
    }
}

/// How an input is read.
enum Planned {
    Whole(Option<Opened>),
    /// A large file read whole.
    Large,
    /// A large `.mat` text read match by match.
    Matches(MatchReader<'static, File>),
    Settled(Outcome),
}

/// Plans a large file; anything else is read whole, from the file opened
/// here when fewer than [`HELD_MAX`] are held open (else, or when it cannot
/// be opened, by its job, which then says why it cannot be read).
fn plan(input: &Input, held: &Arc<AtomicUsize>) -> Planned {
    if matches!(input, Input::Stdin) {
        return plan_stdin(input);
    }
    let (Input::File(path) | Input::Found(path)) = input else {
        return Planned::Whole(None);
    };
    if held.load(Ordering::Relaxed) >= HELD_MAX {
        let large = std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.len() >= STREAM_MIN);
        if !large {
            return Planned::Whole(None);
        }
        return plan_large(input, path, File::open(path));
    }
    let Ok(file) = File::open(path) else {
        return Planned::Whole(None);
    };
    let Ok(meta) = file.metadata() else {
        return Planned::Whole(None);
    };
    if meta.is_file() && meta.len() >= STREAM_MIN {
        return plan_large(input, path, Ok(file));
    }
    held.fetch_add(1, Ordering::Relaxed);
    Planned::Whole(Some(Opened::open(file, meta.len(), held)))
}

/// Plans a large file, `opened` from `path`.
fn plan_large(input: &Input, path: &std::path::Path, opened: io::Result<File>) -> Planned {
    let planned = opened.and_then(|file| plan::plan(file, || File::open(path)));
    match planned {
        Ok(Plan::Whole) => Planned::Large,
        Ok(Plan::Matches { encoding, stray }) => match File::open(path) {
            Ok(file) => Planned::Matches(MatchReader::file(file, encoding, stray)),
            Err(err) => Planned::Settled(read_failed(input, &err)),
        },
        Ok(Plan::Refuse(reason)) => {
            let mut report =
                FileReport::unreadable(&input.name(), reason, bgaudit::parse::Location::START);
            report.path_bytes = input.name_bytes();
            if input.is_found() {
                // Whether it is a match record shows in its first bytes.
                let head = read_head(path);
                if let Some(reason) = walk::record::not_a_record(path, &head) {
                    return Planned::Settled(Outcome::Skipped(SkippedRecord {
                        file: report.path,
                        file_bytes: report.path_bytes,
                        reason,
                    }));
                }
            }
            Planned::Settled(Outcome::Checked(vec![report]))
        }
        Err(err) => Planned::Settled(read_failed(input, &err)),
    }
}

/// Plans standard input as a file: its first block is read, and refused at
/// once when it is binary ([`plan::refused_head`]); what stays under
/// [`STREAM_MIN`] is read whole into memory; a larger input is written on
/// to an unnamed temporary file as it comes (the system removes it however
/// the run ends) and read from there as a large file, match by match.
fn plan_stdin(input: &Input) -> Planned {
    use std::io::Read;
    let stdin = io::stdin();
    let mut stdin = stdin.lock();
    let mut head = Vec::new();
    let read = (&mut stdin)
        .take(256 * 1024)
        .read_to_end(&mut head)
        .and_then(|_| {
            if let Some(reason) = plan::refused_head(&head) {
                return Ok(Err(reason));
            }
            (&mut stdin)
                .take(STREAM_MIN - head.len() as u64)
                .read_to_end(&mut head)?;
            Ok(Ok(()))
        });
    match read {
        Err(err) => Planned::Settled(read_failed(input, &err)),
        Ok(Err(reason)) => {
            let report =
                FileReport::unreadable(&input.name(), reason, bgaudit::parse::Location::START);
            Planned::Settled(Outcome::Checked(vec![report]))
        }
        Ok(Ok(())) if (head.len() as u64) < STREAM_MIN => {
            Planned::Whole(Some(Opened::from_bytes(head)))
        }
        Ok(Ok(())) => match spool(&head, &mut stdin) {
            Ok(file) => plan_spooled(input, file),
            Err(err) => Planned::Settled(read_failed(input, &err)),
        },
    }
}

/// `head` and the rest of `rest` in an unnamed temporary file, from its
/// start.
fn spool(head: &[u8], rest: &mut impl io::Read) -> io::Result<File> {
    use std::io::{Seek, Write};
    let mut file = tempfile::tempfile()?;
    {
        let mut out = io::BufWriter::with_capacity(256 * 1024, &mut file);
        out.write_all(head)?;
        io::copy(rest, &mut out)?;
        out.flush()?;
    }
    file.seek(io::SeekFrom::Start(0))?;
    Ok(file)
}

/// Plans an input spooled to `file` (at its start) as a large file.
fn plan_spooled(input: &Input, file: File) -> Planned {
    use std::io::Seek;
    let again = || -> io::Result<File> {
        let mut again = file.try_clone()?;
        again.seek(io::SeekFrom::Start(0))?;
        Ok(again)
    };
    let planned = again().and_then(|first| plan::plan(first, again));
    match planned {
        Ok(Plan::Matches { encoding, stray }) => match again() {
            Ok(file) => Planned::Matches(MatchReader::file(file, encoding, stray)),
            Err(err) => Planned::Settled(read_failed(input, &err)),
        },
        Ok(Plan::Whole) => match again().and_then(|mut file| walk::read_open(&mut file, 0)) {
            Ok(bytes) => Planned::Whole(Some(Opened::from_bytes(bytes))),
            Err(err) => Planned::Settled(read_failed(input, &err)),
        },
        Ok(Plan::Refuse(reason)) => {
            let report =
                FileReport::unreadable(&input.name(), reason, bgaudit::parse::Location::START);
            Planned::Settled(Outcome::Checked(vec![report]))
        }
        Err(err) => Planned::Settled(read_failed(input, &err)),
    }
}

/// The first bytes of a file (none when it cannot be read).
fn read_head(path: &std::path::Path) -> Vec<u8> {
    use std::io::Read;
    let mut head = Vec::new();
    if let Ok(file) = File::open(path) {
        let _ = file.take(64 * 1024).read_to_end(&mut head);
    }
    head
}

/// An input whose reading failed: unreadable, with the reason.
fn read_failed(input: &Input, err: &io::Error) -> Outcome {
    let mut report = input::unreadable(input.name(), walk::describe_error(err));
    report.path_bytes = input.name_bytes();
    Outcome::Checked(vec![report])
}

/// Does one job: its reports cut down to the findings `shown`; with
/// `explain`, each report's diagnostics too.
pub(crate) fn work(
    job: Job,
    inputs: &[Input],
    options: &Options,
    explain: Option<Explain>,
    shown: &Shown,
    analyser: Option<&Analyser>,
) -> Done {
    let ends = job.ends();
    let (outcome, source) = match job {
        Job::Input(index, opened) => {
            let input = &inputs[index];
            if explain.is_some() || analyser.is_some() {
                let (mut outcome, bytes) = input::check_keeping(input, opened, options);
                if let (Some(analyser), Outcome::Checked(reports), Some(bytes)) =
                    (analyser, &mut outcome, &bytes)
                {
                    analyser.complete_input(&input.name(), bytes, reports, options);
                }
                let source = explain.and(bytes.as_deref().and_then(Source::from_bytes));
                (outcome, source)
            } else {
                (input::check(input, opened, options), None)
            }
        }
        Job::Match(index, piece) => {
            let mut outcome = input::check_part(&inputs[index], &piece, options);
            if let (Some(analyser), Outcome::Checked(reports)) = (analyser, &mut outcome) {
                for report in reports {
                    analyser.complete_match(&inputs[index].name(), &piece, report, options);
                }
            }
            let source = explain.map(|_| Source::from_text_at(&piece.text, piece.start.line));
            (outcome, source)
        }
        Job::Deferred(index) => match input::read_whole(&inputs[index]) {
            Ok(bytes) => {
                return Done {
                    outcome: Outcome::Checked(Vec::new()),
                    diagnostics: Vec::new(),
                    ends,
                    deferred: Some(bytes),
                    early: None,
                };
            }
            Err(report) => (Outcome::Checked(vec![*report]), None),
        },
        Job::Settled(_, outcome) => (outcome, None),
    };
    let mut outcome = outcome;
    if let Outcome::Checked(reports) = &mut outcome {
        reports.iter_mut().for_each(|report| shown.apply(report));
    }
    let diagnostics = match (&outcome, explain) {
        (Outcome::Checked(reports), Some(explain)) => reports
            .iter()
            .map(|report| {
                Explainer::new(report, source.as_ref(), explain.style)
                    .with_width(explain.width)
                    .all()
            })
            .collect(),
        _ => Vec::new(),
    };
    Done {
        outcome,
        diagnostics,
        ends,
        deferred: None,
        early: None,
    }
}

/// Runs the jobs of `batch`'s inputs in its pool and hands each job's
/// result, with its input, to `emit` in order; the progress bar counts the
/// inputs done. A panic in a job becomes that input's report (an internal
/// error), never the end of the run.
///
/// # Errors
/// The first error of `emit` (an output that failed), or a worker thread
/// that failed.
pub(crate) fn run(
    config: &super::Config,
    batch: &super::Batch,
    explain: Option<Explain>,
    emit: impl FnMut(&Input, Done) -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    run_streaming(config, batch, explain, false, emit)
}

/// [`run`]; with `stream`, a large file read whole (SGF, `.xg`) is
/// replayed on this thread and handed to `emit` in parts as its findings
/// settle ([`check_streamed`]): parts of findings alone, then a last part
/// with the rest and every match. Only for a caller whose output, fed the
/// parts one after the other, is what the whole report would give (no
/// diagnostics, no filter, no analysis).
pub(crate) fn run_streaming(
    config: &super::Config,
    batch: &super::Batch,
    explain: Option<Explain>,
    stream: bool,
    mut emit: impl FnMut(&Input, Done) -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    let inputs = &batch.inputs[..];
    let options = &config.options;
    super::pool::run_in_order(
        &batch.pool,
        Jobs::new(inputs).deferring(stream),
        limits(config.jobs),
        Job::weight,
        Job::read_ahead,
        |job| (job.index(), job.ends()),
        |job| {
            let options = batch.options_of(job.index(), options);
            work(
                job,
                inputs,
                options,
                explain,
                &config.shown,
                batch.analyser.as_ref(),
            )
        },
        |(index, ends), result| {
            let done = result.unwrap_or_else(|panic| {
                let report = input::internal_error(&inputs[index], &panic);
                let diagnostics = explain
                    .map(|explain| {
                        vec![
                            Explainer::new(&report, None, explain.style)
                                .with_width(explain.width)
                                .all(),
                        ]
                    })
                    .unwrap_or_default();
                Done {
                    outcome: Outcome::Checked(vec![report]),
                    diagnostics,
                    ends,
                    deferred: None,
                    early: None,
                }
            });
            if let Some(bytes) = done.deferred {
                let options = batch.options_of(index, options);
                let done = stream_input(&inputs[index], &bytes, options, &mut emit)?;
                batch.progress.tick();
                return emit(&inputs[index], done);
            }
            if done.ends {
                batch.progress.tick();
            }
            emit(&inputs[index], done)
        },
        || batch.progress.poll(),
    )
}

/// Findings settled before a part is handed on: a few games' worth.
const SETTLED_BATCH: usize = 1024;

/// Replays a deferred input, its `bytes` read, handing each part but the
/// last to `emit` as its findings settle; the last part, to be handed on
/// as the input's end. A panic in the replay becomes the last part (an
/// internal error).
///
/// # Errors
/// The first error of `emit`.
fn stream_input(
    input: &Input,
    bytes: &[u8],
    options: &Options,
    emit: &mut impl FnMut(&Input, Done) -> anyhow::Result<()>,
) -> anyhow::Result<Done> {
    let (name, name_bytes) = input.name_and_bytes();
    let (mut failed, mut early) = (None, false);
    let checked = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        check_streamed(&name, bytes, options, SETTLED_BATCH, |mut part| {
            early = true;
            if failed.is_some() {
                return;
            }
            part.path_bytes.clone_from(&name_bytes);
            let so_far = std::mem::take(&mut part.matches);
            let done = Done {
                outcome: Outcome::Checked(vec![part]),
                diagnostics: Vec::new(),
                ends: false,
                deferred: None,
                early: Some(so_far),
            };
            if let Err(err) = emit(input, done) {
                failed = Some(err);
            }
        })
    }));
    if let Some(err) = failed {
        return Err(err);
    }
    let outcome = match checked {
        Ok(mut last) => {
            last.path_bytes = name_bytes;
            input::whole_outcome(input, last, bytes, early)
        }
        Err(panic) => Outcome::Checked(vec![input::internal_error(input, &*panic)]),
    };
    Ok(Done {
        outcome,
        diagnostics: Vec::new(),
        ends: true,
        deferred: None,
        early: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_weighs_what_it_holds_in_memory_nothing_until_read_ahead() {
        let dir = std::env::temp_dir().join(format!("bgaudit-jobs-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("m.mat");
        std::fs::write(&path, vec![b' '; 3000]).unwrap();
        let inputs = [Input::File(path.clone().into())];
        let mut jobs = Jobs::new(&inputs);
        let job = jobs.next().unwrap();
        assert!(jobs.next().is_none());
        // Open, not read: the batches of several threads count it as nothing
        // (a whole file of a few megabytes must not fill a batch alone).
        assert!(matches!(job, Job::Input(0, Some(_))));
        assert_eq!(job.weight(), 0);
        assert_eq!(jobs.held.load(Ordering::Relaxed), 1);
        let job = job.read_ahead();
        assert_eq!(job.weight(), 3000);
        assert_eq!(jobs.held.load(Ordering::Relaxed), 0, "closed once read");
        let Job::Input(_, Some(opened)) = job else {
            panic!("still a whole input")
        };
        assert_eq!(opened.read().unwrap().len(), 3000);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
