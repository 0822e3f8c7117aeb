//! eXtreme Gammon XGID.
