use super::*;
use crate::parse::plan::{head_encoding, refused_head};
use crate::parse::text::decode;

fn utf16(text: &str, big: bool) -> Vec<u8> {
    text.encode_utf16()
        .flat_map(|unit| {
            if big {
                unit.to_be_bytes()
            } else {
                unit.to_le_bytes()
            }
        })
        .collect()
}

/// A move record of an eXtreme Gammon game stream: type 3, player 1,
/// dice 3 and 5.
fn xg_move_record() -> Vec<u8> {
    let mut record = vec![0u8; 2560];
    record[8] = 3;
    record[64..68].copy_from_slice(&1i32.to_le_bytes());
    record[100..104].copy_from_slice(&3i32.to_le_bytes());
    record[104..108].copy_from_slice(&5i32.to_le_bytes());
    record
}

/// The decision table: what each kind of file is, and how it is decoded
/// or why it is refused.
#[test]
fn every_kind_is_decoded_or_refused_as_it_says() {
    let text = " 1 point match\r\n Game 1\r\n Jos\u{e9} : 0\r\n";
    let bom = |mark: &[u8], rest: Vec<u8>| [mark.to_vec(), rest].concat();
    let mut odd = utf16(text, false);
    odd.push(b'x');
    let mut tar = vec![b'a'; 600];
    tar[257..262].copy_from_slice(b"ustar");
    tar[300] = 0;
    let noisy: Vec<u8> = (0..200u8)
        .map(|i| if i % 10 == 0 { 3 } else { b'a' })
        .collect();
    let record = xg_move_record();
    type Case<'a> = (&'a [u8], Kind, Result<Encoding, &'a str>);
    let utf8 = bom(UTF8_BOM, text.as_bytes().to_vec());
    let le = bom(b"\xFF\xFE", utf16(text, false));
    let be = bom(b"\xFE\xFF", utf16(text, true));
    let le_plain = utf16(text, false);
    let be_plain = utf16(text, true);
    // Binary bytes after a byte-order mark: counted in the text after it.
    let marked_nul = bom(UTF8_BOM, b"a\n\0\0\0\0\0\0\0\0\0\nb\n".to_vec());
    let marked_controls = bom(b"\xFF\xFE", utf16(&"\u{3}aaaaaaaaa".repeat(20), false));
    let cases: [Case; 21] = [
        (b" 7 point match\n", Kind::Text, Ok(Encoding::Utf8)),
        (b"(;FF[4]GM[6])", Kind::Text, Ok(Encoding::Utf8)),
        (b" S\xFCrmeyan : 0\n", Kind::Text, Ok(Encoding::Windows1252)),
        (
            &utf8,
            Kind::Marked(Encoding::Utf8Bom),
            Ok(Encoding::Utf8Bom),
        ),
        (&le, Kind::Marked(Encoding::Utf16Le), Ok(Encoding::Utf16Le)),
        (&be, Kind::Marked(Encoding::Utf16Be), Ok(Encoding::Utf16Be)),
        (
            &marked_nul,
            Kind::Marked(Encoding::Utf8Bom),
            Err("binary data (a NUL byte at offset 2), not a transcript"),
        ),
        (
            &marked_controls,
            Kind::Marked(Encoding::Utf16Le),
            Err("binary data (20 control bytes in 200), not a transcript"),
        ),
        (
            &le_plain,
            Kind::Utf16 {
                encoding: Encoding::Utf16LeNoBom,
                plain: true,
            },
            Ok(Encoding::Utf16LeNoBom),
        ),
        (
            &be_plain,
            Kind::Utf16 {
                encoding: Encoding::Utf16BeNoBom,
                plain: true,
            },
            Ok(Encoding::Utf16BeNoBom),
        ),
        (
            &odd,
            Kind::Utf16 {
                encoding: Encoding::Utf16LeNoBom,
                plain: true,
            },
            Err(
                "text that looks like UTF-16 (little-endian) without a byte-order mark, \
                 but does not decode as such: save it as UTF-8",
            ),
        ),
        (
            b"RGMH\x01\x00\x00\x00",
            Kind::Binary(Binary::Xg),
            Err("an eXtreme Gammon file (.xg, .xgp), which is binary: it has no text lines"),
        ),
        (
            &record,
            Kind::Binary(Binary::XgRecord),
            Err(
                "a single eXtreme Gammon game record (2,560 bytes) without its file: \
                 not a match; check the .xg file it comes from",
            ),
        ),
        (
            b"PK\x03\x04\0rest",
            Kind::Binary(Binary::Zip),
            Err("a ZIP archive: unpack it and check the files inside"),
        ),
        (
            b"\x1f\x8b\x08\0\0\0\0\0\0\x03",
            Kind::Binary(Binary::Gzip),
            Err("a gzip-compressed file: decompress it and check the result"),
        ),
        (
            b"%PDF-1.4\n\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0",
            Kind::Binary(Binary::Pdf),
            Err("a PDF document: a transcript must be the match file itself (.mat or .sgf)"),
        ),
        // A picture or a tar archive: refused by its bytes, never read as a
        // damaged text.
        (
            b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR",
            Kind::Binary(Binary::Png),
            Err("binary data (a NUL byte at offset 8), not a transcript"),
        ),
        (
            &tar,
            Kind::Binary(Binary::Tar),
            Err("binary data (a NUL byte at offset 300), not a transcript"),
        ),
        // A signature without binary bytes: text.
        (
            b"%PDF is a format\n",
            Kind::Binary(Binary::Pdf),
            Ok(Encoding::Utf8),
        ),
        (
            b"XG\x00\x01\x02garbage",
            Kind::Text,
            Err("binary data (a NUL byte at offset 2), not a transcript"),
        ),
        (
            &noisy,
            Kind::Text,
            Err("binary data (20 control bytes in 200), not a transcript"),
        ),
    ];
    for (bytes, expected, decoded) in cases {
        assert_eq!(kind(bytes), expected, "{bytes:?}");
        let got = decode(bytes).map(|d| d.encoding).map_err(|e| e.0);
        assert_eq!(got, decoded.map_err(str::to_owned), "{bytes:?}");
        if let Ok(
            Encoding::Utf16Le | Encoding::Utf16Be | Encoding::Utf16LeNoBom | Encoding::Utf16BeNoBom,
        ) = decoded
        {
            assert_eq!(decode(bytes).unwrap().text, text);
        }
    }
}

#[test]
fn a_damaged_text_is_read_and_its_stray_bytes_marked() {
    let bytes = b" 7 point match\n\n Game 1\n\tx\0y\n ok\n more\n lines\n";
    assert_eq!(kind(bytes), Kind::Text);
    let decoded = decode(bytes).unwrap();
    assert_eq!((decoded.encoding, decoded.suspect), (Encoding::Utf8, true));
    assert_eq!(binary_refusal(bytes), None);
    // The same damage after a signature is binary data.
    let zip = [b"PK\x03\x04".as_slice(), bytes].concat();
    assert_eq!(
        decode(&zip).unwrap_err().0,
        "a ZIP archive: unpack it and check the files inside"
    );
}

#[test]
fn binary_formats_are_named_for_the_readers_and_the_walk() {
    for (binary, refusal, name) in [
        (Binary::Xg, true, None),
        (Binary::XgRecord, true, None),
        (Binary::Zip, true, Some("a ZIP archive")),
        (Binary::Gzip, true, Some("a gzip-compressed file")),
        (Binary::Pdf, true, Some("a PDF document")),
        (Binary::Png, false, Some("a picture (PNG)")),
        (Binary::Jpeg, false, Some("a picture (JPEG)")),
        (Binary::Gif, false, Some("a picture (GIF)")),
        (Binary::Tar, false, None),
    ] {
        assert_eq!(binary.refusal().is_some(), refusal, "{binary:?}");
        assert_eq!(binary.name(), name, "{binary:?}");
        assert_eq!(binary.is_record(), name.is_none() && refusal, "{binary:?}");
    }
    assert_eq!(signature(b"\xFF\xD8\xFF\xE0"), Some(Binary::Jpeg));
    assert_eq!(signature(b"GIF89a"), Some(Binary::Gif));
    assert_eq!(signature(b"\x00\x01\x02"), None);
    assert_eq!(signature(b""), None);
    assert!(is_xg(b"RGMH\x01\x00\x00\x00"));
    assert!(!is_xg(b"RGM"));
    // A record is exactly 2,560 bytes.
    let mut record = xg_move_record();
    assert_eq!(signature(&record), Some(Binary::XgRecord));
    record.push(0);
    assert_eq!(signature(&record), None);
}

#[test]
fn utf16_without_a_mark_is_plain_or_only_like_it() {
    let text = " 1 point match\r\n Game 1\r\n";
    let le = utf16(text, false);
    assert_eq!(utf16_without_bom(&le), Some((Encoding::Utf16LeNoBom, true)));
    // Half the pairs: like UTF-16, not plainly.
    let half: Vec<u8> = le
        .chunks(4)
        .flat_map(|c| [c[0], c[1], b'a', b'b'])
        .collect();
    assert_eq!(
        utf16_without_bom(&half),
        Some((Encoding::Utf16LeNoBom, false))
    );
    assert!(decode(&half).unwrap_err().0.contains("looks like UTF-16"));
    assert_eq!(utf16_without_bom(b"plain ASCII text"), None);
    assert_eq!(utf16_without_bom(&[0; 64]), None);
}

#[test]
fn controls_are_counted_eight_bytes_at_a_time() {
    // NUL is refused before counting.
    for b in 1..=255u8 {
        let word = u64::from_le_bytes([b, b'a', b, 0x20, 0x80, 0xFF, b'\n', b]);
        assert_eq!(
            binary_controls_in(word),
            3 * usize::from(is_binary_control(b)),
            "{b}"
        );
    }
}

#[test]
fn sgf_and_mat_are_told_by_their_first_characters() {
    assert!(is_sgf(" \n(\n ;FF[4]"));
    assert!(!is_sgf("( not sgf"));
    assert!(starts_like_mat(b"\n 7 point match"));
    assert!(!starts_like_mat(b" (;FF[4]"));
    assert!(!starts_like_mat("\u{e9}".as_bytes()));
    assert!(!starts_like_mat(b"  \n"));
}

/// A large file's or standard input's first block decides as the whole.
#[test]
fn a_first_block_decides_as_the_whole_file() {
    assert_eq!(head_encoding(b" 7 point match\n"), Some(Encoding::Utf8));
    assert_eq!(
        head_encoding(b"\xEF\xBB\xBF 7 point match\n"),
        Some(Encoding::Utf8Bom)
    );
    assert_eq!(head_encoding(b"(;FF[4]"), None);
    assert_eq!(head_encoding(b"RGMH\x01\x00"), None);
    assert_eq!(head_encoding(b"\x1f\x8b\x08\0"), None);
    assert_eq!(head_encoding(&utf16(" 7 point match\n", false)), None);
    assert_eq!(head_encoding(&utf16(" 7 point match\n", true)), None);
    assert_eq!(head_encoding(b"\xFF\xFE 7 point match\n"), None);
    assert_eq!(refused_head(b" 7 point match\n"), None);
    assert_eq!(refused_head(b"RGMH\0\0\0"), None);
    assert_eq!(refused_head(b"PK\x03\x04\0\0\0"), None);
    assert_eq!(
        refused_head(b"a\n\0\0\0\0\0\0\0\0\0\nb\n"),
        Some("binary data (a NUL byte at offset 2), not a transcript".to_owned())
    );
    assert_eq!(refused_head(b"text\n\0\0\nmore text\n"), None);
    // After a byte-order mark, the NUL byte's offset is counted in the text
    // after it, as the file read whole counts it.
    let marked = [UTF8_BOM, b"a\n\0\0\0\0\0\0\0\0\0\nb\n"].concat();
    assert_eq!(refused_head(&marked), decode(&marked).err().map(|e| e.0));
}

#[test]
fn texts_of_other_programs_are_named_by_a_line_only_they_write() {
    let gnubg = "The score (after 0 games) is: a 0, b 0 (match to 5 points)\n\n\
                 Move number 1:  a to play 51\n";
    assert!(other_text(gnubg).is_some_and(|w| w.contains("GNU Backgammon text export")));
    let board = "\n GNU Backgammon  Position ID: 4HPwATDgc/ABMA\n";
    assert!(other_text(board).is_some_and(|w| w.contains("export match mat")));
    let javafibs = "JavaFIBS internal match representation v1.1\n8:JoeBlack:7\n";
    assert!(other_text(javafibs).is_some_and(|w| w.contains("JavaFIBS")));
    let oldmoves = "Score is 0-0 in a 5 point match.\nfoo is X - bar is O\n";
    assert!(other_text(oldmoves).is_some_and(|w| w.contains("oldmoves")));
    let session = "WELCOME TO\n  pattib@fibs.com (Patti Beadles)\n";
    assert!(other_text(session).is_some_and(|w| w.contains("session log")));
}

#[test]
fn an_empty_text_is_named_empty() {
    assert_eq!(other_text(""), Some("an empty file: nothing to check"));
    assert_eq!(
        other_text(" \n\r\n\t"),
        Some("an empty file: nothing to check")
    );
}

#[test]
fn anything_else_stays_unnamed() {
    assert_eq!(other_text("id\tseed\tlength\n"), None);
    assert_eq!(other_text("Game 1\n a : 0   b : 0\n"), None);
    // A multi-byte character across the 4 KiB cut.
    let long = format!("{}é{}", "x".repeat(4095), "y".repeat(10));
    assert_eq!(other_text(&long), None);
}
