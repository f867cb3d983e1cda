//! Tables certify themselves: walking every position of a solved table, a win has a move
//! to a loss, a loss has only moves to wins, and the full board has the end rule's value.

use gamecheck::marble::props::side5_rule_sets;
use gamecheck::marble::table::Table;
use gamecheck::marble::{Line, LineSet, Play, Rules};

#[test]
fn every_side_under_the_standard_lines() {
    for side in 1..=4 {
        let rules = Rules::new(side, None, LineSet::ALL, Play::Normal).unwrap();
        Table::build(&rules).certify().unwrap();
    }
}

#[test]
fn the_standard_five_diamond() {
    Table::build(&side5_rule_sets()[0]).certify().unwrap();
}

#[test]
fn a_sample_of_variants_misere_included() {
    let mut sample = vec![
        Rules::new(4, Some(1), LineSet::ALL, Play::Misere).unwrap(),
        Rules::new(
            4,
            Some(4),
            LineSet::new(&[Line::Horizontal, Line::Vertical]).unwrap(),
            Play::Normal,
        )
        .unwrap(),
        Rules::new(
            4,
            Some(2),
            LineSet::new(&[Line::Rising]).unwrap(),
            Play::Misere,
        )
        .unwrap(),
        Rules::new(
            3,
            Some(3),
            LineSet::new(&[Line::Falling, Line::Vertical]).unwrap(),
            Play::Misere,
        )
        .unwrap(),
        Rules::new(
            2,
            Some(2),
            LineSet::new(&[Line::Horizontal]).unwrap(),
            Play::Normal,
        )
        .unwrap(),
        Rules::new(1, None, LineSet::ALL, Play::Misere).unwrap(),
    ];
    sample.push(side5_rule_sets()[1]);
    for rules in sample {
        Table::build(&rules)
            .certify()
            .unwrap_or_else(|e| panic!("{rules}: {e}"));
    }
}

/// The certificate is not a formality: a table with one bit flipped fails it.
#[test]
fn a_corrupted_table_fails_certification() {
    let rules = Rules::standard();
    let good = Table::build(&rules);
    let mut words: Vec<u64> = (0..1024)
        .map(|hi| {
            (0..64).fold(0u64, |w, lo| {
                w | u64::from(good.wins_square(hi << 6 | lo)) << lo
            })
        })
        .collect();
    words[17] ^= 1 << 5;
    let bad = Table::from_words(&rules, words);
    assert!(bad.certify().is_err());
}
