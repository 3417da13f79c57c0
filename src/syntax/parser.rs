//! Runs the pest grammar and turns its failures into spanned syntax errors.

use super::ast::Program;
use super::layout::{layout, Layout};
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
            kind: laid.too_deep_kind,
        }]);
    }
    let pairs = GameParser::parse(Rule::program, &laid.text).map_err(|e| {
        vec![bare_expression(&laid.text, offset(&e)).unwrap_or_else(|| convert(&e, source, &laid))]
    })?;
    lower_program(pairs)
}

/// The error for a file whose statement at `stop` (where the file grammar
/// stopped) is a bare expression the REPL would show: the whole text parses
/// as REPL entries, and a shown expression starts there. A lone word followed
/// by another term (`grundyy nim(3)`) does not parse as an entry, so it stays
/// a misspelled statement.
fn bare_expression(text: &str, stop: usize) -> Option<SyntaxError> {
    let pairs = GameParser::parse(Rule::entry, text).ok()?;
    let show = pairs
        .flatten()
        .find(|p| p.as_rule() == Rule::show_stmt && p.as_span().start() == stop)?;
    let span = show.as_span();
    Some(SyntaxError::BareExpression {
        span: Span::new(span.start(), span.end()),
        text: span.as_str().trim_end().to_string(),
    })
}

/// Parses a REPL entry or `grundy eval` text: statements, and bare
/// expressions (`*3 + *5`, `nim(3) + nim(5)`) to be shown with their values.
///
/// On a syntax error, the diagnostic of the file grammar is kept unless the
/// entry grammar got further (a mistake after a bare expression).
pub fn parse_entry(source: &str) -> Result<Program, Vec<SyntaxError>> {
    let laid = layout(source);
    if let Some(at) = laid.too_deep {
        return Err(vec![SyntaxError::TooDeep {
            span: Span::new(at, at + 1),
            kind: laid.too_deep_kind,
        }]);
    }
    match GameParser::parse(Rule::entry, &laid.text) {
        Ok(pairs) => lower_program(pairs),
        Err(entry_error) => {
            let file_error = GameParser::parse(Rule::program, &laid.text).err();
            let error = match file_error {
                Some(e)
                    if offset(&e) >= offset(&entry_error)
                        || misspelled_word(&laid.text, offset(&e), offset(&entry_error)) =>
                {
                    e
                }
                _ => entry_error,
            };
            Err(vec![convert(&error, source, &laid)])
        }
    }
}

/// True when a statement starts with a lone word followed by another term
/// (`grundyy nim(3)`): a misspelled statement word rather than a bare
/// expression, so "expected a statement" says more than "expected an operator".
fn misspelled_word(text: &str, statement: usize, entry_stop: usize) -> bool {
    let rest = text.get(statement..).unwrap_or("");
    let word = rest
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    let after = rest.get(word..).unwrap_or("");
    let gap = after.len() - after.trim_start_matches([' ', '\t']).len();
    word > 0 && gap > 0 && statement + word + gap == entry_stop
}

/// Where a pest error stopped.
fn offset(error: &pest::error::Error<Rule>) -> usize {
    match error.location {
        pest::error::InputLocation::Pos(p) => p,
        pest::error::InputLocation::Span((s, _)) => s,
    }
}

/// Converts a pest error from its byte offset against the whole file.
/// An error at the end of the input points just after the last token (not at
/// the blank lines or comments after it), where the missing text belongs.
fn convert(error: &pest::error::Error<Rule>, source: &str, laid: &Layout) -> SyntaxError {
    let incomplete = laid.incomplete;
    let mut pos = offset(error);
    let at_end = laid
        .text
        .get(pos..)
        .is_none_or(|rest| rest.trim().is_empty());
    if at_end {
        pos = pos.min(laid.text.trim_end().len());
    }
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
    const OPS: [&str; 23] = [
        "`<=`", "`>=`", "`!=`", "`==`", "`<`", "`>`", "`&`", "`..=`", "`..`", "`^`", "`++`", "`+`",
        "`-`", "`*`", "`/`", "`%`", "`in`", "`not in`", "`and`", "`or`", "`not`", "`with`", "`[`",
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
    match symbol_name(rule).or_else(|| construct_name(rule)) {
        Some(s) => s.to_string(),
        None => keyword_name(rule),
    }
}

/// A punctuation mark or operator, quoted as written.
fn symbol_name(rule: Rule) -> Option<&'static str> {
    Some(match rule {
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
        Rule::eq => "`==`",
        Rule::ne => "`!=`",
        Rule::le => "`<=`",
        Rule::ge => "`>=`",
        Rule::lt => "`<`",
        Rule::gt => "`>`",
        Rule::range_excl => "`..`",
        Rule::range_incl => "`..=`",
        Rule::sided_op => "`&`",
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
        Rule::game_alias => "`=`",
        Rule::rule_sep => "`;`",
        Rule::comprehension_tail => "`for`",
        Rule::bar => "`|`",
        Rule::up_to => "`up to`",
        Rule::into_kw => "`into`",
        _ => return None,
    })
}

/// What a construct of the grammar is called in an error.
fn construct_name(rule: Rule) -> Option<&'static str> {
    Some(match rule {
        Rule::EOI => "the end of the input",
        Rule::nl => "the end of the line",
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
        Rule::line_args => "the parameters with one hole, like `(3, _)`",
        Rule::hole => "the hole `_`",
        Rule::query_expr => "a query (`grundy`, `outcome`, …)",
        Rule::spaced_operator => "an operator",
        Rule::params => "the parameters `(…)`",
        Rule::family_params => "family parameters `[…]`",
        Rule::game_body => "the parameters `(…)`",
        // Prefix operators and whole-file rules are not things a user types by
        // those names: say what may stand there instead.
        Rule::neg | Rule::star | Rule::not_op => "an expression",
        Rule::program | Rule::entry | Rule::entry_stmt => "a statement",
        Rule::WHITESPACE => "a space",
        Rule::COMMENT => "a comment",
        Rule::stmt_sep => "the end of the line or `;`",
        Rule::query_word | Rule::query => "a query (`grundy`, `outcome`, …)",
        Rule::symmetry_rule => "a `symmetry` rule",
        Rule::board_def => "a board definition",
        Rule::let_def => "a `let` definition",
        Rule::fn_params => "the parameters `(…)`",
        Rule::print_stmt => "a `print` statement",
        Rule::assert_stmt => "an `assert` statement",
        Rule::assert_query => "a query with its expected value",
        Rule::relation => "a relation (`<`, `>`, `=` or `||`)",
        Rule::prefix_op | Rule::qprefix_op => "an expression",
        Rule::lone_end | Rule::postfix | Rule::infix_op | Rule::qinfix_op => "an operator",
        Rule::operand_word => "`by`, `from` or `to`",
        Rule::with_item => "an update like `[i] = v`",
        Rule::primary | Rule::paren_expr => "an expression",
        Rule::string_char => "a character of a string",
        Rule::ident_char => "a letter, digit or `_`",
        Rule::keyword => "a keyword",
        Rule::show_stmt => "an expression",
        Rule::inf_literal | Rule::inf_kw => "an expression",
        Rule::list_literal | Rule::set_literal | Rule::tuple_or_paren | Rule::if_expr => {
            "an expression"
        }
        Rule::true_lit | Rule::false_lit => "an expression",
        Rule::brace_literal
        | Rule::brace_side
        | Rule::labeled_braces
        | Rule::label
        | Rule::up_literal
        | Rule::down_star => "an expression",
        Rule::lone_star => "an expression",
        Rule::game_rule => "a rule (`move`, `left`, `right` or `stop when`)",
        Rule::board_size => "a board size (an integer, a name or `(…)`)",
        // `canonical G` or `misere canonical G`: the query's first word.
        Rule::canonical_q => "`canonical`",
        _ => return None,
    })
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

#[cfg(test)]
mod rule_names {
    use super::*;

    /// No internal rule name reaches a message: every rule a parse error may
    /// list is described in words a user knows (a keyword, a symbol, "an
    /// expression"), never as its grammar name.
    #[test]
    fn every_rule_is_described_in_the_users_words() {
        let bad: Vec<String> = Rule::all_rules()
            .iter()
            .map(|rule| (format!("{rule:?}"), describe_rule(*rule)))
            .filter(|(_, shown)| {
                !(shown.contains('`')
                    || shown.starts_with("a ")
                    || shown.starts_with("an ")
                    || shown.starts_with("the "))
            })
            .map(|(name, shown)| format!("{name} → {shown:?}"))
            .collect();
        assert!(
            bad.is_empty(),
            "rules shown by their grammar names: {bad:?}"
        );
    }
}
