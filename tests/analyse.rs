//! `--analyse`: matches without analysis analysed by GNU Backgammon, run as
//! a program. The tests that need the real GNU Backgammon skip with one line
//! when it is not installed, or fail when `BGAUDIT_REQUIRE_GNUBG=1` (as in
//! CI, whose `.ci/run` installs it); the failures (a GNU Backgammon that
//! hangs, crashes, refuses the match) are played by small shell scripts
//! given with `--gnubg`.

use std::path::{Path, PathBuf};
use std::process::{Output, Stdio};

use serde_json::Value;

use crate::cli::{bgaudit, stderr, stdout};
use crate::util::{required, shared_or_skip};

/// The environment variable under which a test that needs GNU Backgammon
/// fails when it is absent instead of skipping.
const REQUIRE_GNUBG: &str = "BGAUDIT_REQUIRE_GNUBG";

/// GNU Backgammon's program, or `None` (after one line on standard error)
/// when it is not installed.
fn gnubg_or_skip() -> Option<PathBuf> {
    let found = [PathBuf::from("/usr/games/gnubg")]
        .into_iter()
        .chain(
            std::env::var_os("PATH")
                .map(|paths| {
                    std::env::split_paths(&paths)
                        .map(|dir| dir.join("gnubg"))
                        .collect::<Vec<_>>()
                })
                .unwrap_or_default(),
        )
        .find(|p| p.is_file());
    if found.is_none() {
        let thread = std::thread::current();
        let test = thread.name().unwrap_or("a test");
        assert!(
            !required(std::env::var(REQUIRE_GNUBG).ok().as_deref()),
            "{test}: GNU Backgammon is not installed, and {REQUIRE_GNUBG} is set"
        );
        use std::io::Write;
        let _ = writeln!(
            std::io::stderr().lock(),
            "skipped {test}: GNU Backgammon is not installed (apt-get install gnubg)"
        );
    }
    found
}

/// A fresh folder for one test.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("bgaudit-analyse-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    dir
}

/// Runs bgaudit with `args`.
fn run(args: &[&str]) -> Output {
    bgaudit()
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs")
}

/// The JSON Lines records of `output` of a type.
fn records(output: &Output, kind: &str) -> Vec<Value> {
    stdout(output)
        .lines()
        .map(|line| serde_json::from_str::<Value>(line).expect("JSON"))
        .filter(|v| v["type"] == kind)
        .collect()
}

/// The `analysis:` line of the closing summary.
fn analysis_line(output: &Output) -> String {
    stderr(output)
        .lines()
        .find(|l| l.starts_with("analysis: "))
        .unwrap_or_default()
        .to_owned()
}

/// Two skill objects agree: every number to 3 decimals (a large one, such as
/// a rating, to 5 significant digits: a live analysis by GNU Backgammon was
/// seen to give 305.514 where its stored analysis gives 305.522, once in
/// several runs; a rating magnifies the last digits of the errors), everything
/// else equal.
fn assert_same_skill(ours: &Value, theirs: &Value, at: &str) {
    match (ours, theirs) {
        (Value::Object(a), Value::Object(b)) => {
            let keys_a: Vec<_> = a.keys().collect();
            let keys_b: Vec<_> = b.keys().collect();
            assert_eq!(keys_a, keys_b, "{at}");
            for (key, value) in a {
                assert_same_skill(value, &b[key], &format!("{at}.{key}"));
            }
        }
        (Value::Array(a), Value::Array(b)) => {
            assert_eq!(a.len(), b.len(), "{at}");
            for (i, (x, y)) in a.iter().zip(b).enumerate() {
                assert_same_skill(x, y, &format!("{at}[{i}]"));
            }
        }
        (Value::Number(a), Value::Number(b)) => {
            let (a, b) = (a.as_f64().expect("a number"), b.as_f64().expect("a number"));
            assert!(
                (a - b).abs() < 5e-4_f64.max(b.abs() * 1e-4),
                "{at}: {a} against {b}"
            );
        }
        _ => assert_eq!(ours, theirs, "{at}"),
    }
}

const TWINS: [&str; 3] = ["004", "007", "010"];

#[test]
fn analyse_gives_the_statistics_of_gnubg_s_own_analysis_and_reads_the_cache_next_time() {
    let Some(gnubg) = gnubg_or_skip() else { return };
    let Some(corpus) = shared_or_skip("corpus/gnubg-analysed", "plain .mat twins of analysed SGF")
    else {
        return;
    };
    let dir = temp_dir("twins");
    let (mats, cache, keep) = (dir.join("mats"), dir.join("cache"), dir.join("keep"));
    std::fs::create_dir_all(&mats).expect("folder");
    for twin in TWINS {
        std::fs::copy(
            corpus.join(format!("{twin}.mat")),
            mats.join(format!("{twin}.mat")),
        )
        .expect("copied");
    }
    let args = |format: &str| -> Vec<String> {
        [
            "check",
            mats.to_str().expect("UTF-8"),
            "--analyse",
            "--gnubg",
            gnubg.to_str().expect("UTF-8"),
            "--analysis-plies",
            "0",
            "--analysis-cache",
            cache.to_str().expect("UTF-8"),
            "--keep-analysis",
            keep.to_str().expect("UTF-8"),
            "--format",
            format,
        ]
        .map(str::to_owned)
        .to_vec()
    };
    let args = args("jsonl");
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let first = run(&args);
    assert_eq!(first.status.code(), Some(0), "{}", stderr(&first));
    assert!(
        analysis_line(&first).starts_with("analysis: 3 analysed by GNU Backgammon 1.07")
            && analysis_line(&first).ends_with(", 0 from the cache, 0 not analysed"),
        "{}",
        stderr(&first)
    );
    let matches = records(&first, "match");
    assert_eq!(matches.len(), 3);
    for (record, twin) in matches.iter().zip(TWINS) {
        let sgf = corpus.join(format!("{twin}.sgf"));
        let read = run(&["check", sgf.to_str().expect("UTF-8"), "--format", "jsonl"]);
        let expected = &records(&read, "match")[0]["skill"];
        assert!(expected.is_array(), "{twin}: the SGF is analysed");
        assert_eq!(
            record["skill"][0]["engine"], "GNU Backgammon 1.07.001 (0-ply)",
            "{twin}"
        );
        assert_same_skill(&record["skill"], expected, twin);
        assert!(
            keep.join(format!("{twin}.analysed.sgf")).is_file(),
            "{twin}"
        );
    }
    // The second run reads every analysis from the cache, and says so.
    let second = run(&args);
    assert_eq!(second.status.code(), Some(0));
    assert!(
        analysis_line(&second).contains(": 0 analysed by ")
            && analysis_line(&second).ends_with(", 3 from the cache, 0 not analysed"),
        "{}",
        stderr(&second)
    );
    assert_eq!(stdout(&second), stdout(&first));
    // players --analyse: a skill object per player, each of one analysed
    // match.
    let players = run(&[
        "players",
        mats.to_str().expect("UTF-8"),
        "--analyse",
        "--analysis-plies",
        "0",
        "--analysis-cache",
        cache.to_str().expect("UTF-8"),
        "--format",
        "jsonl",
    ]);
    assert_eq!(players.status.code(), Some(0), "{}", stderr(&players));
    let rows: Vec<Value> = stdout(&players)
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    assert_eq!(rows.len(), 6);
    for row in &rows {
        assert_eq!(row["skill"]["analysed_matches"], 1, "{row}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A `.mat` cannot say whether a money session played the Jacoby rule:
/// GNU Backgammon's import then takes its own default (on). Session 009 was
/// played with it off: a settings file (or a record that says) gives the
/// rule, which is set before the import, so that the analysis is of the
/// record's game under the record's rules.
#[test]
fn a_money_session_is_analysed_under_the_jacoby_rule_the_settings_give() {
    let Some(gnubg) = gnubg_or_skip() else { return };
    let Some(corpus) = shared_or_skip("corpus/gnubg-analysed", "plain .mat twins of analysed SGF")
    else {
        return;
    };
    let dir = temp_dir("jacoby");
    let event = dir.join("event");
    std::fs::create_dir_all(&event).expect("folder");
    std::fs::copy(corpus.join("009.mat"), event.join("009.mat")).expect("copied");
    std::fs::write(event.join("bgaudit.toml"), "[rules]\njacoby = false\n").expect("settings");
    let cache = dir.join("cache");
    let output = run(&[
        "check",
        event.join("009.mat").to_str().expect("UTF-8"),
        "--analyse",
        "--gnubg",
        gnubg.to_str().expect("UTF-8"),
        "--analysis-plies",
        "0",
        "--analysis-cache",
        cache.to_str().expect("UTF-8"),
        "--format",
        "jsonl",
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let ours = &records(&output, "match")[0]["skill"];
    let sgf = corpus.join("009.sgf");
    let read = run(&["check", sgf.to_str().expect("UTF-8"), "--format", "jsonl"]);
    assert_same_skill(ours, &records(&read, "match")[0]["skill"], "009");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn analyse_refuses_a_match_whose_import_is_another_game() {
    let Some(gnubg) = gnubg_or_skip() else { return };
    let dir = temp_dir("illegal");
    let output = run(&[
        "check",
        "fixtures/examples/club-final-7pt.mat",
        "--analyse",
        "--gnubg",
        gnubg.to_str().expect("UTF-8"),
        "--analysis-plies",
        "0",
        "--no-analysis-cache",
        "--format",
        "jsonl",
    ]);
    let findings = records(&output, "finding");
    let not_analysed: Vec<&Value> = findings
        .iter()
        .filter(|f| f["code"] == "not-analysed")
        .collect();
    assert_eq!(not_analysed.len(), 1, "{}", stdout(&output));
    let message = not_analysed[0]["message"].as_str().expect("a message");
    assert!(
        message.starts_with("not analysed: GNU Backgammon imported another game than the record's"),
        "{message}"
    );
    assert_eq!(not_analysed[0]["severity"], "info");
    assert!(records(&output, "match")[0]["skill"].is_null());
    assert!(analysis_line(&output).ends_with(", 1 not analysed"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(unix)]
/// A fake GNU Backgammon: a shell script that says its version, then does
/// `body` (in the match's working folder; `match.mat` is the match), and
/// counts its runs in `runs`.
fn fake_gnubg(dir: &Path, body: &str) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join("gnubg");
    let runs = dir.join("runs");
    let script = format!(
        "#!/bin/sh\n\
         if [ \"$1\" = --version ]; then echo 'GNU Backgammon 1.07.001 20230103'; exit 0; fi\n\
         echo run >> '{}'\n\
         cat > /dev/null\n\
         {body}\n",
        runs.display()
    );
    std::fs::write(&path, script).expect("the script");
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).expect("executable");
    path
}

#[cfg(unix)]
/// How many times the fake of `dir` ran on a match.
fn runs(dir: &Path) -> usize {
    std::fs::read_to_string(dir.join("runs"))
        .map(|t| t.lines().count())
        .unwrap_or(0)
}

#[cfg(unix)]
/// `check --analyse` with the fake `gnubg` on `paths`.
fn check_with(gnubg: &Path, cache: &Path, timeout: &str, paths: &[&str]) -> Output {
    let mut args = vec![
        "check",
        "--analyse",
        "--gnubg",
        gnubg.to_str().expect("UTF-8"),
        "--analysis-timeout",
        timeout,
        "--analysis-cache",
        cache.to_str().expect("UTF-8"),
        "--format",
        "jsonl",
        "-j",
        "2",
    ];
    args.extend_from_slice(paths);
    run(&args)
}

#[cfg(unix)]
/// The `not-analysed` messages of an output, by file name.
fn not_analysed(output: &Output) -> Vec<(String, String)> {
    records(output, "finding")
        .iter()
        .filter(|f| f["code"] == "not-analysed")
        .map(|f| {
            let file = f["file"].as_str().unwrap_or_default();
            let name = Path::new(file)
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            (name, f["message"].as_str().unwrap_or_default().to_owned())
        })
        .collect()
}

#[cfg(unix)]
#[test]
fn a_gnubg_that_hangs_is_stopped_and_costs_that_match_only() {
    let dir = temp_dir("hang");
    // It hangs on the match of Marta and Omar, and saves nothing for the
    // others.
    let fake = fake_gnubg(
        &dir,
        "grep -q Marta match.mat && exec sleep 30\necho 'match.mat: not a valid .mat file'",
    );
    let cache = dir.join("cache");
    let output = check_with(
        &fake,
        &cache,
        "1",
        &[
            "fixtures/examples/club-final-7pt.mat",
            "fixtures/mat/gnubg.mat",
        ],
    );
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let found = not_analysed(&output);
    assert_eq!(found.len(), 2, "{found:?}");
    assert_eq!(found[0].0, "club-final-7pt.mat");
    assert_eq!(
        found[0].1,
        "not analysed: GNU Backgammon ran out of time (1 s, --analysis-timeout) and was stopped"
    );
    assert_eq!(found[1].0, "gnubg.mat");
    assert_eq!(
        found[1].1,
        "not analysed: GNU Backgammon refused the match (match.mat: not a valid .mat file)"
    );
    // The other findings of both files are all there.
    assert!(records(&output, "finding").len() > 5);
    assert_eq!(records(&output, "match").len(), 2);
    assert_eq!(runs(&dir), 2);
    // A refusal is kept in the cache; a time-out is tried again.
    let again = check_with(&fake, &cache, "1", &["fixtures/mat/gnubg.mat"]);
    assert_eq!(not_analysed(&again), found[1..]);
    assert_eq!(runs(&dir), 2, "the refusal came from the cache");
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(unix)]
#[test]
fn a_gnubg_that_crashes_costs_that_match_only() {
    let dir = temp_dir("crash");
    let fake = fake_gnubg(&dir, "echo 'Segmentation fault' >&2\nkill -SEGV $$");
    let output = check_with(
        &fake,
        &dir.join("cache"),
        "60",
        &["fixtures/mat/gnubg.mat", "fixtures/mat/galaxy.txt"],
    );
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let found = not_analysed(&output);
    assert_eq!(found.len(), 2, "{found:?}");
    for (_, message) in &found {
        assert_eq!(
            message,
            "not analysed: GNU Backgammon stopped with signal 11 (Segmentation fault)"
        );
    }
    assert!(analysis_line(&output).ends_with(", 0 from the cache, 2 not analysed"));
    // A crash is not kept: the next run tries again.
    let _ = check_with(&fake, &dir.join("cache"), "60", &["fixtures/mat/gnubg.mat"]);
    assert_eq!(runs(&dir), 3);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_missing_gnubg_is_one_error_with_the_install_hint() {
    let output = run(&[
        "check",
        "fixtures/mat/gnubg.mat",
        "--analyse",
        "--gnubg",
        "/nonexistent/gnubg",
    ]);
    assert_eq!(output.status.code(), Some(2));
    let text = stderr(&output);
    assert_eq!(text.lines().count(), 1, "{text}");
    assert!(
        text.contains("needs GNU Backgammon") && text.contains("apt-get install gnubg"),
        "{text}"
    );
    assert!(stdout(&output).is_empty());
    // The analysis flags need --analyse.
    let output = run(&["check", "fixtures/mat/gnubg.mat", "--analysis-plies", "0"]);
    assert_eq!(output.status.code(), Some(2));
}

#[cfg(unix)]
#[test]
fn xg_records_are_not_handed_to_gnubg() {
    let dir = temp_dir("xg");
    let fake = fake_gnubg(&dir, "exit 3");
    let output = check_with(&fake, &dir.join("cache"), "60", &["fixtures/xg"]);
    assert_eq!(runs(&dir), 0, "{}", stderr(&output));
    // The fixtures carry XG's analysis records: nothing to analyse; a file
    // without would be said not analysed, for this reason.
    assert_eq!(records(&output, "match").len(), 4);
    for (_, message) in &not_analysed(&output) {
        assert_eq!(
            message,
            "not analysed: GNU Backgammon cannot import eXtreme Gammon files"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(unix)]
#[test]
fn no_more_gnubg_processes_run_at_once_than_jobs() {
    let dir = temp_dir("jobs");
    let running = dir.join("running");
    std::fs::create_dir_all(&running).expect("folder");
    let fake = fake_gnubg(
        &dir,
        &format!(
            "mkdir '{r}/'$$\nls '{r}' | wc -l >> '{d}/seen'\nsleep 0.3\nrmdir '{r}/'$$",
            r = running.display(),
            d = dir.display()
        ),
    );
    let output = check_with(
        &fake,
        &dir.join("cache"),
        "60",
        &[
            "fixtures/mat/gnubg.mat",
            "fixtures/mat/galaxy.txt",
            "fixtures/mat/snowie.txt",
            "fixtures/mat/choue.txt",
            "fixtures/mat/gamesgrid.txt",
        ],
    );
    assert_eq!(runs(&dir), 5, "{}", stderr(&output));
    let seen = std::fs::read_to_string(dir.join("seen")).expect("the fake ran");
    let most = seen
        .lines()
        .filter_map(|l| l.trim().parse::<u32>().ok())
        .max()
        .expect("counts");
    assert!((1..=2).contains(&most), "{most} at once with -j 2");
    let _ = std::fs::remove_dir_all(&dir);
}
