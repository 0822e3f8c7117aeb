//! GNU Backgammon's statistics of an analysed match, cell for cell: for
//! each analysed SGF, every row `show statistics match` prints after `load
//! match` of the file equals the cells `bgaudit::skill::gnubg_cells` renders
//! from the statistics bgaudit reads from the same file.
//!
//! Truth: the project's own fixtures (`fixtures/skill/NAME.sgf` with gnubg's
//! printed text beside it, `NAME.txt`); `../shared/corpus/gnubg-analysed/`
//! (gnubg's statistics of each match, `NNN.stats.json`, with the rows that
//! differ once the file is reloaded from `SANITY.json`); and, when
//! `BGAUDIT_GNUBG_HELDOUT` names a folder, every `NAME.sgf` there with its
//! `NAME.txt`.

use std::collections::BTreeMap;
use std::path::Path;

use bgaudit::replay::{Options, check_bytes};
use bgaudit::side::Side;
use bgaudit::skill::gnubg_cells;

use crate::util::{fixtures, shared_or_skip};

/// (section, row) → the two players' cells, trimmed; a row printed twice in
/// a section gets ` #2`.
type Table = BTreeMap<(String, String), [String; 2]>;

/// gnubg's printed statistics (`show statistics match`): rows of a
/// 40-character label and two 23-character cells.
fn parse_gnubg_text(text: &str) -> Table {
    let mut table = Table::new();
    let mut section = String::new();
    let mut started = false;
    for line in text.lines() {
        if line.starts_with("Player ") {
            started = true;
            continue;
        }
        if !started || line.trim().is_empty() {
            continue;
        }
        if line.ends_with("statistics") && line.len() < 40 {
            section = line.trim().to_owned();
            continue;
        }
        let cell = |from: usize, to: usize| {
            line.get(from.min(line.len())..to.min(line.len()))
                .unwrap_or("")
                .trim()
                .to_owned()
        };
        let label = cell(0, 40);
        let cells = [cell(41, 64), cell(65, line.len())];
        let mut key = (section.clone(), label.clone());
        if table.contains_key(&key) {
            key.1 = format!("{label} #2");
        }
        table.insert(key, cells);
    }
    table
}

/// Our cells of a match, as the same table.
fn ours(name: &str, bytes: &[u8]) -> Table {
    let report = check_bytes(name, bytes, &Options::default());
    let skill = report.matches[0]
        .skill
        .as_ref()
        .unwrap_or_else(|| panic!("{name}: no analysis read"));
    let mut table = Table::new();
    for side in Side::BOTH {
        let stats = skill.players[side].statistics();
        let mut seen = BTreeMap::new();
        for cell in gnubg_cells(&stats) {
            let mut key = (cell.section.to_owned(), cell.row.clone());
            let n = seen.entry(key.clone()).or_insert(0);
            *n += 1;
            if *n > 1 {
                key.1 = format!("{} #{n}", cell.row);
            }
            let mut text = cell.text.trim().to_owned();
            if side == Side::Second && cell.row == "Luck based FIBS rating diff." {
                text.clear();
            }
            table.entry(key).or_default()[side.index()] = text;
        }
    }
    table
}

/// The rows that differ: (section / row, gnubg's cells, ours).
fn compare(expected: &Table, got: &Table) -> Vec<String> {
    let mut keys: Vec<_> = expected.keys().chain(got.keys()).collect();
    keys.sort();
    keys.dedup();
    keys.into_iter()
        .filter(|k| expected.get(*k) != got.get(*k))
        .map(|k| {
            format!(
                "{} / {}: gnubg {:?}, ours {:?}",
                k.0,
                k.1,
                expected.get(k),
                got.get(k)
            )
        })
        .collect()
}

/// gnubg's statistics of a shared match after reload: its printed cells,
/// with the rows `SANITY.json` lists as differing on reload replaced.
fn shared_expected(dir: &Path, id: &str, sanity: &serde_json::Value) -> Table {
    let text = std::fs::read_to_string(dir.join(format!("{id}.stats.json"))).expect("read");
    let stats: serde_json::Value = serde_json::from_str(&text).expect("json");
    let mut table = Table::new();
    let sections = stats["statistics"]["sections"]
        .as_object()
        .expect("sections");
    for (section, rows) in sections {
        for (row, cells) in rows.as_object().expect("rows") {
            let cell = |i: usize| {
                cells[i]["text"]
                    .as_str()
                    .map_or(String::new(), |t| t.trim().to_owned())
            };
            table.insert((section.clone(), row.clone()), [cell(0), cell(1)]);
        }
    }
    let differing = sanity["matches"][id]["reload"]["match_rows_differing"]
        .as_array()
        .expect("sanity rows");
    for d in differing {
        let key = (
            d["section"].as_str().expect("section").to_owned(),
            d["row"].as_str().expect("row").to_owned(),
        );
        let player = usize::try_from(d["player"].as_u64().expect("player")).expect("player");
        let got = d["got"].as_str().expect("got").trim().to_owned();
        table.get_mut(&key).expect("row")[player] = got;
    }
    table
}

/// gnubg's printed statistics of `NAME.sgf`: `NAME.txt` or `NAME.stats.txt`.
fn truth(sgf: &Path) -> Option<std::path::PathBuf> {
    [sgf.with_extension("txt"), sgf.with_extension("stats.txt")]
        .into_iter()
        .find(|p| p.exists())
}

/// Compares every `NAME.sgf` of `dir` that has gnubg's text beside it; returns
/// (matches, rows, the differences).
fn check_folder(dir: &Path) -> (usize, usize, Vec<String>) {
    let mut names: Vec<_> = std::fs::read_dir(dir)
        .expect("folder")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "sgf") && truth(p).is_some())
        .collect();
    names.sort();
    let (mut rows, mut diffs) = (0, Vec::new());
    for path in &names {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let expected =
            parse_gnubg_text(&std::fs::read_to_string(truth(path).expect("txt")).expect("txt"));
        let got = ours(&name, &std::fs::read(path).expect("sgf"));
        rows += expected.len();
        diffs.extend(
            compare(&expected, &got)
                .into_iter()
                .map(|d| format!("{name}: {d}")),
        );
    }
    (names.len(), rows, diffs)
}

#[test]
fn own_fixtures_agree_with_gnubg_row_for_row() {
    let (matches, rows, diffs) = check_folder(&fixtures().join("skill"));
    assert!(
        matches >= 2,
        "fixtures/skill holds analysed SGFs with gnubg's text"
    );
    assert!(
        diffs.is_empty(),
        "{rows} rows, differing:\n{}",
        diffs.join("\n")
    );
}

#[test]
fn the_shared_analysed_matches_agree_with_gnubg_row_for_row() {
    let Some(dir) = shared_or_skip(
        "corpus/gnubg-analysed",
        "gnubg's statistics of analysed matches",
    ) else {
        return;
    };
    let sanity: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("SANITY.json")).expect("read"))
            .expect("json");
    let mut diffs = Vec::new();
    let mut rows = 0;
    for n in 1..=12 {
        let id = format!("{n:03}");
        let expected = shared_expected(&dir, &id, &sanity);
        let bytes = std::fs::read(dir.join(format!("{id}.sgf"))).expect("read");
        let got = ours(&id, &bytes);
        rows += expected.len();
        diffs.extend(
            compare(&expected, &got)
                .into_iter()
                .map(|d| format!("{id}: {d}")),
        );
    }
    assert!(
        diffs.is_empty(),
        "{rows} rows, {} differing:\n{}",
        diffs.len(),
        diffs.join("\n")
    );
}

#[test]
fn a_held_out_set_agrees_with_gnubg_when_given() {
    let Some(dir) = std::env::var_os("BGAUDIT_GNUBG_HELDOUT") else {
        return;
    };
    let (matches, rows, diffs) = check_folder(Path::new(&dir));
    eprintln!(
        "held-out: {matches} matches, {rows} rows, {} differing",
        diffs.len()
    );
    assert!(diffs.is_empty(), "{}", diffs.join("\n"));
}
