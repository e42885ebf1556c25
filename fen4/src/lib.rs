//! FEN4.
