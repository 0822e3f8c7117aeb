//! CSV: the same fields as JSON Lines, in a fixed column order, with one
//! header row (written even when there is no finding).

use std::io::{self, Write};

use super::{FindingRow, FindingWriter, Totals};

/// Writes a header row at once, then one record per row, each cell in one
/// pass (the `csv` crate searches the rest of a quoted cell for a quote at
/// each of its buffer's fills: time quadratic in a long cell).
#[derive(Debug)]
pub struct CsvWriter<W: Write> {
    out: W,
}

impl<W: Write> CsvWriter<W> {
    /// A writer over `out`; writes the header row.
    ///
    /// # Errors
    /// Errors of `out`.
    pub fn new(mut out: W) -> io::Result<Self> {
        write_record(&mut out, FindingRow::FIELDS)?;
        Ok(CsvWriter { out })
    }
}

/// Writes `cell` as the `csv` crate does (quoted when it holds a comma, a
/// quote or a line end, its quotes doubled), in one pass.
///
/// # Errors
/// Errors of `out`.
pub fn write_cell(out: &mut impl Write, cell: &str) -> io::Result<()> {
    let bytes = cell.as_bytes();
    if !bytes
        .iter()
        .any(|&b| matches!(b, b',' | b'"' | b'\r' | b'\n'))
    {
        return out.write_all(bytes);
    }
    out.write_all(b"\"")?;
    let mut rest = bytes;
    while let Some(at) = memchr::memchr(b'"', rest) {
        out.write_all(&rest[..=at])?;
        out.write_all(b"\"")?;
        rest = &rest[at + 1..];
    }
    out.write_all(rest)?;
    out.write_all(b"\"")
}

/// Writes one finding row as a CSV record, in [`FindingRow::FIELDS`] order.
fn write_row(out: &mut impl Write, row: &FindingRow) -> io::Result<()> {
    fn number(out: &mut impl Write, value: Option<impl itoa::Integer>) -> io::Result<()> {
        match value {
            Some(value) => out.write_all(itoa::Buffer::new().format(value).as_bytes()),
            None => Ok(()),
        }
    }
    fn text(out: &mut impl Write, value: Option<&str>) -> io::Result<()> {
        value.map_or(Ok(()), |value| write_cell(out, value))
    }
    fn flag(out: &mut impl Write, value: Option<bool>) -> io::Result<()> {
        match value {
            Some(true) => out.write_all(b"true"),
            Some(false) => out.write_all(b"false"),
            None => Ok(()),
        }
    }
    write_cell(out, &row.file)?;
    out.write_all(b",")?;
    number(out, row.line)?;
    out.write_all(b",")?;
    number(out, row.column)?;
    out.write_all(b",")?;
    number(out, row.offset)?;
    out.write_all(b",")?;
    number(out, row.match_number)?;
    out.write_all(b",")?;
    number(out, row.game)?;
    out.write_all(b",")?;
    number(out, row.row)?;
    out.write_all(b",")?;
    text(out, row.side)?;
    out.write_all(b",")?;
    text(out, row.player.as_deref())?;
    out.write_all(b",")?;
    write_cell(out, row.code)?;
    out.write_all(b",")?;
    text(out, row.kind)?;
    out.write_all(b",")?;
    write_cell(out, row.severity)?;
    out.write_all(b",")?;
    text(out, row.dice.as_deref())?;
    out.write_all(b",")?;
    write_cell(out, &row.text)?;
    out.write_all(b",")?;
    text(out, row.position.as_deref())?;
    out.write_all(b",")?;
    flag(out, row.stood)?;
    out.write_all(b",")?;
    write_cell(out, &row.message)?;
    out.write_all(b",")?;
    flag(out, row.likely_typo)?;
    out.write_all(b",")?;
    text(out, row.suggestion.as_deref())?;
    out.write_all(b",")?;
    text(out, row.xgid.as_deref())?;
    out.write_all(b"\n")
}

/// Writes one record: its cells by [`write_cell`], comma-separated, and a
/// line end. The `csv` crate's record writer quotes as this does, but in
/// time quadratic in a long cell.
///
/// # Errors
/// Errors of `out`.
pub fn write_record<'a>(
    out: &mut impl Write,
    cells: impl IntoIterator<Item = &'a str>,
) -> io::Result<()> {
    for (i, cell) in cells.into_iter().enumerate() {
        if i > 0 {
            out.write_all(b",")?;
        }
        write_cell(out, cell)?;
    }
    out.write_all(b"\n")
}

impl<W: Write> FindingWriter for CsvWriter<W> {
    fn row(&mut self, row: &FindingRow) -> io::Result<()> {
        write_row(&mut self.out, row)
    }

    fn summary(&mut self, totals: &Totals) -> io::Result<()> {
        // Nothing: CSV has no closing record: the totals go to standard error.
        let _ = totals;
        Ok(())
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
    fn a_row_is_written_as_the_csv_crate_writes_it() {
        let report = file(
            "dir/a b.mat",
            ["Alice", "Bob"],
            vec![finding_of(
                Code::IllegalPlay,
                Some(Kind::BarFirst),
                Severity::Error,
                Side::First,
                "Alice",
                9,
            )],
        );
        let base = finding_rows(&report).remove(0);
        let mut rows = vec![base.clone()];
        for (i, hostile) in [
            "a,b",
            "say \"hi\"",
            "\"",
            "line\nend",
            "cr\r",
            "",
            " lead",
            "=1+1",
            "é,\"ü\"\r\n",
        ]
        .into_iter()
        .enumerate()
        {
            let mut row = base.clone();
            row.text = hostile.to_owned();
            row.message = format!("{hostile}{hostile}");
            row.file = hostile.to_owned();
            row.player = (i % 2 == 0).then(|| hostile.to_owned());
            row.stood = [None, Some(true), Some(false)][i % 3];
            row.likely_typo = [Some(false), None, Some(true)][i % 3];
            row.line = (i % 2 == 1).then_some(u32::MAX);
            row.offset = (i % 3 == 0).then_some(u64::MAX);
            row.suggestion = Some(hostile.to_owned());
            row.kind = None;
            rows.push(row);
        }
        for row in &rows {
            let mut ours = Vec::new();
            write_row(&mut ours, row).unwrap();
            let mut theirs = ::csv::WriterBuilder::new()
                .has_headers(false)
                .from_writer(Vec::new());
            theirs.serialize(row).unwrap();
            let theirs = theirs.into_inner().unwrap();
            assert_eq!(
                String::from_utf8(ours).unwrap(),
                String::from_utf8(theirs).unwrap()
            );
        }
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
