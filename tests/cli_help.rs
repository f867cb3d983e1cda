//! The CLI points to the fix: `rules`, `completions`, the `verify` table's width, usage
//! errors with a tip, the seed limit, and every limit the guides state, in the `--help`
//! of its command. Usage errors exit 2 with nothing on stdout.

mod common;

use common::{assert_usage_error, gamecheck};
use predicates::prelude::*;

const RULES: &str = include_str!("../docs/rules.md");

fn stdout_of(args: &[&str]) -> String {
    let out = gamecheck().args(args).assert().code(0).get_output().clone();
    String::from_utf8(out.stdout).unwrap()
}

fn stderr_of_usage_error(args: &[&str]) -> String {
    let out = assert_usage_error(args).get_output().clone();
    String::from_utf8(out.stderr).unwrap()
}

// --- rules -------------------------------------------------------------------------

#[test]
fn rules_prints_each_game_from_docs_rules_md() {
    for (game, heading, others) in [
        ("marble", "## Marble", ["## Paint", "## Sevens"]),
        ("paint", "## Paint", ["## Marble", "## Sevens"]),
        ("sevens", "## Sevens", ["## Marble", "## Paint"]),
    ] {
        let text = stdout_of(&["rules", game]);
        // the shared introduction (input text, line ends), then the game's section
        assert!(text.starts_with("# The games\n"), "{game}: {text}");
        assert!(text.contains("CRLF"), "{game}");
        let start = RULES.find(heading).unwrap();
        let section = &text[text.find(heading).unwrap()..];
        assert!(RULES[start..].starts_with(section.trim_end()), "{game}");
        for other in others {
            assert!(!text.contains(other), "{game} shows {other}");
        }
    }
    assert!(stdout_of(&["rules", "sevens"]).contains("A T J Q K"));
    assert!(stdout_of(&["rules", "marble"]).contains("falling (\\)"));
}

#[test]
fn rules_without_a_game_prints_the_whole_text() {
    assert_eq!(stdout_of(&["rules"]), RULES);
}

#[test]
fn rules_of_an_unknown_game_lists_the_games() {
    let err = stderr_of_usage_error(&["rules", "chess"]);
    assert!(err.contains("marble, paint, sevens"), "{err}");
}

/// The worked examples of docs/rules.md give the answers the text says.
#[test]
fn the_worked_examples_of_the_rules_hold() {
    let marble = "1\n*\n* *\n* * *\n. . * *\n* * *\n* *\n.\n";
    assert!(RULES.contains(marble.trim_start_matches("1\n").trim_end()));
    gamecheck()
        .args(["solve", "marble"])
        .write_stdin(marble)
        .assert()
        .code(0)
        .stdout("Alice\n");
    let paint = "2\n3 1\n1 2\n1 0\n";
    assert!(RULES.contains(paint));
    gamecheck()
        .args(["solve", "paint"])
        .write_stdin(paint)
        .assert()
        .code(0)
        .stdout("Case 1: Alice\nCase 2: Bob\n");
    assert!(RULES.contains("1\nS2 S4\n"));
    gamecheck()
        .args(["solve", "sevens", "--suits", "1", "--ranks", "4"])
        .write_stdin("1\nS2 S4\n")
        .assert()
        .code(0)
        .stdout("Bob\n");
    // all spades and hearts, ranks as letters and with CRLF line ends: a draw
    let letters = "SA S2 S3 S4 S5 S6 S7 S8 S9 ST SJ SQ SK HA H2 H3 H4 H5 H6 H7 H8 H9 HT HJ HQ HK";
    gamecheck()
        .args(["solve", "sevens"])
        .write_stdin(format!("1\r\n{letters}\r\n"))
        .assert()
        .code(0)
        .stdout("Draw\n");
}

/// The line families as drawn in docs/rules.md: two empty cells on one line of the
/// family (neighbours) are one move, so Alice fills both and wins; on no line they are
/// two moves and Bob wins. Reading order indices of the 4-diamond: row 2 is 3 4 5, row 3
/// is 6 7 8 9, row 4 is 10 11 12.
#[test]
fn the_line_families_are_the_drawn_ones() {
    fn position(empty: [usize; 2]) -> String {
        let mut s = String::from("1\n");
        let mut i = 0;
        for len in [1, 2, 3, 4, 3, 2, 1] {
            let row: Vec<&str> = (i..i + len)
                .map(|c| if empty.contains(&c) { "." } else { "*" })
                .collect();
            s.push_str(&row.join(" "));
            s.push('\n');
            i += len;
        }
        s
    }
    // (cells, the one family they share): a printed row; two printed rows apart in one
    // column of the centred drawing; down-left (/); down-right (\)
    let pairs = [
        ([6, 7], "horizontal"),
        ([3, 10], "vertical"),
        ([3, 6], "rising"),
        ([3, 7], "falling"),
    ];
    for (cells, family) in pairs {
        for other in ["horizontal", "vertical", "rising", "falling"] {
            let expected = if other == family { "Alice\n" } else { "Bob\n" };
            gamecheck()
                .args(["solve", "marble", "--lines", other])
                .write_stdin(position(cells))
                .assert()
                .code(0)
                .stdout(expected);
        }
    }
}

// --- completions ---------------------------------------------------------------------

#[test]
fn completions_are_written_for_bash_zsh_and_fish() {
    for (shell, marker) in [
        ("bash", "complete -F _gamecheck"),
        ("zsh", "#compdef gamecheck"),
        ("fish", "complete -c gamecheck"),
    ] {
        let script = stdout_of(&["completions", shell]);
        assert!(script.contains(marker), "{shell}: {script}");
        for word in ["solve", "verify", "stress", "rules", "wide", "marble"] {
            assert!(script.contains(word), "{shell} lacks {word}");
        }
    }
    let err = stderr_of_usage_error(&["completions", "tcsh"]);
    assert!(err.contains("bash"), "{err}");
    // the help shows where each shell's script goes, for this binary
    let help = stdout_of(&["completions", "--help"]);
    for line in [
        "gamecheck completions bash > ~/.local/share/bash-completion/completions/gamecheck",
        "gamecheck completions zsh > ~/.zfunc/_gamecheck",
        "gamecheck completions fish > ~/.config/fish/completions/gamecheck.fish",
    ] {
        assert!(help.contains(line), "{help}");
    }
}

// --- verify's table ----------------------------------------------------------------

#[test]
fn the_verify_table_fits_120_columns_and_wide_prints_details_whole() {
    let args = ["verify", "--game", "paint", "--cases", "10", "--seed", "1"];
    let fitted = stdout_of(&args);
    for line in fitted.lines() {
        assert!(line.chars().count() <= 120, "too wide: {line:?}");
    }
    // every game's rows, at the longest seed (the seed is on the summary line, not in a
    // row's rules: a 16-digit seed there made marble's random row 124 columns wide)
    for game in ["marble", "paint", "sevens", "octal"] {
        let seed = "9007199254740991";
        let text = stdout_of(&["verify", "--game", game, "--cases", "5", "--seed", seed]);
        for line in text.lines() {
            assert!(line.chars().count() <= 120, "{game}: too wide: {line:?}");
        }
        assert!(text.contains(&format!("seed {seed}: ")), "{text}");
    }
    let proof = "period 12, pre-period 71; proved: g(n+12) = g(n) for 71 ≤ n ≤ 156";
    assert!(fitted.contains(proof), "{fitted}");
    let mut wide_args = args.to_vec();
    wide_args.push("--wide");
    let wide = stdout_of(&wide_args);
    assert!(wide.lines().any(|l| l.chars().count() > 120));
    // --wide: one line per row, the detail whole at its end
    assert!(wide
        .lines()
        .any(|l| l.starts_with("paint") && l.contains(proof) && l.ends_with("by the oracle")));
    // --json is unchanged by the table's width
    let mut json_args = args.to_vec();
    json_args.push("--json");
    let json: serde_json::Value = serde_json::from_str(&stdout_of(&json_args)).unwrap();
    assert!(json["rows"].as_array().unwrap().iter().any(|r| r["detail"]
        .as_str()
        .unwrap_or("")
        .len()
        > 100));
}

// --- usage errors with a tip ---------------------------------------------------------

#[test]
fn verify_with_a_game_word_suggests_the_game_flag() {
    let err = stderr_of_usage_error(&["verify", "marble"]);
    assert!(err.contains("unexpected argument 'marble'"), "{err}");
    assert!(
        err.contains("tip: to choose the game, use `--game marble`"),
        "{err}"
    );
}

#[test]
fn stress_without_the_double_dash_suggests_it() {
    let err = stderr_of_usage_error(&["stress", "marble", "--seed", "3", "python3", "sol.py"]);
    assert!(
        err.contains("tip: put `--` before the program under test"),
        "{err}"
    );
    assert!(
        err.contains("gamecheck stress marble --seed 3 -- python3 sol.py"),
        "{err}"
    );
    let err = stderr_of_usage_error(&["stress", "paint", "--rounds", "2"]);
    assert!(
        err.contains("tip: give the program under test after `--`: gamecheck stress paint --rounds 2 -- PROGRAM"),
        "{err}"
    );
}

#[test]
fn out_of_range_rule_flags_are_named() {
    for (args, flag) in [
        (&["solve", "marble", "--side", "7"][..], "--side: side 7"),
        (&["solve", "marble", "--side", "0"][..], "--side: side 0"),
        (
            &["solve", "marble", "--side", "2", "--run", "3"][..],
            "--run: run length 3",
        ),
        (&["gen", "marble", "--side", "9"][..], "--side: side 9"),
        (&["solve", "sevens", "--suits", "5"][..], "--suits: 5 suits"),
        (
            &["solve", "sevens", "--ranks", "14"][..],
            "--ranks: 14 ranks",
        ),
        (
            &["solve", "sevens", "--start", "14"][..],
            "--start: start rank 14",
        ),
    ] {
        let err = common::usage_error_text(args);
        assert!(err.contains(flag), "{args:?}: {err}");
    }
}

#[test]
fn a_marble_input_of_another_side_names_the_side_that_fits() {
    let sample = include_str!("data/marble_sample.in");
    // side 4 positions read as side 3: symbols left over after the last position
    let err = common::solve_fails("marble", &["--side", "3"], sample);
    assert!(err.contains("after the last position"), "{err}");
    assert!(err.contains("try `--side 4`"), "{err}");
    // a 3-diamond read with the default side 4: the input ends inside a position
    let err = common::solve_fails("marble", &[], "1\n*\n* *\n* . *\n* *\n*\n");
    assert!(err.contains("ends inside the position"), "{err}");
    assert!(err.contains("try `--side 3`"), "{err}");
    // an input that fits no side gets no tip
    let err = common::solve_fails("marble", &[], "1\n* x\n");
    assert!(!err.contains("tip"), "{err}");
}

// --- seeds ---------------------------------------------------------------------------

#[test]
fn seeds_above_2_pow_53_minus_1_are_refused_naming_the_limit() {
    let too_big = "9007199254740992"; // 2^53
    for args in [
        &["verify", "--game", "paint", "--seed", too_big][..],
        &["verify", "--seed", "18446744073709551615"][..],
        &["verify", "--seed", "99999999999999999999999"][..],
        &["stress", "marble", "--seed", too_big, "--", "true"][..],
        &["stress", "paint", "--seed", too_big, "--", "true"][..],
        &["stress", "sevens", "--seed", too_big, "--", "true"][..],
    ] {
        let err = stderr_of_usage_error(args);
        assert!(err.contains("--seed"), "{args:?}: {err}");
        assert!(
            err.contains("2^53 − 1 = 9007199254740991"),
            "{args:?}: {err}"
        );
    }
    // the limit itself is a seed
    gamecheck()
        .args([
            "verify",
            "--game",
            "paint",
            "--cases",
            "0",
            "--seed",
            "9007199254740991",
        ])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("seed 9007199254740991"));
    // gen replays a stress round, whose seed is any 64-bit number
    gamecheck()
        .args([
            "gen",
            "paint",
            "--cases",
            "1",
            "--seed",
            "18446744073709551615",
        ])
        .assert()
        .code(0);
}

// --- found by a new user's trial -------------------------------------------------------

#[test]
fn an_unknown_game_lists_the_games_of_the_command() {
    let err = stderr_of_usage_error(&["solve", "kayles"]);
    assert!(err.contains("marble, paint, sevens, octal"), "{err}");
    let err = stderr_of_usage_error(&["period", "marble"]);
    assert!(
        err.contains("takes one of these games: paint, octal"),
        "{err}"
    );
}

#[test]
fn a_reader_that_stops_early_is_not_an_error() {
    // `gen … | head -1`: the pipe closes after the first line
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_gamecheck"))
        .args([
            "gen", "octal", "--code", ".77", "--cases", "100000", "--seed", "1",
        ])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 1];
    use std::io::Read as _;
    child.stdout.take().unwrap().read_exact(&mut first).unwrap(); // then drop: the pipe closes
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{out:?}");
    assert!(
        !String::from_utf8_lossy(&out.stderr).contains("error"),
        "{out:?}"
    );
}

#[test]
fn a_sevens_input_of_another_deck_names_the_decks_that_fit() {
    let err = common::solve_fails("sevens", &[], "1\nS1 S2\n");
    assert!(
        err.contains("`--suits 1 --ranks 4` or `--suits 2 --ranks 2`"),
        "{err}"
    );
}

#[test]
fn a_game_without_a_read_hint_gives_no_tip() {
    // paint and octal inputs have no other shape to suggest: the located error alone
    for (game, flags, input) in [
        ("paint", &[][..], "1\n3 x\n"),
        ("octal", &["--code", ".77"][..], "1\n1 x\n"),
    ] {
        let err = common::solve_fails(game, flags, input);
        assert!(err.contains("line 2"), "{game}: {err}");
        assert!(!err.contains("tip:"), "{game}: {err}");
    }
}

/// A negative number given to a numeric flag is that flag's bad value (named), not an
/// unknown argument; and `stress GAME --` with no program shows the shape once.
#[test]
fn negative_values_name_their_flag() {
    for (args, flag) in [
        (&["gen", "marble", "--cases", "-1"][..], "--cases"),
        (&["perft", "marble", "--depth", "-1"][..], "--depth"),
        (
            &["values", "octal", "--code", ".07", "--upto", "-1"][..],
            "--upto",
        ),
        (
            &["stress", "marble", "--timeout", "-1", "--", "true"][..],
            "--timeout",
        ),
    ] {
        let err = common::usage_error_text(args);
        assert!(err.contains(flag), "{args:?}: {err}");
        assert!(!err.contains("unexpected argument"), "{args:?}: {err}");
    }
    let err = common::usage_error_text(&["stress", "marble", "--"]);
    assert!(err.contains("gamecheck stress marble -- PROGRAM"), "{err}");
    assert!(!err.contains("-- --"), "{err}");
}

/// Text from the input shown in an error has its control characters escaped, so an
/// escape sequence in a bad input cannot reach the terminal.
#[test]
fn control_characters_of_the_input_are_escaped_in_errors() {
    for input in ["1\n****************\u{1b}[2J\n", "\u{1b}[2J\n"] {
        let err = common::solve_fails("marble", &[], input);
        assert!(!err.contains('\u{1b}'), "{err:?}");
        assert!(err.contains("\\u{1b}"), "{err:?}");
    }
}

/// `period` and `values` exist only for games with a Grundy part: for marble they are
/// clap's unknown subcommand, with the games that do have one named.
#[test]
fn period_and_values_list_only_games_with_a_grundy_part() {
    for cmd in ["period", "values"] {
        let err = common::usage_error_text(&[cmd, "marble"]);
        assert!(err.contains("unrecognized subcommand 'marble'"), "{err}");
        assert!(err.contains("paint, octal"), "{err}");
    }
}

/// A write error other than a closed pipe (a full disk) is reported, exit 2, not
/// swallowed as if the reader had gone away.
#[test]
fn a_full_disk_is_an_error() {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_gamecheck"))
        .args(["rules", "marble"])
        .stdout(full)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot write to stdout"));
}

// --- the oracle by its name ------------------------------------------------------------

#[test]
fn solver_oracle_is_the_naive_solver_of_every_game() {
    let inputs: [(&str, &[&str], &str); 4] = [
        ("marble", &[], "1\n*\n* *\n* . *\n* * . *\n* * *\n* *\n*\n"),
        ("paint", &[], "1\n3 1\n1 2\n"),
        ("sevens", &["--suits", "1", "--ranks", "6"], "1\nS1 S3 S5\n"),
        ("octal", &["--code", ".77"], "1\n2 3 4\n"),
    ];
    for (game, flags, input) in inputs {
        let run = |solver: &str| {
            let out = gamecheck()
                .args(["solve", game, "--solver", solver])
                .args(flags)
                .write_stdin(input)
                .output()
                .unwrap();
            assert_eq!(out.status.code(), Some(0), "{game} {solver}: {out:?}");
            String::from_utf8(out.stdout).unwrap()
        };
        assert_eq!(run("oracle"), run("naive"), "{game}");
    }
    let stdout =
        |args: &[&str]| String::from_utf8(gamecheck().args(args).output().unwrap().stdout).unwrap();
    assert_eq!(
        stdout(&["perft", "marble", "--depth", "3", "--solver", "oracle"]),
        stdout(&["perft", "marble", "--depth", "3", "--solver", "naive"])
    );
}

// --- a second new user's findings -------------------------------------------------------

#[test]
fn bad_seeds_and_shares_are_told_in_the_flags_terms() {
    for (args, want) in [
        (
            &["verify", "--seed", "-1"][..],
            "-1 is not a seed (an integer 0..=9007199254740991)",
        ),
        (
            &["gen", "marble", "--seed", "-1"][..],
            "-1 is not a seed (an integer 0..=18446744073709551615)",
        ),
        (&["gen", "marble", "--seed", "x"][..], "x is not a seed"),
        (
            &["gen", "sevens", "--draw-prone", "-0.1"][..],
            "--draw-prone -0.1 is outside 0..=1",
        ),
        (&["verify", "--json", "--wide"][..], "cannot be used with"),
    ] {
        let err = common::usage_error_text(args);
        assert!(err.contains(want), "{args:?}: {err}");
        // Rust's own parse messages stay out of them
        assert!(!err.contains("invalid digit"), "{args:?}: {err}");
    }
}

// --- limits in --help -------------------------------------------------------------

/// Every limit the guides (README.md, docs/) state for a command, as its `--help` must
/// say it: (the command, the words of the limit). A limit added to a guide goes here too.
const LIMITS: &[(&[&str], &[&str])] = &[
    // marble: the rule flags, side 6's generated positions, each solver's size
    (
        &["gen", "marble"],
        &["1..=6", "1..=side", "at most 20 empty cells"],
    ),
    (
        &["stress", "marble"],
        &["1..=6", "at most 20 empty cells", "at most 200"],
    ),
    (
        &["solve", "marble"],
        &[
            "at most 20 empty cells",
            "at most 22 empty cells",
            "at most 30 empty cells",
            "any position with --table",
        ],
    ),
    (&["table", "marble"], &["8 GiB"]),
    (&["count", "marble"], &["8 GiB"]),
    // paint
    (&["gen", "paint"], &["1..=10000"]),
    (&["stress", "paint"], &["1..=10000", "at most 74"]),
    (
        &["solve", "paint"],
        &[
            "20 unpainted cells",
            "24 unpainted cells",
            "100,000 columns",
            "2^64 − 1",
        ],
    ),
    (&["perft", "paint"], &["1..=32"]),
    (
        &["perft", "marble"],
        &["--compare", "2^22 = 4,194,304 positions", "2^28 moves"],
    ),
    (&["count", "paint"], &["1..=10"]),
    (
        &["count", "octal"],
        &["2^20 moves", "16384 = 16 GiB", "1..=1048576"],
    ),
    // sevens: the deck, the deals of an input, the oracle's decks
    (
        &["gen", "sevens"],
        &["1..=4", "1..=13", "1..=R", "must be even"],
    ),
    (&["stress", "sevens"], &["must be even", "at most 100"]),
    (&["solve", "sevens"], &["must be even", "up to 24 cards"]),
    // octal: the code, the table, the heaps, the oracle
    (
        &["stress", "octal"],
        &[
            "at most 16 digits",
            "at most 1,000,000",
            "1..=1000",
            "1..=10^18",
            "stay below the table",
            "at most 1000",
        ],
    ),
    (
        &["solve", "octal"],
        &["30 tokens", "up to 10^18", "below --max-n"],
    ),
    (
        &["perft", "octal"],
        &["1..=10^18", "2^22 = 4,194,304", "2^20 moves"],
    ),
    (&["period", "octal"], &["1..=2^32", "more than an hour"]),
    (&["values", "octal"], &["0..=2^32", "more than an hour"]),
    // every game's stress: rounds, jobs, seed, output, re-runs and repeats
    (
        &["stress", "octal"],
        &[
            "1..=1,000,000",
            "1..=256",
            "2^53 − 1",
            "16 MiB",
            "0..=100",
            "1..=1000",
        ],
    ),
    (&["verify"], &["2^53 − 1", "at most 10,000,000"]),
    (&["gen", "paint"], &["at most 1,000,000"]),
];

#[test]
fn every_limit_the_guides_state_is_in_the_help_of_its_command() {
    let mut missing = Vec::new();
    for (command, limits) in LIMITS {
        let help = stdout_of(&[command, &["--help"][..]].concat());
        for limit in *limits {
            if !help.contains(limit) {
                missing.push(format!(
                    "`gamecheck {} --help` lacks {limit:?}",
                    command.join(" ")
                ));
            }
        }
    }
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}

// --- progress off a terminal -----------------------------------------------------------

/// Off a terminal (the tests' stderr is a pipe), `verify` says each row as it finishes
/// on stderr, one plain line with its game, rules, solver and counts (the JSON's rows,
/// in order); `--progress none` says nothing, and `--progress bar` draws nothing there.
#[test]
fn verify_says_each_finished_row_off_a_terminal() {
    let args = [
        "verify", "--game", "paint", "--cases", "5", "--seed", "1", "--json",
    ];
    let out = gamecheck().args(args).output().unwrap();
    assert!(out.status.success());
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let rows = json["rows"].as_array().unwrap();
    let said: Vec<String> = String::from_utf8(out.stderr)
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    assert_eq!(said.len(), rows.len(), "{said:?}");
    for (line, row) in said.iter().zip(rows) {
        let want = format!(
            "gamecheck verify paint: {}: {} {} checked, 0 mismatches, ",
            row["rules"].as_str().unwrap(),
            row["solver"].as_str().unwrap(),
            row["checked"]
        );
        assert!(line.starts_with(&want), "{line:?} is not {want:?}…");
    }
    for quiet in ["none", "bar"] {
        let mut with = args.to_vec();
        with.extend(["--progress", quiet]);
        gamecheck().args(&with).assert().code(0).stderr("");
    }
    let mut plain = args.to_vec();
    plain.extend(["--progress", "plain"]);
    let again = gamecheck().args(&plain).output().unwrap();
    let untimed = |lines: Vec<String>| -> Vec<String> {
        let cut = |l: &String| l[..l.rfind(", ").unwrap()].to_string();
        lines.iter().map(cut).collect()
    };
    let again: Vec<String> = String::from_utf8(again.stderr)
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    assert_eq!(untimed(again), untimed(said));
}

/// Off a terminal, `stress` says each round that passed; `--progress none` does not.
#[test]
fn stress_says_each_finished_round_off_a_terminal() {
    let program = format!(
        "{}/tests/programs/marble_correct.py",
        env!("CARGO_MANIFEST_DIR")
    );
    let run = |progress: Option<&str>| {
        let mut args = vec!["stress", "marble", "--seed", "5", "--rounds", "3"];
        if let Some(p) = progress {
            args.extend(["--progress", p]);
        }
        args.extend(["--", "python3", &program]);
        let out = gamecheck().args(&args).output().unwrap();
        assert!(out.status.success(), "{out:?}");
        String::from_utf8(out.stderr).unwrap()
    };
    let said = run(None);
    let rounds: Vec<&str> = said.lines().filter(|l| l.contains(" passed (")).collect();
    assert_eq!(
        rounds,
        [
            "gamecheck stress: round 1 of 3 passed (1 case)",
            "gamecheck stress: round 2 of 3 passed (50 cases)",
            "gamecheck stress: round 3 of 3 passed (50 cases)",
        ],
        "{said}"
    );
    assert_eq!(run(Some("plain")), said);
    assert_eq!(run(Some("none")), "gamecheck stress: seed 5\n");
}
