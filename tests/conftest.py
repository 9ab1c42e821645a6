"""Test helpers for the store, the CLI and the exports.

:func:`make_hand` builds a :class:`~ingest.model.ValidatedHand` directly — a
random but well-formed full hand (a real shuffled deal, each trick's winner by
the standard trump order, a zero-sum settlement) with its SHN source text — so
the store can be tested without the validator.  :func:`make_rejected` builds a
:class:`~ingest.model.RejectedHand`.  Both are deterministic in their
arguments.
"""

from __future__ import annotations

import random

import pytest

from ingest.model import CardLog, FileResult, HandOutcome, PlayRow, RejectedHand, ValidatedHand, content_hash
from replay.cards import POINTS, STANDARD, TRUMP, Card
from replay.errors import Diagnostic

SEATS = ("Al", "Bea", "Cy", "Di", "Ed")
NAMES = ("Allen Braun", "Bea Schmidt", "Cy Ott", "Di Lenz", "Ed Kahl")
SESSION = "Thursday Night Sheepshead / 2025.03.06 / 2"
GROUP = "Thursday Night Sheepshead"
RULES = "wi5-called-ace; doubleOnBump=on; noPick=leaster"
FLAGS = {"name": "wi5-called-ace", "doubleOnBump": True, "noPick": "leaster"}
HEADER = (
    '[Event "Thursday Night Sheepshead"]\n[Site "Schultz\'s Tavern"]\n[Date "2025.03.06"]\n[Table "2"]\n'
    '[Seats "Al=Allen Braun; Bea=Bea Schmidt; Cy=Cy Ott; Di=Di Lenz; Ed=Ed Kahl"]\n'
    f'[Rules "{RULES}"]'
)


def _trick_winner(cards: list[Card]) -> int:
    """Index in ``cards`` (play order) of the card that wins the trick."""
    lead_suit = STANDARD.suit_of[cards[0]]
    best = 0
    for i, c in enumerate(cards):
        s = STANDARD.suit_of[c]
        b = cards[best]
        bs = STANDARD.suit_of[b]
        if s == TRUMP and bs != TRUMP:
            best = i
        elif s == bs and STANDARD.strength[c] > STANDARD.strength[b]:
            best = i
        elif s == lead_suit and bs == lead_suit and STANDARD.strength[c] > STANDARD.strength[b]:
            best = i
    return best


def make_hand(
    hand: int = 1,
    *,
    seed: int | None = None,
    session: str = SESSION,
    group: str | None = GROUP,
    date: str | None = "2025-03-06",
    source_file: str | None = "thursday.shn",
    source_line: int | None = None,
    header: str = HEADER,
    score_sheet: bool = False,
) -> ValidatedHand:
    """A well-formed picked hand numbered ``hand``.

    The deal is a shuffle seeded by ``seed`` (default ``hand``); the dealer
    rotates with the hand number; the picker is the seat after the dealer;
    the picker buries its two lowest-point cards and calls ``AH``; every
    trick is played by the seats' remaining cards in a seeded order and won
    by the standard trump order.  Units: picker ±2, partner ±1, defenders ∓1
    (a loss doubled on the bump), summing to zero.  ``score_sheet=True``
    gives the same outcome without a card log (``status`` ``score-sheet``).
    """
    rng = random.Random(hand if seed is None else seed)
    deck = list(Card)
    rng.shuffle(deck)
    dealer_i = (hand - 1) % 5
    picker_i = (dealer_i + 1) % 5
    order = [SEATS[(dealer_i + 1 + k) % 5] for k in range(5)]
    deal = {SEATS[i]: deck[i * 6:(i + 1) * 6] for i in range(5)}
    blind = deck[30:32]
    picker = SEATS[picker_i]
    held = deal[picker] + blind
    bury = sorted(held, key=lambda c: (POINTS[c], c))[:2]
    holding = {s: list(deal[s]) for s in SEATS}
    holding[picker] = [c for c in held if c not in bury]
    partner_i = (picker_i + 2) % 5
    partner = SEATS[partner_i]
    plays: list[PlayRow] = []
    leader = order[0]
    side_points = sum(POINTS[c] for c in bury)
    side_tricks = 0
    trick_lines = []
    for t in range(1, 7):
        li = SEATS.index(leader)
        seats = [SEATS[(li + k) % 5] for k in range(5)]
        cards = []
        for s in seats:
            c = holding[s].pop(rng.randrange(len(holding[s])))
            cards.append(c)
        w = _trick_winner(cards)
        for k, (s, c) in enumerate(zip(seats, cards)):
            plays.append(PlayRow(trick=t, order=k, seat=s, card=str(c), winner=(k == w)))
        if seats[w] in (picker, partner):
            side_points += sum(POINTS[c] for c in cards)
            side_tricks += 1
        trick_lines.append(f"t{t} {leader + ':':<4} " + " ".join(str(c) for c in cards))
        leader = seats[w]
    won = side_points >= 61
    outcome = "win" if won else "lose"
    per = 1 if won else 2
    sign = 1 if won else -1
    units = {s: -sign * per for s in SEATS}
    units[picker] = sign * 2 * per
    units[partner] = sign * per
    line = source_line if source_line is not None else 8 + (hand - 1) * 14
    if score_sheet:
        src = (f"hand {hand}  dealer {SEATS[dealer_i]}\npick {picker}  call AH  partner {partner}  "
               f"pts {side_points}  {outcome}\nscore " + " ".join(f"{s} {u:+d}" for s, u in units.items()) + "\n")
    else:
        src_lines = [f"hand {hand}  dealer {SEATS[dealer_i]}"]
        src_lines += [f"deal {s:<4}" + " ".join(str(c) for c in deal[s]) for s in SEATS]
        src_lines += ["blind " + " ".join(str(c) for c in blind), f"pick {picker}",
                      "bury " + " ".join(str(c) for c in bury), "call AH"]
        src_lines += trick_lines
        src_lines.append(f"partner {partner}  pts {side_points}  tricks {side_tricks}  {outcome}")
        src_lines.append("score " + " ".join(f"{s} {u:+d}" for s, u in units.items()))
        src = "\n".join(src_lines) + "\n"
    verdict = "picker wins" if won else "picker loses"
    breakdown = (f"tier: plain 1{'' if won else ' × double on the bump 2'} = {per} per defender; {verdict} "
                 "(with partner): " + ", ".join(f"{s} {u:+d}" for s, u in units.items()))
    outcome_rec = HandOutcome(
        session=session, group=group, hand=hand, date=date, rules=RULES, rules_flags=dict(FLAGS),
        game="sheepshead", game_type=None, players=dict(zip(SEATS, NAMES)), dealer=SEATS[dealer_i],
        picker=picker, partner=partner, call="AH", alone=False, leaster_winner=None, multiplier=1,
        picker_points=side_points, picker_tricks=None if score_sheet else side_tricks, outcome=outcome,
        units=units,
        provenance={"partner": "verified", "picker_points": "verified", "units": "verified"} if not score_sheet
        else {"partner": "asserted", "picker_points": "asserted", "units": "asserted"},
        status="score-sheet" if score_sheet else "full", table="2", site="Schultz's Tavern", stake=1, marks=0,
        tier=1, partner_revealed_trick=None if score_sheet else 3, called_suit="H", call_type="ace",
        breakdown=breakdown, warnings=[],
    )
    cardlog = None if score_sheet else CardLog(
        deal={s: [str(c) for c in deal[s]] for s in SEATS}, blind=[str(c) for c in blind],
        bury=[str(c) for c in bury], plays=plays)
    vh = ValidatedHand(outcome=outcome_rec, cardlog=cardlog, source=src, source_file=source_file,
                       source_line=line, hash=content_hash(session, hand, src))
    if header:
        vh.session_header = header
    return vh


def make_rejected(hand: int = 99, *, line: int = 40, col: int = 7, code: str = "E-RENEGE",
                  message: str = "Cy played KH but holds clubs (8C) and clubs were led",
                  session: str = SESSION, source_file: str | None = "thursday.shn") -> RejectedHand:
    """A rejected hand whose first error is ``code`` at ``line``/``col``."""
    src = f"hand {hand}  dealer Al\npick Bea  call AH\nt1 Al: 9C TD KH 7C TC\n"
    diag = Diagnostic(code, message, file=source_file, line=line, col=col, hand=hand, trick=1, found="KH",
                      expected="a club")
    return RejectedHand(session=session, hand=hand, source=src, source_file=source_file, source_line=line - 2,
                        errors=[diag], hash=content_hash(session, hand, src))


def make_file(n: int = 50, *, path: str = "thursday.shn", start: int = 1, bad: tuple[int, ...] = (),
              session: str = SESSION) -> FileResult:
    """A :class:`FileResult` of hands ``start .. start+n-1``; the hand numbers
    in ``bad`` come back as rejected hands instead (line ``8 + 14*(k-1) + 2``,
    col 7)."""
    res = FileResult(path=path)
    for k in range(start, start + n):
        if k in bad:
            res.rejected.append(make_rejected(k, line=8 + 14 * (k - 1) + 2, session=session, source_file=path))
        else:
            res.hands.append(make_hand(k, session=session, source_file=path))
    return res


@pytest.fixture
def db(tmp_path):
    """A fresh database path (the file does not exist yet)."""
    return tmp_path / "shead.duckdb"


__all__ = ["make_hand", "make_rejected", "make_file", "SEATS", "NAMES", "SESSION", "GROUP", "HEADER", "RULES"]
