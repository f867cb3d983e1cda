//! The `connect4` command line: every command of gamecheck for Connect Four.

fn main() -> std::process::ExitCode {
    gamecheck::cli::Cli::new()
        .name("connect4")
        .version(env!("CARGO_PKG_VERSION"))
        .about("Connect Four on a w x h board, solved and checked by gamecheck")
        .game::<connect4::Connect4>()
        .run()
}
