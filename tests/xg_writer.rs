//! A small eXtreme Gammon file writer, for tests only: it builds the RGMH
//! container, the zlib archive and the 2,560-byte game records the reader
//! decodes, from records described field by field or from one of our own
//! `.mat` transcripts. It writes what the reader needs (the fields it
//! decodes, at their offsets) and zeros elsewhere, as eXtreme Gammon leaves
//! unused fields. `fixtures/xg/` is made with it (see
//! `reader_xg::the_fixtures_are_what_the_writer_makes`).

#![allow(dead_code)]

use std::io::Write as _;

use bgaudit::parse::{self, Action, ActionKind, GameHeader, MatchHeader, Visitor, Written};
use bgaudit::side::Side;
use flate2::Compression;
use flate2::write::ZlibEncoder;

/// Size of a game record.
pub const RECORD: usize = 2560;
/// Size of the RGMH header.
pub const HEADER: usize = 8232;

fn put(record: &mut [u8], at: usize, bytes: &[u8]) {
    record[at..at + bytes.len()].copy_from_slice(bytes);
}

fn put_i32(record: &mut [u8], at: usize, value: i32) {
    put(record, at, &value.to_le_bytes());
}

/// A Delphi `string[n]` (Latin-1 letters only).
fn put_ansi(record: &mut [u8], at: usize, n: usize, text: &str) {
    let bytes: Vec<u8> = text
        .chars()
        .map(|c| u8::try_from(u32::from(c)).unwrap_or(b'?'))
        .take(n)
        .collect();
    record[at] = u8::try_from(bytes.len()).unwrap();
    put(record, at + 1, &bytes);
}

/// A NUL-terminated UTF-16 field of `units` units.
fn put_wide(record: &mut [u8], at: usize, units: usize, text: &str) {
    for (k, unit) in text.encode_utf16().take(units - 1).enumerate() {
        put(record, at + 2 * k, &unit.to_le_bytes());
    }
}

fn record(kind: u8) -> Vec<u8> {
    let mut r = vec![0u8; RECORD];
    r[8] = kind;
    r
}

/// The match header's settings.
#[derive(Clone, Debug)]
pub struct MatchSpec {
    /// Player 1 (left column) and player 2.
    pub players: [String; 2],
    /// Match length; 99999 for money.
    pub length: i32,
    /// 0 backgammon, 1 Nackgammon, 2 Hypergammon.
    pub variation: i32,
    /// Crawford rule.
    pub crawford: bool,
    /// Jacoby rule.
    pub jacoby: bool,
    /// Beavers.
    pub beaver: bool,
    /// Cube limit as a power of two.
    pub cube_limit: i32,
    /// Event name.
    pub event: String,
    /// Format version.
    pub version: i32,
    /// Index of the match's opening comment, or -1.
    pub comment: i32,
}

impl MatchSpec {
    /// A match between `a` and `b` with XG's defaults (Crawford, cube
    /// limit 1024).
    pub fn new(a: &str, b: &str, length: i32) -> MatchSpec {
        MatchSpec {
            players: [a.into(), b.into()],
            length,
            variation: 0,
            crawford: length != 99_999,
            jacoby: false,
            beaver: false,
            cube_limit: 10,
            event: "Fixture".into(),
            version: 32,
            comment: -1,
        }
    }
}

/// Builds a game stream record by record.
#[derive(Clone, Debug, Default)]
pub struct Writer {
    /// The records so far.
    pub records: Vec<Vec<u8>>,
    /// The comments, RTF, by index.
    pub comments: Vec<String>,
}

impl Writer {
    /// A stream that starts with the match header.
    pub fn new(spec: &MatchSpec) -> Writer {
        let mut r = record(0);
        put_ansi(&mut r, 9, 40, &spec.players[0]);
        put_ansi(&mut r, 50, 40, &spec.players[1]);
        put_i32(&mut r, 92, spec.length);
        put_i32(&mut r, 96, spec.variation);
        r[100] = u8::from(spec.crawford);
        r[101] = u8::from(spec.jacoby);
        r[102] = u8::from(spec.beaver);
        // 2026-11-22 19:30.
        put(&mut r, 128, &46_348.812_5f64.to_le_bytes());
        put_ansi(&mut r, 136, 128, &spec.event);
        put_i32(&mut r, 552, spec.version);
        put(&mut r, 556, b"DMLI");
        put_i32(&mut r, 576, spec.comment);
        put_i32(&mut r, 580, -1);
        put_i32(&mut r, 612, spec.cube_limit);
        put_wide(&mut r, 622, 129, &spec.event);
        put_wide(&mut r, 880, 129, &spec.players[0]);
        put_wide(&mut r, 1138, 129, &spec.players[1]);
        put_wide(&mut r, 1396, 129, "bgaudit fixtures");
        put_wide(&mut r, 1960, 129, "the xg writer of the tests");
        Writer {
            records: vec![r],
            comments: Vec::new(),
        }
    }

    /// Adds a comment (plain text, wrapped in RTF) and gives its index.
    pub fn comment(&mut self, text: &str) -> i32 {
        self.comments.push(format!(
            "{{\\rtf1\\ansi\\ansicpg1252{{\\fonttbl{{\\f0 Arial;}}}}\u{1}\u{2}\\pard\\f0 {}\\par\u{1}\u{2}}}",
            text.replace('\\', "\\\\").replace('{', "\\{").replace('}', "\\}")
        ));
        i32::try_from(self.comments.len() - 1).unwrap()
    }

    /// A game header.
    pub fn game(&mut self, number: i32, scores: [i32; 2], crawford: bool, comment: i32) {
        let mut r = record(1);
        put_i32(&mut r, 12, scores[0]);
        put_i32(&mut r, 16, scores[1]);
        r[20] = u8::from(crawford);
        put_i32(&mut r, 48, number);
        put_i32(&mut r, 56, comment);
        put_i32(&mut r, 60, -1);
        self.records.push(r);
    }

    /// A cube record: `double` 1 doubles (0 no, -2 not possible), `take`
    /// 0 drop, 1 take, 2 beaver, -1 none; `cube` the cube before (0
    /// centred, +n 2^n owned by player 1, -n by player 2).
    pub fn cube(&mut self, active: i32, double: i32, take: i32, cube: i32) {
        self.cube_animals(active, double, take, -1, -1, cube);
    }

    /// A cube record with the answers to a beaver (1 accepted, 2 raccoon)
    /// and to a raccoon (0 drop, 1 take).
    pub fn cube_animals(
        &mut self,
        active: i32,
        double: i32,
        take: i32,
        beaver_answer: i32,
        raccoon_answer: i32,
        cube: i32,
    ) {
        let mut r = record(2);
        for (k, v) in [active, double, take, beaver_answer, raccoon_answer, cube]
            .into_iter()
            .enumerate()
        {
            put_i32(&mut r, 12 + 4 * k, v);
        }
        put(&mut r, 208, b"\x0277");
        put_i32(&mut r, 292, -1);
        self.records.push(r);
    }

    /// A cube record with no decision that carries a position (from the
    /// side of `active`, in XG's board layout) and the dice rolled after it,
    /// as a position file (`.xgp`) stores its position.
    pub fn position(&mut self, active: i32, board: [i8; 26], dice: Option<[u8; 2]>) {
        self.cube(active, -1, -1, 0);
        let r = self
            .records
            .last_mut()
            .expect("the cube record just pushed");
        for (k, &count) in board.iter().enumerate() {
            r[36 + k] = count.to_le_bytes()[0];
        }
        let digits = dice.map_or(*b"77", |[a, b]| [b'0' + a, b'0' + b]);
        put(r, 209, &digits);
    }

    /// A move record; `moves` are from/to pairs in XG's numbering (0-based,
    /// 24 = bar, negative `to` = off).
    pub fn play(&mut self, active: i32, dice: [i32; 2], moves: &[(i32, i32)], played: bool) {
        self.play_full(active, dice, moves, played, 0, -1);
    }

    /// A move record with its invalid flag and comment index.
    pub fn play_full(
        &mut self,
        active: i32,
        dice: [i32; 2],
        moves: &[(i32, i32)],
        played: bool,
        invalid: i32,
        comment: i32,
    ) {
        let mut r = record(3);
        put_i32(&mut r, 64, active);
        for k in 0..4 {
            let (from, to) = moves.get(k).copied().unwrap_or((-1, -1));
            let (from, to) = if played { (from, to) } else { (0, 0) };
            put_i32(&mut r, 68 + 8 * k, from);
            put_i32(&mut r, 72 + 8 * k, to);
        }
        put_i32(&mut r, 100, dice[0]);
        put_i32(&mut r, 104, dice[1]);
        r[2308] = u8::from(played);
        put_i32(&mut r, 2480, invalid);
        put_i32(&mut r, 2524, comment);
        self.records.push(r);
    }

    /// A game footer.
    pub fn game_footer(&mut self, scores: [i32; 2], winner: i32, points: i32, termination: i32) {
        let mut r = record(4);
        put_i32(&mut r, 12, scores[0]);
        put_i32(&mut r, 16, scores[1]);
        put_i32(&mut r, 24, winner);
        put_i32(&mut r, 28, points);
        put_i32(&mut r, 32, termination);
        self.records.push(r);
    }

    /// The match footer.
    pub fn match_footer(&mut self, scores: [i32; 2], winner: i32) {
        let mut r = record(5);
        put_i32(&mut r, 12, scores[0]);
        put_i32(&mut r, 16, scores[1]);
        put_i32(&mut r, 20, winner);
        self.records.push(r);
    }

    /// The game stream.
    pub fn game_stream(&self) -> Vec<u8> {
        self.records.concat()
    }

    /// The comment stream, when there are comments.
    pub fn comment_stream(&self) -> Option<Vec<u8>> {
        (!self.comments.is_empty()).then(|| {
            self.comments
                .iter()
                .flat_map(|c| c.bytes().chain(*b"\r\n"))
                .collect()
        })
    }

    /// The whole file.
    pub fn file(&self) -> Vec<u8> {
        let game = self.game_stream();
        let mut index = self.records[0].clone();
        index.extend_from_slice(self.records.last().unwrap());
        let comments = self.comment_stream();
        let mut streams: Vec<(&str, &[u8])> = vec![("temp.xg", &game), ("temp.xgi", &index)];
        if let Some(c) = &comments {
            streams.push(("temp.xgc", c));
        }
        container(&streams, b"\xff\xd8 a thumbnail \xff\xd9")
    }
}

fn zlib(bytes: &[u8]) -> Vec<u8> {
    let mut encoder = ZlibEncoder::new(Vec::new(), Compression::default());
    encoder.write_all(bytes).unwrap();
    encoder.finish().unwrap()
}

fn crc(bytes: &[u8]) -> u32 {
    let mut crc = flate2::Crc::new();
    crc.update(bytes);
    crc.sum()
}

/// An RGMH container holding `streams` (all compressed).
pub fn container(streams: &[(&str, &[u8])], thumbnail: &[u8]) -> Vec<u8> {
    let raw: Vec<(&str, &[u8], u32, usize)> = streams
        .iter()
        .map(|&(name, data)| (name, data, crc(data), data.len()))
        .collect();
    container_raw(&raw, thumbnail)
}

/// A container whose registry gives each stream the CRC given.
pub fn container_with_crc(streams: &[(&str, &[u8], u32)], thumbnail: &[u8]) -> Vec<u8> {
    let raw: Vec<(&str, &[u8], u32, usize)> = streams
        .iter()
        .map(|&(name, data, crc)| (name, data, crc, data.len()))
        .collect();
    container_raw(&raw, thumbnail)
}

/// A container whose registry declares each stream's size as given.
pub fn container_declaring(streams: &[(&str, &[u8], usize)], thumbnail: &[u8]) -> Vec<u8> {
    let raw: Vec<(&str, &[u8], u32, usize)> = streams
        .iter()
        .map(|&(name, data, size)| (name, data, crc(data), size))
        .collect();
    container_raw(&raw, thumbnail)
}

/// A container from streams with their registry CRC and declared size.
fn container_raw(streams: &[(&str, &[u8], u32, usize)], thumbnail: &[u8]) -> Vec<u8> {
    let mut header = vec![0u8; HEADER];
    put(&mut header, 0, b"RGMH");
    put_i32(&mut header, 4, 1);
    put_i32(&mut header, 8, i32::try_from(HEADER).unwrap());
    put_i32(&mut header, 20, i32::try_from(thumbnail.len()).unwrap());
    put_wide(&mut header, 40, 1024, "Played on bgaudit fixtures");
    put_wide(
        &mut header,
        40 + 2048,
        1024,
        "a fixture written by the tests",
    );
    let mut archive = Vec::new();
    let mut registry = Vec::new();
    for &(name, data, crc, declared) in streams {
        let compressed = zlib(data);
        let mut entry = vec![0u8; 532];
        entry[0] = u8::try_from(name.len()).unwrap();
        put(&mut entry, 1, name.as_bytes());
        put_i32(&mut entry, 512, i32::try_from(declared).unwrap());
        put_i32(&mut entry, 516, i32::try_from(compressed.len()).unwrap());
        put_i32(&mut entry, 520, i32::try_from(archive.len()).unwrap());
        put(&mut entry, 524, &crc.to_le_bytes());
        entry[529] = 2;
        registry.extend_from_slice(&entry);
        archive.extend_from_slice(&compressed);
    }
    let archive_size = archive.len();
    let registry = zlib(&registry);
    archive.extend_from_slice(&registry);
    let mut trailer = vec![0u8; 36];
    put_i32(&mut trailer, 4, i32::try_from(streams.len()).unwrap());
    put_i32(&mut trailer, 8, 1);
    put_i32(&mut trailer, 12, i32::try_from(registry.len()).unwrap());
    put_i32(&mut trailer, 16, i32::try_from(archive_size).unwrap());
    trailer[20] = 1;
    put(&mut trailer, 0, &crc(&archive).to_le_bytes());
    archive.extend_from_slice(&trailer);
    let mut file = header;
    file.extend_from_slice(thumbnail);
    file.extend_from_slice(&archive);
    file
}

/// A game of a transcript: number, start scores, actions.
type Game = (Option<u32>, [u32; 2], Vec<(Side, ActionKind)>);

/// The reader events of a `.mat` transcript, owned.
#[derive(Default)]
struct Events {
    length: u32,
    tags: Vec<(String, String)>,
    players: [String; 2],
    games: Vec<Game>,
}

impl Visitor<'_> for Events {
    fn begin_match(&mut self, header: &MatchHeader<'_>) {
        self.length = header.length;
        self.tags = header
            .tags
            .iter()
            .map(|t| (t.key.to_owned(), t.value.to_owned()))
            .collect();
    }
    fn begin_game(&mut self, header: &GameHeader<'_>) {
        self.players = [
            header.names.first.name.to_owned(),
            header.names.second.name.to_owned(),
        ];
        let scores = [
            header.scores.first.unwrap_or_default(),
            header.scores.second.unwrap_or_default(),
        ];
        self.games.push((header.number, scores, Vec::new()));
    }
    fn action(&mut self, action: &Action<'_>) {
        if let Some(game) = self.games.last_mut() {
            game.2.push((action.side, action.kind.clone()));
        }
    }
}

/// 1 for player 1 (the left column), -1 for player 2.
fn player(side: Side) -> i32 {
    match side {
        Side::First => 1,
        Side::Second => -1,
    }
}

/// Writes the match of a `.mat` transcript as eXtreme Gammon would: one
/// cube record per turn (with the double and its answer when there is
/// one), one move record per roll, a footer per game. Plays are written
/// hop by hop as the transcript has them; hit marks are not stored.
pub fn from_mat(text: &str) -> Writer {
    let mut events = Events::default();
    let format = parse::read(text.as_bytes(), &mut events);
    assert_eq!(format, Some(parse::Format::Mat), "not a .mat transcript");
    let tag = |key: &str| {
        events
            .tags
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(key))
            .map(|(_, v)| v.eq_ignore_ascii_case("on"))
    };
    let length = if events.length == 0 {
        99_999
    } else {
        i32::try_from(events.length).unwrap()
    };
    let mut spec = MatchSpec::new(&events.players[0], &events.players[1], length);
    spec.crawford = tag("Crawford").unwrap_or(length != 99_999);
    spec.jacoby = tag("Jacoby").unwrap_or(false);
    spec.beaver = tag("Beaver").unwrap_or(false);
    let mut w = Writer::new(&spec);
    let mut final_scores = [0i32; 2];
    let mut winner = 0;
    let mut match_point_seen = false;
    for (number, scores, actions) in &events.games {
        let scores = scores.map(|s| i32::try_from(s).unwrap());
        let number = i32::try_from(number.unwrap_or_default()).unwrap();
        // The Crawford game: the first game one player starts a point short.
        let match_point = length != 99_999 && scores.iter().any(|&s| s == length - 1);
        let crawford = spec.crawford && match_point && !match_point_seen;
        match_point_seen |= match_point;
        w.game(number, scores, crawford, -1);
        // The cube: level (2^level) and owner (1, -1, 0).
        let (mut level, mut owner) = (0i32, 0i32);
        let mut dropped = false;
        let mut turn_cube_written: Option<Side> = None;
        let mut k = 0;
        while k < actions.len() {
            let (side, kind) = &actions[k];
            match kind {
                ActionKind::Double(_) => {
                    let kind_at = |i: usize| actions.get(i).map(|(_, a)| a.clone());
                    let (take, beaver_answer, raccoon_answer, skip) =
                        match (kind_at(k + 1), kind_at(k + 2), kind_at(k + 3)) {
                            (Some(ActionKind::Take), ..) => (1, -1, -1, 1),
                            (Some(ActionKind::Drop), ..) => (0, -1, -1, 1),
                            (
                                Some(ActionKind::Beaver(_)),
                                Some(ActionKind::Raccoon(_)),
                                Some(ActionKind::Take),
                            ) => (2, 2, 1, 3),
                            (
                                Some(ActionKind::Beaver(_)),
                                Some(ActionKind::Raccoon(_)),
                                Some(ActionKind::Drop),
                            ) => (2, 2, 0, 3),
                            (Some(ActionKind::Beaver(_)), Some(ActionKind::Raccoon(_)), _) => {
                                (2, 2, -1, 2)
                            }
                            (Some(ActionKind::Beaver(_)), ..) => (2, 1, -1, 1),
                            _ => (-1, -1, -1, 0),
                        };
                    let cube = if owner < 0 { -level } else { level };
                    w.cube_animals(player(*side), 1, take, beaver_answer, raccoon_answer, cube);
                    turn_cube_written = Some(*side);
                    match take {
                        0 => dropped = true,
                        2 if raccoon_answer == 0 => dropped = true,
                        1 => (level, owner) = (level + 1, -player(*side)),
                        2 if beaver_answer == 2 => (level, owner) = (level + 3, player(*side)),
                        2 => (level, owner) = (level + 2, -player(*side)),
                        _ => {}
                    }
                    k += 1 + skip;
                    continue;
                }
                ActionKind::Roll { dice, play } => {
                    if turn_cube_written != Some(*side) {
                        let cube = if owner < 0 { -level } else { level };
                        w.cube(player(*side), 0, -1, cube);
                    }
                    turn_cube_written = None;
                    let dice = dice.map_or([0, 0], |r| {
                        [i32::from(r.first.pips()), i32::from(r.second.pips())]
                    });
                    match play {
                        Written::Moves(notation) => {
                            let moves: Vec<(i32, i32)> = notation
                                .hops()
                                .iter()
                                .map(|h| (i32::from(h.from) - 1, i32::from(h.to) - 1))
                                .collect();
                            w.play(player(*side), dice, &moves, true);
                        }
                        Written::Empty | Written::CannotMove => {
                            w.play(player(*side), dice, &[], true);
                        }
                        Written::Hidden | Written::Conceded => {
                            w.play(player(*side), dice, &[], false);
                        }
                        Written::Dump(_) => panic!("dumps are not written"),
                    }
                }
                ActionKind::Win { points, .. } => {
                    let points = i32::try_from(points.unwrap_or(1)).unwrap();
                    let mut after = scores;
                    after[side.index()] += points;
                    final_scores = after;
                    winner = player(*side);
                    w.game_footer(after, winner, points, if dropped { 0 } else { 1 });
                }
                ActionKind::Take
                | ActionKind::Drop
                | ActionKind::Beaver(_)
                | ActionKind::Raccoon(_) => {
                    panic!("an answer without a double")
                }
                other => panic!("not written: {other:?}"),
            }
            k += 1;
        }
    }
    w.match_footer(final_scores, winner);
    w
}
