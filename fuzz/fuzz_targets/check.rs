//! The whole check (decoding, reading, replaying with the typo analysis,
//! the trace) must never panic, whatever the bytes.

#![no_main]

use bgaudit::replay::{Options, check_bytes};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let options = Options {
        trace: true,
        ..Options::default()
    };
    let report = check_bytes("fuzz", data, &options);
    // A text's findings have a line; an eXtreme Gammon file has none, its
    // findings stand at a record's byte offset (line 0).
    let binary = data.starts_with(b"RGMH");
    for finding in &report.findings {
        assert!(finding.location.line >= 1 || binary, "{finding:?}");
    }
});
