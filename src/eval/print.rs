//! Prints values and positions as valid `.game` syntax that evaluates back to them.

use super::runtime::Runtime;
use crate::check::program::Globals;
use crate::lang::value::{Component, GameSum, InstId, Value};
use crate::syntax::lower::square_name;

/// A value in `.game` syntax.
pub fn show_value(v: &Value, globals: &Globals, rt: &Runtime) -> String {
    let list = |xs: &[Value]| {
        xs.iter()
            .map(|x| show_value(x, globals, rt))
            .collect::<Vec<_>>()
            .join(", ")
    };
    match v {
        Value::Int(n) => n.to_string(),
        Value::Bool(b) => b.to_string(),
        Value::Str(s) => quote(s),
        Value::Tuple(xs) if xs.len() == 1 => format!("({},)", list(xs)),
        Value::Tuple(xs) => format!("({})", list(xs)),
        Value::List(xs) => format!("[{}]", list(xs)),
        Value::Set(xs) => format!("{{{}}}", list(xs)),
        Value::Range(a, b) => format!("{a}..{b}"),
        Value::Game(g) => show_sum(g, globals, rt),
        Value::GameFn(f) => show_game_fn(f.inst, globals, rt),
        Value::Infinite(k) => format!(
            "inf{{{}}}",
            k.iter().map(u64::to_string).collect::<Vec<_>>().join(",")
        ),
    }
}

/// A string literal with escapes.
pub fn quote(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A game sum: components joined by ` + `; the empty sum is `*0`.
pub fn show_sum(g: &GameSum, globals: &Globals, rt: &Runtime) -> String {
    let text = join_parts(g, false, globals, rt);
    if !g.parts.is_empty() && g.parts.iter().all(|c| matches!(c, Component::Number(_))) {
        // `3/4` alone would read back as floor division outside a game
        // context; `3/4 + *0` reads back as the game everywhere.
        format!("{text} + *0")
    } else {
        text
    }
}

/// A game sum where a number reads as a game (inside `{ | }`, after
/// `canonical G ==`): `3/4`, never `3/4 + *0`; a `*0` beside other parts is
/// left out.
pub fn show_sum_in_game_context(g: &GameSum, globals: &Globals, rt: &Runtime) -> String {
    join_parts(g, true, globals, rt)
}

/// The components of `g` joined by ` + ` (`*0` when there are none), leaving
/// out `*0` beside other parts when `drop_zeros`.
fn join_parts(g: &GameSum, drop_zeros: bool, globals: &Globals, rt: &Runtime) -> String {
    let shown: Vec<String> = g
        .parts
        .iter()
        .filter(|c| !drop_zeros || g.parts.len() == 1 || !matches!(c, Component::Nimber(0)))
        .map(|c| show_component(c, globals, rt))
        .collect();
    if shown.is_empty() {
        "*0".to_string()
    } else {
        shown.join(" + ")
    }
}

/// One component: `*3` or `kayles(4)`.
pub fn show_component(c: &Component, globals: &Globals, rt: &Runtime) -> String {
    match c {
        Component::Nimber(k) => format!("*{k}"),
        Component::Pos(inst, pos) => show_position(*inst, pos, globals, rt),
        Component::Number(d) => d.to_string(),
        Component::Up(k) => crate::lang::value::arrows_text(i64::from(*k)),
        Component::Braces(b) => {
            let side = |sums: &[GameSum]| {
                sums.iter()
                    .map(|s| partizan_option_text(s, globals, rt))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            format!("{{{} | {}}}", side(&b.left), side(&b.right))
        }
        Component::Neg(inner) => format!("-{}", show_component(inner, globals, rt)),
        Component::Sided(s) => format!(
            "({} & {})",
            partizan_option_text(&s.on, globals, rt),
            partizan_option_text(&s.off, globals, rt)
        ),
        Component::Loopy(graph, node) => {
            graph.show(*node, &|s: &GameSum| partizan_option_text(s, globals, rt))
        }
        Component::Star(options) => {
            let shown: Vec<String> = options
                .iter()
                .map(|s| option_text(s, globals, rt))
                .collect();
            format!("*{{{}}}", shown.join(", "))
        }
    }
}

/// An option inside `*{…}`: the empty sum is `0`.
fn option_text(g: &GameSum, globals: &Globals, rt: &Runtime) -> String {
    if g.parts.is_empty() {
        "0".to_string()
    } else {
        show_sum_in_game_context(g, globals, rt)
    }
}

/// An option inside `{ | }`: as inside `*{…}`, with the nimber *1 written
/// `*`, as canonical forms write it (`{0 | *}`, `{pass | 3 + *}`).
fn partizan_option_text(g: &GameSum, globals: &Globals, rt: &Runtime) -> String {
    let star = Component::Nimber(1);
    if !g.parts.contains(&star) {
        return option_text(g, globals, rt);
    }
    let shown: Vec<String> = g
        .parts
        .iter()
        .filter(|c| g.parts.len() == 1 || !matches!(c, Component::Nimber(0)))
        .map(|c| match c {
            Component::Nimber(1) => "*".to_string(),
            other => show_component(other, globals, rt),
        })
        .collect();
    shown.join(" + ")
}

/// A game name with its family arguments: `sub[{1, 2}]`.
pub fn show_game_fn(inst: InstId, globals: &Globals, rt: &Runtime) -> String {
    let Some((game, family)) = rt.inst(inst) else {
        return "?".into();
    };
    let name = globals.games.get(*game).map_or("?", |g| g.name.as_str());
    if family.is_empty() {
        name.to_string()
    } else {
        let fam = family
            .iter()
            .map(|v| show_value(v, globals, rt))
            .collect::<Vec<_>>()
            .join(", ");
        format!("{name}[{fam}]")
    }
}

/// A position: `kayles(3)`, `queen(@c2)`, `sub[{1, 2, 4}](7)`.
pub fn show_position(inst: InstId, pos: &[Value], globals: &Globals, rt: &Runtime) -> String {
    let head = show_game_fn(inst, globals, rt);
    let on_board = rt
        .inst(inst)
        .and_then(|(game, _)| globals.games.get(*game))
        .is_some_and(|g| g.board.is_some());
    let args = pos
        .iter()
        .enumerate()
        .map(|(i, v)| match (i, v) {
            (0, Value::Tuple(t)) if on_board => match t.as_ref() {
                [Value::Int(c), Value::Int(r)] if *c >= 1 && *r >= 1 => square_name(*c, *r),
                _ => show_value(v, globals, rt),
            },
            _ => show_value(v, globals, rt),
        })
        .collect::<Vec<_>>()
        .join(", ");
    format!("{head}({args})")
}
