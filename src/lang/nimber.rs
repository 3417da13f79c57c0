//! Nim arithmetic: multiplication by the Fermat-power recursion, inverse and division,
//! exact for all 64-bit operands.

/// Nim product of two 64-bit numbers.
pub fn nim_mul(a: u64, b: u64) -> u64 {
    mul_level(a, b, 32)
}

/// `half` is half the bit width of the field the operands live in: operands are
/// below 2^(2·half), and F = 2^half is a Fermat 2-power.
fn mul_level(a: u64, b: u64, half: u32) -> u64 {
    if a < 2 || b < 2 {
        return a.wrapping_mul(b);
    }
    // Shrink to the smallest field holding both operands.
    let mut half = half;
    while half > 1 && (a | b) >> half == 0 {
        half /= 2;
    }
    let mask = (1u64 << half) - 1;
    let (a1, a0) = (a >> half, a & mask);
    let (b1, b0) = (b >> half, b & mask);
    let p = mul_level(a1, b1, half / 2);
    let q = mul_level(a0, b0, half / 2);
    let m = mul_level(a0 ^ a1, b0 ^ b1, half / 2);
    // (a1·F + a0)(b1·F + b0) with F⊗F = F ⊕ F/2:
    // high = m ⊕ q, low = p ⊗ (F/2) ⊕ q.
    let high = (m ^ q) << half;
    let low = mul_level(p, 1u64 << (half - 1), half / 2) ^ q;
    high ^ low
}

/// Nim inverse of a non-zero number: a^(2^64 − 2) in the field of nimbers below 2^64.
pub fn nim_inv(a: u64) -> Option<u64> {
    if a == 0 {
        return None;
    }
    // Work in the smallest subfield holding `a`, whose order is 2^(2^k) − 1.
    let mut bits = 1u32;
    while bits < 64 && a >> bits != 0 {
        bits *= 2;
    }
    // exponent 2^bits − 2
    let mut result = 1u64;
    let mut base = a;
    let mut e: u128 = (1u128 << bits) - 2;
    while e > 0 {
        if e & 1 == 1 {
            result = nim_mul(result, base);
        }
        base = nim_mul(base, base);
        e >>= 1;
    }
    Some(result)
}

#[cfg(test)]
#[allow(
    clippy::indexing_slicing,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic
)]
mod tests {
    use super::*;

    #[test]
    fn source_products() {
        assert_eq!(nim_mul(2, 2), 3);
        assert_eq!(nim_mul(4, 4), 6);
        assert_eq!(nim_mul(3, 6), 13);
        assert_eq!(nim_mul(8, 8), 13);
        assert_eq!(nim_mul(16, 16), 24);
        assert_eq!(nim_mul(24, 17), 128);
        assert_eq!(nim_inv(2), Some(3));
        assert_eq!(nim_mul(6, nim_inv(5).unwrap_or(0)), 9);
    }

    #[test]
    fn inverse_everywhere_small_and_large() {
        for a in 1..300u64 {
            let inv = nim_inv(a).unwrap_or(0);
            assert_eq!(nim_mul(a, inv), 1, "a = {a}");
        }
        for a in [u64::MAX, 1 << 63, 0xdead_beef_cafe_f00d, 1 << 32] {
            assert_eq!(nim_mul(a, nim_inv(a).unwrap_or(0)), 1);
        }
    }
}
