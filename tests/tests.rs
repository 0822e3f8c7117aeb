//! The one integration-test binary. Shared data is read from `../shared/`.

mod oracle;
mod properties;
mod util;
