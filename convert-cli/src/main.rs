//! The `fenkit` binary; everything lives in the library half of this crate.

fn main() -> std::process::ExitCode {
    fenkit::main()
}
