//! The sevens contest format (`docs/rules.md`, "Sevens", "Contest input"; `gamecheck rules sevens`).
//!
//! Input: `T`, the number of deals, alone on the first line (required; `0` is no deals),
//! then the deals, each = Alice's cards, half the deck. A card
//! is a suit letter (S, H, C, D) then a rank (1..=13 or A, T, J, Q, K), letters in any
//! case: `S7`, `H10`, `DA`, `cq`, `ST`. A deal may span lines but one line never holds
//! cards of two deals, so a deal with too many cards is caught at the card that takes it
//! past its size, and one with too few when a line would take it past its size or at
//! the end of input. Output: one `Alice`, `Bob` or `Draw` line per deal.

use super::cards::{Card, CardSet, Deal, SUIT_LETTERS};
use super::rules::Rules;
use gamecheck::error::{Location, ParseError};
use gamecheck::input::{parse_u64, shorten, Scanner, Token};

/// Reads one card name (case-insensitive) of the deck of `rules`.
///
/// # Errors
/// A [`ParseError`] at the token (or at its rank, for a bad rank): an unknown suit
/// letter, a suit outside the deck's suits, a rank that is not 1..=13 or A, T, J, Q, K,
/// or a rank above the deck's R.
pub fn parse_card(
    token: Token<'_>,
    rules: &Rules,
    case: Option<(&'static str, u64)>,
) -> Result<Card, ParseError> {
    let mut chars = token.text.chars();
    let letter = chars.next().unwrap_or(' ').to_ascii_uppercase();
    let rank_text = chars.as_str();
    let at = |column_offset: usize| Location {
        line: token.location.line,
        column: token.location.column + column_offset,
    };
    let err = |offset, msg: String| Err(ParseError::new(at(offset), case, msg));
    let Some(suit) = SUIT_LETTERS.iter().position(|&s| s == letter) else {
        return err(
            0,
            format!(
                "expected a card (a suit S, H, C or D then a rank), found `{}`: unknown suit `{}`",
                shorten(token.text),
                token.text.chars().next().unwrap_or(' ')
            ),
        );
    };
    if suit >= rules.suits() {
        let allowed: String = SUIT_LETTERS[..rules.suits()].iter().collect();
        return err(
            0,
            format!(
                "card `{}` does not exist: the deck has {} ({allowed})",
                shorten(token.text),
                super::rules::counted(rules.suits(), "suit")
            ),
        );
    }
    let rank = match rank_text.to_ascii_uppercase().as_str() {
        "A" => Some(1),
        "T" => Some(10),
        "J" => Some(11),
        "Q" => Some(12),
        "K" => Some(13),
        t if !t.is_empty() && t.len() <= 3 && t.bytes().all(|b| b.is_ascii_digit()) => {
            t.parse::<u8>().ok()
        }
        _ => None,
    };
    match rank {
        Some(r) if (1..=rules.ranks()).contains(&r) => Ok(Card::new(suit as u8, r)),
        Some(r) if (1..=13).contains(&r) => err(
            1,
            format!(
                "card `{}` does not exist: the deck has ranks 1..={}",
                shorten(token.text),
                rules.ranks()
            ),
        ),
        _ if rank_text.is_empty() => err(
            1,
            format!(
                "expected a rank after the suit in `{}` (1..=13 or A, T, J, Q, K)",
                shorten(token.text)
            ),
        ),
        _ => err(
            1,
            format!(
                "card `{}` does not exist: unknown rank `{}` (expected 1..={} or A, T, J, Q, K)",
                shorten(token.text),
                shorten(rank_text),
                rules.ranks()
            ),
        ),
    }
}

/// Reads a contest input of deals of the deck of `rules`.
///
/// # Errors
/// A located [`ParseError`]: a deck with an odd number of cards; `T` missing, not alone
/// on the first line, or negative; a card that does not exist or is repeated in its deal; a
/// deal with too many cards (at the card past its size) or too few (at the line that
/// would take it past its size, or at the end of input); fewer deals than `T`, or
/// anything after the `T`-th; no `T` (a card or the end of input where it belongs).
pub fn read(input: &str, rules: &Rules) -> Result<Vec<Deal>, ParseError> {
    let start = Location { line: 1, column: 1 };
    let size = rules
        .contest_hand_size()
        .map_err(|e| ParseError::new(start, None, e.0))?;
    let mut sc = Scanner::new(input);
    // T, alone on the first line (required, as in the other games' formats)
    let tok = match sc.next_token() {
        None => {
            return Err(ParseError::new(
                sc.location(),
                None,
                "expected the number of deals T, found the end of input",
            ))
        }
        Some(tok) => tok,
    };
    if parse_card(tok, rules, None).is_ok() {
        return Err(ParseError::new(
            tok.location,
            None,
            format!(
                "expected the number of deals T alone on the first line, found the card `{}` \
                 (write T first: `1` for a single deal)",
                shorten(tok.text)
            ),
        ));
    }
    let t = parse_u64(tok, "the number of deals T", None)?;
    if let Some(next) = sc.peek_token() {
        if next.location.line == tok.location.line {
            return Err(ParseError::new(
                next.location,
                None,
                format!(
                    "T must be alone on the first line: found `{}` after it",
                    shorten(next.text)
                ),
            ));
        }
    }
    let mut deals: Vec<Deal> = Vec::with_capacity(t.min(4096) as usize);
    let mut cards = CardSet::EMPTY;
    let mut first_at: Vec<(Card, Location)> = Vec::new(); // where each card of it stands
    let mut in_deal = 0usize; // cards of the current deal so far
    let mut current_line = 0usize;
    while let Some(tok) = sc.next_token() {
        let number = deals.len() as u64 + 1;
        let case = Some(("deal", number));
        if tok.location.line != current_line {
            current_line = tok.location.line;
            if in_deal == 0 {
                // this line starts a new deal
                if deals.len() as u64 == t {
                    return Err(ParseError::new(
                        tok.location,
                        None,
                        format!(
                            "unexpected `{}` after the last deal (T = {t}): expected the end \
                             of input",
                            shorten(tok.text)
                        ),
                    ));
                }
            }
        }
        let card = parse_card(tok, rules, case)?;
        if in_deal == size {
            // only reachable on the line that completed the deal: too many cards
            return Err(ParseError::new(
                tok.location,
                case,
                format!(
                    "too many cards: a deal has {size} cards (half the deck) and this line \
                     holds more (one line never holds cards of two deals)"
                ),
            ));
        }
        if cards.contains(card) {
            let first = first_at
                .iter()
                .find(|&&(c, _)| c == card)
                .map(|&(_, at)| at)
                .expect("every card of the deal so far has its location");
            return Err(ParseError::new(
                tok.location,
                case,
                format!(
                    "repeated card `{}` ({card}) in this deal: its first copy is at {first}",
                    shorten(tok.text)
                ),
            ));
        }
        cards = cards.with(card);
        first_at.push((card, tok.location));
        in_deal += 1;
        // a deal ends with the line that completes it
        let line_ends = sc
            .peek_token()
            .is_none_or(|next| next.location.line != current_line);
        if line_ends && in_deal == size {
            deals.push(Deal::new(rules, cards).expect("cards were checked against the deck"));
            cards = CardSet::EMPTY;
            first_at.clear();
            in_deal = 0;
        } else if line_ends {
            // (in_deal < size: a card past the size is refused above.) The deal continues
            // on the next line, unless that line would overflow it. A full deal with more
            // on its line goes on to the next token, one card too many, refused there.
            if let Some(next) = sc.peek_token() {
                let on_next_line = count_on_line(&sc, next.location.line);
                if in_deal + on_next_line > size {
                    return Err(ParseError::new(
                        next.location,
                        case,
                        format!(
                            "deal {number} has too few cards: {in_deal} of {size} so far, \
                             and this line's {on_next_line} would make {} (a deal ends with \
                             the line that completes it; one line never holds cards of two \
                             deals)",
                            in_deal + on_next_line
                        ),
                    ));
                }
            }
        }
    }
    if in_deal > 0 {
        let number = deals.len() as u64 + 1;
        return Err(ParseError::new(
            sc.location(),
            Some(("deal", number)),
            format!(
                "the input ends inside deal {number}: expected {size} cards (half the deck), \
                 found {in_deal}"
            ),
        ));
    }
    if (deals.len() as u64) < t {
        return Err(ParseError::new(
            sc.location(),
            None,
            format!("expected T = {t} deals, found only {}", deals.len()),
        ));
    }
    Ok(deals)
}

/// The number of tokens on `line`, from the scanner's position on.
fn count_on_line(sc: &Scanner<'_>, line: usize) -> usize {
    let mut s = sc.clone();
    let mut n = 0;
    while let Some(t) = s.next_token() {
        if t.location.line != line {
            break;
        }
        n += 1;
    }
    n
}

/// One deal in the canonical layout: Alice's cards in deck order, ranks as numbers,
/// separated by single spaces (`S1 S2 H10`).
pub fn write_deal(deal: &Deal) -> String {
    deal.alice().to_string()
}

/// A whole contest input in the canonical layout: `T` alone on the first line, then one
/// deal per line.
pub fn write(deals: &[Deal]) -> String {
    let mut s = format!("{}\n", deals.len());
    for d in deals {
        s.push_str(&write_deal(d));
        s.push('\n');
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sevens::rules::Stuck;

    fn small() -> Rules {
        Rules::new(2, 3, None, Stuck::Lose).unwrap()
    }

    #[test]
    fn reads_deals_after_t() {
        let r = small();
        let a = read("1\ns1 hA H3\n", &r).unwrap();
        assert_eq!(write(&a), "1\nS1 H1 H3\n");
        let b = read("2\nS1\nH1 H3\nS2 S3 H2\n", &r).unwrap();
        assert_eq!(b.len(), 2);
        assert_eq!(b[0], a[0]);
        assert_eq!(read(&write(&b), &r).unwrap(), b);
        assert_eq!(read("0\n", &r).unwrap(), vec![]);
        assert_eq!(read("1\r\nS1 H1 H3\r\n", &r).unwrap(), a);
    }

    #[test]
    fn t_is_required() {
        let r = small();
        let e = read("S1 H1 H3\n", &r).unwrap_err();
        assert_eq!((e.location.line, e.location.column), (1, 1));
        assert!(e.message.contains("expected the number of deals T"), "{e}");
        assert!(e.message.contains("`1` for a single deal"), "{e}");
        let e = read("", &r).unwrap_err();
        assert!(e.message.contains("T, found the end of input"), "{e}");
        let e = read("X3\n", &r).unwrap_err();
        assert!(e.message.contains("number of deals T, an integer"), "{e}");
    }

    #[test]
    fn errors_are_located() {
        let r = small();
        let e = read("1\nS1 H1 X3\n", &r).unwrap_err();
        assert_eq!((e.location.line, e.location.column), (2, 7));
        assert_eq!(e.case, Some(("deal", 1)));
        let e = read("1\nS1 H1 S4\n", &r).unwrap_err();
        assert_eq!((e.location.line, e.location.column), (2, 8));
        assert!(e.message.contains("does not exist"));
        let e = read("1\nS1 H1 S1\n", &r).unwrap_err();
        assert_eq!((e.location.line, e.location.column), (2, 7));
        assert!(e.message.contains("repeated"), "{e}");
        assert!(
            e.message.ends_with("first copy is at line 2, column 1"),
            "{e}"
        );
        // across the lines of one deal, and a card of the previous deal is no repeat
        let e = read("2\nS1 H1\n\nS2\nH2 S2\nH2\n", &r).unwrap_err();
        assert_eq!((e.location.line, e.location.column), (6, 1));
        assert_eq!(e.case, Some(("deal", 2)));
        assert!(
            e.message.ends_with("first copy is at line 5, column 1"),
            "{e}"
        );
        let e = read("1\nS1 H1 S2 S3\n", &r).unwrap_err();
        assert_eq!((e.location.line, e.location.column), (2, 10));
        assert!(e.message.contains("too many"));
        let e = read("2\nS1 H1\nS2 S3 H2\n", &r).unwrap_err();
        assert_eq!((e.location.line, e.location.column), (3, 1));
        assert!(e.message.contains("too few"));
        // one card so far and three on the next line: 1 + 3 passes the deal's 3
        let e = read("1\nS1\nH1 H2 H3\n", &r).unwrap_err();
        assert_eq!((e.location.line, e.location.column), (3, 1));
        assert!(
            e.message.contains("1 of 3 so far, and this line's 3"),
            "{e}"
        );
        let e = read("1\nS1 H1\n", &r).unwrap_err();
        assert_eq!((e.location.line, e.location.column), (3, 1));
        assert!(e.message.contains("ends inside deal 1"));
        let e = read("2\nS1 H1 H2\n", &r).unwrap_err();
        assert!(e.message.contains("found only 1"));
        let e = read("1\nS1 H1 H2\nS2 S3 H3\n", &r).unwrap_err();
        assert_eq!((e.location.line, e.location.column), (3, 1));
        let e = read("1 S1 H1 H2\n", &r).unwrap_err();
        assert!(e.message.contains("alone"));
        let e = read("-1\n", &r).unwrap_err();
        assert!(e.message.contains("non-negative"));
        let odd = Rules::new(3, 3, None, Stuck::Lose).unwrap();
        assert!(read("S1", &odd).unwrap_err().message.contains("odd"));
    }

    /// Every rank text of up to four characters over digits, signs, letters and the
    /// rank letters, after `S` and `h`, read against the contest statement's ranks: 1..=13
    /// written in at most three digits or as A, T, J, Q, K in any case; a rank of 1..=13
    /// outside the deck is named as such, and a missing rank has its own message.
    #[test]
    fn card_ranks_are_read_as_the_statement_writes_them() {
        let rules = Rules::new(2, 9, None, Stuck::Lose).unwrap();
        let alphabet = ['0', '1', '3', '9', '+', '-', 'A', 't', 'K', 'x', 'é'];
        let mut texts = vec![String::new()];
        for len in 1..=4 {
            let mut next = Vec::new();
            for t in texts.iter().filter(|t| t.chars().count() == len - 1) {
                next.extend(alphabet.iter().map(|c| format!("{t}{c}")));
            }
            texts.extend(next);
        }
        let rank_of = |t: &str| -> Option<u32> {
            match t {
                "A" | "a" => Some(1),
                "T" | "t" => Some(10),
                "J" | "j" => Some(11),
                "Q" | "q" => Some(12),
                "K" | "k" => Some(13),
                _ if (1..=3).contains(&t.len()) && t.chars().all(|c| c.is_ascii_digit()) => {
                    t.parse().ok()
                }
                _ => None,
            }
        };
        let (mut read, mut outside) = (0, 0);
        for rank_text in &texts {
            for suit in ["S", "h"] {
                let text = format!("{suit}{rank_text}");
                let token = Token {
                    text: &text,
                    location: Location { line: 2, column: 5 },
                };
                let got = parse_card(token, &rules, Some(("deal", 1)));
                match rank_of(rank_text) {
                    Some(r) if (1..=9).contains(&r) => {
                        let card = got.unwrap_or_else(|e| panic!("{text}: {e}"));
                        assert_eq!(
                            (card.suit, u32::from(card.rank)),
                            (u8::from(suit == "h"), r)
                        );
                        read += 1;
                    }
                    rank => {
                        let e = got.expect_err(&text);
                        let want = match rank {
                            Some(10..=13) => "the deck has ranks 1..=9".to_string(),
                            _ if rank_text.is_empty() => "expected a rank after the suit".into(),
                            _ => format!("unknown rank `{rank_text}`"),
                        };
                        assert!(e.message.contains(&want), "{text}: {e}");
                        // located at the rank, after the suit letter
                        assert_eq!((e.location.line, e.location.column), (2, 6), "{text}");
                        outside += u32::from(rank.is_some());
                    }
                }
            }
        }
        // digits with zeros before them (`007`), letters in both cases, ranks past 9
        assert!(read >= 20 && outside > 10, "{read} {outside}");
    }
}
