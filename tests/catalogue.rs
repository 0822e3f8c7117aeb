//! The catalogue and the replay agree: every code and kind of the catalogue
//! is found somewhere in the fixtures or the planted errors, and every code
//! found is in the catalogue.

use std::collections::BTreeSet;
use std::path::Path;

use bgaudit::catalogue::{self, CATALOGUE, Code, Kind};
use bgaudit::replay::{FileReport, Options, check_bytes};

use crate::util::fixtures;

/// Entries no fixture or plant can give, each with the reason.
const NOT_FROM_FIXTURES: &[(Code, Option<Kind>, &str)] = &[(
    Code::NotAnalysed,
    None,
    "given by `--analyse` (GNU Backgammon run as a program), not by the replay: tests/analyse.rs",
)];

/// Every file under `dir`, checked with the default options and
/// `--blunders` (the findings of the analysis an analysed fixture carries).
fn check_folder(dir: &Path, reports: &mut Vec<FileReport>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("a readable folder")
        .map(|e| e.expect("an entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            check_folder(&path, reports);
        } else {
            let bytes = std::fs::read(&path).expect("a readable file");
            let name = path.display().to_string();
            let options = Options {
                blunders: true,
                ..Options::default()
            };
            reports.push(check_bytes(&name, &bytes, &options));
        }
    }
}

#[test]
fn every_catalogue_entry_is_found_and_every_finding_is_in_the_catalogue() {
    let mut reports = Vec::new();
    check_folder(&fixtures(), &mut reports);
    reports.extend(crate::planted::planted_reports());
    let mut found: BTreeSet<(Code, Option<Kind>)> = BTreeSet::new();
    for f in reports.iter().flat_map(|r| &r.findings) {
        // Every finding names a catalogue entry: its kind's, or its code's.
        let name = f.name();
        assert!(
            catalogue::lookup(&name).is_some(),
            "{name} is not in the catalogue"
        );
        found.insert((f.code, None));
        if let Some(kind) = f.kind {
            assert_eq!(kind.code(), f.code, "{name}: the kind of another code");
            found.insert((f.code, Some(kind)));
        }
    }
    let missing: Vec<String> = CATALOGUE
        .iter()
        .filter(|e| !found.contains(&(e.code, e.kind)))
        .filter(|e| {
            !NOT_FROM_FIXTURES
                .iter()
                .any(|&(code, kind, _)| (code, kind) == (e.code, e.kind))
        })
        .map(catalogue::Entry::name)
        .collect();
    assert!(
        missing.is_empty(),
        "catalogue entries no fixture or plant gives: {missing:?}"
    );
}
