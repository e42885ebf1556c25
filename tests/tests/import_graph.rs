//! No import circles: in every crate of the workspace, the modules (one per source file) import
//! each other without a cycle. And, read from the same sources, at most three public error
//! structs in the libraries (the last tests).
//!
//! A module imports another when one of its top-level `use crate::…`, `use super::…` or
//! `use self::…` items names it or something in it: the path's longest prefix that is a module
//! of the crate. The crate root (`lib.rs`) is the crate's façade, so a name taken from it
//! (`use crate::Code`) is no import of a module, and re-exports (`pub use`) are no imports
//! either. Nested modules (`mod tests { … }`) are left out, as are imports inside functions.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The crates whose `src/` is checked, from the workspace root.
const CRATES: [&str; 10] = [
    "diagnostics",
    "dfen",
    "chess",
    "fen4",
    "pgn",
    "variants",
    "notation",
    "convert-cli",
    "python",
    "wasm",
];

/// The circles known and not yet broken, as the test reports them. Each must still exist, so
/// that this list only shrinks. None is left: the last, in `fenkit-variants`, was broken by
/// giving the variant's name a module of its own (`variant`), apart from the table that holds
/// its rules, and by computing a position's status where the rules are (`rules`).
const KNOWN_CIRCLES: [&str; 0] = [];

type ModPath = Vec<String>;

/// One module: its `use` items, each as the paths it names and whether it re-exports them.
struct Module {
    /// `(path, is a re-export)`, the path from the `use` keyword on, with `as` renames dropped.
    uses: Vec<(Vec<String>, bool)>,
}

fn module_path(src: &Path, file: &Path) -> Option<ModPath> {
    let relative = file.strip_prefix(src).ok()?;
    let mut parts: Vec<String> = relative
        .iter()
        .map(|part| part.to_string_lossy().into_owned())
        .collect();
    let last = parts.pop()?;
    let stem = last.strip_suffix(".rs")?;
    if !matches!(stem, "lib" | "main" | "mod") {
        parts.push(stem.to_owned());
    }
    // `main.rs` beside `lib.rs` is a second crate root; `bin/` holds more.
    if stem == "main" || parts.first().is_some_and(|first| first == "bin") {
        return None;
    }
    Some(parts)
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            out.push(path);
        }
    }
}

/// The `use` items written at the top level of a file (not indented), each as one string from
/// `use` to `;`, with whether it is `pub`.
fn top_level_uses(text: &str) -> Vec<(String, bool)> {
    let mut items = Vec::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        let (public, rest) = if let Some(rest) = line.strip_prefix("use ") {
            (false, rest)
        } else if let Some(after) = line.strip_prefix("pub") {
            let after = after
                .strip_prefix("(crate)")
                .or_else(|| after.strip_prefix("(super)"))
                .unwrap_or(after);
            match after.strip_prefix(" use ") {
                Some(rest) => (true, rest),
                None => continue,
            }
        } else {
            continue;
        };
        let mut item = rest.to_owned();
        while !item.contains(';') {
            match lines.next() {
                Some(next) => {
                    item.push(' ');
                    item.push_str(next.trim());
                }
                None => break,
            }
        }
        let item = item.split(';').next().unwrap_or_default().to_owned();
        items.push((item, public));
    }
    items
}

/// The paths of a use tree: `a::{b, c::{d as e, *}}` gives `a::b`, `a::c::d`, `a::c::*`.
fn expand(tree: &str) -> Vec<Vec<String>> {
    let tree: String = tree
        .chars()
        .filter(|c| !c.is_whitespace() || *c == ' ')
        .collect();
    let tree = tree.trim();
    let Some(open) = tree.find('{') else {
        let name = tree.split(" as ").next().unwrap_or_default().trim();
        return vec![
            name.split("::")
                .filter(|part| !part.is_empty())
                .map(str::to_owned)
                .collect(),
        ];
    };
    let prefix: Vec<String> = tree[..open]
        .split("::")
        .map(str::trim)
        .filter(|part| !part.is_empty())
        .map(str::to_owned)
        .collect();
    let inner = tree[open + 1..]
        .trim_end()
        .strip_suffix('}')
        .unwrap_or_default();
    let mut paths = Vec::new();
    let mut depth = 0_usize;
    let mut start = 0;
    let mut pieces = Vec::new();
    for (at, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth = depth.saturating_sub(1),
            ',' if depth == 0 => {
                pieces.push(&inner[start..at]);
                start = at + 1;
            }
            _ => {}
        }
    }
    pieces.push(&inner[start..]);
    for piece in pieces.into_iter().map(str::trim).filter(|p| !p.is_empty()) {
        for tail in expand(piece) {
            let mut path = prefix.clone();
            if tail != ["self"] {
                path.extend(tail);
            }
            paths.push(path);
        }
    }
    paths
}

/// `path` (from `crate`, `super` or `self`) as a path from the crate root, or `None` for a path
/// into another crate.
fn absolute(from: &ModPath, path: &[String]) -> Option<Vec<String>> {
    let mut base = from.clone();
    let mut rest = path;
    match rest.first().map(String::as_str) {
        Some("crate") => {
            base.clear();
            rest = &rest[1..];
        }
        Some("self") => rest = &rest[1..],
        Some("super") => {
            while rest.first().is_some_and(|part| part == "super") {
                base.pop()?;
                rest = &rest[1..];
            }
        }
        _ => return None,
    }
    base.extend(rest.iter().cloned());
    Some(base)
}

/// The module `path` names, or that holds what it names: its longest prefix that is a module.
fn resolve(modules: &BTreeMap<ModPath, Module>, path: &[String]) -> ModPath {
    let mut split = path.len();
    while split > 0 && !modules.contains_key(&path[..split]) {
        split -= 1;
    }
    path[..split].to_vec()
}

fn name(path: &ModPath) -> String {
    if path.is_empty() {
        "(root)".to_owned()
    } else {
        path.join("::")
    }
}

/// The cycles of a crate's graph, each as the modules of one strongly connected component.
fn cycles(edges: &BTreeMap<ModPath, BTreeSet<ModPath>>) -> Vec<Vec<String>> {
    // Tarjan's algorithm, recursive: the graphs have at most a few hundred nodes.
    struct State<'a> {
        edges: &'a BTreeMap<ModPath, BTreeSet<ModPath>>,
        index: BTreeMap<&'a ModPath, usize>,
        low: BTreeMap<&'a ModPath, usize>,
        stack: Vec<&'a ModPath>,
        on_stack: BTreeSet<&'a ModPath>,
        found: Vec<Vec<String>>,
    }
    fn visit<'a>(state: &mut State<'a>, node: &'a ModPath) {
        let next = state.index.len();
        state.index.insert(node, next);
        state.low.insert(node, next);
        state.stack.push(node);
        state.on_stack.insert(node);
        for target in state.edges.get(node).into_iter().flatten() {
            if !state.index.contains_key(target) {
                visit(state, target);
                let low = state.low[node].min(state.low[target]);
                state.low.insert(node, low);
            } else if state.on_stack.contains(target) {
                let low = state.low[node].min(state.index[target]);
                state.low.insert(node, low);
            }
        }
        if state.low[node] == state.index[node] {
            let mut component = Vec::new();
            while let Some(member) = state.stack.pop() {
                state.on_stack.remove(member);
                component.push(name(member));
                if member == node {
                    break;
                }
            }
            if component.len() > 1 {
                component.sort();
                state.found.push(component);
            }
        }
    }
    let mut state = State {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: Vec::new(),
    };
    for node in edges.keys() {
        if !state.index.contains_key(node) {
            visit(&mut state, node);
        }
    }
    state.found
}

/// Every import of a crate's modules, as edges between modules.
fn graph(src: &Path) -> BTreeMap<ModPath, BTreeSet<ModPath>> {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    let mut modules = BTreeMap::new();
    for file in files {
        let Some(path) = module_path(src, &file) else {
            continue;
        };
        let text = fs::read_to_string(&file).expect("a source file reads");
        let mut uses = Vec::new();
        for (item, public) in top_level_uses(&text) {
            for used in expand(&item) {
                uses.push((used, public));
            }
        }
        modules.insert(path, Module { uses });
    }
    let mut edges: BTreeMap<ModPath, BTreeSet<ModPath>> = BTreeMap::new();
    for (path, module) in &modules {
        let out = edges.entry(path.clone()).or_default();
        for (used, public) in &module.uses {
            if *public {
                continue;
            }
            let Some(target) = absolute(path, used) else {
                continue;
            };
            let target: Vec<String> = target.into_iter().filter(|part| part != "*").collect();
            let module = resolve(&modules, &target);
            if &module != path && !module.is_empty() {
                out.insert(module);
            }
        }
    }
    edges
}

#[test]
fn no_crate_has_an_import_circle() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut report = Vec::new();
    for krate in CRATES {
        let src = root.join(krate).join("src");
        assert!(src.is_dir(), "{} is missing", src.display());
        let graph = graph(&src);
        assert!(
            graph.len() > 1 || krate == "diagnostics",
            "{krate}: no modules read"
        );
        for cycle in cycles(&graph) {
            report.push(format!("{krate}: {}", cycle.join(" ⇄ ")));
        }
    }
    let new: Vec<&String> = report
        .iter()
        .filter(|circle| !KNOWN_CIRCLES.contains(&circle.as_str()))
        .collect();
    assert!(
        new.is_empty(),
        "import circles (break each by moving the shared piece to the module it belongs to):\n{}",
        new.iter()
            .map(|circle| circle.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    );
    for known in KNOWN_CIRCLES {
        assert!(
            report.iter().any(|circle| circle == known),
            "the circle `{known}` is broken: take it out of KNOWN_CIRCLES"
        );
    }
}

#[test]
fn a_circle_is_found() {
    let a = vec!["a".to_owned()];
    let b = vec!["b".to_owned()];
    let c = vec!["c".to_owned()];
    let mut edges = BTreeMap::new();
    edges.insert(a.clone(), BTreeSet::from([b.clone()]));
    edges.insert(b.clone(), BTreeSet::from([c.clone()]));
    edges.insert(c.clone(), BTreeSet::new());
    assert!(cycles(&edges).is_empty());
    edges.insert(c, BTreeSet::from([a]));
    assert_eq!(cycles(&edges), vec![vec!["a", "b", "c"]]);
}

#[test]
fn use_trees_expand() {
    let paths = expand("crate::{a::B, c::{self, d as e, *}}");
    assert_eq!(
        paths,
        vec![
            vec!["crate", "a", "B"],
            vec!["crate", "c"],
            vec!["crate", "c", "d"],
            vec!["crate", "c", "*"],
        ]
    );
}

// One rejection type: the libraries reject input through `fenkit_diagnostics::Rejection`, and
// hold at most three public error structs of their own (issue 36). A new one fails here: give
// its rejections a code and make them a `Rejection`, or fold it into one of the others. A
// struct counts when a library's source declares `pub struct NAME` with `Error` in `NAME`
// (`grep -rn "pub struct .*Error" */src`).

/// The crates of [`CRATES`] that are binaries, whose error types do not count.
const BINARIES: [&str; 3] = ["convert-cli", "python", "wasm"];

/// At most this many public error structs.
const AT_MOST: usize = 3;

/// Every public struct with `Error` in its name declared in `text`.
fn error_structs(text: &str) -> Vec<&str> {
    text.lines()
        .filter_map(|line| line.trim_start().strip_prefix("pub struct "))
        .map(|rest| {
            rest.split(|c: char| !(c.is_alphanumeric() || c == '_'))
                .next()
                .unwrap_or_default()
        })
        .filter(|name| name.contains("Error"))
        .collect()
}

#[test]
fn the_libraries_hold_at_most_three_public_error_structs() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut found = BTreeSet::new();
    for library in CRATES.into_iter().filter(|krate| !BINARIES.contains(krate)) {
        let mut files = Vec::new();
        rust_files(&root.join(library).join("src"), &mut files);
        files.sort();
        assert!(!files.is_empty(), "{library}: no sources read");
        for file in files {
            let text = fs::read_to_string(&file).expect("a source file reads");
            let relative = file.strip_prefix(&root).unwrap_or(&file).to_string_lossy();
            for name in error_structs(&text) {
                found.insert(format!("{}: {name}", relative.replace('\\', "/")));
            }
        }
    }
    assert!(
        found.len() <= AT_MOST,
        "{} public error structs in the libraries, at most {AT_MOST} wanted (make a new one a \
         `fenkit_diagnostics::Rejection`):\n{}",
        found.len(),
        found.iter().cloned().collect::<Vec<_>>().join("\n")
    );
}

#[test]
fn the_counter_reads_struct_names() {
    let text = "pub struct ParseError {\n    pub struct NotAnError;\n}\npub struct Game<'a> {}\n\
                struct HiddenError;\npub struct JsonErrors(Vec<u8>);\n";
    assert_eq!(
        error_structs(text),
        ["ParseError", "NotAnError", "JsonErrors"]
    );
}

// The bindings name no notation of their own (issue 36): which notations a function of
// Python's or JavaScript's reads comes from the notation table (`notation::TABLE`), and a
// binding's code holds no list of their names. The typed declarations that must spell the
// names out (`Literal[…]`, TypeScript unions) are held to the table instead.

/// The code of the bindings: the Rust of `python/src` and `wasm/src`, the JavaScript of
/// `wasm/js`, the Python of `python/fenkit`.
fn binding_code(root: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    rust_files(&root.join("python/src"), &mut files);
    rust_files(&root.join("wasm/src"), &mut files);
    for (dir, extensions) in [
        ("wasm/js", &["js", "mjs", "cjs"][..]),
        ("python/fenkit", &["py"][..]),
    ] {
        for entry in fs::read_dir(root.join(dir))
            .expect("a binding's folder")
            .flatten()
        {
            let path = entry.path();
            if path
                .extension()
                .is_some_and(|ext| extensions.iter().any(|want| ext == *want))
            {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// The string literals of a piece of code, in `"…"` or `'…'` (no escapes needed: the names
/// hold none).
fn string_literals(code: &str) -> Vec<&str> {
    let mut found = Vec::new();
    let mut rest = code;
    while let Some(open) = rest.find(['"', '\'']) {
        let quote = &rest[open..=open];
        let after = &rest[open + 1..];
        let Some(close) = after.find(quote) else {
            break;
        };
        found.push(&after[..close]);
        rest = &after[close + 1..];
    }
    found
}

/// The pieces of `text`'s code (its comments, docstrings and Rust tests left out), cut at
/// `;`, `{` and `}`, that hold two or more notation names of `names` as string literals.
fn notation_lists(text: &str, names: &BTreeSet<&str>) -> Vec<String> {
    let text = text.split("#[cfg(test)]").next().unwrap_or_default();
    let mut code = String::new();
    let mut in_docstring = false;
    for line in text.lines() {
        let trimmed = line.trim_start();
        let quotes = trimmed.matches("\"\"\"").count();
        if in_docstring || quotes > 0 {
            in_docstring ^= quotes % 2 == 1;
            continue;
        }
        if ["//", "#", "*", "/*"]
            .iter()
            .any(|comment| trimmed.starts_with(comment))
        {
            continue;
        }
        // A type's `Literal[…]` is a declaration, held to the table by the test below.
        let mut line = line;
        while let Some(at) = line.find("Literal[") {
            code.push_str(&line[..at]);
            line = line[at..].find(']').map_or("", |end| &line[at + end + 1..]);
        }
        code.push_str(line);
        code.push('\n');
    }
    code.split([';', '{', '}'])
        .filter(|piece| {
            let named: BTreeSet<&str> = string_literals(piece)
                .into_iter()
                .filter(|literal| names.contains(literal))
                .collect();
            named.len() >= 2
        })
        .map(|piece| piece.trim().to_owned())
        .collect()
}

/// The names of the notations of the table.
fn notation_names() -> BTreeSet<&'static str> {
    notation::TABLE.iter().map(|entry| entry.name).collect()
}

#[test]
fn no_binding_lists_notations_of_its_own() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let names = notation_names();
    let mut report = Vec::new();
    for file in binding_code(&root) {
        let text = fs::read_to_string(&file).expect("a source file reads");
        for list in notation_lists(&text, &names) {
            let relative = file.strip_prefix(&root).unwrap_or(&file).display();
            report.push(format!("{relative}: {list}"));
        }
    }
    assert!(
        report.is_empty(),
        "a binding lists notations (take them from `notation::TABLE`, e.g. a flag of its \
         entries such as `columnar`):\n{}",
        report.join("\n")
    );
}

#[test]
fn a_list_of_notations_is_found() {
    let names = notation_names();
    let rust = "/// `\"fen\"` or `\"dfen\"`\nconst NOTATIONS: [&str; 2] = [\n    \"fen\",\n    \"dfen\",\n];\nfn f(notation: &str) { g(notation, \"fen\") }";
    assert_eq!(
        notation_lists(rust, &names),
        ["2] = [\n    \"fen\",\n    \"dfen\",\n]"]
    );
    let js = "const forms = { fen: 1 };\nif (['epd', 'pgn'].includes(n)) {}\n";
    assert_eq!(
        notation_lists(js, &names),
        ["if (['epd', 'pgn'].includes(n))"]
    );
    let python = "\"\"\"Reads \"fen\"\nor \"dfen\".\"\"\"\nx = \"fen\"\ndef f(n: Literal[\"fen\", \"dfen\"] = \"fen\"): ...\n";
    assert!(notation_lists(python, &names).is_empty());
}

/// The names of the `Literal[…]` or TypeScript union that follows `start` in `text`.
fn declared(text: &str, start: &str) -> BTreeSet<String> {
    let at = text
        .find(start)
        .unwrap_or_else(|| panic!("`{start}` is declared"))
        + start.len();
    let rest = &text[at..];
    let end = rest.find([']', ';']).unwrap_or(rest.len());
    string_literals(&rest[..end])
        .into_iter()
        .map(str::to_owned)
        .collect()
}

#[test]
fn the_typed_notation_names_are_the_tables() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let read = |path: &str| fs::read_to_string(root.join(path)).expect("a declaration file");
    let offered: BTreeSet<String> = notation::TABLE
        .iter()
        .filter(|entry| entry.help.notation.is_some())
        .map(|entry| entry.name.to_owned())
        .collect();
    let columnar: BTreeSet<String> = notation::TABLE
        .iter()
        .filter(|entry| entry.columnar)
        .map(|entry| entry.name.to_owned())
        .collect();
    assert_eq!(
        columnar,
        BTreeSet::from(["dfen".to_owned(), "fen".to_owned()])
    );
    let stubs = read("python/fenkit/_fenkit.pyi");
    assert_eq!(declared(&stubs, "_Notation = Literal["), offered);
    let types = read("wasm/js/fenkit.d.ts");
    assert_eq!(declared(&types, "export type Notation ="), offered);
    let arrow = read("python/fenkit/arrow.py");
    let mut at = 0;
    let mut seen = 0;
    while let Some(next) = arrow[at..].find("notation: Literal[") {
        let from = at + next;
        assert_eq!(declared(&arrow[from..], "notation: Literal["), columnar);
        at = from + 1;
        seen += 1;
    }
    assert_eq!(seen, 3, "fenkit.arrow's three functions take `notation`");
}
