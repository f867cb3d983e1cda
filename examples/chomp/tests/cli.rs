//! The command line of a one-game binary, as `gamecheck::cli::Cli` builds it: the game's
//! name may be left out, commands the game does not have do not exist, and messages name
//! the binary, not gamecheck.

use assert_cmd::Command;

fn chomp() -> Command {
    Command::cargo_bin("chomp").unwrap()
}

fn stdout(cmd: &mut Command) -> String {
    let out = cmd.output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn the_game_name_may_be_left_out() {
    let input = "2\n#.\n##\n\n#.\n#.\n";
    for args in [
        &["solve", "--width", "2", "--height", "2"][..],
        &["solve", "chomp", "--width", "2", "--height", "2"],
    ] {
        assert_eq!(
            stdout(chomp().args(args).write_stdin(input)),
            "Bob\nAlice\n",
            "{args:?}"
        );
    }
    let with = stdout(chomp().args(["gen", "chomp", "--seed", "5"]));
    assert_eq!(stdout(chomp().args(["gen", "--seed", "5"])), with);
}

#[test]
fn only_the_games_commands_are_listed() {
    let help = stdout(chomp().arg("--help"));
    assert!(help.starts_with("Chomp on a W x H rectangle"), "{help}");
    for shown in [
        "solve", "verify", "gen", "stress", "rules", "perft", "count", "merge",
    ] {
        assert!(
            help.contains(&format!("\n  {shown} ")),
            "{shown} missing:\n{help}"
        );
    }
    for hidden in ["period", "values", "table"] {
        assert!(
            !help.contains(&format!("\n  {hidden} ")),
            "{hidden} listed:\n{help}"
        );
    }
    assert!(help.contains("Usage: chomp <COMMAND>"), "{help}");
}

#[test]
fn messages_name_the_binary() {
    let out = chomp()
        .args([
            "stress", "--seed", "1", "--rounds", "3", "--", "sh", "-c", "echo Bob",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout) + String::from_utf8_lossy(&out.stderr);
    assert!(
        text.contains("replay the round's input: chomp gen --width 4 --height 3"),
        "{text}"
    );
    assert!(!text.contains("gamecheck"), "{text}");
    assert!(!text.contains("gen chomp"), "{text}");
}

/// The one game of the binary is named once: in every command's usage line (with or
/// without the game's name typed), and in the tip for a program given without `--`.
#[test]
fn a_single_game_binary_names_its_game_once() {
    for command in ["solve", "gen", "stress", "perft", "count"] {
        for args in [vec![command, "--help"], vec![command, "chomp", "--help"]] {
            let help = stdout(chomp().args(&args));
            assert!(
                help.contains(&format!("Usage: chomp {command} [")),
                "{help}"
            );
            assert!(!help.contains(&format!("{command} chomp")), "{help}");
        }
    }
    let out = chomp()
        .args(["stress", "--seed", "1", "python3", "x.py"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("put `--` before the program under test and its arguments: chomp stress --seed 1 -- python3 x.py"),
        "{err}"
    );
    assert!(
        err.contains("Usage: chomp stress [OPTIONS] -- <PROGRAM"),
        "{err}"
    );
}

#[test]
fn perft_counts_from_the_full_board() {
    // 2 x 2: three first moves; after (1, 2) or (2, 1) a row or column of two (one move
    // each), after (2, 2) the L of three (two moves): 1 + 1 + 2 = 4 lines of two moves
    let fast = stdout(chomp().args(["perft", "--width", "2", "--height", "2", "--depth", "2"]));
    assert_eq!(fast, "total: 4\n");
    let naive = stdout(chomp().args([
        "perft", "--width", "2", "--height", "2", "--depth", "2", "--solver", "naive",
    ]));
    assert_eq!(naive, fast);
}

/// A game of one's own gets shards through the library: `perft --shard` and `verify
/// --shard` in the binary's name, and `merge` printing what one run prints (perft's
/// total; verify's summary line and signature).
#[test]
fn shards_of_a_perft_and_a_verify_merge_to_one_run() {
    let dir = std::env::temp_dir().join(format!("chomp-shards-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let run = |args: &[&str], name: &str, n: u32| -> Vec<std::path::PathBuf> {
        (0..n)
            .map(|k| {
                let shard = format!("{k}/{n}");
                let mut a = args.to_vec();
                a.extend(["--shard", &shard]);
                let path = dir.join(format!("{name}-{k}.json"));
                std::fs::write(&path, stdout(chomp().args(&a))).unwrap();
                path
            })
            .collect()
    };
    let perft = [
        "perft", "--width", "5", "--height", "4", "--depth", "6", "--divide",
    ];
    let files = run(&perft, "perft", 3);
    let file: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&files[0]).unwrap()).unwrap();
    assert_eq!(
        (&file["plan"]["program"], &file["plan"]["game"]),
        (&"chomp".into(), &"chomp".into())
    );
    assert_eq!(
        stdout(chomp().arg("merge").args(&files)),
        stdout(chomp().args(perft))
    );
    let verify = [
        "verify",
        "--seed",
        "3",
        "--cases",
        "40",
        "--progress",
        "none",
    ];
    let files = run(&verify, "verify", 2);
    let merged = stdout(chomp().arg("merge").args(&files));
    let whole = stdout(chomp().args(verify));
    let tail = |t: &str| {
        t.lines()
            .rev()
            .take(2)
            .map(String::from)
            .collect::<Vec<_>>()
    };
    assert_eq!(tail(&merged), tail(&whole));
    assert!(whole.contains("\nseed 3: "), "{whole}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `perft --compare` on a game from moves: both generators' moves, each applied, agree
/// at every position to depth 4, and both totals are printed.
#[test]
fn perft_compare_finds_no_difference() {
    let out = stdout(chomp().args([
        "perft",
        "--width",
        "3",
        "--height",
        "3",
        "--depth",
        "4",
        "--compare",
    ]));
    assert!(out.starts_with("no difference: "), "{out}");
    let total = stdout(chomp().args(["perft", "--width", "3", "--height", "3", "--depth", "4"]));
    let n = total.trim().strip_prefix("total: ").unwrap();
    assert!(
        out.ends_with(&format!("\nfast perft(4): {n}\noracle perft(4): {n}\n")),
        "{out}"
    );
}

/// A command the game does not have does not exist in its binary (not even hidden, to
/// print its help and exit 2): clap's "unrecognized subcommand", exit 2, and the game's
/// name is not handed to it (which would turn the error into one about an unexpected
/// `chomp`).
#[test]
fn a_command_the_game_lacks_does_not_exist() {
    for lacking in ["period", "values", "table"] {
        let out = chomp().args([lacking, "--help"]).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{lacking}");
        assert!(out.stdout.is_empty(), "{lacking}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains(&format!("unrecognized subcommand '{lacking}'")),
            "{err}"
        );
        assert!(!err.contains(&format!("Usage: chomp {lacking}")), "{err}");
        assert!(!err.contains("unexpected argument"), "{err}");
    }
}

/// `gen` does not write an input the game's own reader refuses (chomp's format allows
/// T ≤ 1,000): a usage error that says why, and nothing on stdout.
#[test]
fn gen_refuses_an_input_its_reader_would_refuse() {
    let out = chomp()
        .args(["gen", "--cases", "1001", "--seed", "1"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("--cases 1001") && err.contains("T (1..=1000)"),
        "{err}"
    );
    let full = stdout(chomp().args(["gen", "--cases", "1000", "--seed", "1"]));
    assert!(full.starts_with("1000\n"));
}

/// The tutorial (`docs/your-own-game.md`, sections 7 and 8) shows `verify` green and
/// `stress` catching the page's own `wrong.py`: both run here, on the program as the page
/// prints it, and every line the page shows for the stress run must be in the report
/// (but the one with its times). `scripts/readme_commands.py` leaves these two commands
/// to this test, which CI runs with the workspace's tests: through `cargo run` it would
/// build the example once more.
#[test]
fn the_tutorials_verify_and_stress_print_what_the_page_shows() {
    let page = include_str!("../../../docs/your-own-game.md");
    let after = |mark: &str| &page[page.find(mark).unwrap_or_else(|| panic!("{mark}"))..];
    let program = after("<!-- file: wrong.py -->\n```python\n")
        ["<!-- file: wrong.py -->\n```python\n".len()..]
        .split("\n```")
        .next()
        .unwrap();
    let shown: Vec<&str> = after("$ cargo run --release -p chomp -- stress --seed 1")
        .lines()
        .skip(1)
        .take_while(|l| !l.starts_with("$ echo $?"))
        .filter(|l| !l.is_empty() && !l.contains("runs of the program"))
        .collect();
    assert!(shown.len() > 10, "{shown:?}");

    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("tutorial");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("wrong.py"), format!("{program}\n")).unwrap();
    let out = chomp()
        .current_dir(&dir)
        .args(["stress", "--seed", "1", "--", "python3", "wrong.py"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let report = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    for line in shown {
        assert!(
            report.contains(line),
            "the page shows {line:?}; the run printed:\n{report}"
        );
    }

    let verify = stdout(chomp().args(["verify", "--seed", "1"]));
    assert!(verify.contains("0 mismatches, all agree"), "{verify}");
}

#[test]
fn solve_json_has_each_case_answer_and_value() {
    let input = "2\n#.\n##\n\n#.\n#.\n";
    let out = stdout(
        chomp()
            .args(["solve", "--width", "2", "--height", "2", "--json"])
            .write_stdin(input),
    );
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(doc["game"], "chomp");
    assert_eq!(doc["solver"], "memo");
    assert_eq!(doc["output"], "Bob\nAlice\n");
    let cases: Vec<_> = doc["cases"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["case"].as_u64().unwrap(),
                c["answer"].as_str().unwrap(),
                c["value"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        cases,
        [
            (1, "Bob", "loss (P-position)"),
            (2, "Alice", "win (N-position)")
        ]
    );
    // a bad input: the located error, nothing on stdout
    let bad = chomp()
        .args(["solve", "--width", "2", "--height", "2", "--json"])
        .write_stdin("1\n#x\n##\n")
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert!(bad.stdout.is_empty());
    let err = String::from_utf8_lossy(&bad.stderr);
    assert!(err.contains("line 2"), "{err}");
}

/// A failure names its rule set and, in brackets, the flags that select it, so the
/// block can be replayed: `4x3 [--width 4 --height 3]`.
#[test]
fn a_failure_names_its_rules_with_their_flags() {
    use gamecheck::harness::describe_failure;
    use gamecheck::outcome::Value;
    let rules = chomp::Rules {
        width: 4,
        height: 3,
    };
    let board = chomp::board::Board::full(4, 3);
    let f =
        describe_failure::<chomp::Chomp>(&rules, &board, "memo", Ok(Value::Win), Ok(Value::Loss));
    assert_eq!(f.rules, "4x3 [--width 4 --height 3]");
    // the oracle's best move (the default `Game::best_move`): its first move after which
    // the player to move loses, as the fast solver sees it
    use gamecheck::game::Game;
    let mut memo = chomp::Chomp::solver(&rules, chomp::Variant::Memo);
    let winning = chomp::Chomp::oracle_moves(&(), &board)
        .into_iter()
        .find(|mv| {
            let next = chomp::Chomp::apply(&rules, &board, mv).unwrap();
            memo.solve(&next) == Ok(Value::Loss)
        })
        .expect("a rectangle is a first-player win");
    assert_eq!(f.best_move, Some(winning.to_string()));
}

/// `SimpleContest::check_rules` refuses a rectangle outside 1..=12 on every command that
/// takes the rules (exit 2, the flags named), and a rectangle inside is used as given.
#[test]
fn rule_flags_outside_their_range_are_refused() {
    for cmd in [&["solve"][..], &["gen", "--seed", "1"]] {
        for flags in [["--width", "13"], ["--height", "0"]] {
            let out = chomp().args(cmd).args(flags).output().unwrap();
            assert_eq!(out.status.code(), Some(2), "{cmd:?} {flags:?}");
            let err = String::from_utf8_lossy(&out.stderr);
            assert!(err.contains("--width and --height are 1..=12"), "{err}");
        }
    }
    let input = stdout(chomp().args(["gen", "--width", "12", "--height", "1", "--cases", "1"]));
    assert!(
        input.lines().nth(1).is_some_and(|l| l.len() == 12),
        "{input}"
    );
}

/// The library's help texts are the binary's own: the help of every command the binary
/// lists names neither gamecheck nor a game gamecheck ships (the game's own texts, such
/// as the binary's about line, may say what they like).
#[test]
fn no_help_names_gamecheck_or_its_games() {
    let help = stdout(chomp().arg("--help"));
    let commands: Vec<&str> = help
        .split("Commands:\n")
        .nth(1)
        .unwrap()
        .lines()
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|&c| c != "help")
        .collect();
    assert!(commands.len() >= 7, "{commands:?}");
    for command in commands {
        let text = stdout(chomp().args([command, "--help"]));
        for word in ["gamecheck", "marble", "paint", "sevens", "octal", "Kayles"] {
            assert!(
                !text.to_lowercase().contains(&word.to_lowercase()),
                "`chomp {command} --help` names {word}:\n{text}"
            );
        }
    }
}

/// `count` comes with `perft`, with no code of the game's: the tree from the full board
/// against a walk of every line of the test's own (heights, a cell and everything above
/// and to the right of it taken), per depth; every board (heights never growing to the
/// right, the poisoned cell left) is reached, C(W + H, H) − 1 of them, and the poisoned
/// cell alone is the one terminal position.
#[test]
fn count_matches_a_walk_of_every_line() {
    use std::collections::{BTreeMap, HashSet};
    type Layers = BTreeMap<usize, (HashSet<Vec<usize>>, u128, u128)>;
    fn walk(heights: Vec<usize>, d: usize, at: &mut Layers) {
        let e = at.entry(d).or_default();
        e.0.insert(heights.clone());
        e.1 += 1;
        let moves: Vec<(usize, usize)> = (0..heights.len())
            .flat_map(|x| (0..heights[x]).map(move |y| (x, y)))
            .filter(|&m| m != (0, 0))
            .collect();
        if moves.is_empty() {
            e.2 += 1;
        }
        for (x, y) in moves {
            let next = (0..heights.len())
                .map(|c| {
                    if c >= x {
                        heights[c].min(y)
                    } else {
                        heights[c]
                    }
                })
                .collect();
            walk(next, d + 1, at);
        }
    }
    let binomial = |n: u64, k: u64| (1..=k).fold(1, |b, i| b * (n + 1 - i) / i);
    for (w, h) in [(1, 1), (2, 1), (1, 3), (2, 2), (3, 2), (3, 3), (4, 3)] {
        let mut at = Layers::new();
        walk(vec![h; w], 0, &mut at);
        let (ws, hs) = (w.to_string(), h.to_string());
        let text = stdout(chomp().args(["count", "--width", &ws, "--height", &hs]));
        let mut want = String::from("depth positions terminal sequences games\n");
        let mut all = HashSet::new();
        let (mut seqs, mut games) = (0, 0);
        for (d, (set, s, g)) in at {
            let terminal =
                u64::from(set.contains(&[1].into_iter().chain(vec![0; w - 1]).collect::<Vec<_>>()));
            want.push_str(&format!("{d} {} {terminal} {s} {g}\n", set.len()));
            all.extend(set);
            (seqs, games) = (seqs + s, games + g);
        }
        let positions = binomial((w + h) as u64, h as u64) - 1;
        assert_eq!(all.len() as u64, positions, "{w}x{h}");
        want.push_str(&format!("total {positions} 1 {seqs} {games}\n"));
        assert_eq!(text, want, "{w}x{h}");
    }
}

/// Off a terminal (the test's stderr is a pipe), `verify` says each row as it finishes,
/// in the binary's name, with the game and its rules.
#[test]
fn verify_says_each_finished_row_in_the_binarys_name() {
    let out = chomp()
        .args(["verify", "--cases", "20", "--seed", "1"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    let lines: Vec<&str> = err.lines().collect();
    assert!(lines.len() >= 3, "{err}");
    for line in lines {
        assert!(line.starts_with("chomp verify: "), "{line}");
        assert!(line.contains(" checked, 0 mismatches, "), "{line}");
    }
    assert!(
        err.contains("chomp verify: 7x7, random: memo 20 checked"),
        "{err}"
    );
}

/// `gen` with a seed says nothing on stderr when every case is within the oracle's reach
/// (it says how many are not, when some are: `ContestGame::beyond_oracle`).
#[test]
fn gen_within_the_oracle_says_nothing_on_stderr() {
    let out = chomp()
        .args(["gen", "--seed", "5", "--cases", "20"])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(String::from_utf8(out.stderr).unwrap(), "");
}

/// A board the reader refuses is located on its own lines: the poisoned cell taken on
/// the board's bottom row, an input that ends inside a board on the line after the last.
#[test]
fn bad_boards_are_located_on_their_own_lines() {
    let refused = |input: &str| {
        let out = chomp()
            .args(["solve", "--width", "2", "--height", "2"])
            .write_stdin(input)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{input}");
        String::from_utf8(out.stderr).unwrap()
    };
    let taken = refused("2\n##\n##\n\n..\n..\n");
    assert!(
        taken.contains("line 6, column 1 (board 2): the poisoned"),
        "{taken}"
    );
    let short = refused("1\n#.\n");
    assert!(
        short.contains("line 3, column 1 (board 1): the input ends"),
        "{short}"
    );
}
