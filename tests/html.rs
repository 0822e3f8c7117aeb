//! The HTML report as a person sees it: rendered in headless Chromium, the
//! page parses, its script runs (the Content-Security-Policy lets the page's
//! own code through and nothing else), every finding is listed with a board
//! wherever its position is known (every checker play of the planted errors
//! and the fixtures, Plakoto included), it makes no request, and hostile
//! text from a transcript creates no element.
//!
//! Chromium is found as `$BGAUDIT_CHROMIUM`, else `/usr/bin/chromium`, else
//! `chromium` or `chromium-browser` on the `PATH`. Without it each test
//! skips with one line on standard error, or fails when
//! `BGAUDIT_REQUIRE_CHROMIUM=1` (as in CI, whose `.ci/run` installs it).
//! Screenshots are left in `target/html-report/` to look at.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use bgaudit::catalogue::{self, Family};
use bgaudit::replay::FileReport;
use bgaudit::report::html::{HtmlWriter, has_board};
use bgaudit::report::{FindingWriter, Totals};
use serde_json::Value;

use crate::cli::run;
use crate::util::required;

const REQUIRE_CHROMIUM: &str = "BGAUDIT_REQUIRE_CHROMIUM";

/// Chromium, or `None` (after one line on standard error) to skip.
fn chromium_or_skip() -> Option<PathBuf> {
    let found = std::env::var_os("BGAUDIT_CHROMIUM")
        .map(PathBuf::from)
        .filter(|p| p.exists())
        .or_else(|| Some(PathBuf::from("/usr/bin/chromium")).filter(|p| p.exists()))
        .or_else(|| {
            let path = std::env::var_os("PATH")?;
            std::env::split_paths(&path)
                .flat_map(|dir| [dir.join("chromium"), dir.join("chromium-browser")])
                .find(|p| p.exists())
        });
    if found.is_none() {
        let thread = std::thread::current();
        let test = thread.name().unwrap_or("a test");
        assert!(
            !required(std::env::var(REQUIRE_CHROMIUM).ok().as_deref()),
            "{test}: Chromium is not installed, and {REQUIRE_CHROMIUM} is set"
        );
        let _ = writeln!(
            std::io::stderr().lock(),
            "skipped {test}: Chromium is not installed (apt-get install chromium)"
        );
    }
    found
}

/// A folder of its own for one test's files.
fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("target/html-report")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir
}

/// What Chromium made of a page.
struct Rendered {
    /// The DOM after the scripts ran.
    dom: String,
    /// Chromium's log (console messages, policy violations).
    log: String,
    /// The requests the page started (not Chromium's own).
    requests: Vec<String>,
}

/// Runs Chromium headless on `args` plus `page`, killed after two minutes.
fn chromium(browser: &Path, dir: &Path, args: &[&str], page: &Path) -> (Vec<u8>, String) {
    let profile = dir.join(format!("profile-{}", args.len()));
    let mut child = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--hide-scrollbars",
            "--enable-logging=stderr",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(args)
        .arg(format!("file://{}", page.display()))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("Chromium starts");
    let stdout = child.stdout.take().expect("stdout");
    let stderr = child.stderr.take().expect("stderr");
    let out = std::thread::spawn(move || std::io::read_to_string(stdout).unwrap_or_default());
    let err = std::thread::spawn(move || std::io::read_to_string(stderr).unwrap_or_default());
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        if child.try_wait().expect("Chromium runs").is_some() {
            break;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("Chromium did not finish {} in two minutes", page.display());
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let _ = std::fs::remove_dir_all(&profile);
    (
        out.join().unwrap_or_default().into_bytes(),
        err.join().unwrap_or_default(),
    )
}

/// The page's DOM, log and requests; a screenshot beside it.
fn render(browser: &Path, page: &Path) -> Rendered {
    let dir = page.parent().expect("a folder");
    let netlog = dir.join("netlog.json");
    let (dom, log) = chromium(
        browser,
        dir,
        &[&format!("--log-net-log={}", netlog.display()), "--dump-dom"],
        page,
    );
    let screenshot = page.with_extension("png");
    chromium(
        browser,
        dir,
        &[
            &format!("--screenshot={}", screenshot.display()),
            "--window-size=1000,1800",
        ],
        page,
    );
    Rendered {
        dom: String::from_utf8(dom).expect("the DOM is UTF-8"),
        log,
        requests: page_requests(&netlog),
    }
}

/// The URLs of the requests in a net log that a page started: Chromium's
/// own (update checks, ...) have the initiator `not an origin`.
fn page_requests(netlog: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(netlog).expect("Chromium wrote its net log");
    let log: Value = serde_json::from_str(&text).expect("the net log is JSON");
    let start = log["constants"]["logEventTypes"]["URL_REQUEST_START_JOB"]
        .as_u64()
        .expect("the net log names its event types");
    log["events"]
        .as_array()
        .expect("events")
        .iter()
        .filter(|e| e["type"].as_u64() == Some(start))
        .filter(|e| e["params"]["initiator"] != "not an origin")
        .filter_map(|e| e["params"]["url"].as_str().map(str::to_owned))
        .collect()
}

/// The `<article>` elements of the findings, in order.
fn articles(dom: &str) -> Vec<&str> {
    dom.split("<article ")
        .skip(1)
        .map(|rest| rest.split("</article>").next().unwrap_or(rest))
        .collect()
}

/// What every rendered page must show: parsed whole, the script ran
/// under the policy, no request, no policy violation, `findings`
/// articles, and for each article exactly one board when its position is
/// known and none otherwise.
fn assert_sound(rendered: &Rendered, findings: usize) -> Vec<bool> {
    let dom = &rendered.dom;
    assert!(dom.contains("<h1>bgaudit report</h1>") && dom.trim_end().ends_with("</html>"));
    assert!(
        rendered.requests.is_empty(),
        "requests: {:?}",
        rendered.requests
    );
    for line in rendered.log.lines() {
        assert!(
            !line.contains("Content Security Policy") && !line.contains("Refused to"),
            "{line}"
        );
    }
    // The filters are shown by the script only: it ran.
    assert!(
        dom.contains(&format!("{findings} of {findings} findings shown")),
        "the filter script did not run"
    );
    assert!(!dom.contains("id=\"filters\" class=\"filters\" hidden"));
    for attribute in [" src=\"", " href=\"", "url(", "@import"] {
        assert!(!dom.contains(attribute), "{attribute} in the page");
    }
    assert_eq!(dom.matches("<script").count(), 1, "one script, the page's");
    let articles = articles(dom);
    assert_eq!(articles.len(), findings, "one article per finding");
    articles
        .iter()
        .map(|article| {
            let boards = article.matches("<svg class=\"board\"").count();
            let board = article.contains("data-board=\"yes\"");
            assert_eq!(boards, usize::from(board), "{article:.300}");
            if board {
                assert_eq!(article.matches("<polygon").count(), 24, "24 points");
            }
            board
        })
        .collect()
}

#[test]
fn the_planted_errors_render_with_a_board_for_every_checker_play() {
    let Some(browser) = chromium_or_skip() else {
        return;
    };
    let reports: Vec<FileReport> = crate::planted::planted_reports();
    let dir = scratch("planted");
    let page = dir.join("planted.html");
    let mut out = Vec::new();
    let mut writer: Box<dyn FindingWriter> = Box::new(HtmlWriter::new(&mut out));
    let mut totals = Totals::default();
    for report in &reports {
        totals.add(report);
        writer.matches(report).expect("a section");
    }
    writer.summary(&totals).expect("the summary");
    writer.finish().expect("the page");
    std::fs::write(&page, out).expect("the page is written");
    let findings: Vec<_> = reports.iter().flat_map(|r| &r.findings).collect();
    let rendered = render(&browser, &page);
    let boards = assert_sound(&rendered, findings.len());
    let mut plays = 0;
    for (finding, board) in findings.iter().zip(&boards) {
        assert_eq!(*board, has_board(finding), "{}", finding.name());
        if finding.entry().family == Family::Play && finding.before.is_some() {
            assert!(board, "{} has no board", finding.name());
            plays += 1;
        }
    }
    assert!(plays >= 20, "{plays} checker-play findings with a board");
}

/// The `jsonl` findings of `paths`.
fn jsonl_findings(paths: &[&str]) -> Vec<Value> {
    let output = run(&[&["check", "--format", "jsonl", "-q"], paths].concat());
    String::from_utf8(output.stdout)
        .expect("UTF-8")
        .lines()
        .map(|line| serde_json::from_str::<Value>(line).expect("JSON"))
        .filter(|v| v["type"] == "finding")
        .collect()
}

#[test]
fn the_fixtures_render_with_a_board_for_every_checker_play() {
    let Some(browser) = chromium_or_skip() else {
        return;
    };
    let dir = scratch("fixtures");
    let page = dir.join("fixtures.html");
    let output = run(&[
        "check",
        "--format",
        "html",
        "-q",
        "-o",
        &page.display().to_string(),
        "fixtures",
    ]);
    assert!(output.stdout.is_empty());
    let findings = jsonl_findings(&["fixtures"]);
    let rendered = render(&browser, &page);
    let boards = assert_sound(&rendered, findings.len());
    let mut plakoto = 0;
    for (finding, board) in findings.iter().zip(&boards) {
        let name = match finding["kind"].as_str() {
            Some(kind) => format!("{}/{kind}", finding["code"].as_str().unwrap_or("")),
            None => finding["code"].as_str().unwrap_or("").to_owned(),
        };
        let entry = catalogue::lookup(&name).expect("a catalogue entry");
        if !finding["position"].is_null() {
            assert!(board, "{name} at {} has no board", finding["line"]);
        } else if *board {
            // Plakoto has no position ID, but a board.
            assert!(finding["file"].as_str().unwrap_or("").contains("plakoto"));
            plakoto += usize::from(entry.family == Family::Play);
        }
    }
    assert!(plakoto > 0, "a Plakoto play drawn");
}

#[test]
fn hostile_text_in_a_transcript_stays_text() {
    let Some(browser) = chromium_or_skip() else {
        return;
    };
    let dir = scratch("hostile");
    let records = dir.join("records");
    std::fs::create_dir_all(&records).expect("a folder");
    let text = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fixtures/examples/club-final-7pt.mat"),
    )
    .expect("the example");
    let hostile = text
        .replace("Marta", "<img src=x onerror=alert(1)>")
        .replace("Omar", "</script><script>alert(2)</script>")
        .replace("Club championship", "<style>*{display:none}</style>");
    std::fs::write(records.join("<b>x\u{202e}.mat"), hostile).expect("the record");
    let page = dir.join("hostile.html");
    let output = run(&[
        "check",
        "--format",
        "html",
        "-q",
        "-o",
        &page.display().to_string(),
        &records.display().to_string(),
    ]);
    assert_eq!(output.status.code(), Some(1));
    let rendered = render(&browser, &page);
    assert_sound(&rendered, 3);
    let dom = &rendered.dom;
    for element in ["<img", "<b>", "<style>*"] {
        assert!(!dom.contains(element), "{element} became an element");
    }
    assert_eq!(dom.matches("<style>").count(), 1, "the page's style only");
    assert!(dom.contains("&lt;img src=x onerror=alert(1)&gt;"));
    assert!(
        dom.contains("\\u{202e}"),
        "a bidi override is shown, not applied"
    );
    // A page that does load something is caught by the request check.
    let control = dir.join("control.html");
    std::fs::write(
        &control,
        "<!DOCTYPE html><html><body><img src=\"http://example.invalid/x.png\"></body></html>",
    )
    .expect("the control page");
    let rendered = render(&browser, &control);
    assert_eq!(rendered.requests, ["http://example.invalid/x.png"]);
}
