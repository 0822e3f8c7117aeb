use super::*;

#[test]
fn every_name_is_unique_and_every_kind_has_its_code() {
    let mut names: Vec<String> = CATALOGUE.iter().map(Entry::name).collect();
    let count = names.len();
    names.sort();
    names.dedup();
    assert_eq!(names.len(), count, "duplicate entries");
    for e in CATALOGUE.iter().filter(|e| e.kind.is_some()) {
        assert!(
            lookup(e.code.as_str()).is_some(),
            "{} has no code entry",
            e.name()
        );
    }
}

#[test]
fn every_code_and_kind_has_one_entry() {
    for &code in Code::ALL {
        let own = CATALOGUE
            .iter()
            .filter(|e| e.code == code && e.kind.is_none())
            .count();
        assert_eq!(own, 1, "{code}");
        assert_eq!(code.entry().code, code);
        assert_eq!(Code::from_name(code.as_str()), Some(code));
    }
    for &kind in Kind::ALL {
        let own = CATALOGUE.iter().filter(|e| e.kind == Some(kind)).count();
        assert_eq!(own, 1, "{kind}");
        assert_eq!(kind.entry().kind, Some(kind));
        assert_eq!(Kind::from_name(kind.as_str()), Some(kind));
    }
    assert_eq!(CATALOGUE.len(), Code::ALL.len() + Kind::ALL.len());
}

#[test]
fn lookup_takes_code_or_code_and_kind() {
    assert_eq!(
        lookup("Illegal-Play/Wrong-Dice").map(|e| e.kind),
        Some(Some(Kind::WrongDice))
    );
    assert!(lookup("illegal-play/nothing").is_none());
    assert_eq!(
        for_finding(Code::IllegalPlay, Some(Kind::Backward)).map(Entry::name),
        Some("illegal-play".to_owned())
    );
    assert_eq!(kinds(Code::ImpossiblePlay).len(), 3);
    assert_eq!(closest("ilegal-play").as_deref(), Some("illegal-play"));
    assert_eq!(
        closest("double-in-crawfrod").as_deref(),
        Some("double-in-crawford")
    );
    assert_eq!(closest("zzz"), None);
}

#[test]
fn the_listing_has_one_line_per_entry() {
    let listing = listing();
    assert_eq!(listing.lines().count(), CATALOGUE.len());
    assert!(listing.lines().all(|l| !l.contains(". ")));
    assert!(listing.contains("illegal-play/wrong-dice"));
    assert_eq!(
        lookup("encoding").map(Entry::short),
        Some(
            "The file is not UTF-8 and was read as Windows-1252, or is UTF-16 without a \
                 byte-order mark and was read as such."
        )
    );
}

#[test]
fn every_row_of_the_table_is_one_line() {
    let table = markdown();
    assert_eq!(table.lines().count(), CATALOGUE.len() + 2);
    assert!(table.contains("| `illegal-play/no-play` | error (info when the game ends"));
}
