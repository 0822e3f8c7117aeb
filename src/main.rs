//! The `bgaudit` command line: arguments to configuration, the run, an exit
//! status (0 clean, 1 findings, 2 unreadable input, bad usage or an output
//! that failed).

mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    // A usage error exits with status 2 here.
    let args = cli::parse_args();
    match cli::Config::from_args(args).and_then(|config| cli::run(&config)) {
        Ok(code) => code,
        // The reader has had enough (`| head`): nothing to say, as ripgrep
        // (`check` ends with the status of its findings so far itself).
        Err(err) if cli::output::is_closed_stdout(&err) => ExitCode::SUCCESS,
        // One line: what failed (an input, an output: standard output
        // closed, a full disk, a summary that cannot be created). Written
        // if standard error can take it.
        Err(err) => {
            // The error may quote a file name or an argument: shown escaped.
            let line = format!("{err:#}");
            cli::output::warn!("bgaudit: {}", bgaudit::escape::terminal(&line));
            ExitCode::from(2)
        }
    }
}
