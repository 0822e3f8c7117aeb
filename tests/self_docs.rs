//! What documents the tool itself: the man pages shipped in `docs/man/` are
//! the ones the hidden `bgaudit man` writes now (regenerate with `BLESS=1
//! cargo test man_pages`), `completions` writes a script for each shell, and
//! `explain --list` has one line per catalogue entry.

use std::path::PathBuf;

use bgaudit::catalogue::CATALOGUE;

use crate::cli::{run, stdout};

#[test]
fn the_shipped_man_pages_are_the_generated_ones() {
    let shipped = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("docs/man");
    let fresh = std::env::temp_dir().join(format!("bgaudit-man-{}", std::process::id()));
    let out = fresh.display().to_string();
    let output = run(&["man", "--out", &out]);
    assert!(output.status.success(), "{output:?}");
    let mut names: Vec<String> = std::fs::read_dir(&fresh)
        .expect("the pages are written")
        .map(|e| {
            e.expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    names.sort();
    assert!(names.contains(&"bgaudit.1".to_owned()));
    assert!(names.contains(&"bgaudit-check.1".to_owned()));
    assert!(
        !names.iter().any(|n| n == "bgaudit-man.1"),
        "the hidden command has no page"
    );
    if std::env::var_os("BLESS").is_some() {
        let _ = std::fs::remove_dir_all(&shipped);
        std::fs::create_dir_all(&shipped).expect("docs/man is created");
    }
    for name in &names {
        let page = std::fs::read_to_string(fresh.join(name)).expect("a page");
        if std::env::var_os("BLESS").is_some() {
            std::fs::write(shipped.join(name), &page).expect("the page is written");
            continue;
        }
        let old = std::fs::read_to_string(shipped.join(name)).unwrap_or_default();
        assert!(
            old == page,
            "docs/man/{name} is not what `bgaudit man` writes now: run BLESS=1 cargo test man_pages"
        );
    }
    let shipped_names = std::fs::read_dir(&shipped).expect("docs/man").count();
    assert_eq!(
        shipped_names,
        names.len(),
        "a page in docs/man that is no longer made"
    );
    let check = std::fs::read_to_string(fresh.join("bgaudit-check.1")).expect("check's page");
    assert!(check.contains("sarif") && check.contains("html") && check.contains("\\-\\-output"));
    let _ = std::fs::remove_dir_all(&fresh);
}

#[test]
fn completions_are_written_for_every_shell() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let output = run(&["completions", shell]);
        assert!(output.status.success(), "{shell}: {output:?}");
        let script = stdout(&output);
        assert!(script.contains("bgaudit"), "{shell}");
        if matches!(shell, "bash" | "zsh" | "fish") {
            assert!(
                script.contains("sarif"),
                "{shell}: the formats are completed"
            );
        }
    }
    let output = run(&["completions", "tcsh"]);
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn explain_list_has_every_code_and_kind_with_its_meaning() {
    let output = run(&["explain", "--list"]);
    assert!(output.status.success(), "{output:?}");
    let text = stdout(&output);
    assert_eq!(text.lines().count(), CATALOGUE.len());
    for (line, entry) in text.lines().zip(CATALOGUE) {
        let mut words = line.split_whitespace();
        assert_eq!(words.next(), Some(entry.name().as_str()));
        assert_eq!(words.next(), Some(entry.severity.as_str()));
        assert!(line.ends_with(entry.short()), "{line}");
    }
    assert_eq!(
        run(&["explain", "--list", "illegal-play"]).status.code(),
        Some(2)
    );
    assert_eq!(run(&["explain"]).status.code(), Some(2));
}

#[test]
fn output_writes_the_findings_to_a_file_and_the_summary_to_stderr() {
    let path = std::env::temp_dir().join(format!("bgaudit-output-{}.html", std::process::id()));
    let file = path.display().to_string();
    let output = run(&[
        "check",
        "--format",
        "html",
        "-o",
        &file,
        "fixtures/examples",
    ]);
    assert_eq!(output.status.code(), Some(1), "errors in the examples");
    assert!(output.stdout.is_empty(), "nothing on stdout");
    assert!(String::from_utf8_lossy(&output.stderr).contains("findings: 3 errors"));
    let page = std::fs::read_to_string(&path).expect("the page is written");
    assert!(page.starts_with("<!DOCTYPE html>") && page.ends_with("</html>\n"));
    let table = run(&[
        "check",
        "--format",
        "table",
        "-o",
        &file,
        "fixtures/examples",
    ]);
    assert!(table.stdout.is_empty());
    assert!(
        std::fs::read_to_string(&path)
            .expect("the table")
            .contains("wrong-dice")
    );
    let _ = std::fs::remove_file(&path);
}
