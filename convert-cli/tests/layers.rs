//! The command line's modules are layered: no source file imports, directly or through
//! others, a file that imports it back, beyond a `mod.rs` and its own children (a child may use
//! its parent's items). This test reads every `crate::` and `super::` path in `src/`, resolves
//! it to the module (file) it names, and fails on the first cycle, printed module by module.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Every source file of the library, by module path (`notation::dfen`; `crate` for lib.rs).
fn modules(src: &Path) -> BTreeMap<String, PathBuf> {
    let mut found = BTreeMap::new();
    let mut stack = vec![src.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let relative = path.strip_prefix(src).unwrap().with_extension("");
            let mut parts: Vec<String> = relative
                .iter()
                .map(|part| part.to_string_lossy().into_owned())
                .collect();
            match parts.last().map(String::as_str) {
                Some("main") if parts.len() == 1 => continue,
                Some("lib") if parts.len() == 1 => parts = vec!["crate".to_owned()],
                Some("mod") => {
                    parts.pop();
                }
                _ => {}
            }
            found.insert(parts.join("::"), path);
        }
    }
    found
}

/// The parent of a module path (`crate` for a top-level module).
fn parent(module: &str) -> &str {
    module
        .rsplit_once("::")
        .map_or("crate", |(parent, _)| parent)
}

/// The module a path names: its longest prefix that is a module.
fn resolve<'a>(path: &str, known: &'a BTreeMap<String, PathBuf>) -> Option<&'a str> {
    let parts: Vec<&str> = path.split("::").collect();
    (1..=parts.len())
        .rev()
        .map(|n| parts[..n].join("::"))
        .find_map(|prefix| known.get_key_value(&prefix).map(|(k, _)| k.as_str()))
}

/// The paths of one use tree after `crate::` or `super::`: `a::b`, or each branch of
/// `{a::b, c::{d, e}}` (their first segments suffice to find the module, with the longest
/// prefix kept where a branch goes deeper).
fn tree_paths(text: &str) -> Vec<String> {
    let text = text.trim_start();
    if let Some(inner) = text.strip_prefix('{') {
        let mut depth = 0;
        let mut branches = Vec::new();
        let mut current = String::new();
        for c in inner.chars() {
            match c {
                '{' => {
                    depth += 1;
                    current.push(c);
                }
                '}' if depth == 0 => break,
                '}' => {
                    depth -= 1;
                    current.push(c);
                }
                ',' if depth == 0 => branches.push(std::mem::take(&mut current)),
                _ => current.push(c),
            }
        }
        branches.push(current);
        return branches
            .iter()
            .flat_map(|branch| {
                let branch = branch.trim();
                match branch.split_once("::") {
                    Some((head, rest)) if rest.trim_start().starts_with('{') => tree_paths(rest)
                        .into_iter()
                        .map(|tail| format!("{head}::{tail}"))
                        .collect(),
                    _ => vec![branch.to_owned()],
                }
            })
            .filter(|path| !path.is_empty())
            .collect();
    }
    let end = text
        .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
        .unwrap_or(text.len());
    vec![text[..end].trim_end_matches(':').to_owned()]
}

/// The modules `module`'s file refers to, other than itself.
fn references(module: &str, text: &str, known: &BTreeMap<String, PathBuf>) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    // Inline modules (`mod tests { … }`) open a scope whose `super` is the file's own module.
    let mut inline_depths: Vec<i64> = Vec::new();
    let mut depth: i64 = 0;
    // Whole statements: a `use` may span lines.
    let code: String = text
        .lines()
        .map(|line| {
            let trimmed = line.trim_start();
            if trimmed.starts_with("//") { "" } else { line }
        })
        .collect::<Vec<_>>()
        .join("\n");
    let bytes = code.as_bytes();
    let mut at = 0;
    while at < bytes.len() {
        let rest = &code[at..];
        let starts_word =
            at == 0 || !(bytes[at - 1].is_ascii_alphanumeric() || bytes[at - 1] == b'_');
        if rest.starts_with('"') {
            // Skip a string literal.
            let mut end = 1;
            let rb = rest.as_bytes();
            while end < rb.len() && rb[end] != b'"' {
                end += if rb[end] == b'\\' { 2 } else { 1 };
            }
            at += end + 1;
            continue;
        }
        if starts_word && rest.starts_with("mod ") {
            let after = rest[4..].trim_start();
            let name_end = after
                .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                .unwrap_or(after.len());
            if after[name_end..].trim_start().starts_with('{') {
                inline_depths.push(depth);
            }
        }
        match bytes[at] {
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if inline_depths.last() == Some(&depth) {
                    inline_depths.pop();
                }
            }
            _ => {}
        }
        let (prefix, base) = if starts_word && rest.starts_with("crate::") {
            ("crate::", None)
        } else if starts_word && rest.starts_with("super::") {
            if inline_depths.is_empty() {
                ("super::", Some(parent(module).to_owned()))
            } else {
                ("super::", Some(module.to_owned()))
            }
        } else {
            at += rest.chars().next().map_or(1, char::len_utf8);
            continue;
        };
        for path in tree_paths(&rest[prefix.len()..]) {
            let full = match &base {
                Some(base) if base == "crate" => path,
                Some(base) => format!("{base}::{path}"),
                None => path,
            };
            if let Some(target) = resolve(&full, known)
                && target != module
            {
                out.insert(target.to_owned());
            }
        }
        at += prefix.len();
    }
    out
}

#[test]
fn the_modules_have_no_cycle() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let known = modules(&src);
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (module, path) in &known {
        let text = std::fs::read_to_string(path).unwrap();
        let targets = references(module, &text, &known)
            .into_iter()
            // A child may use its parent's items (a `mod.rs` and its own children).
            .filter(|target| target != parent(module))
            .collect();
        graph.insert(module.clone(), targets);
    }
    // Depth-first search; a module met again on the current path closes a cycle.
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        Open,
        Done,
    }
    fn visit(
        module: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        marks: &mut BTreeMap<String, Mark>,
        path: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        match marks.get(module) {
            Some(Mark::Done) => return None,
            Some(Mark::Open) => {
                let start = path.iter().position(|m| m == module).unwrap_or(0);
                let mut cycle = path[start..].to_vec();
                cycle.push(module.to_owned());
                return Some(cycle);
            }
            None => {}
        }
        marks.insert(module.to_owned(), Mark::Open);
        path.push(module.to_owned());
        for next in graph.get(module).into_iter().flatten() {
            if let Some(cycle) = visit(next, graph, marks, path) {
                return Some(cycle);
            }
        }
        path.pop();
        marks.insert(module.to_owned(), Mark::Done);
        None
    }
    let mut marks = BTreeMap::new();
    for module in graph.keys() {
        if let Some(cycle) = visit(module, &graph, &mut marks, &mut Vec::new()) {
            panic!(
                "the modules import each other in a cycle: {}",
                cycle.join(" -> ")
            );
        }
    }
    assert!(graph.len() > 20, "only {} modules found", graph.len());
}

/// The module map in `lib.rs` lists every top-level module from the bottom layer up, and a
/// module uses only modules listed before it.
#[test]
fn the_module_map_lists_the_layers_in_order() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let known = modules(&src);
    let lib = std::fs::read_to_string(src.join("lib.rs")).unwrap();
    let order: Vec<String> = lib
        .lines()
        .filter_map(|line| line.strip_prefix("//! |"))
        .filter_map(|row| row.split('|').nth(1))
        .filter_map(|cell| cell.trim().strip_prefix('`')?.strip_suffix('`'))
        .map(str::to_owned)
        .collect();
    let top = |module: &str| module.split("::").next().unwrap_or(module).to_owned();
    let tops: BTreeSet<String> = known
        .keys()
        .filter(|module| *module != "crate")
        .map(|module| top(module))
        .collect();
    let listed: BTreeSet<String> = order.iter().cloned().collect();
    assert_eq!(tops, listed, "the module map lists exactly the modules");
    let rank = |module: &str| order.iter().position(|m| *m == top(module));
    for (module, path) in &known {
        if module == "crate" {
            continue;
        }
        let text = std::fs::read_to_string(path).unwrap();
        for target in references(module, &text, &known) {
            if target == "crate" || top(&target) == top(module) {
                continue;
            }
            assert!(
                rank(&target) < rank(module),
                "`{module}` uses `{target}`, which the module map lists above it"
            );
        }
    }
}

/// The checker itself finds what it must: a `use` group, a `super` path, and an inline
/// module's `super`.
#[test]
fn the_checker_reads_use_trees_and_super() {
    let known: BTreeMap<String, PathBuf> = ["crate", "a", "b", "c", "c::d", "e"]
        .into_iter()
        .map(|m| (m.to_owned(), PathBuf::new()))
        .collect();
    let text = "use crate::{a::X, b};\nuse super::e::Y;\nfn f() { crate::c::d::g(); }\n\
                // crate::e is a comment\nconst S: &str = \"crate::e\";\n\
                mod tests { use super::*; }\n";
    let found = references("c::d", text, &known);
    assert_eq!(
        found.into_iter().collect::<Vec<_>>(),
        ["a", "b", "c"],
        "super::e from c::d is c::e, which is not a module: c"
    );
}

/// The seeded generator (`rng`) is the bottom layer: it uses no other module, so the
/// randomised tests of every module may draw from it (`diag` and `context`, below `parity`,
/// once had generators of their own because the fuzzer's was out of their reach).
#[test]
fn the_seeded_generator_is_the_bottom_layer() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let known = modules(&src);
    let text = std::fs::read_to_string(&known["rng"]).unwrap();
    assert!(
        references("rng", &text, &known).is_empty(),
        "`rng` uses another module"
    );
    for user in ["diag", "context", "parity::fuzz"] {
        let text = std::fs::read_to_string(&known[user]).unwrap();
        assert!(
            references(user, &text, &known).contains("rng"),
            "`{user}` draws from a generator of its own instead of `rng`"
        );
    }
}
