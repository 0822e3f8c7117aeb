//! The rules engine: legal plays, judging a written play, cube, results and
//! match score. No I/O, no parsing of files.
