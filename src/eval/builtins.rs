//! The pure built-in functions' implementations (board and coin built-ins
//! need the engine). Their names and arities are the language's vocabulary,
//! [`crate::lang::builtin`].

use crate::lang::builtin::Builtin;

use super::eval_error::EvalError;
use super::iterate::to_items;
use crate::budget::Budget;
use crate::diagnostics::Span;
use crate::lang::nimber::{nim_inv, nim_mul};
use crate::lang::value::{GameSum, Value};
use std::rc::Rc;

fn int(v: &Value, span: Span) -> Result<i64, EvalError> {
    v.as_int()
        .ok_or_else(|| EvalError::expected("an integer", v.kind_name(), span))
}

fn nonneg(v: &Value, span: Span) -> Result<u64, EvalError> {
    let n = int(v, span)?;
    u64::try_from(n).map_err(|_| EvalError::NegativeNimArithmetic { n, span })
}

fn to_nonneg_i64(n: u64, span: Span) -> Result<Value, EvalError> {
    i64::try_from(n)
        .map(Value::Int)
        .map_err(|_| EvalError::Overflow { span })
}

/// The elements a variadic-or-iterable built-in works on: `min(a, b)` or `min(xs)`.
fn spread(args: &[Value], budget: &Budget, span: Span) -> Result<Vec<Value>, EvalError> {
    match args {
        [single] if !matches!(single, Value::Int(_) | Value::Bool(_) | Value::Game(_)) => {
            to_items(single, budget, span)
        }
        _ => Ok(args.to_vec()),
    }
}

/// Applies a pure built-in to evaluated arguments. An argument of the wrong
/// kind is blamed at `at(i)`, the span of argument `i`; what goes wrong with
/// the call as a whole at `span`.
pub fn apply_pure(
    b: Builtin,
    args: &[Value],
    at: &dyn Fn(usize) -> Span,
    budget: &Budget,
    span: Span,
) -> Result<Value, EvalError> {
    let arg = |i: usize| args.get(i).cloned().unwrap_or(Value::Int(0));
    match b {
        Builtin::Min | Builtin::Max => extreme(b, &spread(args, budget, span)?, span),
        Builtin::Abs => super::ops::int_abs(int(&arg(0), at(0))?)
            .map(Value::Int)
            .map_err(|e| e.at(span)),
        Builtin::Len => len(&arg(0), at(0)),
        Builtin::Sum => sum(&to_items(&arg(0), budget, at(0))?, span),
        Builtin::SumGames => sum_games(&arg(0), budget, at(0), span),
        Builtin::Count => Ok(Value::Int(
            true_count(&spread(args, budget, span)?, span)? as i64
        )),
        Builtin::All | Builtin::Any => {
            let items = to_items(&arg(0), budget, at(0))?;
            let trues = true_count(&items, span)?;
            Ok(Value::Bool(if b == Builtin::All {
                trues == items.len()
            } else {
                trues > 0
            }))
        }
        Builtin::Sorted => {
            let mut items = to_items(&arg(0), budget, at(0))?;
            items.sort();
            Ok(Value::List(items.into()))
        }
        Builtin::Gcd => to_nonneg_i64(
            gcd(
                int(&arg(0), at(0))?.unsigned_abs(),
                int(&arg(1), at(1))?.unsigned_abs(),
            ),
            span,
        ),
        Builtin::Popcount => Ok(Value::Int(i64::from(nonneg(&arg(0), at(0))?.count_ones()))),
        Builtin::Bitand => Ok(Value::Int(int(&arg(0), at(0))? & int(&arg(1), at(1))?)),
        Builtin::Bitor => Ok(Value::Int(int(&arg(0), at(0))? | int(&arg(1), at(1))?)),
        Builtin::Subsets => subsets(&arg(0), &arg(1), budget, at(1)),
        Builtin::Product => product(&arg(0), budget, at(0)),
        Builtin::Nimsum => {
            let mut x = 0u64;
            for v in spread(args, budget, span)? {
                x ^= nonneg(&v, span)?;
            }
            to_nonneg_i64(x, span)
        }
        Builtin::Mex => mex(&to_items(&arg(0), budget, at(0))?, span),
        Builtin::Nimmul => to_nonneg_i64(
            nim_mul(nonneg(&arg(0), at(0))?, nonneg(&arg(1), at(1))?),
            span,
        ),
        Builtin::Niminv => match nim_inv(nonneg(&arg(0), at(0))?) {
            Some(x) => to_nonneg_i64(x, span),
            None => Err(EvalError::DivisionByZero { span }),
        },
        Builtin::Nimdiv => match nim_inv(nonneg(&arg(1), at(1))?) {
            Some(inv) => to_nonneg_i64(nim_mul(nonneg(&arg(0), at(0))?, inv), span),
            None => Err(EvalError::DivisionByZero { span }),
        },
        Builtin::Regions => super::grid::regions(args, [at(0), at(1), at(2)], budget, span),
        Builtin::Transpose => super::grid::transpose(args, budget, at(0)),
        Builtin::List => Ok(Value::List(to_items(&arg(0), budget, at(0))?.into())),
        Builtin::Set => Ok(Value::set_from(to_items(&arg(0), budget, at(0))?)),
        Builtin::Ray | Builtin::Step | Builtin::Coins => Err(EvalError::NeedsGameContext {
            name: b.name(),
            span,
        }),
    }
}

/// `min` or `max` of some values.
fn extreme(b: Builtin, items: &[Value], span: Span) -> Result<Value, EvalError> {
    let best = if b == Builtin::Min {
        items.iter().min()
    } else {
        items.iter().max()
    };
    best.cloned().ok_or(EvalError::EmptyExtreme {
        name: b.name(),
        span,
    })
}

/// `len` of a string (in characters), collection or range.
fn len(v: &Value, at: Span) -> Result<Value, EvalError> {
    match v {
        Value::Str(s) => Ok(Value::Int(s.chars().count() as i64)),
        Value::List(xs) | Value::Tuple(xs) | Value::Set(xs) => Ok(Value::Int(xs.len() as i64)),
        Value::Range(a, b) => Ok(Value::Int((b - a).max(0))),
        other => Err(EvalError::expected(
            "a list, string, set, tuple or range",
            other.kind_name(),
            at,
        )),
    }
}

/// `sum(games)`: the games of a collection added, the terminal game if none.
fn sum_games(v: &Value, budget: &Budget, at: Span, span: Span) -> Result<Value, EvalError> {
    // A comprehension's list is summed in place (no copy of its items).
    let owned;
    let items: &[Value] = match v {
        Value::List(xs) => xs,
        _ => {
            owned = to_items(v, budget, at)?;
            &owned
        }
    };
    if items.is_empty() {
        Ok(Value::Game(Rc::new(GameSum::default())))
    } else {
        sum(items, span)
    }
}

/// How many of `items` are `true`; an error names the first that is not a
/// boolean.
fn true_count(items: &[Value], span: Span) -> Result<usize, EvalError> {
    let mut n = 0;
    for v in items {
        match v {
            Value::Bool(x) => n += usize::from(*x),
            other => return Err(EvalError::expected("booleans", other.kind_name(), span)),
        }
    }
    Ok(n)
}

/// The greatest common divisor (`gcd(0, 0)` = 0).
fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// The least integer ≥ 0 not among `items` (integers, any sign).
fn mex(items: &[Value], span: Span) -> Result<Value, EvalError> {
    let mut seen = vec![false; items.len() + 1];
    for v in items {
        let n = int(v, span)?;
        if let Ok(i) = usize::try_from(n) {
            if let Some(slot) = seen.get_mut(i) {
                *slot = true;
            }
        }
    }
    Ok(Value::Int(
        seen.iter().position(|s| !s).unwrap_or(items.len()) as i64,
    ))
}

/// `sum` of integers, or of games (an empty sum is the integer 0 / terminal game).
pub fn sum(items: &[Value], span: Span) -> Result<Value, EvalError> {
    if let [Value::Game(g)] = items {
        // One region, one summand: the sum is that game.
        return Ok(Value::Game(g.clone()));
    }
    if items.iter().any(|v| matches!(v, Value::Game(_))) {
        let mut parts = Vec::new();
        for v in items {
            match v {
                Value::Game(g) => parts.extend(g.parts.iter().cloned()),
                other => {
                    return Err(EvalError::expected(
                        "games only (a sum mixes kinds)",
                        other.kind_name(),
                        span,
                    ))
                }
            }
        }
        return Ok(Value::Game(Rc::new(GameSum { parts })));
    }
    let mut total: i64 = 0;
    for v in items {
        total = total
            .checked_add(int(v, span)?)
            .ok_or(EvalError::Overflow { span })?;
    }
    Ok(Value::Int(total))
}

fn subsets(set: &Value, sizes: &Value, budget: &Budget, span: Span) -> Result<Value, EvalError> {
    let mut elems = to_items(set, budget, span)?;
    elems.sort();
    elems.dedup();
    let sizes = to_items(sizes, budget, span)?;
    let sizes: Vec<usize> = sizes
        .iter()
        .filter_map(|v| v.as_int().and_then(|n| usize::try_from(n).ok()))
        .collect();
    let mut out = Vec::new();
    for &k in &sizes {
        combinations(&elems, k, budget, span, &mut out)?;
    }
    Ok(Value::List(out.into()))
}

/// Every k-subset of `elems`, in lexicographic order of positions, without
/// recursion (k may be as large as the set).
fn combinations(
    elems: &[Value],
    k: usize,
    budget: &Budget,
    span: Span,
    out: &mut Vec<Value>,
) -> Result<(), EvalError> {
    let n = elems.len();
    if k > n {
        return Ok(());
    }
    let mut idx: Vec<usize> = (0..k).collect();
    loop {
        budget
            .ticks(k as u32 + 1)
            .map_err(|e| EvalError::limit(e, span))?;
        let chosen: Vec<Value> = idx.iter().filter_map(|&i| elems.get(i).cloned()).collect();
        out.push(Value::Set(chosen.into()));
        // The rightmost index that can still move right.
        let Some(i) = (0..k)
            .rev()
            .find(|&i| idx.get(i).is_some_and(|&v| v < n - k + i))
        else {
            return Ok(());
        };
        let next = idx.get(i).map_or(0, |v| v + 1);
        for (j, slot) in idx.iter_mut().enumerate().skip(i) {
            *slot = next + (j - i);
        }
    }
}

fn product(lists: &Value, budget: &Budget, span: Span) -> Result<Value, EvalError> {
    let factors: Vec<Vec<Value>> = to_items(lists, budget, span)?
        .iter()
        .map(|f| to_items(f, budget, span))
        .collect::<Result<_, _>>()?;
    let mut out: Vec<Vec<Value>> = vec![Vec::new()];
    for f in &factors {
        let mut next = Vec::new();
        for prefix in &out {
            for v in f {
                budget
                    .ticks(prefix.len() as u32 + 1)
                    .map_err(|e| EvalError::limit(e, span))?;
                let mut p = prefix.clone();
                p.push(v.clone());
                next.push(p);
            }
        }
        out = next;
    }
    Ok(Value::List(
        out.into_iter()
            .map(|p| Value::List(p.into()))
            .collect::<Vec<_>>()
            .into(),
    ))
}
