//! table tests
