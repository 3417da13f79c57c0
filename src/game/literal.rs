//! The options of the games written as literals: numbers and ups. (`{A | B}`
//! literals carry their options; negatives swap a component's sides.)

use super::{OptionList, Side};
use crate::lang::dyadic::Dyadic;
use crate::lang::value::Component;

/// A number's options in canonical form: an integer `n > 0` is `{n − 1 | }`,
/// `n < 0` is `{ | n + 1}`; a fraction `m/2^k` is `{(m − 1)/2^k | (m + 1)/2^k}`.
pub fn number_options(d: Dyadic, side: Side, out: &mut OptionList) {
    let n = d.numerator();
    let (toward, k) = match side {
        Side::Left => (n.checked_sub(1), d.exponent()),
        _ => (n.checked_add(1), d.exponent()),
    };
    let wanted = if d.is_integer() {
        // Only the side moving toward zero has an option.
        (side == Side::Left && n > 0) || (side == Side::Right && n < 0)
    } else {
        true
    };
    if !wanted {
        return;
    }
    if let Some(x) = toward.and_then(|m| Dyadic::new(m, k)) {
        out.push(nonzero(Component::number(x)));
    }
}

/// `^k` (k > 0) is `{0 | ^(k−1) + *}`; `vk` is its negative `{v(k−1) + * | 0}`.
pub fn up_options(k: i32, side: Side, out: &mut OptionList) {
    let toward_zero = k.signum() * (k.abs() - 1);
    let starred = || {
        let mut parts = Vec::with_capacity(2);
        if toward_zero != 0 {
            parts.push(Component::Up(toward_zero));
        }
        parts.push(Component::Nimber(1));
        parts
    };
    match (side, k > 0) {
        (Side::Left, true) | (Side::Right, false) => out.push(std::iter::empty()),
        (Side::Right, true) | (Side::Left, false) => out.push(starred()),
        (Side::Impartial | Side::Images, _) => {}
    }
}

/// The zero number is the empty sum.
fn nonzero(c: Component) -> Vec<Component> {
    if c == Component::Nimber(0) {
        Vec::new()
    } else {
        vec![c]
    }
}
