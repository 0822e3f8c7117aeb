//! The `bgaudit` command line: arguments to configuration, the run, an exit
//! status (0 clean, 1 findings, 2 unreadable input or bad usage).

mod cli;

use std::io;
use std::process::ExitCode;

fn main() -> ExitCode {
    // A usage error exits with status 2 here.
    let args = cli::parse_args();
    match cli::Config::from_args(args).and_then(|config| cli::run(&config)) {
        Ok(code) => code,
        // `bgaudit check . | head` is a success once `head` has had enough.
        Err(err) if is_broken_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => {
            // The error may quote a file name or an argument: shown escaped.
            let line = format!("{err:#}");
            eprintln!("bgaudit: {}", bgaudit::escape::terminal(&line));
            ExitCode::from(2)
        }
    }
}

fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|err| err.kind() == io::ErrorKind::BrokenPipe)
    })
}
