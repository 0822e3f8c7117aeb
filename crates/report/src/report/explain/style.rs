//! Colour for the terminal: the style of the text and the headline word of
//! a diagnostic.

use std::ffi::OsStr;

use crate::finding::Severity;

/// Whether to colour the text (ANSI escapes).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Style {
    /// Colour on.
    pub colour: bool,
}

impl Style {
    /// No colour.
    #[must_use]
    pub const fn plain() -> Style {
        Style { colour: false }
    }

    /// Colour when writing to a terminal, unless `NO_COLOR` is set to a
    /// non-empty value (<https://no-color.org>). `no_color` is the variable's
    /// value, if set.
    #[must_use]
    pub fn for_output(is_terminal: bool, no_color: Option<&OsStr>) -> Style {
        Style {
            colour: is_terminal && no_color.is_none_or(OsStr::is_empty),
        }
    }

    pub(super) fn paint(self, codes: &str, text: &str) -> String {
        if self.colour && !text.is_empty() {
            format!("\x1b[{codes}m{text}\x1b[0m")
        } else {
            text.to_owned()
        }
    }

    pub(super) fn bold(self, text: &str) -> String {
        self.paint("1", text)
    }

    pub(super) fn frame(self, text: &str) -> String {
        self.paint("1;34", text)
    }

    pub(super) fn label(self, label: Label, text: &str) -> String {
        let codes = match label {
            Label::Error => "1;31",
            Label::Warning => "1;33",
            Label::Info => "1;36",
            Label::Ok => "1;32",
        };
        self.paint(codes, text)
    }
}

/// The headline word of a diagnostic.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Label {
    Error,
    Warning,
    Info,
    /// An action without a finding.
    Ok,
}

impl Label {
    pub(super) fn word(self) -> &'static str {
        match self {
            Label::Error => "error",
            Label::Warning => "warning",
            Label::Info => "info",
            Label::Ok => "ok",
        }
    }
}

impl From<Severity> for Label {
    fn from(severity: Severity) -> Label {
        match severity {
            Severity::Error => Label::Error,
            Severity::Warning => Label::Warning,
            Severity::Info => Label::Info,
        }
    }
}
