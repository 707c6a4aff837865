//! `mapcheck suite` (in progress).
