//! One rule for what a report shows of a text: the program's output, the expected
//! output, the input and the program's stderr are all shown by [`show`].
//!
//! The rule, in order:
//!
//! 1. **Runs are folded.** A run of three or more identical consecutive lines is shown
//!    as its line, then `… the line above 669 more times` (a pair is shown as it is:
//!    folding it would save nothing).
//! 2. **Head and tail.** Counting what folding left — a line, or a folded run's two
//!    lines — a text of at most [`SHOWN_LINES`] lines is shown whole; a longer one by its
//!    first [`HEAD_LINES`] and last [`TAIL_LINES`] (a folded run is never split: the
//!    head or the tail stops before one that does not fit), with a line between them
//!    that says how many of the text's lines are not shown and, when the caller gives
//!    one, why: `… 3,999,960 lines not shown (16 MiB kept; killed at the 16 MiB cap)`.
//! 3. **Long lines are cut** after [`LINE_CHARS`] characters: `xxx… (a line of 10,000
//!    characters)`.
//! 4. **Escaped.** Every byte that is not printable ASCII, a newline or a tab is escaped
//!    as [`escape_bytes`] does (`\r`, `\u{410}`, invalid UTF-8 byte by byte: `\xff`).
//!    So no line of the text itself can hold `…`: each line that starts with `…` is
//!    the rule's own.
//! 5. An empty text is `(nothing)`.
//!
//! A text may be kept whole ([`Kept::Whole`]: an input, an expected output, stdout up
//! to its cap) or by its two ends around a middle that was not kept ([`Kept::Ends`]:
//! stderr's head and tail). Then the line between head and tail is always there, and
//! its count includes the middle's lines when they are known (`… 1,204 lines not shown
//! (70,123 bytes not kept)`), else it says so (`… an unknown number of lines not
//! shown`, `… more than 25 lines not shown`). The head's last line, when the head does
//! not end with a newline, and the tail's first line are shown only in part, marked
//! `(cut: …)`, and counted among the lines not shown.

use super::judge::escape_bytes;
use super::runner::{End, RunOutput};
use std::collections::VecDeque;

/// Lines shown from the start of a text longer than [`SHOWN_LINES`].
pub const HEAD_LINES: usize = 30;
/// Lines shown from the end of a text longer than [`SHOWN_LINES`].
pub const TAIL_LINES: usize = 10;
/// A text of at most this many lines (after folding) is shown whole.
pub const SHOWN_LINES: usize = HEAD_LINES + TAIL_LINES;
/// The characters of a line shown before it is cut.
pub const LINE_CHARS: usize = 200;
/// The shortest run of identical lines that is folded.
const FOLDED_RUN: u64 = 3;

/// What is known of the middle of a text that was not kept (see [`Kept::Ends`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Omitted {
    /// Its bytes, when known (`Some(0)`: head and tail are the whole text, with nothing
    /// between them). When unknown, the middle is taken to hold something.
    pub bytes: Option<u64>,
    /// The text's lines that are not wholly in the head or wholly in the tail, when
    /// known: the head's last line when the head does not end with a newline, the
    /// tail's first line (the bytes up to its first newline, or all of it), and every
    /// line in between. [`Omitted::of_stream`] works it out from a stream's count.
    pub lines: Option<u64>,
}

impl Omitted {
    /// Nothing known of the middle.
    #[cfg(test)]
    pub const UNKNOWN: Omitted = Omitted {
        bytes: None,
        lines: None,
    };

    /// The middle of a stream of `lines` lines in all (newlines, and one more for a last
    /// line without one, as [`RunOutput::stderr_lines`] counts them) of which `head` and
    /// `tail` were kept, with `bytes` bytes between them. Its lines are unknown when
    /// `lines` is too few for what head and tail hold.
    pub fn of_stream(head: &[u8], tail: &[u8], bytes: u64, lines: u64) -> Omitted {
        let head_lines = newlines(head);
        // the tail's lines after its first one
        let tail_lines = match tail.iter().position(|&b| b == b'\n') {
            None => 0,
            Some(first) => split_lines(&tail[first + 1..]).count() as u64,
        };
        Omitted {
            bytes: Some(bytes),
            lines: lines.checked_sub(head_lines + tail_lines),
        }
    }
}

/// A text as it was kept, for [`show`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kept<'a> {
    /// The whole text.
    Whole(&'a [u8]),
    /// Its first bytes, a middle that was not kept, and its last bytes.
    Ends {
        /// The first bytes.
        head: &'a [u8],
        /// What is known of the bytes between `head` and `tail`.
        omitted: Omitted,
        /// The last bytes (empty: the text's end was not kept either).
        tail: &'a [u8],
    },
}

impl<'a> Kept<'a> {
    /// A run's stderr: whole when it was at most [`super::STDERR_TAIL`] bytes, else
    /// its two kept ends around what was not kept (its bytes and lines known from the
    /// run's counts).
    pub fn stderr(out: &'a RunOutput) -> Kept<'a> {
        let (head, tail) = (out.stderr_head.as_bytes(), out.stderr_tail.as_bytes());
        if head.is_empty() && out.stderr_omitted == 0 {
            return Kept::Whole(tail);
        }
        Kept::Ends {
            head,
            omitted: Omitted::of_stream(head, tail, out.stderr_omitted, out.stderr_lines),
            tail,
        }
    }

    /// A run's stdout: whole, unless fewer bytes are held than were read
    /// ([`RunOutput::stdout_bytes`]: the program was killed at the cap, or the caller
    /// kept only the start); then what is held is the head, and the rest is a middle
    /// of unknown lines (and of unknown bytes past the cap: the program wrote more
    /// than was read) with no tail.
    pub fn stdout(out: &'a RunOutput) -> Kept<'a> {
        let held = out.stdout.len() as u64;
        if held >= out.stdout_bytes {
            return Kept::Whole(&out.stdout);
        }
        let capped = out.end == End::OutputCapped;
        Kept::Ends {
            head: &out.stdout,
            omitted: Omitted {
                bytes: (!capped).then_some(out.stdout_bytes - held),
                lines: None,
            },
            tail: b"",
        }
    }
}

/// `kept` for a report, by the rule of this module: lines joined by `\n`, with no
/// newline at the end; at most [`SHOWN_LINES`] + 1 lines. `reason`, when given, says why lines are not shown (`--save DIR
/// writes the whole input`, `16 MiB kept; killed at the 16 MiB cap`); it is printed in
/// the line that counts them, and only when there is such a line.
pub fn show(kept: Kept<'_>, reason: Option<&str>) -> String {
    let (head, omitted, tail) = match kept {
        Kept::Whole(text) => return show_whole(text, reason),
        Kept::Ends {
            head,
            omitted,
            tail,
        } if omitted.bytes == Some(0) => {
            return show_whole(&[head, tail].concat(), reason);
        }
        Kept::Ends {
            head,
            omitted,
            tail,
        } => (head, omitted, tail),
    };
    // the head's whole lines, and the start of its last line when it is cut
    let (head_lines, cut_start) = match head.iter().rposition(|&b| b == b'\n') {
        _ if head.last().is_none_or(|&b| b == b'\n') => (head, None),
        Some(last) => (&head[..=last], Some(&head[last + 1..])),
        None => (&head[..0], Some(head)),
    };
    // the end of the tail's first line, and its whole lines after it
    let (cut_end, tail_lines) = match tail.iter().position(|&b| b == b'\n') {
        Some(first) => (&tail[..first], &tail[first + 1..]),
        None => (tail, &tail[..0]),
    };
    let h = select(
        folded(split_lines(head_lines)).chain(cut_start.map(Entry::Start)),
        HEAD_LINES,
        SHOWN_LINES,
    );
    let t = select(
        (!cut_end.is_empty())
            .then_some(Entry::End(cut_end))
            .into_iter()
            .chain(folded(split_lines(tail_lines))),
        0,
        SHOWN_LINES,
    );
    let (head_shown, tail_shown): (Vec<Entry>, Vec<Entry>) = if h.height + t.height <= SHOWN_LINES {
        (
            h.front.iter().chain(&h.back).copied().collect(),
            t.back.into(),
        )
    } else {
        (h.front.clone(), last_lines(&t.back, TAIL_LINES))
    };
    let hidden = (h.lines - lines_of(&head_shown)) + (t.lines - lines_of(&tail_shown));
    let count = match omitted.lines {
        Some(middle) => Count::Exact(hidden + middle),
        None => Count::MoreThan(hidden),
    };
    let mut out = Vec::new();
    head_shown.iter().for_each(|e| e.render(&mut out));
    out.push(count_line(count, omitted.bytes, reason));
    tail_shown.iter().for_each(|e| e.render(&mut out));
    out.join("\n")
}

/// [`show`] of a whole text.
fn show_whole(text: &[u8], reason: Option<&str>) -> String {
    if text.is_empty() {
        return "(nothing)".into();
    }
    let s = select(folded(split_lines(text)), HEAD_LINES, SHOWN_LINES);
    let mut out = Vec::new();
    if s.height <= SHOWN_LINES {
        s.front
            .iter()
            .chain(&s.back)
            .for_each(|e| e.render(&mut out));
    } else {
        let tail = last_lines(&s.back, TAIL_LINES);
        let hidden = s.lines - lines_of(&s.front) - lines_of(&tail);
        s.front.iter().for_each(|e| e.render(&mut out));
        out.push(count_line(Count::Exact(hidden), None, reason));
        tail.iter().for_each(|e| e.render(&mut out));
    }
    out.join("\n")
}

/// The lines of `text`: split at each newline, a last newline ending the last line
/// (no empty line after it); none for an empty text.
fn split_lines(text: &[u8]) -> impl Iterator<Item = &[u8]> {
    let body = text.strip_suffix(b"\n").unwrap_or(text);
    body.split(|&b| b == b'\n')
        .take(if text.is_empty() { 0 } else { usize::MAX })
}

fn newlines(bytes: &[u8]) -> u64 {
    bytes.iter().filter(|&&b| b == b'\n').count() as u64
}

/// One item of a text as shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Entry<'a> {
    /// A line and how many times it comes in a row.
    Line(&'a [u8], u64),
    /// The start of a line whose rest was not kept (the head's last bytes).
    Start(&'a [u8]),
    /// The end of a line whose start may not have been kept (the tail's first bytes).
    End(&'a [u8]),
}

impl Entry<'_> {
    /// The lines it takes in a report.
    fn height(&self) -> usize {
        match *self {
            Entry::Line(_, n) => n.min(2) as usize,
            Entry::Start(_) | Entry::End(_) => 1,
        }
    }

    /// The text's lines it shows whole.
    fn lines(&self) -> u64 {
        match *self {
            Entry::Line(_, n) => n,
            Entry::Start(_) | Entry::End(_) => 0,
        }
    }

    fn render(&self, out: &mut Vec<String>) {
        match *self {
            Entry::Line(line, n) => {
                out.push(render_line(line));
                if n >= FOLDED_RUN {
                    out.push(format!("… the line above {} more times", grouped(n - 1)));
                } else if n == 2 {
                    out.push(render_line(line));
                }
            }
            Entry::Start(bytes) => {
                let (chars, cut) = chars_and_cut(bytes, LINE_CHARS);
                let shown = if chars > LINE_CHARS {
                    &bytes[..cut]
                } else {
                    bytes
                };
                out.push(format!(
                    "{}… (cut: the rest of this line is not kept)",
                    escape_bytes(shown, true)
                ));
            }
            Entry::End(bytes) => {
                let chars = chars_and_cut(bytes, 0).0;
                let from = chars_and_cut(bytes, chars.saturating_sub(LINE_CHARS)).1;
                out.push(format!(
                    "…{} (cut: the start of this line may not be kept)",
                    escape_bytes(&bytes[from.min(bytes.len())..], true)
                ));
            }
        }
    }
}

/// `line` escaped, cut after [`LINE_CHARS`] characters.
fn render_line(line: &[u8]) -> String {
    let (chars, cut) = chars_and_cut(line, LINE_CHARS);
    if chars <= LINE_CHARS {
        escape_bytes(line, true)
    } else {
        format!(
            "{}… (a line of {} characters)",
            escape_bytes(&line[..cut], true),
            grouped(chars as u64)
        )
    }
}

/// The characters of `bytes` (each invalid UTF-8 byte one), and the byte at which its
/// character number `n` (from 0) starts (`bytes.len()` when it has no more than `n`).
fn chars_and_cut(bytes: &[u8], n: usize) -> (usize, usize) {
    let (mut count, mut cut, mut at) = (0, bytes.len(), 0);
    for chunk in bytes.utf8_chunks() {
        for (i, _) in chunk.valid().char_indices() {
            if count == n {
                cut = at + i;
            }
            count += 1;
        }
        at += chunk.valid().len();
        for _ in chunk.invalid() {
            if count == n {
                cut = at;
            }
            count += 1;
            at += 1;
        }
    }
    (count, cut)
}

/// The lines as runs of identical consecutive lines.
fn folded<'a>(lines: impl Iterator<Item = &'a [u8]>) -> impl Iterator<Item = Entry<'a>> {
    let mut lines = lines.peekable();
    std::iter::from_fn(move || {
        let line = lines.next()?;
        let mut n = 1;
        while lines.next_if(|&next| next == line).is_some() {
            n += 1;
        }
        Some(Entry::Line(line, n))
    })
}

/// The entries kept of a stream of them, with the totals of all of them.
#[derive(Debug, Default)]
struct Selection<'a> {
    /// The first entries, as many as fit in the front budget.
    front: Vec<Entry<'a>>,
    /// The last entries after `front`, as many as fit in the back budget.
    back: VecDeque<Entry<'a>>,
    /// The height of every entry.
    height: usize,
    /// The lines of every entry.
    lines: u64,
}

/// The first entries of `entries` that take at most `front` lines, and the last ones
/// after them that take at most `back` lines, in a memory of at most those (a text of
/// millions of lines is read once).
fn select<'a>(
    entries: impl Iterator<Item = Entry<'a>>,
    front: usize,
    back: usize,
) -> Selection<'a> {
    let mut s = Selection::default();
    let (mut front_open, mut front_height, mut back_height) = (true, 0, 0);
    for e in entries {
        s.height += e.height();
        s.lines += e.lines();
        if front_open && front_height + e.height() <= front {
            front_height += e.height();
            s.front.push(e);
            continue;
        }
        front_open = false;
        back_height += e.height();
        s.back.push_back(e);
        while back_height > back {
            back_height -= s.back.pop_front().map_or(0, |e| e.height());
        }
    }
    s
}

/// The last entries of `entries` that take at most `height` lines.
fn last_lines<'a>(entries: &VecDeque<Entry<'a>>, height: usize) -> Vec<Entry<'a>> {
    let mut taken = 0;
    let mut out: Vec<Entry> = entries
        .iter()
        .rev()
        .take_while(|e| {
            taken += e.height();
            taken <= height
        })
        .copied()
        .collect();
    out.reverse();
    out
}

fn lines_of(entries: &[Entry]) -> u64 {
    entries.iter().map(Entry::lines).sum()
}

/// How many lines are not shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Count {
    Exact(u64),
    /// These, and a middle whose lines are unknown.
    MoreThan(u64),
}

/// `… 3,999,960 lines not shown (70,123 bytes not kept; reason)`.
fn count_line(count: Count, bytes: Option<u64>, reason: Option<&str>) -> String {
    let mut line = match count {
        Count::Exact(n) => format!("… {} line{} not shown", grouped(n), plural(n)),
        Count::MoreThan(0) => "… an unknown number of lines not shown".to_string(),
        Count::MoreThan(n) => format!("… more than {} line{} not shown", grouped(n), plural(n)),
    };
    let bytes = bytes.map(|b| format!("{} byte{} not kept", grouped(b), plural(b)));
    let why: Vec<&str> = bytes.as_deref().into_iter().chain(reason).collect();
    if !why.is_empty() {
        line.push_str(&format!(" ({})", why.join("; ")));
    }
    line
}

fn plural(n: u64) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// `n` with a comma between groups of three digits (`3,999,960`).
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(d);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn whole(text: &str) -> String {
        show(Kept::Whole(text.as_bytes()), None)
    }

    #[test]
    fn numbers_are_grouped_by_thousands() {
        let cases = [
            (0, "0"),
            (7, "7"),
            (999, "999"),
            (1000, "1,000"),
            (65_536, "65,536"),
            (3_999_960, "3,999,960"),
            (u64::MAX, "18,446,744,073,709,551,615"),
        ];
        for (n, text) in cases {
            assert_eq!(grouped(n), text);
        }
    }

    #[test]
    fn an_empty_text_is_nothing() {
        assert_eq!(whole(""), "(nothing)");
        let empty = Kept::Ends {
            head: b"",
            omitted: Omitted {
                bytes: Some(0),
                lines: Some(0),
            },
            tail: b"",
        };
        assert_eq!(show(empty, Some("why")), "(nothing)");
        // one empty line is a line
        assert_eq!(whole("\n"), "");
        assert_eq!(whole("a\n\nb"), "a\n\nb");
    }

    #[test]
    fn a_flood_of_one_line_is_folded() {
        let shown = whole(&"Alice\n".repeat(670));
        assert_eq!(shown, "Alice\n… the line above 669 more times");
        assert!(shown.lines().count() <= 3);
        let shown = whole(&"\n".repeat(4000));
        assert_eq!(shown, "\n… the line above 3,999 more times");
        // a pair is shown as it is
        assert_eq!(
            whole("a\na\nb\nb\nb\n"),
            "a\na\nb\n… the line above 2 more times"
        );
    }

    #[test]
    fn forty_lines_are_shown_whole_and_forty_one_are_not() {
        let text = |n: usize| (1..=n).map(|i| format!("line {i}\n")).collect::<String>();
        let forty = whole(&text(40));
        assert_eq!(forty, text(40).trim_end());
        let shown = whole(&text(41));
        let lines: Vec<&str> = shown.lines().collect();
        assert_eq!(lines.len(), 41);
        assert_eq!(lines[29], "line 30");
        assert_eq!(lines[30], "… 1 line not shown");
        assert_eq!(lines[31], "line 32");
        assert_eq!(lines[40], "line 41");
        let shown = show(
            Kept::Whole(text(1000).as_bytes()),
            Some("--save DIR writes it"),
        );
        assert!(
            shown.contains("\n… 960 lines not shown (--save DIR writes it)\nline 991\n"),
            "{shown}"
        );
    }

    /// A text of 600 lines that folds to 37 is shown whole: folding comes first.
    #[test]
    fn folding_comes_before_the_head_and_the_tail() {
        let mut text = "same\n".repeat(565);
        for i in 0..35 {
            text.push_str(&format!("other {i}\n"));
        }
        let shown = whole(&text);
        assert!(!shown.contains("not shown"), "{shown}");
        assert!(shown.starts_with("same\n… the line above 564 more times\nother 0\n"));
        assert_eq!(shown.lines().count(), 37);
        // runs in the middle are counted by the lines they stand for
        let mut text = String::new();
        for i in 0..50 {
            text.push_str(&format!("{i}\n{i}\n{i}\n"));
        }
        let shown = whole(&text);
        // 50 runs of 3, two lines each: 15 runs shown at the head, 5 at the tail
        assert!(shown.contains("\n… 90 lines not shown\n45\n"), "{shown}");
        assert_eq!(shown.lines().count(), 41);
    }

    #[test]
    fn a_long_line_is_cut() {
        let shown = whole(&"x".repeat(10_000));
        assert_eq!(
            shown,
            format!("{}… (a line of 10,000 characters)", "x".repeat(200))
        );
        // 200 characters are whole, in characters, not bytes
        assert_eq!(whole(&"\u{e9}".repeat(200)), "\\u{e9}".repeat(200));
        let cut = whole(&"\u{e9}".repeat(201));
        assert!(cut.ends_with("… (a line of 201 characters)"), "{cut}");
    }

    #[test]
    fn what_is_not_printable_ascii_is_escaped() {
        assert_eq!(
            show(Kept::Whole(b"a\r\n\tb\xff\x00\n"), None),
            "a\\r\n\tb\\xff\\0"
        );
        assert_eq!(whole("\u{410}\n"), "\\u{410}");
        assert!(!whole("x\u{2026}").contains('\u{2026}'));
    }

    /// 16 MiB of `Alice`: a few lines, whichever way it was kept.
    #[test]
    fn a_flood_of_sixteen_mib_is_a_few_lines() {
        let cap = 16 << 20;
        let flood = "Alice\n".repeat(cap / 6 + 1).into_bytes();
        let shown = show(Kept::Whole(&flood), None);
        assert_eq!(shown, "Alice\n… the line above 2,796,202 more times");
        // killed at the cap: the kept 16 MiB end inside a line, the rest unknown
        let out = RunOutput {
            end: End::OutputCapped,
            stdout: flood[..cap].to_vec(),
            stdout_bytes: cap as u64 + 4096,
            ..RunOutput::default()
        };
        let shown = show(
            Kept::stdout(&out),
            Some("16 MiB kept; killed at the 16 MiB cap"),
        );
        assert_eq!(
            shown,
            "Alice\n… the line above 2,796,201 more times\n\
             Alic… (cut: the rest of this line is not kept)\n\
             … an unknown number of lines not shown (16 MiB kept; killed at the 16 MiB cap)"
        );
        // a flood that does not fold: the count of the lines not shown
        let mut numbered = Vec::new();
        let mut i = 0;
        while numbered.len() < cap {
            numbered.extend_from_slice(format!("Alice {i}\n").as_bytes());
            i += 1;
        }
        let shown = show(Kept::Whole(&numbered), Some("why"));
        assert_eq!(shown.lines().count(), 41);
        assert!(
            shown.contains(&format!("\n… {} lines not shown (why)\n", grouped(i - 40))),
            "{shown}"
        );
    }

    #[test]
    fn a_head_and_a_tail_around_a_middle_of_unknown_content() {
        let head: String = (0..100).map(|i| format!("h{i}\n")).collect();
        let tail: String = (0..100).map(|i| format!("t{i}\n")).collect();
        let kept = |omitted| Kept::Ends {
            head: head.as_bytes(),
            omitted,
            tail: tail.as_bytes(),
        };
        let shown = show(kept(Omitted::UNKNOWN), None);
        let lines: Vec<&str> = shown.lines().collect();
        assert_eq!(lines.len(), 41, "{shown}");
        assert_eq!((lines[0], lines[29], lines[31]), ("h0", "h29", "t90"));
        // 70 lines of the head and 89 whole ones of the tail, and the middle's (the
        // tail's first line, cut, among them)
        assert_eq!(lines[30], "… more than 159 lines not shown");
        let cut = lines.iter().find(|l| l.contains("(cut:"));
        assert_eq!(cut, None, "{shown}");
        // the middle known: exact
        let shown = show(
            kept(Omitted {
                bytes: Some(1234),
                lines: Some(57),
            }),
            Some("why"),
        );
        assert!(
            shown.contains("\n… 216 lines not shown (1,234 bytes not kept; why)\n"),
            "{shown}"
        );
        // short ends around an unknown middle: all of them, cut lines marked
        let shown = show(
            Kept::Ends {
                head: b"first\nsecond half",
                omitted: Omitted::UNKNOWN,
                tail: b"end of a line\nlast\n",
            },
            None,
        );
        assert_eq!(
            shown,
            "first\nsecond half… (cut: the rest of this line is not kept)\n\
             … an unknown number of lines not shown\n\
             …end of a line (cut: the start of this line may not be kept)\nlast"
        );
        // nothing between the ends: one text
        let joined = show(
            Kept::Ends {
                head: b"a\nbr",
                omitted: Omitted {
                    bytes: Some(0),
                    lines: None,
                },
                tail: b"oken\nc",
            },
            None,
        );
        assert_eq!(joined, "a\nbroken\nc");
    }

    #[test]
    fn a_stream_s_middle_is_counted_from_its_lines() {
        // "a\nbc\nd\ne\nfg\nh" kept as "a\nb" and "g\nh", "c\nd\ne\nf" between them
        let middle = Omitted::of_stream(b"a\nb", b"g\nh", 7, 6);
        // its lines a, bc, d, e, fg, h: wholly in the head 1, wholly in the tail 1
        assert_eq!(
            middle,
            Omitted {
                bytes: Some(7),
                lines: Some(4)
            }
        );
        assert_eq!(Omitted::of_stream(b"a\n", b"", 3, 1).lines, Some(0));
        assert_eq!(Omitted::of_stream(b"a\nb\nc\n", b"", 3, 1).lines, None);
        let out = RunOutput {
            stderr_head: "a\nb".into(),
            stderr_omitted: 7,
            stderr_tail: "g\nh".into(),
            stderr_bytes: 13,
            stderr_lines: 6,
            ..RunOutput::default()
        };
        assert_eq!(
            Kept::stderr(&out),
            Kept::Ends {
                head: b"a\nb",
                omitted: middle,
                tail: b"g\nh"
            }
        );
        let short = RunOutput {
            stderr_tail: "oops\n".into(),
            ..RunOutput::default()
        };
        assert_eq!(Kept::stderr(&short), Kept::Whole(b"oops\n"));
        // stdout held whole, or only its start
        let mut out = RunOutput {
            stdout: b"1\n2\n".to_vec(),
            stdout_bytes: 4,
            ..RunOutput::default()
        };
        assert_eq!(Kept::stdout(&out), Kept::Whole(b"1\n2\n"));
        out.stdout_bytes = 10;
        assert_eq!(
            show(Kept::stdout(&out), None),
            "1\n2\n… an unknown number of lines not shown (6 bytes not kept)"
        );
    }

    /// The text's lines one line shown stands for: a line of the text 1 (a cut line's
    /// part 0: it is counted among those not shown), a fold line the lines it adds, the
    /// count line its count.
    fn lines_accounted(line: &str) -> u64 {
        let number = |s: &str| s.replace(',', "").parse::<u64>().unwrap();
        if let Some(rest) = line.strip_prefix("… the line above ") {
            number(rest.strip_suffix(" more times").unwrap())
        } else if let Some(rest) = line.strip_prefix("… ") {
            assert!(rest.contains(" not shown"), "{line}");
            number(rest.split(' ').next().unwrap())
        } else if line.contains("(cut: ") {
            0
        } else {
            1
        }
    }

    /// The lines of `text` as [`show`] counts them.
    fn line_count(text: &[u8]) -> u64 {
        split_lines(text).count() as u64
    }

    /// A text of `ids.len()` lines from a small alphabet (so that runs come often),
    /// each `width` times its letter, and its end.
    fn text_of(ids: &[u8], width: usize, newline_at_end: bool) -> Vec<u8> {
        let mut text = ids
            .iter()
            .map(|&id| vec![b'a' + id; width])
            .collect::<Vec<_>>()
            .join(&b'\n');
        if newline_at_end && !ids.is_empty() {
            text.push(b'\n');
        }
        text
    }

    proptest! {
        /// Lines shown, folded and counted as not shown add up to the text's lines;
        /// at most 41 lines are shown.
        #[test]
        fn every_line_is_accounted_for(
            ids in prop::collection::vec(0u8..3, 0..300),
            width in 0usize..3,
            newline_at_end in any::<bool>(),
        ) {
            let text = text_of(&ids, width, newline_at_end);
            let shown = show(Kept::Whole(&text), Some("why"));
            if text.is_empty() {
                prop_assert_eq!(shown, "(nothing)");
            } else {
                prop_assert!(shown.split('\n').count() <= SHOWN_LINES + 1, "{}", shown);
                let accounted: u64 = shown.split('\n').map(lines_accounted).sum();
                prop_assert_eq!(accounted, line_count(&text), "{}", shown);
            }
        }

        /// The same for a text kept by its ends (cut anywhere, even inside a line),
        /// with the middle counted from the whole stream's lines.
        #[test]
        fn every_line_of_a_stream_kept_by_its_ends_is_accounted_for(
            ids in prop::collection::vec(0u8..3, 1..300),
            width in 0usize..3,
            newline_at_end in any::<bool>(),
            cut in any::<(prop::sample::Index, prop::sample::Index)>(),
        ) {
            let text = text_of(&ids, width, newline_at_end);
            prop_assume!(!text.is_empty());
            let (a, b) = (cut.0.index(text.len() + 1), cut.1.index(text.len() + 1));
            let (from, to) = (a.min(b), a.max(b));
            let (head, tail) = (&text[..from], &text[to..]);
            let lines = line_count(&text);
            let omitted = Omitted::of_stream(head, tail, (to - from) as u64, lines);
            prop_assert!(omitted.lines.is_some());
            let shown = show(Kept::Ends { head, omitted, tail }, None);
            prop_assert!(shown.split('\n').count() <= SHOWN_LINES + 1, "{}", shown);
            let accounted: u64 = shown.split('\n').map(lines_accounted).sum();
            prop_assert_eq!(accounted, lines, "{}", shown);
        }
    }
}
