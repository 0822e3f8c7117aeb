//! GNU Backgammon position ID and match ID.
