"""The night's sheet: one session's hands in order, as the scorer keeps it on
paper (issue 12).  ``shead sheet SESSION [--json|--csv]`` and the dashboard's
Sheet page both read it from here.

Every number comes from the stored outcome (``hands``, ``hand_units``: the
revision in force of every hand, voided hands left out): a hand's units per
player (+ receives), each player's running total after the hand, and — for
a profile with the pot (rules.md D-19, ``pot=on``) — what went into the pot
(+) or came out of it (−) and the pot's balance after the hand.  The totals
are the sums of the units per player; with the pot they and the pot's
balance sum to zero (every hand does, docs/storage.md "hand_units"), less
a pot carried in (``pot N`` written on the sheet's first hand: the balance
starts from it).

A hand of the session that was refused at ingest (``rejected``: its first
error) and has no stored revision is a gap in the sheet: :attr:`Sheet.refused`
names it with its error code and where it was written, so that the sheet
never reads as if hand 7 had not been played.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from datetime import date

import duckdb

from replay.outcome import RENEGE_WORD, UNPLAYED_OUTCOMES, outcome_label, reneged, with_renege
from replay.scoring import NOPICK_GAMES, renege_case, renege_legend
from ingest.unicode_text import nfc

__all__ = ["Sheet", "SheetRow", "RefusedHand", "session_sheet", "find_session", "result_text", "SessionNotFound",
           "kept_reason", "pot_carry_reason", "seat_units_text", "SAT_OUT_WORD", "ramsch_said"]

POT_SEAT = "(pot)"
#: after the result of a hand kept against the rules (SheetRow.kept): the foot of the sheet says why
KEPT_MARK = " !"
#: a stored warning's code and text, as ingest.store writes them ("x.shn:1:1: warning W-CARRY (hand 3): ...")
_KEPT = re.compile(r"warning W-CARRY(?: \(hand \d+\))?: (.*)", re.S)
#: a night's kept W-POT-CARRY mark on its opening hand (ingest.pot_carry.mark_openings, break30 F6)
_POT_CARRY = re.compile(r"warning W-POT-CARRY(?: \(hand \d+\))?: (.*)", re.S)
#: a hand's own columns of the sheet, before the seats' (:meth:`Sheet.columns`)
_HAND_COLUMNS = ("hand", "dealer", "picker", "partner", "call", "result", "marks", "stake")
#: the column naming the seat that sat out the hand (rules.md F-1), on a sheet where some hand's dealer sits out
SAT_OUT_COLUMN = "sat out"
#: a sat-out seat's units cell (the dealer under wi6-sit-out, rules.md F-1), in place of its 0: shead sheet's text
#: and the Sheet page both write it (:func:`seat_units_text`); "out", not "sat out", to fit six seats in 1400 px
SAT_OUT_WORD = "out"


def seat_units_text(units: int | None, sat_out: bool) -> str | None:
    """A seat's units for a hand as the sheet writes them: ``+2``, ``-4``,
    ``+0`` for a seat that played and broke even, :data:`SAT_OUT_WORD` for
    the seat that sat the hand out (``sat_out``: the dealer under a sit-out
    profile, :attr:`SheetRow.sat_out`, dealt nothing and scored 0, rules.md
    F-1; left33 F1: the text printed ``+0`` as for a seat that played), None
    for a player not at the table (``units`` None)."""
    if units is None:
        return None
    return SAT_OUT_WORD if sat_out else f"{units:+d}"


class SessionNotFound(LookupError):
    """No stored session matches; the message lists close matches."""


@dataclass
class SheetRow:
    """One hand of the sheet: its number, dealer, picker (the declarer of a
    Schafkopf game), partner, the call (Sheepshead: the called card;
    Schafkopf: the game), the result (:func:`result_text`), the stake, each
    seat's units and running total, and the pot's units and balance (None
    without a pot).  A player of the sheet not at the table that hand (a
    hand with its own ``[Seats]``: someone sat in for them) has None for
    both, not 0 (metrics31 F3): no cell, distinct from a seated player who
    broke even and from the dealer who sits out at ``wi6-sit-out``, who is
    at the table and scored 0 (rules.md F-1)."""

    hand: int
    hand_id: int
    dealer: str | None
    picker: str | None
    partner: str | None
    call: str | None
    result: str
    stake: int
    units: dict[str, int | None]
    running: dict[str, int | None]
    pot: int | None = None
    pot_balance: int | None = None
    marks: str = ""  # the marks as written, with their factor: "crack Dot, recrack Eve ×4" (QA D10)
    outcome: str = ""  # the stored outcome ("win", "doubler", ...): a hand of UNPLAYED_OUTCOMES is no hand played
    kept: str | None = None  # why its stored result stands against the rules (W-CARRY), None when they agree
    #: a Schafkopf game's Laufende as stored (rules.md G-13: counted in the price), ``(count, with)``; None for a
    #: Ramsch, a Sheepshead hand, or a score-sheet game whose Laufende were not written
    laufende: tuple[int, bool | None] | None = None
    #: the [Rules] text the hand is stored under, as written ("" for none: the default profile); a night sent again
    #: under other rules, or a hand with its own [Rules] tag, has hands under different texts (fixa30)
    rules: str = ""
    #: the seat (its column key) that sat out the hand: the dealer under a sit-out profile (``sitOut``,
    #: ``wi6-sit-out``, rules.md F-1), dealt nothing and scored 0; None when every seated player played (house32 F1)
    sat_out: str | None = None
    #: a Ramsch's Jungfrauen, paid double (rules.md G-17), "Jungfrau Vroni"; "" for none (sk32 F5)
    jungfrau: str = ""

    def game_text(self) -> str | None:
        """The call as a person reads it: a Schafkopf game with the Laufende
        counted in its price (rules.md G-13, G-14), ``solo eichel, 5
        Laufende with`` (real29 F4: the sheet could not check a price), a
        Ramsch with its Jungfrauen, paid double (G-17): ``ramsch, Jungfrau
        Vroni``; else :attr:`call`."""
        if self.jungfrau:
            return f"{self.call or 'ramsch'}, {self.jungfrau}"
        if not self.laufende or not self.laufende[0]:
            return self.call
        n, with_ = self.laufende
        return (f"{self.call or ''}, {n} Laufende" + {True: " with", False: " without"}.get(with_, "")).lstrip(", ")


@dataclass(frozen=True)
class RefusedHand:
    """A hand of the session refused at ingest and never stored (a gap in
    the sheet): its number and the first error of its latest refusal, as the
    ``rejected`` table and the Rejected hands page have it — the code
    (``E-RENEGE``), the message, and the file, line and column (1-based)."""

    hand: int | None  # None: its hand line's number did not read (`hand x`, `hand 0`): it has no place by number
    code: str
    message: str
    file: str | None
    line: int
    col: int
    held: str = ""  # a row refused for its number (ORDER_REFUSAL): what it holds, its text less the hand line

    def where(self) -> str:
        """``file:line:col``, or ``line L`` when the file is not known."""
        return f"{self.file}:{self.line}:{self.col}" if self.file else f"line {self.line}"

    def label(self) -> str:
        """``hand 7``; for a hand whose number did not read, ``a hand with no
        number read`` (break22 F8: it was "hand 0", a number no hand has)."""
        if self.code == ORDER_REFUSAL:  # another hand than the stored hand of its number: by its line and what it
            # holds, not as 'hand 2' beside the stored (or voided) hand 2 (break27b F2)
            held = f": {self.held}" if self.held else ""
            return f"the row at line {self.line} (written as hand {self.hand}{held})"
        return f"hand {self.hand}" if self.hand is not None else "a hand with no number read"


@dataclass
class Sheet:
    """A session's sheet: ``session`` id, its ``players`` (seat alias →
    name, clockwise), ``rules``, ``date``, the hands in order, the
    ``totals`` per seat (units), ``pot`` (the pot's balance at the end, None
    without a pot), ``voided`` (the numbers of its voided hands, each
    void's reason in ``void_reasons``), ``amended`` (the numbers of its
    hands in force whose text was amended, ``shead ingest --amend`` or the
    dashboard's Edit, each latest amendment's reason in ``amend_reasons``;
    they count as amended) and
    ``refused`` (its hands refused at ingest and not stored, by number).
    A hand whose stored result the rules no longer give (``W-CARRY``: an
    earlier hand stored after it moved its stake or pot, rules.md D-11,
    D-12, D-19; kept until amended) has ``kept`` set, its result marked
    :data:`KEPT_MARK`, and a line at the foot (:meth:`kept_lines`)."""

    session: str
    players: dict[str, str]
    rules: str
    date: str | None
    game: str
    rows: list[SheetRow] = field(default_factory=list)
    totals: dict[str, int] = field(default_factory=dict)
    pot: int | None = None
    voided: list[int] = field(default_factory=list)
    refused: list[RefusedHand] = field(default_factory=list)
    void_reasons: dict[int, str] = field(default_factory=dict)
    amended: list[int] = field(default_factory=list)
    amend_reasons: dict[int, str] = field(default_factory=dict)
    #: the source's own totals (player name -> units: a sheet's Total row, a protocol's table) where the session's
    #: check found the stored hands short of them (``session_checks``), else None (dash27 F5)
    source_totals: dict[str, int] | None = None
    #: under a pot: the night's first hands are not stored (its first stored hand is past hand 1, hand 1 neither
    #: stored nor voided) and that hand writes no ``pot N``: what the pot opened with is not known (break29 F8)
    pot_opening_unknown: bool = False
    #: each [Rules] text its hands are stored under -> what it means (the resolved flags, the name aside), fixa30
    rules_meaning: dict[str, str] = field(default_factory=dict)
    #: under a pot: why the pot the night opens with (``pot N`` carried in) is not what its group's earlier night
    #: leaves, the night's kept ``W-POT-CARRY`` (ingest.pot_carry.mark_openings), else None (break30 F6)
    pot_carry: str | None = None
    #: some hand's dealer sits out (``wi6-sit-out``, rules.md F-1): at the table and scored 0 (metrics31 F3)
    sit_out: bool = False
    #: a hand settled by a renege penalty: its result says "(renege)" (rules.md B-23; table33 F1)
    renege: bool = False
    #: how each such hand was settled (replay.scoring.renege_case): the legend is worded for these (verify33)
    renege_cases: set = field(default_factory=set)

    def absent(self) -> bool:
        """True when some player of the sheet was not at the table for some
        hand (a cell of None in :attr:`SheetRow.units`; metrics31 F3)."""
        return any(u is None for r in self.rows for u in r.units.values())

    def renege_legend(self) -> str:
        """What "(renege)" beside a result means, worded for how this sheet's renege hands were settled
        (:func:`replay.scoring.renege_legend`, rules.md B-23; table33 F1, verify33)."""
        return renege_legend(RENEGE_WORD, self.renege_cases)

    def legend(self, word: str = "units") -> str:
        """The line under the terminal sheet: ``each player: units this
        hand, then the running total``, then, when they occur, ``–: not at
        the table that hand`` and ``out: the dealer sat out the hand
        (dealt nothing, scored 0, rules.md F-1)`` (the seat's cell says
        :data:`SAT_OUT_WORD`, :func:`seat_units_text`)."""
        parts = [f"each player: {word} this hand, then the running total"]
        if self.absent():
            parts.append("–: not at the table that hand (no units, the running total goes on at the next hand "
                         "played)")
        if self.sit_out:
            parts.append(f"{SAT_OUT_WORD}: the dealer sat out the hand (dealt nothing, scored 0, rules.md F-1), then "
                         "the running total")
        if self.renege:
            parts.append(self.renege_legend())
        return "; ".join(parts)

    def running_points(self) -> list[tuple[int, str, int]]:
        """The running totals to draw, ``(hand, player name, total)`` in hand
        order: none for a player not at the table that hand (metrics31 F3: the
        chart drew Fay at 0 before she sat in)."""
        return [(r.hand, self.players.get(a, a), t) for r in self.rows for a, t in r.running.items()
                if a in self.players and t is not None]

    def rules_by_hand(self) -> list[tuple[str, list[int]]]:
        """Each ``[Rules]`` text the sheet's hands are stored under (``""``
        for none written: the default profile) with the numbers of those
        hands, in the order of each text's first hand: ``[("wi5-called-ace",
        [1, 4]), ("wi5-called-ace; noPick=doubler", [2, 3])]`` for a night
        sent first without ``--rules``, then again with it (fixa30).  A hand
        counts as scored under the rules it is stored under.  Empty for a sheet
        without hands."""
        out: dict[str, list[int]] = {}
        for r in self.rows:
            out.setdefault(r.rules, []).append(r.hand)
        return list(out.items())

    def hand_rules(self) -> str:
        """The ``[Rules]`` text every hand of the sheet is stored under (the
        session's text when it has no hands); ``""`` for none written.  When
        its hands are under several texts, the first hand's
        (:meth:`rules_by_hand` names them all)."""
        spans = self.rules_by_hand()
        return spans[0][0] if spans else self.rules

    def mixed_rules(self) -> bool:
        """True when the hands are stored under more than one ``[Rules]`` text
        that do not mean the same rule set (:attr:`rules_meaning`): each hand
        counts under its own."""
        return len({self.rules_meaning.get(t, t) for t, _ in self.rules_by_hand()}) > 1

    def rules_text(self, default: str, quote: bool = True) -> str:
        """The header's words for the rules the hands were scored under.  One
        text: ``[Rules "wi5-called-ace"]`` (``quote`` False: ``[Rules
        wi5-called-ace]``), ``default`` when none is written.  Several:
        ``mixed rules: hands 1, 4 under [Rules "wi5-called-ace"], hands 2-3
        under [Rules "wi5-called-ace; noPick=doubler"]`` (each text with the
        hands stored under it, by hand range, in the order of its first hand;
        a hand of none written ``under no [Rules] (the default profile,
        wi5-called-ace)``), or ``one rule set written two ways: ...`` when
        the texts mean the same rules (fixa30: the header named the first
        text only)."""
        def tag(text: str) -> str | None:
            if not text.strip():
                return None
            return f'[Rules "{text}"]' if quote else f"[Rules {text}]"

        spans = self.rules_by_hand()
        if len(spans) < 2:
            return tag(self.hand_rules()) or default
        from replay.profile import DEFAULT_PROFILE  # noqa: PLC0415

        parts = [f"{_hands_text(numbers)} under "
                 + (tag(text) or f"no [Rules] (the default profile, {DEFAULT_PROFILE.name})")
                 for text, numbers in spans]
        ways = {2: "two", 3: "three", 4: "four"}.get(len(spans), str(len(spans)))
        return (("mixed rules: " if self.mixed_rules() else f"one rule set written {ways} ways: ")
                + ", ".join(parts))

    def mixed_rules_line(self) -> str:
        """The line under a sheet whose hands are under rules that differ
        (:meth:`mixed_rules`): each hand counts under its own, and what to do
        when the night was meant under one; ``""`` otherwise."""
        if not self.mixed_rules():
            return ""
        return ("mixed rules: each hand counts as scored under the [Rules] it is stored under (above); a night meant "
                "under one: amend its other hands with those rules (shead ingest --amend FILE --reason '...'), or "
                f"void the session and ingest it again (shead void '{self.session}' --session --reason '...')")

    def voided_text(self) -> str:
        """The voided hands' numbers with each void's reason, as the sheet's
        foot says them: ``"3 (dealt at the other table), 5"``."""
        return ", ".join(f"{n} ({self.void_reasons[n]})" if self.void_reasons.get(n) else str(n)
                         for n in self.voided)

    def amended_text(self) -> str:
        """The amended hands' numbers with each latest amendment's reason, as
        the sheet's foot says them (real29 F4): ``"8 (5 Laufende, not 4)"``."""
        return ", ".join(f"{n} ({self.amend_reasons[n]})" if self.amend_reasons.get(n) else str(n)
                         for n in self.amended)

    @property
    def has_pot(self) -> bool:
        return self.pot is not None

    def shown_head(self) -> list[str]:
        """The hand's own columns a person reads (the terminal sheet, the
        printable page), before the seats': ``hand dealer picker partner
        call result marks stake``; a Schafkopf sheet shows no ``stake`` (a
        Schafkopf game is priced by the tariff, rules.md G-14; its doublings
        are the marks' ×N, G-18, G-19; its stored stake is always 1).  The
        CSV and JSON keep every stored column under its stored name."""
        return list(_HAND_COLUMNS[:-1] if self.game == "schafkopf" else _HAND_COLUMNS)

    def shown_columns(self) -> list[str]:
        """The flat table's columns a person reads (the dashboard's Sheet
        page): :meth:`shown_head`, then the seats' and the pot's columns of
        :meth:`columns`."""
        return self.shown_head() + self.columns()[len(_HAND_COLUMNS):]

    def label(self, col: str) -> str:
        """The header a person reads over column ``col``: a Schafkopf
        sheet's ``picker`` is the ``declarer`` (der Spieler, rules.md G-4)
        and its ``call`` the ``game``; every other column its own name."""
        if self.game == "schafkopf":
            return {"picker": "declarer", "call": "game"}.get(col, col)
        return col

    def columns(self) -> list[str]:
        """The flat table's column names (:meth:`records`)."""
        cols = list(_HAND_COLUMNS)
        cols += [f"{a} units" for a in self.players] + [f"{a} total" for a in self.players]
        if self.has_pot:
            cols += ["pot", "pot balance"]
        if self.sit_out:  # the seat that sat out each hand (rules.md F-1; house32 F1), last: the seats' columns stay
            cols.append(SAT_OUT_COLUMN)
        return cols

    def records(self) -> list[dict]:
        """One flat dict per hand (the columns of :meth:`columns`), seats by alias."""
        out = []
        for r in self.rows:
            d = {"hand": r.hand, "dealer": r.dealer, "picker": r.picker, "partner": r.partner,
                 "call": r.game_text(), "result": r.result + (KEPT_MARK if r.kept else ""), "marks": r.marks,
                 "stake": r.stake}
            # None (an empty cell) for a player not at the table that hand (metrics31 F3)
            d.update({f"{a} units": r.units.get(a) for a in self.players})
            d.update({f"{a} total": r.running.get(a) for a in self.players})
            if self.has_pot:
                d.update({"pot": r.pot, "pot balance": r.pot_balance})
            if self.sit_out:
                d[SAT_OUT_COLUMN] = r.sat_out
            out.append(d)
        return out

    def records_with_refused(self) -> list[dict]:
        """:meth:`records` with a row for each hand refused at ingest in its
        place by number (:attr:`refused`): its number and ``result``
        ``refused CODE``, every other cell empty and nothing counted, as
        ``shead sheet`` prints it (new22 F6: the dashboard's sheet left the
        row out, a hand missing between two to a scorer reading it against
        the paper)."""
        gaps = self.numbered_refused()
        out: list[dict] = []
        k = 0
        for d in self.records():
            while k < len(gaps) and gaps[k].hand < d["hand"]:
                out.append(self._refused_record(gaps[k]))
                k += 1
            out.append(d)
        out.extend(self._refused_record(g) for g in gaps[k:])
        return out

    def numbered_refused(self) -> list["RefusedHand"]:
        """The refused hands whose number was read, by number: each has a row
        at its place (a hand with no number read is said in the foot
        alone: its place is not known)."""
        return sorted((g for g in self.refused if g.hand is not None and g.code != ORDER_REFUSAL),
                      key=lambda g: g.hand)  # a row refused for its number: its number is another hand's place

    def _refused_record(self, gap: "RefusedHand") -> dict:
        d: dict = {c: None for c in self.columns()}
        d["hand"], d["result"] = gap.hand, f"refused {gap.code}"
        return d

    def total_text(self) -> str:
        """``total, 3 hands``, and when some were dealt but not played
        (:data:`replay.outcome.UNPLAYED_OUTCOMES`: a doubler, a misdeal)
        how many were played, as the ledger counts hands: ``total, 3 hands
        (2 played)``."""
        n = len(self.rows)
        played = sum(1 for r in self.rows if r.outcome not in UNPLAYED_OUTCOMES)
        return f"total, {n} hand{'' if n == 1 else 's'}" + (f" ({played} played)" if played < n else "")

    def totals_record(self) -> dict:
        """The totals line in the columns of :meth:`columns`; under a pot,
        its ``pot`` the night's net (:meth:`pot_net`) and its ``pot balance``
        what the pot holds at the end (carried in + net, rules.md D-19)."""
        d = {c: None for c in self.columns()}
        d["result"] = self.total_text()
        d.update({f"{a} units": self.totals.get(a, 0) for a in self.players})
        d.update({f"{a} total": self.totals.get(a, 0) for a in self.players})
        if self.has_pot:
            d["pot"] = self.pot_net()
            d["pot balance"] = self.pot
        return d

    def pot_opened(self) -> int | None:
        """What the pot held before the night's first hand under a pot (its
        ``pot N``, carried in from an earlier night: rules.md D-19): that
        hand's balance less what it put in; None without a pot (newuser28 F2),
        or when it is not known: the night's first hands are not stored
        (``pot_opening_unknown``, break29 F8)."""
        if self.pot_opening_unknown:
            return None
        return next((r.pot_balance - (r.pot or 0) for r in self.rows if r.pot_balance is not None), None)

    def pot_net(self) -> int:
        """The pot's net over the night (units): what its hands put in less
        what they took; carried in + net = what it holds at the end."""
        return sum(r.pot or 0 for r in self.rows if r.pot_balance is not None)

    def opening_record(self) -> dict | None:
        """The first row of a night that opened with a pot carried in, in
        the columns of :meth:`columns`: ``result`` ``pot carried in`` and its
        ``pot balance`` the amount, every other cell empty; None when the pot
        opened empty or there is none (the dashboard's Sheet page, ``shead
        sheet`` and its CSV and HTML: newuser28 F2, fixa29)."""
        opened = self.pot_opened()
        if not self.has_pot or not opened:
            return None
        # a carry its group's earlier night no longer leaves is not said as carried (break30 F6)
        said = "pot carried in (no longer matches)" if self.pot_carry else "pot carried in"
        return {c: None for c in self.columns()} | {"result": said, "pot balance": opened}

    def pot_text(self) -> str:
        """A sentence on the pot for the foot of the sheet: what it opened
        with, its net and what it holds at the end (rules.md D-19); ``""``
        without a pot."""
        if not self.has_pot:
            return ""
        if self.pot_opening_unknown:  # its first hands not stored: neither the opening nor the end is known
            first = next((r.hand for r in self.rows if r.pot_balance is not None), None)
            missing = "hand 1" if first == 2 else f"hands 1-{first - 1}" if first else "its first hands"
            return (f"What the pot opened with is not known: {missing} of the night {'is' if first == 2 else 'are'} "
                    f"not stored, and its first stored hand writes no pot N; its net over the stored hands is "
                    f"{self.pot_net():+d} (the total row's pot), so it holds {self.pot_net():+d} more at the end than "
                    "it opened with (the pot balance column counts from an empty pot; rules.md D-19).")
        opened = self.pot_opened()
        if opened and self.pot_carry:  # the carry an earlier night no longer leaves (break30 F6)
            head = (f"The pot opened with {opened} in it (the first row), but the carry no longer matches "
                    f"(W-POT-CARRY): {self.pot_carry.rstrip('.')}; the sheet counts the {opened} as written")
        else:
            head = (f"The pot opened with {opened} in it, carried in from an earlier night (the first row)" if opened
                    else "The pot opened empty")
        return head + (f"; its net over the night is {self.pot_net():+d} (the total row's "
                       f"pot), so it holds {self.pot} at the end (rules.md D-19).")

    def as_json(self) -> dict:
        return {"session": self.session, "players": self.players, "rules": self.rules, "date": self.date,
                "game": self.game,
                "rules_by_hand": [{"rules": t, "hands": n} for t, n in self.rules_by_hand()],
                "hands": [{"hand": r.hand, "hand_id": r.hand_id, "dealer": r.dealer, "picker": r.picker,
                           "partner": r.partner, "call": r.call, "result": r.result, "marks": r.marks,
                           "stake": r.stake, "kept": r.kept,
                           "laufende": r.laufende[0] if r.laufende else None,
                           "laufende_with": r.laufende[1] if r.laufende else None,
                           "units": r.units, "running": r.running, "pot": r.pot, "pot_balance": r.pot_balance,
                           "sat_out": r.sat_out}
                          for r in self.rows],
                "totals": self.totals, "pot": self.pot,
                "pot_opened": self.pot_opened() if self.has_pot else None,
                "pot_net": self.pot_net() if self.has_pot else None,
                "pot_opening_known": (not self.pot_opening_unknown) if self.has_pot else None,
                "pot_carry": self.pot_carry, "voided": self.voided,
                "amended": self.amended,
                "refused": [{"hand": r.hand, "code": r.code, "message": r.message, "file": r.file, "line": r.line,
                             "col": r.col} for r in self.refused],
                "source_totals": self.source_totals,
                "source_differs": [{"player": n, "source": src, "sheet": mine}
                                   for n, src, mine in self.source_differs()]}

    def csv(self) -> str:
        """The sheet as CSV: a header line, one line per hand, the totals
        line, then a line per refused hand (its number, and in ``result``
        what the terminal sheet's foot says of it, :meth:`refused_lines`)."""
        import csv  # noqa: PLC0415
        import io  # noqa: PLC0415

        buf = io.StringIO()
        w = csv.DictWriter(buf, fieldnames=self.columns(), lineterminator="\n")
        w.writeheader()
        opening = self.opening_record()  # a pot carried in from an earlier night: the first row (fixa29)
        for rec in ([opening] if opening else []) + self.records() + [self.totals_record()]:
            w.writerow(rec)
        for r in self.refused:  # as the terminal's foot says it (refused_lines), not counted in any total
            w.writerow({"hand": r.hand, "result": f"refused, not stored: {r.code} at {r.where()}: {r.message}"})
        for r in self.rows:  # as the terminal's foot says it (kept_lines); counted above
            if r.kept:
                w.writerow({"hand": r.hand, "result": f"kept as stored, against the rules (W-CARRY): {r.kept}"})
        for line in self.source_lines():  # as the terminal's foot says it
            w.writerow({"result": line})
        return buf.getvalue()

    def html(self) -> str:
        """A printable HTML page of the sheet (one table, the players' names
        over their columns, the totals in bold; a Schafkopf sheet's columns
        under its own terms, :meth:`shown_head`, :meth:`label`)."""
        from html import escape  # noqa: PLC0415

        shown = self.shown_head()
        cols = [c for c in self.columns() if c in shown or " " in c or c == "pot"]
        head = "".join(f"<th>{escape(self.label(c) if ' ' not in c or c.startswith('pot') else self._label(c))}</th>"
                       for c in cols)
        body = []
        opening = self.opening_record()  # a pot carried in from an earlier night: the first row (fixa29)
        for rec in ([opening] if opening else []) + self.records():
            # a player not at the table that hand: a dash in the units cell, the total blank (metrics31 F3)
            body.append("<tr>" + "".join(f"<td>{escape(_cell(rec[c], c, rec))}</td>" for c in cols) + "</tr>")
        tot = self.totals_record()
        body.append("<tr class='total'>" + "".join(f"<td>{escape(_cell(tot[c]))}</td>" for c in cols) + "</tr>")
        names = ", ".join(n if a == n else f"{a} = {n}" for a, n in self.players.items())
        return ("<!doctype html><html><head><meta charset='utf-8'><title>" + escape(self.session) + "</title>"
                "<style>body{font-family:sans-serif}table{border-collapse:collapse}"
                "td,th{border:1px solid #999;padding:2px 6px;text-align:right}"
                "tr.total td{font-weight:bold;border-top:2px solid #000}"
                "@media print{body{margin:0}}</style></head><body>"
                f"<h1>{escape(self.session)}</h1><p>{escape(self.date or '')} · "
                f"{escape(self.rules_text('') if len(self.rules_by_hand()) > 1 else self.hand_rules())} · "
                f"{escape(names)}</p><table><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"
                + (f"<p>{escape(self.pot_text())}</p>" if self.has_pot else "")
                + (f"<p>Voided hands (not counted): {escape(self.voided_text())}</p>" if self.voided else "")
                + (f"<p>Amended hands (counted as amended): {escape(self.amended_text())}</p>" if self.amended
                   else "")
                + "".join(f"<p>{escape(line)}</p>" for line in self.refused_lines() + self.kept_lines()
                          + self.source_lines() + [self.mixed_rules_line()] if line)
                + "</body></html>")

    def refused_lines(self) -> list[str]:
        """A line per refused hand for the foot of the sheet: ``hand 7
        refused, not stored: E-SCORE-SUM at night.shn:12:1: the score sums to
        +1, not 0 (rules.md B-35)``."""
        return [f"{r.label()} refused, not stored: {r.code} at {r.where()}: {r.message}" for r in self.refused]

    def source_differs(self) -> list[tuple[str, int, int]]:
        """Each player whose total in the source's own totals (:attr:`source_totals`) is not this sheet's:
        ``(name, source's, sheet's)``, in the sheet's order of players, then any other the source names."""
        if not self.source_totals:
            return []
        mine = {n: self.totals.get(a, 0) for a, n in self.players.items()}
        names = list(mine) + [n for n in self.source_totals if n not in mine]
        return [(n, self.source_totals[n], mine.get(n, 0)) for n in names
                if n in self.source_totals and self.source_totals[n] != mine.get(n, 0)]

    def source_lines(self) -> list[str]:
        """The foot's line when the source's own totals (a sheet's Total row) are not this sheet's (dash27 F5:
        only the Ledger said so): ``the source's own totals differ from this sheet's: Cy Hahn -9 (sheet -11); the
        sheet counts the stored hands only: check the source's rows and its totals row against these``."""
        diff = self.source_differs()
        if not diff:
            return []
        refused = [r.label() for r in self.refused]
        return ["the source's own totals differ from this sheet's: "
                + ", ".join(f"{n} {src:+d} (sheet {mine:+d})" for n, src, mine in diff)
                + "; the sheet counts the stored hands only"
                + (f" ({', '.join(refused)} refused, above)" if refused else "")
                + ": check the source's rows and its totals row against these"]

    def kept_lines(self) -> list[str]:
        """A line per hand kept against the rules for the foot of the sheet:
        ``hand 3 ! kept as stored, against the rules (W-CARRY): …; amend it
        (shead ingest --amend)``: its units are counted as stored."""
        return [f"hand {r.hand}{KEPT_MARK} kept as stored, against the rules (W-CARRY), counted as stored till it is "
                f"amended: {r.kept}" for r in self.rows if r.kept]

    def _label(self, col: str) -> str:
        alias, _, what = col.partition(" ")
        return f"{self.players.get(alias, alias)} {what}"


def _hands_text(numbers: list[int]) -> str:
    """``hand 2``, ``hands 1, 4``, ``hands 2-3``, ``hands 1-3, 7``: hand numbers in order, runs joined."""
    runs: list[list[int]] = []
    for n in sorted(numbers):
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    words = ", ".join(str(r[0]) if len(r) == 1 else f"{r[0]}-{r[-1]}" for r in runs)
    return ("hand " if len(numbers) == 1 else "hands ") + words


def _flags_meaning(flags: str | None) -> str:
    """A hand's stored resolved flags (``hands.rules_flags``, JSON) less the profile's name: equal for two
    ``[Rules]`` texts of one rule set (``wi5-pot``, ``wi5-called-ace; pot=on``; rules.md J)."""
    try:
        d = json.loads(flags or "{}")
    except ValueError:
        return flags or ""
    if isinstance(d, dict):
        d.pop("name", None)
    return json.dumps(d, sort_keys=True)


def _cell(v, col: str = "", rec: dict | None = None) -> str:
    if v is None:  # a hand's units cell of a player not at the table: a dash (metrics31 F3)
        return "–" if rec is not None and rec.get("hand") is not None and col.endswith(" units") else ""
    if isinstance(v, int) and not isinstance(v, bool):
        return str(v)
    return str(v)


_RESULTS = {"win": ("won", ""), "win-s": ("won", " (schneider)"), "win-z": ("won", " (no-tricker)"),
            "lose": ("lost", ""), "lose-s": ("lost", " (schneidered)"), "lose-z": ("lost", " (no-tricker)")}


def result_text(outcome: str, picker_points: int | None, picker_tricks: int | None, leaster_winner: str | None,
                game: str, game_type: str | None) -> str:
    """The result as the sheet writes it: ``won 72`` / ``lost 28
    (schneidered)`` (the picker's card points; rules.md B-28), ``leaster Al
    21``, ``leaster tied`` (a wash, D-6), ``doubler``, ``misdeal``, ``thrown in`` (a deal nobody announced,
    rules.md G-4: :func:`replay.outcome.outcome_label`); a Schafkopf game's outcome with the
    declaring party's Augen."""
    pts = f" {picker_points}" if picker_points is not None else ""
    if outcome in _RESULTS:
        word, tier = _RESULTS[outcome]
        if game == "schafkopf" and tier:  # G-12: schneider and schwarz, for either party (QA D9)
            tier = " (schwarz)" if outcome.endswith("-z") else " (schneider)"
        return word + pts + tier
    if outcome == "leaster" and not leaster_winner:  # SHN's `leaster -`: tied, a wash (rules.md D-6)
        return "leaster tied" + pts
    if outcome in ("leaster", "mittler", "schneidster", "moster", "schwanzer"):
        return outcome + (f" {leaster_winner}" if leaster_winner else "") + pts
    return outcome_label(outcome, game_type) + pts  # a deal thrown in is no misdeal (G-4, verify32 F8b)


def find_session(con: duckdb.DuckDBPyConnection, key: str, notes: list[str] | None = None) -> str:
    """The stored session id ``key`` names: the session id itself, else, for
    a date (``2026-12-04``, ``2026.12.04``, ``2026/12/4``), the one session
    of that date, else the one session whose id contains ``key``
    (case-insensitive).  A date names the night whatever its spelling: it is
    read as a date before it is looked for in the ids (newuser30 F3: a date
    written as one session's id holds it returned that session alone, another
    of that night left unsaid); only a date no session was played on is
    looked for in the ids.  A date in another spelling too (verify30 F6):
    the month named (``Nov 5, 2026``, ``5 Nov 2026``), or ``A/B/YYYY``
    (``/`` and ``-`` read month first, as in the US: ``11/5/2026``; ``.``
    day first: ``5.11.2026``), the other order tried when that day holds no
    session; when both orders are days, ``notes`` (when given) gets a line
    saying which reading was taken.  Raises :class:`SessionNotFound` (naming
    up to five candidates: the sessions of that date, or the ids that
    contain ``key``) otherwise."""
    key = nfc(key.strip())  # as the stored names are read (ingest.unicode_text): 'Zoë' typed either way
    if not key:  # '' is part of every id: it named the first session (a tester's finding)
        raise SessionNotFound("no session named: give a session id, a part of one, or a date (2026-12-04)")
    exact = con.execute("SELECT session FROM sessions WHERE session = ?", [key]).fetchall()
    if exact:
        return exact[0][0]
    like: list[str] = []
    day = None
    if m := re.fullmatch(r"(\d{4})[-./](\d{1,2})[-./](\d{1,2})", key):  # a night by its date, first
        try:
            day = date(*map(int, m.groups()))
        except ValueError:
            day = None
        if day is not None:
            like = [s for (s,) in con.execute("SELECT session FROM sessions WHERE date = ? ORDER BY session",
                                              [day]).fetchall()]
    elif readings := _date_readings(key):  # 11/5/2026, 5.11.2026, Nov 5, 2026 (README: a date in any spelling)
        for d, how in readings:
            like = [s for (s,) in con.execute("SELECT session FROM sessions WHERE date = ? ORDER BY session",
                                              [d]).fetchall()]
            if like:
                day = d
                if len(readings) > 1 and notes is not None:
                    x, h = next((x, h) for x, h in readings if x != d)
                    notes.append(f"{key!r} read as {d.isoformat()} ({how}): " + (
                        f"no session was played on {x.isoformat()} ({h})" if x == readings[0][0] else
                        f"read {h}, it is {x.isoformat()}: write that date as {x.isoformat()} to name its night"))
                break
    if not like:
        day = None
        like = [s for (s,) in con.execute("SELECT session FROM sessions WHERE contains(lower(session), lower(?)) "
                                          "ORDER BY session", [key]).fetchall()]
    if len(like) == 1:
        return like[0]
    if not like:
        raise SessionNotFound(f"no stored session {key!r} (a session id is its Session tag, else 'Event / Date / "
                              "Table'; a CSV night's is 'CSV <file> <date>', a protocol's 'NetSchafkopf <file>'; a "
                              "date, 2026-12-04, names the one night of that date)")
    shown = ", ".join(repr(s) for s in like[:5]) + (f" and {len(like) - 5} more" if len(like) > 5 else "")
    night = f" (the sessions played on {day.isoformat()})" if day is not None else ""
    raise SessionNotFound(f"{key!r} matches {len(like)} sessions: {shown}{night}; give the whole session id")


def sessions_of_date(con: duckdb.DuckDBPyConnection, key: str) -> list[str]:
    """The stored sessions of the night ``key`` names as a date, as
    :func:`find_session` reads one (``2026-11-05``, ``2026.11.05``,
    ``Nov 5, 2026``, ``11/5/2026`` month first, ``5.11.2026`` day first, the
    other order when that day holds no session), sorted; [] when ``key`` is
    no date or no session was played that day.  ``shead replay
    "2026-11-05#5"`` names a hand by it (sk32 F6)."""
    for day, _how in date_key_readings(key):
        found = [s for (s,) in con.execute("SELECT session FROM sessions WHERE date = ? ORDER BY session",
                                           [day]).fetchall()]
        if found:
            return found
    return []


def date_key_readings(key: str) -> list[tuple[date, str]]:
    """The days ``key`` may name as a date, as :func:`find_session` reads
    one, the likelier first, each with how it was read: one for
    ``2026-11-05`` / ``2026.11.05`` (``"year first"``) and for a month
    named; two for ``05/11/2026`` (``"month/day/year"`` then
    ``"day/month/year"``) or ``5.11.2026`` (day first, then month first)
    when both orders are days; [] for a key that is no date (verify32 F3)."""
    key = nfc(key.strip())
    if m := re.fullmatch(r"(\d{4})[-./](\d{1,2})[-./](\d{1,2})", key):
        try:
            return [(date(*map(int, m.groups())), "year first")]
        except ValueError:
            return []
    return _date_readings(key)


def _date_readings(key: str) -> list[tuple[date, str]]:
    """The days a session key written as a date in another spelling than
    ``YYYY-MM-DD`` may mean, the likelier first, each with how it was read
    (:func:`find_session`); [] for a key that is no date."""
    from ingest.csv_cells import date_parts, read_date  # noqa: PLC0415

    p = date_parts(key)
    if p is None:
        d = read_date(key, None) if any(ch.isalpha() for ch in key) and any(ch.isdigit() for ch in key) else None
        return [(date.fromisoformat(d), "the month named")] if d else []
    dot = "." in key
    orders = [("dmy", "day.month.year"), ("mdy", "month/day/year")] if dot else \
        [("mdy", "month/day/year"), ("dmy", "day/month/year")]
    out: list[tuple[date, str]] = []
    for order, how in orders:
        d = read_date(key, order)
        if d and all(x.isoformat() != d for x, _ in out):
            out.append((date.fromisoformat(d), how))
    return out


def session_sheet(con: duckdb.DuckDBPyConnection, session: str, played_ramsch=None) -> Sheet:
    """The sheet of stored session ``session`` (its exact id; see
    :func:`find_session`), hands in hand order.  Raises
    :class:`SessionNotFound` when it is not stored.

    A Ramsch's result names who lost, the Jungfrauen, a Durchmarsch (rules.md
    G-17, from its units); ``played_ramsch`` — ``(con, hand_id) ->
    RamschWords | None``, :func:`ingest.schafkopf_hand.stored_ramsch_words`
    for ``shead sheet`` and the Sheet page — says a Ramsch with a card log
    as replayed: the loser's Augen and how a tie was broken (sk32 F5; a
    parameter, as the replay needs :mod:`ingest.store`, which imports this
    module)."""
    from ingest.sheet_facts import game_words, marks_text, protocol_game_words, protocol_marks_text  # noqa: PLC0415

    meta = con.execute("SELECT session_id, players, rules, strftime(date, '%Y-%m-%d'), game, "
                       "coalesce(format, 'shn') FROM sessions WHERE session = ?", [session]).fetchone()
    if meta is None:
        raise SessionNotFound(f"no stored session {session!r}")
    session_id, players, rules, date, game, fmt = meta
    players = meta_players = json.loads(players)
    hands = con.execute(
        "SELECT h.hand_id, h.hand, h.dealer, h.picker, h.partner, h.partner2, h.call, h.outcome, h.picker_points, "
        "h.picker_tricks, h.leaster_winner, h.game, h.game_type, h.stake, h.rules_flags, "
        "list(u.seat ORDER BY u.seat_no), list(u.units ORDER BY u.seat_no), h.marks, h.multiplier, h.warnings, "
        "h.breakdown, h.players, h.call_type, h.laufende, h.laufende_with, h.rules, h.status "
        "FROM hands h LEFT JOIN hand_units u USING (hand_id) WHERE h.session_id = ? "
        "GROUP BY ALL ORDER BY h.hand, h.hand_id", [session_id]).fetchall()
    # a hand seated otherwise (its own [Seats]: a newcomer, a chair swap, a name corrected in one hand): the
    # columns are the players', so every row sums to 0 and every total is its player's (nsk18 F1, fix18)
    keys = _player_keys(players, [json.loads(h[21]) if h[21] else players for h in hands])
    if keys is not None:
        players = {k: n for k, (n, _) in keys.items()}
    # the session's texts by their listed ids (as ingest.store._texts, not imported: `shead sheet` starts
    # without pyarrow): a subquery on the `hand_text` view per hand restored every stored text of the
    # database first (issue 17: 2.7 / 24 CPU-s at 10k / 100k hands)
    texts = dict(con.execute("SELECT hand_id, source FROM hand_text WHERE list_contains(?, hand_id)",
                             [[h[0] for h in hands]]).fetchall()) if hands else {}
    try:
        reasons = dict(con.execute(
            "SELECT r.hand, max(r.reason) FROM hand_revisions r WHERE r.session_id = ? AND r.action = 'void' AND "
            "r.revision = (SELECT max(revision) FROM hand_revisions x WHERE x.hand_id = r.hand_id) GROUP BY 1 "
            "ORDER BY 1", [session_id]).fetchall())
    except duckdb.CatalogException:  # a database before migration 007
        reasons = {}
    voided = sorted(reasons)
    amends = _amended(con, session_id, {h[1] for h in hands})
    # a restored session's voids: its header's [_Voided] numbers, which `shead export` writes (fix18 F1)
    header = con.execute("SELECT header FROM sessions WHERE session_id = ?", [session_id]).fetchone()[0] or ""
    if (tag := _VOIDED_TAG.search(header)) is not None:
        in_force = {h[1] for h in hands}
        voided = sorted(set(voided) | {int(t) for t in tag.group(1).split() if t.isdigit() and int(t) not in in_force})
    sheet = Sheet(session, players, rules or "", date, game or "sheepshead", voided=voided,
                  refused=_refused(con, session, {h[1] for h in hands} | set(voided)),
                  void_reasons={n: r for n, r in reasons.items() if r}, source_totals=_source_totals(con, session_id),
                  amended=sorted(amends), amend_reasons={n: r for n, r in amends.items() if r})
    running = {a: 0 for a in players}
    balance: int | None = None
    # the night's opening pot when its hand 1 is voided: a fact of the night, kept (break29 F2)
    seed = None
    if hands and hands[0][1] != 1:
        from ingest.pot_carry import voided_opening  # noqa: PLC0415

        seed = voided_opening(con, session_id)
    for (hand_id, number, dealer, picker, partner, partner2, call, outcome, pts, tricks, lw, g, gtype, stake,
         flags, seats, units, nmarks, mult, warnings, breakdown, seated, call_type, lauf, lauf_with,
         hand_rules, status) in hands:
        source = texts.get(hand_id)
        written = source is not None and source.lstrip()[:5].lower() == "hand "  # an SHN hand (added to a protocol)
        block = source if fmt == "netschafkopf" and not written else None  # a protocol's game block: no SHN in it
        if fmt != "shn" and not written:
            source = None
        by_seat = dict(zip(seats or [], units or []))
        pot = by_seat.pop(POT_SEAT, None)
        at_table = set(players)  # the columns seated this hand (metrics31 F3: the others have no cells)
        if keys is not None:  # the seats' units under their players' columns
            names = json.loads(seated) if seated else meta_players
            column = {(n, a): k for k, (n, aliases) in keys.items() for a in aliases}
            by_seat = {column[(names.get(a, a), a)]: u for a, u in by_seat.items()}
            at_table = {column[(n, a)] for a, n in names.items() if (n, a) in column}
            # the hand's seats under their columns' names (a swapped chair's alias is another player now)
            dealer, picker, partner, partner2 = (column.get((names.get(a, a), a), a) if a else a
                                                 for a in (dealer, picker, partner, partner2))
        if pot is not None or json.loads(flags or "{}").get("pot"):
            if balance is None and source and (m := _POT_WRITTEN.search(re.sub(r"\{[^}]*\}?|;[^\n]*", "", source))):
                balance = int(m.group(1))  # a pot carried in, written on the sheet's first hand: its opening balance
            elif balance is None and seed is not None:
                balance = seed  # written on the voided hand 1 (break29 F2)
            elif balance is None and number != 1 and 1 not in voided and not sheet.rows:
                sheet.pot_opening_unknown = True  # its first hands not stored (break29 F8)
            balance = (balance or 0) + (pot or 0)
        for a in players:
            running[a] += by_seat.get(a, 0) or 0
        who_partner = partner if not partner2 else f"{partner}, {partner2}"
        if call_type == "own-ace" and not partner:  # the picker called an ace she held: alone (rules.md B-14)
            who_partner = "alone (own ace)"
        shown_call = call if g == "sheepshead" or not gtype else (gtype + (f" {call}" if call else ""))
        if g == "schafkopf":  # the game as written: German cards under [Cards "de"], the suit, Tout (QA D9)
            shown_call = (protocol_game_words(block, call) if block else game_words(source)) or shown_call
        # the marks' factor as settled, under a profile's markFactorCap only (break17 F0b)
        capped = json.loads(flags or "{}").get("markFactorCap")
        factor = mult // stake if capped and mult and stake and mult % stake == 0 else None
        marks = protocol_marks_text(mult, nmarks) if block else marks_text(source, nmarks or 0, factor)
        if not marks and not nmarks and breakdown and "went nuclear" in breakdown and mult and stake:
            marks = f"nuclear ×{mult // stake}"  # the dealer alone at x2 (F-1, nuclearDealer; house17, break17 F20)
        # "(renege)": a renege the table ruled on (rules.md B-23; table33 F1), the legend worded for how it settled
        said, jungfrau = result_text(outcome, pts, tricks, lw, g, gtype), ""
        if reneged(warnings):  # a no-pick game's renege: the offender pays each, nobody won it (not "tied")
            said = with_renege(outcome if outcome in NOPICK_GAMES and not lw else said, warnings)
            sheet.renege = True
            sheet.renege_cases.add(renege_case(breakdown))
        if g == "schafkopf" and outcome == "ramsch":  # who lost, a tie, Jungfrau, Durchmarsch (sk32 F5)
            words = ramsch_said(con, hand_id, status, hand_rules or rules or "", list(seats or []),
                                 list(units or []), mult, stake, played_ramsch)
            if words is not None:
                said, jungfrau = words.result, words.jungfrau
        sheet.rows.append(SheetRow(number, hand_id, dealer, picker, who_partner, shown_call, said, stake,
                                   {a: by_seat.get(a, 0) if a in at_table else None for a in players},
                                   {a: t if a in at_table else None for a, t in running.items()},
                                   pot if balance is not None else None, balance, marks, outcome,
                                   kept_reason(warnings), (lauf, lauf_with) if lauf is not None else None,
                                   hand_rules or "",
                                   # the one place the sheet decides who sat out: the dealer under sitOut (F-1)
                                   dealer if dealer and json.loads(flags or "{}").get("sitOut") else None, jungfrau))
        # what the hand's [Rules] text means (its resolved flags, the profile's name aside: rules.md J), so that
        # two texts of one rule set are told from two rule sets (fixa30)
        sheet.rules_meaning.setdefault(hand_rules or "", _flags_meaning(flags))
        if sheet.rows[-1].sat_out is not None:
            sheet.sit_out = True  # the dealer at the table, scored 0 (F-1): the legend says so (metrics31 F3)
        if sheet.pot_carry is None and warnings and "W-POT-CARRY" in warnings:  # on its opening hand (break30 F6)
            sheet.pot_carry = pot_carry_reason(warnings)
    sheet.totals = dict(running)
    sheet.pot = balance
    return sheet


def ramsch_said(con: duckdb.DuckDBPyConnection, hand_id: int, status: str, rules: str, seats: list[str],
                units: list[int], mult: int | None, stake: int | None, played=None):
    """A stored Ramsch's result for the sheet and the Replay page (rules.md G-17, sk32 F5, break34 F4), a
    :class:`replay.ramsch_words.RamschWords`: a game with a card log by
    ``played(con, hand_id)`` when given
    (:func:`ingest.schafkopf_hand.stored_ramsch_words`: replayed as ``shead
    replay`` does, the loser's Augen and how a tie was broken); else by its
    units (:func:`replay.ramsch_words.ramsch_score_words`: the loser, the
    Jungfrauen, a Durchmarsch).  None when neither says it (an agreed
    score)."""
    from replay.errors import ProfileError  # noqa: PLC0415
    from replay.ramsch_words import ramsch_score_words  # noqa: PLC0415
    from replay.schafkopf import parse_schafkopf_rules  # noqa: PLC0415

    if status == "full" and played is not None:
        words = played(con, hand_id)
        if words is not None:
            return words
    if len(seats) != 4 or len(units) != 4:
        return None
    try:
        prof = parse_schafkopf_rules(rules or "schafkopf")
    except ProfileError:
        return None
    factor = (mult or 1) // (stake or 1) if mult and stake and mult % stake == 0 else (mult or 1)
    return ramsch_score_words(prof, units, seats, max(factor.bit_length() - 1, 0))


def _amended(con: duckdb.DuckDBPyConnection, session_id: int, in_force: set[int]) -> dict[int, str | None]:
    """The session's hands in force (their numbers, ``in_force``) whose text
    was amended (``hand_revisions`` action ``amend``: ``shead ingest
    --amend``, the dashboard's Edit), each with its latest amendment's
    reason (None when none was given); a re-derived hand (its text as
    stored) is not amended.  Empty on a database from before migration 007."""
    try:
        rows = con.execute(
            "SELECT r.hand, arg_max(r.reason, r.revision) FROM hand_revisions r WHERE r.session_id = ? AND "
            "r.action = 'amend' GROUP BY 1 ORDER BY 1", [session_id]).fetchall()
    except duckdb.CatalogException:
        return {}
    return {n: r for n, r in rows if n in in_force}


def _source_totals(con: duckdb.DuckDBPyConnection, session_id: int) -> dict[str, int] | None:
    """The source's own totals of the session (player name -> units) when its check found the stored hands short
    of them (``session_checks``: not complete, with the source's table), else None; None on a database from before
    the checks (migration 010)."""
    try:
        row = con.execute("SELECT complete, log_totals FROM session_checks WHERE session_id = ?",
                          [session_id]).fetchone()
    except duckdb.CatalogException:
        return None
    if row is None or row[0] or not row[1]:
        return None
    try:
        return {str(k): int(v) for k, v in json.loads(row[1]).items()}
    except (ValueError, TypeError, AttributeError):
        return None


def pot_carry_reason(warnings: str | None) -> str | None:
    """The message of a night's kept ``W-POT-CARRY`` mark among its opening
    hand's stored warnings (``warnings``: the stored JSON list;
    :func:`ingest.pot_carry.mark_openings` writes it), None when it has
    none: why the pot the night opens with is not what its group's earlier
    night leaves (rules.md D-19; break30 F6)."""
    if not warnings or "W-POT-CARRY" not in warnings:
        return None
    for w in json.loads(warnings):
        if m := _POT_CARRY.search(w):
            return m.group(1)
    return None


def kept_reason(warnings: str | None) -> str | None:
    """The message of a hand's stored ``W-CARRY`` warning (``warnings``:
    the stored JSON list; ``ingest.store`` writes it), None when it has
    none: why the hand keeps a result the rules no longer give."""
    if not warnings or "W-CARRY" not in warnings:
        return None
    for w in json.loads(warnings):
        if m := _KEPT.search(w):
            return m.group(1)
    return None


def _player_keys(players: dict[str, str], seated: list[dict[str, str]]) -> dict[str, tuple[str, set[str]]] | None:
    """The sheet's columns when a hand is seated otherwise than its session
    (``players``, alias -> name; ``seated``, each hand's): column key ->
    (the player's name, the aliases the player sat under), players in order
    of first appearance (the session's first).  A column is keyed by its
    alias when that alias names only that player and the player sat under no
    other; else by the player's name (two players who swapped chairs).  None
    when every hand is seated as its session."""
    if all(h == players for h in seated):
        return None
    aliases: dict[str, set[str]] = {}
    names_of: dict[str, set[str]] = {}
    for h in [players, *seated]:
        for a, n in h.items():
            aliases.setdefault(n, set()).add(a)
            names_of.setdefault(a, set()).add(n)
    out: dict[str, tuple[str, set[str]]] = {}
    for n, alist in aliases.items():
        (a,) = alist if len(alist) == 1 else (None,)
        key = a if a is not None and names_of[a] == {n} else n
        if key in out:  # an alias that is also another player's name
            key = n
        out[key] = (n, alist)
    return out


#: a stored session header's ``[_Voided "2 5"]`` line (the voided numbers an export writes)
#: a hand's ``pot N`` statement (notation.md: the pot's balance before the hand), not ``potsplit``
#: a sheet's row refused for its number: another hand than the stored hand of that number (fixf27, break27 F2)
ORDER_REFUSAL = "E-CSV-HAND-ORDER"
#: a hand's text less its number: its hand line's ``hand N`` left out, and the blank lines that end it (SQL, of a
#: text column)
_LESS_NUMBER = r"regexp_replace(regexp_replace({0}, '\s+$', ''), '^\s*hand\s+[0-9]+', '')"
#: SQL, of a ``rejected`` row ``r``: whether the very row refused is stored in its session -- its text (the same
#: hash), or a hand stored by a later ingest from its file and line (the sheet sent again, the row renumbered), or
#: a hand stored by a later ingest whose text is the row's less the hand number, from any file (break27b F2: the
#: sheet saved corrected under a new name, gap_corrected.csv, its row 5 stored as hand 4)
ROW_STORED = ("(EXISTS (SELECT 1 FROM hand_source hs JOIN hands hh USING (hand_id) WHERE hh.session = r.session "
              "AND (hs.hash = r.hash OR (hs.file = r.file AND hs.line = r.line AND hs.ingest_id > r.ingest_id))) "
              "OR EXISTS (SELECT 1 FROM hand_text ht JOIN hands hh USING (hand_id) JOIN hand_source hs USING (hand_id) "
              "WHERE hh.session = r.session AND hs.ingest_id > r.ingest_id "
              f"AND {_LESS_NUMBER.format('ht.source')} = {_LESS_NUMBER.format('r.source')}))")
_ROW_STORED = ROW_STORED
_POT_WRITTEN = re.compile(r"(?:^|[ \t])pot[ \t]+(\d+)\b", re.M)
_VOIDED_TAG = re.compile(r'(?m)^\[_Voided\s+"([^"]*)"\]')


def _held(source: str | None) -> str:
    """What a refused row holds, said in one line: its text's statements after the hand line, each line's spaces
    made one (``pick Ed call AC partner Al pts 70; score Al +1 Bea -1 Cy -1 Di -1 Ed +2``)."""
    lines = [" ".join(x.split()) for x in (source or "").splitlines()[1:]]
    return "; ".join(x for x in lines if x)


#: SQL, of a ``rejected`` row: a sheet's row refused at its Hand cell (``E-CSV-HAND`` saying "hand 'x' is not a
#: number", "... beyond the hand numbers", "the Hand cell '0' is no hand number": ingest.csv_sheet), its number
#: the row's place, not read; an ``E-CSV-HAND`` for another cell (no picker, a misdeal with units) has its number
_HAND_CELL_REFUSAL = ("code = 'E-CSV-HAND' AND regexp_matches(message, '^row [^:]*: (hand [''\"]|the Hand cell )')")


def _refused(con: duckdb.DuckDBPyConnection, session: str, stored: set[int]) -> list[RefusedHand]:
    """The hands of ``session`` refused at ingest (``rejected``, its
    session and hand number written) whose number is not in ``stored`` (the
    numbers stored, in force or voided: a hand refused and later stored
    corrected is no gap), by number, each with its latest refusal's first
    error."""
    # a hand whose number did not read (`hand x`) is refused with no number (NULL; 0 before session 23, said
    # "hand 0": break22 F8): said by its place in its file, each place once
    # a sheet's row refused at its Hand cell (E-CSV-HAND: no number, 0, beyond 2^31) is numbered by its place,
    # which may be a stored hand's: said by its place too (break23b F5: it vanished from the sheet)
    # a row refused for its number (E-CSV-HAND-ORDER: "hand 1 after hand 4") is another hand than the stored hand of
    # that number: it is one row, by its place, and no gap only once the very row is stored -- its text (the same
    # hash) or, sent again corrected, a hand stored later from its place (fixf27, break27 F2: gap_two.csv's rows 5
    # and 6 vanished from the sheet, the stored hands 1 and 2 being rows 2 and 3)
    # a row refused as E-CSV-HAND for another cell (a blank Picker: break33 F8) has its number read: said by it
    rows = con.execute(
        f"SELECT CASE WHEN {_HAND_CELL_REFUSAL} THEN NULL ELSE nullif(hand, 0) END AS n, code, message, file, line, col, "
        f"{_ROW_STORED} AS row_stored, source FROM rejected r WHERE session = ? AND (hand > 0 OR code = 'E-NUMBER') "
        "QUALIFY row_number() OVER (PARTITION BY CASE WHEN code = 'E-CSV-HAND-ORDER' THEN concat(file, ':', line) ELSE "
        "coalesce(CAST(n AS VARCHAR), concat(file, ':', line)) END ORDER BY rejected_id DESC) = 1 "
        "ORDER BY n NULLS LAST, file, line", [session]).fetchall()
    if any(r[0] is None for r in rows):  # by its place: no gap once a hand is stored from that place (corrected)
        places = set(con.execute("SELECT s.file, s.line FROM hand_source s JOIN hands h USING (hand_id) "
                                 "WHERE h.session = ?", [session]).fetchall())
        rows = [r for r in rows if r[0] is not None or (r[3], r[4]) not in places]
    return [RefusedHand(*r[:6], _held(r[7]) if r[1] == ORDER_REFUSAL else "") for r in rows
            if (not r[6] if r[1] == ORDER_REFUSAL else r[0] not in stored)]
