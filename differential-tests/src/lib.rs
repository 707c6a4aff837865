//! Property-based differential tests (see tests/).
