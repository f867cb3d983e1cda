//! The equivalence harness shared by every game: comparing a fast solver with the
//! oracle, shrinking a mismatch to a smallest failing case, and the verification report.

pub(crate) mod compare;
pub(crate) mod driver;
pub mod laws;
pub(crate) mod progress;
pub mod props;
pub(crate) mod report;
pub(crate) mod shrink;
pub(crate) mod signature;

pub use compare::{compare, Mismatch, Tally};
pub use driver::{
    check_labels, describe_failure, movegen_agrees, reachable, shrink_failure, shrink_failure_with,
    shrink_movegen_failure, shrink_symmetry_failure, shrink_symmetry_failure_of, symmetry_check,
    try_verify, try_verify_steps, verify, Group, LabelCollision, NamedCheck, Outcome, Step,
    StepSpan, Suite, SuiteCheck, Verify, DEFAULT_ORACLE_MEMO_LIMIT,
};
pub use progress::{Progress, ProgressMode};
pub use report::{blank_wall_times, Failure, Report, Row, TABLE_WIDTH};
pub use shrink::{shrink, shrink_by_key, SHRINK_BUDGET};
pub use signature::signature;

/// What a `verify` run is asked to do; every game's `verify` takes it.
#[derive(Debug, Clone)]
pub struct VerifyOptions {
    /// Seed of every random case (printed in the report, so any run can be repeated).
    pub seed: u64,
    /// Number of random cases per game; `None` for the game's default budget.
    pub cases: Option<u64>,
    /// How progress shows on stderr: a bar (drawn only on a terminal), a plain line per
    /// finished row ([`ProgressMode::Plain`]: `PROGRAM verify GAME: RULES: SOLVER …`), or
    /// nothing.
    pub progress: ProgressMode,
}
