//! A contestant written as a Rust closure, for tests of the harness on a game.

use super::RunOutput;
use crate::game::Game;
use std::io;

/// A contestant program in-process: reads each input with [`Game::read`] under `rules`
/// and answers every case with `answer` (the game's own [`Game::Output`]; it may keep a
/// solver with its memo between calls), written by
/// [`Game::write_answers`] (one line per case by default). An input it cannot read gets no output at all, which the judge
/// reports as malformed. It is a [`super::Target`], so [`super::stress`] runs it like a
/// program: the way to show that `stress` catches a planted bug and shrinks it, without
/// a second language or a process.
pub fn program_of<G: Game>(
    rules: G::Rules,
    mut answer: impl FnMut(&G::Case) -> G::Output,
) -> impl FnMut(&[u8]) -> io::Result<RunOutput> {
    move |input: &[u8]| {
        let text = String::from_utf8_lossy(input);
        let stdout = match G::read(&rules, &text) {
            Ok(cases) => {
                let outputs: Vec<G::Output> = cases.iter().map(&mut answer).collect();
                G::write_answers(&rules, &outputs)
            }
            Err(_) => String::new(),
        };
        Ok(RunOutput {
            stdout: stdout.into_bytes(),
            ..RunOutput::default()
        })
    }
}
