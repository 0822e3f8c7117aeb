use super::*;

/// Every event, as its debug text.
#[derive(Default)]
struct Record(Vec<String>);

impl Visitor<'_> for Record {
    fn begin_match(&mut self, header: &MatchHeader<'_>) {
        self.0.push(format!("{header:?}"));
    }
    fn begin_game(&mut self, header: &GameHeader<'_>) {
        self.0.push(format!("{header:?}"));
    }
    fn action(&mut self, action: &Action<'_>) {
        self.0.push(format!("{action:?}"));
    }
    fn end_game(&mut self, at: Location) {
        self.0.push(format!("end game {at:?}"));
    }
    fn end_match(&mut self, at: Location) {
        self.0.push(format!("end match {at:?}"));
    }
    fn comment(&mut self, comment: &Comment<'_>) {
        self.0.push(format!("{comment:?}"));
    }
    fn problem(&mut self, problem: &Problem<'_>) {
        self.0.push(format!("{problem:?}"));
    }
}

fn events(text: &str, fast_rows: bool) -> Vec<String> {
    let mut record = Record::default();
    read_rows(text, &mut record, None, fast_rows);
    record.0
}

/// Files under `dir`, recursively.
fn files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            files(&path, out);
        } else {
            out.push(path);
        }
    }
}

#[test]
fn rows_read_in_one_pass_give_the_same_events() {
    let root = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."));
    let Some(corpus) = crate::test_util::shared_or_skip(
        "corpus",
        "the one-pass rows checked against the general path on every real record",
    ) else {
        return;
    };
    let mut paths = Vec::new();
    files(&corpus, &mut paths);
    files(&root.join("fixtures"), &mut paths);
    let mut read = 0;
    for path in paths {
        let Ok(bytes) = std::fs::read(&path) else {
            continue;
        };
        let Ok(decoded) = crate::parse::text::decode(&bytes) else {
            continue;
        };
        let text = decoded.text.as_ref();
        assert_eq!(
            events(text, true),
            events(text, false),
            "{}",
            path.display()
        );
        read += 1;
    }
    assert!(read > 2_000, "{read}");
}

#[test]
fn odd_rows_take_the_general_path_with_the_same_events() {
    let rows = [
        "  1) 31: 8/5 6/5                 51: 13/8 24/23",
        "  1) 31:8/5 6/5                 51: 13/8",
        "  1) 31:  8/5 6/5                51: 13/8",
        "  1) 31: \t8/5 6/5",
        "  1) 31:  ",
        "  1) 31: x",
        "  1) 31: 8/5  6/5 ",
        "  1) 31: 8/5 6/5x                51: 13/8",
        "  1) 31: 8/5 6/5 12) 51: 13/8",
        "  1) 31: 8/5 6/5   Doubles => 2",
        "  1) 31: 8/5 6/5   51:",
        "  1) 31:                         51: bar/20* 6/5",
        "  1) 07: 8/5                     00: ",
        "  1) 66: 13/7*(2) 7/1*(2)   44: 6/off(4)",
        "  1) 66: 13/7(5)                 44: 6/2(2)*",
        "  1) 31: 8/5 6/5 31: 8/5 31: 8/5 31: 8/5 31: 8/5",
        "  1) 11: 1/0 1/0 1/0 1/0 1/0 1/0 1/0 1/0 1/0 1/0 1/0 1/0 1/0 1/0 1/0 1/0 1/0",
        "  1) 31: 8/5 6/5 Illegal play",
        "  1) 52: Cannot Move             52: ???",
        "  1)",
        "  1) x",
        "      31: 8/5 6/5",
        "  1)  Doubles => 2                Takes",
        "  1)  Doubles => 2                Drops",
        "  1)  Drops                       Wins 1 point",
        "  1)  Drops                       Wins 2 points",
        "  1)  Drops                       Wins 2 points and the match",
        "  1)  Drops                       Wins 2 point and the match",
        "  1)  Doubles => 2                Beavers => 4",
        "  1)  Doubles => 2)               Takes",
        "  1)  Doubles => 2 3)             Takes",
        "  1)  Doubles =>  2               Takes",
        "  1)  Doubles=>2                  Takes",
        "  1)  Doubles                     Takes",
        "  1)  Doubles => 9999999999       Takes",
        "  1)  Doubles => 123456789        Takes",
        "  1)  Doubles => 02               Takes",
        "  1)  doubles => 2                TAKES",
        "  1)  Raccoons => 8               Takes",
        "  1)  Takes 31: 8/5 6/5",
        "  1)  Takes31: 8/5",
        "  1)  Takesx                      31: 8/5",
        "  1)  Takes x",
        "  1)  Takes  Drops  Takes  Drops  Takes",
        "  1)  Takes  Drops  Takes  Drops",
        "  1) 31: Doubles => 2",
        "  1) 31:  Takes",
        "  1) 31: 8/5 6/5  Takes           Wins 1 point",
        "  1)  Wins 1 pointx",
        "  1)  Wins 1 points x",
        "  1)  Wins x point",
        "  1)  Wins 1 point 2)",
        "  1)  Wins 1 point 31: 8/5",
        "  1)  Wins 1 point ????",
        "  1)  Takes ????",
        "  1)  Drops Concedes",
        "      Wins 1 point",
        "      Wins 1 point  ",
        "      Wins 2 points",
        "Wins 2 points",
        "\tWins 2 points",
        "      Wins 2 points and the match",
        "      Doubles => 2",
        "      Takes",
        "      Takes         31: 8/5 6/5",
        "      x Takes",
        "      1) Wins 1 point",
        "123) 31: 8/5 6/5",
        "  0) 31: 8/5 6/5",
        " 01) 31: 8/5 6/5",
        "1234567) 31: 8/5 6/5",
        "  1)31: 8/5 6/5",
        "  1 ) 31: 8/5 6/5",
        "  1a) 31: 8/5 6/5",
        "      Wins 1 point                 Wins 1 point",
    ];
    for row in rows {
        for text in [
            format!(" 1 point match\n\n Game 1\n A : 0    B : 0\n{row}\n"),
            format!(" 1 point match\n\n Game 1\n A : 0    B : 0\n{row}\n{row}\n"),
            format!(" 1 point match\n\n Game 1\n{row}\n"),
            format!(" 1 point match\n\n{row}\n Game 1\n A : 0    B : 0\n"),
        ] {
            assert_eq!(events(&text, true), events(&text, false), "{row}");
        }
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(600))]

    /// Matches of rows built from pieces (row numbers in and out of
    /// sequence, rolls with and without plays, cube and result cells,
    /// odd spacing, tabs, non-ASCII text, long rows, several games) give
    /// the same events whether the common rows are read in one pass and
    /// kept as read, or every row takes the general path.
    #[test]
    fn rows_built_from_pieces_give_the_same_events_both_ways(
        rows in proptest::collection::vec(
            (
                0usize..8,
                proptest::collection::vec((0usize..CELLS.len(), 0usize..SEPARATORS.len()), 0..6),
            ),
            0..14,
        ),
        end in 0usize..4,
        games in 1usize..3,
    ) {
        let end = ["\n", "\r\n", "\r", "  \n"][end];
        let mut text = format!(" 5 point match{end}{end}");
        for game in 1..=games {
            text.push_str(&format!(" Game {game}{end} A : 0                       B : 0{end}"));
            // The number after the last one written.
            let mut due = 1u32;
            for (number, cells) in &rows {
                let written = match number {
                    0 | 1 | 4 | 5 => due,
                    2 => due + 2,
                    // Three digits and more from here on.
                    7 => due + 100,
                    _ => due.saturating_sub(3).max(1),
                };
                match number {
                    0 | 2 | 6 | 7 => text.push_str(&format!("{written:>3}) ")),
                    1 => text.push_str(&format!("{written:>3})")),
                    3 => text.push_str("      "),
                    4 => text.push_str(&format!("{written}) ")),
                    _ => text.push_str(&format!("{written:>3})\t")),
                }
                if *number != 3 {
                    due = written + 1;
                }
                for &(cell, separator) in cells {
                    text.push_str(CELLS[cell]);
                    text.push_str(SEPARATORS[separator]);
                }
                text.push_str(end);
            }
        }
        proptest::prop_assert_eq!(events(&text, true), events(&text, false), "{:?}", text);
    }
}

/// Cells for the rows built from pieces.
const CELLS: [&str; 28] = [
    "31: 8/5 6/5",
    "42: 8/4 6/4",
    "66: 13/7*(2) 7/1*(2)",
    "55: 13/8 13/8 6/1 6/1",
    "61: bar/24 13/7*",
    "21: 6/off 5/4",
    "52:",
    "65: ",
    "07: 8/1",
    "43: 24/20 13/10x",
    "11: 1/0 1/0 1/0 1/0 1/0 1/0 1/0 1/0 1/0 1/0 1/0 1/0 1/0 1/0 1/0 1/0 1/0",
    "Doubles => 2",
    "Doubles => 16",
    "Beavers => 4",
    "Takes",
    "Drops",
    "Wins 1 point",
    "Wins 2 points",
    "Wins 4 points and the match",
    "32: Concedes",
    "????",
    "Jos\u{e9} 31: 8/5",
    "Illegal play",
    "12)",
    "64: 13/7/3",
    "41: B/20 6/5",
    "21: 6/o 5/4",
    "62: 26/20 013/11",
];

/// What follows a cell in the rows built from pieces.
const SEPARATORS: [&str; 6] = [" ", "", "  ", "                         ", "\t", " \u{a0}"];

#[test]
fn rows_read_in_one_pass_end_at_every_line_end() {
    let rows = [
        "  1) 31: 8/5 6/5                 51: 13/8 24/23",
        "  1) 31: 8/5 6/5                 51: 13/8 24/23      ",
        "  1) 31: 8/5 6/5                 51:",
        "  1) 31: 8/5 6/5                 51: ",
        "  1) 31: 8/5 6/5\t               51: 13/8 24/23",
        "  1) 31: 8/5\t6/5                51: 13/8 24/23",
        "\t1) 31: 8/5 6/5                 51: 13/8 24/23",
        "  1) 31: 8/5 6/5                 51: 13/8 bar/23*",
        "  1) 31: 8/5 6/5                 51: 13/8 Jos\u{e9}",
        "  1)  Doubles => 2                Takes",
        "  1)  Doubles => 2                Takes   ",
        "  1)  Drops                       Wins 1 point",
        "  1)  Drops                       Wins 1 point ",
        "      Wins 2 points",
        "      Wins 2 points\t",
    ];
    for row in rows {
        for end in ["\n", "\r\n", "\r", "", "\n\n", "\r\r\n"] {
            let text = format!(
                " 1 point match\r\n\n Game 1\n A : 0    B : 0\n{row}{end}  2) 52: 13/8 13/11{end}"
            );
            assert_eq!(events(&text, true), events(&text, false), "{row:?}{end:?}");
            let text = format!(" 1 point match\n\n Game 1\n A : 0    B : 0\n{row}{end}");
            assert_eq!(events(&text, true), events(&text, false), "{row:?}{end:?}");
        }
    }
}
