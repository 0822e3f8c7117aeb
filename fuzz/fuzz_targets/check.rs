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
    for finding in &report.findings {
        assert!(finding.location.line >= 1, "{finding:?}");
    }
});
