//! Misère outcomes (the last player to move loses) by direct search of the sum's
//! game tree: Grundy values do not decide misère sums, so no nim-sum shortcut.

pub mod genus;
pub mod quotient;

use crate::diagnostics::Span;
use crate::eval::eval_error::EvalError;
use crate::eval::interp::Interp;
use crate::eval::options::{OptionList, Side};
use crate::eval::value::{Component, GameSum};
use rustc_hash::FxHashMap;

/// A sum normalised for misère search: components sorted, terminal ones dropped.
type State = Vec<Component>;

const ON_PATH: u8 = 1;
const P: u8 = 2;
const N: u8 = 3;

/// Memo and caches of one misère search.
#[derive(Default)]
pub struct MisereSearch {
    states: FxHashMap<State, u8>,
    component_options: FxHashMap<Component, Vec<Vec<Component>>>,
}

impl<'a> Interp<'a> {
    fn component_options(
        &mut self,
        search: &mut MisereSearch,
        c: &Component,
        span: Span,
    ) -> Result<Vec<Vec<Component>>, EvalError> {
        if let Some(opts) = search.component_options.get(c) {
            return Ok(opts.clone());
        }
        let opts: Vec<Vec<Component>> = match c {
            Component::Nimber(k) => {
                if *k > 100_000 {
                    return Err(EvalError::other(
                        format!("*{k} is too large for a misère search"),
                        "use smaller nimbers in misère sums",
                        span,
                    ));
                }
                (0..*k).map(|j| vec![Component::Nimber(j)]).collect()
            }
            Component::Pos(inst, pos) => {
                let mut list = OptionList::default();
                self.gen_options(*inst, pos, Side::Impartial, &mut list)?;
                list.iter().map(<[Component]>::to_vec).collect()
            }
        };
        search.component_options.insert(c.clone(), opts.clone());
        Ok(opts)
    }

    fn normalize(
        &mut self,
        search: &mut MisereSearch,
        parts: &[Component],
        span: Span,
    ) -> Result<State, EvalError> {
        let mut state = Vec::with_capacity(parts.len());
        for c in parts {
            if !self.component_options(search, c, span)?.is_empty() {
                state.push(c.clone());
            }
        }
        state.sort();
        Ok(state)
    }

    fn state_options(
        &mut self,
        search: &mut MisereSearch,
        state: &State,
        span: Span,
    ) -> Result<Vec<State>, EvalError> {
        let mut out = Vec::new();
        for (i, c) in state.iter().enumerate() {
            if i > 0 && state.get(i - 1) == Some(c) {
                continue;
            }
            for opt in self.component_options(search, c, span)? {
                let mut parts: Vec<Component> = state.iter().take(i).cloned().collect();
                parts.extend(opt);
                parts.extend(state.iter().skip(i + 1).cloned());
                out.push(self.normalize(search, &parts, span)?);
            }
        }
        Ok(out)
    }

    /// True when the player to move wins `sum` under misère play.
    pub fn misere_next_wins(
        &mut self,
        search: &mut MisereSearch,
        sum: &GameSum,
        span: Span,
    ) -> Result<bool, EvalError> {
        let root = self.normalize(search, &sum.parts, span)?;
        let mut stack: Vec<(State, bool)> = vec![(root.clone(), false)];
        let mut steps = 0u32;
        while let Some((state, expanded)) = stack.pop() {
            match search.states.get(&state).copied() {
                Some(P) | Some(N) => continue,
                Some(ON_PATH) if !expanded => {
                    return Err(EvalError::Loopy {
                        cycle: vec!["(a misère position repeats)".into()],
                        span,
                    });
                }
                _ => {}
            }
            steps = steps.wrapping_add(1);
            if steps.is_multiple_of(1024) && self.rt.cancelled() {
                return Err(EvalError::Interrupted { span });
            }
            let options = self.state_options(search, &state, span)?;
            if !expanded {
                search.states.insert(state.clone(), ON_PATH);
                self.rt.positions += 1;
                if self.rt.positions > self.rt.limits.max_positions {
                    return Err(EvalError::PositionLimit {
                        limit: self.rt.limits.max_positions,
                        span,
                    });
                }
            }
            let mut unknown = Vec::new();
            let mut wins = options.is_empty(); // no move: the previous player moved last and loses
            for o in &options {
                match search.states.get(o).copied() {
                    Some(P) => wins = true,
                    Some(N) => {}
                    Some(_) => {
                        return Err(EvalError::Loopy {
                            cycle: vec!["(a misère position repeats)".into()],
                            span,
                        })
                    }
                    None => unknown.push(o.clone()),
                }
            }
            if wins || unknown.is_empty() {
                search.states.insert(state, if wins { N } else { P });
            } else {
                stack.push((state, true));
                for o in unknown {
                    stack.push((o, false));
                }
            }
        }
        Ok(search.states.get(&root).copied() == Some(N))
    }

    /// The options of `sum` after which the player to move loses under misère play.
    pub fn misere_winning(&mut self, sum: &GameSum, span: Span) -> Result<Vec<GameSum>, EvalError> {
        let mut search = MisereSearch::default();
        let mut out: Vec<GameSum> = Vec::new();
        let mut seen = std::collections::HashSet::new();
        for (i, c) in sum.parts.iter().enumerate() {
            for opt in self.component_options(&mut search, c, span)? {
                let result = sum.replaced(i, &opt);
                if !self.misere_next_wins(&mut search, &result, span)?
                    && seen.insert(result.normalized())
                {
                    out.push(result);
                }
            }
        }
        Ok(out)
    }
}

/// Misère Grundy values of sums: G⁻ = 1 when G has no move, else the mex of its
/// options' values (Conway). Not a function of the components' values, so the
/// sum itself is searched.
#[derive(Default)]
pub struct MisereValues {
    search: MisereSearch,
    values: FxHashMap<State, u32>,
}

/// Genus exponents are computed up to this many added `*2` components.
const GENUS_TERMS: usize = 14;

impl<'a> Interp<'a> {
    /// The misère Grundy value of a sum.
    pub fn misere_grundy(
        &mut self,
        mv: &mut MisereValues,
        sum: &GameSum,
        span: Span,
    ) -> Result<u32, EvalError> {
        let root = self.normalize(&mut mv.search, &sum.parts, span)?;
        let mut stack: Vec<(State, bool)> = vec![(root.clone(), false)];
        let mut on_path: std::collections::HashSet<State> = std::collections::HashSet::new();
        while let Some((state, expanded)) = stack.pop() {
            if mv.values.contains_key(&state) {
                continue;
            }
            if !expanded && !on_path.insert(state.clone()) {
                return Err(EvalError::Loopy {
                    cycle: vec!["(a misère position repeats)".into()],
                    span,
                });
            }
            if self.rt.cancelled() {
                return Err(EvalError::Interrupted { span });
            }
            let options = self.state_options(&mut mv.search, &state, span)?;
            let unknown: Vec<State> = options
                .iter()
                .filter(|o| !mv.values.contains_key(*o))
                .cloned()
                .collect();
            if unknown.is_empty() {
                let value = if options.is_empty() {
                    1
                } else {
                    let vals: Vec<u64> = options
                        .iter()
                        .filter_map(|o| mv.values.get(o))
                        .map(|&v| u64::from(v))
                        .collect();
                    crate::solve::grundy::mex(&vals, &mut Vec::new())
                };
                on_path.remove(&state);
                mv.values.insert(state, value);
                self.rt.positions += 1;
                if self.rt.positions > self.rt.limits.max_positions {
                    return Err(EvalError::PositionLimit {
                        limit: self.rt.limits.max_positions,
                        span,
                    });
                }
            } else {
                if expanded {
                    return Err(EvalError::Loopy {
                        cycle: vec!["(a misère position repeats)".into()],
                        span,
                    });
                }
                stack.push((state, true));
                for o in unknown {
                    if on_path.contains(&o) {
                        return Err(EvalError::Loopy {
                            cycle: vec!["(a misère position repeats)".into()],
                            span,
                        });
                    }
                    stack.push((o, false));
                }
            }
        }
        Ok(mv.values.get(&root).copied().unwrap_or(0))
    }

    /// Conway's genus g^γ0γ1…: g the normal value, γk the misère value of G plus k
    /// copies of *2, written up to where the γs settle into alternating two values.
    pub fn genus(&mut self, sum: &GameSum, span: Span) -> Result<String, EvalError> {
        let g = self.grundy_sum(&sum.parts, span)?;
        let mut mv = MisereValues::default();
        let mut gammas = Vec::with_capacity(GENUS_TERMS);
        let mut with_twos = sum.clone();
        for _ in 0..GENUS_TERMS {
            gammas.push(self.misere_grundy(&mut mv, &with_twos, span)?);
            with_twos.parts.push(Component::Nimber(2));
        }
        // The smallest s from which γ(k + 2) = γ(k) for every k computed.
        let settle = (0..GENUS_TERMS - 2)
            .find(|&s| (s..GENUS_TERMS - 2).all(|k| gammas.get(k) == gammas.get(k + 2)))
            .unwrap_or(GENUS_TERMS - 2);
        let shown: Vec<u32> = gammas.into_iter().take(settle + 2).collect();
        let exponent = if shown.iter().all(|&v| v < 10) {
            shown.iter().map(u32::to_string).collect::<String>()
        } else {
            format!(
                "({})",
                shown
                    .iter()
                    .map(u32::to_string)
                    .collect::<Vec<_>>()
                    .join(",")
            )
        };
        Ok(format!("{g}^{exponent}"))
    }
}
