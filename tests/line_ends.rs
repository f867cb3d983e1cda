//! Every game's input accepts LF, CRLF and a lone CR as line ends (games.md), checked
//! on each sample: the same answers whatever the line ends.

mod common;

use common::gamecheck;

fn check(game: &str, sample: &str) {
    let dir = env!("CARGO_MANIFEST_DIR");
    let input = std::fs::read_to_string(format!("{dir}/tests/data/{sample}.in")).unwrap();
    let expected = std::fs::read_to_string(format!("{dir}/tests/data/{sample}.out")).unwrap();
    let lf = input.replace("\r\n", "\n");
    for (name, text) in [
        ("LF", lf.clone()),
        ("CRLF", lf.replace('\n', "\r\n")),
        ("lone CR", lf.replace('\n', "\r")),
    ] {
        let out = gamecheck()
            .args(["solve", game])
            .write_stdin(text)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{game} with {name} line ends: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(
            String::from_utf8(out.stdout).unwrap(),
            expected,
            "{game}, {name}"
        );
    }
}

#[test]
fn marble_accepts_every_line_end() {
    check("marble", "marble_sample");
}

#[test]
fn paint_accepts_every_line_end() {
    check("paint", "paint_sample");
}

#[test]
fn sevens_accepts_every_line_end() {
    check("sevens", "sevens_sample");
}
