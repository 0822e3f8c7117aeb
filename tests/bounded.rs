//! Hostile input that is small on disk must not make a run hold memory or
//! take time without bound, and a run must end cleanly however it is
//! stopped. Each test makes its own small input and checks the behaviour
//! that keeps the bound (a cut said, a note on the page, a file refused at
//! once, temporary files gone); the memory and time measured on the large
//! inputs are in `PERFORMANCE.md` (made by `scripts/hostile-inputs`).

use std::path::{Path, PathBuf};
use std::process::Stdio;

use crate::cli::{bgaudit, jsonl, run, run_with_stdin, stderr, stdout};

const CLUB: &str = "fixtures/examples/club-final-7pt.mat";
const FRIENDLY: &str = "fixtures/examples/friendly-3pt.mat";

/// A fresh temporary folder for one test.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("bgaudit-bounded-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temporary folder");
    dir
}

/// The names of the files in `dir`.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("folder")
        .map(|entry| {
            entry
                .expect("entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    names.sort();
    names
}

#[test]
fn csv_safe_guards_a_formula_behind_blanks() {
    let dir = folder("csv-safe");
    // The file's name is the first cell of each finding.
    std::fs::copy(CLUB, dir.join(" =2+3.mat")).expect("copied");
    let check = |safe: bool| {
        let mut command = bgaudit();
        command.current_dir(&dir).args(["check", "--format", "csv"]);
        if safe {
            command.arg("--csv-safe");
        }
        let output = command.arg(" =2+3.mat").output().expect("the binary runs");
        let mut reader = ::csv::Reader::from_reader(&output.stdout[..]);
        reader
            .records()
            .map(|r| r.expect("record")[0].to_owned())
            .collect::<Vec<String>>()
    };
    let plain = check(false);
    assert_eq!(plain.len(), 3, "{plain:?}");
    assert!(plain.iter().all(|cell| cell == " =2+3.mat"), "{plain:?}");
    let safe = check(true);
    assert!(safe.iter().all(|cell| cell == "' =2+3.mat"), "{safe:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn two_outputs_on_one_file_are_refused_before_reading() {
    let dir = folder("same-output");
    let out = dir.join("x.csv");
    let out = out.to_str().expect("UTF-8");
    let also = format!("{}/./x.csv", dir.display());
    for (output, summary) in [(out, out), (out, also.as_str())] {
        // Standard input is empty: the refusal comes before it is read.
        let output = run(&["check", "-o", output, "--summary", summary, "-"]);
        assert_eq!(output.status.code(), Some(2));
        let err = stderr(&output);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains("the same file"), "{err}");
    }
    assert_eq!(names(&dir), Vec::<String>::new(), "nothing written");
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(unix)]
#[test]
fn a_signal_removes_the_temporary_files_and_exits_as_shells_expect() {
    for (signal, status) in [("TERM", 143), ("INT", 130), ("HUP", 129)] {
        let dir = folder(&format!("signal-{signal}"));
        let out = dir.join("out.jsonl");
        let summary = dir.join("s.csv");
        // Standard input open and silent: the run waits with its files open.
        let mut child = bgaudit()
            .arg("check")
            .arg("-o")
            .arg(&out)
            .arg("--summary")
            .arg(&summary)
            .arg("-")
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary runs");
        // Kept open until the run has ended (`wait` would close it).
        let stdin = child.stdin.take();
        let start = std::time::Instant::now();
        while names(&dir).len() < 2 {
            assert!(start.elapsed().as_secs() < 30, "no temporary files");
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        assert!(
            names(&dir).iter().all(|n| n.ends_with(".tmp")),
            "{:?}",
            names(&dir)
        );
        let killed = std::process::Command::new("kill")
            .arg(format!("-{signal}"))
            .arg(child.id().to_string())
            .status()
            .expect("kill runs");
        assert!(killed.success());
        let ended = child.wait_with_output().expect("the run ends");
        drop(stdin);
        assert_eq!(
            ended.status.code(),
            Some(status),
            "SIG{signal}: {}",
            stderr(&ended)
        );
        assert_eq!(
            names(&dir),
            Vec::<String>::new(),
            "SIG{signal}: nothing left"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// `matches` copies of the clean 3-point match of the examples.
fn archive(matches: usize) -> String {
    let one = std::fs::read_to_string(FRIENDLY).expect("fixture");
    one.repeat(matches)
}

#[test]
fn a_line_too_long_to_keep_is_cut_and_said_in_a_large_file() {
    let dir = folder("long-line");
    let path = dir.join("long.mat");
    // Large enough to be read a block at a time; one line of 3 MiB.
    let mut text = archive(1);
    text.push_str(&"x".repeat(3 << 20));
    text.push('\n');
    while text.len() < 9 << 20 {
        text.push_str(&archive(100));
    }
    std::fs::write(&path, &text).expect("written");
    let output = run(&["check", "--format", "jsonl", path.to_str().expect("UTF-8")]);
    let cut: Vec<_> = jsonl(&output)
        .into_iter()
        .filter(|f| {
            f["message"]
                .as_str()
                .is_some_and(|m| m.contains("too long"))
        })
        .collect();
    assert_eq!(cut.len(), 1, "{}", stderr(&output));
    assert_eq!(cut[0]["code"], "unparsable-cell");
    let line = text[..text.find("xxx").expect("the line")].lines().count() + 1;
    assert_eq!(cut[0]["line"], line);
    assert!(
        cut[0]["message"]
            .as_str()
            .is_some_and(|m| m.starts_with(&format!("a line of {} bytes", 3 << 20))),
        "{}",
        cut[0]
    );
    // Standard input is read as the file is: cut into matches (the line
    // cut too), the same findings.
    let piped = run_with_stdin(&["check", "--format", "jsonl", "-"], text.as_bytes());
    let unnamed = |output: &std::process::Output| {
        jsonl(output)
            .into_iter()
            .map(|mut f| {
                f["file"] = serde_json::Value::Null;
                f
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(unnamed(&piped), unnamed(&output));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Runs `args` with up to 64 MiB of `byte` written to standard input until
/// the run stops reading: its output and how much it took.
fn fed_with(args: &[&str], byte: u8) -> (std::process::Output, usize) {
    use std::io::Write;
    let mut child = bgaudit()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().expect("piped");
    let writer = std::thread::spawn(move || {
        let block = vec![byte; 64 * 1024];
        let mut written = 0usize;
        while written < 64 << 20 && stdin.write_all(&block).is_ok() {
            written += block.len();
        }
        written
    });
    let output = child.wait_with_output().expect("the run ends");
    let written = writer.join().expect("the writer ends");
    (output, written)
}

#[test]
fn binary_standard_input_is_refused_at_once() {
    let (output, written) = fed_with(&["check", "--format", "jsonl", "-"], 0);
    assert_eq!(output.status.code(), Some(2));
    let findings = jsonl(&output);
    assert_eq!(findings.len(), 1);
    assert_eq!(findings[0]["code"], "unreadable");
    assert_eq!(
        findings[0]["message"],
        "binary data (a NUL byte at offset 0), not a transcript"
    );
    assert!(
        written < 8 << 20,
        "{written} bytes taken before the refusal"
    );
    // `explain -` and `show -` read standard input as `check -` does.
    for command in ["explain", "show"] {
        let (output, written) = fed_with(&[command, "-"], 0);
        assert_eq!(output.status.code(), Some(2), "{command}");
        assert!(output.stdout.is_empty(), "{command}");
        assert!(
            stderr(&output).contains("binary data (a NUL byte at offset 0), not a transcript"),
            "{command}: {}",
            stderr(&output)
        );
        assert!(
            written < 8 << 20,
            "{command}: {written} bytes taken before the refusal"
        );
    }
}

#[test]
fn explain_and_show_take_a_bounded_standard_input() {
    // Text, not binary: read up to the bound, then refused, not held whole.
    for command in ["explain", "show"] {
        let (output, written) = fed_with(&[command, "-"], b' ');
        assert_eq!(output.status.code(), Some(2), "{command}");
        assert!(
            stderr(&output).contains("standard input holds more than 16 MiB"),
            "{command}: {}",
            stderr(&output)
        );
        assert!(
            written < 32 << 20,
            "{command}: {written} bytes taken before the refusal"
        );
    }
}

#[test]
fn a_long_cell_is_cut_in_the_table_and_whole_in_csv_and_json_lines() {
    let dir = folder("long-cell");
    let path = dir.join("cell.mat");
    let cell = format!("13/8 24/23{}", "/x,\"".repeat(100_000));
    let text = std::fs::read_to_string(FRIENDLY)
        .expect("fixture")
        .replacen("51: 13/8 24/23 ", &format!("51: {cell} "), 1);
    std::fs::write(&path, text).expect("written");
    let path = path.to_str().expect("UTF-8");
    let output = |format: &str| run(&["check", "--format", format, path]);
    let finding = jsonl(&output("jsonl"))
        .into_iter()
        .find(|f| f["text"].as_str().is_some_and(|t| t.contains(&cell)))
        .expect("the cell's finding");
    let written = finding["text"].as_str().expect("text").to_owned();
    let csv = output("csv");
    let mut reader = ::csv::Reader::from_reader(&csv.stdout[..]);
    assert!(
        reader
            .records()
            .any(|r| r.expect("record").iter().any(|c| c == written)),
        "the whole cell in CSV"
    );
    let table = stdout(&output("table"));
    let length = written.chars().count();
    assert!(
        table.contains(&format!("… ({length} characters)")),
        "{}",
        &table[..table.len().min(2000)]
    );
    assert!(table.len() < 20_000, "{} bytes of table", table.len());
    let _ = std::fs::remove_dir_all(&dir);
}

/// The comments and problems an `.xg` file gives, its comments as the
/// address and length of their text.
#[derive(Default)]
struct XgComments {
    comments: Vec<(usize, usize)>,
    problems: Vec<String>,
}

impl<'a> bgaudit::parse::Visitor<'a> for XgComments {
    fn comment(&mut self, comment: &bgaudit::parse::Comment<'a>) {
        self.comments
            .push((comment.text.as_ptr() as usize, comment.text.len()));
    }
    fn problem(&mut self, problem: &bgaudit::parse::Problem<'a>) {
        self.problems.push(problem.message.clone());
    }
}

/// A one-game match whose `plays` plays all point to `comments`' comment
/// (each its own, or all the first).
fn commented_xg(texts: &[String], plays: usize, shared: bool) -> Vec<u8> {
    use crate::xg_writer::{MatchSpec, Writer};
    let mut writer = Writer::new(&MatchSpec::new("Ann", "Bo", 1));
    let indices: Vec<i32> = texts.iter().map(|t| writer.comment(t)).collect();
    writer.game(1, [0, 0], false, indices[0]);
    for play in 0..plays {
        let comment = if shared {
            indices[0]
        } else {
            indices[play % indices.len()]
        };
        // Unplayed rolls: the comments are what is read here.
        writer.play_full(
            if play % 2 == 0 { 1 } else { -1 },
            [3, 1],
            &[],
            false,
            0,
            comment,
        );
    }
    writer.game_footer([0, 0], 1, 1, 0);
    writer.match_footer([1, 0], 1);
    writer.file()
}

#[test]
fn an_xg_comment_pointed_to_by_every_record_is_held_once_and_capped() {
    use bgaudit::parse::xg;
    let big = "a".repeat(xg::COMMENT_TEXT_MAX + (1 << 20));
    let file = commented_xg(&[big], 200, true);
    let decoded = xg::decode(&file).expect("an xg match");
    let mut seen = XgComments::default();
    xg::read(&decoded, &mut seen);
    assert_eq!(seen.comments.len(), 201, "the game header's, each play's");
    assert!(
        seen.comments.iter().all(|c| *c == seen.comments[0]),
        "one text, shared"
    );
    assert_eq!(seen.comments[0].1, xg::COMMENT_TEXT_MAX, "cut at the cap");
    assert!(
        seen.problems
            .iter()
            .any(|p| p.contains("1048576 bytes of comment text were skipped")),
        "{:?}",
        seen.problems
    );
}

#[test]
fn an_xg_comment_stream_of_many_comments_holds_only_those_pointed_to() {
    use bgaudit::parse::xg;
    // Many comments, few pointed to, and past the cap all but the first.
    let mut texts: Vec<String> = (0..20_000).map(|i| format!("c{i}")).collect();
    texts[7] = "b".repeat(xg::COMMENT_TEXT_MAX);
    let file = commented_xg(&texts[..], 40, false);
    let decoded = xg::decode(&file).expect("an xg match");
    let mut seen = XgComments::default();
    xg::read(&decoded, &mut seen);
    let distinct: std::collections::BTreeSet<(usize, usize)> =
        seen.comments.iter().copied().collect();
    let held: usize = distinct.iter().map(|c| c.1).sum();
    assert!(held <= xg::COMMENT_TEXT_MAX, "{held}");
    assert!(
        seen.problems.iter().any(|p| p.contains("were skipped")),
        "{:?}",
        seen.problems
    );
}

#[test]
fn the_html_page_draws_the_boards_of_the_first_findings_of_each_code() {
    use bgaudit::report::html::BOARDS_PER_CODE;
    let dir = folder("html");
    let path = dir.join("many.mat");
    let copies = usize::try_from(BOARDS_PER_CODE).expect("small") + 10;
    let one = std::fs::read_to_string(CLUB).expect("fixture");
    std::fs::write(&path, one.repeat(copies)).expect("written");
    let output = run(&["check", "--format", "html", path.to_str().expect("UTF-8")]);
    let page = stdout(&output);
    let wrong_dice = "data-name=\"illegal-play/wrong-dice\" data-severity=\"error\"";
    let articles: Vec<&str> = page.split("<article ").skip(1).collect();
    let of_code: Vec<&&str> = articles.iter().filter(|a| a.contains(wrong_dice)).collect();
    assert_eq!(of_code.len(), copies, "every finding listed");
    let drawn = of_code
        .iter()
        .filter(|a| a.contains("data-board=\"yes\"") && a.contains("<svg"))
        .count();
    assert_eq!(drawn as u64, BOARDS_PER_CODE);
    assert!(
        page.contains(&format!(
            "Boards are drawn for the first {BOARDS_PER_CODE} findings of each code"
        )),
        "the page says so"
    );
    assert!(page.ends_with("</html>\n"), "the page is whole");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Writes the large hostile inputs of `PERFORMANCE.md`'s memory table that
/// need the `.xg` writer of the tests into `$BGAUDIT_HOSTILE_DIR` (run by
/// `scripts/hostile-inputs`; ignored otherwise).
#[test]
#[ignore = "writes large files; run by scripts/hostile-inputs"]
fn write_hostile_xg_inputs() {
    use crate::xg_writer::{MatchSpec, Writer, container};
    let Some(dir) = std::env::var_os("BGAUDIT_HOSTILE_DIR") else {
        return;
    };
    let dir = PathBuf::from(dir);
    std::fs::create_dir_all(&dir).expect("folder");
    // One 16 MB comment that every record points to.
    let big = "a".repeat(16 << 20);
    std::fs::write(
        dir.join("shared-comment.xg"),
        commented_xg(&[big], 2_000, true),
    )
    .expect("written");
    // 22 million tiny comments, a few pointed to.
    let mut writer = Writer::new(&MatchSpec::new("Ann", "Bo", 1));
    writer.game(1, [0, 0], false, 0);
    for play in 0..40 {
        writer.play_full(
            if play % 2 == 0 { 1 } else { -1 },
            [3, 1],
            &[],
            false,
            0,
            play * 1000,
        );
    }
    writer.game_footer([0, 0], 1, 1, 0);
    writer.match_footer([1, 0], 1);
    let game = writer.game_stream();
    let comments = b"a\r\n".repeat(22_000_000);
    let index = [
        writer.records[0].clone(),
        writer.records.last().cloned().unwrap_or_default(),
    ]
    .concat();
    std::fs::write(
        dir.join("many-comments.xg"),
        container(
            &[
                ("temp.xg", &game),
                ("temp.xgi", &index),
                ("temp.xgc", &comments),
            ],
            b"",
        ),
    )
    .expect("written");
    // 16 files whose game stream inflates to 64 MiB: a match header, unused
    // records, the match footer.
    let mut writer = Writer::new(&MatchSpec::new("Ann", "Bo", 1));
    writer.match_footer([0, 0], 1);
    let footer = writer.records.pop().expect("footer");
    let records = bgaudit::parse::xg::container::MAX_STREAM / 2560;
    let mut game = writer.records[0].clone();
    let mut unused = vec![0u8; 2560];
    unused[8] = 6;
    for _ in 2..records {
        game.extend_from_slice(&unused);
    }
    game.extend_from_slice(&footer);
    let index = [writer.records[0].clone(), footer].concat();
    let file = container(&[("temp.xg", &game), ("temp.xgi", &index)], b"");
    let folder = dir.join("streams-64mib");
    std::fs::create_dir_all(&folder).expect("folder");
    for n in 0..16 {
        std::fs::write(folder.join(format!("s{n:02}.xg")), &file).expect("written");
    }
}

/// An SGF file of `games` games of one match, two findings each (a play
/// backwards, a game unfinished).
fn sgf_games(games: usize) -> String {
    "(;FF[4]GM[6]CA[UTF-8]AP[bgaudit:hostile]MI[length:1][game:0][ws:0][bs:0]PW[a]PB[b]RU[]\n\
     ;B[31hggf];W[42mk])\n"
        .repeat(games)
}

#[test]
fn an_sgf_file_hands_on_its_findings_game_by_game_as_they_settle() {
    use bgaudit::replay::{Options, check_bytes, check_streamed};
    let text = sgf_games(2000);
    let options = Options::default();
    let whole = check_bytes("g.sgf", text.as_bytes(), &options);
    assert_eq!(whole.findings.len(), 4001, "two a game and the match's");
    let (mut sizes, mut findings, mut lines) = (Vec::new(), Vec::new(), Vec::new());
    let last = check_streamed("g.sgf", text.as_bytes(), &options, 100, |part| {
        // The match as replayed so far, to name its players; final last.
        assert_eq!(part.matches.len(), 1);
        sizes.push(part.findings.len());
        lines.push(part.findings.last().map(|f| f.location.line));
        findings.extend(part.findings);
    });
    // Handed on while the file is replayed, a batch at a time: never more
    // than a batch and a game's findings are held.
    assert!(sizes.len() >= 38, "{sizes:?}");
    assert!(sizes.iter().all(|&n| (98..=102).contains(&n)), "{sizes:?}");
    assert!(last.findings.len() <= 104, "{}", last.findings.len());
    // The first part holds the first games' findings.
    assert_eq!(lines[0], Some(u32::try_from(sizes[0]).expect("small")));
    findings.extend(last.findings);
    assert!(
        findings == whole.findings,
        "the whole report's findings, in order"
    );
    assert!(last.matches == whole.matches);
}

#[test]
fn a_large_sgf_file_written_as_it_settles_writes_what_the_whole_report_gives() {
    let dir = folder("large-sgf");
    let path = dir.join("large.sgf");
    // Over the size of a large file (8 MiB): one game carries a long
    // comment, a few hundred games follow.
    let mut text =
        String::from("(;FF[4]GM[6]CA[UTF-8]MI[length:1][game:0][ws:0][bs:0]PW[a]PB[b]C[");
    text.push_str(&"c".repeat(9 << 20));
    text.push_str("]\n;B[31hggf];W[42mk])\n");
    text.push_str(&sgf_games(3000));
    std::fs::write(&path, &text).expect("written");
    let name = path.to_str().expect("UTF-8");
    let streamed = run(&["check", "--format", "jsonl", name]);
    // With `--summary` the file's report is written whole.
    let summary = dir.join("summary.csv");
    let whole = run(&[
        "check",
        "--format",
        "jsonl",
        "--summary",
        summary.to_str().expect("UTF-8"),
        name,
    ]);
    assert_eq!(jsonl(&streamed).len(), 6003, "{}", stderr(&streamed));
    assert!(streamed.stdout == whole.stdout);
    assert_eq!(stderr(&streamed), stderr(&whole));
    // The HTML page too: the file's section is written when its last part
    // comes, its matches first.
    let page = run(&["check", "--format", "html", name]);
    let whole_page = run(&[
        "check",
        "--format",
        "html",
        "--summary",
        summary.to_str().expect("UTF-8"),
        name,
    ]);
    assert!(page.stdout.starts_with(b"<!DOCTYPE html>"));
    assert!(page.stdout == whole_page.stdout);
    let _ = std::fs::remove_dir_all(&dir);
}
