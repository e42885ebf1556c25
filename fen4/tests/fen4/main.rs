//! Integration tests for the fen4 crate.

mod corpus;
mod identity;
mod json;
mod ndjson4;
mod oracle;
mod props;
mod reuse;
mod snapshots;
mod table;
