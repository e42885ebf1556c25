//! SHA-256, for checking a suite directory against its manifest.

use sha2::{Digest, Sha256};

/// The SHA-256 of `bytes` in lower-case hex, as a suite's manifest records it.
pub(crate) fn hex_digest(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect()
}

#[cfg(test)]
mod tests {
    /// The digest is written as the manifest writes it (`spec/conformance/source/build.py`,
    /// Python's `hashlib.sha256(…).hexdigest()`): 64 lower-case hex digits.
    #[test]
    fn hex_as_the_manifest_writes_it() {
        assert_eq!(
            super::hex_digest(b"abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }
}
