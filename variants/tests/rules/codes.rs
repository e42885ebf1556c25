//! `spec/codes.md` lists every `VAR` code once, as the code table defines it.

use variants::Code;

#[test]
fn the_spec_lists_every_variant_code() {
    const BEGIN: &str = "<!-- the variant rules' code table: checked by `cargo test -p fenkit-variants --test rules codes` -->\n";
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../spec/codes.md");
    let text = std::fs::read_to_string(path).unwrap();
    let start = text.find(BEGIN).expect("the table's opening marker") + BEGIN.len();
    let mut expected = String::from("| code | category | title |\n|---|---|---|\n");
    for code in <Code as fenkit_diagnostics::Code>::ALL {
        expected.push_str(&format!(
            "| `{}` | {} | {} |\n",
            code.as_str(),
            code.category().as_str(),
            code.title()
        ));
    }
    if std::env::var_os("FENKIT_UPDATE_SPEC").is_some() {
        std::fs::write(path, format!("{}{expected}", &text[..start])).unwrap();
        return;
    }
    assert_eq!(
        &text[start..],
        expected,
        "spec/codes.md is out of date: run FENKIT_UPDATE_SPEC=1 cargo test -p fenkit-variants --test rules codes"
    );
}
