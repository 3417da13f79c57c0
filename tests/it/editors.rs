//! The TextMate grammar in `editors/vscode/syntaxes/` (for VS Code, Sublime
//! Text and GitHub-style highlighters) cannot drift from the language: every
//! keyword of the pest grammar is highlighted, and every word the TextMate
//! grammar highlights is a keyword, a built-in function, a parameter type or a
//! constructor that grundy itself accepts. Every pattern compiles.

use std::collections::BTreeSet;

const TM: &str = include_str!("../../editors/vscode/syntaxes/game.tmLanguage.json");
const PEST: &str = include_str!("../../grammar/game.pest");

/// Every `match`, `begin` and `end` regex of the TextMate grammar.
fn patterns(v: &serde_json::Value, out: &mut Vec<String>) {
    match v {
        serde_json::Value::Object(m) => {
            for (k, x) in m {
                match (k.as_str(), x) {
                    ("match" | "begin" | "end", serde_json::Value::String(s)) => {
                        out.push(s.clone())
                    }
                    _ => patterns(x, out),
                }
            }
        }
        serde_json::Value::Array(xs) => xs.iter().for_each(|x| patterns(x, out)),
        _ => {}
    }
}

/// The words of the TextMate grammar's alternations, `(a|b|c)`.
fn highlighted_words() -> BTreeSet<String> {
    let tm: serde_json::Value = serde_json::from_str(TM).expect("the TextMate grammar is JSON");
    let mut all = Vec::new();
    patterns(&tm, &mut all);
    let group =
        regex::Regex::new(r"\((?:\?:)?([a-z]+(?:\\s\+[a-z]+)?(?:\|[a-z]+(?:\\s\+[a-z]+)?)*)\)")
            .unwrap();
    let mut words = BTreeSet::new();
    for p in &all {
        for c in group.captures_iter(p) {
            for w in c[1].split('|') {
                words.insert(w.replace(r"\s+", " "));
            }
        }
    }
    words
}

/// The keywords of the pest grammar: each `NAME_kw = @{ "word" … }` (and
/// `true_lit`, `false_lit`), and `up to`.
fn pest_keywords() -> BTreeSet<String> {
    let kw = regex::Regex::new(r#"(?m)^[a-z_]+_(?:kw|lit) = @\{ "([a-z]+)""#).unwrap();
    let mut words: BTreeSet<String> = kw.captures_iter(PEST).map(|c| c[1].to_string()).collect();
    assert!(PEST.contains(r#"up_to = @{ "up""#), "the grammar's `up to`");
    words.insert("up to".into());
    words
}

#[test]
fn every_pattern_compiles() {
    let tm: serde_json::Value = serde_json::from_str(TM).unwrap();
    assert_eq!(tm["scopeName"], "source.game");
    let mut all = Vec::new();
    patterns(&tm, &mut all);
    assert!(all.len() > 20, "{}", all.len());
    for p in all {
        fancy_regex::Regex::new(&p).unwrap_or_else(|e| panic!("{p}: {e}"));
    }
}

#[test]
fn every_keyword_of_the_language_is_highlighted() {
    let highlighted = highlighted_words();
    assert!(pest_keywords().len() >= 45, "{:?}", pest_keywords());
    let missing: Vec<String> = pest_keywords()
        .into_iter()
        .filter(|k| !highlighted.contains(k))
        .collect();
    assert!(missing.is_empty(), "keywords not highlighted: {missing:?}");
}

#[test]
fn every_highlighted_word_is_part_of_the_language() {
    let keywords = pest_keywords();
    let builtins: BTreeSet<&str> = grundy::internals::BUILTINS
        .iter()
        .map(|(n, _)| *n)
        .collect();
    let mut engine = grundy::Engine::default();
    let loads = |engine: &mut grundy::Engine, text: &str| engine.load(text, true).is_ok();
    // A parameter type is a word `(n: WORD)` accepts; a made-up one is refused.
    assert!(!loads(&mut engine, "game g(n: colour) { }"));
    let samples = [
        ("octal", "game g = octal \"0.07\""),
        ("subtraction", "game g = subtraction {1, 2}"),
        ("allbut", "game g = allbut {1}"),
        (
            "tartan",
            "game h(x: nat) { move h(y) for y in 0..x }\ngame g = tartan(h, h)",
        ),
    ];
    let mut stray = Vec::new();
    for w in highlighted_words() {
        let known = keywords.contains(&w)
            || builtins.contains(w.as_str())
            || ["P", "N", "L", "R", "D"].contains(&w.as_str())
            || loads(&mut engine, &format!("game g(n: {w}) {{ }}"))
            || samples
                .iter()
                .any(|(name, text)| *name == w && loads(&mut engine, text));
        if !known {
            stray.push(w);
        }
    }
    assert!(
        stray.is_empty(),
        "highlighted but not in the language: {stray:?}"
    );
    // And every built-in is highlighted as one.
    let highlighted = highlighted_words();
    let unlit: Vec<&&str> = builtins
        .iter()
        .filter(|b| !highlighted.contains(**b))
        .collect();
    assert!(unlit.is_empty(), "built-ins not highlighted: {unlit:?}");
}

/// The extension's manifest points at the grammar, for `.game` files.
#[test]
fn the_vscode_manifest_names_the_grammar() {
    let manifest: serde_json::Value =
        serde_json::from_str(include_str!("../../editors/vscode/package.json")).unwrap();
    let grammar = &manifest["contributes"]["grammars"][0];
    assert_eq!(grammar["scopeName"], "source.game");
    assert_eq!(grammar["path"], "./syntaxes/game.tmLanguage.json");
    assert_eq!(
        manifest["contributes"]["languages"][0]["extensions"][0],
        ".game"
    );
    let _: serde_json::Value = serde_json::from_str(include_str!(
        "../../editors/vscode/language-configuration.json"
    ))
    .unwrap();
}

/// A JSON value as an XML property list (the TextMate format Sublime Text reads).
fn plist(v: &serde_json::Value, indent: usize, out: &mut String) {
    let pad = "\t".repeat(indent);
    let escape = |s: &str| {
        s.replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;")
    };
    match v {
        serde_json::Value::Object(m) => {
            out.push_str(&format!("{pad}<dict>\n"));
            for (k, x) in m {
                if k == "$schema" {
                    continue;
                }
                out.push_str(&format!("{pad}\t<key>{}</key>\n", escape(k)));
                plist(x, indent + 1, out);
            }
            out.push_str(&format!("{pad}</dict>\n"));
        }
        serde_json::Value::Array(xs) => {
            out.push_str(&format!("{pad}<array>\n"));
            for x in xs {
                plist(x, indent + 1, out);
            }
            out.push_str(&format!("{pad}</array>\n"));
        }
        serde_json::Value::String(s) => {
            out.push_str(&format!("{pad}<string>{}</string>\n", escape(s)))
        }
        other => out.push_str(&format!("{pad}<string>{other}</string>\n")),
    }
}

/// `editors/sublime/grundy.tmLanguage` is the JSON grammar converted to a
/// property list; `UPDATE_EDITORS=1 cargo test --test it editors::` rewrites it.
#[test]
fn the_sublime_grammar_is_generated_from_the_json_one() {
    let tm: serde_json::Value = serde_json::from_str(TM).unwrap();
    let mut want = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n<!-- Generated from editors/vscode/syntaxes/game.tmLanguage.json by tests/it/editors.rs: edit that file, then run UPDATE_EDITORS=1 cargo test --test it editors:: -->\n<plist version=\"1.0\">\n",
    );
    plist(&tm, 0, &mut want);
    want.push_str("</plist>\n");
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/editors/sublime/grundy.tmLanguage"
    );
    if std::env::var_os("UPDATE_EDITORS").is_some() {
        std::fs::create_dir_all(concat!(env!("CARGO_MANIFEST_DIR"), "/editors/sublime")).unwrap();
        std::fs::write(path, &want).unwrap();
    }
    let have = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        have == want,
        "editors/sublime/grundy.tmLanguage is out of date: run UPDATE_EDITORS=1 cargo test --test it editors::"
    );
}
