//! docs/cli.md cannot go stale:
//! - its "Every command" part is the `--help` of every command and
//!   subcommand, found by walking the commands the program lists itself;
//!   regenerate it with `SPIELBAUM_BLESS=1 cargo test -p spielbaum-cli --test reference`;
//! - every subcommand's `--help` ends with an example, and the example runs;
//! - the example's `--json` output has exactly the fields (with their types)
//!   that the page's JSON table for that command lists.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::Command;

use serde_json::Value;

const BEGIN: &str = "<!-- BEGIN GENERATED: `--help` of every command -->";
const END: &str = "<!-- END GENERATED -->";

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_spielbaum"))
}

fn help(path: &[String]) -> String {
    let out = bin().args(path).arg("--help").output().expect("run spielbaum");
    assert!(out.status.success(), "spielbaum {} --help failed", path.join(" "));
    String::from_utf8(out.stdout).expect("UTF-8 help")
}

/// The subcommands a help text lists (without `help`).
fn subcommands(help: &str) -> Vec<String> {
    let Some(start) = help.find("Commands:\n") else {
        return Vec::new();
    };
    help[start + "Commands:\n".len()..]
        .lines()
        .take_while(|l| !l.trim().is_empty())
        .filter_map(|l| l.split_whitespace().next())
        .filter(|&name| name != "help")
        .map(str::to_string)
        .collect()
}

/// Every command path with its help, depth first, in the program's order.
fn all_commands() -> Vec<(Vec<String>, String)> {
    let mut out = Vec::new();
    let mut stack = vec![Vec::new()];
    while let Some(path) = stack.pop() {
        let h = help(&path);
        for sub in subcommands(&h).into_iter().rev() {
            let mut p = path.clone();
            p.push(sub);
            stack.push(p);
        }
        out.push((path, h));
    }
    out
}

fn page_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/cli.md")
}

fn generated(commands: &[(Vec<String>, String)]) -> String {
    let mut s = String::new();
    for (path, h) in commands {
        let name = if path.is_empty() {
            "spielbaum".to_string()
        } else {
            format!("spielbaum {}", path.join(" "))
        };
        s.push_str(&format!("### `{name}`\n\n```text\n{}\n```\n\n", h.trim_end()));
    }
    s
}

#[test]
fn page_shows_every_help_text() {
    let commands = all_commands();
    let page = std::fs::read_to_string(page_path()).expect("docs/cli.md");
    let (Some(b), Some(e)) = (page.find(BEGIN), page.find(END)) else {
        panic!("docs/cli.md lacks the markers {BEGIN} … {END}");
    };
    let want = generated(&commands);
    let have = &page[b + BEGIN.len()..e];
    if have.trim() != want.trim() {
        if std::env::var_os("SPIELBAUM_BLESS").is_some() {
            let new = format!("{}{BEGIN}\n\n{}\n{}", &page[..b], want.trim_end(), &page[e..]);
            std::fs::write(page_path(), new).expect("write docs/cli.md");
        } else {
            panic!(
                "docs/cli.md is stale: run `SPIELBAUM_BLESS=1 cargo test -p spielbaum-cli --test reference`"
            );
        }
    }
}

/// The example line of a help text.
fn example(help: &str) -> Option<Vec<String>> {
    let i = help.find("Example")?;
    let line = help[i..].lines().nth(1)?.trim();
    let mut words = line.split_whitespace().map(str::to_string);
    assert_eq!(words.next().as_deref(), Some("spielbaum"), "example `{line}`");
    Some(words.collect())
}

/// Key paths of a JSON value with their types: `moves[].visits` etc.
fn paths(v: &Value, prefix: &str, out: &mut BTreeMap<String, &'static str>) {
    match v {
        Value::Object(map) => {
            for (k, x) in map {
                let p = if prefix.is_empty() { k.clone() } else { format!("{prefix}.{k}") };
                paths(x, &p, out);
            }
        }
        Value::Array(items) => {
            for x in items {
                paths(x, &format!("{prefix}[]"), out);
            }
        }
        Value::Null => {
            out.entry(prefix.to_string()).or_insert("null");
        }
        Value::Bool(_) => {
            out.insert(prefix.to_string(), "bool");
        }
        Value::Number(n) => {
            let t = if n.is_f64() { "number" } else { "integer" };
            let e = out.entry(prefix.to_string()).or_insert(t);
            if t == "number" {
                *e = "number";
            }
        }
        Value::String(_) => {
            out.insert(prefix.to_string(), "string");
        }
    }
}

/// The JSON table of a command on the page: `field -> (type, optional)`.
fn documented(page: &str, command: &str) -> Option<Vec<(String, String, bool)>> {
    let marker = format!("<!-- json: {command} -->");
    let start = page.find(&marker)? + marker.len();
    let mut rows = Vec::new();
    for line in page[start..].lines().skip_while(|l| l.trim().is_empty()) {
        if !line.starts_with('|') {
            break;
        }
        let cells: Vec<&str> = line.trim_matches('|').split('|').map(str::trim).collect();
        let Some(field) = cells[0].strip_prefix('`').and_then(|c| c.strip_suffix('`')) else {
            continue; // header and separator
        };
        let optional = cells.get(2).is_some_and(|m| m.contains("(only "));
        rows.push((field.to_string(), cells[1].to_string(), optional));
    }
    Some(rows)
}

fn matches(doc: &str, actual: &str) -> bool {
    let (d, a): (Vec<&str>, Vec<&str>) = (doc.split('.').collect(), actual.split('.').collect());
    d.len() == a.len()
        && d.iter().zip(&a).all(|(d, a)| {
            d == a || *d == "*" || (d.starts_with("*[]") && a.ends_with("[]") && d.len() == 3)
        })
}

#[test]
fn examples_run_and_json_matches_the_page() {
    let page = std::fs::read_to_string(page_path()).expect("docs/cli.md");
    for (path, h) in all_commands() {
        if path.is_empty() || !subcommands(&h).is_empty() {
            continue; // the program and command groups have no example
        }
        let name = path.join(" ");
        let mut args =
            example(&h).unwrap_or_else(|| panic!("`spielbaum {name} --help` has no example"));
        // Examples that write a file, need one, take half a minute or wait
        // for a person at the terminal are only shown.
        if args.iter().any(|a| a == ">")
            || ["tour", "play", "replay", "gomocup", "muehle db build", "muehle db probe"]
                .contains(&name.as_str())
        {
            continue;
        }
        let json = h.contains("--json");
        if json && !args.iter().any(|a| a == "--json") {
            args.push("--json".into());
        }
        let out = bin().arg("--quiet").args(&args).output().expect("run the example");
        assert!(
            out.status.success(),
            "example `spielbaum {}` failed: {}",
            args.join(" "),
            String::from_utf8_lossy(&out.stderr)
        );
        if !json {
            continue;
        }
        let v: Value = serde_json::from_slice(&out.stdout)
            .unwrap_or_else(|e| panic!("`spielbaum {}` printed no JSON: {e}", args.join(" ")));
        let mut found = BTreeMap::new();
        paths(&v, "", &mut found);
        let doc = documented(&page, &name)
            .unwrap_or_else(|| panic!("docs/cli.md has no `<!-- json: {name} -->` table"));
        for (field, ty) in &found {
            let row = doc.iter().find(|(d, _, _)| matches(d, field));
            let Some((_, want, _)) = row else {
                panic!(
                    "`spielbaum {name} --json` prints `{field}`, which docs/cli.md does not list"
                );
            };
            assert!(
                want.split(" or ").any(|w| w == *ty || (w == "number" && *ty == "integer")),
                "`{field}` of `spielbaum {name} --json` is {ty}, docs/cli.md says {want}"
            );
        }
        for (d, _, optional) in &doc {
            assert!(
                *optional || found.keys().any(|f| matches(d, f)),
                "docs/cli.md lists `{d}` for `spielbaum {name} --json`, the example does not print it"
            );
        }
    }
}
