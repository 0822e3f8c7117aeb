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

use super::{FindingRow, FindingWriter, SkippedRecord, match_records};
use crate::replay::FileReport;

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
/// the program the layout points to.
#[derive(Serialize)]
struct MatchLine<'a> {
    #[serde(flatten)]
    record: &'a super::MatchRecord,
    site: Option<&'a str>,
    dialect: Option<&'a str>,
}

/// Writes each row as one JSON object on its own line.
#[derive(Debug)]
pub struct JsonlWriter<W: Write> {
    out: W,
}

impl<W: Write> JsonlWriter<W> {
    /// A writer over `out`.
    pub fn new(out: W) -> Self {
        JsonlWriter { out }
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
        for (record, summary) in match_records(report).iter().zip(&report.matches) {
            let line = MatchLine {
                record,
                site: summary.site.as_deref(),
                dialect: summary.dialect,
            };
            serde_json::to_writer(
                &mut self.out,
                &Typed::new("match", &line, record.file_bytes.as_deref()),
            )?;
            self.out.write_all(b"\n")?;
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

    fn finish(mut self: Box<Self>) -> io::Result<()> {
        self.out.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::{Code, Kind};

    use crate::finding::Severity;
    use crate::report::finding_rows;
    use crate::report::testing::{file, finding_of, unreadable};
    use crate::side::Side;

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
