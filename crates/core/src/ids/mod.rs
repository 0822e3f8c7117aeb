//! Text codecs for positions: GNU Backgammon position and match IDs, XGID;
//! [`input`] reads a position and dice as a person types them.
//!
//! Every decoder returns an error saying what is wrong instead of
//! panicking. Every position or match ID a decoder accepts encodes back to
//! the same text; an accepted XGID encodes back to the same value (the
//! `XGID=` prefix is optional and numbers may have leading zeros on input).
//! Encoders write into a `String` of known size or straight into a
//! formatter.
//!
//! ```
//! use bgaudit_core::ids::{MatchId, XgSide, Xgid, gnubg_id};
//! use bgaudit_core::position::{Position, Variant};
//! use bgaudit_core::side::{ByPlayer, Side};
//!
//! let start = Position::starting(Variant::Backgammon);
//! let id = MatchId::new(7, ByPlayer::new(0, 0), Side::Second);
//! assert_eq!(gnubg_id(&start, &id), "4HPwATDgc/ABMA:cAngAAAAAAAA");
//! assert_eq!(
//!     Xgid::from_match_id(&start, &id).to_string(),
//!     "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:7:10"
//! );
//! ```

pub mod gnubg;
pub mod input;
pub mod xgid;

pub use gnubg::{
    GameStatus, MatchId, MatchIdError, PositionIdError, ResignLevel, decode_position_id, gnubg_id,
    parse_position_id, position_id,
};
pub use input::{PositionInputError, parse_position, position_and_roll};
pub use xgid::{XgSide, Xgid, XgidDice, XgidError, XgidField};
