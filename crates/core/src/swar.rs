//! Eight bytes at once: named tests on the bytes of a `u64` read
//! little-endian (byte `k` of the text is bits `8k..8k + 8`), so that the
//! readers' fast scans say what they look for instead of spelling masks.
//!
//! The per-byte tests give a *mask*: the high bit (0x80) of each byte that
//! passes, exactly (no carry or borrow crosses from one byte to the next),
//! so [`first_set_byte`] finds the first byte that passes.

/// 0x01 in every byte.
pub const ONES: u64 = 0x0101_0101_0101_0101;
/// The high bit of every byte.
pub const HIGH: u64 = ONES * 0x80;
/// The low seven bits of every byte.
pub const LOW7: u64 = ONES * 0x7F;

/// `b` in every byte.
#[inline(always)]
pub const fn splat(b: u8) -> u64 {
    ONES * b as u64
}

/// The eight bytes as a word, the first the lowest.
#[inline(always)]
pub const fn word(bytes: &[u8; 8]) -> u64 {
    u64::from_le_bytes(*bytes)
}

/// The index of the first byte of `x` that is not zero (of a mask: the
/// first byte that passed); 8 when every byte is zero.
#[inline(always)]
pub const fn first_set_byte(x: u64) -> usize {
    (x.trailing_zeros() / 8) as usize
}

/// The mask of the bytes of `x` that are not zero.
#[inline(always)]
pub const fn nonzero(x: u64) -> u64 {
    (((x & LOW7) + LOW7) | x) & HIGH
}

/// The mask of the bytes of `x` that are zero.
#[inline(always)]
pub const fn zero(x: u64) -> u64 {
    !nonzero(x) & HIGH
}

/// The mask of the bytes of `x` equal to `b`.
#[inline(always)]
pub const fn equal(x: u64, b: u8) -> u64 {
    zero(x ^ splat(b))
}

/// The mask of the bytes of `x` below `b` (unsigned), for `b <= 0x80`.
#[inline(always)]
pub const fn below(x: u64, b: u8) -> u64 {
    // With the high bits set no borrow crosses bytes.
    !((x | HIGH) - splat(b)) & !x & HIGH
}

/// The mask of the bytes of `x` at least `b` (unsigned), for `b <= 0x80`.
#[inline(always)]
pub const fn at_least(x: u64, b: u8) -> u64 {
    // `(x & 0x7F) + 0x80 - b` stays below 0x100: no carry crosses bytes.
    (((x & LOW7) + splat(0x80 - b)) | x) & HIGH
}

/// Whether some byte of `x` is zero (exact as a whole, not per byte: the
/// mask it tests may hold false bits after the first zero byte).
#[inline(always)]
pub const fn has_zero(x: u64) -> bool {
    x.wrapping_sub(ONES) & !x & HIGH != 0
}

/// A pattern of up to eight bytes, `?` standing for any byte (and any
/// byte after the pattern's end): the bytes that must match and their
/// values, tested against a word at once.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Pattern {
    mask: u64,
    value: u64,
}

impl Pattern {
    /// The pattern `text` (`?` any byte), at most eight bytes.
    pub const fn new(text: &[u8]) -> Pattern {
        assert!(text.len() <= 8, "a pattern has at most eight bytes");
        let (mut mask, mut value, mut i) = (0u64, 0u64, 0);
        while i < text.len() {
            if text[i] != b'?' {
                mask |= 0xFF << (8 * i);
                value |= (text[i] as u64) << (8 * i);
            }
            i += 1;
        }
        Pattern { mask, value }
    }

    /// Whether the bytes of `x` match.
    #[inline(always)]
    pub const fn matches(self, x: u64) -> bool {
        x & self.mask == self.value
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Words with byte `b` at each position among neighbours that provoke
    /// carries and borrows: 0x00, 0x7F, 0x80, 0xFF and `b` itself.
    fn words_with(b: u8) -> impl Iterator<Item = (u64, usize)> {
        [0x00u8, 0x7F, 0x80, 0xFF, b]
            .into_iter()
            .flat_map(move |fill| {
                (0..8).map(move |k| {
                    let mut bytes = [fill; 8];
                    bytes[k] = b;
                    (word(&bytes), k)
                })
            })
    }

    /// The mask a per-byte test gives, from the bytes one at a time.
    fn scalar(x: u64, pass: impl Fn(u8) -> bool) -> u64 {
        x.to_le_bytes()
            .iter()
            .enumerate()
            .fold(0, |m, (k, &b)| m | (u64::from(pass(b)) << (8 * k + 7)))
    }

    #[test]
    fn constants_and_splat() {
        assert_eq!(ONES, 0x0101_0101_0101_0101);
        assert_eq!(HIGH, 0x8080_8080_8080_8080);
        assert_eq!(LOW7, 0x7F7F_7F7F_7F7F_7F7F);
        for b in 0..=255u8 {
            assert_eq!(splat(b).to_le_bytes(), [b; 8]);
        }
    }

    #[test]
    fn words_from_bytes() {
        assert_eq!(word(b"abcdefgh").to_le_bytes(), *b"abcdefgh");
        assert_eq!(word(b"abcdefgh") & 0xFF, u64::from(b'a'));
        assert_eq!(word(b"abcdefgh") >> 56, u64::from(b'h'));
    }

    #[test]
    fn first_set_byte_is_the_first_byte_not_zero() {
        assert_eq!(first_set_byte(0), 8);
        for k in 0..8 {
            for b in 1..=255u8 {
                let mut bytes = [0u8; 8];
                bytes[k] = b;
                // Later bytes do not count.
                for later in bytes.iter_mut().skip(k + 1) {
                    *later = 0xFF;
                }
                assert_eq!(first_set_byte(word(&bytes)), k);
            }
        }
    }

    #[test]
    fn per_byte_tests_are_exact_for_every_byte() {
        for b in 0..=255u8 {
            for (x, _) in words_with(b) {
                assert_eq!(nonzero(x), scalar(x, |c| c != 0), "{x:#x}");
                assert_eq!(zero(x), scalar(x, |c| c == 0), "{x:#x}");
                assert_eq!(has_zero(x), x.to_le_bytes().contains(&0), "{x:#x}");
                for c in 0..=255u8 {
                    assert_eq!(equal(x, c), scalar(x, |d| d == c), "{x:#x} {c}");
                }
                for c in 0..=0x80u8 {
                    assert_eq!(below(x, c), scalar(x, |d| d < c), "{x:#x} {c}");
                    assert_eq!(at_least(x, c), scalar(x, |d| d >= c), "{x:#x} {c}");
                }
            }
        }
    }

    #[test]
    fn patterns_match_their_bytes_and_any_byte_for_a_question_mark() {
        const ROW: Pattern = Pattern::new(b"  ?) ");
        assert_eq!(
            ROW,
            Pattern {
                mask: 0xFF_FF00_FFFF,
                value: 0x20_2900_2020
            }
        );
        for b in 0..=255u8 {
            let mut bytes = *b"  7) 13/";
            bytes[2] = b;
            assert!(ROW.matches(word(&bytes)));
            // A byte the pattern names differs: no match.
            for k in [0, 1, 3, 4] {
                let mut other = *b"  7) xyz";
                other[k] = b;
                assert_eq!(ROW.matches(word(&other)), b == b"  7) "[k], "{k} {b}");
            }
        }
        assert!(Pattern::new(b"").matches(u64::MAX));
        assert!(Pattern::new(b"????????").matches(0));
    }
}
