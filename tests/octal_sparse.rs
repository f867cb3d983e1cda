//! The `sparse` solver against the plain recurrence (`grundy`'s table, O(n²)): every
//! value `g(0..=20,000)` of every code with one or two digits after the point and of a
//! seeded sample of three-digit codes, each rare list certified; a property over random
//! codes, lengths and planted masks; and, outside CI (`--ignored`), 200,000 values of a
//! few codes.

use gamecheck_games::octal::game::{sample_three_digit_codes, short_codes};
use gamecheck_games::octal::grundy::table;
use gamecheck_games::octal::sparse::{Mask, SparseG};
use gamecheck_games::octal::Code;
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;

/// Values compared per code in CI: `g(0..=20,000)`.
const CI_LEN: usize = 20_001;

fn compare(code: Code, len: usize) {
    let want = table(&code, len);
    let mut s = SparseG::new(code);
    s.extend_to(len);
    if let Some(n) = (0..len).find(|&n| s.get(n) != want[n]) {
        panic!("{code}: sparse g({n}) = {}, grundy {}", s.get(n), want[n]);
    }
    s.certify().unwrap_or_else(|e| panic!("{e}"));
}

/// The short codes whose first digit is in `first` (split so the test threads share
/// the work).
fn short_codes_from(first: std::ops::RangeInclusive<char>) -> Vec<Code> {
    short_codes()
        .into_iter()
        .filter(|c| first.contains(&c.to_string().chars().nth(1).unwrap()))
        .collect()
}

#[test]
fn equals_grundy_to_20000_for_codes_from_1_to_3() {
    short_codes_from('0'..='3')
        .into_iter()
        .for_each(|c| compare(c, CI_LEN));
}

#[test]
fn equals_grundy_to_20000_for_codes_from_4_to_5() {
    short_codes_from('4'..='5')
        .into_iter()
        .for_each(|c| compare(c, CI_LEN));
}

#[test]
fn equals_grundy_to_20000_for_codes_from_6_to_7() {
    short_codes_from('6'..='7')
        .into_iter()
        .for_each(|c| compare(c, CI_LEN));
}

#[test]
fn the_three_groups_cover_every_short_code() {
    let n = short_codes_from('0'..='3').len()
        + short_codes_from('4'..='5').len()
        + short_codes_from('6'..='7').len();
    assert_eq!(n, short_codes().len());
}

#[test]
fn equals_grundy_to_20000_for_sampled_three_digit_codes() {
    let mut rng = gamecheck::rng::from_seed(2025);
    for code in sample_three_digit_codes(&mut rng, 6) {
        compare(code, CI_LEN);
    }
}

/// Outside CI (about a minute of CPU a code): 200,000 values of `.16`, `.127`, `.356`
/// and `.106`.
#[test]
#[ignore]
fn equals_grundy_to_200000_for_a_few_codes() {
    for code in [".16", ".127", ".356", ".106"] {
        compare(code.parse().unwrap(), 200_000);
    }
}

fn any_code() -> impl Strategy<Value = Code> {
    (1..=3usize)
        .prop_flat_map(|t| (proptest::collection::vec(0..=7u8, t - 1), 1..=7u8))
        .prop_map(|(mut d, last)| {
            d.push(last);
            Code::from_digits(&d).unwrap()
        })
}

proptest! {
    #![proptest_config(ProptestConfig {
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "proptest-regressions/octal_sparse.txt",
        ))),
        ..ProptestConfig::default()
    })]

    /// Any code of up to three digits, any length up to 2,500, the mask chosen by the
    /// solver or planted (any value bits, either rare class, the parity bit where the
    /// code allows it): the values are `grundy`'s and the rare list certifies.
    #[test]
    fn sparse_equals_grundy(
        code in any_code(),
        len in 1..2_500usize,
        planted in proptest::option::of((0u32..256, any::<bool>(), 0u8..=1)),
    ) {
        let mut s = match planted {
            None => SparseG::new(code),
            Some((values, heap_parity, rare_class)) => {
                let mask = Mask { values, heap_parity, rare_class };
                match SparseG::with_mask(code, mask) {
                    Ok(s) => s,
                    Err(_) => SparseG::new(code),
                }
            }
        };
        s.extend_to(len);
        let want = table(&code, len);
        prop_assert_eq!(s.values().to_vec(), want);
        s.certify().map_err(TestCaseError::fail)?;
    }
}
