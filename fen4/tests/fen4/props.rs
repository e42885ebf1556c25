//! props tests
