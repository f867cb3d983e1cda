//! `gamecheck completions SHELL`: a completion script for the shell on stdout, written by
//! clap_complete from the command-line definition itself (so it never falls behind).

use super::Failure;
use clap_complete::Shell;
use std::process::ExitCode;

/// `gamecheck completions bash|zsh|fish|elvish|powershell`.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:\n  \
    gamecheck completions bash > ~/.local/share/bash-completion/completions/gamecheck\n  \
    gamecheck completions zsh > ~/.zfunc/_gamecheck   (with fpath+=~/.zfunc in ~/.zshrc)\n  \
    gamecheck completions fish > ~/.config/fish/completions/gamecheck.fish")]
pub struct CompletionsArgs {
    /// The shell to write the script for.
    #[arg(value_enum)]
    pub shell: Shell,
}

/// Writes the completion script of `args.shell` to stdout.
pub fn completions(args: &CompletionsArgs) -> Result<ExitCode, Failure> {
    let mut script = Vec::new();
    clap_complete::generate(
        args.shell,
        &mut super::command(),
        super::name(),
        &mut script,
    );
    super::print_all(&String::from_utf8_lossy(&script))
}
