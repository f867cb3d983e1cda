//! `gamecheck completions SHELL`: a completion script for the shell on stdout, written by
//! clap_complete from the command-line definition itself (so it never falls behind).

use super::Failure;
use clap_complete::Shell;
use std::process::ExitCode;

/// `gamecheck completions bash|zsh|fish|elvish|powershell` (its examples, naming the
/// binary, are added by [`examples`]).
#[derive(Debug, clap::Args)]
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

/// `completions`' examples for the binary `name`, shown after its help.
pub fn examples(name: &str) -> String {
    format!(
        "Examples:\n  \
         {name} completions bash > ~/.local/share/bash-completion/completions/{name}\n  \
         {name} completions zsh > ~/.zfunc/_{name}   (with fpath+=~/.zfunc in ~/.zshrc)\n  \
         {name} completions fish > ~/.config/fish/completions/{name}.fish"
    )
}
