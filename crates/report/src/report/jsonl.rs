//! JSON Lines: one object per finding (`"type": "finding"`), one per match
//! (`"type": "match"`, with the rules in force) and one per file a folder
//! walk skipped as no match record (`"type": "skipped"`), streamed.
//!
//! A file name that is not UTF-8 cannot be a JSON string as it is: `file`
//! holds it with such bytes written `\xNN`, and `file_bytes` the name's own
//! bytes in base64 (as ripgrep's JSON gives a path's `bytes`), so that two
//! such names never collapse into one. `file_bytes` is absent otherwise.

use std::io::{self, Write};

use serde::Serialize;

use super::{FindingRow, FindingWriter, RulesRow, SkippedRecord, Totals};
use crate::replay::{FileReport, MatchSummary};
use crate::side::Side;

/// A record with its kind first, and the file name's bytes last when they
/// are not UTF-8.
#[derive(Serialize)]
struct Typed<'a, T: Serialize> {
    #[serde(rename = "type")]
    kind: &'static str,
    #[serde(flatten)]
    record: &'a T,
    #[serde(skip_serializing_if = "Option::is_none")]
    file_bytes: Option<String>,
}

impl<'a, T: Serialize> Typed<'a, T> {
    fn new(kind: &'static str, record: &'a T, file_bytes: Option<&[u8]>) -> Self {
        Typed {
            kind,
            record,
            file_bytes: file_bytes.map(base64),
        }
    }
}

/// Standard base64 (RFC 4648, with padding).
fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for group in bytes.chunks(3) {
        let b = [
            group[0],
            group.get(1).copied().unwrap_or(0),
            group.get(2).copied().unwrap_or(0),
        ];
        let n = u32::from(b[0]) << 16 | u32::from(b[1]) << 8 | u32::from(b[2]);
        for (i, shift) in [18, 12, 6, 0].into_iter().enumerate() {
            if i <= group.len() {
                out.push(char::from(ALPHABET[(n >> shift & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// A match record with the producer of the record: its `Site` tag, and
/// the program the layout points to (what [`JsonlWriter::match_line`]
/// writes by hand; the reference of its test).
#[cfg(test)]
#[derive(Serialize)]
struct MatchLine<'a> {
    #[serde(flatten)]
    record: &'a super::MatchRecord,
    site: Option<&'a str>,
    dialect: Option<&'a str>,
}

/// How many distinct rule sets [`JsonlWriter`] keeps serialised.
const RULE_SETS: usize = 8;

/// Writes each row as one JSON object on its own line.
#[derive(Debug)]
pub struct JsonlWriter<W: Write> {
    out: W,
    /// The last rules in force written, as JSON (a run has few distinct
    /// rule sets).
    rules: Vec<(RulesRow, Vec<u8>)>,
    /// A `match` record being written (one write per record).
    line: Vec<u8>,
}

impl<W: Write> JsonlWriter<W> {
    /// A writer over `out`.
    pub fn new(out: W) -> Self {
        JsonlWriter {
            out,
            rules: Vec::new(),
            line: Vec::new(),
        }
    }

    /// One match's `match` record, written key by key: the same bytes as
    /// `serde_json` gives for `MatchLine` (the tests' reference) in a [`Typed`] (strings
    /// escaped by `serde_json`), without its map machinery, which cost
    /// most of the output's time.
    fn match_line(
        &mut self,
        report: &FileReport,
        m: &MatchSummary,
        file_bytes: Option<&str>,
    ) -> io::Result<()> {
        let out = &mut self.line;
        out.clear();
        out.extend_from_slice(b"{\"type\":\"match\",\"file\":");
        json_str(out, &report.path)?;
        let mut digits = itoa::Buffer::new();
        let mut numbers = |out: &mut Vec<u8>, parts: &[(&[u8], u32)]| {
            for &(key, n) in parts {
                out.extend_from_slice(key);
                out.extend_from_slice(digits.format(n).as_bytes());
            }
        };
        numbers(
            out,
            &[(b",\"match\":", m.number), (b",\"length\":", m.length)],
        );
        out.extend_from_slice(b",\"players\":[");
        json_str(out, &m.players.first.name)?;
        out.push(b',');
        json_str(out, &m.players.second.name)?;
        out.extend_from_slice(b"],\"skill\":");
        match m.skill.as_deref() {
            None => out.extend_from_slice(b"null"),
            Some(skill) => {
                for side in Side::BOTH {
                    out.push(if side == Side::BOTH[0] { b'[' } else { b',' });
                    super::skill::SkillSums::of_match(skill, side).write_json(out);
                }
                out.push(b']');
            }
        }
        numbers(
            out,
            &[
                (b",\"games\":", m.games),
                (b",\"plays\":", m.plays),
                (b",\"cube_actions\":", m.cube_actions),
            ],
        );
        out.extend_from_slice(b",\"winner\":");
        json_opt_str(out, m.winner.as_deref())?;
        numbers(
            out,
            &[
                (b",\"score\":[", m.final_score.first),
                (b",", m.final_score.second),
                (b"],\"findings\":{\"error\":", m.findings.error),
                (b",\"warning\":", m.findings.warning),
                (b",\"info\":", m.findings.info),
            ],
        );
        out.extend_from_slice(b"},\"rules\":");
        match &m.rules {
            None => out.extend_from_slice(b"null"),
            Some(rules) => {
                let row = RulesRow::new(rules);
                let known = self.rules.iter().position(|(known, _)| *known == row);
                let index = match known {
                    Some(index) => index,
                    None => {
                        let json = serde_json::to_vec(&row)?;
                        // A few rule sets at most in a run; a run of many
                        // keeps the last ones.
                        if self.rules.len() == RULE_SETS {
                            self.rules.remove(0);
                        }
                        self.rules.push((row, json));
                        self.rules.len() - 1
                    }
                };
                out.extend_from_slice(&self.rules[index].1);
            }
        }
        out.extend_from_slice(b",\"site\":");
        json_opt_str(out, m.site.as_deref())?;
        out.extend_from_slice(b",\"dialect\":");
        json_opt_str(out, m.dialect)?;
        if let Some(bytes) = file_bytes {
            out.extend_from_slice(b",\"file_bytes\":");
            json_str(out, bytes)?;
        }
        out.extend_from_slice(b"}\n");
        self.out.write_all(&self.line)
    }
}

/// Appends `text` as a JSON string, the bytes `serde_json` gives: `serde_json`
/// escapes only control characters, the quote and the backslash, so a text
/// without them (names, paths, dialects: nearly all) is copied as it is
/// between quotes, without its per-character machinery.
fn json_str(out: &mut Vec<u8>, text: &str) -> io::Result<()> {
    if !needs_escape(text.as_bytes()) {
        out.reserve(text.len() + 2);
        out.push(b'"');
        out.extend_from_slice(text.as_bytes());
        out.push(b'"');
        Ok(())
    } else {
        Ok(serde_json::to_writer(&mut *out, text)?)
    }
}

/// Whether `bytes` hold a control character, a quote or a backslash,
/// tested eight bytes at a time (a byte below `0x20` turns on the top bit
/// of its lane in `word - 0x20…` where the byte's own top bit is off; a
/// quote or a backslash is a zero lane after an exclusive or).
fn needs_escape(bytes: &[u8]) -> bool {
    const ONES: u64 = u64::from_ne_bytes([0x01; 8]);
    const HIGH: u64 = u64::from_ne_bytes([0x80; 8]);
    let below = |word: u64, n: u8| word.wrapping_sub(ONES * u64::from(n)) & !word & HIGH;
    let mut chunks = bytes.chunks_exact(8);
    for chunk in &mut chunks {
        let mut lanes = [0u8; 8];
        lanes.copy_from_slice(chunk);
        let word = u64::from_ne_bytes(lanes);
        if below(word, 0x20)
            | below(word ^ (ONES * u64::from(b'"')), 1)
            | below(word ^ (ONES * u64::from(b'\\')), 1)
            != 0
        {
            return true;
        }
    }
    chunks
        .remainder()
        .iter()
        .any(|&b| b < 0x20 || b == b'"' || b == b'\\')
}

/// [`json_str`] for an optional text: `null` without one, as `serde_json`
/// writes `None`.
fn json_opt_str(out: &mut Vec<u8>, text: Option<&str>) -> io::Result<()> {
    match text {
        Some(text) => json_str(out, text),
        None => {
            out.extend_from_slice(b"null");
            Ok(())
        }
    }
}

impl<W: Write> FindingWriter for JsonlWriter<W> {
    fn row(&mut self, row: &FindingRow) -> io::Result<()> {
        serde_json::to_writer(
            &mut self.out,
            &Typed::new("finding", row, row.file_bytes.as_deref()),
        )?;
        self.out.write_all(b"\n")
    }

    fn matches(&mut self, report: &FileReport) -> io::Result<()> {
        let file_bytes = report.path_bytes.as_deref().map(base64);
        for summary in &report.matches {
            self.match_line(report, summary, file_bytes.as_deref())?;
        }
        Ok(())
    }

    fn skipped(&mut self, skipped: &SkippedRecord) -> io::Result<()> {
        serde_json::to_writer(
            &mut self.out,
            &Typed::new("skipped", skipped, skipped.file_bytes.as_deref()),
        )?;
        self.out.write_all(b"\n")
    }

    fn summary(&mut self, totals: &Totals) -> io::Result<()> {
        // Nothing: JSON Lines has no closing record: the totals go to standard error.
        let _ = totals;
        Ok(())
    }

    fn finish(mut self: Box<Self>) -> io::Result<()> {
        self.out.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::{Code, Kind};

    #[test]
    fn json_str_writes_what_serde_json_writes() {
        let texts = [
            "",
            "Zoltan",
            "a/b/0-gs-0001.mat",
            "quote \" in",
            "back\\slash",
            "tab\there",
            "line\nend",
            "\u{1}\u{1f}\u{7f} del",
            "é ü 漢字 \u{feff}",
            "\u{2028}\u{2029}",
            " \\\"",
            "0123456789abcdef",
            "0123456\"89abcdef",
            "01234567\\9abcdef",
            "012345678\u{1f}abcdef",
            "\u{7f}\u{80}\u{ff} éééééééé ",
            "ÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿ\n",
            "ĀĀĀĀĀĀĀĀĀĀĀĀĀĀ\u{0}",
            "!!!!!!!!!!!!!!!!!!!!!!",
            "\u{1f}\u{1f}\u{1f}\u{1f}\u{1f}\u{1f}\u{1f}\u{1f}",
        ];
        for len in 0..24 {
            for at in 0..len {
                for special in [b'"', b'\\', 0, 0x1f, b'\n', 0x20, 0x21, 0x5b, 0x5d, 0x7f] {
                    let mut bytes = vec![b'a'; len];
                    bytes[at] = special;
                    let text = std::str::from_utf8(&bytes).unwrap();
                    let mut fast = Vec::new();
                    json_str(&mut fast, text).unwrap();
                    assert_eq!(fast, serde_json::to_vec(text).unwrap(), "{text:?}");
                }
            }
        }
        for text in texts {
            let mut fast = Vec::new();
            json_str(&mut fast, text).unwrap();
            assert_eq!(fast, serde_json::to_vec(text).unwrap(), "{text:?}");
        }
        for text in [None, Some("gnubg"), Some("a\"b")] {
            let mut fast = Vec::new();
            json_opt_str(&mut fast, text).unwrap();
            assert_eq!(fast, serde_json::to_vec(&text).unwrap(), "{text:?}");
        }
    }

    use crate::finding::Severity;
    use crate::report::testing::{file, finding_of, unreadable};
    use crate::report::{finding_rows, match_records};
    use crate::side::Side;

    /// The `match` records as `serde_json` writes them from the report's
    /// [`MatchRecord`](super::super::MatchRecord)s.
    fn match_lines_by_serde(report: &FileReport) -> String {
        let mut out = Vec::new();
        for (record, summary) in match_records(report).iter().zip(&report.matches) {
            let line = MatchLine {
                record,
                site: summary.site.as_deref(),
                dialect: summary.dialect,
            };
            serde_json::to_writer(
                &mut out,
                &Typed::new("match", &line, record.file_bytes.as_deref()),
            )
            .unwrap();
            out.push(b'\n');
        }
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn match_records_written_by_hand_are_those_of_serde() {
        use crate::replay::{Options, RulesInForce, check_bytes};
        let rules_of = |length, flags: &crate::replay::RuleFlags| {
            let header = crate::parse::MatchHeader {
                location: crate::parse::Location::START,
                length,
                tags: Vec::new(),
                format: crate::parse::Format::Mat,
            };
            RulesInForce::resolve(&header, flags)
        };
        let mut report = file(
            "d\u{e9}j\u{e0} \"vu\"\\.mat",
            ["Al\tice", "B\u{f6}b"],
            Vec::new(),
        );
        let first = report.matches[0].clone();
        let mut second = first.clone();
        second.number = 2;
        second.length = 0;
        second.winner = None;
        second.findings.error = 3;
        second.findings.info = 12;
        // Numbers of every width, as `Display` writes them.
        second.games = 1_000_000_000;
        second.plays = u32::MAX;
        second.cube_actions = 999_999_999;
        second.final_score.first = 10;
        second.final_score.second = 12_345;
        second.rules = Some(rules_of(0, &crate::replay::RuleFlags::default()));
        second.site = Some("site \u{1}".to_owned());
        second.dialect = Some("GNU Backgammon");
        let mut third = second.clone();
        third.number = 3;
        third.rules = Some(rules_of(7, &crate::replay::RuleFlags::default()));
        let mut fourth = third.clone();
        fourth.number = 4;
        let flags = crate::replay::RuleFlags {
            jacoby: Some(true),
            ..crate::replay::RuleFlags::default()
        };
        fourth.rules = Some(rules_of(0, &flags));
        report.matches = vec![first, second, third, fourth];
        let mut named = report.clone();
        named.path_bytes = Some(vec![b'a', 0xFE, b'.', b'm', b'a', b't']);
        named.path = "a\\xfe.mat".to_owned();
        let empty = check_bytes("empty.mat", b"", &Options::default());
        let mut out = Vec::new();
        let mut writer: Box<dyn FindingWriter> = Box::new(JsonlWriter::new(&mut out));
        for report in [&report, &named, &empty, &report] {
            writer.matches(report).unwrap();
        }
        writer.finish().unwrap();
        let expected: String = [&report, &named, &empty, &report]
            .into_iter()
            .map(match_lines_by_serde)
            .collect();
        assert_eq!(String::from_utf8(out).unwrap(), expected);
        assert_eq!(expected.lines().count(), 12);
    }

    #[test]
    fn base64_as_rfc_4648_gives_it() {
        for (bytes, text) in [
            (&b""[..], ""),
            (b"f", "Zg=="),
            (b"fo", "Zm8="),
            (b"foo", "Zm9v"),
            (b"foob", "Zm9vYg=="),
            (b"fooba", "Zm9vYmE="),
            (b"foobar", "Zm9vYmFy"),
            (b"a\xff.mat", "Yf8ubWF0"),
        ] {
            assert_eq!(base64(bytes), text);
        }
    }

    #[test]
    fn a_name_that_is_not_utf8_keeps_its_bytes() {
        let mut out = Vec::new();
        let mut writer: Box<dyn FindingWriter> = Box::new(JsonlWriter::new(&mut out));
        for byte in [0xFE, 0xFF] {
            writer
                .skipped(&SkippedRecord {
                    file: format!("a\\x{byte:02x}.mat"),
                    file_bytes: Some(vec![b'a', byte, b'.', b'm', b'a', b't']),
                    reason: "an empty file".to_owned(),
                })
                .unwrap();
        }
        writer.finish().unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "{\"type\":\"skipped\",\"file\":\"a\\\\xfe.mat\",\"reason\":\"an empty file\",\
             \"file_bytes\":\"Yf4ubWF0\"}\n\
             {\"type\":\"skipped\",\"file\":\"a\\\\xff.mat\",\"reason\":\"an empty file\",\
             \"file_bytes\":\"Yf8ubWF0\"}\n"
        );
    }

    #[test]
    fn a_skipped_file_is_one_object_with_its_reason() {
        let mut out = Vec::new();
        let mut writer: Box<dyn FindingWriter> = Box::new(JsonlWriter::new(&mut out));
        writer
            .skipped(&SkippedRecord {
                file: "records/README.md".to_owned(),
                file_bytes: None,
                reason: "text without a match or game header".to_owned(),
            })
            .unwrap();
        writer.finish().unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "{\"type\":\"skipped\",\"file\":\"records/README.md\",\
             \"reason\":\"text without a match or game header\"}\n"
        );
    }

    #[test]
    fn each_finding_is_one_object_with_every_key() {
        let report = file(
            "a.mat",
            ["Alice", "Bob"],
            vec![
                finding_of(
                    Code::IllegalPlay,
                    Some(Kind::WrongDice),
                    Severity::Error,
                    Side::First,
                    "Alice",
                    9,
                ),
                finding_of(
                    Code::Numbering,
                    None,
                    Severity::Info,
                    Side::Second,
                    "Bob",
                    11,
                ),
            ],
        );
        let mut out = Vec::new();
        let mut writer: Box<dyn FindingWriter> = Box::new(JsonlWriter::new(&mut out));
        for row in finding_rows(&report)
            .iter()
            .chain(&finding_rows(&unreadable("b.xg")))
        {
            writer.row(row).unwrap();
        }
        writer.finish().unwrap();
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 3);
        for line in &lines {
            let value: serde_json::Value = serde_json::from_str(line).unwrap();
            let object = value.as_object().unwrap();
            let keys: Vec<&str> = object.keys().map(String::as_str).collect();
            for key in FindingRow::FIELDS {
                assert!(keys.contains(&key), "{key} missing in {line}");
            }
            assert_eq!(object["type"], "finding");
            assert_eq!(
                keys.len(),
                FindingRow::FIELDS.len() + 1,
                "the fields and `type`"
            );
        }
        let first: serde_json::Value = serde_json::from_str(lines[0]).unwrap();
        assert_eq!(first["code"], "illegal-play");
        assert_eq!(first["kind"], "wrong-dice");
        assert_eq!(first["line"], 9);
        assert_eq!(first["match"], 1);
        assert_eq!(first["move"], 7);
        assert_eq!(first["dice"], "52");
        assert_eq!(first["stood"], true);
        assert_eq!(first["position"], "4HPwATDgc/ABMA");
        let last: serde_json::Value = serde_json::from_str(lines[2]).unwrap();
        assert_eq!(last["code"], "unreadable");
        assert!(last["line"].is_null());
        assert!(last["kind"].is_null());
        assert!(last["stood"].is_null());
    }
}
