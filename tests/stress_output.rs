//! How `stress` reads a program's output: trailing ASCII spaces and tabs, CRLF or lone
//! CR line ends and trailing empty lines are accepted; any other trailing character
//! (a Unicode space, a vertical tab, a form feed) makes the line malformed, and the
//! report shows what differs escaped: a homoglyph by its code point, invalid UTF-8 by
//! its bytes.

mod common;

use common::{failure_report, stress};

/// `stress marble` (2 cases, one round) on `marble_suffix.py SUFFIX END TRAILER`.
fn run(suffix: &str, end: &str, trailer: &str, extra: &[&str]) -> assert_cmd::Command {
    let mut args = vec![suffix, end, trailer];
    args.extend_from_slice(extra);
    stress(
        "marble",
        &["--seed", "4", "--rounds", "1", "--cases", "2"],
        "marble_suffix.py",
        &args,
    )
}

/// Positive controls: what the README promises passes.
#[test]
fn trailing_spaces_tabs_crlf_lone_cr_and_trailing_empty_lines_pass() {
    for (suffix, end, trailer) in [
        ("", "0a", ""),
        ("2020", "0a", ""),
        ("09", "0a", ""),
        ("2009", "0d0a", ""),
        ("", "0d", ""),
        ("20", "0d", "0d0d"),
        ("", "0a", "0a0a200a"),
        ("", "0d0a", "0d0a0d0a"),
    ] {
        run(suffix, end, trailer, &[])
            .assert()
            .code(0)
            .stdout(predicates::str::starts_with("ok: "));
    }
}

/// A line ending in any other space-like character is not an answer.
#[test]
fn a_line_ending_in_a_unicode_space_or_a_control_is_malformed() {
    for (suffix, shown) in [
        ("c2a0", "\\u{a0}"),
        ("e38080", "\\u{3000}"),
        ("e280a8", "\\u{2028}"),
        ("c285", "\\u{85}"),
        ("0b", "\\u{b}"),
        ("0c", "\\u{c}"),
    ] {
        let report = failure_report(run(suffix, "0a", "", &[]));
        assert!(
            report.starts_with("FAILED: malformed output in round 1 of 1"),
            "{suffix}: {report}"
        );
        assert!(
            report.contains("line 1 is not an answer: `") && report.contains(shown),
            "{suffix}: {report}"
        );
    }
}

/// A Cyrillic letter in `Аlice` and an invalid UTF-8 byte are shown escaped.
#[test]
fn homoglyphs_and_invalid_utf8_are_shown_escaped() {
    let report = failure_report(run("", "0a", "", &["homoglyphs"]));
    assert!(
        report.contains("line 1 is not an answer: `\\u{410}lice`")
            || report.contains("line 1 is not an answer: `B\\u{43e}b`"),
        "{report}"
    );
    let report = failure_report(run("ff", "0a", "", &[]));
    assert!(
        report.contains("lice\\xff`") || report.contains("Bob\\xff`"),
        "{report}"
    );
    let actual = common::section(&report, "actual output");
    assert!(actual.contains("\\xff"), "{report}");
}
