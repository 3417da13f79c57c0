//! The mex (the least value not in a set), once, for every analysis of
//! `solve/` that takes one over a bit set: of a list of values (Grundy
//! values, normal values of heaps), of a set already in bits (misère values
//! by genus row, by quotient element), and of a set of labels capped at a
//! quotient's cap. The compiled kernel's fill keeps its own marks (set
//! word by word as options are listed) and takes their mex here too.

/// The mex of `values`, using `bits` as scratch space: only values below
/// `values.len() + 1` can matter, so the set is that many bits.
pub fn mex(values: &[u64], bits: &mut Vec<u64>) -> u32 {
    let n = values.len() + 1;
    bits.clear();
    bits.resize(n.div_ceil(64), 0);
    for &v in values {
        if (v as usize) < n {
            if let Some(word) = bits.get_mut((v / 64) as usize) {
                *word |= 1 << (v % 64);
            }
        }
    }
    first_clear(bits)
}

/// The mex of a set given as bits (bit v of word v / 64 set when v is in
/// it): the first clear bit, or the bits' length when all are set.
pub fn first_clear(bits: &[u64]) -> u32 {
    bits.iter()
        .position(|&w| w != u64::MAX)
        .map_or(bits.len() * 64, |i| {
            i * 64 + bits.get(i).map_or(0, |w| w.trailing_ones() as usize)
        }) as u32
}

/// The mex of a set of labels given as the bits of one word, capped: labels
/// at or above `cap` mean "cap or more" and are never looked at.
pub fn capped_mex(mask: u64, cap: u32) -> u32 {
    mask.trailing_ones().min(cap)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mex_of_lists_and_bits() {
        let mut bits = Vec::new();
        assert_eq!(mex(&[], &mut bits), 0);
        assert_eq!(mex(&[1, 2], &mut bits), 0);
        assert_eq!(mex(&[0, 2, 1, 5], &mut bits), 3);
        let all: Vec<u64> = (0..130).collect();
        assert_eq!(mex(&all, &mut bits), 130);
        assert_eq!(first_clear(&[u64::MAX, 0b1011]), 66);
        assert_eq!(first_clear(&[u64::MAX]), 64);
        assert_eq!(capped_mex(0b111, 2), 2);
        assert_eq!(capped_mex(0b101, 4), 1);
    }
}
