//! The rules of the four games, from `docs/rules.md` (embedded at build time, so the
//! binary and the repository carry one text): the introduction they share, and each
//! game's section, its `## ` heading up to the next one.

/// The whole of `docs/rules.md` (read through `crates/games/rules.md`, a symbolic link to
/// it inside the package, so that the packaged crate carries the text too).
pub const RULES: &str = include_str!("../rules.md");

/// The offsets of the `## ` headings.
fn starts() -> Vec<usize> {
    let mut starts = Vec::new();
    let mut offset = 0;
    for line in RULES.split_inclusive('\n') {
        if line.starts_with("## ") {
            starts.push(offset);
        }
        offset += line.len();
    }
    starts
}

/// The text before the first game's section (what every game shares).
pub fn intro() -> &'static str {
    &RULES[..starts().first().copied().unwrap_or(RULES.len())]
}

/// The section whose heading's first word, lower-cased, is `game` (`marble` for
/// `## Marble`), from its heading to the next; empty when there is none.
pub fn section(game: &str) -> &'static str {
    let starts = starts();
    for (i, &start) in starts.iter().enumerate() {
        let end = starts.get(i + 1).copied().unwrap_or(RULES.len());
        let text = &RULES[start..end];
        let name = text["## ".len()..]
            .split(|c: char| !c.is_alphanumeric())
            .next()
            .unwrap_or_default();
        if name.to_lowercase() == game {
            return text;
        }
    }
    ""
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The introduction and the four sections, in order, are the whole text: `rules`
    /// without a game prints `docs/rules.md` as it is.
    #[test]
    fn the_intro_and_the_sections_are_the_whole_text() {
        let whole: String = [intro()]
            .into_iter()
            .chain(["marble", "paint", "sevens", "octal"].map(section))
            .collect();
        assert_eq!(whole, RULES);
    }

    #[test]
    fn a_section_is_that_game_only() {
        assert!(intro().starts_with("# The games\n"));
        let marble = section("marble");
        assert!(marble.starts_with("## Marble"));
        assert!(!marble.contains("## Paint"));
        assert!(section("sevens").contains("A T J Q K"));
        assert!(section("sevens").trim_end().ends_with("Alice to move."));
        assert_eq!(section("chess"), "");
    }
}
