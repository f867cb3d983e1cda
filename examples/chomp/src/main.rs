//! The `chomp` command line: every command of gamecheck for Chomp.

fn main() -> std::process::ExitCode {
    gamecheck::cli::Cli::new()
        .name("chomp")
        .about("Chomp on a W x H rectangle, solved and checked by gamecheck")
        .game::<chomp::Chomp>()
        .run()
}
