#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| fenkit_fuzz::check_rewrite(data));
