//! ndjson4 tests
