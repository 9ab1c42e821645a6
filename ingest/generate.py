"""Generated hands as SHN: records and text for tests, the demo season and
benchmarks.  The hands come from :mod:`replay.generator` (legal by
construction); this module only writes them down.

* :func:`to_record` — one :class:`~replay.generator.GeneratedHand` as a
  :class:`~ingest.shn.record.HandRecord`, full (deal, bury, call, every trick,
  result, score) or as a score-sheet line.
* :func:`generate_session_text` — a whole SHN file of one session.
* :func:`demo_season` — the demo group's season (a group of seven, about forty
  evenings, a few thousand hands).
* :func:`variety_nights` — the same group's Monday variety nights: other table
  sizes and house rules (docs/profiles.md), one profile an evening.
"""

from __future__ import annotations

import datetime as _dt
import random
from pathlib import Path

from replay.actions import Blitz, Castrate, Crack, Recrack
from replay.cards import cards_in
from replay.generator import GeneratedHand, random_session
from replay.scoring import NOPICK_GAMES, schwanzer_value
from replay.profile import parse_rules
from replay.state import CallType

from .shn.record import (CallRec, CardsRec, GiveRec, HandRecord, MarkRec, PlayRec, ScoreRec, SessionRec, ShnFile,
                         TrickRec, Value)

__all__ = ["to_record", "generate_session_text", "demo_season", "variety_nights", "VARIETY_RULES", "DEMO_PLAYERS"]

DEFAULT_ALIASES = ["Al", "Bea", "Cy", "Di", "Ed"]

#: The demo group: seven regulars (alias, name).
DEMO_PLAYERS = [
    ("Al", "Allen Braun"), ("Bea", "Bea Schmidt"), ("Cy", "Cy Ott"), ("Di", "Di Lenz"),
    ("Ed", "Ed Kahl"), ("Flo", "Flo Jaeger"), ("Gus", "Gus Wendt"),
]


def _cards(mask: int) -> CardsRec:
    return CardsRec(list(cards_in(mask)))


def to_record(h: GeneratedHand, session: SessionRec, aliases: list[str] | None = None, *,
              score_sheet: bool | None = None, write_score: bool = True) -> HandRecord:
    """The SHN record of a generated hand.  ``score_sheet`` (default: the
    hand's own flag) writes only the table's line: pick, call, partner, pts,
    outcome and score."""
    a = aliases or [al for al, _ in _seats(session)] or DEFAULT_ALIASES
    g = h.state
    sheet = h.score_sheet if score_sheet is None else score_sheet
    rec = HandRecord(number=h.number, session=session)
    rec.dealer = Value(a[h.dealer])
    if h.kind == "misdeal":
        rec.misdeal = Value(True)
        return rec
    if h.kind == "doubler":
        rec.doubler = Value(True)
        return rec
    if not sheet:
        # the dealer who sits out (rules.md F-1) has no deal line
        rec.deals = [CardsRec(list(cards_in(h.hands[s])), seat=a[s]) for s in range(len(a))
                     if s != g.sitting and h.hands[s]]  # wi2-all-table: no hand cards, no deal line (issue 18)
        if h.table is not None:  # two-handed wi2: the table stacks, down/up (rules.md F-1)
            rec.tables = [CardsRec([c for stack in h.table[s] for c in stack], seat=a[s]) for s in range(len(a))]
        if h.blind:
            rec.blind = _cards(h.blind)
    settle = g.settlement()
    if h.stake != 1:
        rec.stake = Value(h.stake)
    if h.kind in NOPICK_GAMES:  # rules.md D: the seat the game turns on, or - for a wash
        w, _, _ = g.nopick_seat()
        if h.kind == "leaster":
            rec.leaster = Value(a[w] if w is not None else None)
            rec.leaster_tie = w is None
        else:
            rec.nopick = Value(a[w] if w is not None else None)
            rec.nopick_game = h.kind
            rec.nopick_tie = w is None
        if w is not None:
            rec.pts = Value(schwanzer_value(h.hands[w], g.profile.trumps) if h.kind == "schwanzer"
                            else g.leaster_points()[w])
            if h.kind == "leaster" and g.profile.leasterNoTrickDouble and g.ntaken[w] == 0:
                rec.tricks_won = Value(0)  # issue 18: the sheet tells the trickless winner, who wins double
        if g.blind_trick is not None:
            rec.blind_trick = Value(g.blind_trick)
    else:
        rec.pick = Value(a[g.picker])
        if not sheet and g.profile.has_blind:
            rec.bury = _cards(g.bury)
        if g.call_type in (CallType.ACE, CallType.TEN, CallType.UNDER, CallType.JD_CALLUP, CallType.OWN_ACE):
            rec.call = CallRec(g.called, g.under, has_under=g.under is not None)
        elif g.call_type == CallType.ALONE and g.profile.calls_ace:
            rec.alone = Value(True)
        elif (g.call_type == CallType.ALONE and g.profile.partnerMode == "dieRoll"
              and not (g.profile.nuclearDealer and g.picker == g.dealer)):
            rec.alone = Value(True)  # issue 18: alone instead of a roll (a nuclear dealer is alone unwritten)
        elif g.alone and g.profile.partner_card_game and (sheet or g.profile.partnerMode != "firstTwo"):
            rec.alone = Value(True)  # one player held every partner card (or played the first two of the rank)
        if g.profile.partnerMode == "qcJd7d" and g.called is not None:  # F-1: the call of 8♦/J♥ (issue 18)
            rec.call = CallRec(g.called)
        if g.given is not None:  # wi6-7d-high: a partner card passed left (issue 18)
            rec.give = GiveRec(a[g.given[0]], g.given[1], g.given[2])
        if g.roll is not None:  # issue 18, wi7-die-roll: the die roll as written in the hand
            rec.roll = Value(g.roll)
        if g.shared and not sheet:  # issue 18, wi7-shared-blind: the neighbour's part of the blind
            rec.share = _cards(g.shared)
        if g.sheepshead:
            rec.sheepshead = Value(True)
    for m in g.marks_log:
        if type(m) is Crack:
            rec.marks.append(MarkRec("crack", a[m.seat]))
        elif type(m) is Recrack:
            rec.marks.append(MarkRec("recrack", a[m.seat]))
        elif type(m) is Castrate:
            rec.marks.append(MarkRec("castrate", a[m.seat]))
        elif type(m) is Blitz:
            rec.marks.append(MarkRec("blitz", a[m.seat], m.color, pair=m.pair, late=m.late))
    if not sheet:
        for k, (leader, cards, _) in enumerate(g.tricks, 1):
            rec.tricks.append(TrickRec(k, a[leader], [PlayRec(c) for _, c in cards]))
    if h.kind == "pick":
        if g.partner is not None:
            rec.partner = Value(a[g.partner])
            if g.partner2 is not None:  # 3v3, 3v5 (rules.md F-1)
                rec.partner2 = Value(a[g.partner2])
        rec.pts = Value(g.side_points())
        if not sheet:
            rec.tricks_won = Value(g.side_tricks())
        rec.outcome = Value(settle.outcome)
    if write_score:
        rec.score = ScoreRec([(a[s], Value(settle.units[s])) for s in range(len(a))])
    return rec


def _seats(session: SessionRec) -> list[tuple[str, str]]:
    out = []
    for part in session.tags.get("Seats", "").split(";"):
        part = part.strip()
        if part:
            al, _, name = part.partition("=")
            out.append((al.strip(), name.strip()))
    return out


def generate_session_text(seed: int, hands: int, rules: str = "wi5-called-ace", *, score_sheet_rate: float = 0.0,
                          misdeal_rate: float = 0.0, event: str = "Generated Sheepshead",
                          date: str = "2026.01.01", table: str = "1", session: str | None = None) -> str:
    """An SHN file of one generated session of ``hands`` hands (seeded, so the
    same arguments give the same text)."""
    from .shn.writer import write

    prof = parse_rules(rules)
    tags = {"Event": event, "Date": date, "Table": table}
    if session:
        tags = {"Session": session, **tags}
    roster = DEMO_PLAYERS + [("Hal", "Hal Kurz")]  # up to eight seats (rules.md F-1)
    tags["Seats"] = "; ".join(f"{al}={name}" for al, name in roster[:prof.players])
    tags["Rules"] = rules
    sess = SessionRec(tags)
    gen = random_session(random.Random(seed), prof, hands, score_sheet_rate=score_sheet_rate,
                         misdeal_rate=misdeal_rate)
    recs = [to_record(h, sess) for h in gen]
    return write(ShnFile(recs))


def demo_season(seed: int = 2026, evenings: int = 40, *, start: _dt.date = _dt.date(2025, 9, 4)) -> str:
    """The demo group's season as one SHN file: seven regulars, five at the
    table each Thursday evening in a random order, 55-95 hands an evening;
    most evenings called ace with leasters, a quarter of them doublers, and one
    evening in four kept partly as a score sheet."""
    from .shn.writer import write

    rng = random.Random(seed)
    recs: list[HandRecord] = []
    for e in range(evenings):
        day = start + _dt.timedelta(days=7 * e)
        seated = rng.sample(DEMO_PLAYERS, 5)
        rules = "wi5-called-ace" if rng.random() < 0.75 else "wi5-called-ace; noPick=doubler"
        sheet_rate = 0.6 if rng.random() < 0.25 else 0.02
        tags = {
            "Session": f"thursday-{day.isoformat()}",
            "Event": "Thursday Night Sheepshead",
            "Site": "Schultz's Tavern, Sheboygan WI",
            "Date": day.strftime("%Y.%m.%d"),
            "Table": "1",
            "Seats": "; ".join(f"{al}={name}" for al, name in seated),
            "Rules": rules,
        }
        sess = SessionRec(tags)
        gen = random_session(rng, parse_rules(rules), rng.randint(55, 95), first_dealer=rng.randrange(5),
                             misdeal_rate=0.01, score_sheet_rate=sheet_rate)
        recs.extend(to_record(h, sess, [al for al, _ in seated]) for h in gen)
    return write(ShnFile(recs))


#: The variety nights' profiles, one an evening, in turn (docs/profiles.md).
VARIETY_RULES = (
    "wi3", "wi4-cutthroat", "wi6-sit-out", "wi5-moster; pot=on", "wi4-called-ace", "wi6-jack-of-diamonds",
    "wi5-spitz; allowCastrate=on; allowBlitz=queensAndJacks", "wi7-jack-of-diamonds", "wi5-schwanzer",
    "wi8-black-queens", "wi6-jd-ace", "wi5-clubs-trump; allowSheepsheadCall=on", "wi2",
)


def variety_nights(seed: int = 2026, *, start: _dt.date = _dt.date(2025, 9, 8)) -> str:
    """The demo group's Monday variety nights as one SHN file: one evening per
    profile of :data:`VARIETY_RULES`, as many of the seven regulars (and Hal, an
    eighth, for the eight-handed game) as the table seats, 30-50 hands an
    evening, a third of the evenings partly kept as a score sheet.  Shows the
    dashboard's metrics on a database that mixes table sizes and house rules
    (pick rates only over hands with a blind to pick, rules.md F-1)."""
    from .shn.writer import write

    rng = random.Random(seed)
    roster = DEMO_PLAYERS + [("Hal", "Hal Kurz")]
    recs: list[HandRecord] = []
    for e, rules in enumerate(VARIETY_RULES):
        day = start + _dt.timedelta(days=7 * e)
        prof = parse_rules(rules)
        seated = rng.sample(roster[:7], prof.players) if prof.players <= 7 else roster[:prof.players]
        tags = {
            "Session": f"monday-{day.isoformat()}",
            "Event": "Monday Variety Night",
            "Site": "Schultz's Tavern, Sheboygan WI",
            "Date": day.strftime("%Y.%m.%d"),
            "Table": "2",
            "Seats": "; ".join(f"{al}={name}" for al, name in seated),
            "Rules": rules,
        }
        sess = SessionRec(tags)
        gen = random_session(rng, prof, rng.randint(30, 50), first_dealer=rng.randrange(prof.players),
                             misdeal_rate=0.01, score_sheet_rate=0.5 if e % 3 == 2 else 0.02)
        recs.extend(to_record(h, sess, [al for al, _ in seated]) for h in gen)
    return write(ShnFile(recs))


def write_demo(path: str | Path, seed: int = 2026) -> int:
    """Write :func:`demo_season` to ``path``; returns the number of bytes."""
    text = demo_season(seed)
    Path(path).write_text(text, encoding="utf-8")
    return len(text.encode("utf-8"))
