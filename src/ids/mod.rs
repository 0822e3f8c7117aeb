//! Text codecs for positions: GNU Backgammon position and match IDs, XGID.

pub mod gnubg;
pub mod xgid;
