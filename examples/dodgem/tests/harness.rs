//! Dodgem through the harness: the rules' example answered as documented, the solvers
//! agreeing under proptest, `verify` green, the published results, a planted remoteness
//! bug caught by `verify` and shrunk (and passing when remoteness is not compared), a
//! contestant who plays by the wrong convention caught by `stress`, the fuzz body on
//! stable, the board's symmetry, and `count` on a game that goes round.

use assert_cmd::Command;
use dodgem::board::{self, Position};
use dodgem::game::{every_position, Drive, PUBLISHED};
use dodgem::table::{Geometry, Table};
use dodgem::{Dodgem, Rules, Variant};
use gamecheck::game::{solve_cases, Game};
use gamecheck::harness::laws::{instances, solvers_agree, solvers_agree_bytes};
use gamecheck::harness::props::random_inputs;
use gamecheck::harness::{self, ProgressMode, Report};
use gamecheck::prelude::*;
use gamecheck::stress::{program_of, stress, ContestGame, StressOptions};
use proptest::prelude::*;

proptest! {
    /// The table agrees with the oracle, remoteness included, on random boards of side 2
    /// and 3 with either player to move.
    #[test]
    fn solvers_agree_on_random_positions(i in instances::<Dodgem>()) {
        solvers_agree::<Dodgem>(&i.rules, &i.case).map_err(TestCaseError::fail)?;
    }
}

/// The example of RULES.md, run through the binary as a user would: its input (the
/// indented block) is answered `win in 2`, then `win in 0`, as the text says.
#[test]
fn the_rules_example_is_answered_as_documented() {
    let rules = include_str!("../RULES.md");
    let input: String = rules
        .lines()
        .filter_map(|l| l.strip_prefix("    "))
        .map(|l| format!("{l}\n"))
        .collect();
    assert!(input.starts_with("2\n"), "{input}");
    assert!(rules.contains("answers `win in 2`, then `win in 0`"));
    for solver in ["table", "retrograde"] {
        Command::cargo_bin("dodgem")
            .unwrap()
            .args(["solve", "dodgem", "--solver", solver])
            .write_stdin(input.clone())
            .assert()
            .success()
            .stdout("win in 2\nwin in 0\n");
    }
}

/// `verify`'s whole plan agrees (every position of sides 2 to 4, random 4 × 4
/// positions, the published results).
#[test]
fn verify_is_green() {
    let opts = VerifyOptions {
        seed: 1,
        cases: Some(200),
        progress: ProgressMode::None,
    };
    let mut report = Report::new(1);
    harness::verify::<Dodgem>(&opts, &mut report);
    assert!(report.ok, "{:?} {:?}", report.rows, report.failures);
    assert!(report
        .rows
        .iter()
        .any(|r| r.solver == "table" && r.checked > 500_000));
}

/// Wikipedia, "Dodgem": the 3 × 3 game is a first-player win (Berlekamp, Conway and
/// Guy, *Winning Ways*); the 4 × 4 game is a draw, neither side able to force the end
/// (des Jardins, 1996). Both solvers, the oracle's remoteness the table's.
#[test]
fn the_published_results() {
    for (size, want) in PUBLISHED {
        let rules = Rules { size };
        let start = [Position::start(size)];
        let table = solve_cases::<Dodgem>(&rules, Variant::Table, &start).unwrap();
        let oracle = solve_cases::<Dodgem>(&rules, Variant::Retrograde, &start).unwrap();
        assert_eq!(table, oracle, "{rules}");
        assert_eq!(table[0].value, want, "{rules}");
        assert_eq!(table[0].remoteness.is_none(), want == Value::Draw);
    }
    // the 2 × 2 game (one car a side): Blue drives east, then off; Red cannot stop it
    let two = solve_cases::<Dodgem>(&Rules { size: 2 }, Variant::Table, &[Position::start(2)]);
    assert_eq!(two.unwrap()[0].value, Value::Win);
}

/// The table with a remoteness bug: it settles a lost position by the loser's *fastest*
/// way to lose (one more than the least remoteness of its moves) instead of the slowest.
/// Who wins is right everywhere; how soon, wrong wherever the loser has a slower loss.
struct Hurried {
    table: Table,
    geometry: Geometry,
}

impl Solver<Position, Remote> for Hurried {
    fn name(&self) -> &'static str {
        "table"
    }
    fn solve(&mut self, p: &Position) -> Result<Remote, Refusal> {
        let v = self.table.value(p);
        let moves = self.geometry.moves(p);
        if v.value != Value::Loss || moves.is_empty() {
            return Ok(v);
        }
        let fastest = moves
            .iter()
            .filter_map(|(_, q)| self.table.value(q).remoteness)
            .min()
            .unwrap();
        Ok(Remote::loss(fastest + 1))
    }
}

/// Dodgem with [`Hurried`] for its table: everything else is Dodgem's.
struct Planted;

impl Game for Planted {
    const NAME: &'static str = "dodgem";
    const ABOUT: &'static str = "Dodgem with a planted remoteness bug";
    type Rules = Rules;
    type Case = Position;
    type Move = Drive;
    type Answer = Remote;
    type Output = Remote;
    type Variant = Variant;
    type Generators = Geometry;
    const DEFAULT_VARIANT: Variant = Variant::Table;
    const ORACLE_VARIANT: Variant = Variant::Retrograde;

    fn generators(rules: &Rules) -> Geometry {
        Dodgem::generators(rules)
    }
    fn oracle_moves(g: &Geometry, p: &Position) -> Vec<Drive> {
        Dodgem::oracle_moves(g, p)
    }
    fn fast_moves(g: &Geometry, p: &Position) -> Vec<Drive> {
        Dodgem::fast_moves(g, p)
    }
    fn apply(rules: &Rules, p: &Position, mv: &Drive) -> Option<Position> {
        Dodgem::apply(rules, p, mv)
    }
    fn to_move(rules: &Rules, p: &Position) -> Player {
        Dodgem::to_move(rules, p)
    }
    fn solver(rules: &Rules, variant: Variant) -> BoxSolver<Self> {
        match variant {
            Variant::Retrograde => Box::new(Retrograde::<Self>::new(rules)),
            Variant::Table => Box::new(Hurried {
                table: Table::new(rules.size),
                geometry: Geometry::new(rules.size),
            }),
        }
    }
    fn read(rules: &Rules, text: &str) -> Result<Vec<Position>, ParseError> {
        Dodgem::read(rules, text)
    }
    fn write(rules: &Rules, ps: &[Position]) -> String {
        Dodgem::write(rules, ps)
    }
    fn output(_: &Rules, _: &Position, v: Remote) -> Remote {
        v
    }
    fn random_rules<E: Entropy + ?Sized>(e: &mut E, size: Size) -> Rules {
        Dodgem::random_rules(e, size)
    }
    fn random_case<E: Entropy + ?Sized>(rules: &Rules, e: &mut E, size: Size) -> Position {
        Dodgem::random_case(rules, e, size)
    }
    fn smaller(rules: &Rules, p: &Position, mode: ShrinkMode) -> Vec<(Rules, Position)> {
        Dodgem::smaller(rules, p, mode)
    }
}

impl Terminal for Planted {
    fn stuck(rules: &Rules, p: &Position) -> Value {
        Dodgem::stuck(rules, p)
    }
}

impl Verify for Planted {
    /// Every 3 × 3 position, with remoteness and without.
    fn plan(_: &VerifyOptions) -> Vec<Step<Self>> {
        let every = || Suite::against_oracle(Rules { size: 3 }, every_position(3), "every");
        let who_wins = Suite {
            label: "3x3, who wins".into(),
            ..every().without_remoteness()
        };
        vec![Group::each("positions", vec![every(), who_wins]).into()]
    }
}

/// `verify` catches the planted bug when remoteness is compared, and shrinks it to a
/// position of three cars where the loser has a quick loss and a slower one; compared
/// without remoteness, the same solver passes.
#[test]
fn verify_catches_and_shrinks_a_planted_remoteness_bug() {
    let opts = VerifyOptions {
        seed: 1,
        cases: None,
        progress: ProgressMode::None,
    };
    let mut report = Report::new(1);
    harness::verify::<Planted>(&opts, &mut report);
    assert!(!report.ok);
    let rows: Vec<(&str, u64, bool)> = report
        .rows
        .iter()
        .map(|r| (r.rules.as_str(), r.checked, r.mismatches > 0))
        .collect();
    let n = every_position(3).len() as u64;
    assert_eq!(rows, [("3x3, every", n, true), ("3x3, who wins", n, false)]);
    assert_eq!(report.failures.len(), 1);
    let f = &report.failures[0];
    let p = board::read(3, &f.case).unwrap()[0];
    let (expected, got) = (
        Remote::parse(&f.expected).unwrap(),
        Remote::parse(&f.got).unwrap(),
    );
    assert_eq!(expected.value, Value::Loss);
    assert_eq!(got.value, expected.value, "the winner is right");
    assert!(got.remoteness < expected.remoteness, "{f:?}");
    // shrunk: taking off any car leaves a position the planted solver gets right
    assert!(p.cars() <= 3, "{}", f.case);
    let mut planted = Planted::solver(&Rules { size: 3 }, Variant::Table);
    let mut oracle = Retrograde::<Dodgem>::new(&Rules { size: 3 });
    for (_, q) in Dodgem::smaller(&Rules { size: 3 }, &p, ShrinkMode::KeepRules) {
        assert_eq!(planted.solve(&q), oracle.solve(&q), "{q:?}");
    }
    let mut text = Vec::new();
    report.write_failures(&mut text).unwrap();
    let text = String::from_utf8(text).unwrap();
    assert!(
        text.contains(&format!("expected {expected}, got {got}")),
        "{text}"
    );
}

/// A contestant who plays by normal play (a player with no move *loses*, the usual
/// convention, not Dodgem's): `stress` catches it and shrinks the input to one position
/// with no car of the player to move.
#[test]
fn stress_catches_a_contestant_playing_by_normal_play() {
    let rules = Rules { size: 3 };
    let geometry = Geometry::new(3);
    let table = Table::new(3);
    let mut contestant = program_of::<Dodgem>(rules, move |p: &Position| {
        match geometry.moves(p).is_empty() {
            true => Remote::loss(0),
            false => table.value(p),
        }
    });
    let mut game = Dodgem::contest(rules, &Default::default()).unwrap();
    let opts = StressOptions {
        rounds: 50,
        cases: 10,
        seed: 3,
        ..StressOptions::default()
    };
    let summary = stress(&mut game, &mut contestant, &opts, |_| {}, |_, _| {}).unwrap();
    let failure = summary.failure.expect("the contestant is caught");
    let t = &failure.minimal;
    assert_eq!(t.cases.len(), 1);
    let p = t.cases[0];
    assert_eq!(p.cars(), 0, "{}", game.write_input(&[p]));
    assert_eq!(game.write_answers(&t.expected), "win in 0\n");
    assert_eq!(String::from_utf8_lossy(&t.output.stdout), "loss in 0\n");
}

/// The fuzz target's body (`solvers_agree_bytes`), driven on stable by seeded bytes.
#[test]
fn the_fuzz_body_holds_on_random_bytes() {
    for bytes in random_inputs(1, 300, 64) {
        solvers_agree_bytes::<Dodgem>(&bytes).unwrap();
    }
}

/// The board reflected in its anti-diagonal, colours and player to move swapped, is the
/// same game: checked, not assumed, on every position of sides 2 to 4 (both solvers
/// answer each position as its image), and the start goes to the start with Red to move.
#[test]
fn a_position_and_its_mirror_image_have_one_value() {
    for size in [2, 3, 4] {
        let rules = Rules { size };
        let start = Position::start(size);
        let image = start.swapped();
        assert_eq!((image.blue, image.red), (start.blue, start.red));
        assert_eq!(image.to_move, Player::Second);
        let every = every_position(size);
        let images: Vec<Position> = every.iter().map(Position::swapped).collect();
        for (p, q) in every.iter().zip(&images) {
            assert_eq!(q.swapped(), *p);
            assert_eq!(Dodgem::symmetries(&rules, p), [*q]);
            assert_eq!(Dodgem::canonical(&rules, p), Dodgem::canonical(&rules, q));
        }
        let mut table = Table::new(size);
        let mut oracle = Retrograde::<Dodgem>::new(&rules);
        for (p, q) in every.iter().zip(&images) {
            assert_eq!(table.solve(p), table.solve(q), "{p:?}");
            assert_eq!(oracle.solve(p), oracle.solve(q), "{p:?}");
        }
    }
    // a Blue car about to leave goes to a Red car about to leave
    let p = board::read(3, "1\nB\n..B\n...\nR..\n").unwrap()[0];
    assert_eq!(board::write(&[p.swapped()]), "1\nR\n..R\n...\nB..\n");
}

/// Play can go round for ever, so the game tree has no last layer: `count` without a
/// depth says so (exit 2) instead of counting until a bound, and counts to a depth.
#[test]
fn count_needs_a_depth_on_a_game_that_goes_round() {
    let out = Command::cargo_bin("dodgem")
        .unwrap()
        .args(["count", "dodgem"])
        .assert()
        .code(2)
        .get_output()
        .clone();
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("the game does not always end"), "{err}");
    assert!(err.contains("--depth"), "{err}");
    Command::cargo_bin("dodgem")
        .unwrap()
        .args(["count", "dodgem", "--depth", "2"])
        .assert()
        .success()
        .stdout("depth positions terminal sequences games\n0 1 0 1 0\n1 3 0 3 0\n2 7 0 7 0\ntotal 11 0 11 0\n");
}

/// `solve --help` names the game's own oracle (`retrograde`), which `--solver` takes.
#[test]
fn the_solver_help_names_this_games_oracle() {
    let out = Command::cargo_bin("dodgem")
        .unwrap()
        .args(["solve", "dodgem", "--help"])
        .assert()
        .success()
        .get_output()
        .clone();
    let help = String::from_utf8(out.stdout).unwrap();
    assert!(help.contains("`retrograde` is the oracle"), "{help}");
    assert!(!help.contains("`naive`"), "{help}");
}
