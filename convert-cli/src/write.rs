//! Writes.
