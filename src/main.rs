//! The `bgaudit` command line.

fn main() {}
