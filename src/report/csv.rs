//! CSV: the same fields as JSON Lines, in a fixed column order, with one
//! header row (written even when there is no finding).

use std::io::{self, Write};

use super::{FindingRow, FindingWriter};

/// Writes a header row at once, then one record per row.
#[derive(Debug)]
pub struct CsvWriter<W: Write> {
    out: ::csv::Writer<W>,
}

impl<W: Write> CsvWriter<W> {
    /// A writer over `out`; writes the header row.
    ///
    /// # Errors
    /// Errors of `out`.
    pub fn new(out: W) -> io::Result<Self> {
        Ok(CsvWriter {
            out: headed_writer(out, &FindingRow::FIELDS)?,
        })
    }
}

/// A CSV writer over `out` that has written `header` already; records are
/// then serialised without a second header.
///
/// # Errors
/// Errors of `out`.
pub fn headed_writer<W: Write>(out: W, header: &[&str]) -> io::Result<::csv::Writer<W>> {
    let mut writer = ::csv::WriterBuilder::new()
        .has_headers(false)
        .from_writer(out);
    writer.write_record(header).map_err(io_error)?;
    Ok(writer)
}

/// A CSV error as an I/O error, keeping the kind of an I/O failure (so that a
/// closed pipe is still recognised as one).
#[must_use]
pub fn io_error(err: ::csv::Error) -> io::Error {
    if !err.is_io_error() {
        return io::Error::other(err);
    }
    match err.into_kind() {
        ::csv::ErrorKind::Io(err) => err,
        kind => io::Error::other(format!("{kind:?}")),
    }
}

impl<W: Write> FindingWriter for CsvWriter<W> {
    fn row(&mut self, row: &FindingRow) -> io::Result<()> {
        self.out.serialize(row).map_err(io_error)
    }

    fn finish(mut self: Box<Self>) -> io::Result<()> {
        self.out.flush()
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::catalogue::{Code, Kind};
    use crate::finding::Severity;
    use crate::report::finding_rows;
    use crate::report::testing::{file, finding_of};
    use crate::side::Side;

    /// The header `csv` derives from a row type, to compare with a constant.
    pub fn derived_header<T: serde::Serialize>(row: &T) -> String {
        let mut writer = ::csv::Writer::from_writer(Vec::new());
        writer.serialize(row).unwrap();
        let text = String::from_utf8(writer.into_inner().unwrap()).unwrap();
        text.lines().next().unwrap().to_owned()
    }

    #[test]
    fn header_row_then_one_record_per_finding() {
        let report = file(
            "dir/a b.mat",
            ["Alice", "Bob"],
            vec![
                finding_of(
                    Code::IllegalPlay,
                    Some(Kind::BarFirst),
                    Severity::Error,
                    Side::First,
                    "Alice",
                    9,
                ),
                finding_of(
                    Code::HitMark,
                    None,
                    Severity::Info,
                    Side::Second,
                    "Bob, Jr",
                    11,
                ),
            ],
        );
        let rows = finding_rows(&report);
        assert_eq!(derived_header(&rows[0]), FindingRow::FIELDS.join(","));

        let mut out = Vec::new();
        let mut writer: Box<dyn FindingWriter> = Box::new(CsvWriter::new(&mut out).unwrap());
        for row in &rows {
            writer.row(row).unwrap();
        }
        writer.finish().unwrap();
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], FindingRow::FIELDS.join(","));
        assert_eq!(
            lines[1],
            "dir/a b.mat,9,5,,1,2,7,first,Alice,illegal-play,bar-first,error,52,\
             52: 13/7 13/12,4HPwATDgc/ABMA,true,illegal-play here,,,\
             XGID=-b----E-C---eE---c-e----B-:0:0:-1:52:0:0:0:0:10"
        );
        assert!(lines[2].contains(",\"Bob, Jr\",hit-mark,,info,"));
        assert_eq!(lines.len(), 3);
    }

    #[test]
    fn no_finding_still_gives_the_header() {
        let mut out = Vec::new();
        let writer: Box<dyn FindingWriter> = Box::new(CsvWriter::new(&mut out).unwrap());
        writer.finish().unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            format!("{}\n", FindingRow::FIELDS.join(","))
        );
    }
}
