//! The `mnk` command line: every command of gamecheck for the m,n,k-game.

fn main() -> std::process::ExitCode {
    gamecheck::cli::Cli::new()
        .name("mnk")
        .version(env!("CARGO_PKG_VERSION"))
        .about("The m,n,k-game (tic-tac-toe's family), solved and checked by gamecheck")
        .game::<mnk::Mnk>()
        .run()
}
