//! The SGF reader over the shared corpus (skipped when it is absent): the
//! self-play files against their manifest and against their `.mat` twins,
//! and the real files read without a panic.

use super::*;

// ----- the shared corpus -----------------------------------------------------

/// Counts of one match, as in the self-play `MANIFEST.tsv`.
#[derive(Debug, Default, PartialEq, Eq)]
struct Counts {
    length: u32,
    games: u32,
    moves: u32,
    no_move_rolls: u32,
    cube_actions: u32,
    resigned_games: u32,
    final_score: [u32; 2],
    crawford: bool,
    jacoby: bool,
    cube: bool,
    names: [String; 2],
}

fn counts(events: &[Event]) -> Counts {
    let mut c = Counts {
        cube: true,
        ..Counts::default()
    };
    let mut start = [0; 2];
    for e in events {
        match e {
            Event::Match { length, tags, .. } => {
                c.length = *length;
                let tag = |k: &str| tags.iter().find(|t| t.0 == k).map(|t| t.1.as_str());
                // (a 1-point match has no Crawford game either way)
                c.crawford = tag("Crawford") == Some("On") || *length == 1;
                c.jacoby = tag("Jacoby") == Some("On");
                c.cube = tag("CubeLimit") != Some("1");
            }
            Event::Game { scores, names, .. } => {
                c.games += 1;
                start = [scores[0].unwrap_or(0), scores[1].unwrap_or(0)];
                c.final_score = start;
                c.names = [names[0].0.clone(), names[1].0.clone()];
            }
            Event::Action { kind, side, .. } => match kind {
                ActionKind::Roll {
                    play: Written::Moves(_),
                    ..
                } => c.moves += 1,
                ActionKind::Roll {
                    play: Written::Empty,
                    ..
                } => c.no_move_rolls += 1,
                // the implied take of a beaver counts as in the manifest
                ActionKind::Beaver(_) | ActionKind::Raccoon(_) => c.cube_actions += 2,
                ActionKind::Double(_) | ActionKind::Take | ActionKind::Drop => c.cube_actions += 1,
                ActionKind::Win {
                    points, resigned, ..
                } => {
                    c.final_score = start;
                    c.final_score[side.index()] += points.unwrap_or(0);
                    c.resigned_games += u32::from(*resigned);
                }
                _ => panic!("unexpected {kind:?}"),
            },
            Event::Problem { .. } => panic!("problem {e:?}"),
            _ => {}
        }
    }
    c
}

#[test]
fn self_play_sgf_matches_the_manifest_counts() {
    if shared_or_skip(
        "corpus/gnubg-selfplay",
        "the GNU Backgammon self-play corpus",
    )
    .is_none()
    {
        return;
    }
    let dir = shared().join("corpus/gnubg-selfplay");
    let manifest = fs::read_to_string(dir.join("MANIFEST.tsv")).expect("manifest");
    let mut lines = manifest.lines();
    let header: Vec<&str> = lines.next().expect("header").split('\t').collect();
    let col = |name: &str| header.iter().position(|h| *h == name).expect(name);
    let mut checked = 0;
    for line in lines {
        let f: Vec<&str> = line.split('\t').collect();
        let id = f[col("id")];
        let text = fs::read_to_string(dir.join("sgf").join(format!("{id}.sgf"))).expect(id);
        let got = counts(&read(&text));
        let num = |name: &str| f[col(name)].parse::<u32>().expect(name);
        let list = |name: &str| -> Vec<String> {
            f[col(name)]
                .trim_matches(['[', ']'])
                .split(", ")
                .map(|s| s.trim_matches('"').to_owned())
                .collect()
        };
        let score: Vec<u32> = list("final_score")
            .iter()
            .map(|s| s.parse().expect("score"))
            .collect();
        let mut names = list("names");
        if id == "gs-0106" {
            // The manifest names Frank the player both files call Yuki.
            names[0] = "Yuki".into();
        }
        let want = Counts {
            length: num("length"),
            games: num("games"),
            moves: num("moves"),
            no_move_rolls: num("no_move_rolls"),
            cube_actions: num("cube_actions"),
            resigned_games: num("resigned_games"),
            final_score: [score[0], score[1]],
            crawford: f[col("crawford")] == "True" || num("length") == 1,
            jacoby: f[col("jacoby")] == "True",
            cube: f[col("cube")] == "True",
            names: [names[0].clone(), names[1].clone()],
        };
        assert_eq!(got, want, "{id}");
        checked += 1;
    }
    assert_eq!(checked, 200);
}

#[test]
fn real_sgf_files_read_without_panic() {
    if shared_or_skip("corpus/real", "the corpus of real records").is_none() {
        return;
    }
    let dir = shared().join("corpus/real");
    let mut files = Vec::new();
    for entry in fs::read_dir(&dir).expect("corpus") {
        let entry = entry.expect("entry");
        if entry.path().is_dir() {
            for f in fs::read_dir(entry.path()).expect("dir") {
                let p = f.expect("file").path();
                if p.to_string_lossy().contains(".sgf") {
                    files.push(p);
                }
            }
        }
    }
    files.sort();
    assert!(files.len() >= 18, "{files:?}");
    let mut games_read = 0;
    for path in files {
        let bytes = fs::read(&path).expect("read");
        let mut recorder = Recorder::default();
        let format = parse::read(&bytes, &mut recorder);
        let events = recorder.events;
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        if format == Some(Format::Sgf) {
            games_read += games(&events).len();
        }
        // the gnubg exports read without a single problem
        if name.contains("gnubg") || name.contains("analyzed") || name.contains("7point") {
            assert!(
                problems(&events).is_empty(),
                "{name}: {:?}",
                problems(&events)
            );
            assert!(!games(&events).is_empty(), "{name}");
        }
    }
    assert!(games_read > 30, "{games_read}");
}

/// What the SGF and the `.mat` of one match must agree on.
#[derive(Debug, PartialEq, Eq)]
enum Same {
    Game {
        number: Option<u32>,
        names: [String; 2],
        scores: [Option<u32>; 2],
    },
    Roll {
        side: Side,
        dice: String,
        /// The hops as a sorted multiset of (from, to).
        hops: Vec<(u8, u8)>,
    },
    Cube(Side, &'static str),
    Win {
        side: Side,
        points: Option<u32>,
    },
}

fn same(events: &[Event]) -> Vec<Same> {
    let mut out = Vec::new();
    for e in events {
        match e {
            Event::Game {
                number,
                names,
                scores,
                ..
            } => out.push(Same::Game {
                number: *number,
                names: [names[0].0.clone(), names[1].0.clone()],
                scores: *scores,
            }),
            Event::Action { side, kind, .. } => out.push(match kind {
                ActionKind::Roll { dice, play } => {
                    let mut hops: Vec<(u8, u8)> = match play {
                        Written::Moves(play) => {
                            play.hops().iter().map(|h| (h.from, h.to)).collect()
                        }
                        _ => Vec::new(),
                    };
                    hops.sort_unstable();
                    Same::Roll {
                        side: *side,
                        dice: dice.map(|d| d.to_string()).unwrap_or_default(),
                        hops,
                    }
                }
                ActionKind::Double(_) => Same::Cube(*side, "double"),
                ActionKind::Beaver(_) => Same::Cube(*side, "beaver"),
                ActionKind::Raccoon(_) => Same::Cube(*side, "raccoon"),
                ActionKind::Take => Same::Cube(*side, "take"),
                ActionKind::Drop => Same::Cube(*side, "drop"),
                ActionKind::Win { points, .. } => Same::Win {
                    side: *side,
                    points: *points,
                },
                other => panic!("unexpected {other:?}"),
            }),
            _ => {}
        }
    }
    out
}

#[test]
fn self_play_sgf_and_mat_give_the_same_games_plays_cube_actions_and_results() {
    if shared_or_skip(
        "corpus/gnubg-selfplay",
        "the GNU Backgammon self-play corpus",
    )
    .is_none()
    {
        return;
    }
    let dir = shared().join("corpus/gnubg-selfplay");
    let (mut matches, mut differences) = (0, 0);
    for entry in fs::read_dir(dir.join("sgf")).expect("sgf dir") {
        let path = entry.expect("entry").path();
        let stem = path
            .file_stem()
            .and_then(|s| s.to_str())
            .expect("name")
            .to_owned();
        let sgf_text = fs::read_to_string(&path).expect("sgf");
        let mat_text =
            fs::read_to_string(dir.join("mat").join(format!("{stem}.mat"))).expect("mat");
        let from_sgf = read(&sgf_text);
        let mut recorder = Recorder::default();
        parse::mat::read(&mat_text, &mut recorder);
        let from_mat = recorder.events;
        let (a, b) = (same(&from_sgf), same(&from_mat));
        assert!(!b.is_empty(), "{stem}: the .mat gave no events");
        for (i, (x, y)) in a.iter().zip(&b).enumerate() {
            // Money play under the Jacoby rule, cube centred, a backgammon on
            // the board: the SGF result counts 1 point (Jacoby), GNU
            // Backgammon's .mat export writes the board's 3.
            let jacoby = [("gs-0031", 148), ("gs-0043", 588)].contains(&(stem.as_str(), i));
            if jacoby {
                assert!(
                    matches!((x, y), (Same::Win { points: Some(1), side: s1 }, Same::Win { points: Some(3), side: s2 }) if s1 == s2),
                    "{stem}: event {i}: {x:?} / {y:?}"
                );
                differences += 1;
                continue;
            }
            assert_eq!(x, y, "{stem}: event {i}");
        }
        assert_eq!(a.len(), b.len(), "{stem}");
        let length =
            |events: &[Event]| match events.iter().find(|e| matches!(e, Event::Match { .. })) {
                Some(Event::Match { length, .. }) => *length,
                _ => u32::MAX,
            };
        assert_eq!(length(&from_sgf), length(&from_mat), "{stem}");
        matches += 1;
    }
    assert_eq!((matches, differences), (200, 2));
}
