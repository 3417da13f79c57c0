//! Runs the pest grammar and turns its failures into spanned syntax errors.

use super::ast::Program;
use super::layout::layout;
use super::lower::lower_program;
use super::syntax_error::SyntaxError;
use crate::diagnostics::Span;
use pest::Parser;

/// The pest parser generated from `grammar/game.pest` (its generated items
/// carry the grammar's own `///` docs; the rest is pest's).
#[allow(missing_docs)]
mod generated {
    #[derive(pest_derive::Parser)]
    #[grammar = "../grammar/game.pest"]
    pub struct GameParser;
}
pub use generated::{GameParser, Rule};

/// Parses a whole file (or REPL entry) into its syntax tree, collecting every
/// lowering error; a pest failure stops at the first syntax error.
pub fn parse(source: &str) -> Result<Program, Vec<SyntaxError>> {
    // The layout pass keeps every offset, so positions in `laid` are positions in `source`.
    let laid = layout(source);
    if let Some(at) = laid.too_deep {
        return Err(vec![SyntaxError::TooDeep {
            span: Span::new(at, at + 1),
        }]);
    }
    let pairs = GameParser::parse(Rule::program, &laid.text)
        .map_err(|e| vec![convert(&e, source, laid.incomplete)])?;
    lower_program(pairs)
}

/// Converts a pest error from its byte offset against the whole file.
fn convert(error: &pest::error::Error<Rule>, source: &str, incomplete: bool) -> SyntaxError {
    let pos = match error.location {
        pest::error::InputLocation::Pos(p) => p,
        pest::error::InputLocation::Span((s, _)) => s,
    };
    let (expected, unexpected) = match &error.variant {
        pest::error::ErrorVariant::ParsingError {
            positives,
            negatives,
        } => (
            fold_operators(dedup(positives.iter().map(|r| describe_rule(*r)).collect())),
            dedup(negatives.iter().map(|r| describe_rule(*r)).collect()),
        ),
        pest::error::ErrorVariant::CustomError { message } => (vec![message.clone()], vec![]),
    };
    let found = found_at(source, pos);
    let end = (pos + found.len().max(1)).min(source.len().max(pos));
    let at_end = source.get(pos..).is_none_or(|rest| rest.trim().is_empty());
    SyntaxError::Unexpected {
        span: Span::new(pos, end.max(pos)),
        expected,
        unexpected,
        found: if at_end {
            "the end of the input".to_string()
        } else {
            describe_found(&found)
        },
        incomplete: incomplete && at_end,
    }
}

/// Operators are listed as one phrase: a list of twenty symbols helps nobody.
fn fold_operators(items: Vec<String>) -> Vec<String> {
    const OPS: [&str; 22] = [
        "`<=`", "`>=`", "`!=`", "`==`", "`<`", "`>`", "`..=`", "`..`", "`^`", "`++`", "`+`", "`-`",
        "`*`", "`/`", "`%`", "`in`", "`not in`", "`and`", "`or`", "`not`", "`with`", "`[`",
    ];
    let count = items.iter().filter(|i| OPS.contains(&i.as_str())).count();
    if count < 3 {
        return items;
    }
    let mut out: Vec<String> = items
        .into_iter()
        .filter(|i| !OPS.contains(&i.as_str()) && i != "`(`")
        .collect();
    out.insert(0, "an operator".to_string());
    out
}

fn dedup(mut items: Vec<String>) -> Vec<String> {
    let mut seen = Vec::new();
    items.retain(|i| {
        if seen.contains(i) {
            false
        } else {
            seen.push(i.clone());
            true
        }
    });
    items
}

/// The token at `pos`, for "found …".
fn found_at(source: &str, pos: usize) -> String {
    let rest = source.get(pos..).unwrap_or("");
    let mut chars = rest.chars();
    match chars.next() {
        None => String::new(),
        Some('\n') => "\n".to_string(),
        Some(c) if c.is_ascii_alphanumeric() || c == '_' || c == '@' => rest
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '@')
            .collect(),
        Some(c) => {
            let two: String = rest.chars().take(2).collect();
            if ["==", "!=", "<=", ">=", "..", "++"].contains(&two.as_str()) {
                two
            } else {
                c.to_string()
            }
        }
    }
}

fn describe_found(token: &str) -> String {
    match token {
        "\n" => "the end of the line".to_string(),
        t => format!("`{t}`"),
    }
}

/// Plain-English names for grammar rules, so errors read "expected `{`".
pub fn describe_rule(rule: Rule) -> String {
    let s = match rule {
        Rule::EOI => "the end of the input",
        Rule::nl => "the end of the line",
        Rule::semicolon => "`;`",
        Rule::lparen => "`(`",
        Rule::rparen => "`)`",
        Rule::lbracket => "`[`",
        Rule::rbracket => "`]`",
        Rule::lbrace => "`{`",
        Rule::rbrace => "`}`",
        Rule::comma => "`,`",
        Rule::colon => "`:`",
        Rule::assign => "`=`",
        Rule::ident => "a name",
        Rule::integer => "an integer",
        Rule::string => "a string",
        Rule::square => "a square like `@c3`",
        Rule::expr | Rule::qexpr | Rule::postfix_expr => "an expression",
        Rule::statement => "a statement",
        Rule::game_def => "a game definition",
        Rule::move_rule | Rule::left_rule | Rule::right_rule | Rule::stop_rule => {
            "a rule (`move`, `left`, `right` or `stop when`)"
        }
        Rule::binder | Rule::in_binder | Rule::let_binder => "a binder like `x in 1..n`",
        Rule::pattern | Rule::tuple_pattern => "a name or a tuple pattern",
        Rule::param => "a parameter",
        Rule::type_name => "a type (`nat`, `int`, `list`, `string`, `square`)",
        Rule::constructor => "a constructor (`octal`, `subtraction`, `allbut`, `tartan`)",
        Rule::game_ref => "a game name",
        Rule::eq => "`==`",
        Rule::ne => "`!=`",
        Rule::le => "`<=`",
        Rule::ge => "`>=`",
        Rule::lt => "`<`",
        Rule::gt => "`>`",
        Rule::range_excl => "`..`",
        Rule::range_incl => "`..=`",
        Rule::add => "`+`",
        Rule::sub => "`-`",
        Rule::mul => "`*`",
        Rule::div => "`/`",
        Rule::rem => "`%`",
        Rule::xor => "`^`",
        Rule::concat => "`++`",
        Rule::or_op => "`or`",
        Rule::and_op => "`and`",
        Rule::in_op => "`in`",
        Rule::not_in_op => "`not in`",
        Rule::call_args => "`(`",
        Rule::index => "`[`",
        Rule::with_clause => "`with`",
        Rule::for_clause => "`for`",
        Rule::where_clause => "`where`",
        Rule::on_clause => "`on`",
        Rule::params => "the parameters `(…)`",
        Rule::family_params => "family parameters `[…]`",
        Rule::game_body => "the parameters `(…)`",
        Rule::game_alias => "`=`",
        // Prefix operators and whole-file rules are not things a user types by
        // those names: say what may stand there instead.
        Rule::neg | Rule::star | Rule::not_op => "an expression",
        Rule::program => "a statement",
        Rule::inf_literal | Rule::inf_kw => "an expression",
        Rule::list_literal | Rule::set_literal | Rule::tuple_or_paren | Rule::if_expr => {
            "an expression"
        }
        Rule::true_lit | Rule::false_lit => "an expression",
        Rule::brace_literal | Rule::brace_side | Rule::up_literal | Rule::down_star => {
            "an expression"
        }
        Rule::lone_star => "an expression",
        Rule::bar => "`|`",
        Rule::up_to => "`up to`",
        Rule::game_rule => "a rule (`move`, `left`, `right` or `stop when`)",
        Rule::board_size => "a board size (an integer, a name or `(…)`)",
        other => return keyword_name(other),
    };
    s.to_string()
}

fn keyword_name(rule: Rule) -> String {
    let name = format!("{rule:?}");
    if let Some(word) = name.strip_suffix("_kw") {
        return format!("`{word}`");
    }
    if let Some(word) = name.strip_suffix("_q") {
        return format!("a `{word}` query");
    }
    name.replace('_', " ")
}
