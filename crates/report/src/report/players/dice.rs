//! Dice statistics: the fairness of the faces rolled, by a chi-square test.

/// Degrees of freedom of the face-fairness test: six faces, one constraint.
pub const FACE_DOF: u32 = 5;

/// Pearson's chi-square statistic of face counts against a uniform
/// expectation; `None` when no die was counted.
#[must_use]
pub fn chi_square_statistic(faces: &[u64; 6]) -> Option<f64> {
    let n: u64 = faces.iter().sum();
    if n == 0 {
        return None;
    }
    let expected = n as f64 / 6.0;
    Some(
        faces
            .iter()
            .map(|&observed| {
                let d = observed as f64 - expected;
                d * d / expected
            })
            .sum(),
    )
}

/// The chi-square survival function `P(X >= x)` for an odd number of degrees
/// of freedom `dof`; `None` for an even `dof` or a negative or non-finite `x`.
///
/// For odd `k`, with `s = √x`, Φ the standard normal distribution function
/// and φ its density:
///
/// `Q(x; k) = 2·(1 − Φ(s)) + 2·φ(s)·Σ_{j=1}^{(k−1)/2} s^(2j−1) / (1·3·…·(2j−1))`
#[must_use]
pub fn chi_square_sf(x: f64, dof: u32) -> Option<f64> {
    if dof.is_multiple_of(2) || !x.is_finite() || x < 0.0 {
        return None;
    }
    let s = x.sqrt();
    let upper_normal_tail = 0.5 * erfc(s / std::f64::consts::SQRT_2);
    let density = (-0.5 * x).exp() / (2.0 * std::f64::consts::PI).sqrt();
    let mut term = 1.0;
    let mut sum = 0.0;
    for j in 1..=(dof - 1) / 2 {
        // s^(2j-1) / (1·3·…·(2j-1)), built from the previous term.
        term *= if j == 1 { s } else { x / f64::from(2 * j - 1) };
        sum += term;
    }
    Some((2.0 * upper_normal_tail + 2.0 * density * sum).clamp(0.0, 1.0))
}

/// The complementary error function, to about 1e-13 relative accuracy
/// for `z >= 0`.
fn erfc(z: f64) -> f64 {
    if z < 0.0 {
        return 2.0 - erfc(-z);
    }
    if z < 2.5 {
        // erf(z) = 2/√π · e^(−z²) · Σ 2^n z^(2n+1) / (1·3·…·(2n+1)):
        // all terms positive, no cancellation.
        let mut term = z;
        let mut sum = z;
        let mut n = 0u32;
        while term > sum * 1e-17 && n < 200 {
            n += 1;
            term *= 2.0 * z * z / f64::from(2 * n + 1);
            sum += term;
        }
        1.0 - 2.0 / std::f64::consts::PI.sqrt() * (-z * z).exp() * sum
    } else {
        // erfc(z) = e^(−z²)/√π · 1/(z + (1/2)/(z + 1/(z + (3/2)/(z + …)))),
        // evaluated from the tail; 60 levels are ample for z >= 2.5.
        let mut tail = z;
        for n in (1..=60u32).rev() {
            tail = z + f64::from(n) / 2.0 / tail;
        }
        (-z * z).exp() / std::f64::consts::PI.sqrt() / tail
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn erfc_matches_known_values() {
        for (z, expected) in [
            (0.0, 1.0),
            (0.5, 0.479_500_122_186_953_5),
            (1.0, 0.157_299_207_050_285_1),
            (2.0, 0.004_677_734_981_047_266),
            (2.5, 0.000_406_952_017_444_959),
            (3.0, 2.209_049_699_858_544e-5),
            (5.0, 1.537_459_794_428_035e-12),
        ] {
            let got = erfc(z);
            assert!(
                ((got - expected) / expected).abs() < 1e-10,
                "erfc({z}) = {got}, expected {expected}"
            );
        }
        assert!((erfc(-1.0) - 1.842_700_792_949_715).abs() < 1e-12);
    }

    #[test]
    fn chi_square_survival_matches_table_values() {
        // Critical values from the chi-square table: P(X >= x) = p.
        for (dof, x, p) in [
            (5, 0.554_3, 0.99),
            (5, 1.145_5, 0.95),
            (5, 4.351_46, 0.50),
            (5, 9.236_36, 0.10),
            (5, 11.070_50, 0.05),
            (5, 15.086_27, 0.01),
            (5, 20.515_01, 0.001),
            (1, 3.841_459, 0.05),
            (1, 6.634_897, 0.01),
            (3, 7.814_728, 0.05),
            (3, 11.344_87, 0.01),
        ] {
            let got = chi_square_sf(x, dof).unwrap();
            assert!(
                ((got - p) / p).abs() < 2e-4,
                "Q({x}; {dof}) = {got}, expected {p}"
            );
        }
        assert_eq!(chi_square_sf(0.0, 5), Some(1.0));
        assert!(chi_square_sf(400.0, 5).unwrap() < 1e-80);
        assert_eq!(chi_square_sf(1.0, 4), None);
        assert_eq!(chi_square_sf(-1.0, 5), None);
    }

    #[test]
    fn the_statistic_is_zero_for_equal_faces_and_grows_with_bias() {
        assert_eq!(chi_square_statistic(&[10; 6]), Some(0.0));
        assert_eq!(chi_square_statistic(&[0; 6]), None);
        // 60 dice, expected 10 each: (20-10)²/10 + 5·(8-10)²/10 = 10 + 2 = 12.
        let x = chi_square_statistic(&[20, 8, 8, 8, 8, 8]).unwrap();
        assert!((x - 12.0).abs() < 1e-12);
    }
}
