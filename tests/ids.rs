//! Codecs: GNU Backgammon position and match IDs and XGID round-trip on
//! random values, refuse garbage without panicking, and agree with every
//! position ID GNU Backgammon wrote in the oracle file.

use std::io::{BufRead, BufReader};

use bgaudit::dice::Roll;
use bgaudit::ids::gnubg::MAX_MATCH_VALUE;
use bgaudit::ids::{
    GameStatus, MatchId, ResignLevel, XgSide, Xgid, XgidDice, decode_position_id,
    parse_position_id, position_id,
};
use bgaudit::position::{Position, Setup};
use bgaudit::side::{ByPlayer, Side};
use proptest::prelude::*;

use crate::util::{shared, shared_or_skip};

/// A random valid position: up to 15 checkers a side placed one by one on
/// points and bars; a checker whose point already holds the other colour
/// is borne off instead.
fn position() -> impl Strategy<Value = Position> {
    (
        prop::collection::vec(1usize..=25, 0..=15),
        prop::collection::vec(0usize..=24, 0..=15),
    )
        .prop_map(|(ours, theirs)| {
            let mut points = [0i8; 26];
            for p in ours {
                points[p] += 1;
            }
            for p in theirs {
                if points[p] <= 0 {
                    points[p] -= 1;
                }
            }
            Setup::from_board(points, 15)
                .into_position(15)
                .expect("at most 15 checkers a side, bars of the right colour")
        })
}

fn side() -> impl Strategy<Value = Side> {
    prop_oneof![Just(Side::First), Just(Side::Second)]
}

fn roll() -> impl Strategy<Value = Roll> {
    (1u8..=6, 1u8..=6).prop_map(|(a, b)| Roll::new(a, b).expect("dice 1 to 6"))
}

/// A random match ID that passes `MatchId::validate`.
fn match_id() -> impl Strategy<Value = MatchId> {
    let status = prop_oneof![
        Just(GameStatus::NotStarted),
        Just(GameStatus::Playing),
        Just(GameStatus::Over),
        Just(GameStatus::Resigned),
        Just(GameStatus::Dropped),
    ];
    let resigned = prop_oneof![
        Just(None),
        Just(Some(ResignLevel::Single)),
        Just(Some(ResignLevel::Gammon)),
        Just(Some(ResignLevel::Backgammon)),
    ];
    let score = prop_oneof![Just(0u16), 1u16..=25, Just(MAX_MATCH_VALUE)].prop_flat_map(|length| {
        let max = if length == 0 { MAX_MATCH_VALUE } else { length };
        (Just(length), 0..=max, 0..=max, any::<bool>())
    });
    (
        (0u8..=15, prop::option::of(side()), side(), side()),
        (status, any::<bool>(), resigned, prop::option::of(roll())),
        (score, any::<bool>()),
    )
        .prop_map(
            |(
                (cube_exponent, cube_owner, on_roll, turn),
                (status, doubled, resigned, dice),
                ((length, first, second, crawford), jacoby),
            )| MatchId {
                cube_exponent,
                cube_owner,
                on_roll,
                crawford: crawford && length > 0,
                status,
                turn,
                doubled,
                resigned,
                dice,
                length,
                score: ByPlayer::new(first, second),
                jacoby,
            },
        )
}

fn base64_text(len: std::ops::RangeInclusive<usize>) -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop::sample::select(
            b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".to_vec(),
        ),
        len,
    )
    .prop_map(|bytes| bytes.into_iter().map(char::from).collect())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn position_ids_round_trip(position in position()) {
        let id = position_id(&position);
        prop_assert_eq!(id.len(), 14);
        prop_assert_eq!(parse_position_id(&id, 15), Ok(position));
    }

    #[test]
    fn xgids_round_trip(
        position in position(),
        turn in prop_oneof![Just(XgSide::Upper), Just(XgSide::Lower)],
        dice in prop_oneof![
            Just(XgidDice::NotRolled),
            Just(XgidDice::Doubled),
            roll().prop_map(XgidDice::Rolled),
        ],
        cube_exponent in 0u8..=15,
        owner in prop::option::of(prop_oneof![Just(XgSide::Upper), Just(XgSide::Lower)]),
        length in 0u32..=25,
        rules in 0u8..=3,
    ) {
        let xgid = Xgid {
            cube_exponent,
            cube_owner: owner,
            dice,
            upper_score: length.saturating_sub(1),
            lower_score: length / 2,
            rules: if length > 0 { rules & 1 } else { rules },
            length,
            ..Xgid::from_position(&position, turn)
        };
        let text = xgid.to_string();
        let back: Xgid = text.parse().map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
        prop_assert_eq!(back, xgid);
        prop_assert_eq!(back.position(), Ok(position));
    }

    #[test]
    fn match_ids_round_trip(id in match_id()) {
        prop_assert_eq!(id.validate(), Ok(()));
        let text = id.to_string();
        prop_assert_eq!(text.len(), 12);
        prop_assert_eq!(text.parse::<MatchId>(), Ok(id));
    }

    /// Every accepted text, position or match ID, is the encoding of what
    /// it decodes to; everything else is an error, never a panic.
    #[test]
    fn random_base64_decodes_to_itself_or_an_error(text in base64_text(10..=15)) {
        if let Ok(id) = text.parse::<MatchId>() {
            prop_assert_eq!(id.to_string(), text.clone());
        }
        if let Ok(points) = decode_position_id(&text) {
            let position = Setup::from_board(points, 15).into_position(15);
            prop_assert!(position.is_ok());
            if let Ok(position) = position {
                prop_assert_eq!(position_id(&position), text);
            }
        }
    }

    /// One character of a valid ID or XGID replaced: the decoders either
    /// refuse the text or decode it to something that encodes back to it.
    #[test]
    fn one_changed_character_decodes_to_itself_or_an_error(
        position in position(),
        id in match_id(),
        turn in prop_oneof![Just(XgSide::Upper), Just(XgSide::Lower)],
        at in any::<prop::sample::Index>(),
        ch in prop_oneof![
            prop::sample::select(
                b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/-:".to_vec()
            ).prop_map(char::from),
            any::<char>(),
        ],
    ) {
        let change = |text: &str| -> String {
            let i = at.index(text.chars().count());
            text.chars()
                .enumerate()
                .map(|(j, c)| if j == i { ch } else { c })
                .collect()
        };
        let text = change(&position_id(&position));
        if let Ok(points) = decode_position_id(&text) {
            let decoded = Setup::from_board(points, 15).into_position(15);
            prop_assert!(decoded.is_ok());
            if let Ok(decoded) = decoded {
                prop_assert_eq!(position_id(&decoded), text);
            }
        }
        let text = change(&id.to_string());
        if let Ok(decoded) = text.parse::<MatchId>() {
            prop_assert_eq!(decoded.to_string(), text);
        }
        let text = change(&Xgid::from_position(&position, turn).to_string());
        if let Ok(decoded) = text.parse::<Xgid>() {
            prop_assert_eq!(decoded.to_string().parse::<Xgid>(), Ok(decoded));
            let _ = decoded.position();
        }
    }

    #[test]
    fn garbage_never_panics(text in ".{0,64}") {
        let _ = text.parse::<MatchId>();
        let _ = decode_position_id(&text);
        let _ = parse_position_id(&text, 15);
        let _ = parse_position_id(&text, 3);
        if let Ok(xgid) = text.parse::<Xgid>() {
            prop_assert_eq!(xgid.to_string().parse::<Xgid>(), Ok(xgid));
        }
    }

    /// Text shaped like an XGID, with fields drawn from plausible and
    /// implausible values.
    #[test]
    fn xgid_like_garbage_never_panics(
        board in "[-A-Pa-p?]{24,27}",
        fields in prop::collection::vec("-?[0-9]{0,3}|D|B|00|[0-9]{2}|x", 0..=11),
    ) {
        let text = format!("XGID={board}:{}", fields.join(":"));
        if let Ok(xgid) = text.parse::<Xgid>() {
            prop_assert_eq!(xgid.to_string().parse::<Xgid>(), Ok(xgid));
            let _ = xgid.position();
            let _ = xgid.match_id().to_string();
        }
    }
}

/// Every position ID in the first 2,000 lines of the oracle, in the first
/// column and among the results, decodes and encodes back unchanged.
#[test]
fn oracle_position_ids_round_trip() {
    if shared_or_skip(
        "oracle/legal-plays.tsv.gz",
        "GNU Backgammon's legal-play oracle",
    )
    .is_none()
    {
        return;
    }
    let path = shared().join("oracle/legal-plays.tsv.gz");
    let file = std::fs::File::open(&path).expect("the oracle file is in ../shared/oracle");
    let reader = BufReader::new(flate2::read::GzDecoder::new(file));
    let mut checked = 0usize;
    for line in reader.lines().take(2000) {
        let line = line.expect("the oracle file is gzip text");
        if line.starts_with('#') {
            continue;
        }
        let mut columns = line.split('\t');
        let start = columns.next().into_iter();
        let results = columns.nth(2).into_iter().flat_map(|r| r.split(','));
        for id in start.chain(results).filter(|id| !id.is_empty()) {
            let position =
                parse_position_id(id, 15).unwrap_or_else(|e| panic!("{id} does not decode: {e}"));
            assert_eq!(position_id(&position), id);
            checked += 1;
        }
    }
    assert!(checked > 20_000, "only {checked} IDs checked");
}
