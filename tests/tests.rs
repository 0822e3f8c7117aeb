//! The one integration-test binary. Shared data is read from `../shared/`
//! when it is there; a test that needs it and does not find it skips with one
//! line on standard error (`skipped TEST: ../shared/PATH is absent (WHY)`),
//! or fails when `BGAUDIT_REQUIRE_SHARED=1` (as in CI). The project's own
//! fixtures test every reader, rule and option without it. The HTML report's
//! tests (`html`) need headless Chromium the same way: without it they skip
//! with one line, or fail when `BGAUDIT_REQUIRE_CHROMIUM=1` (as in CI). The
//! tests of `--analyse` (`analyse`) that need GNU Backgammon itself skip or
//! fail the same way (`BGAUDIT_REQUIRE_GNUBG=1`); the others use small shell
//! scripts in its place.

mod analyse;
mod architecture;
mod bad_bytes;
mod bounded;
mod catalogue;
mod check_corpus;
mod cli;
mod director;
mod docs;
mod endings;
mod explain;
mod hostile;
mod html;
mod ids;
mod moves;
mod options;
mod oracle;
mod output_faults;
mod planted;
mod properties;
mod reader_mat;
mod reader_sgf;
mod reader_xg;
mod robust;
mod sarif;
mod schema;
mod self_docs;
mod skill;
mod skill_gnubg;
mod streaming;
mod typo_dice;
mod typo_fits;
mod typo_rate;
mod util;
mod variants;
mod walk;
mod xg_writer;
