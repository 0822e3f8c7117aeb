//! How a record names its parts, by format: a `.mat` file has typed score
//! and result lines, an SGF file properties (`MI`, `RE`), an `.xg` file
//! game records. Messages name what the record has.

use crate::parse::Format;

/// The record's game score: `the game's score line`.
pub(super) const fn score(format: Format) -> &'static str {
    match format {
        Format::Mat => "score line",
        Format::Sgf => "match score (`MI`)",
        Format::Xg => "recorded score",
    }
}

/// The record's result of a game: `the result line`.
pub(super) const fn result(format: Format) -> &'static str {
    match format {
        Format::Mat => "result line",
        Format::Sgf => "result (`RE`)",
        Format::Xg => "game result",
    }
}

/// The last game's result as the record writes it, with where it is when
/// the record has lines: "its `Wins` line (line 12)", "its result (`RE`,
/// line 3)", "its game result".
pub(super) fn result_at(format: Format, line: u32) -> String {
    match format {
        Format::Mat => format!("its `Wins` line (line {line})"),
        Format::Sgf => format!("its result (`RE`, line {line})"),
        Format::Xg => "its game result".to_owned(),
    }
}
