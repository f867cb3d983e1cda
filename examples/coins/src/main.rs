//! The `coins` command line: every command of gamecheck for coins in a line.

fn main() -> std::process::ExitCode {
    gamecheck::cli::Cli::new()
        .name("coins")
        .about("Coins in a line, solved and checked by gamecheck")
        .game::<coins::Coins>()
        .run()
}
