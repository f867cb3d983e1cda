//! Tables certify themselves: walking every position of a solved table, a win has a move
//! to a loss, a loss has only moves to wins, and the full board has the end rule's value.

use gamecheck_games::marble::props::side5_rule_sets;
use gamecheck_games::marble::table::Table;
use gamecheck_games::marble::{Line, LineSet, Play, Rules};

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
    let mut words: Vec<u64> = (0..1024u64)
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

/// The table of the other end rule, read under these rules: every position but the full
/// board keeps the same moves and values, so certification must fail at the full board
/// and say so — for every rule set of sides 1–4 and both end rules.
#[test]
fn the_other_end_rules_table_fails_at_the_full_board_and_names_it() {
    let words_of = |t: &Table, cells: u32| -> Vec<u64> {
        let lo_bits = cells.min(6);
        (0..1u64 << (cells - lo_bits))
            .map(|hi| {
                (0..1u64 << lo_bits).fold(0u64, |w, lo| {
                    w | u64::from(t.wins_square(hi << lo_bits | lo)) << lo
                })
            })
            .collect()
    };
    for side in 1..=4usize {
        for run in 1..=side {
            for bits in 1..=15u8 {
                let lines = LineSet::from_bits(bits).unwrap();
                for (play, other) in [(Play::Normal, Play::Misere), (Play::Misere, Play::Normal)] {
                    let rules = Rules::new(side, Some(run), lines, play).unwrap();
                    let theirs = Rules::new(side, Some(run), lines, other).unwrap();
                    let table = Table::build(&theirs);
                    assert_eq!(table.positions(), 1 << (side * side));
                    let cells = (side * side) as u32;
                    let read_here = Table::from_words(&rules, words_of(&table, cells));
                    let e = read_here.certify().unwrap_err();
                    assert!(e.contains("full board"), "{rules}: {e}");
                    assert!(Table::build(&rules).certify().is_ok());
                }
            }
        }
    }
}
