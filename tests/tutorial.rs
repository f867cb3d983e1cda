//! The tutorial (`docs/your-own-game.md`) quotes the example crate: each code block whose
//! first line names a file of the example (`// examples/chomp/src/main.rs`,
//! `# examples/chomp/Cargo.toml`, `// fuzz/fuzz_targets/chomp_solvers_agree.rs`)
//! must appear in that file exactly as quoted, so the page cannot fall behind the code.

use std::path::Path;

/// The quoted blocks of `text`: (the file named, the quoted text without that line).
fn quoted_blocks(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        // a block in a list item is indented: its lines lose the fence's indent
        let fence = line.trim_start();
        let indent = line.len() - fence.len();
        if !fence.starts_with("```") || fence.len() == 3 {
            continue;
        }
        let body: Vec<&str> = lines
            .by_ref()
            .take_while(|l| !l.trim_start().starts_with("```"))
            .map(|l| l.get(indent..).unwrap_or(""))
            .collect();
        let Some(first) = body.first() else { continue };
        let named = first
            .strip_prefix("// ")
            .or_else(|| first.strip_prefix("# "))
            .filter(|p| p.starts_with("examples/") || p.starts_with("fuzz/"));
        if let Some(path) = named {
            out.push((path.to_string(), body[1..].join("\n")));
        }
    }
    out
}

#[test]
fn every_quoted_block_is_in_the_file_it_names() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let page = std::fs::read_to_string(root.join("docs/your-own-game.md")).unwrap();
    let blocks = quoted_blocks(&page);
    assert!(blocks.len() >= 10, "only {} quoted blocks", blocks.len());
    for (path, quoted) in &blocks {
        let file =
            std::fs::read_to_string(root.join(path)).unwrap_or_else(|e| panic!("{path}: {e}"));
        assert!(
            file.contains(quoted.as_str()),
            "docs/your-own-game.md quotes {path}, which no longer holds (scripts/refresh_tutorial.py re-quotes it):\n{quoted}"
        );
    }
}

/// A block indented in a list item is quoted without its indent.
#[test]
fn an_indented_block_is_read_without_its_indent() {
    let page =
        "- item:\n\n  ```rust\n  // examples/chomp/src/main.rs\n  fn main() {\n      x\n  ```\n";
    let blocks = quoted_blocks(page);
    assert_eq!(
        blocks,
        [(
            "examples/chomp/src/main.rs".to_string(),
            "fn main() {\n    x".to_string()
        )]
    );
}

/// The check can fail: a block changed by one character is not found.
#[test]
fn a_changed_block_is_caught() {
    let page =
        "```rust\n// examples/chomp/src/main.rs\nfn main() -> std::process::ExitCode {\n```\n";
    let blocks = quoted_blocks(page);
    assert_eq!(blocks.len(), 1);
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let file = std::fs::read_to_string(root.join(&blocks[0].0)).unwrap();
    assert!(file.contains(&blocks[0].1));
    assert!(!file.contains(&blocks[0].1.replace("ExitCode", "ExitCod")));
}

/// Code lines of `paths`: neither blank nor a `//` comment (what the page's `grep`s count).
fn code_lines(root: &Path, paths: &[String]) -> usize {
    let text = |p: &String| std::fs::read_to_string(root.join(p)).unwrap();
    let files: Vec<String> = paths.iter().map(text).collect();
    let lines = files.iter().flat_map(|f| f.lines());
    lines
        .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with("//"))
        .count()
}

/// The page's glue count ("(N and M lines as the example stands.)") is the count of today.
#[test]
fn the_glue_count_on_the_page_is_true() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let page = std::fs::read_to_string(root.join("docs/your-own-game.md")).unwrap();
    let src = ["src/game.rs", "src/lib.rs", "src/main.rs"].map(|f| format!("examples/chomp/{f}"));
    let mut all: Vec<String> = src.to_vec();
    all.extend([
        "examples/chomp/tests/harness.rs".into(),
        "examples/chomp/benches/solvers.rs".into(),
        "fuzz/fuzz_targets/chomp_solvers_agree.rs".into(),
    ]);
    let counted = format!(
        "({} and {} lines as the example stands.)",
        code_lines(root, &src),
        code_lines(root, &all)
    );
    assert!(page.contains(&counted), "the page should say {counted}");
}
