"""Write records as canonical SHN 1.0 text.

Public API::

    write(file: ShnFile) -> str
    write_hand(hand: HandRecord) -> str

The canonical form is docs/notation.md §10 (it fixes what the design brief,
notation.md §3 "Canonical order inside a hand", leaves to the project).  In
short:

* ``%SHN 1.0``; the first session's tags, one per line; a blank line; then
  the hands, separated by one blank line.  A later session is a blank line,
  its tags (``[Session]`` first), a blank line.  The text ends with one LF.
* Tags in the order Session, Event, Site, Date, Table, Seats, Rules, then
  other tags by name, then the ``_`` tags by name; ``[Name "value"]`` with
  ``\\"`` and ``\\\\`` escaped.
* Inside a hand, in this order: ``hand N  dealer S``; the hand's own tags;
  ``deal`` lines in seat order; ``blind``; the pick line (misdeal, pick,
  leaster, doubler, stake); ``bury``; the call line (call, alone); the marks
  line (crack, recrack, blitz as recorded); the tricks in number order;
  ``claim``; the result line (partner, pts, tricks, outcome); ``score``.
  A hand with no card log (no deal, blind, bury or trick) writes the pick,
  call, marks, claim and result items on one line, the score-sheet line.
* Statements sharing a line are separated by two spaces; inside a statement
  one space.  In ``deal`` and trick lines the seat (with its ``:``) is padded
  to the longest alias of those lines, so the cards line up.
* Cards upper case with ``T`` (German, ``EO`` ``SZ``, under ``[Cards "de"]``,
  docs/notation.md §14); ``??`` unknown; Schafkopf hands: ``ramsch`` or
  ``game ...`` on the pick line, ``klopfen``/``kontra``/``re`` on the marks
  line, ``laufende`` on the result line after ``partner``; ``^R`` and the move suffix
  around a played card; annotations ``{...}`` right after what they belong to,
  with one space before; ``;`` comments are not stored, so not written.

Guarantees: ``write(read(x)) == x`` for a canonical ``x``, and
``facts(read(write(f)))`` equals ``facts(f)`` for every record the reader can
produce (deal lines in seat order, tricks in number order: the reader stores
them so; the writer sorts them the same way).

Errors: a record that cannot be written so that it reads back the same raises
``ValueError`` saying which field and why (an annotation holding ``}`` or a
line break or leading/trailing spaces, a tag value with a line break, a seat
that is not an alias, a number out of the range the reader accepts, a later
session without a ``Session`` tag, hand numbers not increasing in a session).
"""

from __future__ import annotations

import re

from replay.cards import Card
from replay.schafkopf import german

from .reader import SUFFIXES, TAG_NAME, is_alias, parse_seats
from .record import GAME_CALLS, GAME_SUITS, IN_GAMES, OUTCOMES, SK_GAMES, HandRecord, SessionRec, ShnFile, Value

__all__ = ["write", "write_hand", "tag_order", "tag_lines", "tag_line"]

_ROSTER = ("Session", "Event", "Site", "Date", "Table", "Seats", "Rules")
_ROSTER_INDEX = {name: k for k, name in enumerate(_ROSTER)}
_SURROGATE = re.compile("[\ud800-\udfff]")
_SEP = "  "
_ALIASES_OK: set[str] = set()


def tag_order(name: str) -> tuple:
    """Sort key of the canonical tag order (docs/notation.md §10)."""
    k = _ROSTER_INDEX.get(name)
    if k is not None:
        return (0, k, "")
    return (2 if name.startswith("_") else 1, 0, name)


def _text_ok(text: str, what: str) -> None:
    if "\n" in text:
        raise ValueError(f"{what} holds a line break ({text!r}); SHN keeps it on one line")
    if _SURROGATE.search(text):
        raise ValueError(f"{what} holds a lone surrogate ({text!r}), which is not UTF-8")


def _note(note: str | None, what: str) -> str:
    if note is None:
        return ""
    if not isinstance(note, str):
        raise ValueError(f"the annotation of {what} is {note!r}, not a string")
    _text_ok(note, f"the annotation of {what}")
    if "}" in note:
        raise ValueError(f"the annotation of {what} holds '}}' ({note!r}), which would end it")
    if note != note.strip():
        raise ValueError(f"the annotation of {what} has leading or trailing spaces ({note!r}); the reader strips them")
    return " {" + note + "}"


def tag_line(name: str, value: str, note: str | None = None) -> str:
    """One tag line ``[Name "value"] {note}`` with its LF (docs/notation.md
    §10: ``"`` and ``\\`` escaped, the annotation one space after).  Raises
    ``ValueError`` for a name, value or note that would not read back."""
    if not isinstance(name, str) or TAG_NAME.fullmatch(name) is None:
        raise ValueError(f"the tag name {name!r} is not letters, digits and _ (not starting with a digit)")
    if not isinstance(value, str):
        raise ValueError(f"the value of tag {name} is {value!r}, not a string")
    _text_ok(value, f"the value of tag {name}")
    escaped = value.replace("\\", "\\\\").replace('"', '\\"')
    return f'[{name} "{escaped}"]' + _note(note, f"tag {name}") + "\n"


def tag_lines(tags: dict[str, str], notes: dict[str, str], where: str = "the session") -> str:
    """The tag lines of ``tags`` in canonical tag order (:func:`tag_order`),
    each with its annotation from ``notes`` (tag name -> text), as the
    session header of docs/notation.md §10.  Raises ``ValueError`` as
    :func:`tag_line` does, or for a note of a tag that is not there."""
    for k in notes:
        if k not in tags:
            raise ValueError(f"{where} has an annotation for the tag {k!r}, which it does not have")
    return "".join(tag_line(name, tags[name], notes.get(name)) for name in sorted(tags, key=tag_order))


def _seat(s, what: str, unknown_ok: bool = True) -> str:
    if s is None:
        if unknown_ok:
            return "?"
        raise ValueError(f"{what} has no seat; it must be written")
    if s not in _ALIASES_OK:
        if not isinstance(s, str) or not is_alias(s):
            raise ValueError(f"{what}: {s!r} is not a seat alias (a letter then letters or digits; never a keyword "
                             "or a card)")
        _ALIASES_OK.add(s)
    return s


def _card(c, what: str, de: bool = False) -> str:
    """A card's canonical spelling: French (``QC``), or German (``EO``) under
    ``[Cards "de"]`` (docs/notation.md §14)."""
    if c is None:
        return "??"
    if not isinstance(c, Card):
        raise ValueError(f"{what}: {c!r} is not a card")
    return german(c) if de else str(c)


def _cards(cards, what: str, de: bool = False) -> str:
    if not cards:
        raise ValueError(f"{what} has no card")
    return " ".join([_card(c, what, de) for c in cards])


def _int(v, what: str, lo: int, hi: int | None = None) -> str:
    if type(v) is not int or v < lo or (hi is not None and v > hi):
        rng = f"{lo}..{hi}" if hi is not None else f"{lo} or more"
        raise ValueError(f"{what} is {v!r}; the reader accepts a whole number {rng}")
    return str(v)


def _number(val: Value, kw: str, lo: int, hi: int | None, agreed_ok: bool) -> str:
    if val.value is None:
        if val.agreed:
            raise ValueError(f"'{kw}' is unknown (?) and marked agreed (^); a ^ mark needs a number")
        text = "?"
    else:
        text = _int(val.value, f"'{kw}'", lo, hi)
        if val.agreed:
            if not agreed_ok:
                raise ValueError(f"'{kw}' cannot carry the agreed mark ^")
            text = "^" + text
    return f"{kw} {text}" + _note(val.note, f"'{kw}'")


def _flag(val: Value, kw: str) -> str:
    if val.value is not True:
        raise ValueError(f"'{kw}' is recorded with value {val.value!r}; it can only be written as present (True)")
    return kw + _note(val.note, f"'{kw}'")


def _units(v: Value, seat: str) -> str:
    if v.value is None:
        if v.agreed:
            raise ValueError(f"the units of {seat} are unknown (?) and marked agreed (^); a ^ mark needs a number")
        text = "?"
    else:
        n = v.value
        if type(n) is not int:
            raise ValueError(f"the units of {seat} are {n!r}, not a whole number")
        text = f"+{n}" if n > 0 else str(n)
        if v.agreed:
            text = "^" + text
    return text + _note(v.note, f"the score entry of {seat}")


def _pick_items(h: HandRecord) -> list[str]:
    items = []
    if h.misdeal is not None:
        items.append(_flag(h.misdeal, "misdeal"))
    if h.potsplit is not None:  # issue 18: the pot split (docs/notation.md §6)
        items.append(_flag(h.potsplit, "potsplit"))
    if h.pick is not None:
        items.append("pick " + _seat(h.pick.value, "'pick'") + _note(h.pick.note, "'pick'"))
    if h.leaster is not None:
        if h.leaster_tie:
            if h.leaster.value is not None:
                raise ValueError(f"'leaster' names {h.leaster.value!r} and is marked a tie")
            who = "-"
        else:
            who = _seat(h.leaster.value, "'leaster'")
        items.append("leaster " + who + _note(h.leaster.note, "'leaster'"))
    elif h.leaster_tie:
        raise ValueError("the hand is marked a leaster tie but has no 'leaster'")
    if h.nopick is not None:  # moster, mittler, schneidster, schwanzer (rules.md D)
        kw = h.nopick_game
        if kw not in ("moster", "mittler", "schneidster", "schwanzer"):
            raise ValueError(f"a no-pick game {kw!r}; expected moster, mittler, schneidster or schwanzer")
        if h.nopick_tie:
            if h.nopick.value is not None:
                raise ValueError(f"{kw!r} names {h.nopick.value!r} and is marked a wash")
            who = "-"
        else:
            who = _seat(h.nopick.value, f"'{kw}'")
        items.append(f"{kw} {who}" + _note(h.nopick.note, f"'{kw}'"))
    elif h.nopick_tie or h.nopick_game is not None:
        raise ValueError("the hand names a no-pick game but has no seat for it")
    if h.doubler is not None:
        items.append(_flag(h.doubler, "doubler"))
    if h.stake is not None:
        items.append(_number(h.stake, "stake", 1, None, False))
    if h.pot is not None:
        items.append(_number(h.pot, "pot", 0, None, False))
    if h.blind_trick is not None:
        items.append(_number(h.blind_trick, "blindtrick", 1, 99, False))
    if h.ramsch is not None:
        items.append(_flag(h.ramsch, "ramsch"))
    if h.thrown is not None:
        items.append(_flag(h.thrown, "thrown"))
    g = h.game
    if g is not None:
        if g.name not in SK_GAMES and g.name not in IN_GAMES:
            raise ValueError(f"the game is {g.name!r}; expected one of {', '.join(SK_GAMES + IN_GAMES)}")
        text = "game " + _seat(g.seat, "'game'") + " " + g.name
        if g.name in GAME_CALLS:
            text += " " + _card(g.called, f"'game ... {g.name}'", h.tag("Cards") == "de")
        elif g.called is not None:
            raise ValueError(f"'game {g.name}' has a called card; only {' and '.join(GAME_CALLS)} have one")
        if g.name in GAME_SUITS:
            if g.suit not in GAME_SUITS[g.name]:
                raise ValueError(f"'game {g.name}' has the suit {g.suit!r}; expected one of "
                                 f"{', '.join(GAME_SUITS[g.name])}")
            text += " " + g.suit
        elif g.suit is not None:
            raise ValueError(f"'game {g.name}' has a suit ({g.suit!r}); only {', '.join(GAME_SUITS)} have one")
        if g.tout:
            text += " tout"
        items.append(text + _note(g.note, "'game'"))
    return items


def _call_items(h: HandRecord, de: bool = False) -> list[str]:
    items = []
    c = h.call
    if c is not None:
        text = "call " + _card(c.card, "'call'", de)
        if c.has_under:
            text += " under " + _card(c.under, "'call ... under'", de)
        elif c.under is not None:
            raise ValueError("'call' has an under card but has_under is False")
        items.append(text + _note(c.note, "'call'"))
    if h.roll is not None:  # issue 18: the seven-handed die roll (wi7-die-roll)
        items.append(_number(h.roll, "roll", 1, 6, False))
    if h.alone is not None:
        items.append(_flag(h.alone, "alone"))
    if h.sheepshead is not None:
        items.append(_flag(h.sheepshead, "sheepshead"))
    if h.give is not None:  # wi6-7d-high: a partner card passed left (issue 18, docs/notation.md §6)
        g = h.give
        what = "'give'"
        items.append(" ".join(("give", _seat(g.seat, what, False), _card(g.card, what, de), "back",
                               _card(g.back, "'give ... back'", de))) + _note(g.note, what))
    return items


_MARK_KINDS = ("crack", "recrack", "castrate", "blitz", "klopfen", "kontra", "re")


def _mark_items(h: HandRecord) -> list[str]:
    items = []
    for m in h.marks:
        if m.kind not in _MARK_KINDS:
            raise ValueError(f"a mark of kind {m.kind!r}; expected one of {', '.join(_MARK_KINDS)}")
        text = f"{m.kind} " + _seat(m.seat, f"'{m.kind}'")
        if m.after:
            if m.kind not in ("kontra", "re"):
                raise ValueError(f"'{m.kind}' has after={m.after!r}; only kontra and re are written with 'after'")
            text += " after " + _int(m.after, f"'{m.kind} ... after'", 0, 32)
        if m.pair not in ("queens", "jacks") or (m.pair == "jacks" and m.kind != "blitz"):
            raise ValueError(f"a {m.kind} with pair {m.pair!r}; only a blitz shows jacks")
        if m.kind == "blitz":
            if m.color not in ("black", "red") and not (m.color in ("middle", "four") and m.pair == "jacks"):
                raise ValueError(f"'blitz' has colour {m.color!r}; expected black or red (middle or four: jacks)")
            text += " " + m.color
            if m.pair == "jacks":
                text += " jacks"
            if m.late:
                text += " late"
        elif m.color is not None:
            raise ValueError(f"'{m.kind}' has a colour ({m.color!r}); only a blitz has one")
        items.append(text + _note(m.note, f"'{m.kind}'"))
    return items


def _claim_items(h: HandRecord) -> list[str]:
    if h.claim is None:
        return []
    return ["claim " + _seat(h.claim.value, "'claim'") + _note(h.claim.note, "'claim'")]


def _result_items(h: HandRecord) -> list[str]:
    items = []
    if h.partner is not None:
        second = " " + _seat(h.partner2.value, "'partner'") if h.partner2 is not None else ""
        items.append("partner " + _seat(h.partner.value, "'partner'") + second + _note(h.partner.note, "'partner'"))
    lf = h.laufende
    if lf is not None:
        if lf.count is None:
            if lf.agreed or lf.side is not None:
                raise ValueError("'laufende ?' cannot carry ^ or with/without")
            text = "laufende ?"
        else:
            text = "laufende " + ("^" if lf.agreed else "") + _int(lf.count, "'laufende'", 0, 14)
            if lf.count:
                if lf.side not in ("with", "without"):
                    raise ValueError(f"'laufende {lf.count}' has side {lf.side!r}; expected with or without")
                text += " " + lf.side
            elif lf.side is not None:
                raise ValueError("'laufende 0' cannot say with or without")
        items.append(text + _note(lf.note, "'laufende'"))
    if h.pts is not None:
        items.append(_number(h.pts, "pts", 0, 120, True))
    if h.tricks_won is not None:
        items.append(_number(h.tricks_won, "tricks", 0, None, True))
    if h.outcome is not None:
        if h.outcome.value not in OUTCOMES:
            raise ValueError(f"the outcome is {h.outcome.value!r}; expected one of {', '.join(OUTCOMES)}")
        items.append(h.outcome.value + _note(h.outcome.note, f"'{h.outcome.value}'"))
    return items


def _score_line(h: HandRecord) -> str:
    sc = h.score
    if not sc.entries:
        raise ValueError("'score' has no entry")
    parts = ["score" + _note(sc.note, "'score'")]
    seen = set()
    for seat, v in sc.entries:
        _seat(seat, "a score entry", unknown_ok=False)
        if seat in seen:
            raise ValueError(f"'score' has two entries for {seat}")
        seen.add(seat)
        parts.append(seat + " " + _units(v, seat))
    return " ".join(parts)


def _seat_order(h: HandRecord) -> dict[str, int] | None:
    text = h.tag("Seats")
    if text is None:
        return None
    try:
        return {a: k for k, (a, _) in enumerate(parse_seats(text))}
    except ValueError:
        return None


def write_hand(hand: HandRecord) -> str:
    """The canonical text of one hand (docs/notation.md §10), from ``hand N``
    to its last line, ending with a line feed; session tags are not included
    (the hand's own tags are).  Deal lines are written in the order of the
    Seats in force for the hand, tricks in number order.  Raises
    ``ValueError`` for a record that cannot be written faithfully (see the
    module docstring)."""
    h = hand
    de = h.tag("Cards") == "de"
    if type(h.number) is not int or h.number < 1:
        raise ValueError(f"the hand number is {h.number!r}; expected a whole number from 1")
    head = f"hand {h.number}" + _note(h.note, f"hand {h.number}")
    if h.dealer is not None:
        head += _SEP + "dealer " + _seat(h.dealer.value, "'dealer'") + _note(h.dealer.note, "'dealer'")
    out = [head + "\n"]
    if "Session" in h.tags:
        raise ValueError("a hand cannot carry its own Session tag (a Session tag starts a new session)")
    if h.tags or h.tag_notes:
        out.append(tag_lines(h.tags, h.tag_notes, f"hand {h.number}"))
    deals = list(h.deals)
    tricks = sorted(h.tricks, key=lambda t: t.number)
    width = 0
    for d in (*deals, *h.tables):
        _seat(d.seat, "'deal'", unknown_ok=False)
        width = max(width, len(d.seat))
    for t in tricks:
        _seat(t.leader, f"trick t{t.number}", unknown_ok=False)
        width = max(width, len(t.leader))
    order = _seat_order(h) if len(deals) > 1 or len(h.tables) > 1 else None
    if order is not None and all(d.seat in order for d in deals):
        deals.sort(key=lambda d: order[d.seat])
    full = bool(deals or h.blind is not None or h.bury is not None or h.share is not None or tricks)
    seen_seats = set()
    for d in deals:
        if d.seat in seen_seats:
            raise ValueError(f"two deal lines for {d.seat}")
        seen_seats.add(d.seat)
        out.append("deal " + d.seat + " " * (width - len(d.seat)) + " " + _cards(d.cards, f"'deal {d.seat}'", de)
                   + _note(d.note, f"'deal {d.seat}'") + "\n")
    tables = list(h.tables)  # h6-two: table stacks, down/up (docs/notation.md §6)
    if order is not None and all(d.seat in order for d in tables):
        tables.sort(key=lambda d: order[d.seat])
    seen_seats = set()
    for d in tables:
        _seat(d.seat, "'table'", unknown_ok=False)
        if d.seat in seen_seats:
            raise ValueError(f"two table lines for {d.seat}")
        seen_seats.add(d.seat)
        if not d.cards or len(d.cards) % 2:
            raise ValueError(f"'table {d.seat}' has {len(d.cards)} cards; expected down/up pairs")
        stacks = [_card(d.cards[k], f"'table {d.seat}'", de) + "/" + _card(d.cards[k + 1], f"'table {d.seat}'", de)
                  for k in range(0, len(d.cards), 2)]
        out.append("table " + d.seat + " " * (width - len(d.seat)) + " " + " ".join(stacks)
                   + _note(d.note, f"'table {d.seat}'") + "\n")
    full = full or bool(tables)
    if not full:
        items = _pick_items(h) + _call_items(h, de) + _mark_items(h) + _claim_items(h) + _result_items(h)
        if items:
            out.append(_SEP.join(items) + "\n")
    else:
        if h.blind is not None:
            out.append("blind " + _cards(h.blind.cards, "'blind'", de) + _note(h.blind.note, "'blind'") + "\n")
        for items in (_pick_items(h),):
            if items:
                out.append(_SEP.join(items) + "\n")
        if h.share is not None:  # issue 18, wi7-shared-blind: the neighbour's part of the blind
            out.append("share " + _cards(h.share.cards, "'share'", de) + _note(h.share.note, "'share'") + "\n")
        if h.bury is not None:
            out.append("bury " + _cards(h.bury.cards, "'bury'", de) + _note(h.bury.note, "'bury'") + "\n")
        for items in (_call_items(h, de), _mark_items(h)):
            if items:
                out.append(_SEP.join(items) + "\n")
        last = 0
        for t in tricks:
            if type(t.number) is not int or not 1 <= t.number <= 99:
                raise ValueError(f"a trick numbered {t.number!r}; expected 1..99")
            if t.number == last:
                raise ValueError(f"two tricks numbered {t.number}")
            last = t.number
            if not t.plays:
                raise ValueError(f"trick t{t.number} has no card")
            what = f"trick t{t.number}"
            cards = []
            for p in t.plays:
                if p.suffix and p.suffix not in SUFFIXES:
                    raise ValueError(f"{what}: the suffix {p.suffix!r} is not one of {' '.join(SUFFIXES)}")
                cards.append(("^R" if p.renege else "") + _card(p.card, what, de) + p.suffix + _note(p.note, what))
            out.append(f"t{t.number} {t.leader}:" + " " * (width - len(t.leader)) + _note(t.note, what) + " "
                       + " ".join(cards) + "\n")
        for items in (_claim_items(h), _result_items(h)):
            if items:
                out.append(_SEP.join(items) + "\n")
    fox = []  # the fox game's label (rules.md F-6): tokens, buck, hunters
    if h.tokens is not None:
        fox.append(" ".join(["tokens" + _note(h.tokens.note, "'tokens'")]
                            + [_seat(a, "a tokens entry", unknown_ok=False) + " " + ("?" if v.value is None else str(v.value))
                               + _note(v.note, f"the tokens of {a}") for a, v in h.tokens.entries]))
    for kw in ("buck", "hunters"):
        v = getattr(h, kw)
        if v is not None:
            fox.append(f"{kw} " + ("?" if v.value is None else _seat(v.value, f"'{kw}'")) + _note(v.note, f"'{kw}'"))
    if fox:
        out.append(_SEP.join(fox) + "\n")
    if h.score is not None:
        out.append(_score_line(h) + "\n")
    return "".join(out)


def write(file: ShnFile) -> str:
    """The canonical text of a whole file (docs/notation.md §10): header,
    session tags, hands.  Consecutive hands that share one
    :class:`~ingest.shn.record.SessionRec` object form one session; each later
    session is written after a blank line with its ``Session`` tag first (that
    is what starts a session, notation.md §3) or, when it has none (a second
    file's block, read after a ``%SHN`` header past line 1: two files joined,
    §2.1, ``W-SHN-AGAIN``), after a ``%SHN 1.0`` line of its own, as it was
    read.  ``ShnFile.errors`` and positions are not written.  Raises
    ``ValueError`` for a record that cannot be written faithfully."""
    if file.version != "1.0":
        raise ValueError(f"the file is SHN version {file.version!r}; this writer writes 1.0")
    out = ["%SHN 1.0\n"]
    sess: SessionRec | None = None
    last_num = 0
    tops: dict[str, int] = {}  # each session's last hand number: a session written again numbers on
    for h in file.hands:
        text = write_hand(h)
        if h.session is not sess:
            if sess is not None:
                out.append("\n")
                if "Session" not in h.session.tags:  # only a second header starts a block without [Session]
                    out.append("%SHN 1.0\n")
            out.append(tag_lines(h.session.tags, h.session.tag_notes, "the session"))
            sess = h.session
            last_num = tops.get(sess.id, 0)
        if h.number <= last_num:
            raise ValueError(f"hand {h.number} follows hand {last_num} in the same session; numbers must increase")
        last_num = tops[sess.id] = h.number
        out.append("\n")
        out.append(text)
    return "".join(out)
