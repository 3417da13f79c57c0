//! Quotients of any finite impartial game, by MisereSolver's linearisation:
//! every position reachable from the components of a sum becomes a "heap",
//! numbered so that a position's options come before it (heap 0 is every
//! position without a move), and each option is the multiset of heaps of its
//! components. The heap-by-heap construction then runs on these heaps as on
//! any heap game, with the same certificate.

use super::quotient::rules::HeapRules;
use crate::budget::Budget;
use crate::diagnostics::Span;
use crate::eval::eval_error::EvalError;
use crate::game::{Games, OptionList, Side};
use crate::lang::value::{Component, GameSum};
use rustc_hash::{FxHashMap, FxHashSet};

/// The positions reachable from a sum, as heaps.
#[derive(Debug, Default)]
pub struct Linearized {
    /// Heap n's options, each the heaps of its components (heap 0 left out).
    options: Vec<Vec<Vec<usize>>>,
    /// The heap of each component of the sum (0 for one without a move).
    pub roots: Vec<usize>,
    /// Every position reached, with its heap.
    heap_of: FxHashMap<Component, usize>,
}

impl Linearized {
    /// The number of heaps, heap 0 included.
    pub fn heaps(&self) -> usize {
        self.options.len()
    }

    /// The heaps of a sum of positions reached (heap 0 left out), or `None`
    /// when one of them was not reached.
    pub fn heaps_of(&self, parts: &[Component]) -> Option<Vec<usize>> {
        let mut heaps = Vec::with_capacity(parts.len());
        for c in parts {
            match self.heap_of.get(c) {
                Some(0) => {}
                Some(&h) => heaps.push(h),
                None => return None,
            }
        }
        Some(heaps)
    }
}

impl HeapRules for Linearized {
    type Error = EvalError;

    fn options(&mut self, n: usize, out: &mut Vec<Vec<usize>>) -> Result<(), EvalError> {
        if let Some(opts) = self.options.get(n) {
            out.extend(opts.iter().cloned());
        }
        Ok(())
    }
}

/// A position being numbered: its options, and how many of their
/// components have been looked at.
struct Frame {
    component: Component,
    options: Vec<Vec<Component>>,
    next: (usize, usize),
}

/// Numbers every position reachable from `sum`'s components in post-order
/// (never recursing on the Rust stack), each counted as a position kept. A
/// position met again on the current path is a cycle: the game is loopy, and
/// has no quotient. Steps and positions are counted on `budget`.
pub fn linearize(
    games: &mut Games<'_>,
    sum: &GameSum,
    budget: &Budget,
    span: Span,
) -> Result<Linearized, EvalError> {
    let mut heap_of: FxHashMap<Component, usize> = FxHashMap::default();
    let mut on_path: FxHashSet<Component> = FxHashSet::default();
    let mut lin = Linearized::default();
    lin.options.push(Vec::new());
    let mut list = OptionList::default();
    let mut options_of =
        |games: &mut Games<'_>, c: &Component| -> Result<Vec<Vec<Component>>, EvalError> {
            if c.is_literal_partizan() {
                return Err(EvalError::Partizan { span });
            }
            // A nimber's options are listed whole: count them first (`*10^10`
            // in a misère sum filled 8 GB here before the slice could end).
            if let Component::Nimber(k) = c {
                let bytes = usize::try_from(*k)
                    .unwrap_or(usize::MAX)
                    .saturating_mul(std::mem::size_of::<Vec<Component>>() * 4);
                budget
                    .reserve(bytes)
                    .map_err(|e| EvalError::limit(e, span))?;
                budget
                    .add_positions(usize::try_from(*k).unwrap_or(usize::MAX))
                    .map_err(|e| EvalError::limit(e, span))?;
            }
            list.clear();
            games
                .component_options(c, Side::Impartial, &mut list)
                .map_err(|e| e.at_least(span))?;
            Ok(list.iter().map(<[Component]>::to_vec).collect())
        };
    for root in &sum.parts {
        if let Some(&h) = heap_of.get(root) {
            lin.roots.push(h);
            continue;
        }
        let options = options_of(games, root)?;
        if options.is_empty() {
            heap_of.insert(root.clone(), 0);
            lin.roots.push(0);
            continue;
        }
        on_path.insert(root.clone());
        let mut stack = vec![Frame {
            component: root.clone(),
            options,
            next: (0, 0),
        }];
        while let Some(top) = stack.last_mut() {
            budget.tick().map_err(|e| EvalError::limit(e, span))?;
            let (i, j) = top.next;
            let child = top.options.get(i).and_then(|o| o.get(j)).cloned();
            match child {
                Some(child) => {
                    top.next = (i, j + 1);
                    if heap_of.contains_key(&child) {
                        continue;
                    }
                    if on_path.contains(&child) {
                        let mut path: Vec<&Component> =
                            stack.iter().map(|f| &f.component).collect();
                        path.push(&child);
                        let show = |c: &&Component| {
                            crate::eval::print::show_component(c, games.globals, games.rt)
                        };
                        return Err(EvalError::loopy_cycle(&path, show, span));
                    }
                    let options = options_of(games, &child)?;
                    if options.is_empty() {
                        heap_of.insert(child, 0);
                        continue;
                    }
                    on_path.insert(child.clone());
                    stack.push(Frame {
                        component: child,
                        options,
                        next: (0, 0),
                    });
                }
                None if i + 1 < top.options.len() => top.next = (i + 1, 0),
                None => {
                    let Some(done) = stack.pop() else { break };
                    let heaps: Vec<Vec<usize>> = done
                        .options
                        .iter()
                        .map(|o| {
                            let mut heaps: Vec<usize> = o
                                .iter()
                                .filter_map(|c| heap_of.get(c).copied())
                                .filter(|&h| h != 0)
                                .collect();
                            heaps.sort_unstable();
                            heaps
                        })
                        .collect();
                    budget
                        .add_positions(1)
                        .map_err(|e| EvalError::limit(e, span))?;
                    heap_of.insert(done.component.clone(), lin.options.len());
                    on_path.remove(&done.component);
                    lin.options.push(heaps);
                }
            }
        }
        lin.roots.push(heap_of.get(root).copied().unwrap_or(0));
    }
    lin.heap_of = heap_of;
    Ok(lin)
}
