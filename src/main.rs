//! The `gamecheck` command-line tool: the command line of the library, over the four
//! games it ships.

use gamecheck_games::{marble::MarbleGame, octal::OctalGame, paint::PaintGame, sevens::SevensGame};

fn main() -> std::process::ExitCode {
    gamecheck::cli::Cli::new()
        .rules_intro(gamecheck_games::rules_doc::intro())
        .game::<MarbleGame>()
        .game::<PaintGame>()
        .game::<SevensGame>()
        .game::<OctalGame>()
        .run()
}
