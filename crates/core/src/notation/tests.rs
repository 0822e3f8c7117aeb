use super::*;
use proptest::prelude::*;

#[test]
fn groups_are_read_up_to_the_first_word_that_is_none() {
    for (text, end, stop, play) in [
        ("8/5 6/5                 51: 13/8", 7, 24, "8/5 6/5"),
        ("8/5 6/5 \t  \t51: 13/8", 7, 8, "8/5 6/5"),
        ("8/5 6/5\t51: 13/8", 3, 4, "8/5"),
        ("bar/20* 13/7(2)", 15, 15, "bar/20* 13/7(2)"),
        ("bar/20* 13/7(2)\n2) 51: 13/8", 15, 15, "bar/20* 13/7(2)"),
        ("8/5 6/5   \r\n", 7, 10, "8/5 6/5"),
        ("8/5 6/5\r", 7, 7, "8/5 6/5"),
        ("24/18 18/13x 51:", 5, 6, "24/18"),
        ("51: 13/8", 0, 0, ""),
        ("13/7(5) 51:", 0, 0, ""),
        ("6/5          ", 3, 13, "6/5"),
        ("\n6/5", 0, 0, ""),
        ("8/5 6/5 51: 13/8", 7, 8, "8/5 6/5"),
        ("8/5 6/5 5:1 13/8", 7, 8, "8/5 6/5"),
        ("8/5 b*: 13/8", 3, 4, "8/5"),
        ("8/5 1/: 13/8", 3, 4, "8/5"),
        ("8/5 1/5: 13/8", 3, 4, "8/5"),
        ("8/5 13/7*: 13/8", 3, 4, "8/5"),
        ("8/5 \n", 3, 4, "8/5"),
        ("8/5 6/5 \r\n", 7, 8, "8/5 6/5"),
        ("13/8 6/5 *", 8, 9, "13/8 6/5"),
    ] {
        let mut read = PlayNotation::empty();
        assert_eq!(
            read.read_line_groups(text.as_bytes()),
            (end, stop),
            "{text:?}"
        );
        assert_eq!(read, PlayNotation::parse(play).unwrap(), "{text:?}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// The fast reader agrees with the grammar wherever it answers.
    #[test]
    fn the_fast_reader_agrees_with_the_grammar(text in "[0-9/*() bBaArRoOfF\t(1234)x-]{0,24}") {
        let mut fast = PlayNotation::empty();
        if fast::parse(&text, &mut fast) {
            prop_assert_eq!(Ok(fast), PlayNotation::parse_grammar(&text));
        }
    }

    /// The common group read from eight bytes is the one the byte
    /// patterns of `simple_group` read, added where there is room.
    #[test]
    fn the_common_group_from_eight_bytes_is_the_patterns_one(
        text in "[0-9][0-9/*]{0,6}[0-9/* \r\n:bx]{0,6}[0-9/* ]{1,4}",
        held in 0usize..=16,
    ) {
        let bytes = text.as_bytes();
        if let Some(head) = bytes.first_chunk::<8>() {
            let before = PlayNotation::from_hops(&vec![Hop { from: 1, to: 2, hit: false }; held]).unwrap();
            let mut read = before;
            let size = fast::simple_group_8(head, &mut read);
            let mut expected = before;
            let expected_size = fast::simple_group::<true>(bytes)
                .filter(|_| held < MAX_HOPS)
                .map_or(0, |(hop, after)| {
                    expected.push(hop);
                    bytes.len() - after.len()
                });
            prop_assert_eq!(size, expected_size, "{:?}", text);
            prop_assert_eq!(read, expected, "{:?}", text);
        }
    }

    /// The groups read up to a line end are the play the grammar reads
    /// from the text up to where they end, spaces only after them.
    #[test]
    fn groups_read_in_a_line_are_the_grammar_s(
        text in "[1-9b][0-9/*() bBaArRoOfF\t\r\n(1234)x:-]{0,30}"
    ) {
        let mut read = PlayNotation::empty();
        let (end, stop) = read.read_line_groups(text.as_bytes());
        let expected = if end == 0 {
            PlayNotation::empty()
        } else {
            PlayNotation::parse(&text[..end]).unwrap()
        };
        prop_assert_eq!(read, expected);
        prop_assert!(end <= stop && text[end..stop].bytes().all(|b| b == b' '));
    }

    /// Lines of groups as servers write them, one space or a run of
    /// them between groups, a line end or the next cell after them:
    /// the groups read and where they stop are those of the grammar,
    /// word by word, up to the first word that is none.
    #[test]
    fn server_lines_of_groups_are_read_as_the_grammar_reads_them(
        words in proptest::collection::vec(
            (
                prop_oneof![
                    (0u8..=30, 0u8..=30, any::<bool>())
                        .prop_map(|(from, to, hit)| format!("{from}/{to}{}", if hit { "*" } else { "" })),
                    Just("bar/20*".to_owned()),
                    Just("13/7*/1".to_owned()),
                    Just("6/off(2)".to_owned()),
                    Just("8/2(3)*".to_owned()),
                    Just("51:".to_owned()),
                    Just("x".to_owned()),
                ],
                prop_oneof![
                    4 => Just(" "),
                    1 => Just("  "),
                    1 => Just("              "),
                    1 => Just(""),
                    1 => Just(" \n"),
                    1 => Just("\n"),
                    1 => Just("\r\n"),
                    1 => Just("*"),
                ],
            ),
            1..24,
        )
    ) {
        let text: String = words.iter().map(|(word, after)| format!("{word}{after}")).collect();
        let line = &text[..text.find(['\n', '\r']).unwrap_or(text.len())];
        let (mut end, mut stop) = (0, line.len());
        let mut at = 0;
        while at < line.len() {
            let word_end = line[at..].find(' ').map_or(line.len(), |i| at + i);
            // A point of three digits or more ends the groups, though
            // the grammar reads one with leading zeros (`0/013`, made
            // of `0/0` and `13/7` written together).
            let long_point = line.as_bytes()[at..word_end]
                .windows(3)
                .any(|w| w.iter().all(u8::is_ascii_digit));
            if long_point || PlayNotation::parse(&line[..word_end]).is_err() {
                stop = at;
                break;
            }
            end = word_end;
            at = line[word_end..].find(|c| c != ' ').map_or(line.len(), |i| word_end + i);
        }
        let mut read = PlayNotation::empty();
        prop_assert_eq!(read.read_line_groups(text.as_bytes()), (end, stop), "{:?}", text);
        let expected = PlayNotation::parse(&text[..end]).unwrap();
        prop_assert_eq!(read, expected, "{:?}", text);
    }

    /// A word with a `:` as its third byte (the next cell's dice and
    /// near misses of them) ends the groups as the grammar would.
    #[test]
    fn groups_stop_at_a_colon_as_the_grammar_does(
        text in "[1-9b][0-9bo/*]{0,5} [0-9bBoO/*]{0,2}:[0-9/* ]{0,6}"
    ) {
        let mut read = PlayNotation::empty();
        let (end, _) = read.read_line_groups(text.as_bytes());
        let expected = if end == 0 {
            PlayNotation::empty()
        } else {
            PlayNotation::parse(&text[..end]).unwrap()
        };
        prop_assert_eq!(read, expected);
        let stopped = text.len() - text.trim_start_matches(|c| c != ' ').len();
        prop_assert!(end <= stopped, "{}", text);
    }

    /// Plays as written by servers take the fast path.
    #[test]
    fn server_plays_take_the_fast_path(
        groups in proptest::collection::vec(
            (0u8..=25, 0u8..=25, any::<bool>(), 0u8..=4, prop_oneof![Just(""), Just("bar"), Just("off")]),
            1..4,
        )
    ) {
        let text: Vec<String> = groups
            .iter()
            .map(|&(from, to, hit, repeat, word)| {
                let from = if word == "bar" { word.to_owned() } else { from.to_string() };
                let to = if word == "off" { word.to_owned() } else { to.to_string() };
                let repeat = if repeat > 0 { format!("({repeat})") } else { String::new() };
                format!("{from}/{to}{}{repeat}", if hit { "*" } else { "" })
            })
            .collect();
        let text = text.join(" ");
        let mut fast = PlayNotation::empty();
        prop_assert!(fast::parse(&text, &mut fast), "{}", text);
        prop_assert_eq!(Ok(fast), PlayNotation::parse_grammar(&text));
    }
}

fn hops(text: &str) -> Vec<(u8, u8, bool)> {
    PlayNotation::parse(text)
        .unwrap()
        .hops()
        .iter()
        .map(|h| (h.from, h.to, h.hit))
        .collect()
}

#[test]
fn gnubg_export_uses_25_and_0() {
    assert_eq!(hops("25/22 6/0"), vec![(25, 22, false), (6, 0, false)]);
}

#[test]
fn xg_words_for_bar_and_off_in_any_case() {
    assert_eq!(
        hops("bar/22 Bar/20 5/off 6/Off"),
        vec![
            (25, 22, false),
            (25, 20, false),
            (5, 0, false),
            (6, 0, false)
        ]
    );
    assert_eq!(hops("b/22 6/o"), vec![(25, 22, false), (6, 0, false)]);
}

#[test]
fn chains_become_hops_and_keep_their_hit_marks() {
    assert_eq!(hops("13/7*/1"), vec![(13, 7, true), (7, 1, false)]);
}

#[test]
fn repeats_repeat_the_whole_chain() {
    assert_eq!(hops("8/2*(2)"), vec![(8, 2, true), (8, 2, true)]);
    assert_eq!(hops("24/18/12(2)").len(), 4);
    assert_eq!(hops("6/off(4)").len(), 4);
}

#[test]
fn hit_mark_after_the_repeat_marks_the_landing() {
    assert_eq!(hops("6/3(2)*"), vec![(6, 3, true), (6, 3, true)]);
}

#[test]
fn trailing_spaces_are_accepted() {
    assert_eq!(hops(" 8/5 6/5 ").len(), 2);
}

#[test]
fn errors_say_where_and_what() {
    let err = PlayNotation::parse("24/18 13/x1").unwrap_err();
    assert_eq!(err.offset, 9);
    assert_eq!(err.expected, "a point (0-25, `bar` or `off`)");
    assert_eq!(PlayNotation::parse("13-7").unwrap_err().offset, 2);
    assert_eq!(PlayNotation::parse("24/26").unwrap_err().offset, 3);
    assert_eq!(
        PlayNotation::parse("24/18(5)").unwrap_err().expected,
        "a repeat count from 1 to 4"
    );
}

#[test]
fn parse_into_replaces_what_was_there() {
    let mut play = PlayNotation::parse("24/18 13/7 13/7 6/5").unwrap();
    play.parse_into("8/5 6/5").unwrap();
    assert_eq!(play, PlayNotation::parse("8/5 6/5").unwrap());
    assert!(play.parse_into("8/5 6-5").is_err());
    assert!(play.is_empty());
    play.parse_into("13/10(3) 9/6").unwrap();
    assert_eq!(play.hops().len(), 4);
}

#[test]
fn display_round_trips() {
    let play = PlayNotation::parse("bar/22* 13/7*/1 6/off(2)").unwrap();
    assert_eq!(play.to_string(), "bar/22* 13/7* 7/1 6/off 6/off");
    assert_eq!(PlayNotation::parse(&play.to_string()), Ok(play));
}
