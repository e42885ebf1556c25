//! json tests
