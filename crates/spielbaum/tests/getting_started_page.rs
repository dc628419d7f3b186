//! docs/getting-started.md shows the example program unchanged.
use std::path::Path;

#[test]
fn page_shows_the_example() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let page = root.join("../../docs/getting-started.md");
    let Ok(page) = std::fs::read_to_string(&page) else {
        // A packaged crate has no book next to it.
        return;
    };
    let example = std::fs::read_to_string(root.join("examples/getting_started.rs")).unwrap();
    let code = &example[example.find("use std::fmt;").unwrap()..];
    assert!(
        page.contains(code),
        "docs/getting-started.md must show examples/getting_started.rs from `use std::fmt;` on; \
         copy it again"
    );
}
