//! The one integration-test binary. Shared data is read from `../shared/`.

mod reader_mat;
mod reader_sgf;
mod util;
