use super::super::lines::Lines;
use super::*;

fn cells(text: &str) -> Vec<(&str, Option<u32>)> {
    let row = split_row(text).unwrap();
    row.cells()
        .iter()
        .map(|c| (&text[c.start()..c.end()], c.row))
        .collect()
}

fn sides(text: &str, threshold: u32) -> Vec<Side> {
    let line = Lines::new(text, 0, 1).next().unwrap();
    let row = split_row(text).unwrap();
    let columns: Vec<u32> = row.cells().iter().map(|c| line.column(c.start())).collect();
    RowLayout::sides(&columns, threshold)[..columns.len()].to_vec()
}

#[test]
fn cells_are_cut_at_their_first_word() {
    assert_eq!(
        cells("  2) 31: 6/5 8/5                 41: 6/5 9/5"),
        vec![("31: 6/5 8/5", Some(2)), ("41: 6/5 9/5", Some(2))]
    );
    assert_eq!(
        cells(" 10) 61: 9/8 13/7                 Doubles => 2"),
        vec![("61: 9/8 13/7", Some(10)), ("Doubles => 2", Some(10))]
    );
}

#[test]
fn a_concession_or_a_hidden_play_after_the_dice_stays_in_the_roll() {
    assert_eq!(
        cells("  30) 32: Concedes                      Wins 2 point"),
        vec![("32: Concedes", Some(30)), ("Wins 2 point", Some(30))]
    );
    assert_eq!(
        cells(" 29) 43: ????                           Wins 1 point"),
        vec![("43: ????", Some(29)), ("Wins 1 point", Some(29))]
    );
    // A hidden play without dice is a cell of its own, in either column.
    assert_eq!(
        cells(" 18) ????                               Wins 1 point"),
        vec![("????", Some(18)), ("Wins 1 point", Some(18))]
    );
    assert_eq!(
        cells(" 18) 52: 13/8 6/1                      ????"),
        vec![("52: 13/8 6/1", Some(18)), ("????", Some(18))]
    );
    // A concession far from the dice is the other column's.
    assert_eq!(
        cells("  9) 52:                         Concedes"),
        vec![("52:", Some(9)), ("Concedes", Some(9))]
    );
}

#[test]
fn touching_cells_with_one_space_are_two_cells() {
    assert_eq!(
        cells("  4) 11: 25/24 24/23 23/22* 22/21 54: 25/20 10/6"),
        vec![
            ("11: 25/24 24/23 23/22* 22/21", Some(4)),
            ("54: 25/20 10/6", Some(4))
        ]
    );
}

#[test]
fn rows_without_a_number_start_with_a_cell() {
    assert_eq!(cells("      Wins 2 points"), vec![("Wins 2 points", None)]);
    assert!(split_row(" Rupert : 0                     Niaj : 0").is_none());
    assert!(split_row(" Game 1").is_none());
}

#[test]
fn unknown_text_after_the_row_number_is_a_cell() {
    assert_eq!(
        cells(" 12) 13-7 8/7                    61: 13/7"),
        vec![("13-7 8/7", Some(12)), ("61: 13/7", Some(12))]
    );
}

#[test]
fn the_dump_is_one_cell_whatever_its_names() {
    let text = " 24) 11: Illegal play (25;0;1;0;0;Wins 3;nori;0;10;8;2;1;0;3;4;2;2;2;0;0;0;0;0;0;0;0;0;0;0;0;0;-3;-3;-3;-2;-2;-2;2;1;1;) 11: ";
    let got = cells(text);
    assert_eq!(got.len(), 2);
    assert!(got[0].0.ends_with(";1;1;)"));
    assert_eq!(got[1].0, "11:");
}

#[test]
fn a_repeated_row_number_ends_the_cell_before_it() {
    let text = " 24) 43: 21/18 18/14              24)  Losses 2 point                                               Wins 2 point and the match";
    let row = split_row(text).unwrap();
    assert_eq!(row.inner_numbers(), &[InnerNumber { value: 24, at: 34 }]);
    assert_eq!(
        cells(text),
        vec![
            ("43: 21/18 18/14", Some(24)),
            ("Losses 2 point", Some(24)),
            ("Wins 2 point and the match", Some(24))
        ]
    );
    assert_eq!(
        sides(text, 29),
        vec![Side::First, Side::Second, Side::First]
    );
}

#[test]
fn repeats_and_hit_marks_are_no_row_numbers() {
    let row = split_row("  5) 66: 13/7*(2) 7/1*(2)   44: 6/off(4)").unwrap();
    assert!(row.inner_numbers().is_empty());
    assert_eq!(row.cells().len(), 2);
}

#[test]
fn sides_follow_the_threshold() {
    assert_eq!(
        sides("  1)                             41: 13/9 24/23", 29),
        vec![Side::Second]
    );
    assert_eq!(sides("      Wins 1 point", 29), vec![Side::First]);
    assert_eq!(
        sides("                                  Wins 4 point", 29),
        vec![Side::Second]
    );
}

#[test]
fn the_threshold_is_the_commonest_second_column_minus_four() {
    let text = "  1) 52: 13/8 24/22              54: 24/20 13/8\n  2) 65: 24/18 18/13             32: 6/3* 13/11\n  3) 44: 24/20 24/20 13/9 13/9 32: 6/3* 13/11\n";
    let mut learner = ColumnLearner::default();
    for line in Lines::new(text, 0, 1) {
        learner.add(&line, &split_row(line.text).unwrap());
    }
    assert_eq!(learner.threshold(), 29);
    assert_eq!(ColumnLearner::default().threshold(), 29);
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]

    /// The commonest column kept as the votes come is the one a scan of
    /// the counts at the end finds: the largest count, the leftmost of
    /// equals, columns up to the left limit and past the width unheard.
    #[test]
    fn the_mode_kept_as_votes_come_is_the_mode_of_the_counts(
        votes in proptest::collection::vec((proptest::bool::ANY, 0u32..170), 0..60),
    ) {
        let mut learner = ColumnLearner::default();
        for &(second, column) in &votes {
            let histogram = if second { &mut learner.second } else { &mut learner.lone_right };
            ColumnLearner::count(histogram, column);
        }
        let scan = |histogram: &Histogram| {
            histogram
                .counts
                .iter()
                .enumerate()
                .filter(|&(_, &n)| n > 0)
                .max_by(|a, b| a.1.cmp(b.1).then(b.0.cmp(&a.0)))
                .map(|(column, _)| column as u32)
        };
        let expected = scan(&learner.second)
            .or_else(|| scan(&learner.lone_right))
            .map_or(ColumnLearner::DEFAULT, |column| {
                column.saturating_sub(4).max(ColumnLearner::LEFT_LIMIT)
            });
        proptest::prop_assert_eq!(learner.threshold(), expected);
    }
}

#[test]
fn special_bytes_are_found_eight_at_a_time() {
    let text = b"13/9 24/23 8/5* 6/5(2)   61: 13/7";
    assert_eq!(next_special(text, 0), 21);
    assert_eq!(next_special(text, 22), 27);
    assert_eq!(next_special(b"1/2 3/4 5/6 7/8", 0), 15);
    for (i, special) in [b'A', b'z', b'?', b':', b')', 0xC3].into_iter().enumerate() {
        let mut line = *b"0123456789/*( -0123";
        line[i + 3] = special;
        assert_eq!(next_special(&line, 0), i + 3, "{special}");
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(3000))]

    /// A cube or result cell read by [`word_cell`] is what the general
    /// cell reader reads from its text, and a cell start there.
    #[test]
    fn word_cells_are_what_the_cell_reader_reads(
        text in "(Takes|Drops|Doubles|Beavers|Wins|Raccoons|takes|DROPS|Wins 1 point|Doubles => 2)\
                 ( |  |=|=>| => |>|1|02|4|123456789|1234567890|99999999999| point| points|s|x|\\)|\t|\n|\r| and the match)*"
    ) {
        use crate::parse::PlayerName;
        use crate::side::ByPlayer;
        let bytes = text.as_bytes();
        if let Some((said, size)) = word_cell(bytes) {
            let names = ByPlayer::new(PlayerName::default(), PlayerName::default());
            let frame = super::super::dump::Frame {
                names: &names,
                column: Side::First,
            };
            let kind = super::super::cell::parse(&text[..size], &frame);
            let expected = match said {
                Said::Roll(dice) => crate::parse::ActionKind::Roll {
                    dice: Some(dice),
                    play: crate::parse::Written::Empty,
                },
                Said::Double(n) => crate::parse::ActionKind::Double(Some(n)),
                Said::Beaver(n) => crate::parse::ActionKind::Beaver(Some(n)),
                Said::Take => crate::parse::ActionKind::Take,
                Said::Drop => crate::parse::ActionKind::Drop,
                Said::Win(n) => crate::parse::ActionKind::Win {
                    points: Some(n),
                    and_match: false,
                    resigned: false,
                },
            };
            proptest::prop_assert_eq!(kind, Ok(expected), "{:?}", text);
            proptest::prop_assert!(is_cell_start(bytes, 0));
            proptest::prop_assert!(matches!(bytes.get(size..), Some([] | [b' ' | b'\n' | b'\r', ..])));
        }
    }
}

#[test]
fn word_cells_in_the_servers_spelling() {
    assert_eq!(
        word_cell(b"Doubles => 2   Takes"),
        Some((Said::Double(2), 12))
    );
    assert_eq!(word_cell(b"Beavers => 16\n"), Some((Said::Beaver(16), 13)));
    assert_eq!(word_cell(b"Takes"), Some((Said::Take, 5)));
    assert_eq!(word_cell(b"Drops\r\n"), Some((Said::Drop, 5)));
    assert_eq!(word_cell(b"Wins 1 point "), Some((Said::Win(1), 12)));
    assert_eq!(word_cell(b"Wins 12 points"), Some((Said::Win(12), 14)));
    for other in [
        &b"Doubles"[..],
        b"Doubles => 2)",
        b"Doubles => 1234567890",
        b"Doubles =>  2",
        b"Takesx",
        b"Takes\t",
        b"takes",
        b"Wins 1 pointx",
        b"Wins 1",
        b"Wins  1 point",
        b"Raccoons => 8",
    ] {
        assert_eq!(word_cell(other), None, "{other:?}");
    }
}

#[test]
fn cell_words_need_a_word_boundary() {
    assert_eq!(word_at(b"Wins 1 point"), Some((Word::Win, 4)));
    assert_eq!(word_at(b"Winston"), None);
    assert_eq!(word_at(b"DROPS"), Some((Word::Drop, 5)));
    assert_eq!(word_at(b"Resigned Game"), Some((Word::Resigned, 8)));
    assert_eq!(word_at(b"Resign gammon"), Some((Word::Resign, 6)));
    assert_eq!(word_at(b"bar/22"), None);
}
