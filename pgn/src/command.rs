//! Comment commands.
