//! Every relative link of the book (`docs/`), the root README, the
//! changelog and the crates' READMEs points to a file that exists, and
//! every `#anchor` into a Markdown file names one of its headings (the
//! anchors GitHub makes: lower case, punctuation dropped, spaces to `-`,
//! `-1`, `-2`, … for repeated headings).

use std::collections::HashSet;
use std::fs;
use std::path::{Path, PathBuf};

/// The workspace root (this package is `benches/`).
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("workspace root").to_path_buf()
}

/// The Markdown files whose links are checked.
fn pages(root: &Path) -> Vec<PathBuf> {
    let mut out = vec![root.join("README.md"), root.join("CHANGELOG.md")];
    let mut dirs = vec![root.join("docs")];
    while let Some(dir) = dirs.pop() {
        for entry in fs::read_dir(&dir).expect("docs/").flatten() {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "md") {
                out.push(path);
            }
        }
    }
    for entry in fs::read_dir(root.join("crates")).expect("crates/").flatten() {
        let readme = entry.path().join("README.md");
        if readme.exists() {
            out.push(readme);
        }
    }
    out.sort();
    out
}

/// The lines of `text` outside fenced code blocks.
fn prose(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut fenced = false;
    text.lines().enumerate().filter(move |(_, line)| {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            return false;
        }
        !fenced
    })
}

/// GitHub's anchor of a heading's text.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|&c| c.is_alphanumeric() || c == '_' || c == '-' || c == ' ')
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// The anchors of a Markdown file's headings.
fn anchors(text: &str) -> HashSet<String> {
    let mut out = HashSet::new();
    for (_, line) in prose(text) {
        let hashes = line.chars().take_while(|&c| c == '#').count();
        if hashes == 0 || hashes > 6 || !line[hashes..].starts_with(' ') {
            continue;
        }
        let base = slug(&line[hashes..]);
        let mut anchor = base.clone();
        let mut n = 0;
        while out.contains(&anchor) {
            n += 1;
            anchor = format!("{base}-{n}");
        }
        out.insert(anchor);
    }
    out
}

/// The targets of the inline links `[text](target)` of one line.
fn targets(line: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = line;
    while let Some(at) = rest.find("](") {
        let after = &rest[at + 2..];
        let end = after.find([')', ' ']).unwrap_or(after.len());
        out.push(&after[..end]);
        rest = &after[end..];
    }
    out
}

/// Broken relative links of the pages, as `page:line: target (why)`.
fn broken(root: &Path) -> Vec<String> {
    let mut out = Vec::new();
    for page in pages(root) {
        let text = fs::read_to_string(&page).expect("a page");
        let shown = page.strip_prefix(root).unwrap_or(&page).display().to_string();
        for (n, line) in prose(&text) {
            for target in targets(line) {
                if target.is_empty() || target.contains("://") || target.starts_with("mailto:") {
                    continue;
                }
                let (file, anchor) = match target.split_once('#') {
                    Some((f, a)) => (f, Some(a)),
                    None => (target, None),
                };
                let path = if file.is_empty() {
                    page.clone()
                } else {
                    page.parent().expect("a folder").join(file)
                };
                if !path.exists() {
                    out.push(format!("{shown}:{}: {target} (no such file)", n + 1));
                    continue;
                }
                let Some(anchor) = anchor else { continue };
                if path.extension().is_none_or(|e| e != "md") {
                    continue;
                }
                let linked = fs::read_to_string(&path).expect("a linked page");
                if !anchors(&linked).contains(anchor) {
                    out.push(format!("{shown}:{}: {target} (no such heading)", n + 1));
                }
            }
        }
    }
    out
}

#[test]
fn anchors_follow_githubs_rules() {
    let text = "# Retrograde solving over a perfect index (`perfect`)\n\
                ```\n# not a heading\n```\n\
                ## Keys and partitions: one type for both engines\n\
                ## Tests\n### Tests\n#nospace\n";
    let got = anchors(text);
    let want: HashSet<String> = [
        "retrograde-solving-over-a-perfect-index-perfect",
        "keys-and-partitions-one-type-for-both-engines",
        "tests",
        "tests-1",
    ]
    .into_iter()
    .map(String::from)
    .collect();
    assert_eq!(got, want);
    assert_eq!(targets("see [a](b.md#c) and [d](e.md \"title\")"), vec!["b.md#c", "e.md"]);
}

#[test]
fn every_relative_link_of_the_docs_resolves() {
    let root = root();
    assert!(pages(&root).len() > 10, "the pages were not found under {}", root.display());
    let bad = broken(&root);
    assert!(bad.is_empty(), "broken links:\n{}", bad.join("\n"));
}
