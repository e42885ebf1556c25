//! The `fenkit` binary; everything lives in the library half of this crate.

/// Records, findings and canonical forms are small allocations made on one thread and freed on
/// another in batches of thousands; mimalloc's per-thread free lists serve that pattern without
/// the locking the system allocator needs (see docs/performance.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    fenkit::main()
}
