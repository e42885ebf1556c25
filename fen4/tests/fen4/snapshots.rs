//! snapshots tests
