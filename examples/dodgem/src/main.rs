//! The `dodgem` command line: every command of gamecheck for Dodgem.

fn main() -> std::process::ExitCode {
    gamecheck::cli::Cli::new()
        .name("dodgem")
        .about("Dodgem, a game with cycles, solved and checked by gamecheck")
        .game::<dodgem::Dodgem>()
        .run()
}
