//! The one integration-test binary. Shared data is read from `../shared/`.

mod cli;
mod ids;
mod oracle;
mod properties;
mod util;
mod variants;
