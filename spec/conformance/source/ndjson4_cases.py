"""NDJSON4 cases (filled in once spec/ndjson4.md is written)."""
