//! SARIF 2.1.0 (`check --format sarif`): one log with one run, the tool's
//! rules from the catalogue and one result per finding, for code-review
//! tools and SARIF viewers.
//!
//! - `tool.driver.rules`: one rule per catalogue entry, in catalogue order:
//!   `id` is `code` or `code/kind`, the short description the first sentence
//!   of its meaning, the full description the meaning, the help the meaning,
//!   the rules quoted and the example (text and Markdown), `helpUri` the
//!   catalogue in `docs/output.md`, the default level from the severity;
//! - `results`: `ruleId` and `ruleIndex`, `level` (`error`, `warning`,
//!   `note` for info), the message, one location (the file as a URI
//!   reference; the region's `startLine` and `startColumn`, or for an
//!   eXtreme Gammon file its `byteOffset`; the cell as written as the
//!   snippet), and `properties` with the rest of the finding (`stood`,
//!   `likely_typo`, `suggestion`, `match`, `game`, `move`, `side`, `player`,
//!   `dice`, `position`, `xgid`).
//!
//! The results are streamed, one per line, so memory does not grow with the
//! number of findings.

use std::io::{self, Write};

use serde::Serialize;
use serde_json::{Value, json};

use super::{FindingRow, FindingWriter, Totals};
use crate::catalogue::{self, CATALOGUE, Entry, Severity};

/// The schema the log names (the OASIS standard's).
pub const SCHEMA_URI: &str =
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";

/// Where the help of the rules points: the `docs/` folder of a published
/// copy when the build says where (`BGAUDIT_DOCS_URL`, e.g.
/// `https://example.org/bgaudit/docs/`), else the `docs/` folder of the
/// source tree the binary was built from, as a `file:` URI (SARIF wants an
/// absolute URI).
#[must_use]
pub fn docs_base() -> String {
    match option_env!("BGAUDIT_DOCS_URL") {
        Some(url) if !url.is_empty() => {
            let mut url = url.to_owned();
            if !url.ends_with('/') {
                url.push('/');
            }
            url
        }
        _ => {
            // The repository's root: this crate is `crates/report` in it.
            let manifest = env!("CARGO_MANIFEST_DIR").replace('\\', "/");
            let root = manifest.strip_suffix("/crates/report").unwrap_or(&manifest);
            let dir = format!("{root}/docs/");
            let path = uri_reference(&dir);
            if path.starts_with('/') {
                format!("file://{path}")
            } else {
                format!("file:///{path}")
            }
        }
    }
}

/// The help URI of every rule: the catalogue in `docs/output.md`.
#[must_use]
pub fn help_uri() -> String {
    format!("{}output.md#the-catalogue-of-finding-codes", docs_base())
}

/// A path as a URI reference: `/` kept, every byte outside the unreserved
/// characters percent-encoded (so a `:` or a space cannot be misread), a
/// Windows `\` taken as `/`.
#[must_use]
pub fn uri_reference(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    for byte in path.bytes() {
        match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' | b'/' => {
                out.push(char::from(byte));
            }
            b'\\' => out.push('/'),
            _ => out.push_str(&format!("%{byte:02X}")),
        }
    }
    out
}

/// `error`, `warning` or `note`.
#[must_use]
pub fn level(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Info => "note",
    }
}

/// The rule of a catalogue entry.
fn rule(entry: &Entry, help_uri: &str) -> Value {
    let name = entry.name();
    let mut text = format!("{}\n", entry.meaning);
    let mut markdown = format!(
        "**{name}** ({}): {}\n",
        entry.severity_text(),
        entry.meaning
    );
    if !entry.rules.is_empty() {
        text.push_str("\nThe rules:\n");
        markdown.push_str("\nThe rules:\n\n");
        for quote in entry.rules {
            text.push_str(&format!("  {}: {}\n", quote.section, quote.text));
            markdown.push_str(&format!("> {}: {}\n>\n", quote.section, quote.text));
        }
    }
    text.push_str(&format!(
        "\nExample: {}\n\n`bgaudit explain {name}` prints this entry.",
        entry.example
    ));
    markdown.push_str(&format!(
        "\nExample:\n\n```text\n{}\n```\n\n`bgaudit explain {name}` prints this entry.",
        entry.example
    ));
    json!({
        "id": name,
        "name": name,
        "shortDescription": {"text": entry.short()},
        "fullDescription": {"text": entry.meaning},
        "help": {"text": text, "markdown": markdown},
        "helpUri": help_uri,
        "defaultConfiguration": {"level": level(entry.severity)},
        "properties": {
            "group": entry.group.title(),
            "tags": [entry.group.title()],
        },
    })
}

/// Every rule, in catalogue order (a result's `ruleIndex` indexes this).
#[must_use]
pub fn rules() -> Vec<Value> {
    let uri = help_uri();
    CATALOGUE.iter().map(|entry| rule(entry, &uri)).collect()
}

/// The catalogue index of a row's entry: its `code/kind`, else its code.
fn rule_index(row: &FindingRow) -> Option<usize> {
    let entry = catalogue::lookup(&row.code_and_kind()).or_else(|| catalogue::lookup(row.code))?;
    CATALOGUE.iter().position(|e| std::ptr::eq(e, entry))
}

/// What a result carries besides its message and location.
#[derive(Serialize)]
struct Properties<'a> {
    #[serde(rename = "match")]
    match_number: Option<u32>,
    game: Option<u32>,
    #[serde(rename = "move")]
    row: Option<u32>,
    side: Option<&'static str>,
    player: Option<&'a str>,
    dice: Option<&'a str>,
    stood: Option<bool>,
    likely_typo: Option<bool>,
    suggestion: Option<&'a str>,
    position: Option<&'a str>,
    xgid: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    offset: Option<u64>,
}

/// The result of one finding row.
#[must_use]
pub fn result(row: &FindingRow) -> Value {
    let mut artifact = json!({"uri": uri_reference(&row.file)});
    if row.file == "-" {
        artifact["description"] = json!({"text": "standard input"});
    }
    let mut physical = json!({"artifactLocation": artifact});
    let mut region = serde_json::Map::new();
    if let Some(line) = row.line {
        region.insert("startLine".into(), json!(line));
        if let Some(column) = row.column {
            region.insert("startColumn".into(), json!(column));
        }
        if !row.text.is_empty() {
            region.insert("snippet".into(), json!({"text": row.text}));
        }
    } else if let Some(offset) = row.offset {
        region.insert("byteOffset".into(), json!(offset));
    }
    if !region.is_empty() {
        physical["region"] = Value::Object(region);
    }
    let properties = Properties {
        match_number: row.match_number,
        game: row.game,
        row: row.row,
        side: row.side,
        player: row.player.as_deref(),
        dice: row.dice.as_deref(),
        stood: row.stood,
        likely_typo: row.likely_typo,
        suggestion: row.suggestion.as_deref(),
        position: row.position.as_deref(),
        xgid: row.xgid.as_deref(),
        offset: row.offset,
    };
    let mut result = json!({
        "ruleId": row.code_and_kind(),
        "level": match row.severity {
            "error" => "error",
            "warning" => "warning",
            _ => "note",
        },
        "message": {"text": row.message},
        "locations": [{"physicalLocation": physical}],
        "properties": properties,
    });
    if let Some(index) = rule_index(row) {
        result["ruleIndex"] = json!(index);
        result["ruleId"] = json!(CATALOGUE[index].name());
    }
    result
}

/// Streams a SARIF log: the run's header with the rules at once, one result
/// per line, the closing brackets at the end.
#[derive(Debug)]
pub struct SarifWriter<W: Write> {
    out: W,
    results: u64,
}

impl<W: Write> SarifWriter<W> {
    /// A writer over `out`; writes the log up to its first result.
    ///
    /// # Errors
    /// Errors of `out`.
    pub fn new(mut out: W) -> io::Result<Self> {
        let tool = json!({
            "driver": {
                "name": "bgaudit",
                "version": env!("CARGO_PKG_VERSION"),
                "semanticVersion": env!("CARGO_PKG_VERSION"),
                "informationUri": format!("{}output.md", docs_base()),
                "rules": rules(),
            }
        });
        write!(
            out,
            "{{\"$schema\":{},\"version\":\"2.1.0\",\"runs\":[{{\"tool\":{},\
             \"columnKind\":\"unicodeCodePoints\",\"results\":[",
            Value::from(SCHEMA_URI),
            tool
        )?;
        Ok(SarifWriter { out, results: 0 })
    }
}

impl<W: Write> FindingWriter for SarifWriter<W> {
    fn row(&mut self, row: &FindingRow) -> io::Result<()> {
        self.out
            .write_all(if self.results == 0 { b"\n" } else { b",\n" })?;
        serde_json::to_writer(&mut self.out, &result(row))?;
        self.results += 1;
        Ok(())
    }

    fn summary(&mut self, totals: &Totals) -> io::Result<()> {
        // Nothing: SARIF has no place for the totals.
        let _ = totals;
        Ok(())
    }

    fn finish(mut self: Box<Self>) -> io::Result<()> {
        self.out.write_all(b"\n]}]}\n")?;
        self.out.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::{Code, Kind};
    use crate::report::finding_rows;
    use crate::report::testing::{file, finding_of, unreadable};
    use crate::side::Side;

    fn log(rows: &[FindingRow]) -> Value {
        let mut out = Vec::new();
        let mut writer: Box<dyn FindingWriter> = Box::new(SarifWriter::new(&mut out).unwrap());
        for row in rows {
            writer.row(row).unwrap();
        }
        writer.finish().unwrap();
        serde_json::from_slice(&out).unwrap()
    }

    #[test]
    fn an_empty_run_is_a_whole_log_with_every_rule() {
        let value = log(&[]);
        assert_eq!(value["version"], "2.1.0");
        let run = &value["runs"][0];
        assert_eq!(run["results"].as_array().unwrap().len(), 0);
        let rules = run["tool"]["driver"]["rules"].as_array().unwrap();
        assert_eq!(rules.len(), CATALOGUE.len());
        assert_eq!(rules[1]["id"], "illegal-play/wrong-dice");
        assert!(
            rules[1]["helpUri"]
                .as_str()
                .unwrap()
                .contains("docs/output.md#")
        );
    }

    #[test]
    fn each_finding_is_a_result_at_its_place() {
        let report = file(
            "dir/a b:c.mat",
            ["Alice", "Bob"],
            vec![finding_of(
                Code::IllegalPlay,
                Some(Kind::WrongDice),
                Severity::Error,
                Side::First,
                "Alice",
                9,
            )],
        );
        let mut rows = finding_rows(&report);
        rows.extend(finding_rows(&unreadable("b.xg")));
        let value = log(&rows);
        let results = value["runs"][0]["results"].as_array().unwrap();
        assert_eq!(results.len(), 2);
        let first = &results[0];
        assert_eq!(first["ruleId"], "illegal-play/wrong-dice");
        assert_eq!(first["ruleIndex"], 1);
        assert_eq!(first["level"], "error");
        let location = &first["locations"][0]["physicalLocation"];
        assert_eq!(location["artifactLocation"]["uri"], "dir/a%20b%3Ac.mat");
        assert_eq!(location["region"]["startLine"], 9);
        assert_eq!(first["properties"]["stood"], true);
        assert_eq!(first["properties"]["player"], "Alice");
        assert_eq!(first["properties"]["position"], "4HPwATDgc/ABMA");
        assert_eq!(results[1]["ruleId"], "unreadable");
    }

    #[test]
    fn paths_become_uri_references() {
        assert_eq!(uri_reference("a/b.mat"), "a/b.mat");
        assert_eq!(uri_reference("c:\\x y.mat"), "c%3A/x%20y.mat");
        assert_eq!(uri_reference("é#?.mat"), "%C3%A9%23%3F.mat");
        assert_eq!(level(Severity::Info), "note");
    }
}
