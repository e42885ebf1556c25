//! Golden reports of every position file under `fixtures/`.
//!
//! Each file's report (`fenkit::report::report_file`) is compared with
//! `snapshots/<file>.snap` beside it: the same file `fenkit snapshot check fixtures/` reads.
//! Review changes with `cargo insta review` or `fenkit snapshot update --accept fixtures/`.

#[test]
fn fixture_reports() {
    insta::glob!(
        "../../fixtures",
        "**/*.{dfen,fen,epd,fen4,ndjson4,jsonl,pgn,csv,tsv}",
        |path| {
            let report = fenkit::report::report_file(path)
                .unwrap_or_else(|error| panic!("cannot read {}: {error}", path.display()));
            let mut settings = insta::Settings::clone_current();
            settings.set_snapshot_path(fenkit::report::snapshot_dir(path));
            settings.set_prepend_module_to_snapshot(false);
            settings.remove_snapshot_suffix();
            settings.bind(|| {
                insta::assert_snapshot!(fenkit::report::snapshot_name(path), report);
            });
        }
    );
}
