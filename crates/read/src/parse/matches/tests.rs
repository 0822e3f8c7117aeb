use super::*;
use crate::parse::match_text::{is_plain, read_match_text};
use crate::parse::plan::{Plan, plan};
use crate::parse::{Action, Comment, GameHeader, Location, MatchHeader, Problem, Visitor};

/// Where the matches of a text in memory start.
fn cut_points(text: &str) -> Vec<Start> {
    matches_of(text, Encoding::Utf8, false)
        .iter()
        .map(|piece| piece.start)
        .collect()
}

/// [`cut_points`] by a walk over every line, as the `.mat` reader counts
/// them.
fn walk_cut_points(text: &str) -> Vec<Start> {
    let mut points = vec![Start::FILE];
    let mut splitter = Splitter::default();
    let mut line = 1u32;
    for (content, byte) in mat::lines(text) {
        if let Some(start) = splitter.line(content, Start { byte, line }) {
            points.push(start);
        }
        line = line.saturating_add(1);
    }
    points
}

const TWO: &str = " 3 point match\n\n Game 1\n a : 0   b : 0\n  1) 31: 8/5 6/5\n\n\
                       ; a remark\n\n 5 point match\n\n Game 1\n";

#[test]
fn a_text_is_cut_before_the_header_of_each_match_after_the_first() {
    let points = cut_points(TWO);
    assert_eq!(
        points,
        [Start::FILE, Start { byte: 56, line: 6 }],
        "{:?}",
        &TWO[56..]
    );
    let pieces = matches_of(TWO, Encoding::Utf8, false);
    assert_eq!(pieces.len(), 2);
    assert!(pieces[1].text.starts_with("\n; a remark\n\n 5 point match"));
    assert!(pieces[1].last && !pieces[0].last);
    // The blank lines that end a file are left out.
    assert_eq!(without_blank_tail("a\r\n  \n\n\t\n"), 3);
    assert_eq!(without_blank_tail("a"), 1);
    assert_eq!(without_blank_tail("\n\n"), 2);
    // A move row is no match line; a text without any is one piece.
    assert_eq!(cut_points("nothing here\n").len(), 1);
}

#[test]
fn the_search_for_match_line_ends_cuts_as_the_walk_over_every_line() {
    let texts = [
        TWO,
        "",
        " 3 point match\n Game 1\n",
        " 3 point match\n Game 1\n Wins 3 points and the match\n",
        " 3 point match\n Game 1\n Wins 3 points and the MaTcH \t\n 5 Point Match",
        "Money session\n\n money SESSION\r\n",
        "Money session\r Money session",
        "; a match\n 1 point match\n; session x\n 2 point match \x0c\n",
        "match\nsession",
        "atch\nession\ncatch\nimpression",
        " 3 point match\n  1) 31: 8/5 6/5 7 point match\n 7 point match",
    ];
    for text in texts {
        assert_eq!(cut_points(text), walk_cut_points(text), "{text:?}");
    }
    assert_eq!(match_line_ends(b"match\nmatch"), 2);
    assert_eq!(match_line_ends(b"matchx\nmatch"), 1);
    assert_eq!(match_line_ends(b"Session  \r\nxmatch \t"), 2);
    assert_eq!(match_line_ends(b"ession\natch"), 0);
}

/// Every event as `kind location text`.
#[derive(Default)]
struct Events(Vec<String>);

impl<'a> Visitor<'a> for Events {
    fn begin_match(&mut self, h: &MatchHeader<'a>) {
        let tags: Vec<_> = h.tags.iter().map(|t| (t.key, t.location)).collect();
        self.0
            .push(format!("match {:?} {} {tags:?}", h.location, h.length));
    }
    fn begin_game(&mut self, h: &GameHeader<'a>) {
        self.0.push(format!(
            "game {:?} {:?} {:?}",
            h.location, h.score_location, h.number
        ));
    }
    fn action(&mut self, a: &Action<'a>) {
        self.0.push(format!("action {:?} {}", a.location, a.text));
    }
    fn end_game(&mut self, last: Location) {
        self.0.push(format!("end game {last:?}"));
    }
    fn end_match(&mut self, last: Location) {
        self.0.push(format!("end match {last:?}"));
    }
    fn comment(&mut self, c: &Comment<'a>) {
        self.0.push(format!("comment {:?} {}", c.location, c.text));
    }
    fn problem(&mut self, p: &Problem<'a>) {
        self.0.push(format!(
            "problem {:?} {:?} {}",
            p.location, p.kind, p.message
        ));
    }
}

#[test]
fn pieces_read_on_their_own_give_the_events_of_the_whole_text() {
    let text = format!(
        "; [Site \"x\"]\n{TWO}\n; [Event \"y\"]\n 1 point match\n\n Game 1\n a : 0   b : 0\n  \
             1) 31: 8/5 6/5   x{}y\n",
        '\0'
    );
    let (whole, parts, count) = whole_and_in_pieces(&text, true);
    assert_eq!(count, 3);
    assert!(whole.iter().any(|e| e.contains("BinaryData")));
    assert_eq!(parts, whole);
}

/// The events of `text` (which holds a suspect byte) read whole and
/// read in pieces (`stray` as the file decides), and the pieces' count.
fn whole_and_in_pieces(text: &str, stray: bool) -> (Vec<String>, Vec<String>, usize) {
    let mut whole = Events::default();
    let decoded = super::super::text::Decoded {
        text: Cow::Borrowed(text),
        encoding: Encoding::Utf8,
        suspect: true,
    };
    super::super::read_decoded(&decoded, &mut whole);
    let mut parts = Events::default();
    let pieces = matches_of(text, Encoding::Utf8, stray);
    for piece in &pieces {
        read_match_text(piece, &mut parts);
    }
    (whole.0, parts.0, pieces.len())
}

#[test]
fn a_line_of_white_space_other_than_ascii_blanks_is_cut_as_the_reader_reads_it() {
    // A vertical tab is white space to the reader (a blank line, so
    // the remark before it belongs to the next match's header), though
    // not an ASCII blank; likewise a no-break space.
    for blank in ["\x0B", " \t\x0B ", "\u{a0}"] {
        let text = format!(
            " 1 point match\n Game 1\n a : 0   b : 0\n  1) 31: 8/5 6/5\n; c\n{blank}\n \
                 1 point match\n Game 1\n a : 0   b : 0\n  1) 42: 8/4 6/4\n"
        );
        // One control byte in the text: tolerated, as the file decides.
        let stray = !super::super::stray::tolerated(text.as_bytes());
        let (whole, parts, count) = whole_and_in_pieces(&text, stray);
        assert_eq!(count, 2, "{blank:?}");
        assert!(whole.iter().any(|e| e.contains("comment")), "{blank:?}");
        assert_eq!(parts, whole, "{blank:?}");
    }
}

#[test]
fn a_line_longer_than_line_max_is_cut_and_the_rest_follows_in_place() {
    let mut text = String::new();
    for i in 0..3 {
        text.push_str(&format!(
            " 1 point match\n\n Game 1\n a : 0   b : 0\n  1) 31: 8/5 6/5\n{i}\n"
        ));
        if i == 0 {
            // A line of 3 MiB and change, of two-byte characters, in a CRLF line.
            text.push_str(&"é".repeat(3 * LINE_MAX / 2 + 7));
            text.push_str("\r\n; after\n");
        }
    }
    let streamed: Vec<MatchText<'static>> =
        MatchReader::file(text.as_bytes(), Encoding::Utf8, false)
            .collect::<io::Result<_>>()
            .unwrap();
    let whole = matches_of(&text, Encoding::Utf8, false);
    assert_eq!(streamed.len(), 3);
    assert_eq!(
        streamed[0].cut,
        [CutLine {
            byte: 58,
            line: 7,
            length: 3 * LINE_MAX as u64 + 14,
        }]
    );
    assert!(streamed[0].text.len() <= 58 + LINE_MAX + 20);
    assert!(streamed[0].text.ends_with("é\r\n"), "cut at a character");
    // The pieces after it start where they start in the file.
    for (cut, whole) in streamed.iter().zip(&whole).skip(1) {
        assert_eq!(cut, whole);
    }
    // Each part of the line read once: planned in bounded memory too.
    let plan = plan(text.as_bytes(), || Ok(text.as_bytes())).unwrap();
    assert_eq!(
        plan,
        Plan::Matches {
            encoding: Encoding::Utf8,
            stray: false
        }
    );
}

#[test]
fn a_file_read_in_blocks_gives_the_same_pieces() {
    let mut text = String::new();
    for i in 0..300 {
        text.push_str(&format!(
            "; [Event \"{i}\"]\r\n 1 point match\r\n\r\n Game 1\r\n"
        ));
        text.push_str(
            " a : 0                  b : 0\r\n  1) 31: 8/5 6/5        42: 8/4 6/4\r\n\r\n",
        );
        text.push_str(&"\n".repeat(i * 40));
    }
    let expected = matches_of(&text, Encoding::Utf8, false);
    let streamed: Vec<MatchText<'static>> =
        MatchReader::file(text.as_bytes(), Encoding::Utf8, false)
            .collect::<io::Result<_>>()
            .unwrap();
    assert_eq!(streamed.len(), 300);
    assert_eq!(streamed, expected);
    // After a byte-order mark.
    let mut bom = UTF8_BOM.to_vec();
    bom.extend_from_slice(text.as_bytes());
    let streamed: Vec<MatchText<'static>> = MatchReader::file(&bom[..], Encoding::Utf8Bom, false)
        .collect::<io::Result<_>>()
        .unwrap();
    assert_eq!(streamed, matches_of(&text, Encoding::Utf8Bom, false));
}

/// A file of `count` one-game matches, each named by its ordinal.
fn numbered(count: usize) -> String {
    (0..count)
        .map(|i| {
            format!(
                "; [Event \"{i}\"]\n 1 point match\n\n Game 1\n a : 0   b : 0\n  1) 31: 8/5 6/5\n\n"
            )
        })
        .collect()
}

#[test]
fn a_match_is_reached_past_the_others_without_keeping_them() {
    let text = numbered(5);
    let mut matches = MatchReader::text(&text, Encoding::Utf8, false);
    let skipped = matches.skip_match_with(is_plain).unwrap().unwrap();
    assert_eq!(skipped, (0, true));
    assert_eq!(matches.skip_match().unwrap().unwrap(), 1);
    let third = matches.next_match().unwrap().unwrap();
    assert_eq!(third, matches_of(&text, Encoding::Utf8, false)[2]);
    assert!(third.text.contains("\"2\""));
    let mut file = MatchReader::file(text.as_bytes(), Encoding::Utf8, false);
    assert_eq!(file.skip_match().unwrap().unwrap(), 0);
    assert_eq!(file.skip_match().unwrap().unwrap(), 1);
    let third = file.next_match().unwrap().unwrap();
    assert_eq!(third, matches_of(&text, Encoding::Utf8, false)[2]);
    // To the end: the last is known as the last, then nothing.
    assert_eq!(file.skip_match().unwrap().unwrap(), 3);
    let last = file.next_match().unwrap().unwrap();
    assert!(last.last && last.index == 4);
    assert!(file.next_match().unwrap().is_none());
    assert!(file.skip_match().unwrap().is_none());
    // A match with a character other than ASCII is not plain.
    let text = text.replace("\"1\"", "\"é\"");
    let mut matches = MatchReader::text(&text, Encoding::Utf8, false);
    assert!(matches.skip_match_with(is_plain).unwrap().unwrap().1);
    assert!(!matches.skip_match_with(is_plain).unwrap().unwrap().1);
}

#[test]
fn a_file_read_in_blocks_of_any_size_gives_the_matches_of_the_text() {
    /// A reader handing out at most `step` bytes a call.
    struct Trickle<'b>(&'b [u8], usize);
    impl Read for Trickle<'_> {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            let n = self.1.min(out.len()).min(self.0.len());
            out[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }
    // Two-byte characters across the blocks' ends, CRLF lines, a file
    // larger than a block.
    let text = numbered(8000).replace('\n', "\r\n").replace('a', "é");
    let expected = matches_of(&text, Encoding::Utf8, false);
    assert!(text.len() > 2 * BLOCK);
    for step in [1 << 20, 4093] {
        let read: Vec<MatchText<'static>> =
            MatchReader::file(Trickle(text.as_bytes(), step), Encoding::Utf8, false)
                .collect::<io::Result<_>>()
                .unwrap();
        assert_eq!(read, expected, "{step}");
    }
    // A file of one match, read in one block, is one match.
    let one = numbered(1);
    let read: Vec<_> = MatchReader::file(one.as_bytes(), Encoding::Utf8, false)
        .collect::<io::Result<_>>()
        .unwrap();
    assert_eq!(read, matches_of(&one, Encoding::Utf8, false));
    assert_eq!(read.len(), 1);
}

#[test]
fn a_read_that_fails_ends_the_matches_with_its_error() {
    struct Failing;
    impl Read for Failing {
        fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
            Err(io::Error::other("disk gone"))
        }
    }
    let mut matches = MatchReader::file(Failing, Encoding::Utf8, false);
    assert!(matches.next_match().is_err());
    assert!(matches.next_match().unwrap().is_none());
}

#[test]
fn a_signed_binary_file_is_refused_from_its_first_block_as_read_whole() {
    /// The first block, then an error: nothing past it may be read.
    struct FirstBlockOnly(Vec<u8>, usize);
    impl Read for FirstBlockOnly {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if self.1 >= self.0.len() {
                return Err(io::Error::other("read past the first block"));
            }
            let n = buf.len().min(self.0.len() - self.1);
            buf[..n].copy_from_slice(&self.0[self.1..self.1 + n]);
            self.1 += n;
            Ok(n)
        }
    }
    for magic in [&b"PK\x03\x04"[..], b"\x89PNG\r\n\x1a\n", b"%PDF-1.7\n"] {
        let mut head = magic.to_vec();
        head.extend(std::iter::repeat_n(b'x', 100));
        head.push(0);
        head.resize(BLOCK, b'y');
        let reopen = || Ok(FirstBlockOnly(head.clone(), 0));
        let planned = plan(FirstBlockOnly(head.clone(), 0), reopen).unwrap();
        // The file read whole (the block and as much again) says the same.
        let mut whole = head.clone();
        whole.extend_from_slice(&head);
        let Err(crate::parse::text::Unreadable(reason)) = crate::parse::decode(&whole) else {
            panic!("a signed binary file read whole is refused");
        };
        assert_eq!(planned, Plan::Refuse(reason));
    }
    // An eXtreme Gammon file is read whole, NUL bytes and all.
    let mut xg = b"RGMH\x01\0\0\0".to_vec();
    xg.resize(BLOCK, 0);
    assert_eq!(plan(&xg[..], || Ok(&xg[..])).unwrap(), Plan::Whole);
}

#[test]
fn a_plan_follows_the_decoding() {
    let plan_of = |bytes: &[u8]| plan(bytes, || Ok(bytes)).unwrap();
    assert_eq!(
        plan_of(TWO.as_bytes()),
        Plan::Matches {
            encoding: Encoding::Utf8,
            stray: false
        }
    );
    let mut bom = UTF8_BOM.to_vec();
    bom.extend_from_slice(TWO.as_bytes());
    assert_eq!(
        plan_of(&bom),
        Plan::Matches {
            encoding: Encoding::Utf8Bom,
            stray: false
        }
    );
    assert_eq!(
        plan_of(b" 1 point match\n M\xfcller : 0\n"),
        Plan::Matches {
            encoding: Encoding::Windows1252,
            stray: false
        }
    );
    assert_eq!(plan_of(b"(;FF[4]GM[6])"), Plan::Whole);
    assert_eq!(plan_of(b"RGMH\x01\0\0\0"), Plan::Whole);
    let mut damaged = TWO.repeat(4).into_bytes();
    damaged[20] = 0;
    assert_eq!(
        plan_of(&damaged),
        Plan::Matches {
            encoding: Encoding::Utf8,
            stray: true
        }
    );
    let noise = b"7 point match\0\x01\x02\x03\x04\x05\0\0\0\0\0\0\0\0";
    assert_eq!(
        plan_of(noise),
        Plan::Refuse(
            super::super::text::decode(noise)
                .err()
                .map(|e| e.0)
                .unwrap_or_default()
        )
    );
}

proptest::proptest! {
    /// A file read in blocks of any size gives the matches of its text in
    /// memory: lines of every kind that matters to a cut (match lines,
    /// comments, blanks, rows, characters of several bytes), every line end.
    #[test]
    fn blocks_of_any_size_give_the_matches_of_the_text(
        lines in proptest::collection::vec(
            (
                proptest::sample::select(vec![
                    " 3 point match", " Money session", "; [Event \"é\"]", "; c",
                    "", "  \t", " Game 1", " a : 0   b : 0", "  1) 31: 8/5 6/5",
                    " 5 POINT MATCH ", "  2) 64: 24/18 13/9   ???", "\u{feff}x", "€𝄞",
                ]),
                proptest::sample::select(vec!["\n", "\r\n", "\r"]),
            ),
            0..40,
        ),
        block in 1usize..64,
        bom in proptest::bool::ANY,
    ) {
        let text: String = lines.iter().flat_map(|(line, end)| [*line, *end]).collect();
        let encoding = if bom { Encoding::Utf8Bom } else { Encoding::Utf8 };
        let mut bytes = if bom { UTF8_BOM.to_vec() } else { Vec::new() };
        bytes.extend_from_slice(text.as_bytes());
        let read: Vec<MatchText<'static>> =
            MatchReader::file_in_blocks(&bytes[..], encoding, false, block)
                .collect::<io::Result<_>>()
                .unwrap();
        proptest::prop_assert_eq!(read, matches_of(&text, encoding, false));
        let starts: Vec<Start> = matches_of(&text, encoding, false)
            .iter()
            .map(|piece| piece.start)
            .collect();
        proptest::prop_assert_eq!(starts, walk_cut_points(&text));
    }
}

#[test]
fn a_line_cut_after_a_lone_carriage_return_has_its_own_number() {
    // Old Macintosh line ends: the line before the long one ends with a
    // lone CR, which waits for what follows it.
    for end in ["\n", "\r\n", "\r"] {
        let mut text = [" 1 point match", "", " Game 1", " a : 0   b : 0", ""].join(end);
        let at = text.len();
        text.push_str(&"x".repeat(2 * LINE_MAX));
        text.push_str(end);
        text.push_str("  1) 31: 8/5 6/5");
        text.push_str(end);
        let read: Vec<MatchText<'static>> =
            MatchReader::file(text.as_bytes(), Encoding::Utf8, false)
                .collect::<io::Result<_>>()
                .unwrap();
        assert_eq!(read.len(), 1);
        assert_eq!(
            read[0].cut,
            [CutLine {
                byte: at,
                line: 5,
                length: 2 * LINE_MAX as u64,
            }],
            "{end:?}"
        );
    }
}

#[test]
fn the_bytes_dropped_from_a_cut_line_count_as_decoded() {
    // Windows-1252: a byte above 0x7F is a character of two or three bytes
    // in the decoded text, where every place is counted.
    let mut bytes = b" 1 point match\n\n Game 1\n a : 0   b : 0\n".to_vec();
    bytes.extend(std::iter::repeat_n(0xE9, 2 * LINE_MAX));
    bytes.extend_from_slice(b"\x80\n\n 1 point match\n\n Game 1\n a : 0   b : 0\n");
    let read: Vec<MatchText<'static>> = MatchReader::file(&bytes[..], Encoding::Windows1252, false)
        .collect::<io::Result<_>>()
        .unwrap();
    let (text, _) = encoding_rs::WINDOWS_1252.decode_without_bom_handling(&bytes);
    let whole = matches_of(&text, Encoding::Windows1252, false);
    assert_eq!(read.len(), 2);
    assert_eq!(read[1].start, whole[1].start);
    assert_eq!(read[0].cut[0].length, 2 * LINE_MAX as u64 + 1);
}

#[test]
fn a_signature_after_a_byte_order_mark_is_planned_as_decoded() {
    // Binary bytes in a few lines: a damaged text, but for a signature,
    // which the text after the mark is looked at for, read whole or not.
    let damaged = b"\n\n Game 1\n\tx\0y\n ok\n more\n lines\n a\n b\n c\n d\n";
    for magic in [&b"PK\x03\x04"[..], b"%PDF-1.4", b"\x89PNG"] {
        let bytes = [UTF8_BOM, magic, damaged].concat();
        let plan = plan(&bytes[..], || Ok(&bytes[..])).unwrap();
        let whole = crate::parse::decode(&bytes).map(|_| ()).map_err(|e| e.0);
        match plan {
            Plan::Whole => assert!(whole.is_err(), "{magic:?}"),
            Plan::Refuse(reason) => assert_eq!(Err(reason), whole, "{magic:?}"),
            Plan::Matches { .. } => panic!("{magic:?} read as a damaged text: {whole:?}"),
        }
    }
}
