"""Log a hand: the scorer's form at the table.

Choose the session (an existing one, or the tags of a new one: Event, Date,
Table, Seats, Rules) and what kind of hand it was (picked, leaster, doubler,
misdeal); then the form asks for the dealer, the picker, the call (ace, ten,
under, alone), the partner, points or tricks, the outcome, cracks and blitzes
and, if the table wrote it, the score.

**Check score** builds the hand's SHN text and validates it exactly as
``shead ingest`` does (:func:`ingest.validate.validate_text`), then shows the
derived score (units per seat and how they were computed).  **Save hand**
stores that same text through :meth:`ingest.store.Store.ingest_file`, so
the stored hand is an SHN hand like any imported one; it saves only a hand
whose score was shown first (pressing Save on a changed hand checks it and
asks again).  A hand that does not validate, for example a written score
that does not sum to zero, is refused with the reason next to the field that
caused it, and nothing is stored.

On a phone (390 px wide) the short fields sit side by side in rows that stay
rows (horizontal containers), the fields a table seldom writes (tricks,
cracks, blitzes, the written score) are folded into one "More" expander, and
only the kinds of hand the session's rules have are offered.  "tap cards"
takes a full card log on a card grid (:mod:`dashboard.card_entry`: the engine
refuses an illegal card at the tap) for every table size and partner rule the
engine replays, except the two-handed table cards, the J♦ call-up and hybrid
ace call, and a named blind trick, for which the page says to use SHN.
``?edit=<hand_id>`` (the Replay page's "Edit this hand") opens the edit of
that stored hand (:func:`dashboard.log_edit.take_edit_request`).
"""

from __future__ import annotations

import datetime as _dt
import json
import re

import streamlit as st

from ingest.model import FileResult, same_rules
from ingest.shn.reader import parse_seats, read_number, seats_expected
from ingest.store import StoreError, StoreMissing, reading, resolve_db, sources_where
from ingest.validate import validate_text
from replay.cards import Card, CardParseError
from replay.errors import ProfileError, with_found
from replay.judge_common import next_dealer as _next_dealer
from replay.profile import parse_rules
from replay.scoring import NOPICK_GAMES

#: The ``file`` recorded for hands logged here.
SOURCE = "log-hand"
KINDS = ("picked", "leaster", "doubler", "misdeal")
CALLS = ("ace", "ten", "under", "alone", "no call")
SUIT_NAMES = {"C": "♣ clubs", "S": "♠ spades", "H": "♥ hearts", "D": "♦ diamonds"}
#: The callable suits of the standard trump order (rules.md B-9).
SUITS = {k: SUIT_NAMES[k] for k in "CSH"}
NOT_WRITTEN = "(not written)"
UNKNOWN = "? (unknown)"
TIE = "- (a tie)"
NONE = "—"
OUTCOMES = (NOT_WRITTEN, "win", "win-s", "win-z", "lose", "lose-s", "lose-z")
#: Fields of the form, in the order they are shown (errors fall back to "general").
FIELDS = ("event", "date", "table", "site", "seats", "rules", "number", "dealer", "kind", "picker", "call", "under",
          "leaster", "partner", "pts", "tricks", "outcome", "crack", "recrack", "blitz", "score", "general",
          "sk_game", "sk_declarer", "sk_laufende", "sk_kontra", "sk_re", "sk_klopfen")
#: Where an error goes when its position says nothing better, by code.
CODE_FIELD = {
    "E-SCORE": "score", "E-SCORE-SUM": "score", "E-PTS": "pts", "E-TRICKS": "tricks", "E-OUTCOME": "outcome",
    "E-RESULT-UNKNOWN": "outcome", "E-PARTNER": "partner", "E-CALL-CARD": "call", "E-CALL-ALONE": "call",
    "E-CALL": "call", "E-LEASTER": "leaster", "E-NOPICK": "kind", "E-MARK-CAP": "crack", "E-CRACK": "crack",
    "E-RECRACK": "recrack", "E-BLITZ": "blitz", "E-DEALER": "dealer", "E-SEATS": "seats",
    "E-SEATS-MISSING": "seats", "E-RULES": "rules", "E-FORCED-PICK": "picker", "E-BLIND-TRICK": "leaster",
    "E-GAME": "sk_game", "E-SK-CALL": "sk_game", "E-SK-RAMSCH": "sk_game", "E-SK-THROWN": "sk_game",
    "E-SK-LAUFENDE": "sk_laufende", "E-SK-KONTRA": "sk_kontra", "E-SK-KONTRA-LATE": "sk_kontra",
    "E-SK-KLOPFEN": "sk_klopfen",
}
#: Codes whose position is the hand as a whole: the code decides the field.
CODE_FIRST = {"E-RESULT-UNKNOWN"}
TAG_FIELD = {"Event": "event", "Date": "date", "Table": "table", "Site": "site", "Seats": "seats", "Rules": "rules"}
#: The seat a no-pick game's statement names, as the form asks for it (rules.md D).
NOPICK_SEAT = {"leaster": "Leaster won by", "moster": "Most card points (pays; wins with every trick)",
               "mittler": "Mittler won by (the median)", "schneidster": "Schneidster won by (closest to 30)",
               "schwanzer": "Schwanzer lost by (highest count)"}


def nopick_game(rules: str | None) -> str:
    """The game the form's "all passed" hand is under the session's rules:
    the profile's ``noPick`` when it is played (leaster, moster, mittler,
    schneidster, schwanzer; rules.md D), else ``leaster`` (a bad [Rules] is
    reported by the check itself)."""
    try:
        game = parse_rules(rules or "").noPick
    except ProfileError:
        return "leaster"
    return game if game in NOPICK_GAMES else "leaster"


# --------------------------------------------------------------------------
# building the SHN text, with the span of every field


def _tag(name: str, value: str) -> str:
    return f'[{name} "' + value.replace("\\", "\\\\").replace('"', '\\"') + '"]'


class HandText:
    """An SHN text being built: lines, and for every chunk written its
    (line, first col, last col, field), so that a diagnostic's position
    names the form field that wrote it."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.spans: list[tuple[int, int, int, str]] = []

    def add_line(self, chunks: list[tuple[str, str]], sep: str = "  ") -> None:
        """One line of ``(text, field)`` chunks joined by ``sep``."""
        line_no = len(self.lines) + 1
        line = ""
        for text, field in chunks:
            if line:
                line += sep
            start = len(line) + 1
            line += text
            self.spans.append((line_no, start, len(line), field))
        self.lines.append(line)

    def raw(self, text: str, field: str = "general") -> None:
        for ln in text.split("\n"):
            self.add_line([(ln, field)] if ln else [])

    @property
    def text(self) -> str:
        return "\n".join(self.lines) + "\n"

    def field_at(self, line: int, col: int) -> str | None:
        best = None
        for ln, a, b, field in self.spans:
            if ln == line:
                if a <= col <= b:
                    return field
                if best is None:
                    best = field
        return best


def header_text(ctx: dict, before: str = "") -> tuple[HandText, int]:
    """``%SHN 1.0``, the session's tags and the hands written before the new
    one (``before``, for doubler stakes); and the line where the new hand
    starts."""
    t = HandText()
    t.add_line([("%SHN 1.0", "general")])
    if ctx["mode"] == "existing":
        t.raw(ctx["header"].rstrip("\n"), "general")
    else:
        for name in ("Event", "Site", "Date", "Table", "Seats", "Rules"):
            value = ctx["tags"].get(name)
            if value:
                t.add_line([(_tag(name, value), TAG_FIELD[name])])
        if schafkopf_rules(ctx["tags"].get("Rules")):  # a Schafkopf session is written in German cards (§14.1)
            t.add_line([(_tag("Cards", "de"), "rules")])
    voided = ctx.get("voided_before")
    if voided and "[_Voided " not in (ctx.get("header") or ""):
        # the stored hands voided before the new one count for nothing: no gap where they were, as shead ingest
        # replays a stored session (Store.prior_hands adds this tag; verify34 F6: a false W-SESSION-GAP after a void)
        t.add_line([(_tag("_Voided", " ".join(map(str, voided))), "general")])
    t.add_line([])
    if before:
        t.raw(before.rstrip("\n"), "general")
        t.add_line([])
    return t, len(t.lines) + 1


def own_tags(ctx: dict) -> list[str]:
    """The new hand's own tags in an existing session (notation.md §4.2):
    ``[Seats]`` when a substitute sits at the table since the session's
    header (dash19 F1), ``[Rules]`` and ``[Date]`` when the last hand was
    played by other rules or on another day than the header's (a later night
    of the session: break21 F5, F7)."""
    return [_tag(name, ctx[key]) for name, key in (("Seats", "own_seats"), ("Rules", "own_rules"),
                                                    ("Date", "own_date")) if ctx.get(key)]


def build_text(ctx: dict, v: dict, before: str = "") -> tuple[HandText, int]:
    """The SHN text of the form's hand after :func:`header_text`.  Returns
    the text and the line where the hand starts."""
    t, start = header_text(ctx, before)
    head = [(f"hand {v['number']}", "number")]
    if v.get("dealer"):
        head.append((f"dealer {v['dealer']}", "dealer"))
    t.add_line(head)
    for tag in own_tags(ctx):  # the table and the night being played: the hand's own tags (notation.md §4.2, §5)
        t.add_line([(tag, "general")])
    kind = v["kind"]
    if kind == "misdeal":
        t.add_line([("misdeal", "kind")])
    elif kind == "doubler":
        t.add_line([("doubler", "kind")])
    elif kind == "leaster":  # or the profile's other no-pick game (rules.md D)
        w = v.get("leaster")
        game = nopick_game(ctx.get("rules"))
        word = f"{game} ?" if w in (None, NOT_WRITTEN) else (f"{game} -" if w == TIE else f"{game} {w}")
        chunks = [(word, "leaster")]
        if v.get("pts") is not None:
            chunks.append((f"pts {v['pts']}", "pts"))
        t.add_line(chunks)
    else:
        chunks = [(f"pick {v['picker']}", "picker")]
        call = v.get("call")
        if call in ("ace", "ten", "under"):
            # a called suit not written: the ace called, its card not known (notation.md §7 ``??``)
            card = "??" if v["suit"] in (None, NOT_WRITTEN) else ("T" if call == "ten" else "A") + v["suit"]
            chunks.append((f"call {card}", "call"))
            if call == "under":
                chunks[-1] = (chunks[-1][0] + " under " + v["under"], "under")
        elif call == "alone":
            chunks.append(("alone", "call"))
        t.add_line(chunks)
    marks = []
    if v.get("crack") not in (None, NONE):
        marks.append((f"crack {v['crack']}", "crack"))
    if v.get("recrack") not in (None, NONE):
        marks.append((f"recrack {v['recrack']}", "recrack"))
    if v.get("blitz") not in (None, NONE):
        marks.append((f"blitz {v['blitz']} {v.get('blitz_color') or 'black'}", "blitz"))
    if marks and kind in ("picked", "leaster"):
        t.add_line(marks)
    if kind == "picked":
        result = []
        p = v.get("partner")
        if p == UNKNOWN:
            result.append(("partner ?", "partner"))
        elif p not in (None, NOT_WRITTEN):
            result.append((f"partner {p}", "partner"))
        if v.get("pts") is not None:
            result.append((f"pts {v['pts']}", "pts"))
        if v.get("tricks") is not None:
            result.append((f"tricks {v['tricks']}", "tricks"))
        if v.get("outcome") not in (None, NOT_WRITTEN):
            result.append((v["outcome"], "outcome"))
        if result:
            t.add_line(result)
    _score_line(t, v)
    return t, start


def _score_line(t: HandText, v: dict) -> None:
    """The ``score`` line of the units written in the form (none when none is)."""
    score = [(a, u) for a, u in v.get("score", {}).items() if u is not None]
    if score:
        t.add_line([("score", "score")] + [(f"{a} {u:+d}", "score") for a, u in score], sep=" ")


def locate(t: HandText, d) -> str:
    """The form field a diagnostic belongs to."""
    if d.code in CODE_FIRST:
        return CODE_FIELD[d.code]
    f = t.field_at(d.line, d.col) if d.line else None
    if f is None or f == "general":
        f = CODE_FIELD.get(d.code, f or "general")
    return f


# --------------------------------------------------------------------------
# reading the session context (short-lived connections, parameters only)


def _said(d) -> str:
    """A refusal as the page shows it: its code, its message and what was
    found and expected, as the Import page and ``shead ingest`` say it (the
    form and the SHN box dropped the part that says what to write: dash19
    F7)."""
    return f"{d.code}: {with_found(d.message, d.found, d.expected)}"


def _form_partner(d, v: dict, ctx: dict) -> str | None:
    """``E-PARTNER`` for Picker S, Partner S on the score-sheet form (the
    picker's own ace not allowed, or no ace called: rules.md B-13, B-14) in
    the form's words, where "alone" is a choice of the Call box; None for any
    other ``E-PARTNER``, or a table whose Call box has no "alone"."""
    picker = v.get("picker")
    if not picker or v.get("partner") != picker or d.found != picker or v.get("call") == "alone":
        return None
    try:
        prof = parse_rules(ctx.get("rules") or "")
    except ProfileError:
        return None
    if prof.partnerMode not in ("calledAce", "jdAndAce", "jackOfDiamonds"):  # no Call box: the engine's words
        return None
    if prof.allowCallOwnAce:  # refused only for no ace called: the picker's own ace is the other way
        return (f"the partner is the picker ({picker}) and no ace is called: choose the ace {picker} called in "
                "the Call box (these rules let the picker call their own, rules.md B-14), another partner, or "
                "'alone' in the Call box (rules.md B-13)")
    return (f"the partner can't be the picker ({picker}): choose another partner, or 'alone' in the Call box "
            "(rules.md B-13, B-14)")


#: A refusal said in the score-sheet form's words, by code: ``(diagnostic, form values, session context)`` -> the
#: text, or None for the engine's own (:func:`_said`, what the SHN box and ``shead ingest`` say).  newuser31 F2:
#: the form said "write 'alone' in place of 'partner Jo'", SHN words, where "alone" is a choice of the Call box.
FORM_SAID = {"E-PARTNER": _form_partner}


def form_said(d, v: dict, ctx: dict) -> str:
    """A refusal as the score-sheet form shows it at its field: the form's
    own words where :data:`FORM_SAID` has them for its code, else
    :func:`_said`."""
    say = FORM_SAID.get(d.code)
    return (say(d, v, ctx) if say is not None else None) or _said(d)


def list_sessions(con) -> list[tuple]:
    return con.execute(
        "SELECT s.session_id, s.session, s.header, s.players, s.rules, greatest(h.last_no, v.void_no), "
        "h.last_dealer, h.last_players, coalesce(s.format, 'shn'), h.last_rules, h.last_date, "
        "CAST(s.date AS VARCHAR), h.last_misdeal "
        "FROM sessions s LEFT JOIN (SELECT session_id, max(hand) AS last_no, arg_max(dealer, hand) AS last_dealer, "
        # a Sheepshead misdeal last: its dealer deals again (rules.md B-4, newuser30 F4)
        "                                  arg_max(game = 'sheepshead' AND outcome = 'misdeal', hand) AS last_misdeal, "
        "                                  arg_max(players, hand) AS last_players, arg_max(rules, hand) AS last_rules, "
        "                                  CAST(arg_max(date, hand) AS VARCHAR) AS last_date "
        "                           FROM hands GROUP BY session_id) h USING (session_id) "
        # a voided hand's number is not offered again: an ingest refuses it (new20 F1: Save did nothing)
        "LEFT JOIN (SELECT session_id, max(hand) AS void_no FROM hand_revisions WHERE action = 'void' "
        "           GROUP BY session_id) v USING (session_id) "
        "ORDER BY s.date DESC NULLS LAST, s.session_id DESC").fetchall()


def hands_before(con, session: str, number: int) -> str:
    """The stored hands of ``session`` before hand ``number``, as SHN text
    ("" when none is stored): all of them, as ``shead ingest`` replays the
    stored hands of a session it continues (``Store.prior_hands``), so that
    the validator has the session from hand 1 -- the carry of a doubler
    (rules.md D-11, D-12) or a pot (``pot=on``, D-19), the dealer rotation
    check (``W-SESSION-DEALER``, B-1) and the repeat check
    (:func:`repeat_warning`, newuser28 F1).  Only the last hand sent (as
    before session 34, when the session held no doubler and no pot) made
    hand 3 on say a false ``W-SESSION-GAP`` (newuser34 F3: hand 1 looked
    missing)."""
    rows = sources_where(con, "h.session = ? AND h.hand < ?", [session, number])
    return "".join(src.rstrip("\n") + "\n\n" for src in rows)


def next_free(con, session: str | None, after: int) -> int:
    """The first hand number above ``after`` that session ``session`` does
    not hold (stored, or voided: a voided number is amended, not reused; a
    number the session's ``[_Voided]`` tag names too, voided before a
    restore: break21 F2)."""
    if not session:
        return after + 1
    from dashboard.log_edit import header_voided  # noqa: PLC0415

    used = {n for (n,) in con.execute("SELECT hand FROM hands WHERE session = ? AND hand > ?",
                                      [session, after]).fetchall()}
    used |= {n for n in header_voided(con, session) if n > after}
    try:
        used |= {n for (n,) in con.execute("SELECT hand FROM hand_revisions WHERE session = ? AND hand > ? "
                                           "AND action = 'void'", [session, after]).fetchall()}
    except Exception:  # noqa: BLE001 - a database before migration 007
        pass
    n = after + 1
    while n in used:
        n += 1
    return n


def voided_numbers(con, session: str) -> frozenset:
    """The hand numbers of ``session`` voided now (``shead void``: their
    latest revision a void) or named by its header's ``[_Voided]`` tag
    (voided before a restore): what ``shead ingest`` treats as no gap
    (``Store.prior_hands``).  Empty for a session not stored."""
    from dashboard.log_edit import header_voided  # noqa: PLC0415

    out = set(header_voided(con, session))
    try:
        out |= {n for (n,) in con.execute(
            "SELECT r.hand FROM hand_revisions r WHERE r.session = ? AND r.action = 'void' AND r.revision = "
            "(SELECT max(revision) FROM hand_revisions x WHERE x.hand_id = r.hand_id)", [session]).fetchall()}
    except Exception:  # noqa: BLE001 - a database before migration 007
        pass
    return frozenset(out)


def next_new(con, session: str) -> int:
    """The number a new hand of ``session`` takes: the first free number
    after its last stored hand (:func:`next_free`), not a number skipped
    between stored hands (newuser34 F5: hand 8 offered in a night of hands
    1..7 and 9..13, where the next hand is 14)."""
    top = con.execute("SELECT max(hand) FROM hands WHERE session = ?", [session]).fetchone()[0]
    return next_free(con, session, int(top or 0))


def hand_exists(con, session: str, number: int) -> bool:
    return con.execute("SELECT count(*) FROM hands WHERE session = ? AND hand = ?",
                       [session, number]).fetchone()[0] > 0


def _restored_voids(header: str | None) -> frozenset:
    """The numbers a stored session header's ``[_Voided]`` tag names (hands
    voided before the backup this database was restored from): no number
    offered for a new hand (break21 F2)."""
    from ingest.store import _header_tag  # noqa: PLC0415
    from replay.judge_common import voided_numbers  # noqa: PLC0415

    return voided_numbers(_header_tag(header, "_Voided")) if header else frozenset()


def session_context() -> dict:
    """What the session part of the page says: mode, header or tags, seats,
    and the defaults for the next hand."""
    ss = st.session_state
    if ss.get("lh_mode") == "existing" and ss.get("lh_session") is not None:
        row = ss["_lh_sessions"].get(ss["lh_session"])
        if row is not None:
            sid, name, header, players, rules, last_no, last_dealer, last_players, fmt, last_rules, last_date, \
                date, last_misdeal = row
            seats = list(json.loads(players).items()) if players else []
            # the table as its last hand left it: a substitute who took a seat mid-night sits in it (its own
            # [Seats] line), not the player who left (dash19 F1: the form stored his units under the leaver)
            now = list(json.loads(last_players).items()) if last_players else seats
            own = "; ".join(a if n == a else f"{a}={n}" for a, n in now) if now and now != seats else None
            # and the night being played: the last hand's rules and day, each the new hand's own tag where it is
            # not the session's (break21 F5, F7: a later night's hand was scored by the first night's rules, dated
            # its day, and the SHN tab gave a substitute's units to the player who had left)
            own_rules = last_rules if last_rules and not same_rules(last_rules, rules or "") else None
            own_date = last_date.replace("-", ".") if last_date and last_date != date else None
            return {"mode": "existing", "session_id": sid, "session": name, "header": header, "seats": now,
                    "own_seats": own, "own_rules": own_rules, "own_date": own_date, "rules": own_rules or rules,
                    "next": max([last_no or 0, *_restored_voids(header)]) + 1, "last_dealer": last_dealer,
                    "last_misdeal": bool(last_misdeal), "errors": {}, "format": fmt}
    tags = {"Event": (ss.get("lh_event") or "").strip(), "Site": (ss.get("lh_site") or "").strip(),
            "Table": (ss.get("lh_table") or "").strip(), "Seats": (ss.get("lh_seats") or "").strip(),
            "Rules": (ss.get("lh_rules") or "").strip()}
    d = ss.get("lh_date")
    tags["Date"] = d.strftime("%Y.%m.%d") if isinstance(d, _dt.date) else ""
    errors: dict[str, list[str]] = {}
    seats: list[tuple[str, str]] = []
    if tags["Seats"]:
        try:
            seats = parse_seats(tags["Seats"])
        except ValueError as exc:  # what is expected too, as shead ingest says it (newuser30 F6)
            errors["seats"] = [f"{exc}; {seats_expected(tags['Seats'])}"]
    if not tags["Event"]:
        errors.setdefault("event", []).append("name the group or event (the Event tag)")
    if not seats and "seats" not in errors:
        errors["seats"] = ["list the seats clockwise, e.g. Al=Allen Braun; Bea=Bea Schmidt; ..."]
    parts = [tags[k] for k in ("Event", "Date", "Table") if tags[k]]
    name = " / ".join(parts)
    twin = next((row for row in (ss.get("_lh_sessions") or {}).values() if row[1] == name), None) if name else None
    if twin is not None and (dict(seats) != json.loads(twin[3] or "{}") or
                             (tags["Rules"] or "").replace(" ", "") != (twin[4] or "").replace(" ", "")):
        # a "new" session whose Event, Date and Table name a stored one of other players or rules is that
        # session: a second table's hands went into the first table's night, unsaid (dash19 F3); the same
        # players and rules are the night this form is logging (its next hand)
        errors.setdefault("table", []).append(
            f"session {name!r} is stored already (its Event, Date and Table), with other players or rules: to add "
            "to it, choose it under Existing session; for another table of that night, give this one a Table")
    return {"mode": "new", "session_id": None, "session": name, "tags": tags, "seats": seats,
            "rules": tags["Rules"], "next": 1, "last_dealer": None, "errors": errors}


def call_suits(rules: str | None) -> dict[str, str]:
    """The suits whose ace (or ten) a picker may call under ``rules``: the
    profile's fail suits, ♠ ♥ ♦ under clubs trump (rules.md F-8); ♣ ♠ ♥ when
    the rules text does not read (its error is shown at the Rules field)."""
    try:
        order = parse_rules(rules or "").trumps
    except ProfileError:
        return SUITS
    return {s.letter: SUIT_NAMES[s.letter] for s in order.fail_suits}


# --------------------------------------------------------------------------
# checking and saving (button callbacks: they run before the page is drawn)


def read_int(text, kw: str = "score") -> int | None:
    """A typed whole number read as SHN reads it after ``kw`` (``pts``,
    ``tricks``, ``score``: :func:`ingest.shn.reader.read_number`, the one
    reading: ``72``, ``+2``, ``-4``, the en and em dashes and U+2212 as minus,
    ``72.``, ``72/48`` for points, phone32 F2); None for an empty field
    (nothing written: the rules derive it); raises ValueError with the
    reader's message for anything else.  Every number field of the form is a
    text field, so an emptied field stays empty instead of becoming 0 (issue
    12)."""
    return read_number(text, kw)[0]


def form_values(ctx: dict) -> dict:
    ss = st.session_state
    aliases = [a for a, _ in ctx["seats"]]
    return {
        "number": ss.get("lh_number"), "dealer": ss.get("lh_dealer"), "kind": ss.get("lh_kind") or "picked",
        "picker": ss.get("lh_picker"), "call": ss.get("lh_call"), "suit": ss.get("lh_suit") or NOT_WRITTEN,
        "under": (ss.get("lh_under") or "").strip(), "partner": ss.get("lh_partner"),
        "leaster": ss.get("lh_leaster"), "pts": ss.get("lh_pts"), "tricks": ss.get("lh_tricks"),
        "outcome": ss.get("lh_outcome"), "crack": ss.get("lh_crack"), "recrack": ss.get("lh_recrack"),
        "blitz": ss.get("lh_blitz"), "blitz_color": ss.get("lh_blitz_color"),
        "score": {a: ss.get(f"lh_score_{i}") for i, a in enumerate(aliases)},
    }


def _numbers(v: dict, errs: dict) -> None:
    """The typed numbers of ``v`` (points, tricks, the score) as ints, in place;
    a field that is not a whole number gets its error."""
    for key in ("pts", "tricks"):
        try:
            v[key] = read_int(v[key], key)
        except ValueError as exc:
            errs.setdefault(key, []).append(str(exc))
            v[key] = None
    for a, raw in list(v["score"].items()):
        try:
            v["score"][a] = read_int(raw)
        except ValueError as exc:
            errs.setdefault("score", []).append(f"{a}: {exc}")
            v["score"][a] = None


def _local_errors(ctx: dict, v: dict) -> dict[str, list[str]]:
    errs: dict[str, list[str]] = {k: list(m) for k, m in ctx["errors"].items()}
    _numbers(v, errs)
    if v["number"] is None:
        errs.setdefault("number", []).append("give the hand number")
    if not v["dealer"]:
        errs.setdefault("dealer", []).append("choose the dealer")
    if v["kind"] == "picked":
        if not v["picker"]:
            errs.setdefault("picker", []).append("choose the picker")
        if v["call"] == "ten" and v["suit"] in (None, NOT_WRITTEN):
            # a ten call is known by its suit only (B-10); with the suit not known write Call "(not written)"
            errs.setdefault("call", []).append("choose the called suit of the ten call (or Call: (not written))")
        if v["call"] == "under" and not v["under"]:  # phone32 F6: not "the unknown card: '' is not a card"
            errs.setdefault("under", []).append("type the card the call is under (e.g. 10H): the called ace's "
                                                "suit is the one of that card")
        elif v["call"] == "under":
            try:
                v["under"] = str(Card.parse(v["under"]))
            except CardParseError as exc:
                errs.setdefault("under", []).append(f"the unknown card: {exc}")
    return errs


def _session_checks(ctx: dict, number: int, errs: dict, field: str) -> str | None:
    """The hands before ``number`` when doublers may raise its stake (see
    :func:`hands_before`); None, with the reason in ``errs``, when the hand
    is already stored or the database cannot be read."""
    try:
        with reading(resolve_db()) as con:
            if hand_exists(con, ctx["session"], number):
                # what to do said too: correct it on the edit tab, or a new hand under the next free number
                # (newuser31 F1: only "already stored"; the Dealer box is not spoken of)
                # (the edit tab is offered for an existing session: a "new" one that names a stored one is it)
                edit = ("'edit' above" if ctx["mode"] == "existing"
                        else "'an existing session' above, this one, then 'edit'")
                errs[field] = [f"hand {number} is already stored in session {ctx['session']}: to correct it, "
                               f"choose {edit} → Stored hand: hand {number}; to log a new hand, save it as "
                               f"hand {next_new(con, ctx['session'])} (the number after the last stored hand)"]
                return None
            voided = voided_numbers(con, ctx["session"])
            if number in voided:  # a voided number is brought back on the edit tab, not logged again (verify34 F6:
                # Check passed it silently; Save refused it naming no number)
                edit = ("'edit' above" if ctx["mode"] == "existing"
                        else "'an existing session' above, this one, then 'edit'")
                errs[field] = [f"hand {number} of session {ctx['session']} was voided: to log it again, choose "
                               f"{edit} → Stored hand: hand {number} (voided) → Bring it back, with its text "
                               f"corrected; to log a new hand, save it as hand {next_new(con, ctx['session'])} "
                               "(the next free number after the last stored hand)"]
                return None
            ctx["voided_before"] = sorted(n for n in voided if n < number)
            return hands_before(con, ctx["session"], number)
    except StoreMissing:
        return ""  # the first hand of a new database
    except StoreError as exc:
        errs["general"] = [str(exc)]
        return None


def _validate(text: str, start: int, number: int, errs: dict, where):
    """The validated hand ``number`` of ``text`` (starting at line ``start``),
    or None with every error filed under ``where(diagnostic)``."""
    res = validate_text(text, path=SOURCE)
    diags = list(res.errors)
    for r in res.rejected:
        if r.hand == number or r.source_line >= start:
            diags.extend(r.errors)
    for d in diags:
        if d.severity == "error":
            field, msg = where(d)
            errs.setdefault(field, []).append(msg)
    mine = [h for h in res.hands if h.source_line >= start]
    if not errs and len(mine) != 1:
        errs["general"] = ["the hand could not be read back from its SHN text" if not mine
                           else f"{len(mine)} hands are written: log one hand at a time"]
    if errs:
        st.session_state.pop("lh_checked", None)
        return None
    h = mine[0]
    said = repeat_warning([x for x in res.hands if x.source_line < start], h)
    if said:
        h.diagnostics = [*h.diagnostics, said]
    return h


#: the facts of a score line compared by :func:`repeat_warning` (the hand number and the dealer left out)
_LINE_FACTS = ("game", "game_type", "picker", "partner", "call", "alone", "leaster_winner", "picker_points",
               "picker_tricks", "outcome", "marks")


def repeat_warning(earlier: list, h):
    """``W-HAND-REPEATED`` when hand ``h`` records what the session's last
    stored hand before it (the last of ``earlier``, :func:`hands_before`)
    records but for its number -- the same picker, partner, call, points or
    tricks, outcome, marks (the scores as written when the line names no
    picker or leaster winner), the same cards when both have them: the same
    hand saved twice, as a second tap or a hand re-entered that the scorer
    thought lost does (newuser28 F1).  The dealer is not compared (the form
    moves it on): the message says whether it is the same.  Two hands alike
    do happen at a table, so the hand is kept as written; None otherwise."""
    from replay.errors import Diagnostic  # noqa: PLC0415

    prev = max(earlier, key=lambda x: x.outcome.hand, default=None)
    if prev is None or prev.outcome.session != h.outcome.session:
        return None
    a, b = prev.outcome, h.outcome
    if any(getattr(a, f, None) != getattr(b, f, None) for f in _LINE_FACTS):
        return None
    if a.picker is None and a.leaster_winner is None and a.units != b.units:
        return None
    if (prev.cardlog is not None or h.cardlog is not None) and prev.cardlog != h.cardlog:
        return None
    dealer = (f"dealt by {b.dealer} again" if a.dealer == b.dealer and b.dealer
              else f"only the dealer differs ({a.dealer or 'none'}, now {b.dealer or 'none'})")
    return Diagnostic(
        "W-HAND-REPEATED", f"hand {b.hand} is the same as hand {a.hand} just stored ({dealer}): saved twice? If it "
        f"is hand {a.hand} a second time, do not save it (once saved: edit → hand {b.hand} → Void); two hands "
        "alike do happen at a table, so it is kept as written", severity="warning", file=SOURCE, line=h.source_line,
        col=1, hand=b.hand, found=f"hand {b.hand}", expected=f"another hand than hand {a.hand}")


def _group_spelling(h):
    """The ``W-GROUP-SPELLING`` ``shead ingest`` gives hand ``h`` when its
    session is new and its group (``[Event]``) is a stored group written
    otherwise only in case, accents or spacing
    (:func:`ingest.store.group_spelt_otherwise`), or None: said before the
    hand is saved (phone32 F1)."""
    from ingest.store import group_spelling_warning, group_spelt_otherwise  # noqa: PLC0415

    event = h.outcome.group
    if not event:
        return None
    try:
        with reading(resolve_db()) as con:
            if con.execute("SELECT 1 FROM sessions WHERE session = ?", [h.outcome.session]).fetchone():
                return None  # the session is stored: its group is what it is
            spelt = group_spelt_otherwise(con, event)
    except StoreError:  # StoreMissing: a first hand, no group stored
        return None
    return None if spelt is None else group_spelling_warning(event, spelt, h.outcome.session, SOURCE)


def _offer_group_spelling() -> None:
    """Under a new session's fields: when the Event typed is a stored group
    written otherwise only in case, accents or spacing (``thursday night
    sheepshead ``), say so and offer the stored spelling (a button that
    writes it in the Event box) before any hand is saved (phone32 F1)."""
    from ingest.store import group_spelt_otherwise  # noqa: PLC0415

    from dashboard.text import md  # noqa: PLC0415

    event = (ss.get("lh_event") or "").strip()
    if not event or _who is not None:
        return
    try:
        with reading(resolve_db()) as con:
            spelt = group_spelt_otherwise(con, event)
    except StoreError:
        return
    if spelt is None:
        return
    st.warning(f"The group '{md(event)}' differs only in case, accents or spaces from the stored group "
               f"'{md(spelt)}': saved so, it is a new group of its own. If it is that group, use its spelling.")
    st.button(f"Use '{spelt}'", key="lh_use_group", on_click=ss.__setitem__, args=("lh_event", spelt))


def _show_or_save(out: dict, errs: dict, text: str, h, save: bool) -> bool:
    """Put the derived score of ``h`` in ``out``; store it when ``save`` and
    the same text was shown before.  True when stored."""
    ss = st.session_state
    warnings = [f"{d.code}: {d.message}" for d in h.diagnostics]
    spelling = _group_spelling(h)  # what shead ingest says of the new group, said before saving (phone32 F1)
    if spelling is not None:
        warnings.append(f"{spelling.code}: {spelling.message}")
    out["preview"] = {"units": dict(h.outcome.units), "breakdown": h.outcome.breakdown,
                      "outcome": h.outcome.outcome, "provenance": dict(h.outcome.provenance),
                      "warnings": warnings, "session": h.outcome.session}
    if not save:
        return False
    fr = FileResult(path=SOURCE, hands=[h])
    try:
        from dashboard.access import writer_store  # noqa: PLC0415 - a scorer signed in stores only their group

        with writer_store() as store:
            rep = store.ingest_file(fr)
    except StoreError as exc:
        errs["general"] = [f"not saved: {exc}"]
        ss["lh_save_refused"] = True
        return False
    if rep.rejected:  # another group's hand (dashboard.access.GroupStore), a voided hand's number (new20 F1)
        d = rep.rejected[0].errors[0]
        errs["general"] = [f"not saved: {_said(d)}"]
        if d.code == "E-HAND-CONFLICT" and " was voided " in d.message:
            try:
                with reading(resolve_db()) as con:
                    free = f"hand {next_new(con, h.outcome.session)}"
            except StoreError:
                free = "the next free number"
            errs["general"].append(f"On this page: edit → hand {h.outcome.hand} (voided) → Bring it back, with its "
                                   f"text corrected; or log this hand under {free} (the next free number).")
        ss["lh_save_refused"] = True  # said until the form changes: the live check ran over it (nothing shown)
        return False
    if not rep.stored:
        errs["general"] = ["this hand is already stored (the same text); nothing was added"]
        ss["lh_save_refused"] = True
        return False
    out["saved"] = f"Stored hand {h.outcome.hand} of {h.outcome.session}."
    # the stored hand's warnings as shead ingest gives them (W-GROUP-SPELLING, W-PLAYER-SPELLING, ...), shown under
    # "Stored hand N", each once (phone32 F1: the page said only "Stored hand 1")
    for d in [*fr.errors, *rep.file_errors]:
        said = f"{d.code}: {d.message}"
        if d.severity == "warning" and said not in warnings:
            warnings.append(said)
    ss["lh_just_saved"] = True
    return True


def check(save: bool) -> None:
    """The form's Check score and Save hand buttons."""
    def read(ctx: dict) -> tuple[dict, dict]:
        v = form_values(ctx)
        return v, _local_errors(ctx, v)

    _check_form(save, read, build_text)


def _check_form(save: bool, read, build, after=None) -> None:
    """Check score and Save hand for a form: ``read(ctx)`` gives its values
    and their local errors, ``build(ctx, values, before)`` its SHN text (the
    hand's first line ``start``); the text is validated as ``shead ingest``
    does, its derived score shown, and with ``save`` stored; ``after()``
    clears the form's own fields once it is.  A Save refused keeps its
    "Not saved" over the next rerun's live check (newuser29 F5)."""
    _check_form_run(save, read, build, after)
    res = st.session_state.get("lh_result") or {}
    if save and not res.get("saved") and any((res.get("errors") or {}).values()):
        st.session_state["lh_save_refused"] = True


def _check_form_run(save: bool, read, build, after=None) -> None:
    """:func:`_check_form`'s work."""
    ss = st.session_state
    ctx = session_context()
    v, errs = read(ctx)
    out: dict = {"errors": errs, "saved": None, "preview": None, "text": None, "save": save}
    ss["lh_result"] = out
    if errs:
        return
    before = _session_checks(ctx, v["number"], errs, "number")
    if before is None:
        return
    t, start = build(ctx, v, before)
    text = t.text
    out["text"] = "\n".join(t.lines[start - 1:]) + "\n"
    h = _validate(text, start, v["number"], errs, lambda d: (locate(t, d), form_said(d, v, ctx)))
    if h is not None and _show_or_save(out, errs, text, h, save):
        _next_hand(ctx, v)
        if after is not None:
            after()


_HAND_NO = re.compile(r"^\s*hand\s+(\d+)\b", re.MULTILINE | re.IGNORECASE)  # a phone's "Hand 19" (real21 F2)


def check_text(save: bool) -> None:
    """Check score and Save hand for a hand typed in SHN."""
    ss = st.session_state
    ctx = session_context()
    typed = (ss.get("lh_shn") or "").strip("\n")
    errs: dict[str, list[str]] = {k: list(m) for k, m in ctx["errors"].items()}
    out: dict = {"errors": errs, "saved": None, "preview": None, "text": None, "save": save}
    ss["lh_result"] = out
    m = _HAND_NO.search(typed)
    if m is None:
        errs.setdefault("shn", []).append("write the hand as SHN, starting with `hand N`, e.g. "
                                          "hand 19  dealer Ed  pick Al  call AS  partner Cy  pts 72  win")
    if errs:
        return
    number = int(m.group(1))
    before = _session_checks(ctx, number, errs, "shn")
    if before is None:
        return
    t, start = header_text(ctx, before)
    # the hand's own tags, right after its `hand N` (none the typed hand writes itself)
    tags = "".join("  " + tag for tag in own_tags(ctx) if tag[:tag.index(" ")] + " " not in typed)
    t.raw(typed[:m.end()] + tags + typed[m.end():], "shn")
    text = t.text
    out["text"] = typed + "\n"
    hand_line, hand_col = start + typed.count("\n", 0, m.end()), m.end() - typed.rfind("\n", 0, m.end())

    def where(d):
        if d.line >= start:
            col = d.col - len(tags) if d.line == hand_line and d.col > hand_col + len(tags) else d.col
            return "shn", f"line {d.line - start + 1}, column {col}: {_said(d)}"
        return locate(t, d), _said(d)

    h = _validate(text, start, number, errs, where)
    if h is not None and _show_or_save(out, errs, text, h, save):
        aliases = [a for a, _ in ctx["seats"]]
        try:
            with reading(resolve_db()) as con:
                nxt = f"hand {next_free(con, h.outcome.session, number)}"
        except StoreError:
            nxt = f"hand {number + 1}"
        if h.outcome.dealer in aliases:  # a misdeal is redealt by its dealer (rules.md B-4; newuser30 F4)
            again = h.outcome.game == "sheepshead" and h.outcome.outcome == "misdeal"
            nxt += f"  dealer {aliases[_next_dealer(aliases.index(h.outcome.dealer), len(aliases), again)]}"
        ss["lh_shn"] = nxt + "\n"


def sk_values(ctx: dict, errs: dict) -> dict:
    """The Schafkopf score-sheet form's values (:func:`dashboard.sk_form.game_lines`),
    normalised: ``None`` for what is not written; a typed number that is
    not one gets its error in ``errs``."""
    ss = st.session_state
    aliases = [a for a, _ in ctx["seats"]]
    partner = ss.get("lh_sk_partner")
    lauf = ss.get("lh_sk_laufende")
    v = {"number": ss.get("lh_number"), "dealer": ss.get("lh_dealer"), "game": ss.get("lh_sk_game") or "sauspiel",
         "declarer": ss.get("lh_sk_declarer"), "sau": ss.get("lh_sk_sau") or "eichel",
         "suit": ss.get("lh_sk_suit") or "herz", "tout": bool(ss.get("lh_sk_tout")),
         "partner": "?" if partner == UNKNOWN else (None if partner in (None, NOT_WRITTEN) else partner),
         "klopfen": list(ss.get("lh_sk_klopfen") or []),
         "kontra": None if ss.get("lh_sk_kontra") in (None, NONE) else ss["lh_sk_kontra"],
         "re": None if ss.get("lh_sk_re") in (None, NONE) else ss["lh_sk_re"],
         "laufende": None if lauf in (None, NOT_WRITTEN) else int(lauf),
         "laufende_with": ss.get("lh_sk_laufende_side", "with") == "with",
         "pts": ss.get("lh_pts"), "tricks": ss.get("lh_tricks"),
         "outcome": None if ss.get("lh_outcome") in (None, NOT_WRITTEN) else ss["lh_outcome"],
         "score": {a: ss.get(f"lh_score_{i}") for i, a in enumerate(aliases)}}
    _numbers(v, errs)
    return v


def sk_ready(v: dict) -> bool:
    """Enough of the Schafkopf form is filled in to show the derived score:
    the declarer of an announced game, a Ramsch's whole score."""
    from dashboard.sk_form import needs_declarer  # noqa: PLC0415

    if v["number"] is None or not v["dealer"]:
        return False
    if v["game"] == "ramsch":
        return all(u not in (None, "") for u in v["score"].values())
    return not needs_declarer(v["game"]) or bool(v["declarer"])


def check_sk(save: bool) -> None:
    """Check score and Save hand for the Schafkopf score-sheet form: its
    SHN-SK text (:func:`dashboard.sk_form.game_lines`) validated and stored
    as an SHN-SK hand typed in the box would be."""
    from dashboard.sk_form import game_lines, needs_declarer  # noqa: PLC0415

    def read(ctx: dict) -> tuple[dict, dict]:
        errs: dict[str, list[str]] = {k: list(m) for k, m in ctx["errors"].items()}
        v = sk_values(ctx, errs)
        if v["number"] is None:
            errs.setdefault("number", []).append("give the hand number")
        if not v["dealer"]:
            errs.setdefault("dealer", []).append("choose the dealer")
        if needs_declarer(v["game"]) and not v["declarer"]:
            errs.setdefault("sk_declarer", []).append("choose who played (the declarer)")
        return v, errs

    def build(ctx: dict, v: dict, before: str) -> tuple[HandText, int]:
        t, start = header_text(ctx, before)
        t.add_line([(f"hand {v['number']}", "number"), (f"dealer {v['dealer']}", "dealer")])
        for tag in own_tags(ctx):
            t.add_line([(tag, "general")])
        german = ctx["mode"] == "new" or '[Cards "de"]' in (ctx.get("header") or "")
        for line in game_lines(v, german):
            t.add_line(line)
        _score_line(t, v)
        return t, start

    def after() -> None:
        ss = st.session_state
        for k in ("lh_sk_partner", "lh_sk_laufende"):
            ss[k] = NOT_WRITTEN
        for k in ("lh_sk_kontra", "lh_sk_re"):
            ss[k] = NONE
        ss["lh_sk_declarer"] = None
        ss["lh_sk_klopfen"] = []
        ss["lh_sk_tout"] = False

    _check_form(save, read, build, after)


def _next_hand(ctx: dict, v: dict) -> None:
    """After a save: the next hand number and dealer, the hand's fields cleared."""
    ss = st.session_state
    aliases = [a for a, _ in ctx["seats"]]
    ss["lh_number"] = v["number"] + 1
    try:
        with reading(resolve_db()) as con:
            ss["lh_number"] = next_free(con, ctx["session"], v["number"])
    except StoreError:
        pass
    if v["dealer"] in aliases:  # a misdeal is redealt by its dealer (rules.md B-4; newuser30 F4)
        ss["lh_dealer"] = aliases[_next_dealer(aliases.index(v["dealer"]), len(aliases), v.get("kind") == "misdeal")]
    ss["lh_picker"] = None
    for k in ("lh_pts", "lh_tricks"):
        ss[k] = ""
    # the call too: the next hand's call is what its scorer chooses, never the last hand's (real28 F1)
    for k in ("lh_partner", "lh_leaster", "lh_outcome", "lh_call", "lh_suit"):
        ss[k] = NOT_WRITTEN
    for k in ("lh_crack", "lh_recrack", "lh_blitz"):
        ss[k] = NONE
    ss["lh_under"] = ""
    for i in range(len(aliases)):
        ss[f"lh_score_{i}"] = ""
    ss["lh_ctx_key"] = _ctx_key(ctx)


def _ctx_key(ctx: dict) -> tuple:
    return (ctx["mode"], ctx["session_id"], tuple(a for a, _ in ctx["seats"]))


# --------------------------------------------------------------------------
# the page


def _errors_for(field: str) -> None:
    res = st.session_state.get("lh_result") or {}
    for msg in (res.get("errors") or {}).get(field, []):
        st.error(msg, icon="⚠️")


def schafkopf_rules(rules: str | None) -> bool:
    """True when a session's [Rules] text names a Schafkopf profile (rules.md G)."""
    from replay.schafkopf import SCHAFKOPF_PROFILES  # noqa: PLC0415

    return (rules or "").split(";")[0].strip() in SCHAFKOPF_PROFILES


def _shn_template(number: int, dealer: str | None) -> str:
    return f"hand {number}" + (f"  dealer {dealer}" if dealer else "") + "\n"


def _default(key: str, value) -> None:
    if key not in st.session_state:
        st.session_state[key] = value

from dashboard.filters import ensure_navigation

ensure_navigation()  # a first visit straight to this page's URL runs it inside the app
from dashboard.access import require_write  # noqa: E402

_who = require_write()  # a viewer who reaches this page by its URL is refused here
st.title("Log a hand")
db = resolve_db()
ss = st.session_state
if _who is not None:  # signed in: a new session is the token's group's
    ss["lh_event"] = _who.group

sessions: list[tuple] = []
try:
    with reading(db) as con:
        sessions = list_sessions(con)
except StoreMissing:
    sessions = []
except StoreError as exc:
    st.error(str(exc))
    st.stop()
ss["_lh_sessions"] = {row[0]: row for row in sessions}
from dashboard.log_edit import take_edit_request  # noqa: E402 - the Replay page's Edit action (?edit=<hand_id>)

_edit_error = take_edit_request(sessions)
if _edit_error:
    st.error(_edit_error)

# ---- the session
modes = ["existing", "new"] if sessions else ["new"]
if ss.get("lh_mode") not in modes:
    ss["lh_mode"] = modes[0]
st.radio("Session", modes, key="lh_mode", horizontal=True, label_visibility="collapsed",
         format_func={"existing": "an existing session", "new": "a new session"}.__getitem__)
if ss["lh_mode"] == "existing":
    ids = [row[0] for row in sessions]
    if ss.get("lh_session") not in ids:
        ss["lh_session"] = ids[0]
    session_names = {row[0]: row[1] for row in sessions}
    st.selectbox("Existing session", ids, key="lh_session", format_func=session_names.__getitem__)
else:
    _default("lh_rules", "wi5-called-ace")
    _default("lh_date", _dt.date.today())
    c1, c2, c3 = st.columns([3, 2, 1])
    c1.text_input("Event (group)", key="lh_event", placeholder="Thursday Night Sheepshead",
                  disabled=_who is not None)
    c2.date_input("Date", key="lh_date", format="YYYY/MM/DD")
    c3.text_input("Table", key="lh_table")
    st.text_input("Site (optional)", key="lh_site")
    st.text_input("Seats, clockwise", key="lh_seats",
                  placeholder="Al=Allen Braun; Bea=Bea Schmidt; Cy=Cy Ott; Di=Di Lenz; Ed=Ed Kahl")
    st.text_input("Rules", key="lh_rules", help="a profile and overrides, e.g. wi5-called-ace; doubleOnBump=on")
    _offer_group_spelling()

ctx = session_context()
# a new session's empty fields are said once something is typed or checked, not as errors on a first visit
# (dash17 F9: two red errors before anything was typed; the hint below says what to do)
untouched = not any(ss.get(k) for k in ("lh_event", "lh_seats", "lh_table", "lh_site")) \
    and ss.get("lh_rules") in (None, "", "wi5-called-ace") and not ss.get("lh_result")
for f in ("event", "date", "table", "site", "seats", "rules"):
    if ctx["mode"] == "new" and not untouched:
        for msg in ctx["errors"].get(f, []) + (ss.get("lh_result") or {}).get("errors", {}).get(f, []):
            st.error(msg, icon="⚠️")
if ctx["mode"] == "existing":
    from dashboard.text import md  # noqa: PLC0415 - names shown as text (issue 15)

    st.caption(f"Rules: {md(ctx['rules'] or 'default')} · seats: "
               + ", ".join(md(a) if not n or n == a else f"{md(a)} ({md(n)})" for a, n in ctx["seats"]),
               help="; ".join(f"{a} = {n}" for a, n in ctx["seats"]))
    if ctx.get("format") == "netschafkopf":  # its header is the protocol's own lines, no SHN (dash19 F5)
        st.info("This session was read from a NetSchafkopf protocol: its games are not edited or added here. "
                "Correct a game, or add a missing one, in its SHN-SK export: `shead export --format shn --out "
                "night.shn`, edit the game there (a missing game written as SHN-SK, `[Cards \"de\"]`), then "
                "`shead ingest --amend night.shn` (a new game: `shead ingest night.shn`).")
        st.stop()
aliases = [a for a, _ in ctx["seats"]]

# defaults for a newly chosen session: the next hand number and dealer
last = ctx["last_dealer"]
next_dealer = (aliases[_next_dealer(aliases.index(last), len(aliases), ctx.get("last_misdeal", False))]
               if last in aliases else (aliases[0] if aliases else None))
if ss.get("lh_ctx_key") != _ctx_key(ctx):
    ss["lh_ctx_key"] = _ctx_key(ctx)
    ss["lh_number"] = ctx["next"]
    ss["lh_dealer"] = next_dealer
    ss.pop("lh_result", None)
    ss.pop("lh_checked", None)
    ss["lh_shn"] = _shn_template(ctx["next"], next_dealer)
# (widgets not drawn in a run lose their state: back from the SHN box, start again from the defaults)
_default("lh_number", ctx["next"])
if ss.get("lh_dealer") not in aliases:
    ss["lh_dealer"] = next_dealer

INPUTS = {"form": "score sheet", "cards": "tap cards", "shn": "SHN", "edit": "edit"}
SCHAFKOPF = schafkopf_rules(ctx.get("rules"))  # a Schafkopf score sheet has a form of its own; no card taps
offered = [k for k in INPUTS if (k != "edit" or ctx["mode"] == "existing") and not (SCHAFKOPF and k == "cards")]
if ss.get("lh_input") not in offered:
    ss["lh_input"] = offered[0]
st.radio("Enter the hand", offered, key="lh_input", label_visibility="collapsed",
         horizontal=True, format_func=INPUTS.__getitem__)
if SCHAFKOPF and ss["lh_input"] == "shn":
    st.caption("A Schafkopf session: write each game as an SHN-SK line (notation.md §14), e.g. "
               "`game Sepp sauspiel EA  partner Hias  laufende 3 with  pts 75  win` and `kontra Vroni`, or `ramsch` "
               "with its `score`; the tricks may follow.")
if not aliases:
    st.info("Name the seats of the new session to log a hand.")
    st.stop()
_default("lh_shn", _shn_template(ss["lh_number"], ss["lh_dealer"]))
try:
    PROFILE = parse_rules(ctx.get("rules") or "")
except ProfileError:
    PROFILE = None


def _ready(v: dict) -> bool:
    """Enough of the form is filled in to show the derived score."""
    if v["number"] is None or not v["dealer"]:
        return False
    if v["kind"] == "picked" and v["call"] == "under" and not v["under"]:
        return False  # the card not typed yet: nothing to say before it is (phone32 F6)
    return v["kind"] != "picked" or bool(v["picker"])


def _live_check() -> None:
    """The derived score of the form as it stands, shown before saving
    (issue 12): validated on every change, as Check score does."""
    if ss.pop("lh_just_saved", False) or ss.pop("lh_save_refused", False):
        return  # a save's outcome (stored, or refused and why) is shown, not checked over
    v = form_values(ctx)
    if _ready(v):
        check(False)


def _outcome_panel() -> None:
    """The outcome of the last check or save: the derived (or stored) score."""
    res = ss.get("lh_result") or {}
    if res.get("saved"):
        st.success(res["saved"])
    if res.get("notice"):
        st.warning(res["notice"])
    if res.get("errors") and any(res["errors"].values()):
        n = sum(len(m) for m in res["errors"].values())
        # a Save pressed and refused is "Not saved"; the live check of a form still being filled in (a leaster's
        # winner not chosen yet, a fail ace before its suit) refuses nothing: "Not ready to save" (newuser29 F5)
        said = "Not saved" if res.get("save") else "Not ready to save"
        st.error(f"{said}: {n} problem{'s' if n != 1 else ''} (shown at the field{'s' if n != 1 else ''} above).")
    pv = res.get("preview")
    if pv:
        head = "Stored score" if res.get("saved") else "Derived score (not saved yet)"
        st.markdown(f"**{head}**")
        st.markdown(" · ".join(f"**{a}** {u:+d}" for a, u in pv["units"].items()) + f" — {pv['outcome']}")
        if pv.get("breakdown"):
            st.caption(f"How it was computed: {pv['breakdown']}")
        for w in pv.get("warnings", []):
            st.warning(w)
    if res.get("text"):
        with st.expander("SHN text of this hand", expanded=False):
            st.code(res["text"], language=None)


# ---- a hand typed as SHN
if ss["lh_input"] == "shn":
    with st.form("lh_shn_form", enter_to_submit=False):
        st.text_area("The hand in SHN (the session's tags are added)", key="lh_shn", height=170,
                     help="One hand, as notation.md writes it: hand N  dealer S, then pick S  call AS  partner S  "
                          "pts N  win (or leaster S, doubler, misdeal), crack S, score S +n ...")
        _errors_for("shn")
        _errors_for("general")
        b1, b2 = st.columns(2)
        b1.form_submit_button("Check score", on_click=check_text, args=(False,), width="stretch")
        b2.form_submit_button("Save hand", on_click=check_text, args=(True,), type="primary", width="stretch")
    _outcome_panel()
    st.stop()

# ---- a stored hand edited (an amendment, kept with its reason: shead history)
if ss["lh_input"] == "edit":
    from dashboard.log_edit import (amend_from_page, show_history, stored_numbers, stored_source,  # noqa: E402
                                    void_from_page, voided_hands)
    from dashboard.text import md  # noqa: E402

    numbers = stored_numbers(ctx["session"])
    voided = voided_hands(ctx["session"])  # listed too: a voided hand is brought back here (dash19 F8)
    choices = sorted({*numbers, *voided})
    if not choices:
        st.info("This session has no stored hand yet.")
        st.stop()
    if ss.get("lh_edit_no") not in choices:
        ss["lh_edit_no"] = (numbers or choices)[-1]
    st.selectbox("Stored hand", choices, key="lh_edit_no",
                 format_func=lambda n: f"hand {n}" + (" (voided)" if n in voided else ""))
    no = ss["lh_edit_no"]
    if ss.get("lh_edit_loaded") != (ctx["session"], no, no in voided):
        ss["lh_edit_loaded"] = (ctx["session"], no, no in voided)
        ss["lh_edit_text"] = stored_source(ctx["session"], no)
        if not ss.pop("lh_edit_keep", False):
            ss.pop("lh_edit_result", None)
    if no in voided:
        v_id, v_rev, v_reason, v_at, v_text = voided[no]
        when = (f"revision {v_rev}, {str(v_at)[:16]}): {md(v_reason or 'no reason given')}" if v_rev is not None
                else "before the backup this database was restored from)")
        st.warning(f"Hand {no} was voided ({when}. It counts in no total. **Bring it back** counts it again with the "
                   "text below, as it was voided or corrected.")
        if v_text is None:
            st.info("Its text was not kept (it was voided before the backup this database was restored from): type "
                    "it below to bring it back.")
    st.text_area("Its text (SHN): correct it", key="lh_edit_text", height=200)
    st.text_input("Why (kept in the hand's history)", key="lh_edit_reason", placeholder="e.g. Di was the partner")
    if no in voided:
        st.button("Bring it back", type="primary", width="stretch", key="lh_edit_back",
                  on_click=amend_from_page, args=(ctx, no, True))
    else:
        st.button("Save amendment", type="primary", width="stretch", key="lh_edit_save",
                  on_click=amend_from_page, args=(ctx, no))
    er = ss.get("lh_edit_result") or {}
    for msg in er.get("errors", []):
        st.error(msg, icon="⚠️")
    if er.get("saved"):
        st.success(er["saved"])
    if er.get("saved") and er.get("score"):  # the units it counts now, and before (newuser29 F3)
        from dashboard.log_edit import score_line  # noqa: E402

        st.markdown(f"**Stored score now** {md(score_line(er['score']))}"
                    + (f" — {md(er['outcome'])}" if er.get("outcome") else ""))
        if er.get("was") and er["was"] != er["score"]:
            st.caption(f"Was: {md(score_line(er['was']))}")
        if er.get("totals"):
            st.caption(f"Session totals now: {md(score_line(er['totals']))}")
    for note in er.get("notes", []):  # what the correction made of other hands and nights (W-POT-CARRY ...)
        st.warning(note, icon="⚠️")
    if no not in voided:
        with st.expander(f"Void hand {no}"):
            st.caption("A hand that does not count (typed twice, another table's, a deal thrown in after it was "
                       "written) leaves every total and statistic; its texts and history are kept, the session's "
                       "later hands are re-derived (stake, pot), and it can be brought back here.")
            st.text_input("Why it is voided (required, kept in its history)", key="lh_void_reason",
                          placeholder="e.g. typed twice")
            st.checkbox(f"Yes, void hand {no}", key="lh_void_sure")
            st.button(f"Void hand {no}", key="lh_void", on_click=void_from_page, args=(ctx, no))
    hid = voided[no][0] if no in voided else None
    if hid is None:
        with reading(resolve_db()) as _con:
            _row = _con.execute("SELECT hand_id FROM hands WHERE session = ? AND hand = ?", [ctx["session"], no]
                                ).fetchone()
        hid = _row[0] if _row else None
    if hid is not None:
        show_history(hid)
    st.stop()

# ---- a full card log, tapped
if ss["lh_input"] == "cards":
    from dashboard.card_entry import CardEntry, supported  # noqa: E402

    why = supported(PROFILE) if PROFILE is not None else "the session's [Rules] do not read"
    if why:
        st.info(f"{why}: write this hand's card log as SHN text instead.")
        st.stop()
    key = (ctx["session"], ss["lh_number"], ss["lh_dealer"])
    entry = ss.get("lh_cards")
    if entry is None or ss.get("lh_cards_key") != key:
        entry = ss["lh_cards"] = CardEntry(ctx.get("rules") or "", aliases, ss["lh_dealer"])
        ss["lh_cards_key"] = key
        ss.pop("lh_cards_msg", None)
        if not ss.get("lh_just_saved"):
            ss.pop("lh_result", None)  # a new hand: the last hand's outcome is not this one's
    with st.container(horizontal=True, gap="small"):  # a row that stays a row at 390 px
        st.number_input("Hand number", min_value=1, step=1, key="lh_number", width="stretch")
        st.selectbox("Dealer", aliases, key="lh_dealer", width="stretch")
    stage = entry.stage

    def _tap(suit: str) -> None:
        card = ss.get(f"lh_grid_{suit}")
        ss[f"lh_grid_{suit}"] = None
        if card:
            ss["lh_cards_msg"] = entry.tap(card)

    def _choose(kind: str) -> None:
        value = ss.get(f"lh_cards_{kind}")
        ss[f"lh_cards_{kind}"] = None
        if value:
            ss["lh_cards_msg"] = (entry.choose_picker if kind == "picker" else entry.choose_call)(value)

    def _undo() -> None:
        entry.undo()
        ss["lh_cards_msg"] = None

    prompt = {"deal": f"Tap **{entry.dealing()}**'s dealt cards "
                      f"({len(entry.deal.get(entry.dealing() or '', []))} of {PROFILE.handCards})",
              "pick": "Who picked? (or everybody passed)", "bury": f"Tap the cards **{entry.picker}** buried",
              "call": f"What did **{entry.picker}** call?",
              "play": f"Trick {len(entry.state().tricks) + 1}: tap the card **{entry.to_play()}** played",
              "done": "Every trick is played: save the hand."}[stage]
    st.markdown(prompt)
    if ss.get("lh_cards_msg"):
        st.error(ss["lh_cards_msg"], icon=":material/block:")
    if stage == "pick":
        st.pills("Picker", entry.pick_options(), key="lh_cards_picker", on_change=_choose, args=("picker",))
    elif stage == "call":
        st.pills("Call", entry.call_options(), key="lh_cards_call", on_change=_choose, args=("call",))
    elif stage in ("deal", "bury", "play"):
        if stage == "deal":
            dealt = {c for cards in entry.deal.values() for c in cards}
            shown = [str(c) for c in Card if PROFILE.deck_mask >> c & 1 and str(c) not in dealt]
        elif stage == "bury":
            shown = [c for c in entry.holding(entry.picker) if c not in entry.bury]
        else:
            shown = entry.holding(entry.to_play())
        for suit, name in SUIT_NAMES.items():
            opts = [c for c in shown if c.endswith(suit)]
            if opts:
                st.pills(name, opts, key=f"lh_grid_{suit}", on_change=_tap, args=(suit,),
                         format_func=lambda c: Card.parse(c).pretty())
    st.button("Undo the last card", on_click=_undo, key="lh_cards_undo",
              disabled=not any(entry.deal.values()))
    text = entry.text(ss["lh_number"])
    with st.expander("SHN text so far", expanded=stage == "done"):
        st.code(text, language=None)

    def _save_cards(save: bool) -> None:
        ss["lh_shn"] = entry.text(ss["lh_number"])
        check_text(save)
        res = ss.get("lh_result") or {}
        if res.get("saved"):
            ss["lh_cards"] = None
            ss["lh_number"] = int(_HAND_NO.search(ss["lh_shn"]).group(1)) if _HAND_NO.search(ss["lh_shn"]) \
                else ss["lh_number"] + 1
            m = re.search(r"dealer\s+(\S+)", ss["lh_shn"], re.IGNORECASE)
            if m:
                ss["lh_dealer"] = m.group(1)

    if stage == "done":
        if not ss.pop("lh_just_saved", False):
            ss["lh_shn"] = text
            check_text(False)
        _errors_for("shn")
        _errors_for("general")
        st.button("Save hand", type="primary", width="stretch", key="lh_cards_save", on_click=_save_cards,
                  args=(True,))
    _outcome_panel()
    st.stop()

# ---- the score sheet form (issue 12: short on a phone)
# ---- a Schafkopf game on the score sheet (SHN-SK, notation.md §14.7): its own fields, the same checks
if SCHAFKOPF:
    from dashboard.sk_form import GAME_LABELS, GAMES, SAU_SUITS, SUIT_WORDS, needs_declarer  # noqa: E402
    from replay.schafkopf import parse_schafkopf_rules  # noqa: E402

    try:
        klopfen_on = parse_schafkopf_rules(ctx.get("rules") or "").klopfen
    except ProfileError:  # the check says why the [Rules] do not read
        klopfen_on = False
    for key, opts, dflt in (("lh_sk_game", list(GAMES), "sauspiel"), ("lh_sk_declarer", aliases, None),
                            ("lh_sk_sau", list(SAU_SUITS), "eichel"), ("lh_sk_suit", list(SUIT_WORDS), "herz"),
                            ("lh_sk_partner", [NOT_WRITTEN, UNKNOWN] + aliases, NOT_WRITTEN),
                            ("lh_sk_laufende", [NOT_WRITTEN] + [str(k) for k in range(15)], NOT_WRITTEN),
                            ("lh_sk_laufende_side", ["with", "without"], "with"),
                            ("lh_sk_kontra", [NONE] + aliases, NONE), ("lh_sk_re", [NONE] + aliases, NONE),
                            ("lh_outcome", list(OUTCOMES), NOT_WRITTEN)):
        if ss.get(key) not in opts:
            ss[key] = dflt
    # a Klopfen chosen under another session's rules goes when these have none (break16b: it blocked the save
    # with an error at a field no longer shown)
    ss["lh_sk_klopfen"] = [a for a in ss.get("lh_sk_klopfen") or [] if a in aliases] if klopfen_on else []
    for key in ("lh_pts", "lh_tricks"):
        if not isinstance(ss.get(key), str):
            ss[key] = "" if ss.get(key) is None else str(ss[key])
    for i in range(len(aliases)):
        if not isinstance(ss.get(f"lh_score_{i}"), str):
            ss[f"lh_score_{i}"] = "" if ss.get(f"lh_score_{i}") is None else str(ss[f"lh_score_{i}"])
    _quiet = ss.pop("lh_just_saved", False) | ss.pop("lh_save_refused", False)  # a save's outcome stays shown
    if not _quiet and sk_ready(sk_values(ctx, {})):
        check_sk(False)  # the derived score as the form stands (as the Sheepshead form shows it)
    with st.container(horizontal=True, gap="small"):
        st.number_input("Hand number", min_value=1, step=1, key="lh_number", width="stretch")
        st.selectbox("Dealer", aliases, key="lh_dealer", width="stretch")
    for f in ("number", "dealer"):
        _errors_for(f)
    g = ss["lh_sk_game"]
    with st.container(horizontal=True, gap="small"):
        st.selectbox("Game", list(GAMES), key="lh_sk_game", format_func=GAME_LABELS.__getitem__, width="stretch")
        if needs_declarer(g):
            st.selectbox("Played by", aliases, key="lh_sk_declarer", placeholder="the declarer", width="stretch")
    for f in ("sk_game", "sk_declarer"):
        _errors_for(f)
    if g == "sauspiel":
        with st.container(horizontal=True, gap="small"):
            st.selectbox("Called Sau", list(SAU_SUITS), key="lh_sk_sau", format_func=lambda w: f"{w.title()}-Sau",
                         width="stretch")
            st.selectbox("Partner", [NOT_WRITTEN, UNKNOWN] + aliases, key="lh_sk_partner", width="stretch",
                         help="the holder of the called Sau")
        _errors_for("partner")
    elif g in ("solo", "farbwenz", "farbgeier"):
        st.selectbox("Trump suit", list(SUIT_WORDS), key="lh_sk_suit", format_func=str.title)
    if needs_declarer(g):
        if g != "sauspiel":
            st.checkbox("Tout (every trick undertaken)", key="lh_sk_tout")
        with st.container(horizontal=True, gap="small"):
            st.text_input("Augen", key="lh_pts", placeholder="declaring party", width="stretch",
                          help="the declaring party's card points, 0..120 (61 wins)")
            st.selectbox("Outcome", OUTCOMES, key="lh_outcome", width="stretch")
        for f in ("pts", "outcome"):
            _errors_for(f)
        with st.container(horizontal=True, gap="small"):
            st.selectbox("Laufende", [NOT_WRITTEN] + [str(k) for k in range(15)], key="lh_sk_laufende",
                         width="stretch", help="the run of top trumps, up to the game's trumps (14 in a Sauspiel "
                         "or a Solo, 4 in a Wenz or a Geier, rules.md G-13); 0: none that pays")
            st.selectbox("held by", ["with", "without"], key="lh_sk_laufende_side", width="stretch",
                         format_func={"with": "the declaring party", "without": "the opponents"}.__getitem__)
        _errors_for("sk_laufende")
    elif g == "ramsch":  # its score is the whole record: asked for here, not folded away (user16b)
        st.caption("A Ramsch is its score alone: each player's tariff points as the table paid them (the loser "
                   "pays each other player; rules.md G-17).")
        with st.container(horizontal=True, gap=8):
            for i, a in enumerate(aliases):
                st.text_input(a, key=f"lh_score_{i}", placeholder="+0", width=70)
        _errors_for("score")
    written = any((ss.get(f"lh_score_{i}") or "").strip() for i in range(len(aliases)))
    errs_now = (ss.get("lh_result") or {}).get("errors") or {}
    more = ((["tricks, Kontra and Re"] if needs_declarer(g) else []) + (["Klopfen"] if klopfen_on and g != "thrown"
            else []) + (["the score as written"] if needs_declarer(g) else []))
    box = st.expander("More: " + ", ".join(more), expanded=written or any(errs_now.get(k) for k in (
        "tricks", "sk_kontra", "sk_re", "sk_klopfen", "score"))) if more else None
    if box is not None:
        with box:
            if needs_declarer(g):
                with st.container(horizontal=True, gap=8):
                    st.text_input("Tricks", key="lh_tricks", placeholder="declaring", width=100)
                    st.selectbox("Kontra by", [NONE] + aliases, key="lh_sk_kontra", width=100)
                    st.selectbox("Re by", [NONE] + aliases, key="lh_sk_re", width=100)
                for f in ("tricks", "sk_kontra", "sk_re"):
                    _errors_for(f)
            if klopfen_on and g != "thrown":
                st.multiselect("Klopfen by", aliases, key="lh_sk_klopfen")
                _errors_for("sk_klopfen")
            if needs_declarer(g):
                st.caption("Score as written at the table (empty: the tariff scores it)")
                with st.container(horizontal=True, gap=8):
                    for i, a in enumerate(aliases):
                        st.text_input(a, key=f"lh_score_{i}", placeholder="+0", width=70)
                _errors_for("score")
    _errors_for("general")
    with st.container(horizontal=True, gap="small"):
        st.button("Check score", on_click=check_sk, args=(False,), width="stretch")
        st.button("Save hand", on_click=check_sk, args=(True,), type="primary", width="stretch")
    _outcome_panel()
    st.stop()

# Only the fields the session's rules use; the short ones side by side in rows
# that stay side by side at 390 px (horizontal containers: Streamlit's columns
# stack under 640 px); what a table seldom writes (tricks, cracks, blitzes, the
# written score) folded into one "More" expander; the derived score shown live.
_default("lh_kind", "picked")
game = nopick_game(ctx.get("rules"))
nopick = PROFILE.noPick if PROFILE is not None else "leaster"
kinds = ["picked"] + (["leaster"] if nopick in NOPICK_GAMES else []) + (["doubler"] if nopick == "doubler" else []) \
    + ["misdeal"]
if ss.get("lh_kind") not in kinds:
    ss["lh_kind"] = "picked"
st.radio("What happened", kinds, key="lh_kind", horizontal=True, label_visibility="collapsed",
         format_func={"picked": "picked", "leaster": f"{game} (all passed)",
                      "doubler": "doubler (all passed)", "misdeal": "misdeal"}.__getitem__)
kind = ss["lh_kind"]

# keep widget values valid for the seats in force
seat_opts = list(aliases)
suits = call_suits(ctx.get("rules"))  # the profile's fail suits (rules.md F-8)
mode = PROFILE.partnerMode if PROFILE is not None else "calledAce"
# "(not written)" first: a score line need not say the call (notation.md), and a call is stored only when the
# scorer chose it (real28 F1: the form's first suit was stored on every hand logged here)
calls = [NOT_WRITTEN] + list(CALLS) if mode in ("calledAce", "jdAndAce") else (["no call", "alone"] if mode == "jackOfDiamonds"
                                                               else [])
for key, opts, dflt in (("lh_picker", seat_opts, None),
                        ("lh_partner", [NOT_WRITTEN, UNKNOWN] + seat_opts, NOT_WRITTEN),
                        ("lh_leaster", [NOT_WRITTEN, TIE] + seat_opts, NOT_WRITTEN),
                        ("lh_crack", [NONE] + seat_opts, NONE), ("lh_recrack", [NONE] + seat_opts, NONE),
                        ("lh_blitz", [NONE] + seat_opts, NONE), ("lh_call", calls or [None], (calls or [None])[0]),
                        ("lh_suit", [NOT_WRITTEN] + list(suits), NOT_WRITTEN), ("lh_outcome", list(OUTCOMES), NOT_WRITTEN),
                        ("lh_blitz_color", ["black", "red"], "black")):
    if ss.get(key) not in opts:
        ss[key] = dflt
for key in ("lh_pts", "lh_tricks", "lh_under"):
    if not isinstance(ss.get(key), str):
        ss[key] = "" if ss.get(key) is None else str(ss[key])
for i in range(len(aliases)):
    if not isinstance(ss.get(f"lh_score_{i}"), str):
        ss[f"lh_score_{i}"] = "" if ss.get(f"lh_score_{i}") is None else str(ss[f"lh_score_{i}"])
_live_check()
_errors_for("kind")


def _row(*fields: str) -> None:
    """Close a row: the errors of its ``fields`` under it."""
    for f in fields:
        _errors_for(f)


def row(gap="small"):
    """A row of short fields that stays a row at 390 px wide."""
    return st.container(horizontal=True, gap=gap)


with row():
    st.number_input("Hand number", min_value=1, step=1, key="lh_number", width="stretch")
    st.selectbox("Dealer", seat_opts, key="lh_dealer", width="stretch")
_row("number", "dealer")
if kind == "picked":
    has_partner = mode != "alone" and ss.get("lh_call") != "alone"
    with row():
        st.selectbox("Picker", seat_opts, key="lh_picker", placeholder="who picked", width="stretch")
        if has_partner:
            st.selectbox("Partner", [NOT_WRITTEN, UNKNOWN] + seat_opts, key="lh_partner", width="stretch")
    _row("picker", "partner")
    if calls:
        with row():
            st.selectbox("Call", calls, key="lh_call", width="stretch",
                         format_func={NOT_WRITTEN: NOT_WRITTEN, "ace": "a fail ace", "ten": "a ten",
                                      "under": "ace, under a card", "alone": "alone",
                                      "no call": "no call (J♦)"}.__getitem__)
            if ss.get("lh_call") in ("ace", "ten", "under"):
                st.selectbox("Called suit", [NOT_WRITTEN] + list(suits), key="lh_suit",
                             format_func={NOT_WRITTEN: NOT_WRITTEN, **SUIT_NAMES}.__getitem__,
                             width="stretch")
        _row("call")
    if ss.get("lh_call") == "under":
        st.text_input("Unknown card (an under call)", key="lh_under", placeholder="e.g. 7C")
        _errors_for("under")
    with row():
        st.text_input("Card points", key="lh_pts", placeholder="picker side", width="stretch",
                      help="the picker side's card points, bury included")
        st.selectbox("Outcome", OUTCOMES, key="lh_outcome", width="stretch")
    _row("pts", "outcome")
elif kind == "leaster":
    with row():
        st.selectbox(NOPICK_SEAT[game], [NOT_WRITTEN, TIE] + seat_opts, key="lh_leaster", width="stretch")
        st.text_input("Winner's card points" if game == "leaster" else "Its card points (a schwanzer: "
                      "its count)", key="lh_pts", placeholder="optional", width="stretch")
    _row("leaster", "pts")
marks = []
if kind in ("picked", "leaster") and PROFILE is not None:
    marks = [m for m in (("crack", "Crack by", PROFILE.allowCrack),
                         ("recrack", "Re-crack by", PROFILE.allowCrack and PROFILE.allowRecrack),
                         ("blitz", "Blitz by", PROFILE.allowBlitz != "none")) if m[2]]
errs_now = (ss.get("lh_result") or {}).get("errors") or {}
more = [k for k in ("tricks", "crack", "recrack", "blitz", "score") if errs_now.get(k)]
written = any((ss.get(f"lh_score_{i}") or "").strip() for i in range(len(aliases)))
open_more = bool(more) or written or any(ss.get(f"lh_{k}") not in (None, NONE) for k, _, _ in marks) \
    or bool((ss.get("lh_tricks") or "").strip())
what = (["tricks"] if kind == "picked" else []) + (["cracks"] if marks else []) \
    + (["blitzes"] if any(k == "blitz" for k, _, _ in marks) else []) + ["the score as written"]
with st.expander("More: " + ", ".join(what), expanded=open_more):
    if kind == "picked" or marks:
        n_more = (kind == "picked") + len(marks) + any(k == "blitz" for k, _, _ in marks)
        # in the expander a 390 px screen leaves 326 px: three of 100 px with 8 px gaps
        w_more = "stretch" if n_more <= 2 else 100
        with row(8):
            if kind == "picked":
                st.text_input("Tricks", key="lh_tricks", placeholder="picker side", width=w_more)
            for key, label, _ in marks:
                st.selectbox(label, [NONE] + seat_opts, key=f"lh_{key}", width=w_more)
            if any(k == "blitz" for k, _, _ in marks):
                st.selectbox("Blitz queens", ["black", "red"], key="lh_blitz_color", width=w_more)
        _row("tricks", "crack", "recrack", "blitz")
    st.caption("Score as written at the table (empty: the rules score it)")
    with row(8):
        for i, a in enumerate(aliases):
            # five of 58 px with 8 px gaps fit the expander's 326 px at 390 px wide; more seats wrap
            st.text_input(a, key=f"lh_score_{i}", placeholder="+0", width=58 if len(aliases) > 2 else "stretch")
    _errors_for("score")
_errors_for("general")
with row():
    st.button("Check score", on_click=check, args=(False,), width="stretch")
    st.button("Save hand", on_click=check, args=(True,), type="primary", width="stretch")
_outcome_panel()
