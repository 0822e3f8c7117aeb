//! `check --format sarif` validates against the OASIS SARIF 2.1.0 schema
//! (`../shared/schemas/sarif-2.1.0.json`) and has one result per finding,
//! at the finding's file, line and column (or byte offset), with its rule:
//! on the planted errors (every code), the fixtures and the shared corpora.

use bgaudit::report::sarif::{SarifWriter, uri_reference};
use bgaudit::report::{FindingRow, FindingWriter, finding_rows};
use serde_json::Value;

use crate::cli::run;
use crate::util::shared_or_skip;

/// The SARIF schema's validator (formats checked too), or `None` to skip.
pub(crate) fn sarif_validator() -> Option<jsonschema::Validator> {
    let path = shared_or_skip("schemas/sarif-2.1.0.json", "the OASIS SARIF 2.1.0 schema")?;
    let text = std::fs::read_to_string(path).expect("the schema reads");
    // The schema's `language` pattern ends in an unescaped `]`, a literal in
    // an ECMAScript regular expression that the meta-schema's `regex` format
    // check refuses: escaped, it means the same (bgaudit writes no
    // `language`).
    let text = text.replace(r#"[a-zA-Z]{2}]?$"#, r#"[a-zA-Z]{2}\\]?$"#);
    let schema: Value = serde_json::from_str(&text).expect("JSON");
    Some(
        jsonschema::options()
            .should_validate_formats(true)
            .build(&schema)
            .expect("the schema compiles"),
    )
}

/// Panics with every schema error of `log`.
pub(crate) fn assert_valid(validator: &jsonschema::Validator, log: &Value, what: &str) {
    let errors: Vec<String> = validator
        .iter_errors(log)
        .take(10)
        .map(|e| format!("{e} at {}", e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{what}: {errors:#?}");
}

/// The results of a log match `rows` one for one, in order: the file, the
/// line and column (or byte offset), the rule, the level and the message.
fn assert_one_result_per_row(log: &Value, rows: &[FindingRow]) {
    let run = &log["runs"][0];
    let results = run["results"].as_array().expect("results");
    let rules = run["tool"]["driver"]["rules"].as_array().expect("rules");
    assert_eq!(results.len(), rows.len(), "one result per finding");
    for (result, row) in results.iter().zip(rows) {
        let place = &result["locations"][0]["physicalLocation"];
        assert_eq!(
            place["artifactLocation"]["uri"],
            uri_reference(&row.file),
            "{}",
            row.place()
        );
        let region = &place["region"];
        assert_eq!(region["startLine"].as_u64(), row.line.map(u64::from));
        assert_eq!(region["startColumn"].as_u64(), row.column.map(u64::from));
        if row.line.is_none() {
            assert_eq!(region["byteOffset"].as_u64(), row.offset);
        }
        let index = result["ruleIndex"].as_u64().expect("a rule index") as usize;
        assert_eq!(rules[index]["id"], result["ruleId"]);
        let id = result["ruleId"].as_str().expect("a rule id");
        assert!(
            id == row.code_and_kind() || id == row.code,
            "{id} for {}",
            row.code_and_kind()
        );
        assert_eq!(result["message"]["text"], row.message.as_str());
        let level = match row.severity {
            "info" => "note",
            other => other,
        };
        assert_eq!(result["level"], level);
    }
}

fn log_of(rows: &[FindingRow]) -> Value {
    let mut out = Vec::new();
    let mut writer: Box<dyn FindingWriter> =
        Box::new(SarifWriter::new(&mut out).expect("the header writes"));
    for row in rows {
        writer.row(row).expect("a result writes");
    }
    writer.finish().expect("the log closes");
    serde_json::from_slice(&out).expect("the log is JSON")
}

#[test]
fn sarif_of_the_planted_errors_validates_with_one_result_per_finding() {
    let Some(validator) = sarif_validator() else {
        return;
    };
    let rows: Vec<FindingRow> = crate::planted::planted_reports()
        .iter()
        .flat_map(finding_rows)
        .collect();
    assert!(rows.len() > 40, "{} planted findings", rows.len());
    let log = log_of(&rows);
    assert_valid(&validator, &log, "the planted errors");
    assert_one_result_per_row(&log, &rows);
    // An empty run is a valid log too.
    assert_valid(&validator, &log_of(&[]), "an empty run");
}

/// The finding rows of a `jsonl` output, in order.
fn jsonl_rows(text: &str) -> Vec<FindingRow> {
    let field = |v: &Value, k: &str| v[k].as_u64().map(|n| u32::try_from(n).expect("u32"));
    let leak = |s: &str| -> &'static str { Box::leak(s.to_owned().into_boxed_str()) };
    text.lines()
        .map(|line| serde_json::from_str::<Value>(line).expect("JSON"))
        .filter(|v| v["type"] == "finding")
        .map(|v| FindingRow {
            file: v["file"].as_str().unwrap_or_default().to_owned(),
            file_bytes: None,
            line: field(&v, "line"),
            column: field(&v, "column"),
            offset: v["offset"].as_u64(),
            match_number: field(&v, "match"),
            game: field(&v, "game"),
            row: field(&v, "move"),
            side: None,
            player: v["player"].as_str().map(str::to_owned),
            code: leak(v["code"].as_str().unwrap_or_default()),
            kind: v["kind"].as_str().map(leak),
            severity: leak(v["severity"].as_str().unwrap_or_default()),
            dice: None,
            text: v["text"].as_str().unwrap_or_default().to_owned(),
            position: None,
            stood: v["stood"].as_bool(),
            message: v["message"].as_str().unwrap_or_default().to_owned(),
            likely_typo: v["likely_typo"].as_bool(),
            suggestion: None,
            xgid: None,
        })
        .collect()
}

/// `check --format sarif` and `--format jsonl` over `paths`: the log is
/// valid and has one result per finding of the JSON Lines.
fn sarif_agrees_with_jsonl(validator: &jsonschema::Validator, paths: &[&str]) -> usize {
    let sarif = run(&[&["check", "--format", "sarif", "-q"], paths].concat());
    let jsonl = run(&[&["check", "--format", "jsonl", "-q"], paths].concat());
    let log: Value = serde_json::from_slice(&sarif.stdout).expect("the log is JSON");
    assert_valid(validator, &log, &paths.join(" "));
    let rows = jsonl_rows(&String::from_utf8(jsonl.stdout).expect("UTF-8"));
    assert_one_result_per_row(&log, &rows);
    assert_eq!(sarif.status.code(), jsonl.status.code());
    rows.len()
}

#[test]
fn sarif_of_the_fixtures_validates_with_one_result_per_finding() {
    let Some(validator) = sarif_validator() else {
        return;
    };
    let findings = sarif_agrees_with_jsonl(&validator, &["fixtures", "no/such/file.mat"]);
    assert!(findings > 50, "{findings} findings in the fixtures");
}

#[test]
fn sarif_of_the_shared_corpora_validates_with_one_result_per_finding() {
    let Some(validator) = sarif_validator() else {
        return;
    };
    let Some(corpus) = shared_or_skip("corpus", "the shared corpora") else {
        return;
    };
    let corpus = corpus.display().to_string();
    let findings = sarif_agrees_with_jsonl(&validator, &[&corpus]);
    assert!(findings > 100, "{findings} findings in the shared corpora");
}
