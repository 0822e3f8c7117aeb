//! The one integration-test binary. Shared data is read from `../shared/`.

mod catalogue;
mod check_corpus;
mod cli;
mod endings;
mod explain;
mod ids;
mod options;
mod oracle;
mod planted;
mod properties;
mod reader_mat;
mod reader_sgf;
mod robust;
mod typo_rate;
mod util;
mod variants;
