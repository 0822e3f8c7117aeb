//! The `.mat` reader over the whole shared corpus (skipped when it is
//! absent): every file read without a panic, and the self-play matches
//! counted against their manifest.

use super::*;

// ---------------------------------------------------------------------------
// The shared corpus.

/// Files that are no `.mat` transcript (one `unreadable` problem each), and why.
fn not_transcript(name: &str) -> Option<&'static str> {
    if name.contains("analyzed__0-ply__") || name.contains("zoophagous_dimpextaras") {
        Some("gnubg `export match text` with analysis: no match line")
    } else if name.ends_with("src__7point.match") {
        Some("JavaFIBS internal match format")
    } else if name.ends_with("z_examplefibsconnection.txt") {
        Some("a raw FIBS session log")
    } else {
        None
    }
}

/// Transcripts with cells or headers that really cannot be read, and why.
/// None in the corpus today: its known defects are breaches of the rules
/// (see corpus/README.md), not of the syntax.
const BROKEN: &[(&str, &str)] = &[];

fn corpus_files() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let mut entries: Vec<_> = std::fs::read_dir(dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|e| e.unwrap().path())
            .collect();
        entries.sort();
        for path in entries {
            if path.is_dir() {
                walk(&path, out);
            } else if path
                .file_name()
                .is_some_and(|n| n != "MANIFEST.tsv" && n != "README.md")
            {
                out.push(path);
            }
        }
    }
    let mut files = Vec::new();
    walk(&shared().join("corpus/real"), &mut files);
    walk(&shared().join("corpus/gnubg-selfplay/mat"), &mut files);
    files
}

/// Counts what a reader saw.
#[derive(Default)]
struct Totals {
    matches: usize,
    games: usize,
    rows: usize,
    cells: BTreeMap<&'static str, usize>,
    comments: usize,
    tags: usize,
    problems: BTreeMap<&'static str, usize>,
    last_row_line: u32,
    events: usize,
}

impl Visitor<'_> for Totals {
    fn begin_match(&mut self, header: &MatchHeader<'_>) {
        self.matches += 1;
        self.tags += header.tags.len();
        self.events += 1;
    }
    fn begin_game(&mut self, _: &GameHeader<'_>) {
        self.games += 1;
        self.last_row_line = 0;
        self.events += 1;
    }
    fn action(&mut self, action: &Action<'_>) {
        *self.cells.entry(kind_name(&action.kind)).or_default() += 1;
        if action.location.line != self.last_row_line
            && !matches!(action.kind, ActionKind::SetPosition(_))
        {
            self.rows += 1;
            self.last_row_line = action.location.line;
        }
        self.events += 1;
    }
    fn comment(&mut self, _: &Comment<'_>) {
        self.comments += 1;
        self.events += 1;
    }
    fn problem(&mut self, problem: &Problem<'_>) {
        *self
            .problems
            .entry(problem.kind.code().as_str())
            .or_default() += 1;
        if problem.kind != ProblemKind::Unreadable {
            self.events += 1;
        }
    }
}

#[test]
fn the_whole_corpus_reads() {
    if shared_or_skip("corpus", "the shared corpora").is_none() {
        return;
    }
    let files = corpus_files();
    assert!(files.len() > 2000, "the shared corpus is missing");
    let mut totals = Totals::default();
    let mut formats: BTreeMap<String, usize> = BTreeMap::new();
    let mut failures = Vec::new();
    let mut broken_seen = vec![false; BROKEN.len()];
    for path in &files {
        let name = path.to_string_lossy().replace('\\', "/");
        let bytes = std::fs::read(path).unwrap();
        let mut record = Record::default();
        let format = parse::read(&bytes, &mut record);
        *formats.entry(format!("{format:?}")).or_default() += 1;
        if !record.order_errors.is_empty() {
            failures.push(format!("{name}: call order {:?}", record.order_errors));
        }
        if let Some(why) = not_transcript(&name) {
            let one = record.events.len() == 1
                && matches!(
                    record.events[0],
                    Event::Problem {
                        kind: ProblemKind::Unreadable,
                        ..
                    }
                );
            if !one {
                failures.push(format!(
                    "{name} ({why}): expected one `unreadable` problem, got {:?}",
                    record.events.first()
                ));
            }
            totals
                .problems
                .entry("unreadable")
                .and_modify(|n| *n += 1)
                .or_insert(1);
            continue;
        }
        if matches!(format, Some(Format::Sgf | Format::Xg)) {
            continue;
        }
        let broken = BROKEN.iter().position(|(part, _)| name.contains(part));
        for event in &record.events {
            if let Event::Problem {
                kind,
                line,
                column,
                text,
                message,
                ..
            } = event
            {
                let bad = match kind {
                    ProblemKind::Unreadable => true,
                    ProblemKind::UnparsableCell | ProblemKind::BadHeader => broken.is_none(),
                    _ => false,
                };
                if let (Some(i), ProblemKind::UnparsableCell | ProblemKind::BadHeader) =
                    (broken, kind)
                {
                    broken_seen[i] = true;
                }
                if bad {
                    failures.push(format!(
                        "{name}:{line}:{column}: {} `{text}`: {message}",
                        kind.code()
                    ));
                }
            }
        }
        let _ = parse::read(&bytes, &mut totals);
    }
    for (seen, (part, why)) in broken_seen.iter().zip(BROKEN) {
        if !seen {
            failures.push(format!(
                "{part} is listed as broken ({why}) but reads cleanly"
            ));
        }
    }
    println!("files: {} ({formats:?})", files.len());
    println!(
        "matches: {}, games: {}, rows: {}, comments: {}, tags: {}",
        totals.matches, totals.games, totals.rows, totals.comments, totals.tags
    );
    println!("cells by kind: {:?}", totals.cells);
    println!("problems by kind: {:?}", totals.problems);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The self-play matches against their manifest: games, rolls without a play
/// and cube actions per match, as gnubg counted them.
#[test]
fn self_play_counts_match_the_manifest() {
    if shared_or_skip(
        "corpus/gnubg-selfplay",
        "the GNU Backgammon self-play corpus",
    )
    .is_none()
    {
        return;
    }
    let dir = shared().join("corpus/gnubg-selfplay");
    let manifest = std::fs::read_to_string(dir.join("MANIFEST.tsv")).unwrap();
    let mut lines = manifest.lines();
    let header: Vec<&str> = lines.next().unwrap().split('\t').collect();
    let column = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let (id, games, no_move, cube, moves) = (
        column("id"),
        column("games"),
        column("no_move_rolls"),
        column("cube_actions"),
        column("moves"),
    );
    let mut checked = 0;
    for line in lines {
        let fields: Vec<&str> = line.split('\t').collect();
        let bytes = std::fs::read(dir.join("mat").join(format!("{}.mat", fields[id]))).unwrap();
        let mut totals = Totals::default();
        assert_eq!(parse::read(&bytes, &mut totals), Some(Format::Mat));
        let count = |kinds: &[&str]| {
            kinds
                .iter()
                .map(|k| totals.cells.get(k).copied().unwrap_or(0))
                .sum::<usize>()
        };
        let expected = |i: usize| fields[i].parse::<usize>().unwrap();
        assert_eq!(totals.problems, BTreeMap::new(), "{}", fields[id]);
        assert_eq!(totals.games, expected(games), "{} games", fields[id]);
        assert_eq!(
            count(&["empty"]),
            expected(no_move),
            "{} rolls without a play",
            fields[id]
        );
        // gnubg counts a beaver as two actions: a take and a redouble.
        assert_eq!(
            count(&["double", "take", "drop"]) + 2 * count(&["beaver"]),
            expected(cube),
            "{} cube actions",
            fields[id]
        );
        assert_eq!(count(&["play"]), expected(moves), "{} plays", fields[id]);
        checked += 1;
    }
    assert_eq!(checked, 200);
}
