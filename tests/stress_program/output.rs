//! How `stress` reads a program's output: trailing ASCII spaces and tabs, CRLF or lone
//! CR line ends and trailing empty lines are accepted; any other trailing character
//! (a Unicode space, a vertical tab, a form feed) makes the line malformed, and the
//! report shows what differs escaped: a homoglyph by its code point, invalid UTF-8 by
//! its bytes.

use crate::common::{failure_report, stress};

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

/// Positive controls: what docs/stress.md promises passes.
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
    let actual = crate::common::section(&report, "actual output");
    assert!(actual.contains("\\xff"), "{report}");
}

/// `--json`: one JSON document on stdout, exit status as without it; the program's
/// output as a string, and its exact bytes in base64 when they are not UTF-8.
#[test]
fn json_is_one_document_with_the_output_bytes() {
    let out = stress(
        "marble",
        &["--seed", "4", "--rounds", "1", "--cases", "2", "--json"],
        "marble_suffix.py",
        &["ff", "0a", ""],
    )
    .assert()
    .code(1)
    .get_output()
    .clone();
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["ok"], false);
    assert_eq!(doc["verdict"], "malformed output");
    assert_eq!(doc["seed"], 4);
    let shrunk = &doc["failure"]["shrunk"];
    assert!(
        shrunk["actual"].as_str().unwrap().contains('\u{fffd}'),
        "{doc}"
    );
    let b64 = shrunk["actual_base64"].as_str().unwrap();
    assert!(b64 == "Qm9i/wo=" || b64 == "QWxpY2X/Cg==", "{doc}");
    assert!(
        shrunk["input"].as_str().unwrap().starts_with("1\n"),
        "{doc}"
    );
    let ok = crate::common::stress(
        "marble",
        &["--seed", "4", "--rounds", "2", "--json"],
        "marble_correct.py",
        &[],
    )
    .assert()
    .code(0)
    .get_output()
    .clone();
    let doc: serde_json::Value = serde_json::from_slice(&ok.stdout).unwrap();
    assert_eq!(
        (doc["ok"].clone(), doc["rounds_passed"].clone()),
        (true.into(), 2.into())
    );
    assert!(doc["failure"].is_null());
}
