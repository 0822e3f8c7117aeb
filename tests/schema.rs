//! The JSON Schemas of `docs/schema/` describe what the tool writes: every
//! record of `check --format jsonl` (`finding`, `match`, `skipped`) and of
//! `players --format jsonl` validates against its schema, on the fixtures
//! and the shared corpora, and every record type has a schema.

use std::collections::BTreeMap;
use std::path::PathBuf;

use serde_json::Value;

use crate::cli::run;
use crate::util::shared_or_skip;

fn schema_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("docs/schema/{name}.json"))
}

fn validator(name: &str) -> jsonschema::Validator {
    let text = std::fs::read(schema_path(name)).expect("the schema is in docs/schema");
    let schema: Value = serde_json::from_slice(&text).expect("the schema is JSON");
    jsonschema::options()
        .should_validate_formats(true)
        .build(&schema)
        .expect("the schema compiles")
}

/// Validates each line of `jsonl` against the schema its `type` names
/// (`player` for records without one); the number of records by type.
fn validate_lines(jsonl: &str, what: &str) -> BTreeMap<String, usize> {
    let mut validators: BTreeMap<String, jsonschema::Validator> = BTreeMap::new();
    let mut counts = BTreeMap::new();
    for (number, line) in jsonl.lines().enumerate() {
        let record: Value = serde_json::from_str(line).expect("each line is JSON");
        let kind = record["type"].as_str().unwrap_or("player").to_owned();
        let validator = validators
            .entry(kind.clone())
            .or_insert_with(|| validator(&kind));
        let errors: Vec<String> = validator
            .iter_errors(&record)
            .take(5)
            .map(|e| format!("{e} at {}", e.instance_path()))
            .collect();
        assert!(
            errors.is_empty(),
            "{what}, line {}: {errors:#?}\n{line}",
            number + 1
        );
        *counts.entry(kind).or_insert(0) += 1;
    }
    counts
}

fn check_and_players(paths: &[&str]) -> BTreeMap<String, usize> {
    let check = run(&[&["check", "--format", "jsonl", "-q"], paths].concat());
    let players = run(&[&["players", "--format", "jsonl", "-q"], paths].concat());
    let mut counts = validate_lines(&String::from_utf8_lossy(&check.stdout), "check");
    counts.extend(validate_lines(
        &String::from_utf8_lossy(&players.stdout),
        "players",
    ));
    counts
}

#[test]
fn every_record_of_the_fixtures_validates_against_its_schema() {
    let counts = check_and_players(&["fixtures", "no/such/file.mat"]);
    for kind in ["finding", "match", "skipped", "player"] {
        assert!(
            counts.get(kind).is_some_and(|&n| n > 0),
            "no {kind} record: {counts:?}"
        );
    }
    assert_eq!(
        counts.len(),
        4,
        "a record type without a schema: {counts:?}"
    );
}

#[test]
fn every_record_of_the_shared_corpora_validates_against_its_schema() {
    let Some(corpus) = shared_or_skip("corpus", "the shared corpora") else {
        return;
    };
    let corpus = corpus.display().to_string();
    let counts = check_and_players(&[&corpus]);
    assert!(counts["finding"] > 100, "{counts:?}");
}

#[test]
fn the_schemas_refuse_what_the_tool_never_writes() {
    let finding = validator("finding");
    let line = run(&["check", "--format", "jsonl", "-q", "fixtures/examples"]);
    let text = String::from_utf8(line.stdout).expect("UTF-8");
    let mut record: Value =
        serde_json::from_str(text.lines().next().expect("a finding")).expect("JSON");
    assert!(finding.is_valid(&record));
    record["severity"] = Value::from("fatal");
    assert!(!finding.is_valid(&record), "an unknown severity");
    record["severity"] = Value::from("error");
    record["surprise"] = Value::from(1);
    assert!(!finding.is_valid(&record), "an unknown key");
    let object = record.as_object_mut().expect("an object");
    object.remove("surprise");
    object.remove("xgid");
    assert!(!finding.is_valid(&record), "a missing key");
}

#[test]
fn records_of_names_that_are_not_utf8_validate_with_their_bytes() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    let dir = crate::cli::temp_file("schema-names");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a folder");
    let record = std::fs::read("fixtures/mat/broken.mat").expect("a fixture");
    std::fs::write(dir.join(OsStr::from_bytes(b"a\xff.mat")), &record).expect("a record");
    std::fs::write(dir.join(OsStr::from_bytes(b"b\xfe.txt")), b"notes").expect("a note");
    let output = run(&["check", "--format", "jsonl", "-q", &dir.to_string_lossy()]);
    let text = String::from_utf8_lossy(&output.stdout);
    let counts = validate_lines(&text, "names not UTF-8");
    assert!(counts["finding"] > 0 && counts["match"] > 0 && counts["skipped"] > 0);
    assert!(
        text.lines().all(|l| l.contains("\"file_bytes\":")),
        "{text}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
