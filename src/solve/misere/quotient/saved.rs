//! A quotient's construction saved after every heap, in one directory
//! (`quotient G up to N into "DIR"`): a run stopped by Ctrl-C, a limit or a
//! crash leaves the construction as it stood after its last whole heap, and
//! the next run carries on from there. The construction is deterministic,
//! so a run carried on gives exactly the quotient of one run (the test
//! `a_saved_construction_carries_on_to_the_same_quotient`), and each run
//! over a range of heaps is a unit of work (docs/campaigns.md).
//!
//! `DIR/quotient.json` holds the game's name, the cap, how many heaps, the
//! monoid (each generator's action, the labels, the identity), Φ, a
//! fingerprint of the rules' options of those heaps, a checksum of all of
//! it, and one entry per run (its heaps and seconds). It is read back only
//! when the checksum matches and the rules give the same options; what it
//! holds is used to build on, never answered from: the quotient returned is
//! certified from the rules at the end, as always.

use super::build;
use super::products::Products;
use super::rules::HeapRules;
use super::{limit_at, Elem, Monoid, Quotient, QuotientError, Trace, MAX_CAP};
use crate::budget::Budget;
use serde_json::{json, Value as Json};
use std::path::Path;
use std::time::Instant;

/// The file's name in the directory.
const FILE: &str = "quotient.json";
/// What the file names its format.
const FORMAT: &str = "grundy quotient 1";

/// FNV-1a over 64-bit words: the checksum and the options' fingerprint.
fn fnv(words: impl IntoIterator<Item = u64>) -> u64 {
    words.into_iter().fold(0xcbf2_9ce4_8422_2325, |h, w| {
        w.to_le_bytes()
            .iter()
            .fold(h, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
    })
}

/// The fingerprint of the options of heaps 1, 2, … (`options[h]` heap h's).
fn fingerprint(options: &[Vec<Vec<usize>>]) -> u64 {
    let mut words = Vec::new();
    for (h, opts) in options.iter().enumerate().skip(1) {
        words.push(h as u64);
        words.push(opts.len() as u64);
        for o in opts {
            words.push(o.len() as u64);
            words.extend(o.iter().map(|&p| p as u64));
        }
    }
    fnv(words)
}

/// The rules' options of heaps 0..=`heaps`.
fn options_of<R: HeapRules>(
    rules: &mut R,
    heaps: usize,
    budget: &Budget,
) -> Result<Vec<Vec<Vec<usize>>>, QuotientError<R::Error>> {
    let mut all = vec![Vec::new()];
    for h in 1..=heaps {
        budget.tick()?;
        let mut opts = Vec::new();
        rules.options(h, &mut opts).map_err(QuotientError::Rules)?;
        all.push(opts);
    }
    Ok(all)
}

/// A construction after some heap, as the file holds it.
struct Saved {
    cap: u32,
    ident: Elem,
    labels: Vec<u32>,
    actions: Vec<Vec<Elem>>,
    phi: Vec<Elem>,
}

impl Saved {
    fn checksum(&self) -> u64 {
        let mut words = vec![
            u64::from(self.cap),
            u64::from(self.ident),
            self.labels.len() as u64,
            self.actions.len() as u64,
            self.phi.len() as u64,
        ];
        words.extend(self.labels.iter().map(|&l| u64::from(l)));
        for row in &self.actions {
            words.extend(row.iter().map(|&x| u64::from(x)));
        }
        words.extend(self.phi.iter().map(|&x| u64::from(x)));
        fnv(words)
    }

    fn of(mon: &Monoid, phi: &[Elem]) -> Saved {
        Saved {
            cap: mon.cap,
            ident: mon.ident,
            labels: mon.labels.clone(),
            actions: mon.products.actions().to_vec(),
            phi: phi.to_vec(),
        }
    }

    /// Back to a monoid: the generators' actions must make a commutative
    /// monoid on the labelled elements, and Φ must name elements of it.
    fn into_monoid(self, budget: &Budget) -> Result<(Monoid, Vec<Elem>), String> {
        let m = self.labels.len();
        if self.cap == 0 || self.cap > MAX_CAP || self.labels.iter().any(|&l| l > self.cap) {
            return Err("its labels are out of range".into());
        }
        if self.phi.iter().any(|&x| x as usize >= m) || self.ident as usize >= m {
            return Err("Φ names elements it does not have".into());
        }
        let products = Products::new(self.actions, m, self.ident, budget)
            .map_err(|_| "its generators do not reach every element".to_string())?;
        match products.check(budget) {
            Ok(None) => {}
            Ok(Some(why)) => return Err(format!("it is not a commutative monoid: {why}")),
            Err(e) => return Err(format!("checking it stopped: {e:?}")),
        }
        Ok((
            Monoid {
                products,
                labels: self.labels,
                cap: self.cap,
                ident: self.ident,
            },
            self.phi,
        ))
    }
}

/// The file's JSON for `saved` of game `game`, with its runs so far.
fn to_json(saved: &Saved, game: &str, options: u64, runs: &[Json]) -> Json {
    json!({
        "format": FORMAT,
        "game": game,
        "cap": saved.cap,
        "heaps": saved.phi.len().saturating_sub(1),
        "identity": saved.ident,
        "labels": saved.labels,
        "actions": saved.actions,
        "phi": saved.phi,
        "options": format!("{options:016x}"),
        "checksum": format!("{:016x}", saved.checksum()),
        "runs": runs,
    })
}

/// A list of u32s from the JSON.
fn numbers(j: &Json) -> Option<Vec<u32>> {
    j.as_array()?
        .iter()
        .map(|v| v.as_u64().and_then(|v| u32::try_from(v).ok()))
        .collect()
}

/// The file read back: the construction, its options' fingerprint, its
/// runs. An error names what is wrong.
fn from_json(j: &Json, game: &str) -> Result<(Saved, u64, Vec<Json>), String> {
    let field = |k: &str| j.get(k).ok_or_else(|| format!("it has no `{k}`"));
    if field("format")?.as_str() != Some(FORMAT) {
        return Err("it is not a quotient grundy saved".into());
    }
    let found = field("game")?.as_str().unwrap_or_default();
    if found != game {
        return Err(format!(
            "it holds the quotient of `{found}`, not of `{game}`"
        ));
    }
    let bad = |k: &str| format!("its `{k}` is damaged");
    let cap = field("cap")?
        .as_u64()
        .and_then(|c| u32::try_from(c).ok())
        .ok_or_else(|| bad("cap"))?;
    let ident = field("identity")?
        .as_u64()
        .and_then(|c| u32::try_from(c).ok())
        .ok_or_else(|| bad("identity"))?;
    let labels = numbers(field("labels")?).ok_or_else(|| bad("labels"))?;
    let phi = numbers(field("phi")?).ok_or_else(|| bad("phi"))?;
    let actions = field("actions")?
        .as_array()
        .and_then(|rows| rows.iter().map(numbers).collect::<Option<Vec<_>>>())
        .ok_or_else(|| bad("actions"))?;
    let hex = |k: &str| -> Result<u64, String> {
        field(k)?
            .as_str()
            .and_then(|s| u64::from_str_radix(s, 16).ok())
            .ok_or_else(|| bad(k))
    };
    let (options, checksum) = (hex("options")?, hex("checksum")?);
    let runs = field("runs")?.as_array().cloned().unwrap_or_default();
    let saved = Saved {
        cap,
        ident,
        labels,
        actions,
        phi,
    };
    if saved.checksum() != checksum {
        return Err("its checksum does not match what it holds".into());
    }
    Ok((saved, options, runs))
}

/// [`super::labelled`] saved to `dir` after every heap and carried on from
/// what `dir` holds for game `game` (named as the statement names it), when
/// that is no more heaps than asked.
pub(super) fn labelled_saved<R: HeapRules>(
    rules: &mut R,
    max_heap: usize,
    cap: u32,
    budget: &Budget,
    (dir, game): (&Path, &str),
    at: &mut Trace,
) -> Result<Quotient, QuotientError<R::Error>> {
    let cap = cap.clamp(1, MAX_CAP);
    let path = dir.join(FILE);
    let shown = path.display().to_string();
    let at_path = |why: String| QuotientError::Saved(format!("{shown}: {why}"));
    let mut runs: Vec<Json> = Vec::new();
    let mut from = None;
    // A directory holding more heaps than asked is left as it is.
    let mut keep = true;
    match std::fs::read_to_string(&path) {
        Ok(text) => {
            let j: Json = serde_json::from_str(&text)
                .map_err(|_| at_path("it is not a quotient grundy saved".into()))?;
            let (saved, options, kept) = from_json(&j, game).map_err(at_path)?;
            if saved.cap != cap {
                return Err(at_path(format!(
                    "it holds a quotient with labels capped at {}, not {cap}",
                    saved.cap
                )));
            }
            let heaps = saved.phi.len().saturating_sub(1);
            if fingerprint(&options_of(rules, heaps, budget)?) != options {
                return Err(at_path(format!(
                    "its heaps' options differ from the rules of `{game}`: another game's quotient"
                )));
            }
            runs = kept;
            if heaps <= max_heap {
                from = Some(saved.into_monoid(budget).map_err(at_path)?);
            } else {
                keep = false;
            }
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            std::fs::create_dir_all(dir)
                .map_err(|e| QuotientError::Saved(format!("{}: {e}", dir.display())))?;
        }
        Err(e) => return Err(at_path(e.to_string())),
    }
    let first = from.as_ref().map_or(0, |(_, phi)| phi.len());
    let started = Instant::now();
    let mut on_heap = |mon: &Monoid, phi: &[Elem], options: &[Vec<Vec<usize>>]| {
        if !keep {
            return Ok(());
        }
        let heaps = phi.len().saturating_sub(1);
        let mut all = runs.clone();
        all.push(json!({
            "from": first,
            "to": heaps,
            "seconds": (started.elapsed().as_secs_f64() * 1000.0).round() / 1000.0,
        }));
        let saved = Saved::of(mon, phi);
        let text = serde_json::to_string(&to_json(&saved, game, fingerprint(options), &all))
            .map_err(|e| e.to_string())?;
        crate::solve::files::replace_file(dir, FILE, &text)
            .map_err(|(p, e)| format!("{}: {e}", p.display()))
    };
    build::build(rules, max_heap, cap, budget, at, from, &mut on_heap).map_err(|e| match e {
        QuotientError::Budget(crate::budget::Exceeded::Interrupted) => {
            QuotientError::Interrupted { heap: at.heap }
        }
        e => limit_at(e, at.heap),
    })
}
