//! The catalogue's entries: each code and kind with its severity, group,
//! family, meaning, the rules quoted from the rulebook and an example.

use super::*;

use Code as C;
use Family as F;
use Group as G;
use Kind as K;
use Severity::{Error as E, Info as I, Warning as W};

/// The entries, in the order of `findings.md`.
pub(super) const ENTRIES: [Entry; Code::ALL.len() + Kind::ALL.len()] = [
    // Rule violations at the table.
    entry(
        C::IllegalPlay,
        None,
        E,
        G::Violation,
        F::Play,
        "A checker play against the rules of movement that the player really made (the kind says \
         which rule). Under tournament rules it stands once the opponent rolls or doubles, so the \
         replay goes on from the position as played. When the play as written is a legal play of \
         a roll one die away from the dice written, the dice were probably misread: the finding \
         says so (`likely_typo`, the roll meant in `suggestion`). In a record from a server that \
         enforces the rules (Backgammon Galaxy, Backgammon Studio online, OpenGammon, \
         DailyGammon, FIBS, GridGammon, as its Site tag says), nobody made it at the table: the \
         record is wrong, and `players` counts it as a record defect.",
        &[STANDS, WHOLE_PLAY],
        "8) 52: 6/4 8/4   (the 8/4 moves four pips, and no die shows a 4)",
    ),
    entry(
        C::IllegalPlay,
        Some(K::WrongDice),
        E,
        G::Violation,
        F::Play,
        "The step lengths of the play cannot be made from the roll: a 5-2 played as 6-1, or a \
         double played with a wrong number.",
        &[DICE_STEPS, STANDS],
        "8) 52: 6/4 8/4   (8/4 moves four pips with a 5-2)",
    ),
    entry(
        C::IllegalPlay,
        Some(K::UnderPlayed),
        E,
        G::Violation,
        F::Play,
        "Fewer dice are used than some legal play of the roll uses.",
        &[BOTH_DICE, WHOLE_PLAY],
        "3) 63: 24/18   (24/18 13/10 plays both dice)",
    ),
    entry(
        C::IllegalPlay,
        Some(K::SmallerDie),
        E,
        G::Violation,
        F::Play,
        "Only one die is used, the smaller, while the larger could be played.",
        &[
            quote(
                S7,
                "If either die can be used but not both, the larger must be used.",
            ),
            WHOLE_PLAY,
        ],
        "12) 64: 6/2   (only one die can be played, and the 6 can: the 6 must be played)",
    ),
    entry(
        C::IllegalPlay,
        Some(K::BarFirst),
        E,
        G::Violation,
        F::Play,
        "A checker is moved while the player still has a checker on the bar.",
        &[quote(
            S5,
            "A player with checkers on the bar must enter all of them before moving any other \
             checker.",
        )],
        "7) 43: 13/9 13/10   (with a checker on the bar)",
    ),
    entry(
        C::IllegalPlay,
        Some(K::BearOffEarly),
        E,
        G::Violation,
        F::Play,
        "A checker is borne off while another is outside the home board or on the bar.",
        &[quote(
            S6,
            "Allowed only while all 15 of the player's checkers are in his home board (points \
             1..6) or already off.",
        )],
        "20) 52: 9/7 5/off   (the checker on the 7 point is still outside the home board)",
    ),
    entry(
        C::IllegalPlay,
        Some(K::BearOffLower),
        E,
        G::Violation,
        F::Play,
        "A checker is borne off from a lower point with a higher die while a higher point is \
         occupied.",
        &[quote(
            S6,
            "A die higher than a point but with checkers on higher points may not bear off from \
             the lower point: it must be moved inside the board, if it can.",
        )],
        "22) 64: 4/off 3/off   (checkers remain on the 5 point: the 6 must bear off from the 5)",
    ),
    entry(
        C::IllegalPlay,
        Some(K::BlockedPath),
        E,
        G::Violation,
        F::Play,
        "One checker uses two or more dice through an intermediate point that is blocked.",
        &[INTERMEDIATE, OPEN_POINT],
        "5) 64: 24/14   (the opponent holds both the 18 and the 20 point)",
    ),
    noted(
        entry(
            C::IllegalPlay,
            Some(K::NoPlay),
            E,
            G::Violation,
            F::Play,
            "Nothing is played although a legal play existed. Where a later play of the same game \
             turns out impossible, that finding points back to this roll: a play was probably \
             lost from the record.",
            &[
                quote(
                    S7,
                    "If no die can be used, the turn is lost. Nobody may pass voluntarily.",
                ),
                STANDS,
            ],
            "9) 52:   (nothing written, although 13/8 13/11 and other plays were legal)",
        ),
        "info when the game ends right after it with a resignation",
    ),
    entry(
        C::IllegalPlay,
        Some(K::PlayWhenNone),
        E,
        G::Violation,
        F::Play,
        "A play is written although no legal play of the roll existed. (Steps the dice cannot \
         make at all are `wrong-dice`, whose message then adds that the roll could not be \
         played.)",
        &[
            quote(
                S5,
                "If no die can enter, the whole turn is lost. If some but not all bar checkers \
                 can enter, enter as many as possible and the rest of the roll is lost.",
            ),
            quote(
                S7,
                "If no die can be used, the turn is lost. Nobody may pass voluntarily.",
            ),
        ],
        "14) 66: 13/7(2)   (a checker is on the bar and the opponent holds his 6 point)",
    ),
    entry(
        C::IllegalPlay,
        Some(K::PinnedChecker),
        E,
        G::Violation,
        F::Play,
        "Plakoto: a checker pinned under an opposing checker is moved.",
        &[quote(S11, PLAKOTO_PINNING)],
        "6) 63: 16/10 24/21   (the checker on his 16 point is pinned)",
    ),
    entry(
        C::IllegalPlay,
        Some(K::OntoPinnedPoint),
        E,
        G::Violation,
        F::Play,
        "Plakoto: a checker lands on a point where a single opposing checker pins one of the \
         mover's: that point belongs to the pinner.",
        &[quote(S11, PLAKOTO_PINNING)],
        "13) 52: 24/22* 24/19   (on his 22 point a single opposing checker pins one of his)",
    ),
    entry(
        C::IllegalPlay,
        Some(K::BearOffPinned),
        E,
        G::Violation,
        F::Play,
        "Plakoto: a checker is borne off while one of the mover's checkers is pinned.",
        &[quote(
            S11,
            "Bearing off needs all checkers in the home board and none of them pinned.",
        )],
        "39) 21: 1/0 6/4   (all his checkers are home, but one is pinned)",
    ),
    entry(
        C::IllegalPlayMarker,
        None,
        E,
        G::Violation,
        F::Play,
        "The record marks an illegal play with an `Illegal play (...)` position dump, or an SGF \
         board edit, and no legal play of the roll reaches that position. The replay goes on \
         from the recorded position.",
        &[UNCHALLENGED, STANDS],
        "12) 52: Illegal play (1;0;1;0;0;Pat;Quinn;...)   (a dump no 5-2 reaches)",
    ),
    entry(
        C::OpeningDouble,
        None,
        E,
        G::Violation,
        F::Play,
        "The first roll of a game is a double, which the opening roll cannot give. Each player \
         rolls one die at the opening, and a die misread there is common: when the play written \
         is that of a roll one die away, the finding says so (`likely_typo`).",
        &[quote(
            S2,
            "Each player rolls one die; the higher starts and plays both numbers. Equal dice are \
             rolled again. So the first play of a game never has a double.",
        )],
        "1) 33: 8/5(2) 6/3(2)   (the first row of a game)",
    ),
    entry(
        C::DoubleInCrawford,
        None,
        E,
        G::Violation,
        F::Cube,
        "A double is offered in the Crawford game, where the cube is out of play.",
        &[CRAWFORD],
        "8)  Doubles => 2   (in the game after Omar reached 6 points of 7)",
    ),
    entry(
        C::DoubleNotOwner,
        None,
        E,
        G::Violation,
        F::Cube,
        "A player doubles while his opponent owns the cube.",
        &[WHEN_TO_DOUBLE],
        "15)  Doubles => 4   (Marta doubles although Omar took the 2-cube and owns it)",
    ),
    entry(
        C::DoubleAfterRoll,
        None,
        E,
        G::Violation,
        F::Cube,
        "A double is offered after rolling, or by the player who is not on turn.",
        &[WHEN_TO_DOUBLE, TURN],
        "7) 43: 13/9 13/10   then   7)  Doubles => 8   (in the same turn)",
    ),
    entry(
        C::DoubleWrongValue,
        None,
        W,
        G::Violation,
        F::Cube,
        "`Doubles => N` where N is not twice the cube.",
        &[TAKE_OR_DROP],
        "7)  Doubles => 8   (the cube is at 2: a double makes it 4)",
    ),
    entry(
        C::BeaverNotAllowed,
        None,
        E,
        G::Violation,
        F::Cube,
        "A beaver or raccoon in match play, or in a money session whose rules exclude them.",
        &[MONEY_OPTIONS],
        "6)  Doubles => 2   Beavers => 4   (in a 7-point match)",
    ),
    entry(
        C::CubeDisabled,
        None,
        E,
        G::Violation,
        F::Cube,
        "A double while the cube is out of play (a cube-less game) or already at its limit \
         (`; [CubeLimit]`, `--cube-limit`).",
        &[
            quote(
                S1,
                "one doubling cube (faces 2, 4, 8, 16, 32, 64; the game starts at value 1, cube \
                 centred).",
            ),
            VARIANTS,
        ],
        "19)  Doubles => 128   (with a cube limit of 64)",
    ),
    entry(
        C::DeadCube,
        None,
        I,
        G::Violation,
        F::Cube,
        "A double when the cube already covers everything the doubler needs to win the match: \
         legal, but it gains nothing.",
        &[MATCH_END],
        "11)  Doubles => 4   (Omar needs 2 points of 7 and already owns the 2-cube)",
    ),
    // Defects of the record.
    entry(
        C::ImpossiblePlay,
        None,
        E,
        G::Defect,
        F::Play,
        "The play cannot physically have happened, so the record is wrong, not the play (the kind \
         says why). The position is unknown afterwards: the rest of the game is not judged, its \
         declared result is kept, and checking resumes at the next game.",
        &[PHYSICAL],
        "2) 43: 21/18 18/14   (the opponent holds the 18 point)",
    ),
    entry(
        C::ImpossiblePlay,
        Some(K::NoChecker),
        E,
        G::Defect,
        F::Play,
        "A checker moves from a point where the mover has none, or enters from an empty bar.",
        &[PHYSICAL],
        "11) 54: 1/off(2)   (no checker is left on the 1 point)",
    ),
    entry(
        C::ImpossiblePlay,
        Some(K::OntoMadePoint),
        E,
        G::Defect,
        F::Play,
        "A checker lands on a point held by two or more opposing checkers.",
        &[OPEN_POINT, PHYSICAL],
        "2) 43: 21/18 18/14   (the opponent holds the 18 point)",
    ),
    entry(
        C::ImpossiblePlay,
        Some(K::Backward),
        E,
        G::Defect,
        F::Play,
        "A checker moves backwards, to the bar, or from off.",
        &[PHYSICAL],
        "6) 31: 5/8 6/5   (5/8 moves away from home)",
    ),
    entry(
        C::TurnOrder,
        None,
        E,
        G::Defect,
        F::Record,
        "The same player acts twice in a row, or rolls while a double awaits an answer: the \
         opponent's turn is missing from the record.",
        &[TURN],
        "6) 43: 13/9 13/10   right after the same player's 6) 62: 24/18 13/11",
    ),
    entry(
        C::TurnOrder,
        Some(K::OmittedDance),
        I,
        G::Defect,
        F::Record,
        "The opponent's turn is missing while he had a checker on the bar against a board that \
         stops at least 16 of the 36 rolls (four points or more closed): a dance not written, \
         which hand transcriptions sometimes leave out (certain against a closed board). If a \
         later play of his, while he is still on the bar, moves as if he had entered, it was a \
         lost play instead: the finding becomes a `turn-order` error saying so, and the rest of \
         the game is not judged (one finding, no cascade). Against a \
         weaker board the missing turn stays a `turn-order` error, and a double right after the \
         doubler's own roll stays `double-after-roll` unless the board was closed; their \
         messages name the possible omitted dance.",
        &[TURN],
        "the opponent on the bar against a 5-point board, then 7) 43: 13/9 13/10 right after 6) \
         62: 24/18 13/11",
    ),
    entry(
        C::AnswerWithoutDouble,
        None,
        E,
        G::Defect,
        F::Cube,
        "`Takes`, `Drops` or a beaver with no double to answer.",
        &[TAKE_OR_DROP],
        "10)  Takes   (no `Doubles` before it)",
    ),
    noted(
        entry(
            C::DoubleUnanswered,
            None,
            W,
            G::Defect,
            F::Cube,
            "A double is followed by a roll instead of an answer (except in the Jellyfish beaver \
             convention). A double followed by the doubler's `Wins` line is an implied drop.",
            &[TAKE_OR_DROP],
            "6)  Doubles => 2   followed by the opponent's 42: 8/4 6/4",
        ),
        "info for an implied drop",
    ),
    entry(
        C::ActionsAfterEnd,
        None,
        E,
        G::Defect,
        F::Record,
        "Plays or cube actions are written after the game was over (all checkers borne off, a \
         drop or a resignation).",
        &[GAME_VALUE],
        "25) 31: 6/3 6/5   (after the opponent bore off his last checker)",
    ),
    entry(
        C::WinnerMismatch,
        None,
        E,
        G::Defect,
        F::Score,
        "The `Wins` line names the player who lost on the board, or both players or neither.",
        &[GAME_VALUE],
        "Wins 1 point   (written for the player who still has checkers on the board)",
    ),
    noted(
        entry(
            C::PointsMismatch,
            None,
            E,
            G::Defect,
            F::Score,
            "`Wins N` differs from the cube times 1, 2 or 3 for a bear-off, or from the cube for a \
             drop.",
            &[GAME_VALUE, TAKE_OR_DROP],
            "Wins 1 point   (a gammon with the cube at 2 is worth 4)",
        ),
        "info when capped at what the winner needed in the last game",
    ),
    entry(
        C::ResignValue,
        None,
        W,
        G::Defect,
        F::Score,
        "A resignation worth not 1, 2 or 3 times the cube.",
        &[RESIGNATION],
        "Wins 5 points   (after a resignation with the cube at 1)",
    ),
    entry(
        C::ResignValue,
        Some(K::Missing),
        I,
        G::Defect,
        F::Score,
        "No value is written for a resignation; it is taken from the next game's score line \
         where there is one.",
        &[RESIGNATION],
        "Resigns   (and no `Wins N` after it)",
    ),
    entry(
        C::ResignValue,
        Some(K::Match),
        I,
        G::Defect,
        F::Score,
        "The resignation is worth exactly the points the winner needed: it concedes the match. \
         If another game of the match follows, it did not: the value is wrong (`resign-value`, \
         warning).",
        &[RESIGNATION, MATCH_END],
        "Wins 5 points and the match   (Omar needed 5, the cube was at 1)",
    ),
    entry(
        C::ScoreMismatch,
        None,
        E,
        G::Defect,
        F::Score,
        "A game's starting score differs from the previous start plus the points won. Match \
         play only: programs keep a money session's score lines each their own way (running \
         totals, totals under a Jacoby rule the file does not state, or not at all), so they \
         are not checked.",
        &[SCORE_SUM, SCORE_CHECKED],
        "Game 3 starts at 0 : 4 although the results so far make it 1 : 3",
    ),
    entry(
        C::ScoreMismatch,
        Some(K::Wrong),
        E,
        G::Defect,
        F::Score,
        "A game's starting score differs from the previous start plus the points won.",
        &[SCORE_SUM, SCORE_CHECKED],
        "Game 3 starts at 0 : 4 although the results so far make it 1 : 3",
    ),
    entry(
        C::ScoreMismatch,
        Some(K::Gap),
        E,
        G::Defect,
        F::Score,
        "Both scores only moved forward, as if whole games were missing from the record.",
        &[SCORE_SUM, SCORE_CHECKED],
        "Game 2 starts at 0 : 3 although game 1 ended 0 : 2",
    ),
    entry(
        C::MatchFragment,
        None,
        I,
        G::Defect,
        F::Score,
        "The record starts above 0-0 (a continuation or an excerpt). Whether the Crawford game \
         was already played may be unknown, so `double-in-crawford` is reported only when the \
         scores make it certain.",
        &[CRAWFORD],
        "the first game of the record is Game 5, at 3 : 2",
    ),
    entry(
        C::SetPosition,
        None,
        I,
        G::Defect,
        F::Record,
        "A game or a play starts from a set position (`; Set Pos=`, a row-1 dump, an SGF setup): \
         the replay starts from it, not from the opening position.",
        &[quote(
            S1,
            "Standard starting position, per player: 2 on 24, 5 on 13, 3 on 8, 5 on 6.",
        )],
        "1) 12: Illegal play (1;0;1;...)   (a dump on the first row)",
    ),
    entry(
        C::LostPlays,
        None,
        W,
        G::Defect,
        F::Record,
        "A game's record starts on a row after the first (`14)`) with an `Illegal play (...)` \
         position dump that no play of its roll from the opening position reaches: the plays \
         before it are missing from the record. The replay goes on from the position and cube \
         written in the dump, and the game's result is judged from there. (On row 1 such a dump \
         is a set position: `set-position`.) Also a jump in the record's own row numbers \
         (`9)` then `11)`) when a later play of the game cannot follow from the position \
         without the rows skipped: the rows were lost, not the play wrong; the finding stands \
         at the jump, and the rest of the game is not judged.",
        &[SCORE_SUM],
        "14) 33: Illegal play (7;0;1;0;0;...)   (the first row of game 2)",
    ),
    entry(
        C::GamesAfterMatch,
        None,
        E,
        G::Defect,
        F::Score,
        "A game starts after a player reached the match length.",
        &[MATCH_END],
        "Game 8   (Omar reached 7 points of 7 in game 7)",
    ),
    entry(
        C::MatchUnfinished,
        None,
        W,
        G::Defect,
        F::Score,
        "The record ends before anyone reached the match length.",
        &[MATCH_END],
        "a 7-point match whose record ends at 4 : 5",
    ),
    noted(
        entry(
            C::GameUnfinished,
            None,
            W,
            G::Defect,
            F::Record,
            "A game stops with no bear-off, drop, resignation or result line.",
            &[GAME_VALUE],
            "the last row of a game, then `Game 4` with no `Wins` line between",
        ),
        "info for the last game of a file",
    ),
    entry(
        C::HiddenPlay,
        None,
        E,
        G::Defect,
        F::Play,
        "`???` or `Illegal play` without a position dump in mid-game: the position is unknown \
         from there on, and the rest of the game is not judged.",
        &[PHYSICAL],
        "9) 52: ???",
    ),
    entry(
        C::NameChange,
        None,
        W,
        G::Defect,
        F::Record,
        "A player's name differs from the one written in the first game.",
        &[],
        "Game 1: `Marta : 0`, then Game 2: `Martha : 1`",
    ),
    // Reading problems.
    entry(
        C::Unreadable,
        None,
        E,
        G::Reading,
        F::Reading,
        "Not a transcript (binary data, an eXtreme Gammon file that is damaged or was not \
         written by eXtreme Gammon, an `.xgp` position file), undecodable, or no match at all. \
         Formats that are recognised but not read (eXtreme Gammon position files, GNU \
         Backgammon text exports, JavaFIBS and FIBS logs, archives) are named in the message, \
         with what to do.",
        &[],
        "position.xgp   (one position, no match: `bgaudit legal position.xgp` lists its plays)",
    ),
    entry(
        C::UnparsableCell,
        None,
        E,
        G::Reading,
        F::Reading,
        "A cell that is no roll, cube action or result. When it is a player's turn, the position \
         is unknown from there on and the rest of the game is not judged.",
        &[],
        "1) 13-7 8/7   (no dice)",
    ),
    entry(
        C::BadHeader,
        None,
        E,
        G::Reading,
        F::Reading,
        "A missing or garbled `Game N` or score line.",
        &[],
        "Game 3   followed by a move row instead of `Marta : 0   Omar : 3`",
    ),
    entry(
        C::Numbering,
        None,
        I,
        G::Reading,
        F::Reading,
        "Row or game numbers out of sequence.",
        &[],
        "3) 51: 13/8 6/5   (row 3 where row 2 was due)",
    ),
    entry(
        C::HitMark,
        None,
        I,
        G::Reading,
        F::Play,
        "A `*` is missing where a hit happened, or written where none did; only in matches \
         that write hit marks at all (a file may hold matches of programs that mark hits and of \
         programs that do not).",
        &[HITTING],
        "4) 64: 13/7 24/20   (13/7 hits a blot, and the match marks hits elsewhere)",
    ),
    entry(
        C::Blunder,
        None,
        I,
        G::Reading,
        F::Play,
        "A checker play that the analysis the record carries (GNU Backgammon's, eXtreme \
         Gammon's) marks very bad: it gave up at least 0.120 (GNU Backgammon's very bad) or 0.080 \
         (XG's blunder) of equity against the engine's best play. The analysis is the record's, \
         not bgaudit's; reported only with `check --blunders`.",
        &[],
        "12) 62: 13/5   (the analysis: 24/18 13/11 is best; this play gives up 0.153)",
    ),
    entry(
        C::AmbiguousPath,
        None,
        I,
        G::Reading,
        F::Play,
        "A combined move has two paths that differ by a hit and nothing in the notation decides: \
         the path that keeps the following plays consistent is taken; reported only when both \
         stay consistent.",
        &[INTERMEDIATE, HITTING],
        "5) 64: 24/14   (24/18/14 hits on 18, 24/20/14 does not)",
    ),
    entry(
        C::AssumedRule,
        None,
        I,
        G::Reading,
        F::Record,
        "A rule (Crawford, Jacoby, beavers, cube limit, variant) is not stated in the file and was \
         taken from the defaults or the flags, or from what the record shows.",
        &[VARIANTS],
        "Beavers => 4   (in a money session whose file says nothing about beavers)",
    ),
    entry(
        C::AssumedRule,
        Some(K::Beavers),
        I,
        G::Reading,
        F::Cube,
        "The file does not say whether beavers were allowed and one was played: they are taken \
         as allowed.",
        &[MONEY_OPTIONS, VARIANTS],
        "Beavers => 4   (in a money session whose file says nothing about beavers)",
    ),
    entry(
        C::AssumedRule,
        Some(K::Jacoby),
        I,
        G::Reading,
        F::Score,
        "The file does not say whether the Jacoby rule was in force, and a game result fits it: \
         it is taken as on.",
        &[MONEY_OPTIONS, VARIANTS],
        "Wins 1 point   (a gammon in a money game where the cube was never turned)",
    ),
    entry(
        C::Encoding,
        None,
        I,
        G::Reading,
        F::Reading,
        "The file is not UTF-8 and was read as Windows-1252, or is UTF-16 without a byte-order \
         mark and was read as such.",
        &[],
        "a file saved by an old Windows program, with names like `Müller`",
    ),
    entry(
        C::BinaryData,
        None,
        W,
        G::Reading,
        F::Reading,
        "NUL bytes or other binary bytes inside a text transcript, on the lines the finding \
         names: the file is damaged there. The rest of the file is read and checked; a cell the \
         damage reaches is also `unparsable-cell`. A file whose binary bytes are spread through \
         it is `unreadable` instead.",
        &[],
        "  7) 64: 24/18 13/9\\0\\0\\0   (a block of zero bytes where the disk failed)",
    ),
    entry(
        C::Skipped,
        None,
        I,
        G::Reading,
        F::Reading,
        "Something valid in the format was skipped on purpose, such as an SGF variation.",
        &[],
        "(;B[52mhmk];W[31hefe](;B[64aglp])(;B[62...]))   (the second branch is not replayed)",
    ),
    entry(
        C::Unsupported,
        None,
        W,
        G::Reading,
        F::Reading,
        "Valid in its format but not modelled: an SGF board edit that changes only some points \
         (the position after it is unknown and the rest of the game is not judged), or a \
         Variation tag naming a game bgaudit does not know (no play of that match is judged \
         unless --variant says which game it is).",
        &[],
        ";AE[a]AW[b]   (a partial SGF board edit in mid-game)",
    ),
    entry(
        C::NotAnalysed,
        None,
        I,
        G::Reading,
        F::Reading,
        "With --analyse, a match the record carries no analysis of was not analysed by GNU \
         Backgammon, and the message says why: the game GNU Backgammon imported is not the game \
         the replay read (its import drops or changes plays it cannot make, as an illegal play), \
         the format is one it cannot import, or it failed, crashed or ran out of time. The \
         match has no skill statistics; the rest of the run goes on.",
        &[],
        "not analysed: GNU Backgammon imported another game than the record's (game 2, move 8: \
         52 played 6/4 8/4)",
    ),
];
