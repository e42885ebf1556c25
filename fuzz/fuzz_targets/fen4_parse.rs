#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| fenkit_fuzz::check_fen4(data));
