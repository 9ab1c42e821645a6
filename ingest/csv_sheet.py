"""Spreadsheets (CSV) → hands and sittings: a mapping, never a rule book.

Two kinds of CSV file, told apart by the header (or ``--columns``):

* a **per-hand score sheet** — one row per hand: ``date``, ``hand``,
  ``dealer``, ``picker``, ``partner``, ``call``, ``points``, ``outcome``,
  ``leaster``, ``doubler``, ``crack`` and one column per player holding that
  player's units.  Each row becomes the facts of an SHN score-sheet line
  (:class:`replay.facts.HandRecord`, every fact positioned at its row and
  column: ``Pos(line=row, col=column)``, rows counted from 1 = the header,
  columns from 1) and goes to the one judge (:func:`replay.judge.judge_hand`
  through :func:`ingest.validate._validate_records`), exactly as the line
  ``pick P  call AS  partner Q  pts 72  win`` + ``score ...`` would.  The
  stored source is that SHN line, so ``shead rederive`` and
  ``shead export --format shn`` treat it as SHN.  One session per date
  (``CSV <file> <date>``); its seats are the players with a value in the
  date's first row, in column order.

  **Cracks.** A ``crack`` column (headed crack, cracked, cracks, kontra,
  doubled, marks, knock, Stoß ...) says who cracked, re-cracked, castrated
  or blitzed (:func:`read_marks`: ``Cal``, ``cracked by Cal``, ``Cal recrack
  Bob``, ``blitz Bob black``); each becomes the fact SHN's ``crack S``,
  ``recrack S``, ``castrate S``, ``blitz S black`` gives
  (:class:`replay.facts.MarkRec` in ``HandRecord.marks``), and the judge
  decides whether it is allowed and what it doubles (rules.md E-1..E-6).  A
  cell it cannot read refuses the row with ``E-CSV-CRACK`` at its row and
  column.  **Without the column, or with the cell blank, a row records no
  crack**: its units are judged as a hand without marks, so a cracked hand's
  doubled units are refused (``E-SCORE``) or, without points and outcome,
  read as the outcome they fit without a crack (a cracked plain win,
  +4/+2/-2, reads as a schneider win).

  **Multiplier and bump** (sheet32 F1, F3, F6).  A ``mult`` column (Mult,
  Multiplier, Factor, x, Dbl: 1, 2, 4, 8 or x2) is the hand's doublings
  beyond what the rules apply themselves (double on the bump, rules.md
  B-32; a doubler's stake, D-12), read as ``crack ?`` / ``recrack ?`` /
  ``castrate ?`` (:func:`factor_doublings`, :func:`unwritten_marks`), the
  Crack cell's marks among them (``W-CSV-MULT`` once; ``E-CSV-MULT``).  A
  ``bump`` column's ``x`` (:func:`bump_cell`) and a Crack cell's ``bump``
  are read as nothing, the rules doubling a lost hand (``W-CSV-BUMP`` once;
  ``E-CSV-BUMP`` on a won row or under doubleOnBump=off).

  **Names.** A player column is stored under the player's name, as SHN's
  ``[Seats "Ann=Ann Kraus; ..."]`` stores a seat (``hand_units.player``,
  ``session_players.player``, the ledger): its header cell as written, or
  the name given by a header cell written ``Ann=Ann Kraus`` or by
  ``--columns "Ann=Ann Kraus,Bob=Bob Lenz"`` (:func:`seat_names`); the
  cells write the player as the column does (``Ann``) or by the name.

  **Spreadsheet exports** (:mod:`ingest.csv_cells`): dates are read in the
  sheet's order of day and month (``--columns date-order=dmy|mdy``, else
  guessed from the sheet, with ``W-CSV-DATE-ORDER`` when every date reads
  either way; ``E-CSV-DATE-ORDER`` when the sheet holds both orders); units
  may carry a zero fraction (``-1,00``); a totals row (``Total``,
  ``Summe`` ...) is no hand, its sums checked (``W-CSV-TOTALS``); result
  words ``W``/``L``, ``won``/``lost``, ``gew.``/``verl.`` are SHN's
  ``win``/``lose``; a row with no picker, leaster winner or doubler, a notes
  cell saying misdeal and no units paid is SHN's ``misdeal`` (rules.md B-4).
* a **ledger of sitting totals** — a ``date`` column and one column per
  player holding that player's net for the sitting (blank: did not play;
  0 too in a row of more players' cells than the largest table seats,
  rules.md F-1, ``W-CSV-LEDGER-ZEROS``; a row of nets all 0 is no sitting,
  ``W-CSV-ZERO-ROW``).
  Each row must sum to zero (rules.md B-35); a row that does not is refused
  at its row, the others kept.  Any number of players.  Stored as
  settlements without hands (:class:`Sitting`, table ``settlements``).
  With ``--columns units=running`` each row holds the players' standings
  after a hand: the rows of one date (session, group) are one sitting from
  0, its nets the last row's standings (each row less the row above must
  sum to zero; break34 F2).

The column mapping is guessed from the header (:func:`guess_columns`:
English and German names, any case) and can be given as
``"date=Datum,picker=Spieler,crack=Notes,..."`` (:func:`parse_columns`,
with ``PLAYER=NAME`` parts naming players); every column the mapping does
not name is a player column (a ledger's players are stored under their
names too).
"""

from __future__ import annotations

import copy
import csv
import datetime as _dt
import io
import os
import re
from collections.abc import Callable, Iterator
from fractions import Fraction
from functools import partial
from itertools import islice, tee, zip_longest
from dataclasses import dataclass, field, replace
from pathlib import PurePath

from replay.cards import Card
from replay.errors import Diagnostic

from .unicode_text import nfc, plain_name
from .shn.reader import MAX_HAND
from replay.facts import OUTCOMES, CallRec, HandRecord, MarkRec, Pos, ScoreRec, SessionRec, ShnFile, Value

from .csv_cells import (DATE_ORDERS, OUTCOME_EXPECTED, DateOrder, date_in_text, date_order_error, date_order_warning,
                        date_parts, day_in_text, season_in_text, year_in_text, decimal_comma, is_fraction,
                        is_totals_row, local_zone, outcome_word, read_date, read_stamp, says_misdeal, serial_date,
                        sheet_date_order, split_time, whole_units, NameLookup, name_fold, Row, row_words, row_at,
                        row_said, number_runs)
from . import csv_encoding
from .csv_cells import MAX_DIGITS, long_number
from .csv_indiana import declaration, is_indiana_rules
from .model import FileResult, same_meaning

__all__ = ["FIELDS", "IGNORED", "column_map", "date_order_option", "guess_columns", "parse_columns", "looks_like_csv",
           "read_csv", "Sitting", "CsvResult", "preview", "read_marks", "seat_names", "seat_label", "sheet_header",
           "resent_start"]

#: The fields a column can be mapped to, and the header words that name them.
FIELDS: dict[str, tuple[str, ...]] = {
    "date": ("date", "datum", "day", "evening", "sitting", "night", "timestamp", "time stamp", "zeitstempel",
             "date/time", "datetime", "date of game", "game date", "date played", "date of play", "spieldatum"),
    # a time of day beside the date column (Date | Time, a phone's or a form's two columns): read with the row's date
    # as one timestamp (:func:`_with_time`); it was a player, every hand refused E-CSV-UNITS (break21b F18)
    "time": ("time", "uhrzeit", "zeit", "time of day", "clock"),
    "hand": ("hand", "hand no", "hand #", "#", "no", "nr", "spiel", "game no"),
    "dealer": ("dealer", "geber", "dealt"),
    "picker": ("picker", "picked", "pick", "spieler"),
    "partner": ("partner", "mitspieler"),
    "call": ("call", "called", "called card", "called ace", "ace called", "ruf"),
    # (real30 F2: 'Card Pts', 'Picker Pts', 'Pts Taken', 'Points Taken' were players, every row refused E-SEATS)
    "points": ("points", "pts", "pts.", "picker points", "card points", "card pts", "card pts.", "picker pts",
               "picker pts.", "pts taken", "points taken", "augen", "punkte"),
    # the defenders' card points (break26b F6: refused E-SEATS as a sixth player): the picker side's are the deck's
    # total less the cell (:func:`_defense_points`); beside a Points column the two must sum to that total
    "defense": ("def pts", "def points", "def. pts", "def. points", "defense", "defense pts", "defense points",
                "defence", "defence pts", "defence points", "defenders", "defenders points", "defenders' points",
                "defender points", "def"),
    # the defenders' names ('Cy Di Ed') in a column of their own beside a Def Pts column of their card points
    # (break29 F6: the second column was a sixth player, every row refused E-SEATS); a Defenders column alone is
    # the ``defense`` field above, read as names when its cells are names (:func:`_defenders_cell`)
    "defenders": ("defenders", "defenders names", "defenders' names", "defender names"),
    # the picker side's tricks (SHN's ``tricks N``, rules.md B-29: a no-tricker is decided by them): it was a sixth
    # player, every hand refused E-SEATS (break25 F6)
    "tricks": ("tricks", "picker tricks", "tricks taken", "tricks won", "stiche"),
    # the result's spreadsheet headers (real30 F2: 'W/L', 'Won?' ... were players, every row refused E-CSV-UNITS);
    # a question (:data:`WON_QUESTIONS`) may be answered yes / no too
    "outcome": ("outcome", "result", "ergebnis", "w/l", "w-l", "w / l", "w/l?", "win/loss", "win/lose", "win-loss",
                "won/lost", "won/loss", "won-lost", "won?", "win?", "picker won?", "picker win?", "picker won",
                "gewonnen?"),
    "leaster": ("leaster", "leaster winner"),
    "doubler": ("doubler", "double", "doublers"),
    # who cracked, re-cracked, castrated or blitzed (rules.md E-2..E-5): the cell grammar of :func:`read_marks`
    "crack": ("crack", "cracks", "cracked", "crack by", "cracked by", "cracker", "knock", "knocked", "kontra",
              "contra", "doubled", "marks", "stoß", "stoss", "gestoßen", "gestossen"),
    # who re-cracked (rules.md E-3), a league's column beside its Crack column: it was a player, the hand refused as
    # a player leaving (real26 F3); its cell is a player's name (or x / ? for a recrack by one not written)
    "recrack": ("recrack", "re-crack", "recracked", "re-cracked", "recrack by", "recracked by", "re-cracked by",
                "recracker", "crack back", "crackback", "crack-back"),
    # the hand's multiplier as a scorer writes it (1, 2, 4, x2): the doublings beyond what the rules derive (double on
    # the bump, a doubler's stake), read as ``crack ?`` / ``recrack ?`` / ``castrate ?`` (:func:`mult_marks`); it was
    # a sixth player and the refusal advised leaving it out, every hand then stored at the plain amount (sheet32 F1)
    "mult": ("mult", "mult.", "multiplier", "multi", "factor", "faktor", "x", "×", "times", "dbl", "dbl.", "dbls",
             "doublings"),
    # whether the picker side was bumped (x, yes, 2): the doubling the rules apply to a lost hand (rules.md B-32),
    # read as nothing written (:func:`bump_cell`); it was a player joining the table (sheet32 F3)
    "bump": ("bump", "bumped", "bump?", "bumped?", "dob", "double on bump", "double on the bump"),
    # a ledger's sitting as shead export writes it (ingest.export.export_ledger_csv): its stored name and group
    "session": ("session",),
    "group": ("group", "event", "league", "gruppe"),
    # the pot seat's column (rules.md D-19: the pot as a seat after the players), never guessed from the header
    # alone (a player may be called Kitty): mapped under pot=on by its name (:data:`POT_NAMES`), or --columns pot=
    "pot": (),
}
#: Header words of a column that holds text about the hand, or the sheet's own arithmetic on a row (a check that
#: the row sums to zero), never a player's units: such a column is ignored (as is any column given as
#: --columns ignore=COLUMN).
#: The text about the hand (kept as its annotation: :func:`_row_note`)
NOTE_NAMES = ("notes", "note", "comment", "comments", "remarks", "remark", "memo", "bemerkung", "bemerkungen",
              "kommentar", "notiz", "notizen", "anmerkung", "anmerkungen")
IGNORED = NOTE_NAMES + ("check", "checksum", "sum", "row sum", "zero check", "total", "totals", "balance",
                        "kontrolle", "summe", "probe",
                        # who sent a form's row, never a player's units (real22b F5: read as a player)
                        "your name", "submitted by", "email address", "email", "e-mail", "recorded by", "scorer")
#: the headers of a pot's column under ``pot=on`` (rules.md D-19, J: the pot kept as a seat after the players, so
#: each row sums to zero): its cells are the pot's units a hand, checked against the pot the hand leaves (real20 F4:
#: the column was a sixth player, every row refused E-SEATS)
POT_NAMES = ("pot", "(pot)", "the pot", "kitty", "pott", "kasse", "topf")
#: what a picker cell that names a no-pick game means to say, and where a sheet writes it
_PICKER_WORD_HINTS = {
    "leaster": "a leaster is written in a Leaster column naming its winner (Leaster = Tom; 'tie' for a wash), "
               "the Picker cell left blank",
    "doubler": "a doubler is written in a Doubler column (x or yes), the Picker cell left blank",
    "misdeal": "a misdeal is a row with no picker whose Notes cell says misdeal and whose units are all 0",
}
#: a Picker cell saying nobody picked (sheetx34 minor: refused with no word of how such a hand is written)
_PASS_HINT = ("nobody picked: write the hand in a Doubler column (x or yes) or a Leaster column naming its winner, as "
              "the house plays an all-pass hand, the Picker cell left blank")
_PICKER_WORD_HINTS.update(dict.fromkeys(("all pass", "all passed", "pass", "passed", "no pick", "no picker",
                                         "nobody", "double", "doubled"), _PASS_HINT))
#: a leaster cell that names no winner but a tie (SHN's ``leaster -``, rules.md D-6: a wash, or split under
#: ``leasterTie=split``)
LEASTER_TIE_WORDS = frozenset({"-", "–", "—", "tie", "tied", "wash", "washed", "push", "none", "nobody", "gleich",
                               "unentschieden"})
#: outcome headers that ask whether the picker side won: their cells may answer yes / no (:data:`YES_NO`)
WON_QUESTIONS = frozenset({"won?", "win?", "picker won?", "picker win?", "picker won", "gewonnen?"})
#: an answer to :data:`WON_QUESTIONS` -> SHN's outcome word (the points give the tier, as for W / L)
YES_NO = {"y": "win", "yes": "win", "ja": "win", "j": "win", "n": "lose", "no": "lose", "nein": "lose"}
HAND_FIELDS = ("hand", "picker", "dealer", "partner", "call", "points", "defense", "tricks", "outcome", "leaster",
               "doubler", "crack")


@dataclass(slots=True)
class Sitting:
    """One ledger row: ``date`` (YYYY-MM-DD), ``units`` player → net units of
    the sitting (zero-sum), ``row`` its row in the file (1 = the header)."""

    date: str
    units: dict[str, int]
    row: int
    session: str | None = None  # the ledger's session column (a shead export), else named by the file
    group: str | None = None
    file: str | None = None  # a workbook's sheet it was read from (``FILE[SHEET]``), for the store's messages


@dataclass(slots=True)
class CsvResult:
    """What :func:`read_csv` found: ``kind`` (``score-sheet`` or
    ``ledger``), ``columns`` (field → column header), ``players`` (the
    player columns), and either ``result`` (the judged hands, a
    :class:`FileResult`) or ``sittings`` with ``refused`` diagnostics;
    ``names`` player column → the player's stored name (:func:`seat_names`;
    a column missing from it is its own name); ``date_order`` how its
    ``A/B/YYYY`` dates are read (:func:`ingest.csv_cells.sheet_date_order`;
    None: not yet known, the rows at hand decide)."""

    kind: str
    columns: dict[str, str]
    players: list[str]
    result: FileResult
    sittings: list[Sitting] = field(default_factory=list)
    names: dict[str, str] = field(default_factory=dict)
    date_order: DateOrder | None = None
    header_row: int = 1  # 2 below a title row (sheet_layout)
    tab: str | None = None  # a workbook's worksheet (ingest.xlsx_sheet): ``path`` is then ``FILE[TAB]``
    running: bool = False  # the player columns hold running totals (``--columns units=running``)
    group: str | None = None  # the group of every night of a sheet without a group column (``--columns group=NAME``)
    stake: Fraction | None = None  # the money a unit (``--columns stake=``): the cells hold money
    #: a running pad's opening rows (standings carried over, no hand): row -> the units its Pot cell carries in (0:
    #: none), which are not read (break22b F11: the hand that took them was refused as a standing typed wrong)
    openings: dict[int, object] = field(default_factory=dict)
    #: a running pad's rows that open a night with a hand (no opening row) below a night of standings: row -> the
    #: night above's last standings (player column -> units), what a season pad carries over (sheet32 F5)
    carried: dict[int, dict[str, int]] = field(default_factory=dict)
    #: the rows of :attr:`carried` read as carrying those standings over (a second reading, :func:`_carried_over`)
    carry_rows: frozenset = frozenset()
    #: each night's Dealer cells, read before its rows (:func:`_feed_dealers`): night's date text -> :class:`_Dealers`,
    #: the evidence of the night's seating (real27 F1); None: not read (no Dealer column, or a hint's second reading)
    rotations: dict[str, "_Dealers"] | None = None
    #: the stored session the sheet's hands continue (``--columns "session=NAME"`` or a Session column naming it:
    #: :func:`_continuation`, newuser30), an :class:`ingest.csv_identity.StoredNight`; else None
    night: object | None = None
    #: player column -> the continued session's seat alias (its [Seats], the column matched by alias or name)
    aliases: dict[str, str] = field(default_factory=dict)
    #: the number the first row without a Hand cell of a continuing sheet takes when the sheet is one sent before
    #: (:func:`resent_start`, fixm30); None: the next after the session's highest hand
    first_hand: int | None = None
    #: a Session column's name of a session that is not stored: the night's own session name (its [Session])
    session_tag: str | None = None
    #: the ``--columns`` text as given (for the advice of ``W-CSV-SESSION``), and the ``--rules`` given (None: none)
    given_columns: str | None = None
    given_rules: str | None = None


def _norm(h: str) -> str:
    return re.sub(r"\s+", " ", h.strip().lower())


def guess_columns(header: list[str]) -> dict[str, str]:
    """field → header cell, for the header cells that name a field of
    :data:`FIELDS` (case and spacing ignored); each field once."""
    out: dict[str, str] = {}
    plain = {_norm(c) for c in header}
    for cell in header:
        n = _norm(cell)
        if n in IGNORED:
            out[f"ignore:{cell}"] = cell
            continue
        if (m := _RUNNING_COLUMN.fullmatch(n)) is not None and (m.group(1) or m.group(2)) in plain:
            # a player's running total beside the player's column (Ann, Ann total; Running Ann; Ann Σ): the sheet's
            # sums, not a player (sheet18 F4: every hand refused E-SEATS, "10 seats")
            out[f"ignore:{cell}"] = cell
            continue
        if n in FIELDS["date"] and "date" in out:
            # two date columns: a form's Timestamp beside the Date the scorer wrote (break21b F1: Date was a player,
            # every hand refused).  The written date is the night; the timestamp, when the row was sent, is left out
            if n in _STAMP_WORDS or _norm(out["date"]) not in _STAMP_WORDS:
                out[f"ignore:{cell}"] = cell
            else:
                out[f"ignore:{out['date']}"], out["date"] = out["date"], cell
            continue
        bare = re.sub(r"\s*\([^)]*\)", "", n).strip()  # 'Points (picker side)': a form's question with its hint
        if "defense" in out and "defenders" not in out and (n in FIELDS["defense"] or bare in FIELDS["defense"]):
            first = _norm(out["defense"])
            if n not in FIELDS["defenders"] and (first in FIELDS["defenders"] or (
                    _says_points(n) and not _says_points(first))):
                # 'Defenders' (names) before 'Def Pts' (card points): the names column is the defenders' (break29 F6);
                # so is 'Defense' / 'Defence' before 'Def Pts' (break29b F5: Def Pts was made a player)
                out["defenders"], out["defense"] = out["defense"], cell
                continue
            if _says_points(first) and not _says_points(n):
                out["defenders"] = cell  # 'Def Pts' then 'Defense' / 'Defence': the names (break29b F5)
                continue
        for f, words in FIELDS.items():
            if f not in out and (n in words or bare in words):
                out[f] = cell
                break
    return out


def _says_points(header: str) -> bool:
    """Whether a defense column's header (:data:`FIELDS` ``defense``, normalised) says it holds card points ('Def
    Pts', 'Defence points'), not a word that may head the defenders' names too ('Defense', 'Defenders', 'Def')."""
    return bool(re.search(r"\b(?:pts|points)\b", header))


#: the date column's header words that name a timestamp (a date and a time of day: a form's, an app's)
_STAMP_WORDS = ("timestamp", "time stamp", "zeitstempel", "date/time", "datetime")


#: header words a league's sheet heads its hand-number column with that may also be a player's name or read as
#: something else ("Game", "Deal", "No."): read as the hand column only where its cells are whole numbers that
#: increase within a night (:func:`_hand_column`; real25 F3: a sixth player, every hand refused E-SEATS)
_MAYBE_HAND_WORDS = ("game", "game #", "game no.", "game nr.", "game number", "game num", "game nr",
                     "hand no.", "hand nr.", "hand number", "hand num", "hand nr", "no.", "nr.", "num", "number",
                     "deal", "deal #", "deal no", "deal no.", "deal nr", "deal nr.", "deal number", "deal num",
                     "spiel nr", "spiel nr.", "spielnr", "spielnr.", "spiel #", "#.")


def _hand_column(header: list[str], below: list[list[str]], columns: str | None) -> str | None:
    """The header cell of a hand-number column headed a way :func:`guess_columns` does not take on its word
    alone (:data:`_MAYBE_HAND_WORDS`: ``Game``, ``Game #``, ``Hand No.``, ``No.``, ``Deal``), for a sheet whose
    header maps no hand column: its cells below the header (``below``, the sheet's first rows) are whole numbers
    from 1 up, at least two of them, each greater than the one above or a night's new 1 (a player named Deal
    writes units: a 0, a minus, the same number twice).  None when there is no such column, or ``columns``
    names it or maps the hand."""
    cols = column_map(header, columns) if columns else guess_columns(header)
    if "hand" in cols:
        return None
    mapped = set(cols.values())
    for k, c in enumerate(header):
        if _norm(c) not in _MAYBE_HAND_WORDS or c in mapped or "," in c or "=" in c or \
                (columns and any(_norm(c) == _norm(v) for _, v in _parts(columns))):
            continue
        numbers: list[int] = []
        again = 0  # a number the same as the one above: a scorer's typo, once (break26 F8: the whole sheet refused
        # E-SEATS for one repeated Game #; the hand column refuses that row alone, E-CSV-HAND-ORDER)
        for row in below:
            if not any(x.strip() for x in row) or any(x.strip().lower().startswith("total") for x in row[:k + 1]):
                continue
            t = row[k].strip() if k < len(row) else ""
            if not t:
                continue
            n = whole_units(t) if re.fullmatch(r"\d+(?:\.0+)?", t) else None
            again += bool(numbers) and n == numbers[-1] and n != 1
            if n is None or n < 1 or (numbers and n < numbers[-1] and n != 1) or again > 1:
                numbers = []
                break
            numbers.append(n)
        if len(set(numbers)) >= 2 and numbers != [1] * len(numbers) and not _sums_to_zero(header, below, k, cols):
            return c
    return None


#: header words a league's sheet heads its partner column with that may also be a player's name ("Buddy", "Pard"):
#: read as the partner column only where its cells are each blank or a header player's name (:func:`_partner_column`;
#: real26 F2: a sixth player, every hand refused, the message suggesting --columns ignore=Buddy)
_MAYBE_PARTNER_WORDS = ("buddy", "pard", "pardner", "pards", "buddies", "pal")
#: a partner cell that names no partner (the picker alone, as the Partner column reads it)
_NO_PARTNER_WORDS = ("-", "\u2013", "\u2014", "alone", "none", "no", "solo", "nobody", "allein")


def _partner_column(header: list[str], below: list[list[str]], columns: str | None) -> str | None:
    """The header cell of a partner column headed a way :func:`guess_columns` does not take on its word alone
    (:data:`_MAYBE_PARTNER_WORDS`: ``Buddy``, ``Pard``), for a sheet whose header maps no partner column: each
    of its cells below the header (``below``, the sheet's first rows) is blank, a word of no partner (``alone``,
    ``-``) or the name of another of the header's unmapped columns (a player), and at least one names a player (a
    player named Buddy writes units).  A cell of other words (``self``, ``x``, ``AH``) keeps it the partner column,
    refused in its own row as a Partner cell is (break26b F2: one such cell made it a player's, every row refused
    E-SEATS); a number in any cell makes it a player's units.  None when there is no such column, or ``columns``
    names it or maps the partner."""
    cols = column_map(header, columns) if columns else guess_columns(header)
    if "partner" in cols:
        return None
    mapped = set(cols.values())
    names = {_norm(c) for c in header if c.strip() and c not in mapped and _norm(c) not in IGNORED}
    for k, c in enumerate(header):
        if _norm(c) not in _MAYBE_PARTNER_WORDS or c in mapped or "," in c or "=" in c or \
                (columns and any(_norm(c) == _norm(v) for _, v in _parts(columns))):
            continue
        named = alone = 0
        for row in below:
            if not any(x.strip() for x in row) or any(x.strip().lower().startswith("total") for x in row[:k + 1]):
                continue
            t = _norm(row[k]) if k < len(row) else ""
            if t and t != _norm(c) and t in names:
                named += 1
            elif t and t in _NO_PARTNER_WORDS and re.search(r"[^\W\d_]", t):
                alone += 1  # 'alone', 'nobody': no player's units cell says so (a dash may be a player's nothing)
            elif t and t not in _NO_PARTNER_WORDS and (whole_units(row[k]) is not None or is_fraction(row[k])
                                                      or money_value(row[k]) is not None):
                named = -1  # a player's units (a player named Buddy)
                break
        if named > 0 or named == 0 and alone:
            return c
    return None


def _defense_player(header: list[str], below: list[list[str]], columns: str | None) -> str | None:
    """The header cell of a column the header's word maps to the defenders' card points (``Def``, FIELDS
    ``defense``) that is a player's column by its cells (break27b F4: a player named Def, the whole sheet refused
    with no way out): a Picker, Partner or Leaster cell below the header (``below``, the sheet's first rows)
    names it, or each row that writes it sums to 0 with the other players' columns and not without it (signed
    units, not card points).  None when there is no such column, or ``columns`` maps the defenders' points
    (``defense=Def``) or names the column either way."""
    cols = column_map(header, columns) if columns else guess_columns(header)
    c = cols.get("defense")
    if c is None or "," in c or "=" in c or (columns and any(
            _norm(c) in (_norm(a), _norm(v)) for a, v in _parts(columns))):
        return None
    k = header.index(c)
    label = _norm(seat_label(c))
    where = [header.index(cols[f]) for f in ("picker", "partner", "leaster") if f in cols]
    for row in below:
        if any(x.strip().lower().startswith("total") for x in row[:k + 1]):
            continue
        if any(i < len(row) and _norm(row[i]) == label for i in where):
            return c
    if _sums_to_zero(header, below, k, cols):
        return c
    # a negative cell is no card count (rules.md A-6): the column holds units, a player's, when most of the rows
    # that write it sum to 0 with it (break28 F4: one row's typo made 'Def' the defenders' points, 0 of 4 stored)
    cells = [whole_units(row[k]) for row in below if k < len(row) and row[k].strip()
             and not any(x.strip().lower().startswith("total") for x in row[:k + 1])]
    if any(v is not None and v < 0 for v in cells) and _sums_to_zero(header, below, k, cols, most=True):
        return c
    return None


def _word_players(header: list[str], below: list[list[str]], columns: str | None) -> list[str]:
    """The header cells of columns the header's word maps to a field a player may be named after (``Marks`` the
    crack column, ``Day`` a second date column, ``Knock``: :func:`_nameable`; ``Def`` is
    :func:`_defense_player`'s) that are players' columns by their cells (real31 F2: a player named Marks, every row
    refused with no way out): a Dealer, Picker, Partner or Leaster cell below the header (``below``, the sheet's
    first rows) names the column's player, and each row that writes the column sums to 0 with the other players'
    columns and not without it (signed units; :func:`_sums_to_zero`), each cell a whole number.  Empty when there
    is none; a column ``columns`` names either way is left as it says.

    A column read as the hand's multiplier or bump by its word (``X``, ``Mult``, ``Times``, ``Factor``, ``Dbl``,
    ``Bump``: FIELDS ``mult``, ``bump``) is a player's on either piece of evidence alone (verify32 F1: a player X
    named as picker on a won/lost sheet, its cells blank, had every row refused): a seat cell naming it, or its whole
    numbers summing to 0 with the other players' (a wi6-sit-out dealer's ``X`` / ``out`` cell read as blank, rules.md
    F-1); a one-letter ``x`` (``×``) also when a cell holds no multiplier (``-1``, ``3``: :func:`factor_doublings`),
    so ``x`` is a multiplier only when its cells are all 1, 2, 4, 8 (x2) and no seat cell names it."""
    cols = column_map(header, columns) if columns else guess_columns(header)
    said = {_norm(x) for part in _parts(columns) for x in part} if columns else set()
    where = [header.index(cols[f]) for f in ("dealer", "picker", "partner", "leaster") if f in cols]
    out = []
    for f, c in cols.items():
        if f == "defense" or not _nameable(f, c) or "," in c or "=" in c or _norm(c) in said or c not in header:
            continue
        k = header.index(c)
        label = _norm(seat_label(c))
        rows = [row for row in below if any(x.strip() for x in row)
                and not any(x.strip().lower().startswith("total") for x in row[:k + 1])]
        named = any(i < len(row) and _norm(row[i]) == label for row in rows for i in where)
        cells = [row[k].strip() for row in rows if k < len(row) and row[k].strip()]
        if f in ("mult", "bump"):  # a multiplier's word: the seat cells or the units decide alone (verify32 F1)
            blank = SIT_OUT_MARKS | NOTHING  # a sit-out dealer's cell (F-1), a dash: no units either way
            if named or _norm(c) in ("x", "×") and any(factor_doublings(x) is None for x in cells
                                                         if x.lower() not in blank):
                out.append(c)
                continue
            units = [[x if x.strip().lower() not in blank else "" for x in row] for row in rows]
            cells = [x for x in cells if x.lower() not in blank]
            if (cells and all(re.fullmatch(r"[+\-\u2212]?\d+", x) for x in cells)
                    and _sums_to_zero(header, units, k, cols)):
                out.append(c)
            continue
        if not named:
            continue
        if cells and all(re.fullmatch(r"[+\-\u2212]?\d+", x) for x in cells) and _sums_to_zero(header, rows, k, cols):
            out.append(c)
    return out


def _sums_to_zero(header: list[str], below: list[list[str]], k: int, cols: dict[str, str],
                  most: bool = False) -> bool:
    """Whether each row of ``below`` that writes column ``k`` sums to 0 over the unmapped columns with ``k``
    among them, and not without it: column ``k`` is then a player's units (a player named Deal who won 1, then
    2), not the hand's number.  False when a cell does not read as a number.  A row whose column-``k`` cell is 0
    and whose other cells sum to 0 (a wi6-sit-out dealer's 0, rules.md F-1; a doubler deal's row of 0s, D-11) says
    neither; at least one other row must sum to 0 only with ``k`` (verify31 F3: it refused the whole sheet).
    ``most``: more than half of those rows, at least two, so (a scorer's typo in one row, break28 F4)."""
    mapped = set(cols.values())
    others = [i for i, c in enumerate(header) if i != k and c.strip() and c not in mapped and _norm(c) not in IGNORED]
    seen = good = 0
    for row in below:
        if k >= len(row) or not row[k].strip() or most and any(x.strip().lower().startswith("total")
                                                              for x in row[:k + 1]):
            continue
        try:
            vals = [Fraction(re.sub(r"[$€£\s]", "", row[i]).replace("\u2212", "-") or "0") for i in others
                    if i < len(row)]
            own = Fraction(row[k].strip().replace("\u2212", "-") if most else row[k].strip())
        except (ValueError, ZeroDivisionError):
            return False
        if own == 0 and sum(vals) == 0:
            continue  # neither for nor against: a sit-out dealer's 0, a doubler deal's row of 0s (verify31 F3)
        seen += 1
        if sum(vals) + own != 0 or sum(vals) == 0:
            if not most:
                return False
            continue
        good += 1
    return good >= 2 and 2 * good > seen if most else seen > 0


def _with_time(date: str, time: str) -> str:
    """A row's date cell read with its Time cell (FIELDS ``time``): ``"2026-12-04"`` and ``"23:50"`` →
    ``"2026-12-04 23:50"``, a timestamp that :func:`ingest.csv_cells.read_stamp` reads; the date cell as it is
    when the time cell is blank or no time of day (``"late"``), or the date cell has its own time; the
    time cell when it holds a date and a time itself (break22b F10: every row was refused)."""
    if time and (whole := split_time(time.strip()))[1] is not None and whole[0]:
        return time.strip()  # the Time cell holds its date too ('2026-12-05 00:05', a time cell saved with its day)
    if not date or not time or split_time(date)[1] is not None or split_time("2000-01-01 " + time)[1] is None:
        return date
    return f"{date} {time.strip()}"


#: a header cell naming a player's running total: "<player> total", "total <player>", "running <player>", "<player> Σ"
#: (a word of its own: a player "Alsum" beside "Al" is a player, break18b F3)
_RUNNING_COLUMN = re.compile(r"(.+?)(?:\s+(?:total|running|gesamt|summe|sum|stand)|\s*[σΣ])|(?:total|running|gesamt|stand)\s+(.+)")


def _parts(text: str | None) -> list[tuple[str, str]]:
    """The ``LEFT=RIGHT`` parts of a ``--columns`` text, split at commas.
    Raises ``ValueError`` for a part without ``=``."""
    out = []
    for part in (p.strip() for p in nfc(text or "").split(",") if p.strip()):  # 'Zoë' either way: the cells' NFC
        if ("=" not in part and out and out[-1][0].lower() == "stake" and re.fullmatch(r"\d+\s*[^\w\s,=]?", part)
                and re.fullmatch(r"[^\d,=]*\d+", out[-1][1])):
            out[-1] = (out[-1][0], f"{out[-1][1]},{part}")  # stake=0,25: a decimal comma, not two parts (fixg 24)
            continue
        if "=" not in part:
            raise ValueError(f"{part!r} is not FIELD=COLUMN nor PLAYER=NAME (fields: {', '.join(FIELDS)}, ignore)")
        left, right = (x.strip() for x in part.split("=", 1))
        if ";" in right and "=" in right:  # 'units=running; stake=0.25': a [Rules] text's separator (break19 F11)
            raise ValueError(f"{part!r}: --columns parts are separated by commas, not semicolons (e.g. "
                             f"{part.replace(';', ',')!r})")
        out.append((left, right))
    return out


def _match(header: list[str], col: str) -> list[str]:
    """The header cells named ``col`` (as written, or case and spacing
    ignored; a player column written ``Ann=Ann Kraus`` also by ``Ann``)."""
    return [c for c in header if c.strip() == col or _norm(c) == _norm(col)
            or ("=" in c and _norm(c.split("=", 1)[0]) == _norm(col))]


def parse_columns(text: str, header: list[str]) -> dict[str, str]:
    """``"date=Datum,picker=Spieler"`` → field → header cell.  Raises
    ``ValueError`` naming a part that is neither a field nor a player column
    of the header, or a column not in the header.  ``ignore=COLUMN`` (any
    number of times) leaves a column out: neither a field nor a player.
    Columns named like notes (:data:`IGNORED`) are ignored without it, unless
    the text maps them to a field (``crack=Notes``).  A part ``PLAYER=NAME``
    whose left side is a player column gives that player's name
    (:func:`seat_names`) and is no field; ``date-order=dmy|mdy`` is no
    column either (:func:`date_order_option`).  ``player=COLUMN`` reads a
    column as a player's whatever its header's word, and ``FIELD=none``
    maps the field to no column (``crack=none``); :func:`column_map` drops
    the guesses they contradict (real31 F2: a player named Marks)."""
    out: dict[str, str] = {}
    for cell in header:
        if _norm(cell) in IGNORED:
            out[f"ignore:{cell}"] = cell
    for f, col in _parts(text):
        f = f.lower() if f.lower() in FIELDS or f.lower() == "ignore" else f
        if f.lower() == "date-order":
            date_order_option(text)  # checked here, read by the caller
            continue
        if f.lower() == "units":
            running_option(text)  # checked here, read by the caller
            continue
        if f.lower() == "stake":
            stake_option(text)  # checked here, read by _body
            continue
        if f.lower() == "player":  # player=COLUMN: a player's column whatever its header's word (real31 F2)
            match = _match(header, col)
            if not match:
                raise ValueError(f"player={col}: no column {col!r} in the header ({', '.join(header)})")
            out.pop(f"ignore:{match[0]}", None)
            continue
        if f in FIELDS and _norm(col) in _NO_COLUMN and not _match(header, col):
            continue  # crack=none: no column is the field's (column_map drops the guess; real31 F2)
        if f not in FIELDS and f != "ignore":
            if _match(header, f):
                continue  # PLAYER=NAME: seat_names reads it
            raise ValueError(f"{f!r} is neither a field ({', '.join(FIELDS)}, or ignore=COLUMN to leave a column "
                             f"out, player=COLUMN to read it as a player's) nor a column of the header to name a player ({', '.join(header)})")
        match = _match(header, col)
        if not match:
            raise ValueError(f"no column {col!r} in the header ({', '.join(header)})")
        if f != "ignore":
            out.pop(f"ignore:{match[0]}", None)
        out[f"ignore:{match[0]}" if f == "ignore" else f] = match[0]
    return out


def seat_names(header: list[str], cols: dict[str, str], columns: str | None = None) -> dict[str, str]:
    """player column → the player's name, stored as an SHN seat's name is
    (``[Seats "Ann=Ann Kraus"]``: ``hand_units.player``,
    ``session_players.player``, the ledger), so that a CSV sheet's "Ann" and
    an SHN session's "Ann Kraus" are one player.  A header cell written
    ``Ann=Ann Kraus`` (alias=name, as in SHN's Seats tag) names the player in
    its column; a part ``Ann=Ann Kraus`` of ``columns`` (``--columns``)
    names the player of column ``Ann`` and wins over the header; any other
    player column is its own name.  ``cols``: the column mapping
    (:func:`column_map`).  Raises ``ValueError`` for a name on a column that
    is a field's, an empty name, a name holding ``;`` or ``"`` (SHN's Seats
    tag could not hold it), or two columns of one name."""
    named = set(cols.values())
    players = [c for c in header if c not in named and c.strip()]
    aliases: dict[str, str] = {}  # one player column an alias, whatever its case (break23b F6)
    for k, c in enumerate(header):
        if c not in named and c.strip():
            alias = c.split("=", 1)[0].strip().lower()
            if alias in aliases:
                exc = ValueError(f"the columns {aliases[alias]!r} and {c!r} are one player's column twice (an alias "
                                 "is one player whatever its case): give each player one column, with a name of its "
                                 "own")
                exc.col = k + 1
                raise exc
            aliases[alias] = c
    out = {p: (p.split("=", 1)[1].strip() or p.split("=", 1)[0].strip()) if "=" in p else seat_label(p)
           for p in players}  # a form's grid column 'Units [Gus]' is Gus's (real22b F5)
    given: set[str] = set()  # the player columns --columns names
    for left, name in _parts(columns):
        if left.lower() in FIELDS or left.lower() in _OPTIONS:
            continue
        match = _match(header, left)
        if not match or match[0] not in out:
            raise ValueError(f"{left}={name}: {left!r} is not a player column (players: {', '.join(players)})")
        out[match[0]] = name
        given.add(match[0])
    # one spelling of a name's spaces: a no-break space (U+00A0) or two spaces made a second player (break18b F2)
    out = {p: plain_name(name) for p, name in out.items()}  # a zero-width space, a soft hyphen too (break22 F2)
    seen: dict[str, str] = {}
    for p, name in out.items():
        if not name or ";" in name or '"' in name:
            exc = ValueError(f"{p}: the name {name!r} cannot be a seat's name (not empty, no ';' or '\"')")
            if p not in given:  # the header's own cell (break23b F10: said as an error of --columns, at 1:1)
                exc.col = header.index(p) + 1
            raise exc
        if name.lower() in seen:
            exc = ValueError(f"the columns {seen[name.lower()]!r} and {p!r} both name {name!r} (a name is one player "
                             "whatever its case): rename one of them in the header, or give each its player's name "
                             f"with --columns '{p}=NAME'")
            if p not in given and seen[name.lower()] not in given:  # the header's own cells, not --columns' names
                exc.col = header.index(p) + 1  # at the second (break23 F10: said at 1:1, as --columns' error)
            else:
                exc = ValueError(f"the columns {seen[name.lower()]!r} and {p!r} both name {name!r}")
            raise exc
        seen[name.lower()] = p
    return out


def date_order_option(columns: str | None) -> str | None:
    """The order of day and month a ``--columns`` text gives its sheet's
    ``A/B/YYYY`` dates (``date-order=dmy``: day first; ``date-order=mdy``:
    month first; :data:`ingest.csv_cells.DATE_ORDERS`), or None (the sheet's
    dates decide: :func:`ingest.csv_cells.sheet_date_order`).  Raises
    ``ValueError`` for another order."""
    got = None
    for left, right in _parts(columns):
        if left.lower() == "date-order":
            if right.lower() not in DATE_ORDERS:
                raise ValueError(f"date-order={right}: the order is dmy (day first, 19/11/2026) or mdy (month "
                                 "first, 11/19/2026)")
            got = right.lower()
    return got


def running_option(columns: str | None) -> bool:
    """True when a ``--columns`` text says the player columns hold running
    totals (``units=running``: each player's standing after the hand, as a
    paper score pad keeps it) rather than each hand's units
    (``units=hand``, the default).  Raises ``ValueError`` for another
    value."""
    got = False
    for left, right in _parts(columns):
        if left.lower() == "units":
            if right.lower() not in ("running", "hand"):
                raise ValueError(f"units={right}: the player columns hold each hand's units (units=hand) or each "
                                 "player's running total (units=running)")
            got = right.lower() == "running"
    return got


#: A currency sign in a player cell: the sheet is kept in money (sheet18 F5).
_MONEY_SIGN = re.compile(r"[$€£¢]|\b(?:USD|EUR|GBP|CHF|CAD|US\$)\b", re.I)
#: an amount written with thousands separators, told apart from a decimal separator by the other one after them
#: (``1,000.00``, ``1.000,00``) or by two groups of three (``1,000,000``); ``1,000`` alone stays one with decimals
_THOUSANDS = re.compile(r"[+-]?[1-9][0-9]{0,2}(?:(?:(,)[0-9]{3})+\.[0-9]+|(?:\.[0-9]{3})+,[0-9]+|(?:(,)[0-9]{3}){2,}"
                        r"|(?:\.[0-9]{3}){2,})")
_MONEY_NUMBER = re.compile(r"[+-]?(?:[0-9]+(?:[.,][0-9]+)?|[.,][0-9]+)")  # "$.50" too (break20 F11)


def money_value(cell: str) -> Fraction | None:
    """A money cell → its amount: ``$0.50``, ``$.50``, ``USD 0.50``, ``-$0.25``, ``$-0.25``,
    ``0,50 €``, ``(0.25)``, ``($0.25)``, ``$(0.25)``, ``$ (0.25)`` (an accounting format's negative), ``$ -``,
    ``$-``, ``€ -`` (Excel's Accounting zero: 0, sheetx34 F4), ``25¢`` (0.25);
    None when it is no amount (a dash with no currency sign is none: a blank, :data:`NOTHING`; and for more than 18
    digits before the point, :func:`ingest.csv_cells.long_number`)."""
    c = _MONEY_SIGN.sub(lambda m: "$" if len(m.group()) > 1 else m.group(), cell.strip())  # "USD 0.50"
    c = c.replace("\u2212", "-").replace("\u2013", "-").replace("\u00a0", "").replace(" ", "")
    cents = "¢" in c
    signed = _MONEY_SIGN.search(c) is not None
    c = _MONEY_SIGN.sub("", c)  # before the parentheses: "$(0.25)" as "($0.25)" (sheetx34 F4)
    if signed and c == "-":  # Accounting's zero, "$ -" (a sat-out dealer, a leaster wash)
        return Fraction(0)
    neg = len(c) > 2 and c[0] == "(" and c[-1] == ")"
    if neg:
        c = c[1:-1]
    if c[:1] in "+-" and c[1:2] in "+-":  # "-$0.25" with its sign gone: "-0.25" already; "+-" is no amount
        return None
    if (m := _THOUSANDS.fullmatch(c)) is not None:  # "$1,000.00", "1.000,00 €" (real23b F6: refused)
        sep = "," if m.group(1) or m.group(2) else "."
        c = c.replace(sep, "")
    if not _MONEY_NUMBER.fullmatch(c) or long_number(c):  # 19 digits or more: no amount (break30 F3: 5,000 raised)
        return None
    # a spreadsheet formula's float (=units*0.10 stores 0.6000000000000001): the amount it shows, to the millionth
    v = Fraction(c.replace(",", ".")).limit_denominator(10**6)
    v = -v if neg else v
    return v / 100 if cents else v


def stake_option(columns: str | None) -> Fraction | None:
    """The money one unit is worth when a ``--columns`` text says the player
    columns hold money (``stake=0.25``: a quarter a point; ``stake=0,10``,
    ``stake=$0.05``), else None.  Each player cell is then its amount over
    the stake, which must be a whole number of units (rules.md B-31).
    Raises ``ValueError`` for a value that is no positive amount."""
    got = None
    for left, right in _parts(columns):
        if left.lower() == "stake":
            v = money_value(right)
            if v is None or v <= 0:
                raise ValueError(f"stake={right}: the money one unit is worth, e.g. stake=0.25 (a quarter a point) "
                                 "or stake=0.10")
            got = v
    return got


def seat_label(column: str) -> str:
    """What a scorer writes for the player of a column in the dealer, picker,
    partner, leaster and crack cells: the column as written, or for a column
    written ``Ann=Ann Kraus`` its alias ``Ann``, or for a form's grid question
    ``Units [Gus]`` the row's name ``Gus`` (real22b F5: ``UnitsGus``)."""
    label = column.split("=", 1)[0].strip() if "=" in column else column.strip()
    m = _GRID_COLUMN.fullmatch(label)
    return plain_name(m.group(1) if m else label)  # invisible characters left out, as of the names (break22b F7)


#: a form's grid question, one column a player: 'Units [Gus]', 'Score [Gus]', 'Punkte [Gus]'
_GRID_COLUMN = re.compile(r"(?:units?|scores?|points?|net|punkte|einheiten)\s*\[([^\]]+)\]", re.I)


def sheet_header(header: list[str], columns: str | None = None) -> tuple[dict[str, str], list[str], dict[str, str]]:
    """A CSV header read: ``(field → column, the player columns in order,
    player column → name)`` (:func:`column_map`, :func:`seat_names`).
    Raises ``ValueError`` as they do."""
    cols = column_map(header, columns)
    names = seat_names(header, cols, columns)
    return cols, list(names), names


def column_map(header: list[str], columns: str | None = None) -> dict[str, str]:
    """field → header cell: the guess (:func:`guess_columns`), with the
    mapping ``columns`` given (:func:`parse_columns`) winning for the fields
    and columns it names — so ``--columns ignore=Notes`` alone leaves the
    other columns guessed.  Raises ``ValueError`` as :func:`parse_columns`."""
    cols = guess_columns(header)
    if not columns:
        return cols
    given = parse_columns(columns, header)
    used = set(given.values())
    dropped: set[str] = set()
    for left, right in _parts(columns):
        if left.lower() == "player":  # player=Marks: the column is a player's, not the crack column (real31 F2)
            used.update(_match(header, right)[:1])
        elif left.lower() in FIELDS and _norm(right) in _NO_COLUMN and not _match(header, right):
            dropped.add(left.lower())  # crack=none: no column is the crack column (real31 F2)
        elif left.lower() not in FIELDS and left.lower() not in _OPTIONS:
            # PLAYER=NAME on a column the header's word maps to a field a player may be named after: a player's
            # column ('--columns Def=Def', 'Def=Def Miller', break27b F4; 'Marks=Marks Jansen', real31 F2: were
            # refused "not a player column"); a column of the hand's own facts so named stays refused ('Called=Pat')
            used.update(c for f, c in cols.items() if _nameable(f, c) and c in _match(header, left))
    return {**{f: c for f, c in cols.items() if f not in given and c not in used and f not in dropped}, **given}


#: the ``--columns`` parts that name no field: options, ``ignore=COLUMN`` and ``player=COLUMN``
_OPTIONS = ("ignore", "date-order", "units", "stake", "player")
#: the right side of ``FIELD=none``: no column is the field's (``crack=none``, real31 F2)
_NO_COLUMN = ("none", "-", "no", "nothing")
#: the fields whose header words a player may be named (``Marks``, ``Knock``, ``Def``, ``Time``): a column the header
#: maps to one is a player's when ``--columns`` names its player or its cells say so (:func:`_word_players`)
_NAMEABLE_FIELDS = ("time", "defense", "defenders", "tricks", "leaster", "doubler", "crack", "recrack", "mult",
                    "bump", "group")


def _nameable(field: str, column: str) -> bool:
    """Whether a column the header's word maps to ``field`` (:func:`guess_columns`) may be a player named after
    the word: a field of :data:`_NAMEABLE_FIELDS`, or a column left out for its word alone that is no note nor a
    sheet's own arithmetic (:data:`IGNORED`): a second date column headed ``Day`` (real31 F2)."""
    if field.startswith("ignore:"):
        return _norm(column) not in IGNORED and not _RUNNING_COLUMN.fullmatch(_norm(column))
    return field in _NAMEABLE_FIELDS


#: the rows read for a sheet's layout (:func:`sheet_layout`): blank rows, a title, the header
HEAD_ROWS = 12
#: the header cell of the date column given to a sheet of one night that has none (:func:`sheet_layout`)
NIGHT_COLUMN = "(the night's date)"
#: the rows with a cell beyond the header each said by a warning of their own (W-CSV-EXTRA); the rest in one
EXTRA_SAID = 5


class _Beyond:
    """The cells written beyond a header's last column, which are not read
    (a player or a note the header forgot; break23 F6 and break23b F9: they
    were dropped without a word): ``W-CSV-EXTRA`` at the first such cell of
    each of the first :data:`EXTRA_SAID` rows (:meth:`row`), then one warning
    naming the other rows (:meth:`rest`).  ``width``: the cells the rows are
    read with; ``shift``: those of them that are not the file's (a night's
    date given to a sheet without one); ``what``: what such a cell may be
    and what to ingest again; a trailing blank cell is none."""

    def __init__(self, width: int, shift: int, path: str | None, what: str, again: str) -> None:
        self.width, self.shift, self.path, self.what, self.again = width, shift, path, what, again
        self.rows: list[int] = []

    def row(self, r: int, row: list[str], notes: list[Diagnostic]) -> None:
        """Say row ``r``'s first cell beyond the header, if it has one."""
        if len(row) <= self.width:
            return
        k = next((k for k in range(self.width, len(row)) if row[k].strip()), None)
        if k is None:
            return
        named = self.width - self.shift
        if len(self.rows) < EXTRA_SAID:
            notes.append(Diagnostic(
                "W-CSV-EXTRA", f"row {row_words(r)}: a cell beyond the header's last column ({row[k].strip()!r} in "
                f"column {k + 1 - self.shift}; the header names {named}): not read; if it is {self.what}, give its "
                f"column a header and ingest {self.again} again", "warning", self.path, r, k + 1 - self.shift,
                found=row[k].strip()[:80], expected=f"no cell after column {named}"))
        self.rows.append(r)

    def rest(self, notes: list[Diagnostic]) -> None:
        """One warning naming the rows after the first few."""
        if len(self.rows) <= EXTRA_SAID:
            return
        more, named = self.rows[EXTRA_SAID:], self.width - self.shift
        notes.append(Diagnostic(
            "W-CSV-EXTRA", f"{len(more)} more rows have cells beyond the header's last column, not read: rows "
            + ", ".join(map(str, more[:20])) + (", ..." if len(more) > 20 else ""), "warning", self.path, more[0],
            named + 1, found=f"{len(more)} rows", expected=f"no cell after column {named}"))


@dataclass(frozen=True, slots=True)
class Layout:
    """How a sheet's first rows read (:func:`sheet_layout`): ``header_row``
    the row number of its header (1, or below a title row or blank rows); ``header`` its
    cells, with :data:`NIGHT_COLUMN` appended when the night's date is
    given; ``columns`` the ``--columns`` text to read that header with;
    ``night`` (``YYYY-MM-DD``) the date of every hand of a sheet that has no
    date column, else None; ``notes`` the warnings saying where it was read;
    ``why`` why a date in the title or file name could not be read (it
    reads two ways), else None; ``group`` the group (an ``[Event]``) of
    every night of a sheet without a group column, given as ``--columns
    group=NAME``, else None."""

    header_row: int
    header: list[str]
    columns: str | None
    night: str | None = None
    notes: tuple[Diagnostic, ...] = ()
    why: str | None = None
    group: str | None = None
    #: the year written in the title, the sheet's name or the file name (``League 2026.csv``): a night's title
    #: that writes a day without its year is of it (:func:`_night_blocks`), else None
    year: str | None = None
    #: the stored session the sheet's hands continue, given as ``--columns "session=NAME"`` (a name that is no
    #: column of the sheet; newuser30), else None
    session: str | None = None


def file_of(path: str | None, tab: str | None) -> str | None:
    """The file of a worksheet's ``path`` (``FILE[TAB]``, as
    :mod:`ingest.xlsx_sheet` names a workbook's sheet in diagnostics), or
    ``path`` itself."""
    if path is not None and tab is not None and path.endswith(f"[{tab}]"):
        return path[:-len(tab) - 2]
    return path


def _night_option(columns: str | None, header: list[str]) -> tuple[str | None, str | None]:
    """``(the columns text without it, the night's date)`` of a ``date=``
    part of ``columns`` that names no column of ``header`` but a date
    (``date=2026-12-04``, or as :func:`ingest.csv_cells.date_in_text` reads
    it in ``date-order``); ``(columns, None)`` when there is none."""
    parts = _parts(columns)
    for k, (left, right) in enumerate(parts):
        if left.lower() == "date" and not _match(header, right):
            got, _why = date_in_text(right, date_order_option(columns))
            if got is not None:
                rest = ",".join(f"{a}={b}" for j, (a, b) in enumerate(parts) if j != k)
                return rest or None, got
    return columns, None


def _group_option(columns: str | None, header: list[str]) -> tuple[str | None, str | None]:
    """``(the columns text without it, the group)`` of a ``group=`` part of
    ``columns`` that names no column of ``header`` (``group=Friday Club``:
    the group of every night of the sheet); ``(columns, None)`` when there
    is none."""
    parts = _parts(columns)
    for k, (left, right) in enumerate(parts):
        if left.lower() == "group" and right and not _match(header, right):
            rest = ",".join(f"{a}={b}" for j, (a, b) in enumerate(parts) if j != k)
            return rest or None, right
    return columns, None


def _session_option(columns: str | None, header: list[str]) -> tuple[str | None, str | None]:
    """``(the columns text without it, the session)`` of a ``session=`` part
    of ``columns`` that names no column of ``header`` (``session=Legion Post
    12 / 2026.12.01``: the stored session whose next hands the sheet's rows
    are, newuser30); ``(columns, None)`` when there is none.  A session's
    name may hold commas: the parts after ``session=NAME`` that hold no
    ``=`` are the rest of its name."""
    parts = [p for p in re.split(r",", nfc(columns or ""))]
    for k, part in enumerate(parts):
        left, eq, right = part.partition("=")
        if eq and left.strip().lower() == "session" and right.strip() and not _match(header, right.strip()):
            j = k + 1
            while j < len(parts) and "=" not in parts[j]:
                j += 1
            name = ",".join([right, *parts[k + 1:j]]).strip()
            rest = ",".join(p for p in parts[:k] + parts[j:] if p.strip())
            return rest or None, name
    return columns, None


def _header_under_groups(first: list[list[str]], filled: list[int]) -> int | None:
    """The place in ``filled`` (the indices of ``first``'s written rows) of a header under two rows or more of a
    title or of group headings (``Friday Club Sheepshead``, then ``Units`` or merged ``Hand`` / ``Running total``
    cells over the players): the first of the first four written rows that names two fields of a hand or more
    (:func:`guess_columns`), each row above it writing at most three cells, fewer than half the header's, and
    fewer fields (sheet32 F2: the title read as the header, and the advice was to add the Date column the header
    has; a group row of a merged 'Hand' over the units read as the header).  None when the first written row is
    the header, or no row reads so."""
    def written(row: list[str]) -> int:
        return sum(1 for c in row if c.strip())

    for j in range(len(filled[:4])):
        row = first[filled[j]]
        fields = guess_columns(row)
        if len(fields) < 2:
            continue
        if j == 0:
            return None  # the first written row is the header
        n = written(row)
        above = [first[filled[i]] for i in range(j)]
        if all(written(a) <= 3 and 2 * written(a) < n and len(guess_columns(a)) < len(fields) for a in above):
            return j
        return None
    return None


#: a group heading over a block of the players' running totals ('Running total', merged over their columns)
_RUNNING_GROUP = re.compile(r"(running\s+)?(totals?|standings?|sums?|running)|(gesamt|stand|summe)", re.IGNORECASE)


def _running_group(header: list[str], groups: list[list[str]]) -> list[str]:
    """``header`` with each cell under a group heading of running totals (:data:`_RUNNING_GROUP`; a merged cell's
    text is in its first column, so a heading spans its columns up to the next written cell of its row) that
    names a column already in the header to its left (the players' names again) written ``NAME total``: a
    player's running total, not read as units (:data:`_RUNNING_COLUMN`; sheet32 F2: 'Al' and 'Al' refused as one
    player's column twice).  The header itself when no cell is so."""
    out = list(header)
    for g in groups:
        heads = [k for k, c in enumerate(g) if c.strip()]
        for n, k in enumerate(heads):
            if not _RUNNING_GROUP.fullmatch(g[k].strip()):
                continue
            end = heads[n + 1] if n + 1 < len(heads) else len(out)
            for i in range(k, min(end, len(out))):
                name = out[i].strip()
                if name and name.casefold() in (c.strip().casefold() for c in out[:i]):
                    out[i] = f"{name} total"
    return out


def sheet_layout(first: list[list[str]], columns: str | None = None, path: str | None = None,
                 tab: str | None = None) -> Layout:
    """How a sheet's first rows (``first``) read, before its hands: the
    header, and the night's date of a sheet with no date column.

    * **A title row** (a spreadsheet's heading exported above the header:
      one cell written, ``Friday Night Sheepshead - Dec 4 2026,,,,``) whose
      next row reads as a header (it names the date, the picker, the points
      or another field) is no header: the header is that next row.  Blank
      rows above the header or the title are skipped (a table that starts
      at B3); ``first`` is the sheet's first rows (:data:`HEAD_ROWS`).
      So are a title and rows of group headings under it (``Units``, merged
      ``Hand`` / ``Running total`` cells: :func:`_header_under_groups`); the
      players' names again under a ``Running total`` heading are running
      totals, not read (:func:`_running_group`; sheet32 F2).
    * **The night's date.**  A score sheet with no date column is one night
      (one session): its date is ``--columns date=2026-12-04`` when given
      (no warning: the user said so), else the date in the title row, else
      in a row between it and the header (``Date: 2026-12-04``; verify32
      F6), else in the worksheet's name (``tab``, a workbook's sheet), else in the
      file name (:func:`ingest.csv_cells.date_in_text`), else a day without
      its year in one of them (``Dec 8``) in the first year written in the
      title, the sheet's name or the file name (``League 2026.xlsx``;
      Google Sheets names a sheet's CSV download ``League 2026 - Dec 8.csv``;
      :func:`ingest.csv_cells.day_in_text`),
      each said by a ``W-CSV-NIGHT`` warning at row 1.  A ledger of sitting
      totals needs its date column (each row is a sitting).

    Raises ``ValueError`` for ``columns`` that do not read
    (:func:`sheet_header`), and for a night's date given to a sheet that has
    a date column."""
    filled = [k for k, row in enumerate(first) if any(c.strip() for c in row)]  # blank rows above are no header
    header_row = filled[0] + 1 if filled else 1
    title_row = None
    under = _header_under_groups(first, filled)
    if under is not None:  # a title row and a group row ('Units', merged 'Running total') above it (sheet32 F2)
        title_row, header_row = filled[0], filled[under] + 1
    elif len(filled) > 1 and len([c for c in first[filled[0]] if c.strip()]) in (1, 2):  # a title, maybe its date
        below = guess_columns(first[filled[1]])
        if any(f in below for f in FIELDS) and not any(f in guess_columns(first[filled[0]]) for f in FIELDS):
            title_row, header_row = filled[0], filled[1] + 1  # a title row above the header (blank rows between)
    header = list(first[header_row - 1]) if first else []
    if under is not None:
        header = _running_group(header, [first[filled[i]] for i in range(under)])
    columns, session = _session_option(columns, header)  # its name may hold a comma: taken out first
    try:
        hand = _hand_column(header, first[header_row:], columns)
    except ValueError:
        hand = None  # --columns that do not read: said below
    if hand is not None:  # 'Game', 'Deal', 'Hand No.': a hand column by its cells (real25 F3)
        columns = f"{columns},hand={hand}" if columns else f"hand={hand}"
    try:
        buddy = _partner_column(header, first[header_row:], columns)
    except ValueError:
        buddy = None  # --columns that do not read: said below
    if buddy is not None:  # 'Buddy', 'Pard': the partner column by its cells, names of the header's players (real26 F2)
        columns = f"{columns},partner={buddy}" if columns else f"partner={buddy}"
    try:
        defp = _defense_player(header, first[header_row:], columns)
    except ValueError:
        defp = None  # --columns that do not read: said below
    if defp is not None:  # 'Def' a player named in the Picker/Partner cells, or units by its cells (break27b F4)
        part = f"{defp}={seat_label(defp)}"
        columns = f"{columns},{part}" if columns else part
    try:
        named = _word_players(header, first[header_row:], columns)
    except ValueError:
        named = []  # --columns that do not read: said below
    for c in named:  # 'Marks', 'Day': a player named in the Dealer/Picker cells, units by its cells (real31 F2)
        columns = f"{columns},player={c}" if columns else f"player={c}"
    columns, group = _group_option(columns, header)
    rest, night = _night_option(columns, header)
    cols = column_map(header, rest)
    if group is not None and "group" in cols:
        raise ValueError(f"group={group}: the sheet has a group column ({cols['group']}); a group given by name is "
                         "for a sheet without one")
    if session is not None and "session" in cols:
        raise ValueError(f"session={session}: the sheet has a session column ({cols['session']}); a session given "
                         "by name is for a sheet without one")
    if session is not None and not any(f in cols for f in HAND_FIELDS):
        raise ValueError(f"session={session}: the sheet is a ledger of sitting totals (no hand column); a stored "
                         "session is continued by a per-hand score sheet")
    if "date" in cols:
        if night is not None:
            raise ValueError(f"date={night}: the sheet has a date column ({cols['date']}); a night's date is for a "
                             "sheet without one")
        return Layout(header_row, header, columns, group=group, session=session)
    if not any(f in cols for f in HAND_FIELDS):
        if night is not None:  # sheetx34 F6: said "no column '2026-12-05' in the header"
            raise ValueError(f"date={night}: a night's date is for a per-hand score sheet without a date column (a "
                             "Hand, Picker or Points column, one column a player); this header names no hand's "
                             "field: a ledger of sitting totals needs a date column, each row a sitting's date")
        return Layout(header_row, header, columns, group=group)  # a ledger (or no sheet): its date column is missing
    notes: list[Diagnostic] = []
    why = None
    year = None
    settled = None  # (the order, the row of the title that settles it) of a sheet's titles (break24b F7)
    guessed = None  # (text, where, the month-first reading) of a dotted date read day first, no title settling it
    if night is None:
        order = date_order_option(columns)
        title = " ".join(c.strip() for c in first[title_row] if c.strip()) if title_row is not None else ""
        # the rows between the title and the header (a date row, 'Date: 2026-12-04', under the title: verify32 F6;
        # a group row 'Units' names no date), read after the title: row -> its text
        between = {k + 1: text for k in range(title_row + 1, header_row - 1) if (text := " ".join(
            c.strip() for c in first[k] if c.strip()))} if title_row is not None else {}
        heads = [t for t in (title, *between.values()) if t]
        if order is None and any(date_in_text(t)[1] or (  # the title's date (or its day: break24c F7)
                date_in_text(t)[0] is None and day_in_text(t, "2000")[1]) for t in heads):  # reads two ways: the
            settled = _titles_order(first, header_row)  # other nights' titles may write one that reads one way only
            order = settled[0] if settled else None
        stem = PurePath(file_of(path, tab)).stem if path else ""
        fname = f"the file name ({PurePath(file_of(path, tab) or '').name!r})"
        rows_at = {f"the title row ({title[:60]!r})": title_row + 1 if title_row is not None else 1}
        rows_at.update({f"row {row_words(k)} above the header ({t[:60]!r})": k for k, t in between.items()})
        texts = [title, *between.values()]
        places = [*zip(texts, rows_at), (tab or "", f"the sheet's name ({tab!r})"), (stem, fname)]
        if " - " in stem:  # "<workbook> - <sheet>": a spreadsheet's CSV download of one sheet ("League 2026 - 22.12.")
            places.append((stem.rsplit(" - ", 1)[1], fname))
        said = ""
        for text, where in places:
            got, why_here = date_in_text(text, order) if text else (None, None)
            if got is not None:
                night, said = got, f"the date in {where}"
                if order is None and date_in_text(text, "mdy")[0] not in (None, got):  # '03.12.2026': either way
                    guessed = (text, where, date_in_text(text, "mdy")[0])
                break
            why = why or (f"the date in {where} reads two ways: {why_here}" if why_here else None)
        # a day without its year ("Dec 8", a workbook's sheet) in the year written beside it ("League 2026.xlsx")
        year = next(((y, where) for text, where in places if (y := year_in_text(text))), None)
        if night is None and year is None:
            day = next(((text, where) for text, where in places if text and day_in_text(text, "2000")[0]), None)
            season = next((got for text, _ in places if (got := season_in_text(text))), None)
            if day is not None:
                why = why or (f"{day[1]} names a day but no year" + (
                    f" (the season {season!r} spans two years)" if season else "")
                    + ": put the year in the file name (League 2026.xlsx), in the sheet's name or in a title row")
        for text, where in places if night is None and year is not None else ():
            got, why_here = day_in_text(text, year[0], order) if text else (None, None)
            if got is not None:
                night, said = got, f"the day in {where}" + (f", of the year in {year[1]}" if year[1] != where else "")
                if order is None and day_in_text(text, year[0], "mdy")[0] not in (None, got):  # '03.12.' either way
                    guessed = (text, where, day_in_text(text, year[0], "mdy")[0])
                break
            why = why or (f"the day in {where} reads two ways: {why_here}" if why_here else None)
        for text, where in zip(texts, rows_at) if night is None and why is None else ():
            if bad := re.search(r"\d{1,4}[-/._]\d{1,2}[-/._]\d{1,4}", text):
                # a title whose date reads neither way ('31.31.2026'): named, not "no date column" alone (break26
                # F4); so is a date row's under the title (verify32 F6)
                why = f"{where} writes {bad.group(0)!r}, which is no date read day first nor month first"
                break
        if guessed is not None and (settled := _titles_order(first, header_row)) is not None:
            # a later title that reads one way only ('19.11.2026') settles the order: no guess (break24c F8)
            if settled[0] == "mdy":
                night = guessed[2]
            guessed = None
        if night is not None:
            if settled:
                said += (f", read {'month' if settled[0] == 'mdy' else 'day'} first as the title at row "
                         f"{row_words(settled[1])} ({settled[2][:60]!r}) can only be read")
            notes.append(Diagnostic(
                "W-CSV-NIGHT", f"the sheet has no date column: every hand is of {night}, {said} "
                f"(--columns date=YYYY-MM-DD gives another)", "warning", file=path, line=1, col=1))
            if guessed is not None:  # break24c F8: read day first without a word, as a Date cell's order is said
                text, where, other = guessed
                at = rows_at.get(where, 1)
                notes.append(Diagnostic(
                    "W-CSV-DATE-ORDER", (f"row {row_words(at)}: " if at > 1 or title_row is not None else "")
                    + f"the date in {where} reads either way: read day first (written with dots, as a European "
                    f"date), {night}, not month first, {other}, and no other title of the sheet settles the order; "
                    "if it is month first, ingest it with --columns date-order=mdy", "warning", file=path, line=at,
                    col=1, found=text[:80], expected=night))
    if night is None:
        return Layout(header_row, header, columns, why=why, group=group, session=session)
    if settled is None and night is not None and title_row is not None and date_order_option(columns) is None:
        # the first title's date reads one way only ('11/19/2026'): the later titles read in its order (break25 F4:
        # '12/03/2026' below it was refused as reading either way)
        settled = _titles_order(first, title_row)
    if settled and night is not None:  # the later titles read in that order too
        rest = ",".join(filter(None, (rest, f"date-order={settled[0]}")))
    return Layout(header_row, [*header, NIGHT_COLUMN], ",".join(filter(None, (rest, f"date={NIGHT_COLUMN}"))),
                  night, tuple(notes), group=group, year=year[0] if year else night[:4], session=session)


def _titles_order(first: list[list[str]], header_row: int) -> tuple[str, int, str] | None:
    """``(order, row, title)``: the order of day and month (``mdy``,
    ``dmy``) that a later night's title among a sheet's first rows settles
    (``11/19/2026`` can only be month first), as the dates of a Date column
    settle theirs, or None when none does or two settle it each their way.
    A sheet of nights whose first title read two ways (``11/12/2026``) was
    refused whole, though its next title settled it (break24b F7)."""
    got = None
    for k in range(header_row, len(first)):
        written = [c.strip() for c in first[k] if c.strip()]
        if not 1 <= len(written) <= 2:
            continue
        text = " ".join(written)
        ways = [o for o in ("mdy", "dmy") if date_in_text(text, o)[0] is not None]
        read = date_in_text(text)[0]
        if not ways and year_in_text(text):  # a day with the year apart ("League 2026 - Round 2 - 11/19")
            ways = [o for o in ("mdy", "dmy") if day_in_text(text, "2000", o)[0] is not None]
            read = day_in_text(text, "2000")[0]
        if len(ways) == 1 and read is not None and re.search(r"\d[/.\-]\d", text):
            if got is not None and got[0] != ways[0]:
                return None
            got = got or (ways[0], k + 1, text)
    return got


def _body(rows, layout: Layout) -> Iterator[tuple[int, list[str]]]:
    """A sheet's data rows ``(row number, cells)`` from ``rows`` (``(row
    number, cells)`` from row 2 on): the rows after the header, the first
    row with a cell written given the night's date in :data:`NIGHT_COLUMN`
    (the rows after it take it as a blank date cell does: the same night)."""
    width = len(layout.header) - 1
    dated = layout.night is None
    stake = stake_option(layout.columns)
    money = []
    if stake is not None:  # --columns stake=0.25: the player cells are money, each read as units (sheet18 F5)
        _cols, players, _names = sheet_header(layout.header, layout.columns)
        money = [i for i, c in enumerate(layout.header) if c in players]
    for r, row in rows:
        if r <= layout.header_row:
            continue
        if (night := getattr(row, "night", None)) is not None:  # a night's block of its own (_night_blocks)
            row = [*row[:width], *[""] * (width - len(row)), night, *row[width:]]
            dated = True
        elif not dated and any(c.strip() for c in row):
            row = [*row[:width], *[""] * (width - len(row)), layout.night, *row[width:]]
            dated = True
        elif layout.night is not None and len(row) > width:  # cells beyond the header: after the night's cell, as in
            row = [*row[:width], "", *row[width:]]  # its first row (break23 F6: the first such cell was read as a date)
        yield r, (money_units(row, money, stake) if money else row)


class MoneyRow(list):
    """A money sheet's row read as units (:func:`money_units`), with its
    cells as ``written`` and the ``stake`` they were read at."""

    written: list[str]
    stake: Fraction


def money_like(amount: Fraction, like: str) -> str:
    """``amount`` written as the money cell ``like`` writes its own: its
    currency sign where it stands, its decimal separator and decimals
    (``3/4`` like ``$1.00``: ``$0.75``; like ``-1,00 €``: ``0,75 €``)."""
    t = like.strip()
    digits = [i for i, c in enumerate(t) if c.isdigit()]
    if not digits:
        return f"{float(amount):g}"
    if "¢" in t:
        amount *= 100
    head = re.sub(r"[-+()\u2212\u2013\s]", "", t[:digits[0]])
    tail = re.sub(r"[()]", "", t[digits[-1] + 1:]).rstrip()
    body = t[digits[0]:digits[-1] + 1]
    m = re.search(r"([.,])(\d{1,2})$", body)
    sep, places = (m.group(1), len(m.group(2))) if m else (".", 0)
    places = max(places, 0 if amount.denominator == 1 else 2)
    number = f"{float(abs(amount)):.{places}f}".replace(".", sep)
    return f"{'-' if amount < 0 else ''}{head}{number}{tail}"


def money_units(row: list[str], money: list[int], stake: Fraction) -> list[str]:
    """``row`` with each cell of the columns ``money`` (a money sheet's
    player columns, ``--columns stake=``) read as units at ``stake`` a unit
    (``$0.50`` at 0.25: ``"2"``; Accounting's ``$ -``: ``"0"``); a dash
    (:data:`NOTHING`) stays, a blank; a cell that is no whole number of units, or no amount of money
    (``2*``: sheetx34 F4, it was said to be no whole number of units), keeps its text with why, and is refused
    with its row (``E-CSV-UNITS``).
    The row is a :class:`MoneyRow`: its cells as written are kept, for a
    Total row's warning to name them.  Raises nothing."""
    written = row
    row = MoneyRow(row)
    row.written, row.stake = list(written), stake
    for i in money:
        if i < len(row) and row[i].strip() and row[i].strip() not in NOTHING:
            v = money_value(row[i])
            if v is not None and (v / stake).denominator == 1:
                row[i] = str(int(v / stake))
            elif v is not None:  # refused with its row (E-CSV-UNITS), saying why
                row[i] = f"{row[i].strip()} (not a whole number of units at {float(stake):g} a unit)"
            else:
                row[i] = f"{row[i].strip()} (not an amount of money, read at {float(stake):g} a unit)"
    return row


#: the why :func:`money_units` writes after a money cell that is no whole number of units: ``(cell as written, why)``
_MONEY_WHY = re.compile(r"(.*) (\((?:not a whole number of units at|not an amount of money, read at) \S+ a unit\))",
                        re.S)


def _as_written(cell: str) -> str:
    """A player cell as the sheet writes it, without the why :func:`money_units` added (:data:`_MONEY_WHY`)."""
    m = _MONEY_WHY.fullmatch(cell)
    return cell if m is None else m.group(1)


def _money_cell(rows, layout: Layout, again=None) -> tuple[int, int, str, str | None] | None:
    """The first player cell ``(row, column, text, stray)`` of ``rows``
    (``(row number, cells)``) that writes a currency sign, or the first of a
    row's two or more fractions (``0.50``, ``-0.25``), when ``layout`` gives
    no ``stake``: a money sheet read as units would store a quarter's row of
    whole dollars at four times its units; None otherwise.  ``stray``: the
    header of a currency cell's column when ``again()`` (the same rows from
    the start; read only when money is found) shows it the sheet's one column
    of money, every row's other player cells whole and summing to 0 without
    it, not all 0 (rules.md B-33): a Tip column of no player's units, to
    leave out (verify31, fixj31); else None."""
    if stake_option(layout.columns) is not None:
        return None
    try:
        _cols, players, _names = sheet_header(layout.header, layout.columns)
    except ValueError:
        return None
    idx = [i for i, c in enumerate(layout.header) if c in players]
    for r, row in rows:
        if r <= layout.header_row:
            continue
        fractions = []
        for i in idx:
            if i < len(row) and money_value(row[i]) is not None:
                if _MONEY_SIGN.search(row[i]):
                    return r, i + 1, row[i], _money_column(again, layout, idx, i)
                if is_fraction(row[i]):
                    fractions.append(i)
        if len(fractions) >= 2:  # units are whole (rules.md B-31): one fraction is a typo refused with its row,
            i = fractions[0]     # two in a row are a sheet kept in money
            return r, i + 1, row[i], None
    return None


def _money_column(again, layout: Layout, idx: list[int], col: int) -> str | None:
    """Column ``col``'s header when, on every row of ``again()`` (``(row
    number, cells)`` from the start; None: not known), the player columns
    ``idx`` but ``col`` are blank or whole numbers summing to 0, and not all
    0 (:func:`_money_cell`'s stray column); else None."""
    if again is None:
        return None
    moved = False
    for r, row in again():
        if r <= layout.header_row:
            continue
        units = [whole_units(row[i].strip()) if i < len(row) and row[i].strip() else 0 for i in idx if i != col]
        if None in units or sum(units) != 0:
            return None
        moved = moved or any(units)
    return layout.header[col].strip() if moved else None


def _money_error(found: tuple[int, int, str, str | None], path: str | None) -> Diagnostic:
    """``E-CSV-MONEY`` at a money cell (a currency sign, or a fraction) of a
    sheet read without its stake; its column named first to be left out when
    :func:`_money_cell` found it the one stray column."""
    r, c, text, stray = found
    what = "money" if _MONEY_SIGN.search(text) else "a fraction (units are whole, rules.md B-31): money?"
    first = (f"; the column {stray!r} is the only one holding money, and the other player columns sum to 0 on every "
             "row without it (each hand sums to zero, rules.md B-33): it is no player's units; leave it out with "
             f"--columns ignore={stray}; if the sheet is kept in money instead" if stray else "")
    return Diagnostic("E-CSV-MONEY", f"row {row_words(r)}: the player cell {text.strip()!r} is {what}, and a sheet's "
                      f"player cells are read as units{first}: give the money one unit is worth, e.g. --columns "
                      "stake=0.25 (a quarter a point; on the Import page: stake=0.25 in the columns box); nothing of "
                      "this sheet is read without " + ("one of them" if stray else "it"), file=path, line=r, col=c,
                      found=text, expected="units, or stake=VALUE" + (f", or ignore={stray}" if stray else ""))


def looks_like_csv(name: str, data: bytes) -> bool:
    """True for a ``.csv`` or ``.tsv`` file name, or a first line with at
    least two commas, semicolons or tabs (a spreadsheet's "Text (Tab
    delimited)" or "Unicode Text" export) and no SHN marker."""
    if name.lower().endswith((".csv", ".tsv")):
        return True
    if data.startswith(b"PK\x03\x04"):  # a zip archive (an .xlsx workbook, ingest.xlsx_sheet) is no CSV text
        return False
    first = data[:2048].split(b"\n", 1)[0]
    return not first.lstrip().startswith(b"%SHN") and (first.count(b",") >= 2 or first.count(b";") >= 2
                                                        or first.count(b"\t") >= 2)


@dataclass(slots=True)
class SheetBatch(ShnFile):
    """One batch of a sheet read in batches (:func:`read_csv_stream`):
    ``night_totals``, each night whose own Total row was read in this batch
    (session -> player name -> units), for the store to check the night's
    stored units against (``session_checks``), as the sheet read whole does
    (break24c F9: read in batches, no Total row was kept)."""

    night_totals: dict[str, dict[str, int]] | None = None
    #: called with the batch's validated result (a FileResult) before it is stored: its ``W-CSV-TOTALS`` over rows
    #: refused in it or in a batch before are said without them, as the sheet read whole says them (break28 F7)
    judged: Callable | None = None


class _Refusals:
    """The refused hands of a batch and of the row above it (:func:`_doubled_hint` reads ``rejected``)."""

    __slots__ = ("rejected",)

    def __init__(self, rejected: list) -> None:
        self.rejected = rejected


def read_csv_stream(path: str | PurePath, name: str | None = None, *, columns: str | None = None,
                    rules: str | None = None, stored_session=None,
                    batch: int = 2000) -> tuple[CsvResult, Iterator[ShnFile]] | None:
    """A CSV score sheet on disk read in bounded memory (issue 15): ``(sheet,
    batches)``, ``sheet`` the :class:`CsvResult` of its header (kind,
    columns, players; no hands) and ``batches`` the :class:`ShnFile` of each
    ``batch`` hand records in row order (:func:`sheet_records`: the records
    :func:`read_csv` validates, with the same rows, columns and errors), to
    validate and store batch by batch.  Rows are read one by one from the
    file (UTF-8, a BOM and undecodable bytes as :func:`read_csv` takes
    them; the dialect sniffed from the first 4 KB); the file is opened when
    the first batch is asked for — read once for the order of its dates
    (:func:`_order_of`; its warning comes with the first batch), then row by
    row — and closed after the last.  A totals row's warnings come with the
    batch read when it was reached.  None when the
    file is not a score sheet whose header reads (a ledger, no header, no
    date column, a bad ``columns``): :func:`read_csv` reads those whole and
    says why.  ``name`` (default ``path``) names the file in diagnostics.
    Raises ``OSError``."""
    name = str(path) if name is None else name
    given_columns = columns

    def opened():
        return open_csv(path, name)

    fh, reader, header = opened()
    with fh:
        first = [header, *islice(read_rows(reader, name, []), HEAD_ROWS - 1)] if header is not None else []
    if not any(c.strip() for row in first for c in row) or _shead_export(first[0]):
        return None  # (shead's own CSV export: read_csv says what it is)
    try:
        layout, cols, players, names = _read_header(sheet_layout(first, columns, name), rules)  # (break22b F2)
        if (night := _named_night(layout, cols, first, stored_session)) is not None and "pot" not in cols \
                and (rules is None or same_meaning(rules, night.rules)) and night.rules:
            # read under the continued night's rules, as read_table does (fix30 F1)
            layout, cols, players, names = _read_header(sheet_layout(first, columns, name), night.rules)
        header, columns = layout.header, layout.columns
    except ValueError:
        return None
    if "date" not in cols or not any(f in cols for f in HAND_FIELDS) or not players:
        return None  # (no player column: read_csv says so, real24 F3)
    if _names_below(layout, players, first, name) is not None:
        return None  # a header of two rows: read_csv says so (break27 F4)
    index = {c: i for i, c in enumerate(header)}
    if _short_table(rules, players, layout.header_row, name, cols, index, first[layout.header_row:]) is not None:
        return None  # fewer player columns than the rules seat: read_csv says so (real27b F3)
    out = CsvResult("score-sheet", cols, players, FileResult(path=name), names=names, header_row=layout.header_row,
                    running=running_option(columns), group=layout.group, given_columns=given_columns,
                    given_rules=rules)
    ignored = _ignored_note(cols, header, given_columns, layout.header_row, name)
    # a sheet that finishes a stored night (newuser30): refused whole, as read whole, when it cannot
    refusal, rules = _continuation(out, _named_session(layout, cols, index, numbered(first, layout.header_row + 1)),
                                   stored_session, rules, name, layout.header_row, index)

    def batches() -> Iterator[ShnFile]:
        if refusal is not None:
            yield ShnFile([], [*ignored, refusal, *out.result.errors], path=name)
            return
        fh, reader, _header = opened()
        night_notes = list(layout.notes)  # the night's date said as the rows read: of the first night alone when the
        with fh:  # sheet keeps another below (real24 F1).  A first pass for the order of the dates (nothing kept but
            _order_of(out, _feed_dealers(out, _body(_night_blocks(numbered_stream(reader, read_rows(reader, name, [])),
                                                                  layout, name, night_notes), layout), index), index,
                      # its evidence; each night's dealers, for its seating: real27 F1)
                      reader.dialect.delimiter, columns, name)
        def again() -> Iterator[tuple[int, list[str]]]:  # the rows again, for a stray money column (E-CSV-MONEY)
            fh, reader, _header = opened()
            with fh:
                yield from numbered_stream(reader, read_rows(reader, name, []))

        fh, reader, _header = opened()
        with fh:  # and for money written without its stake (E-CSV-MONEY: nothing read)
            money = _money_cell(numbered_stream(reader, read_rows(reader, name, [])), layout, again)
        if money is not None:
            yield ShnFile([], [_money_error(money, name)], path=name)
            return
        fh, reader, _header = opened()
        with fh:  # and for rows sorted newest first, which a sheet read in batches cannot turn (break22b F1)
            newest = _newest_first(out, _body(numbered_stream(reader, read_rows(reader, name, [])), layout), index)
        if newest is not None:
            yield ShnFile([], [Diagnostic(
                "E-CSV-NEWEST-FIRST", f"rows {row_words(newest[0])}-{row_words(newest[1])} go from the newest "
                "timestamp to the oldest (responses sorted newest first), and a sheet this large is read in order, in "
                "batches: sort it oldest first (the timestamp column ascending) and ingest it again; nothing read",
                file=name, line=newest[0], col=newest[2] + 1,
                found=f"{newest[3]:%Y-%m-%d %H:%M} above {newest[4]:%Y-%m-%d %H:%M}",
                expected="the oldest row first")], path=name)
            return
        notes = [d for d in out.result.errors if d.code in ("W-CSV-DATE-ORDER", "W-CSV-SESSION")]  # said with the
        notes += ignored  # first batch, as are the columns not read
        notes += night_notes[:len(layout.notes)]  # where the night's date of a sheet without a date column was read
        notes += [d.at(*_file_cell(path, d.line, d.col))  # a Windows-1252 export: said with the first batch too
                  for d in csv_encoding.note_file(path, name)]
        blocks: dict[int, int] = {}  # each totals row -> the totals row before it (its W-CSV-TOTALS's rows)
        seen: dict[int, tuple] = {}  # the rows read and not yet judged: line -> (row number as said, cells)
        refused: dict[int, str] = {}  # the rows refused so far (line -> code), and their cells in ``kept``
        kept: dict[int, tuple] = {}

        def keep(rows):
            for r, row in rows:
                seen[int(r)] = (r, row)
                yield r, row

        # left33 F2: the whole file's checks over the batches, as the sheet read whole makes them (_score_sheet):
        # each W-CSV-SEATS is held to the last batch, left out when its night's rows are refused as a sit-out table
        # (_sit_out_seats); a doubler refused at a batch's last row still names itself to the E-SCORE below it
        # (_doubled_hint); a season pad's carried nights are decided before any row is read (carry_decided)
        seat_notes: list[Diagnostic] = []  # the W-CSV-SEATS read so far, each with its night
        seat_night: dict[int, str | None] = {}
        sat: set[str] = set()  # the nights refused as a sit-out table (SIT_OUT_WORDS)
        tail: list = []  # the last record of the batch before and its refusal (None: stored)
        carry_hints: dict[int, str] = {}

        def judged(res, records: list | None = None, last: bool = False) -> None:
            # a batch validated: its Total rows' warnings leave the refused rows out (break28 F7)
            now = _refused_of(res)
            refused.update(now)
            kept.update((x, seen[x]) for x in now if x in seen)
            top = max((int(h.source_line) for h in res.hands), default=0)
            top = max([top, *now])
            for x in [x for x in seen if x <= top]:
                del seen[x]
            if refused and any(d.code == "W-CSV-TOTALS" for d in res.errors):
                res.errors[:] = _refused_in_totals(res.errors, blocks, refused, kept, index, out.players, name)
            records = records or []
            night = {rec.line: rec.session.tags.get("Session") for rec in records}
            sat.update(night.get(b.source_line) for b in res.rejected if b.errors and b.errors[0].code == "E-CSV-SEAT"
                       and SIT_OUT_WORDS in b.errors[0].message)
            _doubled_hint(_Refusals(tail[1:] + res.rejected), tail[:1] + records)
            for b in res.rejected:
                if b.errors and int(b.source_line) in carry_hints:
                    _hint(b, carry_hints[int(b.source_line)])
            if records:
                at = {b.source_line: b for b in res.rejected if b.source_line == records[-1].line}
                tail[:] = [records[-1], *([at[records[-1].line]] if at else [])]
            if last:
                sat.discard(None)
                res.errors.extend(d for d in seat_notes if seat_night.get(d.line) not in sat)

        def again_rows():  # the rows as the pass below reads them, for a sheet sent again (fixm30)
            fh, reader, _header = opened()
            with fh:
                yield from _stream_headers(_body(_night_blocks(numbered_stream(reader, read_rows(reader, name, [])),
                                                               layout, name, []), layout), layout, cols, index, name,
                                           [], out.players)

        resent_start(out, again_rows, index, name, rules or "wi5-called-ace", stored_session)
        if out.running:  # a season pad's nights carried over from the night above (sheet32 F5), as read whole
            out.carry_rows, carried, hints = carry_decided(out, again_rows, index, name, rules or "wi5-called-ace",
                                                           stored_session)
            notes += carried
            carry_hints.update(hints)
        fh, reader, _header = opened()
        with fh:
            got: list[HandRecord] = []
            bad: list[Diagnostic] = []  # a line csv cannot read: said with the last batch
            nights: list[tuple[str, dict[str, int]]] = []  # the nights' own Total rows read since the last batch
            rows = keep(_stream_headers(_body(_night_blocks(numbered_stream(reader, read_rows(reader, name, bad)),
                                                            layout, name, notes), layout), layout, cols, index, name,
                                        notes, out.players))
            full = False  # a batch is yielded once the next record is read: a Total row below its last hand is its
            for rec in sheet_records(out, rows, index, name, rules or "wi5-called-ace", stored_session, notes,
                                     nights=nights, blocks=blocks):
                if any(d.code == "W-CSV-SEATS" for d in notes):  # held to the last batch (left33 F2)
                    for d in notes:
                        if d.code == "W-CSV-SEATS":
                            seat_notes.append(d)
                            seat_night[d.line] = rec.session.tags.get("Session") if d.line == rec.line else None
                    notes[:] = [d for d in notes if d.code != "W-CSV-SEATS"]
                if full:
                    yield SheetBatch(got, list(notes), path=name, night_totals=dict(nights) or None,
                                     judged=partial(judged, records=got))
                    got = []
                    notes.clear()
                    nights.clear()
                got.append(rec)
                full = len(got) >= batch
            if got or bad or notes or nights or seat_notes:
                yield SheetBatch(got, bad + notes, path=name, night_totals=dict(nights) or None,
                                 judged=partial(judged, records=got, last=True))

    return out, batches()


def open_csv(path: str | PurePath, name: str | None = None):
    """A CSV file on disk opened as :func:`read_csv` reads data (UTF-8, a BOM
    dropped, a byte that is not UTF-8 read as Windows-1252
    (:mod:`ingest.csv_encoding`), lines split as the csv module
    asks, the dialect sniffed from the first 4,096 characters): ``(file,
    reader, header row or None)``; the caller closes the file.  Raises
    ``OSError``."""
    fh = open(path, encoding="utf-8-sig", errors=csv_encoding.ERRORS, newline="")
    allow_cells(os.fstat(fh.fileno()).st_size)  # no cell of the file over the csv module's limit (break33 F6)
    sample = fh.read(4096)
    fh.seek(0)
    dialect = _sniff(sample)
    reader = QuotedReader(fh, dialect, str(path) if name is None else name)
    return fh, reader, next(read_rows(reader, str(path) if name is None else name, []), None)


#: an opening quote read as a plain character (E-CSV-QUOTE) stands as this while the csv module splits its line
_PLAIN_QUOTE = "\ue000"
#: the most a quoted cell over lines holds before its quote is read as never closed (E-CSV-QUOTE; the csv
#: module's default limit on a cell)
_QUOTED_MOST = 131072


def allow_cells(size: int) -> None:
    """Raise the csv module's limit on a cell (``csv.field_size_limit``, by
    default 131,072 characters) to ``size``, the characters or bytes of
    the file about to be read, so that no cell of it is over the limit:
    a long note on one line is read as the cell it is, and the rows after
    it are read (break33 F6).  The limit only grows (it is the process's);
    a line is held whole before the csv module splits it either way, so
    memory is bounded by the file's longest line, not by this limit."""
    if size >= csv.field_size_limit():
        csv.field_size_limit(min(size + 1, 2**31 - 1))


def _quote_state(line: str, delim: str, quote: str, skip_space: bool, doubled: bool,
                 inside: bool = False) -> tuple[bool, int, int]:
    """How ``line`` leaves a quoted cell, read as the csv module reads it (a
    quote opens a cell only as its first character; ``""`` inside is one
    quote; after the closing quote the cell goes on to the delimiter):
    ``(inside a quoted cell at the line's end, where the last quote that
    opened a cell is (-1: before the line), the cell it opens (0-based))``.
    ``inside``: the line starts inside a quoted cell."""
    return _walk(line, delim, quote, skip_space, doubled, inside, 0, len(line))[:3]


def _cell_walk(line: str, dialect, inside: bool, cell: int, stop: int | None = None) -> tuple[bool, int]:
    """``(inside a quoted cell, the cell (0-based))`` after ``line[:stop]``
    (the whole line when ``stop`` is None), read as :func:`_quote_state`
    reads it, from ``inside`` and ``cell`` where the line starts."""
    got = _walk(line, dialect.delimiter, dialect.quotechar, dialect.skipinitialspace, dialect.doublequote, inside,
                cell, len(line) if stop is None else min(stop, len(line)))
    return got[0], got[3]


def _walk(line: str, delim: str, quote: str, skip_space: bool, doubled: bool, inside: bool, cell: int,
          n: int) -> tuple[bool, int, int, int]:
    """The one reading of a line's quotes behind :func:`_quote_state` and
    :func:`_cell_walk`: ``line[:n]`` from ``inside`` and ``cell``; returns
    ``(inside, the last opening quote's index or -1, the cell it opened,
    the cell reached)``."""
    at_start, opened, opened_cell, i = not inside, -1, 0, 0
    while i < n:
        ch = line[i]
        if inside:
            if ch == quote:
                if doubled and i + 1 < len(line) and line[i + 1] == quote:
                    i += 2
                    continue
                inside = False
        elif ch == delim:
            at_start = True
            cell += 1
        elif ch == quote and at_start:
            inside, at_start, opened, opened_cell = True, False, i, cell
        elif not (skip_space and ch == " " and at_start) and ch not in "\r\n":
            at_start = False
        i += 1
    return inside, opened, opened_cell, cell


def cell_columns(text: str, where: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """``where`` (``(line, character column)`` of a CSV sheet's ``text``, from
    1) as ``(line, cell column)``: the column every message of a sheet gives
    (real23b F8: a W-NUL was at the 38th character of its line, the row's
    other messages at its 15th cell).  A line inside a quoted cell (a note
    typed with Enter) is in that cell."""
    if not where:
        return where
    dialect = _sniff(text[:4096])
    want: dict[int, list[int]] = {}
    for ln, col in where:
        want.setdefault(ln, []).append(col)
    got: dict[tuple[int, int], int] = {}
    inside, cell, last = False, 0, max(want)
    for ln, line in enumerate(text.split("\n"), 1):
        if ln > last:
            break
        if not inside:
            cell = 0
        for col in want.get(ln, ()):
            got[ln, col] = _cell_walk(line, dialect, inside, cell, col - 1)[1] + 1
        inside, cell = _cell_walk(line, dialect, inside, cell)
    return [(ln, got.get((ln, col), col)) for ln, col in where]


def _file_cell(path, line: int, col: int) -> tuple[int, int]:
    """:func:`cell_columns` of one place of a CSV file on disk (read up to its line)."""
    with open(path, encoding="utf-8-sig", errors=csv_encoding.ERRORS, newline="") as fh:
        head = "".join(islice(fh, line))
    return cell_columns(head.replace("\r\n", "\n").replace("\r", "\n"), [(line, col)])[0]


def _closes_into_row(line: str, held: list[str], nxt: str, dialect, width: int) -> bool:
    """Whether the quoted cell opened on ``line`` (continued on ``held``)
    closes on ``nxt``, the record then ending there with ``width`` cells
    (the header's): a well-formed row, its cell holding line breaks."""
    if _quote_state(nxt, dialect.delimiter, dialect.quotechar, dialect.skipinitialspace, dialect.doublequote,
                    True)[0]:
        return False
    try:
        cells = list(csv.reader(io.StringIO("".join([line, *held, nxt]), newline=""), dialect))
    except csv.Error:
        return False
    return len(cells) == 1 and len(cells[0]) == width


class QuotedReader:
    """A ``csv.reader`` over ``lines`` (a file or a ``StringIO`` opened with
    ``newline=""``) that does not let a quote left open swallow the rows
    after it (break23 F1): a quoted cell that runs to the end of the file,
    over a line that reads as a row of the sheet (as many delimiters as the
    header; or its first cell the same as the quote's row's: the next hand
    of the night), or past the csv module's limit on a cell, is an
    ``E-CSV-QUOTE`` error at the quote (row, cell), and its line is read
    with that quote as a plain character, the lines after it as rows.  A
    quoted cell closed before such a line holds its line breaks (a note
    typed with Enter).  Rows as the csv module's reader gives them; the
    errors in ``errors`` (:func:`read_rows` hands them on)."""

    def __init__(self, lines, dialect, path: str | None) -> None:
        self.dialect = dialect
        self.path = path
        self.errors: list[Diagnostic] = []
        self.plain = False  # a quote was read as a plain character: its cells are mended (read_rows)
        self._lines = iter(lines)
        self._back: list[str] = []  # lines read ahead, to read again (last first)
        self._through: list[str] = []  # the lines of a quoted cell that closes, given to the csv module as they are
        self._row = 0  # the records begun (the sheet's rows)
        self._line = 0  # the file's lines
        self.start = 0  # the file's line the last record begun starts on (its row's position: :class:`Row`)
        self._need: int | None = None  # the delimiters of the header (the first line with two or more)
        self._quoting = dialect.quoting != csv.QUOTE_NONE and bool(dialect.quotechar)
        self.reader = csv.reader(iter(self._feed, None), dialect)

    @property
    def line_num(self) -> int:
        return self.reader.line_num

    def __iter__(self):
        return self.reader

    def _next(self) -> str | None:
        if self._back:
            return self._back.pop()
        return next(self._lines, None)

    def _feed(self) -> str | None:  # the csv module's next line (None: no more)
        if self._through:
            self._line += 1
            return self._through.pop()
        line = self._next()
        if line is None:
            return None
        self._line += 1
        self._row += 1
        self.start = self._line
        d = self.dialect
        if not self._quoting or d.quotechar not in line:
            if self._need is None and line.count(d.delimiter) >= 2:
                self._need = line.count(d.delimiter)
            return line
        inside, at, cell = _quote_state(line, d.delimiter, d.quotechar, d.skipinitialspace, d.doublequote)
        if not inside:
            if self._need is None and line.count(d.delimiter) >= 2:
                self._need = line.count(d.delimiter)
            return line
        first = line.split(d.delimiter, 1)[0].strip()
        held: list[str] = []
        size = len(line)
        why = None
        while inside:
            nxt = self._next()
            if nxt is None:
                why = "before the end of the file"
            elif size + len(nxt) > _QUOTED_MOST:
                why = f"within {_QUOTED_MOST:,} characters"
            elif ((k := nxt.count(d.delimiter)) >= max(3, self._need or 0) or (
                    k >= 2 and first and nxt.split(d.delimiter, 1)[0].strip() == first)) and not (
                    self._need is not None and _closes_into_row(line, held, nxt, d, self._need + 1)):
                # (a note typed with Enter whose quote closes on that line into a row of the header's width is
                # read as written, whatever its second line holds: real23b F4)
                why = (f"before row {row_said(self._row + len(held) + 1, self._line + len(held) + 1)}, which "
                       f"reads as a row of the sheet ({nxt.strip()[:40]!r})")
            if why is not None:
                if nxt is not None:
                    held.append(nxt)
                break
            held.append(nxt)
            size += len(nxt)
            inside = _quote_state(nxt, d.delimiter, d.quotechar, d.skipinitialspace, d.doublequote, True)[0]
        if why is None:  # a quoted cell over lines, closed: one row
            self._through = held[::-1]
            return line
        text = line[at:].rstrip("\r\n")
        self.errors.append(Diagnostic(
            "E-CSV-QUOTE", f"row {row_said(self._row, self._line)}: the quote opening this cell ({text[:40]!r}) "
            f"is not closed {why}: the quote is read as a plain character and the lines after it as rows; if the "
            "cell holds a line break, close its quote where the cell ends", file=self.path, line=self._line,
            col=cell + 1,
            found=text[:40] + (f" + {len(held)} line{'s' if len(held) != 1 else ''}" if held else ""),
            expected=f"a closing {d.quotechar} in the cell"))
        self._back.extend(held[::-1])
        self._back.append(line[:at] + _PLAIN_QUOTE + line[at + 1:])  # read again: it may open another quote
        self._line -= 1
        self._row -= 1
        self.plain = True
        return self._feed()


def numbered(rows: list[list[str]], start: int = 2) -> Iterator[tuple[int, list[str]]]:
    """``enumerate(rows[start - 1:], start)`` with each number a :class:`Row`
    where the row starts on another line of the file (``rows.lines``, from
    :func:`_rows_and_delimiter`; a workbook's rows are their numbers)."""
    lines = getattr(rows, "lines", None)
    if lines is None:
        yield from enumerate(rows[start - 1:], start)
        return
    for r, row in enumerate(rows[start - 1:], start):
        yield row_at(r, lines[r - 1]) if r - 1 < len(lines) else r, row


def _row_of(rows: list[list[str]]):
    """``i`` (an index of ``rows``, row ``i + 1``) -> that row's number as :func:`numbered` gives it."""
    lines = getattr(rows, "lines", None)
    return lambda i: row_at(i + 1, lines[i]) if lines is not None and i < len(lines) else i + 1


def numbered_stream(reader, rows, start: int = 2) -> Iterator[tuple[int, list[str]]]:
    """:func:`numbered` for rows read one by one from ``reader`` (a
    :class:`QuotedReader`)."""
    for r, row in enumerate(rows, start):
        yield row_at(r, reader.start), row


class _Rows(list):
    """A CSV file's rows with the file's line each starts on (``lines``, row 1 first)."""

    lines: list[int]


#: a byte order mark (U+FEFF): a file's first character, dropped when it is decoded; inside it (two exports joined,
#: a cell pasted from another file) nothing, as the SHN reader's W-BOM reads it (a space there)
BOM = "\ufeff"


def bom_note(path: str | None, line: int, col: int) -> Diagnostic:
    """``W-BOM`` at the first cell of a sheet holding a byte order mark
    (:data:`BOM`): read as nothing, said once a file (break27 F5: a date
    cell '\\ufeff2026-11-24' refused E-CSV-DATE, where SHN reads past it)."""
    return Diagnostic(
        "W-BOM", "a byte order mark (U+FEFF) inside the file, in this cell (two files joined?): read as nothing, "
        "here and in any cell below", "warning", path, line, col, found="U+FEFF",
        expected="no byte order mark after the file's start")


def read_rows(reader, path: str | None, errors: list[Diagnostic]) -> Iterator[list[str]]:
    """The rows of a ``csv.reader``, up to a row the csv module cannot read
    (a line end inside an unquoted cell where the lines were not split; a
    cell over its limit, which :func:`allow_cells` raises to the file's
    size before a file is read): that ends the rows with
    one ``E-CSV-SYNTAX`` error appended to ``errors`` at its line, so the
    rows before it are still read (issue 15: no input loses a file).  A
    byte order mark in a cell is dropped, the first said (:func:`bom_note`)."""
    said = False  # W-BOM given (once a reading)
    quoted = isinstance(reader, QuotedReader)
    try:
        for row in (reader.reader if quoted else reader):
            if quoted and reader.plain:  # a quote read as a plain character (E-CSV-QUOTE): written back
                row = [c.replace(_PLAIN_QUOTE, reader.dialect.quotechar) for c in row]
            if BOM in "".join(row):  # a byte order mark inside the file: nothing (break27 F5)
                if not said:
                    said = True
                    k = next(i for i, c in enumerate(row) if BOM in c)
                    errors.append(bom_note(path, max(1, getattr(reader, "start", 0) or reader.line_num), k + 1))
                row = [c.replace(BOM, "") for c in row]
            yield row
    except csv.Error as exc:
        errors.append(Diagnostic(
            "E-CSV-SYNTAX", f"this CSV line cannot be read ({exc}); the rows from here on are not read",
            file=path, line=max(1, reader.line_num), col=1, found=str(exc)[:80],
            expected="a CSV line the csv module reads"))
    if isinstance(reader, QuotedReader):
        errors.extend(reader.errors)
        reader.errors = []


def _sniff(sample: str):
    """The CSV dialect of a file's first 4,096 characters (``,``, ``;`` or
    tab).  When the csv module's sniffer cannot tell (a row with a cell more
    than the others: break23b F1, a semicolon or tab sheet was then read as
    one column, refused whole with a --columns error never given), the
    separator its first lines hold most of, at least two in a line (a
    header's); else the csv module's ``excel`` (commas)."""
    try:
        return csv.Sniffer().sniff(sample, delimiters=",;\t")
    except csv.Error:
        pass
    lines = [x for x in sample.splitlines()[:6] if x.strip()]
    most = {c: max((x.count(c) for x in lines), default=0) for c in ",;\t"}
    best = max(most, key=most.get)
    if best != "," and most[best] >= 2 and most[best] > most[","]:
        return _SEMICOLON if best == ";" else csv.excel_tab
    return csv.excel


class _SEMICOLON(csv.excel):
    """The excel dialect with ``;`` between cells (a German or French Excel's CSV)."""
    delimiter = ";"


def _rows(data: bytes, path: str | None = None, errors: list[Diagnostic] | None = None) -> list[list[str]]:
    """The CSV rows of ``data`` (:func:`_rows_and_delimiter`)."""
    return _rows_and_delimiter(data, path, errors)[0]


def _rows_and_delimiter(data: bytes, path: str | None = None,
                        errors: list[Diagnostic] | None = None) -> tuple[list[list[str]], str]:
    """``(rows, delimiter)``: the CSV rows of ``data`` (UTF-8, a BOM dropped,
    a byte that is not UTF-8 read as Windows-1252 with one ``W-ENCODING`` in
    ``errors``, :mod:`ingest.csv_encoding`; CRLF, LF or CR line ends; the dialect
    sniffed from the first 4,096 characters) and the cell separator sniffed;
    a row the csv module cannot read ends them with an ``E-CSV-SYNTAX`` error
    in ``errors`` (:func:`read_rows`)."""
    text = csv_encoding.decode(data)
    if errors is not None:  # a spreadsheet's plain CSV export (Windows-1252): said once, where it starts (its cell)
        errors.extend(d.at(*cell_columns(text, [(d.line, d.col)])[0]) for d in csv_encoding.note(data, path))
    dialect = _sniff(text[:4096])
    allow_cells(len(text))  # no cell of the file over the csv module's limit (break33 F6)
    reader = QuotedReader(io.StringIO(text, newline=""), dialect, path)
    rows, lines = _Rows(), []
    for row in read_rows(reader, path, [] if errors is None else errors):
        rows.append(row)
        lines.append(reader.start)
    if any(line != r for r, line in enumerate(lines, 1)):  # a cell over lines: the rows below are said by both
        rows.lines = lines
    return rows, dialect.delimiter


def _european(delimiter: str, rows, unit_cols: list[int]) -> str | None:
    """What makes a sheet a European export, for the order of its dates
    (:func:`ingest.csv_cells.sheet_date_order`): ``';'-separated``, or its
    first unit cell written with a decimal comma; None when neither.
    ``rows``: ``(row number, cells)``; ``unit_cols``: the player columns'
    indexes."""
    if delimiter == ";":
        return "';'-separated"
    for r, row in rows:
        for k in unit_cols:
            if k < len(row) and decimal_comma(row[k]):
                return f"decimal commas ({row[k].strip()!r} at row {row_words(r)})"
    return None


class _Dealers:
    """A night's Dealer cells in hand order, as the evidence of its seating (real27 F1): the dealers of its first
    round while each is new (``seq``), the hands read (``count``), and whether a later one left the round
    (``broken``: a seat skipped, a substitute).  The deal passes to the left after every hand (rules.md B-1), so
    dealers that go round the table in one order give its seating, clockwise.  A dealer written again on the next
    row is a misdeal redealt by the same dealer (rules.md B-4), no seat: read past (break27b F6: Al, Cy, Cy, Ed, Bea,
    Di broke the round, the columns' order kept).  Kept in bounded memory: a round's names, the last dealer and two
    numbers."""

    __slots__ = ("seq", "count", "broken", "row", "last", "redeals")

    def __init__(self, row: int) -> None:
        self.seq: list[str] = []
        self.count = 0
        self.broken = False
        self.row = row  # the night's first row with a Dealer cell
        self.last: str | None = None  # the dealer of the row above
        self.redeals = 0  # the rows read past as redeals

    def add(self, who: str) -> None:
        if who == self.last:
            self.redeals += 1
            return  # the same dealer on the next row: a redeal (rules.md B-4), not the next seat
        self.last = who
        if not self.broken:
            n = len(self.seq)
            if self.count == n and who not in self.seq:
                self.seq.append(who)
            elif not n or who != self.seq[self.count % n]:
                self.broken = True
            self.count += 1

    def seating(self, table: list[str], player_of) -> list[str] | None:
        """The night's seating, clockwise from ``table``'s first player, when the dealers went round ``table``'s
        players in one order, each once a round, for one whole round at least (as many hands as players); else
        None (the dealers say no seating: the columns' order stands)."""
        if self.broken or len(table) < 3 or self.count < len(table) or len(self.seq) != len(table):
            return None
        seq = [player_of.get(w) for w in self.seq]
        if None in seq or set(seq) != set(table):
            return None
        k = seq.index(table[0])
        return seq[k:] + seq[:k]


def _night_key(text: str) -> str:
    """The key of a night's date cell in :attr:`CsvResult.rotations`: its text without a time of day."""
    return split_time(text.strip())[0].strip() if text.strip() else ""


def _feed_dealers(out: CsvResult, rows, index: dict[str, int]) -> Iterator[tuple[int, list[str]]]:
    """``rows`` (``(row number, cells)``) passed on as they are read, each night's Dealer cells kept in
    ``out.rotations`` (:class:`_Dealers`; a blank date cell is the night above's, as the rows read; a totals row or
    the header again is no deal) on the way: read in the pass the sheet's rows are read in anyway (real27 F1)."""
    cols = out.columns
    if "dealer" not in cols or "date" not in cols:
        yield from rows
        return
    dk, kk = index[cols["date"]], index[cols["dealer"]]
    others = [index[cols[f]] for f in HAND_FIELDS if f not in ("hand", "dealer") and f in cols and cols[f] in index]
    got = out.rotations = {}
    night = ""
    head = _norm(cols["dealer"])
    for r, row in rows:
        yield r, row
        date = row[dk] if dk < len(row) else ""
        if date.strip():
            night = _night_key(date)
        who = plain_name(row[kk]).strip().lower() if kk < len(row) else ""
        if who and night and _norm(who) != head and not is_totals_row(
                date, row[0] if row else "", hand=(row[k] for k in others if k < len(row))):
            (got.get(night) or got.setdefault(night, _Dealers(r))).add(who)


def _order_of(out: CsvResult, rows, index: dict[str, int], delimiter: str, columns: str | None,
              path: str | None) -> DateOrder:
    """The order of the dates of ``rows`` (``(row number, cells)``, an
    iterable that may be consumed once: read here in one pass), with its
    ``W-CSV-DATE-ORDER`` warning, if any, added to ``out.result.errors``;
    set as ``out.date_order``."""
    forced = date_order_option(columns)
    dk = index[out.columns["date"]]
    units = [index[p] for p in out.players]
    european = ["';'-separated" if delimiter == ";" else None]

    def dates() -> Iterator[tuple[int, int, str]]:  # one pass, nothing kept but the evidence (issue 15)
        for r, row in rows:
            if dk < len(row) and row[dk].strip():
                yield r, dk + 1, row[dk]
            if european[0] is None:
                european[0] = _european(delimiter, [(r, row)], units)

    got = sheet_date_order(dates(), lambda: european[0], forced)
    warn = date_order_warning(got, path)
    if warn is not None:
        out.result.errors.append(warn)
    out.date_order = got
    return got


def read_csv(data: bytes, path: str | None = None, *, columns: str | None = None,
             rules: str | None = None, stored_session=None) -> CsvResult:
    """Read a CSV score sheet or ledger (see the module docstring).  ``rules``
    is the [Rules] text of a score sheet's hands (default
    ``wi5-called-ace``).  Never raises on bad input: problems are
    diagnostics at ``path:row:column`` in ``result.errors`` (file level) or
    ``result.rejected`` (a hand) or as refused sittings.  ``stored_session``
    (``(date, players) -> name | None``, e.g. from
    :func:`ingest.csv_identity.sheet_session`): the stored session a score
    sheet's date is, by meaning, so that the same sheet under another file
    name is not stored twice."""
    result = FileResult(path=path)
    rows, delimiter = _rows_and_delimiter(data, path, result.errors)
    return read_table(rows, path, columns=columns, rules=rules, stored_session=stored_session, delimiter=delimiter,
                      result=result)


def read_table(rows: list[list[str]], path: str | None = None, *, columns: str | None = None,
               rules: str | None = None, stored_session=None, delimiter: str = "", tab: str | None = None,
               result: FileResult | None = None) -> CsvResult:
    """A score sheet or ledger given as its rows of cell texts (row 1 first):
    what :func:`read_csv` reads once it has split a CSV file, and
    :mod:`ingest.xlsx_sheet` each worksheet of a workbook (``tab``: the
    worksheet's name, a place for the night's date, :func:`sheet_layout`).
    ``delimiter``: the CSV file's cell separator (``;`` marks a European
    export, :func:`_european`), empty for a workbook.  ``result``: the
    :class:`FileResult` to fill (diagnostics already found in the file),
    else a new one for ``path``.  Never raises on bad input."""
    result = FileResult(path=path) if result is None else result
    given_columns = columns
    if not any(c.strip() for row in rows[:HEAD_ROWS] for c in row):
        result.errors.append(Diagnostic("E-CSV-HEADER", "the sheet has no header row" if tab is not None else
                                        "the CSV file has no header row", file=path, line=1, col=1,
                                        expected="a header such as 'date,hand,dealer,picker,...,Al,Bea,Cy'"))
        return CsvResult("unknown", {}, [], result)
    if _shead_sheet(rows[0]):
        # shead's own night's sheet (shead sheet --csv, the Sheet page's Download CSV): each player's units and
        # running total, a table to read; read as a score sheet every row was refused (metrics31 F5)
        result.errors.append(Diagnostic(
            "E-CSV-HEADER", "this is `shead sheet --csv` (the night's sheet: each player's units and running total, "
            "a table to read, as the Sheet page's Download CSV), not a record to ingest: a night's hands are moved "
            "or kept with `shead export --format shn`, whose file ingests back whole; nothing read", file=path,
            line=1, col=1, found=",".join(rows[0][:4]) + ",...",
            expected="a score sheet or ledger (date,hand,picker,...,a column a player), or an SHN export"))
        return CsvResult("unknown", {}, [], result)
    if _shead_jsonl(rows[0]):
        # shead's JSONL export (a hand a line, one JSON object): read as a sheet, its first object's keys were
        # "players" (corr34 F4: "'{"session":...' cannot be a seat's name")
        result.errors.append(Diagnostic(
            "E-CSV-HEADER", "this is `shead export --format jsonl` (a hand a line, one JSON object each), not a "
            "score sheet: it is read by other programs; a database is restored from `shead export --format shn`; "
            "nothing read", file=path, line=1, col=1, found=",".join(rows[0])[:40] + "...",
            expected="a score sheet or ledger (date,hand,picker,...,a column a player), or an SHN export"))
        return CsvResult("unknown", {}, [], result)
    if _shead_export(rows[0]):
        # shead's own export (shead export --format csv: one hand a row, its units one JSON cell): no score
        # sheet; its columns were read as players (new20 F4)
        result.errors.append(Diagnostic(
            "E-CSV-HEADER", "this is `shead export --format csv` (a hand a row, its units in one JSON cell), not a "
            "score sheet: it is read by other programs; a database is restored from `shead export --format shn`; "
            "nothing read", file=path, line=1, col=1, found=",".join(rows[0][:4]) + ",...",
            expected="a score sheet or ledger (date,hand,picker,...,a column a player), or an SHN export"))
        return CsvResult("unknown", {}, [], result)
    if (turned := _transposed(rows[:HEAD_ROWS])) is not None:  # players as rows, hands as columns (sheetx34 F6)
        r, head = turned
        result.errors.append(Diagnostic(
            "E-CSV-COLUMNS", f"row {row_words(r)} heads a sheet of players as rows and hands as columns (its first "
            f"column {head[0]!r}, then {', '.join(repr(c) for c in head[1:4])}...): transpose the sheet (one row a "
            "hand, one column a player: Hand,Picker,...,Al,Bea,Cy; in the spreadsheet, copy it and Paste Special > "
            "Transpose) and add a Date column or give the night's date (--columns date=2026-12-04); nothing read",
            file=path, line=r, col=1, found=", ".join(head)[:80],
            expected="a header of a hand's fields and one column a player"))
        return CsvResult("unknown", {}, [], result)
    try:
        first = _blank_dates(rows, sheet_layout(rows[:HEAD_ROWS], columns, path, tab), path, tab)
        layout, cols, players, names = _read_header(first, rules)
        if (night := _named_night(layout, cols, rows, stored_session)) is not None and "pot" not in cols \
                and (rules is None or same_meaning(rules, night.rules)) and night.rules:
            # a sheet that continues a stored night is read under the night's rules: its Pot column is the pot's
            # when they keep one (rules.md D-19; fix30 F1: read as a player's, "no seat of session")
            layout, cols, players, names = _read_header(first, night.rules)
        header, columns = layout.header, layout.columns
        if "pot" not in cols and (pot := next((p for p in players if _norm(p) in POT_NAMES), None)) is not None:
            result.errors.append(Diagnostic(
                "W-CSV-POT", f"the column {pot!r} is read as a player's: if it is the pot's, the rules keep a pot "
                "(rules.md D-19): ingest with --rules '<profile>; pot=on' (or --columns ignore=" + pot + ")",
                "warning", path, layout.header_row, header.index(pot) + 1, found=pot))
    except ValueError as exc:
        if getattr(exc, "col", None) is not None:  # the header's own cell, not the --columns given (break23 F10)
            result.errors.append(Diagnostic("E-CSV-COLUMNS", f"the header: {exc}", file=path,
                                            line=getattr(exc, "line", 1), col=exc.col, found=None,
                                            expected="one column a player"))
        else:
            result.errors.append(Diagnostic("E-CSV-COLUMNS", f"--columns: {exc}", file=path, line=1, col=1,
                                            found=columns, expected="FIELD=COLUMN,... or PLAYER=NAME,..."))
        return CsvResult("unknown", {}, [], result)
    index = {c: i for i, c in enumerate(header)}
    if (two := _names_below(layout, players, rows, path)) is not None:  # a header of two rows (break27 F4)
        result.errors.append(two)
        return CsvResult("unknown", cols, players, result)
    if "date" not in cols:
        result.errors.append(_no_date(cols, header, rows, layout, path))
        return CsvResult("unknown", cols, players, result)
    result.errors.extend(layout.notes)
    kind = "score-sheet" if any(f in cols for f in HAND_FIELDS) else "ledger"
    if kind == "score-sheet" and not players:
        result.errors.append(_no_players(cols, index, rows[layout.header_row:], layout, path))
        return CsvResult("unknown", cols, players, result)
    if kind == "ledger" and (bad := _schafkopf_ledger(rules, layout.header_row, path)) is not None:
        result.errors.append(bad)
        return CsvResult("unknown", cols, players, result)
    if kind == "score-sheet" and (bad := _schafkopf_sheet(rules, players, index, rows[layout.header_row:],
                                                          layout.header_row, path, cols)) is not None:
        result.errors.append(bad)
        return CsvResult("unknown", cols, players, result)
    if kind == "score-sheet" and (bad := _short_table(rules, players, layout.header_row, path, cols, index,
                                                      rows[layout.header_row:])) is not None:
        result.errors.append(bad)  # four columns of a five-handed game (real27b F3)
        return CsvResult("unknown", cols, players, result)
    # a sheet kept in money read without its stake: refused whole, a ledger of sitting totals as a per-hand sheet
    # (break21 F12: its whole-dollar rows were stored at a dollar a unit, the others refused, the stored night stuck)
    if (money := _money_cell(numbered(rows), layout, lambda: numbered(rows))) is not None:
        result.errors.append(_money_error(money, path))
        return CsvResult("unknown", cols, players, result)
    lines = getattr(rows, "lines", None)
    rows = _second_headers(rows, layout, cols, index, path, result, players)
    if lines is not None and not hasattr(rows, "lines"):
        rows = _Rows(rows)
        rows.lines = lines
    out = CsvResult(kind, cols, players, result, names=names, header_row=layout.header_row, tab=tab,
                    running=running_option(columns), group=layout.group, stake=stake_option(columns),
                    given_columns=given_columns, given_rules=rules)
    result.errors.extend(_ignored_note(cols, header, given_columns, layout.header_row, path))
    if kind == "score-sheet":  # a sheet that finishes a stored night (newuser30)
        bad, rules = _continuation(out, _named_session(layout, cols, index, _body(numbered(rows), layout)),
                                   stored_session, rules, path, layout.header_row, index)
        if bad is not None:
            result.errors.append(bad)
            return CsvResult("unknown", cols, players, result)
    _order_of(out, _body(numbered(rows), layout), index, delimiter, columns, path)
    if kind == "ledger":
        body = rows[layout.header_row - 1:]
        if stake_option(layout.columns) is not None:  # a ledger kept in money: each cell read as units, as a
            # per-hand sheet's are (break20 F8: refused, its message asking for the stake it was given)
            body = [rows[layout.header_row - 1]] + [row for _, row in _body(numbered(rows), layout)]
        _ledger(out, body, index, path, layout.header_row + 1, getattr(rows, "lines", None))
    else:
        _score_sheet(out, _body(numbered(rows), layout), index, path, rules or "wi5-called-ace",
                     stored_session)
    if tab is not None:  # the store's messages of a workbook's sheet at FILE[SHEET]:row:col (real25 F5)
        for sit in out.sittings:
            sit.file = path
        lines = result.line_files = result.line_files or {}
        lines.update({(h.outcome.session, h.source_line): path for h in result.hands})
        lines.update({(h.session, h.source_line): path for h in result.rejected})
    return out


#: the code of a sheet that cannot continue the stored session it names, and of one that looks like a stored night's
#: next page without naming it (newuser30)
SESSION_CODE = "E-CSV-SESSION"


def _named_session(layout: Layout, cols: dict[str, str], index: dict[str, int],
                   rows: Iterator[tuple[int, list[str]]]) -> tuple[str, int, int] | None:
    """``(name, row, column)`` of the stored session a score sheet says it
    continues: ``--columns "session=NAME"`` (row 1, column 1), else its
    Session column's first cell written (``rows``: the data rows, ``(row
    number, cells)``); None when it names none."""
    if layout.session is not None:
        return layout.session, 1, 1
    if "session" not in cols:
        return None
    k = index[cols["session"]]
    for r, row in rows:
        if k < len(row) and row[k].strip():
            return nfc(row[k].strip()), int(r), k + 1
    return None


def _named_night(layout: Layout, cols: dict[str, str], rows, stored_session):
    """The stored night (:class:`ingest.csv_identity.StoredNight`) a score
    sheet names as the one it continues (:func:`_named_session`), or None:
    what its header is read under (the night's rules, fix30 F1), before
    :func:`_continuation` checks the sheet against it."""
    lookup = getattr(stored_session, "named", None)
    if lookup is None or not any(f in cols for f in HAND_FIELDS):
        return None
    index = {c: i for i, c in enumerate(layout.header)}
    named = _named_session(layout, cols, index, _body(numbered(rows), layout))
    return lookup(named[0]) if named is not None else None


def _continuation(out: CsvResult, named: tuple[str, int, int] | None, stored_session, rules: str | None,
                  path: str | None, header_row: int, index: dict[str, int]) -> tuple[Diagnostic | None, str | None]:
    """Set ``out`` up to continue the stored session a score sheet names
    (:func:`_named_session`; newuser30: a night logged in SHN and on the Log
    a hand page, finished on a sheet): ``out.night`` the session
    (:class:`ingest.csv_identity.StoredNight`), each player column matched
    to one of its seats by the seat's alias (``Hank``) or player's name
    (``Hank Vogel``, as written or given as ``Hank=Hank Vogel``)
    (``out.aliases``, ``out.names``).  Its rows are then that session's next
    hands, under its stored tags (its players, rules, group), numbered on
    after its highest hand, checked against its stored hands and carried on
    from them (a doubler's stake, the pot).  Returns ``(refusal, rules)``:
    an ``E-CSV-SESSION`` refusing the whole sheet (nothing read) when the
    name is given as ``session=`` and no session holding hands is so named,
    when ``rules`` (``--rules``) mean other rules than the session's, when
    a player column is no seat of the session or a seat has no column, or
    when ``--columns group=`` names another group; else None, with the
    rules the hands are read under (the session's).  A Session column
    naming a session that is not stored names the night's own session
    (``out.session_tag``), with a ``W-CSV-SESSION`` warning when stored
    sessions have a name like it."""
    if named is None:
        return None, rules
    name, r, c = named
    given = out.given_columns is not None and r == 1 and "session" not in out.columns
    lookup = getattr(stored_session, "named", None)
    night = lookup(name) if lookup is not None else None
    where = "--columns session=" if given else f"the {out.columns.get('session', 'Session')} cell"

    def refuse(msg: str, line: int, col: int, found: str | None, expected: str | None) -> tuple[Diagnostic, None]:
        return Diagnostic(SESSION_CODE, msg + "; nothing read", file=path, line=line, col=col, found=found,
                          expected=expected), None

    if night is None:
        import difflib  # noqa: PLC0415

        known = list(getattr(stored_session, "names", lambda: [])())
        like = difflib.get_close_matches(name, known, n=3, cutoff=0.6)
        said = ("; stored sessions of a name like it: " + ", ".join(repr(n) for n in like)) if like else ""
        if lookup is None and given:
            return refuse(f"session={name}: a stored session is continued against the database that holds it "
                          "(shead ingest, the Import page)", r, c, name, "a stored session's name")
        gone = getattr(stored_session, "voided", None)
        gone = gone(name) if gone is not None and given else None
        if gone is not None:  # fixd31: a night voided whole was told "no stored session"
            count, when, why = gone
            return refuse(f"session={name}: the session {name!r} was voided whole (its {count} hand"
                          f"{'' if count == 1 else 's'}, shead void, {when} UTC"
                          + (f": {why!r}" if why else "") + "), so the sheet has no hands to continue there: to "
                          "continue it, bring its hands back first (shead ingest --amend FILE, a text for each "
                          f"voided hand; shead history '{name}#1' shows hand 1's), then send the sheet again; or "
                          "name another session (or none: the sheet's hands are then a session of their own)",
                          r, c, name, "a session with hands in force")
        if given:
            return refuse(f"session={name}: no stored session of hands is named {name!r}{said} (the session's "
                          "name as `shead sheet`, the Sheet page and the Log a hand page show it; a name part "
                          "is taken as `shead sheet NAME` takes it only there)", r, c, name,
                          " / ".join(like) if like else "a stored session's name")
        out.session_tag = name  # a Session column names a new night: its session's name
        if like:
            out.result.errors.append(Diagnostic(
                "W-CSV-SESSION", f"row {row_words(r)}: the Session cell {name!r} names no stored session, so the "
                f"sheet's hands are stored as a session of that name{said}: if they continue one of those, write "
                "its name exactly (or give --columns \"session=NAME\") and ingest the sheet again", "warning", path, r,
                c, found=name, expected=" / ".join(like)))
        return None, rules
    if rules is not None and not same_meaning(rules, night.rules):  # by meaning: wi5-pot is wi5-called-ace; pot=on
        return refuse(f"--rules {rules!r}: the sheet continues session {str(night)!r} ({where}), whose hands are "
                      f"played under [Rules {night.rules!r}]: a night's hands are scored by its rules; leave --rules "
                      "out (the session's are taken), or name another session", 1, 1, rules, night.rules)
    if out.group is not None and night.group is not None and out.group != night.group:
        return refuse(f"group={out.group}: the sheet continues session {str(night)!r} ({where}), of the group "
                      f"{night.group!r}: leave group= out (the session's group is taken)", 1, 1, out.group,
                      night.group)
    seats = night.seats
    by_alias = {a.lower(): a for a in seats}
    by_name = {v.lower(): a for a, v in seats.items()}
    taken: dict[str, str] = {}
    for p in out.players:
        label = seat_label(p)
        alias = (by_alias.get(label.lower()) or by_name.get(out.names.get(p, label).lower())
                 or by_name.get(label.lower()))
        if alias is None or alias in taken.values():
            table = ", ".join(f"{a} ({v})" if v != a else a for a, v in seats.items())
            return refuse(f"the column {p!r} is no seat of session {str(night)!r} ({where}), which seats {table}: "
                          "a sheet that continues a stored night has a column for each of its seats, headed by the "
                          "seat's name as stored (or mapped to it with --columns 'COLUMN=NAME'); a player who came "
                          "later is entered on the Log a hand page or in SHN", header_row, index[p] + 1, label,
                          ", ".join(seats))
        taken[p] = alias
    missing = [a for a in seats if a not in taken.values()]
    if missing:
        return refuse(f"session {str(night)!r} ({where}) seats {', '.join(seats)}, and the sheet has no column for "
                      f"{', '.join(missing)}: a sheet that continues a stored night has a column for each of its seats "
                      "(blank where the units are worked out)", header_row, 1, ", ".join(seat_label(p) for p in
                                                                                        out.players),
                      ", ".join(seats))
    out.night = night
    out.aliases = taken
    out.names = {p: seats[a] for p, a in taken.items()}
    return None, night.rules or rules


def _ignored_note(cols: dict[str, str], header: list[str], given: str | None, header_row: int,
                  path: str | None) -> list[Diagnostic]:
    """``W-CSV-IGNORED`` (one, at the first of them) naming the columns the
    sheet's header leaves unread by their own name (a Check or Sum column,
    a form's Your name: :data:`IGNORED`), which were dropped without a word
    (newuser30: "ignored columns must never be silent"); a Notes column is
    read (the hand's note) and a column given as ``ignore=`` was left out by
    the user, so neither is said."""
    mine = {m for left, right in _parts(given) if left.lower() == "ignore" for m in _match(header, right)}
    left = [c for f, c in cols.items() if f.startswith("ignore:") and _norm(c) not in NOTE_NAMES and c not in mine]
    if not left:
        return []
    k = min(header.index(c) for c in left)
    return [Diagnostic(
        "W-CSV-IGNORED", f"the column{'s' * (len(left) > 1)} {', '.join(repr(c) for c in left)} "
        f"{'are' if len(left) > 1 else 'is'} not read (a sheet's own arithmetic, or who typed the row: no player's "
        "units and nothing of the hand); if one holds a field of the hand, map it with --columns FIELD=COLUMN", "warning", path, header_row, k + 1,
        found=", ".join(left), expected="columns that are read")]


def _read_header(layout: Layout, rules: str | None) -> tuple[Layout, dict[str, str], list[str], dict[str, str]]:
    """``(layout, field → column, player columns, names)`` of a sheet's
    header (:func:`sheet_header`), its pot's column mapped to ``pot`` under
    rules that keep a pot (:func:`_pot_column`: real20 F4, a sixth player),
    the layout's ``columns`` saying so; the one reading of a sheet read whole
    and one read in batches.  Raises ``ValueError`` as :func:`sheet_header`."""
    try:
        cols, players, names = sheet_header(layout.header, layout.columns)
    except ValueError as exc:  # a header cell's own error: at the header's row (break23 F10)
        if getattr(exc, "col", None) is not None:
            exc.line = layout.header_row
        raise
    if (pot := _pot_column(players, rules, cols)) is not None:
        given = layout.columns
        layout = replace(layout, columns=f"{given},pot={pot}" if given else f"pot={pot}")
        cols, players, names = sheet_header(layout.header, layout.columns)
    return layout, cols, players, names


def _pot_column(players: list[str], rules: str | None, cols: dict[str, str]) -> str | None:
    """The player column that is the pot's (:data:`POT_NAMES`) under rules
    that keep a pot (``pot=on``, rules.md D-19), when no column is mapped
    to ``pot`` yet; else None."""
    if "pot" in cols or not players:
        return None
    prof = profile_of(rules or "wi5-called-ace")
    if prof is None or not getattr(prof, "pot", False):
        return None
    return next((p for p in players if _norm(p) in POT_NAMES), None)


def _pot_cells(out: CsvResult, rows: list, index: dict[str, int], path: str | None, hands) -> list[Diagnostic]:
    """``W-CSV-POT`` for each stored hand whose row's pot cell (the column
    mapped to ``pot``) is not the units the hand puts into the pot (+) or
    takes from it (-) as the engine settled it (rules.md D-19): the sheet's
    own arithmetic, as a Total row is (the players' cells were checked
    hand by hand).  A money sheet's cell is read at its stake."""
    k = index[out.columns["pot"]]
    by_row = {r: row for r, row in rows}
    said = {int(r): r for r in by_row}  # a hand's line -> its row (a Row where a note over lines moved it)
    notes = []
    before: dict[int, object] = {}  # units=running: a row -> the pot's standing on the row above that wrote one
    if out.running:
        last = None
        for r, row in rows:
            if k < len(row) and row[k].strip() and row[k].strip() not in NOTHING:
                before[r], last = last, _pot_value(out, row[k].strip())
    for h in hands:
        row = by_row.get(h.source_line)
        text = row[k].strip() if row is not None and k < len(row) else ""
        if not text or text in NOTHING:  # '-': nothing written, as a blank (break27 F3: warned "holds '-'")
            continue
        v = _pot_value(out, text)
        want = h.outcome.pot or 0
        if v is not None and v != want and before.get(h.source_line) is not None:
            # a running sheet's pot column is the pot's standing: the hand's units are the change from the row above
            # (break21b F2: the standing was read as the hand's, a false warning on each hand); a night that starts
            # the column again reads as its own
            v = v - before[h.source_line]
        if v is None or v != want:
            notes.append(Diagnostic(
                "W-CSV-POT", f"row {row_words(said.get(h.source_line, h.source_line))}: the {out.columns['pot']} "
                f"cell says the pot {_pot_words(v, text)}, but the hand {_pot_words(want, str(want))} (rules.md "
                "D-19); the hand is stored as its players' cells give it: correct the pot's cell", "warning", path,
                h.source_line, k + 1, found=text, expected=f"{want:+d}"))
    return notes


def _pot_value(out: CsvResult, text: str):
    """A pot cell's units (a money sheet's read at its stake), None when it holds no number of units."""
    v = whole_units(text) if out.stake is None else money_value(text)
    if v is not None and out.stake is not None:
        v = v / out.stake if (v / out.stake).denominator == 1 else None
    return v


def _pot_opening(out: CsvResult, row: list[str], cols: dict, index: dict, cell, dtext: str, order, count: dict,
                 night_of: dict, last_date: str | None, r: int, path: str, notes: list | None, player_of=(),
                 pot_in=None):
    """A per-hand sheet's row that writes a Pot cell and nothing else of a
    hand (no hand number, no player's units but 0; its date, or a label such
    as 'Carried over' in the Date, Hand or Dealer cell): False when ``row``
    is not one.  Above a night's first hand it is the pot carried in from an
    earlier night, the pot's opening balance (rules.md D-19), as a running
    pad's opening row is read: ``(night or None, units, row, column)``, the
    night's first hand then read with ``pot N`` (None: the night of the next
    hand row).  Below 0, part of a unit or no number (``2.5``, ``five``), or
    a second opening row of the night (``pot_in``: the one read above), it is
    refused at that cell (``E-CSV-POT``) and ``(night, None, row, column,
    text)`` returned: the night's first hand is then refused too, the pot it
    starts with not known (break26b F1, F5: stored with the pot at 0, or the
    first row's pot dropped, without a word); among a night's hands it is
    not read, and said (``W-CSV-POT``): the pot there is derived from the
    hands (break26 F6: skipped without a word, its first hand then refused
    E-SCORE-SUM)."""
    ptext, pcol = cell(row, "pot")
    if not ptext or any(cell(row, f)[0] for f in HAND_FIELDS if f not in ("hand", "dealer")) or \
            any(whole_units(row[index[p]]) != 0 for p in out.players if index[p] < len(row) and row[index[p]].strip()):
        return False  # a player's cell of 0 is a pad zeroed for the night (break26b F4), not a hand
    for f in ("hand", "dealer"):  # a label ('Carried over') in the Hand or Dealer cell, not a number nor a player
        t = cell(row, f)[0]
        if t and (re.search(r"\d", t) or t.lower() in player_of or not re.search(r"[^\W\d_]", t)):
            return False
    night = (night_of.get(dtext) or read_date(dtext, order)) if dtext else None
    if dtext and night is None and _date_attempt(dtext):
        return False  # a mistyped date: the rows below say so
    carried = _pot_value(out, ptext)
    above = (night_of.get(last_date) or read_date(last_date, order)) if last_date else None
    if (night or (above if not dtext else None)) in count:  # among the hands of a night already begun
        if carried != 0 and notes is not None:
            notes.append(Diagnostic(
                "W-CSV-POT", f"row {row_words(r)}: the {cols['pot']} cell {ptext!r} is on a row with no hand among "
                "the night's hands: not read (the pot between hands is what the hands above leave in it, rules.md "
                "D-19); a pot carried in from an earlier night is written in the Pot cell of a row above the "
                "night's first hand", "warning", path, r, pcol, found=ptext, expected="a hand's row"))
        return None
    if carried == 0 and any(row[index[p]].strip() for p in out.players if index[p] < len(row)):
        return False  # players' cells of 0 and a pot of 0: a row of no hand, said as such below
    if carried == 0:
        return pot_in  # an opening pot of 0: the pot starts empty, as it does unwritten
    why = None
    if carried is None:
        why = (f"carries {ptext!r} over from an earlier night, which is no number of whole units: a pot holds whole "
               "units (rules.md D-19)")
    elif carried < 0 or carried.denominator != 1:  # a pot below 0 is no pot (D-19)
        why = (f"carries {ptext!r} ({carried:+} units) over from an earlier night, and a pot never holds less than 0 "
               "nor part of a unit (rules.md D-19)")
    elif pot_in is not None and pot_in[0] in (None, night):  # two opening rows of one night (break26b F5)
        why = (f"carries {ptext!r} over from an earlier night, but row {row_words(pot_in[2])} above is this night's "
               "opening row already" + (f", carrying {pot_in[1]}" if pot_in[1] is not None else "")
               + ": a night's pot opens once (rules.md D-19), and which of them it opened with is not known")
    if why is None:
        return (night, int(carried), r, pcol)
    if notes is not None:
        notes.append(Diagnostic(
            "E-CSV-POT", f"row {row_words(r)}: the {cols['pot']} cell of the night's opening row {why}; it is not "
            "read, and the night's first hand, whose pot it would open, is refused with it; write the units the pot "
            "holds when the night starts, once, in the Pot cell of one row above the night's first hand", "error",
            path, r, pcol, found=ptext, expected="0 or more whole units"))
    return (night if night is not None else (pot_in[0] if pot_in else None), None, r, pcol, ptext)


def _pot_words(v, text: str) -> str:
    if v is None:
        return f"holds {text!r} (no number of units)"
    return f"takes {int(-v)}" if v < 0 else f"gets {int(v)}"


#: words of a Schafkopf game (rules.md G): a column holding them is no player's units column
_SK_GAME_WORDS = re.compile(r"\b(sauspiel|rufspiel|wenz|farbwenz|geier|farbgeier|solo|ramsch|tout|herz-solo|"
                            r"eichel-solo|gras-solo|schellen-solo)\b", re.I)


def _schafkopf_sheet(rules: str | None, players: list[str], index: dict[str, int], rows: list[list[str]],
                     header_row: int, path: str | None, cols: dict[str, str] | None = None) -> Diagnostic | None:
    """One ``E-CSV-RULES`` for a score sheet of Schafkopf games: CSV score
    sheets hold Sheepshead (and Indiana) hands, whose columns (a picker, a
    called card, a leaster) Schafkopf's games do not have.  Told by
    ``rules`` naming a Schafkopf profile, or by a column the header leaves
    to a player, or the hand column (``cols``' ``hand``: ``Spiel``), whose
    first cells name Schafkopf games (``Sauspiel Eichel``, ``Wenz``); None
    for any other sheet."""
    cols = cols or {}
    from replay.schafkopf import SCHAFKOPF_PROFILES  # noqa: PLC0415

    first = (rules or "").split(";")[0].strip()
    why = f"the rules {rules!r} are Schafkopf's" if first in SCHAFKOPF_PROFILES else None
    # the player columns, and the hand column: a German sheet's 'Spiel' is the game played (real22 F3: each row was
    # refused as "hand 'Sauspiel' is not a number", or a money sheet asked for its stake first)
    looked = [*players, *([hand] if (hand := cols.get("hand")) is not None else [])]
    for p in looked if why is None else ():
        k = index[p]
        cells = [row[k] for row in rows[:8] if k < len(row)]
        game = next((c for c in cells if _SK_GAME_WORDS.search(c)), None)
        if game is not None:
            why = f"its column {p!r} names Schafkopf games ({game.strip()[:30]!r})"
            break
    if why is None:
        return None
    return Diagnostic("E-CSV-RULES", f"this score sheet is Schafkopf ({why}): CSV score sheets are read as Sheepshead "
                      "(or Indiana) hands only. Write its games as SHN-SK score lines (e.g. 'game Sepp sauspiel EA  "
                      "partner Hias  pts 75  win' under [Rules \"schafkopf-bsv\"], notation.md), or import the "
                      "NetSchafkopf protocols; nothing read", file=path, line=header_row, col=1,
                      found=why, expected="a Sheepshead score sheet (picker, call, partner, points)")


_COUNT_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}


def _short_table(rules: str | None, players: list[str], header_row: int, path: str | None,
                 cols: dict[str, str] | None = None, index: dict[str, int] | None = None,
                 rows: list[list[str]] = ()) -> Diagnostic | None:
    """One ``E-CSV-RULES`` for a score sheet with fewer player columns than
    the Sheepshead rules it is read under seat (rules.md F-1): no row can
    seat the table, and each was refused ``E-SEATS`` about a ``[Seats]`` tag
    the sheet does not have (real27b F3: a Stammtisch pad's four columns of
    Schafkopf cents, read as five-handed nets).  It says what the sheet may
    be: Schafkopf (four columns), written as SHN-SK; or Sheepshead at that
    table size, with the ``--rules`` of the named profiles that seat it.
    None for a sheet whose columns seat the rules' table, or rules that are
    no Sheepshead profile (Schafkopf, Indiana, the fox game: their own
    checks), or for a sheet whose Picker, Partner, Dealer or Leaster cells
    (``rows``, the first below the header) name a column read as a field of
    the hand (``cols``: ``--columns defense=Def`` where Def is a player):
    each row says that at its cell."""
    text = rules or "wi5-called-ace"
    prof = None if is_indiana_rules(text) else profile_of(text)
    if prof is None or not players or len(players) >= prof.players:
        return None
    taken = {c.strip().casefold() for c in (cols or {}).values()}
    for f in ("picker", "partner", "dealer", "leaster"):
        k = (index or {}).get((cols or {}).get(f, ""))
        if k is not None and any(k < len(row) and row[k].strip().casefold() in taken for row in rows[:HEAD_ROWS]):
            return None  # a player's column taken as a field: the rows' E-CSV-SEAT say so (fixk27)
    from replay.profile import NAMED_PROFILES  # noqa: PLC0415

    n = len(players)
    fits = [k for k in NAMED_PROFILES if (q := profile_of(k)) is not None and q.players == n]
    size = _COUNT_WORDS.get(prof.players, str(prof.players))
    ways = ([f"a Schafkopf night: write it as SHN-SK score lines (e.g. 'game {players[0]} sauspiel EA  partner "
             f"{players[1]}  pts 75  win' under [Rules \"schafkopf-bsv\"], notation.md §14.7)"] if n == 4 else [])
    for f, c in (cols or {}).items():  # a player named after a field's word whose column holds units (real31 F2)
        k = (index or {}).get(c)
        cells = [row[k].strip() for row in rows[:HEAD_ROWS] if k is not None and k < len(row) and row[k].strip()]
        if _nameable(f, c) and cells and all(re.fullmatch(r"[+\-\u2212]?\d+", x) for x in cells):
            what = "left out" if f.startswith("ignore:") else f"read as the {f} column"
            ways.insert(0, f"the column {c!r} is {what} by its header's word; if it holds a player's units, ingest "
                        f"with --columns player={c}")
    if fits:
        ways.append(f"a {_COUNT_WORDS.get(n, str(n))}-handed Sheepshead night: --rules <a {n}-handed profile> ("
                    + ", ".join(fits) + "; shead rules)")
    return Diagnostic("E-CSV-RULES", f"{n} player column{'s' if n != 1 else ''} ({', '.join(players)}): a {size}-handed "
                      f"Sheepshead sheet needs {prof.players} (the rules {text!r} seat {prof.players}, rules.md F-1), "
                      "so no row can be read as its hand; " + "; ".join(ways or ["add the missing players' columns"])
                      + "; nothing read", file=path, line=header_row, col=1,
                      found=f"{n} player columns", expected=f"{prof.players} player columns")


#: the longest pause between two hands of one night: a timestamp past midnight within it of the hand above is
#: that night's hand (real20 F6), a later one opens a night of its own
NIGHT_PAUSE = _dt.timedelta(hours=4)


def _stamp_night(stamp: _dt.datetime, last: tuple[_dt.datetime, str] | None, first_hand: bool) -> str:
    """The night (``YYYY-MM-DD``) of a hand whose date cell is the
    timestamp ``stamp`` (a form's or an app's, ``=NOW()``), given the last
    timestamp of the sheet and its night (``last``): the night of the hand
    above when the hand follows it within :data:`NIGHT_PAUSE`, past midnight
    included, and does not number from 1 again (``first_hand``); else the
    timestamp's own day.  A night played across midnight stays one sitting
    (rules.md B-1: the seats, the dealer's turn, a doubler or the pot carry
    on from hand to hand); it was two nights, the doubler or pot carried past
    midnight lost (real20 F6)."""
    if last is not None and not first_hand and _dt.timedelta(0) <= stamp - last[0] <= NIGHT_PAUSE:
        return last[1]
    return stamp.date().isoformat()


def _date_attempt(text: str) -> bool:
    """Whether a date cell that does not read as a date was meant as one (a
    mistyped date: ``E-CSV-DATE``), not a note (``-- 10 pm --``, ``pizza
    break``): it has a digit and no word but a month's name."""
    from .csv_cells import _MONTHS  # noqa: PLC0415

    if re.fullmatch(r"\W*\d{1,2}:\d{2}(?::\d{2})?\s*(?:am|pm|uhr|h)?\W*", text.strip().lower()):
        return False  # a time of day ("22:00", "-- 10:30 pm --"): a note (break18b F15)
    words = re.findall(r"[^\W\d_]+", text.lower())
    return any(ch.isdigit() for ch in text) and all(w.rstrip(".") in _MONTHS for w in words)


def _pasted_again(rows: list[list[str]], out: list[list[str]], block: int, r: int, k: int, want: str,
                  path: str | None, result: FileResult) -> None:
    """The rows under the header repeated at ``rows[r]`` that repeat, cell
    for cell, the rows under the header above it (``rows[block:r]``): the
    same night pasted twice, its header with it.  Those rows are left out
    (blank in ``out``), with a ``W-CSV-PASTED`` warning naming both ranges;
    rows after the copy are read.  At least two rows must repeat (or the one
    row of a block of one).  Without a Hand column every copied hand was
    stored twice, nothing said (break21 F13)."""
    def norm(x: list[str]) -> list[str]:
        cells = [c.strip() for c in x]
        while cells and not cells[-1]:
            cells.pop()
        return cells

    above = [i for i in range(block, r) if any(c.strip() for c in rows[i])]
    below = []
    for i in range(r + 1, len(rows)):
        if len(below) == len(above) or (k < len(rows[i]) and rows[i][k].strip().casefold() == want):
            break
        if any(c.strip() for c in rows[i]):
            below.append(i)
    n = len(below)
    if not above or n < min(2, len(above)) or [norm(rows[i]) for i in below] != [norm(rows[i]) for i in above[:n]]:
        return
    for i in below:
        out[i] = []
    at = _row_of(rows)
    result.errors.append(Diagnostic(
        "W-CSV-PASTED", f"rows {row_words(at(below[0]))}-{row_words(at(below[-1]))}, under the header repeated at "
        f"row {row_words(at(r))}, repeat rows {row_words(at(above[0]))}-{row_words(at(above[n - 1]))} cell for cell: "
        "the night pasted twice; read once (if they are hands played again, give the sheet a Hand column)",
        "warning", path, at(below[0]), 1, found=f"rows {row_words(at(below[0]))}-{row_words(at(below[-1]))}",
        expected="each hand's row once"))


#: the rows under a header a streamed sheet keeps to compare a block pasted again with (_stream_headers)
_PASTE_ROWS = 500


def _stream_headers(rows, layout: Layout, cols: dict[str, str], index: dict[str, int], path: str | None,
                    notes: list[Diagnostic], players=()):
    """:func:`_second_headers` and :func:`_pasted_again` for a sheet read
    in batches (``(row number, cells)`` from :func:`_body`): the header
    repeated is no row, rows under it that repeat the rows under the header
    above cell for cell (the first :data:`_PASTE_ROWS` of them) are left out
    with ``W-CSV-PASTED``, and a header naming other columns ends what is
    read (``E-CSV-HEADER``), as the sheet read whole does (break21b F11: a
    streamed sheet read the header as a hand row, the pasted night twice)."""
    head = cols.get("date")
    k = index.get(head) if head is not None else None
    if k is None or layout.night is not None:
        yield from rows
        return
    want = head.strip().casefold()
    first = [c.strip().casefold() for c in layout.header]

    def norm(x: list[str]) -> list[str]:
        cells = [c.strip() for c in x]
        while cells and not cells[-1]:
            cells.pop()
        return cells

    order = date_order_option(layout.columns)
    title: tuple[int, tuple[str, str]] | None = None  # the last filled row, when a dated title row (break24c F1)
    titled: tuple[int, tuple[str, str], int] | None = None  # that title and the header again under it
    above: list[tuple[int, list[str]]] = []  # the filled rows under the header before the last (compared with)
    under: list[tuple[int, list[str]]] = []  # the filled rows under the last header (the first _PASTE_ROWS)
    pending: tuple[int, list] | None = None  # under a repeated header: (its row, the rows so far repeating above)

    def settle(done: bool) -> list:
        """The rows held under a repeated header: none when they repeat the
        rows above (said), else all of them, to be read."""
        nonlocal pending
        hr, below = pending
        pending = None
        filled = [(r, x) for r, x in below if any(c.strip() for c in x)]
        n = len(filled)
        if filled and (done or n == len(above)) and n >= min(2, len(above)):
            notes.append(Diagnostic(
                "W-CSV-PASTED", f"rows {row_words(filled[0][0])}-{row_words(filled[-1][0])}, under the header "
                f"repeated at row {row_words(hr)}, repeat rows {row_words(above[0][0])}-{row_words(above[n - 1][0])} "
                "cell for cell: the night pasted twice; read once (if they are "
                "hands played again, give the sheet a Hand column)", "warning", path, filled[0][0], 1,
                found=f"rows {filled[0][0]}-{filled[-1][0]}", expected="each hand's row once"))
            return []
        return below

    for r, row in rows:
        filled_row = any(c.strip() for c in row)
        if k < len(row) and row[k].replace("\ufeff", "").strip().casefold() == want:
            if pending is not None:
                yield from settle(True)
            cells = norm([c.replace("\ufeff", "").casefold() for c in row])
            if cells == first[:len(cells)] and len(cells) >= len([c for c in first if c]):
                above, under, pending = under, [], (r, [])  # the same header again: no row of the sheet
                titled, title = (title[0], title[1], r) if title is not None else None, None
                continue
            notes.append(Diagnostic(
                "E-CSV-HEADER", f"row {row_words(r)} is a second header row with other columns: a sheet is read with "
                "one header, so the rows from it on are not read (their units would go to the first header's players); "
                "save the night under it as its own sheet or file, and ingest that", file=path, line=r, col=1,
                found=", ".join(c.strip() for c in row if c.strip())[:80],
                expected="a row of a hand, or the first header again"))
            return
        if filled_row and _names_again(row, players, index):  # a translated header under the first (break27 F4)
            notes.append(_names_again_note(r, row, players, path))
            continue
        if filled_row and (full := _full_names(row, players, index)) is not None:  # full names (break28 F6)
            notes.append(_full_names_note(r, full, players, path, layout.columns))
            continue
        if filled_row:
            if titled is not None:  # the night's first row under a dated title and the header again
                row = _titled_row(row, k, titled[1], titled[0], titled[2], order, path, notes)
                titled = None
            day = _title_day(row, order)
            title = None if day is None else (r, day)
        if filled_row and len(under) < _PASTE_ROWS:
            under.append((r, row))
        if pending is not None:
            below = pending[1]
            filled = sum(1 for _, x in below if any(c.strip() for c in x))
            if not filled_row or (filled < len(above) and norm(row) == norm(above[filled][1])):
                below.append((r, row))
                if filled_row and filled + 1 == len(above):
                    yield from settle(False)
                continue
            yield from settle(False) if filled == len(above) else below
            pending = None
        yield r, row
    if pending is not None:
        yield from settle(True)


class _NightRow(list):
    """The first row of a night kept as a block of its own in a sheet dated by its title row
    (:func:`_night_blocks`): ``night`` its date, given to it by :func:`_body`."""

    night: str


def _header_map(row: list[str], first: list[str], players: dict[str, str]) -> tuple[list[int | None] | None, str]:
    """How a header row ``row`` written under a night's title reads against
    the sheet's first header ``first`` (its cells as :func:`_night_blocks`
    compares them): ``(columns, "")`` when it names the first header's
    columns in another order, or leaves out some that are no player's (the
    Hand column): ``columns[j]`` the cell of ``row`` under which the first
    header's column ``j`` is written (None: not written); ``(None, why)``
    when it is a header of other columns (a substitute's, a Notes column
    added, a player's left out), ``why`` naming them; ``(None, "")`` when
    ``row`` is no header (a hand's row)."""
    cells = [c.replace("\ufeff", "").strip().casefold() for c in row]
    written = [c for c in cells if c]
    names = {c for c in first if c}
    if len(written) < 2 or any(whole_units(c) is not None for c in written):
        return None, ""
    if not any(f in guess_columns(row) for f in FIELDS) and not set(written) <= names:
        return None, ""  # no field's heading and a cell the first header does not have: a row of a hand
    if not (set(written) & names):
        return None, ""
    other = [c for c in row if c.strip() and c.replace("\ufeff", "").strip().casefold() not in names]
    # a Notes-like column the first header has not: the scorer's words, no player (break24c F6: refused whole)
    noted = [c for c in other if _norm(c) in NOTE_NAMES]
    other = [c for c in other if c not in noted]
    twice = [c for c in set(written) if written.count(c) > 1]
    if other or twice:
        # a new name (a substitute for one night): no column of the sheet holds that player's units
        why = ", ".join(filter(None, (
            ("it has " + ", ".join(repr(c.strip()) for c in other) + " that the first header has not") if other else "",
            ("it writes " + ", ".join(repr(c) for c in twice) + " twice") if twice else "")))
        return None, why
    # a player of the first header left out of the night's header did not play that night: no cells, blank (a
    # night is its own sitting, its table the players with units; break24c F6: refused whole)
    return [cells.index(h) if h and h in cells else None for h in first], ""


def _first_night_ends(notes: list[Diagnostic], tr: int) -> None:
    """Once a later night starts at row ``tr`` (a title), the first night's
    ``W-CSV-NIGHT`` (at line 1: "every hand is of ...") says the hands above
    that row are of it; ``notes`` is changed in place."""
    for k, d in enumerate(notes):
        if d.code == "W-CSV-NIGHT" and d.line == 1 and "every hand is of" in d.message:
            notes[k] = replace(d, message=d.message.replace(
                "every hand is of", f"the hands above row {row_words(tr)} are of", 1))


def _date_again(tr: int, text: str, hr: int | None, got: str, before: int, path: str | None) -> Diagnostic:
    """The ``E-CSV-HEADER`` of a night's title (row ``tr``, ``text``, its
    header again at row ``hr``) that repeats the date ``got`` of the night
    titled at row ``before``: a sheet's night is one session of its date, so
    the rows were refused as that night's hands written again, after a
    ``W-CSV-NIGHT`` that named them another night (break24b F5)."""
    return Diagnostic(
        "E-CSV-HEADER", f"row {row_words(tr)} is a title ({text[:60]!r})"
        + (f" above the header written again at row {row_words(hr)}" if hr is not None else "")
        + f" that repeats the date of the night titled at row {row_words(before)} ({got}): a sheet's nights are "
        "each a session of its date, so the rows of this night, to the next title, are not read (as that night's "
        "rows, their hands would be that night's again or renumbered into it); if the title was copied and not "
        "changed, write this night's date in it; if it is a second sitting of that day (an early and a late game), "
        "write it as SHN under its own [Session] (notation.md), and ingest that", file=path, line=tr, col=1,
        found=text[:80], expected=f"a title with a date other than {got}")


def _night_blocks(rows, layout: Layout, path: str | None, notes: list[Diagnostic]):
    """The rows ``(row number, cells)`` of a sheet with no date column, dated
    by its title row (``layout.night``), with each night kept as a block of
    its own read as one: a title row (one or two cells written) above the
    header written again, blank rows between, starts a new night dated by the
    title (its first row a :class:`_NightRow`), the title and the header
    left out (blank); the header again without a title above it is no row
    (the same night).  A title above the header again whose date does not
    read ends what is read (``E-CSV-HEADER``, the sheet holds two nights):
    every row from it on is blank.  Read as rows of the first night, the
    second night's hands were stored under the first's date, its header
    refused as a hand (real24 F1).  A night's header that writes the first
    header's columns in another order (the players in that night's seats),
    or leaves out one (the Hand column; a player's: not at that night's
    table), or adds a Notes-like column (not read), is that night's
    own: its rows are read by it, each cell put under the first header's
    column of its heading, said in the night's ``W-CSV-NIGHT`` (break24c
    F6); a header naming a player the first header has not (a substitute)
    refuses its night at the title (``E-CSV-HEADER``, saying to add that
    column to the first header), every row of it blank
    until the next night's title: its rows were read with the first
    header's columns, one player's units stored as another's, the title
    dropped unsaid (break24b F1).  ``W-CSV-NIGHT`` says each night's date
    and where it was read; the first's (in ``notes``) is said to end above
    the second title."""
    if layout.night is None:
        yield from rows
        return
    width = len(layout.header) - 1

    def norm(x: list[str]) -> list[str]:
        cells = [c.replace("\ufeff", "").strip().casefold() for c in x]
        while cells and not cells[-1]:
            cells.pop()
        return cells

    first = norm(layout.header[:width])
    need = len([c for c in first if c])
    order = date_order_option(layout.columns)
    try:
        players = {c.replace("\ufeff", "").strip().casefold(): c.strip()
                   for c in sheet_header(layout.header, layout.columns)[1]}
    except ValueError:
        players = {}
    held: list = []  # a title row and the blank rows under it, until the next row written tells what it is
    night = None  # the date of the next row written: a new night's first
    stop = False
    skip = False  # the rows of a night refused at its title (its header not the first's): blank until the next title
    where: list[int | None] | None = None  # the night's own header: the cell of each of the first header's columns
    own_width = 0  # the cells of the night's own header
    cur = layout.night  # the date of the night read
    seen = {layout.night: 1}  # each night's date -> the row of its title (1: the first night's, or none)

    said: dict[str, str] = {}  # a title whose date is a day read in the sheet's year -> where its date was read
    back: list[bool] = []  # each night's step from the night above: back in time (_back)

    def dated(text: str) -> tuple[str | None, str | None]:
        """The date a night's title writes: in full, else a day without its
        year ('Nov 19th') in the year the first night's was read in (the
        file name's: break24b F6, the second such title was refused as
        writing no date)."""
        got, why_date = date_in_text(text, order or learned[0])
        if got is None and layout.year is not None and re.search(r"[^\W\d_]", text):
            year = cur[:4] if cur else layout.year
            got, why_day = day_in_text(text, year, order or learned[0])
            why_date = why_date or why_day
            if got is not None and cur and got < cur:
                # the nights run down the sheet: a day before the night above is of the year after it (break24c F2:
                # 'Jan 7' under 'Dec 31' was stored as January of the same year, eight months before the first night)
                year = str(int(year) + 1)
                got = day_in_text(text, year, order)[0]
                if got is not None:
                    said[text] = (f"the day in that title, of the year {year} (the year after the night above, "
                                  f"{cur}: the nights run down the sheet)")
            elif got is not None:
                said[text] = (f"the day in that title, of the year {year} ("
                              + ("the sheet's, as the first night's" if year == layout.year else "the night above's")
                              + ")")
        return got, why_date

    def title_of() -> tuple[int, str]:
        tr, title = held[0]
        text = " ".join(c.strip() for c in title if c.strip())
        if order is None and learned[0] is None:  # a title whose date reads one way only settles the order of the
            # titles below it, past the sheet's first rows too (break25 F4: an earlier title settles it, as a later)
            learned[0] = (_titles_order([title], 0) or (None,))[0]
        return tr, text

    learned: list[str | None] = [None]  # the order of day and month a title read so far settles

    for r, row in rows:
        if r <= layout.header_row:
            yield r, row
            continue
        if stop:
            yield r, []
            continue
        written = [c.strip() for c in row if c.strip()]
        if held and not written:
            held.append((r, row))
            continue
        cells = norm(row)
        again = bool(written) and cells == first[:len(cells)] and len(cells) >= need  # the header again
        own, why = (None, "") if again or not held or not written else _header_map(row, first, players)
        if again and not held:
            yield r, []  # no row: the same night goes on
            where = None
            continue
        if again or own is not None or why:
            tr, text = title_of()
            got, why_date = dated(text)
            if got is None:
                notes.append(Diagnostic(
                    "E-CSV-HEADER", f"row {row_words(tr)} is a title ({text[:60]!r}) above the header written again "
                    f"at row {row_words(r)}: the sheet holds two nights, and the title writes no date that reads"
                    + (f" ({why_date}; no title of the sheet settles the order: one whose day is over 12, as "
                       "'11/19/2026' month first or '19.11.2026' day first, would, as would --columns date-order=mdy "
                       "or dmy)" if why_date and "(day first) or" in why_date else f" ({why_date})" if why_date else "")
                    + f", so the rows from {row_words(tr)} on are not read "
                    f"(they would be stored as hands of {layout.night}); write the night's date in its title "
                    "('Thursday League - Nov 12 2026'), or save the night as its own sheet or file, and ingest that",
                    file=path, line=tr, col=1, found=text[:80], expected="a title with the night's date"))
                for hr, _ in held:
                    yield hr, []
                held, stop = [], True
                yield r, []
                continue
            for hr, _ in held:
                yield hr, []
            held = []
            if got in seen:  # a title repeating an earlier night's date (break24b F5)
                notes.append(_date_again(tr, text, r, got, seen[got], path))
                skip, night, where = True, None, None
                yield r, []
                continue
            seen[got] = tr
            if why:  # a header of other columns: its night is not read (break24b F1)
                new = [c.strip() for c in row if c.strip() and c.replace("\ufeff", "").strip().casefold() not in
                       first and _norm(c) not in NOTE_NAMES]
                fix = (("add a column " + " and ".join(repr(c) for c in new) + " to the first header (row "
                        f"{row_words(layout.header_row)}), its cells blank on the nights "
                        + ("that player" if len(new) == 1 else "those players") + " did not play (a player of the "
                        "first header left out of a night's header did not play that night), or save the night as "
                        "its own sheet or file, and ingest that") if new else
                       "write each column once in the night's header, or save the night as its own sheet or file, "
                       "and ingest that")
                notes.append(Diagnostic(
                    "E-CSV-HEADER", f"row {row_words(tr)} is a title ({text[:60]!r}) of another night, of {got}, "
                    f"and its header at row {row_words(r)} is not the first header's columns ({why}): a sheet's "
                    "nights are read with the columns of its first header (in any order, a player's left out when "
                    "that player did not play), so the rows of that night, to the next title, are not read (no "
                    "column holds the new player's units); " + fix, file=path, line=tr, col=1,
                    found=", ".join(c.strip() for c in row if c.strip())[:80],
                    expected=", ".join(c.strip() for c in layout.header[:width] if c.strip())[:80]))
                skip, night, where = True, None, None
                yield r, []
                continue
            _back(notes, path, tr, text, got, cur, seen, back)
            skip, night, cur = False, got, got
            where = None if again else own
            own_width = len(row)  # the night's header's cells: a cell beyond them is beyond the sheet's header
            unread = [c.strip() for c in row if c.strip() and _norm(c) in NOTE_NAMES
                      and c.replace("\ufeff", "").strip().casefold() not in first] if where is not None else []
            absent = [players[h] for h in first if h in players and where is not None and where[first.index(h)] is None]
            _first_night_ends(notes, tr)
            notes.append(Diagnostic(
                "W-CSV-NIGHT", f"row {row_words(tr)} is a title ({text[:60]!r}) above the header written again at row "
                f"{row_words(r)}: the rows under it are another night, of {got}, "
                f"{said.get(text, 'the date in that title')}"
                + ("" if where is None else ", each read by the column of its own header (its columns in another "
                   "order than the first header's, or without some)")
                + (f"; {', '.join(absent)} did not play that night (no column in its header)" if absent else "")
                + (f"; its {', '.join(repr(c) for c in unread)} column is notes, not read (the first header has no "
                   "such column: add one there to keep them as the hands' notes)" if unread else ""),
                "warning", path, tr, 1, found=text[:80]))
            yield r, []
            continue
        if held:
            tr, text = title_of()
            got = None if skip else dated(text)[0]
            if got is not None and got != cur and got in seen:  # an earlier night's date again (break24b F5)
                notes.append(_date_again(tr, text, None, got, seen[got], path))
                skip, night, where = True, None, None
                got = None
            if got is not None and got != cur:  # a dated title and no header under it: a night of the same columns
                _back(notes, path, tr, text, got, cur, seen, back)
                night, cur, seen[got] = got, got, tr
                _first_night_ends(notes, tr)
                notes.append(Diagnostic(
                    "W-CSV-NIGHT", f"row {row_words(tr)} is a title ({text[:60]!r}) with no header under it: the rows "
                    f"under it are another night, of {got}, {said.get(text, 'the date in that title')}, read by the "
                    "columns of the "
                    "header above", "warning", path, tr, 1, found=text[:80]))
                held = [(hr, []) for hr, _ in held]
            yield from ([(hr, []) for hr, _ in held] if skip else held)
            held = []
        if 1 <= len(written) <= 2:  # a title, maybe (told by the next row written)
            held = [(r, row)]
            continue
        if skip:
            yield r, []
            continue
        if where is not None and written:
            row = [*(row[k] if k is not None and k < len(row) else "" for k in where), *row[max(own_width, len(where)):]]
        if night is not None and written:
            row = _NightRow(row)
            row.night, night = night, None
        yield r, row
    yield from ([(hr, []) for hr, _ in held] if skip else held)


def _back(notes: list[Diagnostic], path: str | None, tr: int, text: str, got: str, cur: str | None,
          seen: dict[str, int], back: list[bool]) -> None:
    """A ``W-CSV-NIGHT`` at the title (row ``tr``) of a night dated before
    the night above it (``cur``): a sheet's nights run down it, so a title
    mistyped (or read in the wrong order of day and month) is questioned;
    said at the first step back after one forward (or the sheet's first
    step), not at each night of a sheet kept newest first (break24c F8:
    11/19/2026 under 12/11/2026 was stored three weeks before, no word)."""
    if cur is None or got >= cur:
        back.append(False)
        return
    if not (back and back[-1]):
        days = (_dt.date.fromisoformat(cur) - _dt.date.fromisoformat(got)).days
        above = seen.get(cur)
        notes.append(Diagnostic(
            "W-CSV-NIGHT", f"row {row_words(tr)}: the title ({text[:60]!r}) dates its night {got}, {days} day"
            + ("s" if days != 1 else "") + f" before the night above ({cur}"
            + (f", row {row_words(above)}" if above and above > 1 else "") + "): read as written; if the sheet does "
            "not keep its newest night first, correct the title that is wrong (a mistyped date, or day and month "
            "read in the wrong order: --columns date-order=dmy or mdy)", "warning", path, tr, 1, found=got,
            expected=f"a date after {cur}"))
    back.append(True)


def _title_day(row: list[str], order: str | None) -> tuple[str, str] | None:
    """``(its text, the day it writes)`` when ``row`` is a dated title row
    (one cell written, the first: "Thursday League - Nov 19 2026"), else
    None."""
    written = [c.strip() for c in row if c.strip()]
    if len(written) != 1 or written[0] != row[0].strip():
        return None
    day, _ = date_in_text(written[0], order)
    return None if day is None else (written[0], day)


def _titled_row(row: list[str], k: int, title: tuple[str, str], tr: int, hr: int, order: str | None,
                path: str | None, said: list[Diagnostic]) -> list[str]:
    """The first row of a night under a dated title row ``tr`` (``title``:
    its text and day) and the header written again at row ``hr``, in a
    sheet with a Date column (its index ``k``): the row with its blank Date
    cell set to the title's day (the rows after it take it as a merged date
    cell's), ``W-CSV-NIGHT`` added to ``said``; a Date cell of another day
    is read as written, the title's other day said.  Left blank, the rows
    were filed under the night above without a word (break24c F1)."""
    text, day = title
    cell = row[k].strip() if k < len(row) else ""
    if not cell:
        said.append(Diagnostic(
            "W-CSV-NIGHT", f"row {row_words(tr)} is a title ({text[:60]!r}) above the header written again at row "
            f"{row_words(hr)}, and the rows under it leave the Date cell blank: they are the night of {day}, the date "
            "in that title", "warning", path, tr, 1, found=text[:80], expected="a Date cell in the night's first row"))
        return [*row[:k], *[""] * (k - len(row)), day, *row[k + 1:]]
    if day not in ({read_date(cell, o) for o in (order,) if order} or
                   {read_date(cell, o) for o in ("dmy", "mdy")} - {None} or {day}):
        # (the cell read either way where the sheet's order is decided later, from all its Date cells)
        said.append(Diagnostic(
            "W-CSV-NIGHT", f"row {row_words(tr)} is a title ({text[:60]!r}) of {day} above the header written again "
            f"at row {row_words(hr)}, but the Date cell under it says {cell!r}: the rows are read by their Date "
            "cells", "warning", path, tr, 1, found=cell, expected=day))
    return row


def _titled_night(rows: list[list[str]], out: list[list[str]], block: int, r: int, k: int, layout: Layout,
                  path: str | None, result: FileResult) -> None:
    """:func:`_titled_row` of the sheet read whole: the header written again
    at ``rows[r]``, the title the last filled row above it (from ``block``),
    the night's first row the first filled row under it, set in ``out``."""
    t = r - 1
    while t >= block and not any(c.strip() for c in rows[t]):
        t -= 1
    order = date_order_option(layout.columns)
    title = _title_day(rows[t], order) if t >= block else None
    if title is None:
        return
    j = r + 1
    while j < len(rows) and not any(c.strip() for c in rows[j]):
        j += 1
    if j < len(rows):
        at = _row_of(rows)
        out[j] = _titled_row(rows[j], k, title, at(t), at(r), order, path, result.errors)


def _names_again(row: list[str], players, index: dict[str, int]) -> bool:
    """Whether ``row`` writes, in each player's column, that column's own
    header name (two players or more): a second header row (a translated
    one, 'Datum,Nr,Spieler,...', under the English), no hand (break27 F4:
    refused as hand 1, "'Datum' is not a date")."""
    players = list(players)
    return len(players) >= 2 and all(
        index[p] < len(row) and row[index[p]].replace("\ufeff", "").strip().casefold() == p.strip().casefold()
        for p in players)


def _full_names(row: list[str], players, index: dict[str, int]) -> list[str] | None:
    """The names a row under the header writes in each player's column, every other cell blank, each a name and
    not the column's own (two players or more; 'Gus Hahn' under 'Gus'): a second header row of the players' full
    names, no hand (break28 F6: refused as hand 1, E-CSV-DATE); else None."""
    players = list(players)
    at = {index[p] for p in players}
    if len(players) < 2 or any(c.strip() for i, c in enumerate(row) if i not in at):
        return None
    names = [row[index[p]].replace("\ufeff", "").strip() if index[p] < len(row) else "" for p in players]
    if not all(n and re.search(r"[^\W\d_]{2}", n) and whole_units(n) is None and not is_fraction(n)
               and money_value(n) is None for n in names):
        return None
    if all(n.casefold() == p.strip().casefold() for n, p in zip(names, players)):
        return None  # the header's own names again (_names_again)
    return names


def _full_names_note(r, names: list[str], players, path: str | None, columns: str | None = None) -> Diagnostic:
    """``W-CSV-HEADER`` of a row :func:`_full_names` finds: left out, said at it with the --columns that names the
    players so (unless ``columns``, the --columns given, already does)."""
    pairs = [(seat_label(p), n) for p, n in zip(players, names) if n != seat_label(p)]
    try:
        said = {(_norm(a), _norm(v)) for a, v in _parts(columns)} if columns else set()
    except ValueError:
        said = set()
    how = ("the players stored by the names --columns gives" if all((_norm(a), _norm(n)) in said for a, n in pairs)
           else "the players stored by the header's names (to store them by these, ingest with --columns "
           f'"{",".join(f"{a}={n}" for a, n in pairs)}")')
    return Diagnostic(
        "W-CSV-HEADER", f"row {row_words(r)} writes a name in each player's column and nothing else "
        f"({', '.join(f'{seat_label(p)}: {n}' for p, n in zip(players, names))}): a second header row of the players' "
        f"names, not a hand; not read, {how}", "warning", path, r, 1, found=", ".join(names)[:80],
        expected="a row of a hand")


def _names_again_note(r, row: list[str], players, path: str | None) -> Diagnostic:
    """``W-CSV-HEADER`` of a row :func:`_names_again` finds: left out, said at it."""
    return Diagnostic(
        "W-CSV-HEADER", f"row {row_words(r)} names the header's players ({', '.join(players)}) in their own columns: "
        "a second header row, not a hand; not read (a sheet is read with its first header)", "warning", path, r, 1,
        found=", ".join(c.strip() for c in row if c.strip())[:80], expected="a row of a hand")


def _names_below(layout: Layout, players: list[str], rows: list[list[str]], path: str | None) -> Diagnostic | None:
    """``E-CSV-COLUMNS`` for a header of two rows: one player column named by
    a word ('Units', 'Score', 'Points') over the players' names in the row
    below, the header's cells beside it blank (break27 F4: 'Units' read as
    the only player, and each hand refused "'Lou' is not a player ...
    expected Units"); else None.  Refused once, at the header."""
    header, r = layout.header, layout.header_row  # rows[r]: the row below the header (row r + 1)
    below = rows[r] if len(rows) > r else None
    if below is None:
        return None
    filled = [i for i, c in enumerate(below) if c.strip()]
    for p in players:
        j = header.index(p) if p in header else -1
        if j < 0 or j >= len(below) or not below[j].strip() or not re.fullmatch(r"[^\W\d_]+", p.strip()):
            continue
        end = j + 1
        while end < len(below) and below[end].strip() and not (end < len(header) and header[end].strip()):
            end += 1
        names = [below[i].strip() for i in range(j, end)]
        if (len(names) >= 2 and filled == list(range(j, end))
                and all(whole_units(n) is None and re.search(r"[^\W\d_]", n) for n in names)):
            return Diagnostic(
                "E-CSV-COLUMNS", f"the players' names ({', '.join(names)}) are in row {row_words(r + 1)}, under "
                f"{p.strip()!r} of the header row {row_words(r)}: a sheet's header is one row, so {p.strip()!r} "
                "would be read as the only player and every hand refused; put the players' names in the header row "
                f"(in place of {p.strip()!r} and the blank cells beside it), delete row {row_words(r + 1)}, and "
                "ingest the sheet again; nothing read", file=path, line=r, col=j + 1, found=p.strip(),
                expected="one column a player, named in the header row")
    return None


def _second_headers(rows: list[list[str]], layout: Layout, cols: dict[str, str], index: dict[str, int],
                    path: str | None, result: FileResult, players=()) -> list[list[str]]:
    """``rows`` with the header repeated below the first (a second night
    pasted under the first with its own header row) read as what it is: a
    repeat of the same cells is left out as a blank row; a header that names
    other columns (Fay's column where the first header has Eve's) ends what
    is read: every row from it on is left out, with one ``E-CSV-HEADER`` at
    it saying so.  Read with the first header, Fay's units were stored as
    Eve's, without a word but a refused "hand 1" (sheet18 F0).  A row is a
    header when its date column holds the header's own date heading.  Row
    numbers stay the file's (left-out rows become blank rows).  A sheet
    dated by its title row: :func:`_night_blocks`."""
    if layout.night is not None:
        out = [row for _, row in _night_blocks(numbered(rows, 1), layout, path, result.errors)]
        return rows if all(a is b for a, b in zip(out, rows)) else out
    head = cols.get("date")
    k = index.get(head) if head is not None else None
    if k is None or layout.night is not None:
        return rows
    want = head.strip().casefold()
    first = [c.strip().casefold() for c in layout.header]
    out = rows
    block = layout.header_row  # rows[block:] are the rows under the header last read
    for r in range(layout.header_row, len(rows)):  # rows[r] is row r + 1 of the file
        row = rows[r]
        if k >= len(row) or row[k].replace("\ufeff", "").strip().casefold() != want:
            if _names_again(row, players, index):  # a translated header under the first (break27 F4)
                if out is rows:
                    out = list(rows)
                out[r] = []
                result.errors.append(_names_again_note(_row_of(rows)(r), row, players, path))
            elif (full := _full_names(row, players, index)) is not None:  # the players' full names (break28 F6)
                if out is rows:
                    out = list(rows)
                out[r] = []
                result.errors.append(_full_names_note(_row_of(rows)(r), full, players, path, layout.columns))
            continue  # (a second file's header keeps its byte order mark: two exports joined, break21b F22)
        if out is rows:
            out = list(rows)
        row = [c.replace("\ufeff", "") for c in row]
        cells = [c.strip().casefold() for c in row]
        while cells and not cells[-1]:
            cells.pop()
        if cells == first[:len(cells)] and len(cells) >= len([c for c in first if c]):
            out[r] = []  # the same header again: no row of the sheet
            _pasted_again(rows, out, block, r, k, want, path, result)
            _titled_night(rows, out, block, r, k, layout, path, result)
            block = r + 1
            continue
        other = [f"{c.strip()!r}" for c in row if c.strip() and c.strip().casefold() not in first]
        gone = [f"{c.strip()!r}" for c in layout.header if c.strip() and c.strip().casefold() not in cells]
        differ = ", ".join(x for x in (", ".join(other) + (" where the first header has " + ", ".join(gone)
                                                             if gone else "") if other or gone else "",) if x)
        last = max((i for i in range(r, len(rows)) if any(c.strip() for c in rows[i])), default=r)
        at = _row_of(rows)
        result.errors.append(Diagnostic(
            "E-CSV-HEADER", f"row {row_words(at(r))} is a second header row with other columns "
            f"({differ or 'in another order'}): a sheet is read with one header, so rows "
            f"{row_words(at(r))}-{row_words(at(last))} are not read (their units would go to the first header's "
            "players); save the night under it as its own sheet or file, and ingest that", file=path, line=at(r),
            col=1, found=", ".join(c.strip() for c in row if c.strip())[:80],
            expected="a row of a hand, or the first header again"))
        for i in range(r, len(out)):
            out[i] = []
        break
    return out


def _no_players(cols: dict[str, str], index: dict[str, int], rows: list[list[str]], layout: Layout,
                path: str | None) -> Diagnostic:
    """The ``E-CSV-COLUMNS`` of a score sheet whose header has no player
    column (date, dealer, picker, partner, call, points and nothing else):
    the players a hand seats are the sheet's player columns, so each row's
    dealer and picker were refused as "not a player" (real24 F3).  It names
    the players the rows' dealer, picker, partner and leaster cells write,
    and how to give the columns (their cells blank: the units derived)."""
    named: list[str] = []
    for row in rows:
        for f in ("dealer", "picker", "partner", "leaster"):
            k = index.get(cols.get(f, ""), None)
            t = plain_name(row[k].strip()) if k is not None and k < len(row) else ""
            if t and t != "?" and t.lower() not in ("-", "alone", "tie", "wash") and t not in named \
                    and not t.lower().startswith("total") and len(named) < 12:
                named.append(t)
    eg = ",".join(named) if named else "Al,Bea,Cy,Di,Ed"
    return Diagnostic(
        "E-CSV-COLUMNS", "the sheet names no players: its header has no column for a player's units, and a hand's "
        "table is the sheet's player columns" + (f" (its rows name {', '.join(named)})" if named else "") +
        f"; add a column headed with each player's name ({eg}), each cell the player's units, or blank to have "
        "the units derived from the picker, partner, call and points (rules.md B-27..B-33), or write the night as "
        "SHN score lines under [Seats]; nothing read", file=path, line=layout.header_row, col=1,
        found=", ".join(c for c in layout.header if c != NIGHT_COLUMN), expected="a column a player")


def _schafkopf_ledger(rules: str | None, header_row: int, path: str | None) -> Diagnostic | None:
    """One ``E-CSV-RULES`` for a ledger of sitting totals read under a
    Schafkopf ``--rules``: a ledger's sittings are stored as Sheepshead
    units, and a Schafkopf house's nets (tariff points, cents) were added to
    its players' Sheepshead totals under the rules given (nsk18 F2; the
    README: the games' units are never added together).  None for any
    other rules."""
    from replay.schafkopf import SCHAFKOPF_PROFILES  # noqa: PLC0415

    first = (rules or "").split(";")[0].strip()
    if first not in SCHAFKOPF_PROFILES:
        return None
    return Diagnostic("E-CSV-RULES", f"this ledger of sitting totals is read under the Schafkopf rules {rules!r}: a "
                      "ledger's sittings are stored as Sheepshead units only, and Schafkopf's tariff points are never "
                      "added to them. Store the Schafkopf nights by their games (SHN-SK score lines, notation.md, or "
                      "the NetSchafkopf protocols); nothing read", file=path, line=header_row, col=1,
                      found=f"--rules {rules}", expected="a Sheepshead ledger (no Schafkopf --rules)")


#: the first header cell of a sheet of players as rows (sheetx34 F6)
_TRANSPOSED_FIRST = frozenset({"player", "players", "name", "names", "spieler", "spielerin", "joueur", "who"})
#: a header cell naming one hand of a sheet of players as rows: 'Hand 1', 'Game 2', 'Spiel 3', '#4', 'H5', '6'
_HAND_HEADING = re.compile(r"(?:hand|game|deal|spiel|runde|round|h|g|#)?\s*(?:no\.?|nr\.?|#)?\s*\d{1,3}", re.IGNORECASE)


def _transposed(first: list[list[str]]) -> tuple[int, list[str]] | None:
    """``(row number, its cells written)`` of the header of a sheet written
    with players as rows and hands as columns (``Player,Hand 1,Hand 2,...,
    Total``; the first cell Player/Name/Spieler, two or more cells a hand's
    number, the others a totals label) among ``first`` (the sheet's first
    rows); None for any other sheet (sheetx34 F6: refused "no date column",
    the layout unsaid)."""
    for r, row in enumerate(first, 1):
        head = [c.strip() for c in row if c.strip()]
        if len(head) < 2:
            continue  # a blank row, or a title row above the header
        if _norm(head[0]) not in _TRANSPOSED_FIRST:
            return None
        hands = sum(1 for c in head[1:] if _HAND_HEADING.fullmatch(c))
        if hands >= 2 and all(_HAND_HEADING.fullmatch(c) or is_totals_row("", "", c) for c in head[1:]):
            return r, head
        return None
    return None


def _no_date(cols: dict[str, str], header: list[str], rows: list[list[str]], layout: Layout,
             path: str | None) -> Diagnostic:
    """The ``E-CSV-COLUMNS`` of a sheet with no date column and no night's
    date (:func:`sheet_layout`): what to do, for a score sheet and a ledger."""
    title = [c.strip() for c in header if c.strip()]
    below = next((row for row in rows[layout.header_row:] if any(c.strip() for c in row)), None)
    if len(title) == 1 and below is not None:  # a title row above a header that names no field of a hand
        r = layout.header_row
        hint = (f"; row {row_words(r)} reads as a title ({title[0][:60]!r}), not a header: delete it, so that the "
                f"header is row {row_words(r)}" + ("" if any(_norm(c) in FIELDS["date"] for c in below) else
                              ", and add a Date column (the night's date on its first row is enough)"))
    elif any(f in cols for f in HAND_FIELDS):  # a score sheet of one night: its date can be given
        hint = (f" ({layout.why}; give the order: --columns date-order=mdy for month first, date-order=dmy for day "
                "first, which reads every title of the sheet so)" if layout.why and "reads two ways" in layout.why
                else f" ({layout.why})" if layout.why else "") + (
            "; a sheet of one night can give its date instead: --columns date=2026-12-04, or the date in the "
            "file name (sheepshead-2026-12-04.csv) or in a title row above the header" if not (
                layout.why and "which is no date" in layout.why) else  # the date above is there, unread (verify32 F6)
            "; a sheet of one night can give its date instead: --columns date=2026-12-04, the date in the file "
            "name (sheepshead-2026-12-04.csv), or the date above the header written so that it reads (2026-12-04)")
    else:
        hint = "; a ledger of sitting totals needs each sitting's date"
    return Diagnostic("E-CSV-COLUMNS", "no date column: a score sheet or ledger needs one (name it 'date', or map it "
                      "with --columns date=COLUMN)" + hint, file=path, line=layout.header_row, col=1,
                      found=", ".join(c for c in header if c != NIGHT_COLUMN), expected="a 'date' column")


class _Totals:
    """The running sums of a sheet's player columns, to check its totals
    rows against (:func:`ingest.csv_cells.is_totals_row`): a totals row's
    cell must equal the sum of that column's units written since the last
    totals row, or since the first row (a grand total under subtotals);
    else a ``W-CSV-TOTALS`` warning at the cell names the player, the sum
    written and the sum of the rows (since the last totals row; since the
    first row when no row came after the last).  The rows are stored either way: the
    totals row is the spreadsheet's arithmetic, not a hand.  A running pad's
    opening row of standings carried over (:meth:`opening`) is no hand: its
    Total row may write the final standings (the carry plus the night's
    units) or the night's units; either is checked, and :attr:`night` and
    :attr:`grand` are the night's units."""

    def __init__(self, players: list[str], index: dict[str, int], label: dict[str, str],
                 pending: list | None = None) -> None:
        self.cols = [(p, index[p]) for p in players]
        self.label = label
        #: the totals rows over rows whose units the engine derives (no units written: real24 F3), checked once the
        #: hands are scored (:func:`_derived_totals`): ``(row, cells, the totals row before it or 0)``; None: the
        #: rows are read in batches, and such a totals row is said unchecked
        self.pending = pending
        self.derived = self.derived_all = 0  # rows without units since the last totals row, and since the first
        self.last_row = 0  # the row of the last totals row (0: none yet)
        self.since = dict.fromkeys(players, 0)
        self.start = dict.fromkeys(players, 0)
        #: the standings of running pads' opening rows, since the last totals row and since the first row
        self.carry = dict.fromkeys(players, 0)
        self.carry_all = dict.fromkeys(players, 0)
        self.rows = 0  # rows since the last totals row
        #: the sheet's own grand total (player -> units written), when its last row that counts is a totals row
        #: whose every player cell is written and equals the sum of all rows above (None otherwise)
        self.grand: dict[str, int] | None = None
        #: the last totals row's cells (player -> units written) when each equals its column since the totals row
        #: before it: a night's own Total row in a sheet of several nights (None otherwise)
        self.night: dict[str, int] | None = None
        #: the sheet's one totals row as written (player -> units), every player's cell a whole number, when its last
        #: row that counts is that row and no standing is carried over, whether or not it sums the rows above: what a
        #: later send of a stored night states its totals to be (fixa27, real26 F6)
        self.stated: dict[str, int] | None = None
        #: each checked totals row -> the totals row before it (0: the first row), the rows it sums being between:
        #: a refused row among them is left out of its sum once the hands are judged (:func:`_refused_in_totals`)
        self.blocks: dict[int, int] = {}

    def add(self, row: list[str], derived: bool = False) -> None:
        """Add a row's units (cells that are no whole number count nothing);
        ``derived``: the row writes no units (the engine derives them)."""
        self.rows += 1
        self.derived += derived
        self.derived_all += derived
        self.grand = self.stated = None  # a hand after the totals row: it totals no longer the whole sheet
        for p, k in self.cols:
            v = whole_units(row[k]) if k < len(row) else None
            if v is not None:
                self.since[p] += v
                self.start[p] += v

    def opening(self, row: list[str]) -> None:
        """A running pad's opening row (each player's standing carried over
        from the house's season): no hand's units, but a totals row below
        may count it."""
        for p, k in self.cols:
            v = whole_units(row[k]) if k < len(row) else None
            if v is not None:
                self.carry[p] += v
                self.carry_all[p] += v

    def sums(self, row: list[str]) -> bool:
        """Whether ``row`` writes, in every player's cell, the sum of that
        column's units over the two or more rows since the last totals row
        (none of them derived): an unlabelled row of sums under the hands
        (break24c F3: a spreadsheet's ``=SUM`` row left without "Total",
        read as one more hand and counted twice)."""
        if self.rows < 2 or self.derived:
            return False
        for p, k in self.cols:
            if (whole_units(row[k]) if k < len(row) else None) != self.since[p]:
                return False
        return any(self.since.values())

    def new_night(self, r: int) -> None:
        """A new night starts at row ``r`` (a sheet of nights kept as blocks
        under their titles): the sums since the last totals row start again,
        as after a totals row."""
        self.since = dict.fromkeys(self.since, 0)
        self.carry = dict.fromkeys(self.carry, 0)
        self.rows = self.derived = 0
        self.last_row = int(r) - 1

    def check(self, r: int, row: list[str], path: str | None) -> list[Diagnostic]:
        """The warnings of the totals row ``row`` (row number ``r``); the
        sums since the last totals row start again."""
        out = []
        written = {p: whole_units(row[k]) if k < len(row) else None for p, k in self.cols}
        if self.derived if self.rows else self.derived_all:
            # rows above write no units: their sums are the engine's, known once the hands are scored (break24 fixi
            # 1: "the rows above sum to +0" for every player of a sheet whose units are all derived)
            out = self._derived(r, row, path, written)
            self.since = dict.fromkeys(self.since, 0)
            self.carry = dict.fromkeys(self.carry, 0)
            self.rows = self.derived = 0
            self.last_row = int(r)
            return out

        def units(v: int, p: str, sums: dict[str, int], carry: dict[str, int]) -> int | None:
            """The units a written total stands for: the rows' sum, or the sum and the carried standing."""
            return v if v == sums[p] else v - carry[p] if carry[p] and v == sums[p] + carry[p] else None

        self.blocks[int(r)] = self.last_row if self.rows else 0
        grand = {p: units(v, p, self.start, self.carry_all) if v is not None else None for p, v in written.items()}
        self.stated = (dict(written) if not self.last_row and all(v is not None for v in written.values())
                       and not any(self.carry_all.values()) else None)
        self.grand = grand if all(v is not None for v in grand.values()) else None
        given = {p: units(v, p, self.since, self.carry) for p, v in written.items() if v is not None}
        self.night = given if self.rows and given and all(v is not None for v in given.values()) else None
        if self.night is None and self.rows and all(v is not None for v in written.values()) \
                and not any(self.carry.values()):
            # a night's wrong Total row (W-CSV-TOTALS): the row as written, what the store checks the night against
            # (fixf27, real27 F2: the ledger named no such night incomplete)
            self.night = dict(written)
        for p, k in self.cols:
            t = row[k].strip() if k < len(row) else ""
            if not t:
                continue
            v = whole_units(t)
            sum_ = self.since[p] if self.rows else self.start[p]
            if v is None:
                n = long_number(t)  # break30 F3: 5,000 digits raised
                out.append(Diagnostic("W-CSV-TOTALS", f"row {row_words(r)}: the totals row's {self.label[p]} {t!r} "
                                      + (f"has {n:,} digits, more than any total (at most {MAX_DIGITS} digits)" if n
                                         else "is not a whole number of units") + "; not checked", "warning", path,
                                      r, k + 1, found=t, expected=f"{sum_:+d}"))
            elif units(v, p, self.since, self.carry) is None and units(v, p, self.start, self.carry_all) is None:
                carried = self.carry[p] if self.rows else self.carry_all[p]
                # a money sheet's cell says money: named as written, with its units, and the sum alike (real23 F8:
                # "writes Al +4" where the cell says $1.00)
                cash = row.written[k].strip() if isinstance(row, MoneyRow) and k < len(row.written) else None

                def amount(n: int) -> str:
                    return f"{money_like(n * row.stake, cash)} ({n:+d})" if cash else f"{n:+d}"

                # a pad that carries standings over: the Total is its last standing, name that (real22 F7: it named
                # the night's sum, +3, where the standing compared was 13)
                said = (f"the last standing is {amount(sum_ + carried)} ({carried:+d} carried over and {sum_:+d} "
                        "tonight)" if carried else f"the rows above sum to {amount(sum_)}")
                wrote = (f"{cash} ({v:+d} units at {float(row.stake):g})" if cash else f"{v:+d}")
                out.append(Diagnostic("W-CSV-TOTALS", f"row {row_words(r)}: the totals row writes {self.label[p]} "
                                      f"{wrote}, but {said}; the hands are stored as their rows write them",
                                      "warning", path, r, k + 1, found=cash or f"{v:+d}",
                                      expected=amount(sum_ + carried)))
        self.since = dict.fromkeys(self.since, 0)
        self.carry = dict.fromkeys(self.carry, 0)
        self.rows = 0
        self.last_row = int(r)
        return out

    def _derived(self, r: int, row: list[str], path: str | None, written: dict[str, int | None]) -> list[Diagnostic]:
        """A totals row over rows that write no units: kept to be checked
        against the scored hands (:attr:`pending`), its cells the night's
        and the sheet's totals for the store to check the stored units
        against (``session_checks``); read in batches, a ``W-CSV-TOTALS``
        at each cell says it is not checked."""
        lo = self.last_row if self.rows else 0
        every = all(v is not None for v in written.values())
        self.grand = dict(written) if every and not lo else None
        self.night = dict(written) if every and self.rows else None
        if self.pending is not None:
            self.pending.append((r, row, lo))
            return []
        cells = [(p, k) for p, k in self.cols if k < len(row) and row[k].strip()]
        if not cells:
            return []
        said = ", ".join(f"{self.label[p]} {row[k].strip()}" for p, k in cells)
        rows, derived = (self.rows, self.derived) if self.rows else (0, self.derived_all)
        # break24c F9: "rows above it write no units" where some of them did
        which = (f"{derived} of the {rows} rows above it write no units" if 0 < derived < rows
                 else "rows above it write no units")
        return [Diagnostic("W-CSV-TOTALS", f"row {row_words(r)}: the totals row writes {said}, and {which} (the "
                           "engine derives them from the picker, partner, call and points, rules.md B-27..B-33); a "
                           "sheet this large is read in batches, so the totals row is not checked as the rows are "
                           "read" + ("; the night's stored units are checked against it (session_checks)"
                                     if self.night is not None else ""), "warning", path, r, cells[0][1] + 1,
                           found=said, expected="the sum of the scored hands")]


def _derived_totals(pending: list, res, out: CsvResult, index: dict[str, int], path: str | None,
                    diags: list[Diagnostic]) -> list[tuple[int, int]]:
    """The ``W-CSV-TOTALS`` warnings of the totals rows over rows that
    write no units (:attr:`_Totals.pending`), once the engine has scored the
    hands (``res``, the validated sheet): each written cell against the sum
    of that player's units in the hands of the rows between the totals row
    before it (or the first row) and it.  A row of them refused is said at
    that row, and the totals row is then not checked (its sum would lack
    the refused hand).  The warnings are appended to ``diags``; returned:
    ``(the totals row before, the totals row)`` of each totals row that
    differs (its cells are then no totals the store checks)."""
    bad = []
    for r, row, lo in pending:
        if any(lo < int(x.source_line) < int(r) for x in res.rejected):
            continue
        sums = dict.fromkeys(out.players, 0)
        for h in res.hands:
            if lo < int(h.source_line) < int(r):
                got = {h.outcome.players.get(a, a): u for a, u in h.outcome.units.items()}
                for p in out.players:
                    sums[p] += got.get(out.names.get(p, p), 0)
        for p in out.players:
            k = index[p]
            t = row[k].strip() if k < len(row) else ""
            v = whole_units(t) if t else None
            if not t or v == sums[p]:
                continue
            cash = row.written[k].strip() if isinstance(row, MoneyRow) and k < len(row.written) else None

            def amount(n: int) -> str:
                return f"{money_like(n * row.stake, cash)} ({n:+d})" if cash else f"{n:+d}"

            wrote = (f"{cash} ({v:+d} units at {float(row.stake):g})" if cash and v is not None
                     else f"{v:+d}" if v is not None else repr(t))
            diags.append(Diagnostic(
                "W-CSV-TOTALS", f"row {row_words(r)}: the totals row writes {seat_label(p)} {wrote}, but the hands "
                f"above score {amount(sums[p])} (their units derived from the picker, partner, call and points, "
                "rules.md B-27..B-33); the hands are stored as the rules score them", "warning", path, r, k + 1,
                found=cash or (f"{v:+d}" if v is not None else t), expected=amount(sums[p])))
            if not bad or bad[-1] != (lo, int(r)):
                bad.append((lo, int(r)))
    return bad


def _refused_in_totals(notes: list[Diagnostic], blocks: dict[int, int], refused: dict[int, str], by_row: dict,
                       index: dict[str, int], players: list[str], path: str | None) -> list[Diagnostic]:
    """``notes`` with each ``W-CSV-TOTALS`` of a totals row over a refused row said again without that row's units
    (break28 F7: the refused row was counted in the sum, the correct Total row blamed, and the refused row said
    "stored"): the stored rows' sum, the refused rows named with their code, and what the refused row's cell would
    be for the Total row to hold; a Total row that the stored rows match is no warning.  A totals row that carries
    standings over or writes money is left as it was said.  ``refused``: each refused row's line -> its code;
    ``by_row``: line -> ``(row number as said, cells)`` of at least the refused rows (the sheet read whole gives
    every row; read in batches, :func:`read_csv_stream` keeps only the refused ones).  The stored rows' sum is the
    warning's own sum of the rows (its ``expected``, a whole number of units) less the refused rows' cells."""
    col_of = {index[p] + 1: p for p in players}
    out = []
    for d in notes:
        lo = blocks.get(int(d.line)) if d.code == "W-CSV-TOTALS" else None
        p = col_of.get(d.col)
        bad = sorted(x for x in refused if lo is not None and lo < x < int(d.line))
        wrote, sum_ = whole_units(str(d.found or "")), whole_units(str(d.expected or ""))
        if lo is None or p is None or not bad or wrote is None or sum_ is None \
                or "carried over" in d.message or "the rows above sum to" not in d.message:
            out.append(d)  # (a money sheet's cells say money: found is no whole number of units)
            continue
        k = index[p]
        cells = {x: whole_units(by_row[x][1][k]) if x in by_row and k < len(by_row[x][1]) else None for x in bad}
        kept = sum_ - sum(v for v in cells.values() if v is not None)
        if wrote == kept:
            continue  # the stored rows sum to it: the refused row's typo was the only difference
        said = {x: by_row[x][0] if x in by_row else x for x in bad}
        names = ", ".join(f"row {row_words(said[x])} ({refused[x]}, written {seat_label(p)} "
                          f"{(f'{cells[x]:+d}' if cells[x] is not None else 'blank')})" for x in bad)
        fix = (f"; the totals row holds if row {row_words(said[bad[0]])} writes {seat_label(p)} "
               f"{wrote - kept:+d}" if len(bad) == 1 else "")
        out.append(Diagnostic(
            "W-CSV-TOTALS", f"row {row_words(d.line)}: the totals row writes {seat_label(p)} "
            f"{wrote:+d}, but the stored rows above sum to {kept:+d}; refused and not stored: {names}{fix}", "warning",
            d.file, d.line, d.col, found=f"{wrote:+d}", expected=f"{kept:+d}"))
    return out


def _refused_of(res) -> dict[int, str]:
    """Each refused hand's row (its source line) -> the code of its first error (a validated sheet's ``res``)."""
    return {int(x.source_line): (x.errors[0].code if x.errors else "refused") for x in res.rejected}


def _labelled_elsewhere(row: list[str], players: frozenset[int], ignored: frozenset[int]) -> bool:
    """Whether ``row`` is a totals row by a label in a cell other than its
    date, first, hand, dealer or picker cell (``Total`` in the Result or
    Points cell beside the player columns): some cell outside the player
    columns ``players`` (0-based) is a totals label
    (:func:`ingest.csv_cells.is_totals_row`: ``Total``, ``Totals``, ``Sum``,
    ``Night total`` ...), and every other cell outside them and outside the
    ignored columns ``ignored`` (Notes, Check) is blank: the row says
    nothing else of a hand (sheetx34 F2: ``,,,,,,,Total,$1.75,...`` was
    refused as hand 6, "the row says nothing of the hand", and the night
    marked incomplete).  Raises nothing."""
    said = False
    for k, c in enumerate(row):
        if k in players or not c.strip():
            continue
        if is_totals_row("", "", c):
            said = True
        elif k not in ignored:
            return False
    return said


def _is_totals_cells(row: list[str]) -> bool:
    """Whether a sheet's row is a totals row by its first cell ('Total', 'Totals')."""
    return bool(row) and row[0].strip().lower().startswith("total")


#: The longest note kept from a sheet's Notes cells (characters; a longer one is cut, with "…").
NOTE_MAX = 300


def _shead_export(header: list[str]) -> bool:
    """Whether a CSV file's first row is ``shead export --format csv``'s
    header (:data:`ingest.export.JSONL_FIELDS`), which is no score sheet."""
    return {"rules_flags", "provenance", "units"} <= {c.strip() for c in header}


def _shead_jsonl(header: list[str]) -> bool:
    """Whether a file's first row, read as CSV, is a line of ``shead export
    --format jsonl`` (a JSON object holding :data:`ingest.export.JSONL_FIELDS`
    such as ``rules_flags``, ``provenance`` and ``units``)."""
    line = ",".join(header)
    return line.lstrip().startswith("{") and all(f"{k}" in line for k in ("rules_flags", "provenance", "units"))


def _shead_sheet(header: list[str]) -> bool:
    """Whether a CSV file's first row is ``shead sheet --csv``'s header
    (:meth:`ingest.sheet.Sheet.columns`: ``hand,dealer,picker,partner,call,
    result,marks,stake``, then ``NAME units`` and ``NAME total`` for each
    player, the same players, and ``pot,pot balance`` under a pot)."""
    cells = [c.strip() for c in header]
    head = ["hand", "dealer", "picker", "partner", "call", "result", "marks", "stake"]
    if cells[:len(head)] != head:
        return False
    rest = cells[len(head):]
    if rest[-2:] == ["pot", "pot balance"]:
        rest = rest[:-2]
    n = len(rest) // 2
    units, totals = rest[:n], rest[n:]
    return (n > 0 and len(rest) == 2 * n and all(c.endswith(" units") for c in units)
            and [c[:-len(" units")] for c in units] == [c[:-len(" total")] for c in totals if c.endswith(" total")])


def _row_note(row: list[str], note_cols: list[int]) -> str | None:
    """The text of a row's Notes/Comment cells (:data:`IGNORED`'s note
    names) as one SHN annotation (notation.md §3, ``{...}`` after ``hand
    N``): the cells joined by ``; ``, each line break and run of blanks one
    space, ``{`` and ``}`` written ``(`` and ``)`` (they would open or end the
    annotation), control characters dropped, at most :data:`NOTE_MAX`
    characters; None when every such cell is blank."""
    parts = []
    for k in note_cols:
        t = row[k] if k < len(row) else ""
        t = "".join(c if c.isprintable() else " " for c in t.replace("{", "(").replace("}", ")"))
        t = " ".join(t.split())
        if t:
            parts.append(t)
    if not parts:
        return None
    note = "; ".join(parts)
    return note if len(note) <= NOTE_MAX else note[:NOTE_MAX - 1].rstrip() + "…"


#: A Call cell: a card, an unknown call written with the word under before or after it ("AH under", "under AC",
#: "AH under 7C": the card set aside), parentheses and a phone's emoji selectors (A♥️) aside.
_CALL_CELL = re.compile(r"(?:(?P<u1>under)\s+)?(?P<card>\S+)(?:\s+(?P<u2>under)(?:\s+(?P<held>\S+))?)?", re.I)


#: a Partner cell that says the picker played alone (a Call cell left blank, or written alone)
_NO_PARTNER = frozenset({"alone", "-", "–", "—", "none", "nobody", "allein", "solo"})
#: a Call cell saying the picker went alone (rules.md B-13): English, or German `allein` on a German sheet (real27 F3:
#: refused E-CSV-CALL); not `Solo`, which in Schafkopf is a game (rules.md G-5), not "alone"
_ALONE_CALL = frozenset({"alone", "allein", "alleine", "alleinspiel"})
#: the header words of a German sheet (FIELDS' German words): its E-CSV-CALL names 'allein' among the words it
#: knows (break27b F7)
_GERMAN_HEADERS = frozenset({"datum", "spieldatum", "zeitstempel", "uhrzeit", "geber", "spieler", "mitspieler", "ruf",
                             "augen", "punkte", "stiche", "ergebnis", "stoß", "stoss", "gestoßen", "gestossen",
                             "gruppe", "spiel nr", "spiel nr.", "spielnr", "spielnr."})


def _defender_names(text: str, by_name) -> tuple[list[str], list[str]]:
    """A Defenders cell's names (``'Cy Di Ed'``, ``'Cy, Di, Ed'``, ``'Cy/Di/Ed'``, ``'Cy, Di and Ed'``) as seats of
    ``by_name`` (a :class:`NameLookup`): ``(seats, words naming no player)``.  The cell is split at commas, slashes,
    semicolons, ``&``, ``+`` and ``and``/``und`` first (a name may hold a space: ``'Lou Berg, Mo Fink'``), and at
    spaces too when that names more of them."""
    t = plain_name(text)
    sep = r"\s*(?:[,;/&+]|\band\b|\bund\b)\s*"
    best: tuple[list[str], list[str]] | None = None
    for pattern in (sep, sep[:-len(r"\s*")] + r"\s*|\s+"):
        words = [w.strip(" .") for w in re.split(pattern, t) if w and w.strip(" .")]
        got = ([by_name[w.lower()] for w in words if w.lower() in by_name],
               [w for w in words if w.lower() not in by_name])
        if best is None or (len(got[1]), -len(got[0])) < (len(best[1]), -len(best[0])):
            best = got
    return best


#: partner modes whose picker has one partner or none (rules.md F-1): a Defenders cell of names tells the side
_ONE_PARTNER_MODES = frozenset({"calledAce", "jackOfDiamonds", "blackQueens", "firstTwo", "dieRoll", "sharedBlind"})
#: partner modes whose picker always plays alone, or each seat for itself (rules.md F-1, F-2, F-3): the defenders
#: are every other seat
_NO_PARTNER_MODES = frozenset({"alone", "none"})


def _defenders_cell(rec: HandRecord, text: str, column: str, col: int, r: int, line: list[str],
                    seated: dict[str, str], by_name, *, mode: str = "calledAce", profile: str = "",
                    out_seat: tuple[str, str] | None = None, units: dict[str, int] | None = None,
                    dealer_unknown: bool = False) -> Diagnostic | None:
    """A Defenders cell that names the defenders of the row's picked hand (``rec``: its picker, and its partner
    or alone as read), checked against the seating: the defenders are the seats (``seated``: seat -> the name the
    sheet writes, the dealer who sits out left out; ``out_seat``: that dealer's (seat, name) under sitOut, rules.md
    F-1) that are neither the picker nor the partner (rules.md B-31, B-33: three defenders beside a partner, four
    against a picker alone).  ``mode`` is the profile's partnerMode (``profile`` its name, for the messages):

    * one partner or none (:data:`_ONE_PARTNER_MODES`): a cell that names the defenders is read -- nothing more to
      store when the Partner cell or 'alone' says the same; the partner when the Partner cell is blank or ``?``
      (the one seat the names leave; ``partner S`` added to ``line``, at the cell's column); alone when the names
      are every other seat and nothing written says a partner: no card called, no ``?`` partner, and no units
      written (``units``: seat -> the whole units its cell writes) that give another seat the picker's sign.
      Every other seat named beside a call, a ``?`` partner or such units contradicts itself (break29 F1);
    * the picker always alone (:data:`_NO_PARTNER_MODES`, rules.md F-2, F-3): the names must be every other seat;
      nothing is stored (the profile says alone);
    * two partners (``jdAndAce``, ``qcJd7d``, ``blackQueensJd``: 3v3, 3v5, or 2v4 when one holds both cards): with
      the Partner cell written, names leaving it alone make it the only partner (2v4, 2v6: ``partner S S``,
      break29b F4), names leaving one seat more make it the second partner (``partner S S2``); with no partner written the names cannot tell which holder is
      which, and the row is refused saying so.

    ``dealer_unknown``: the profile's dealer sits out (rules.md F-1) and nothing on the row says who dealt (no Dealer
    cell, no units): names that are otherwise right are refused ``E-DEALER``, saying the dealer is what is missing
    (break29b F6: the advice was four defenders, the seat that sits out counted).

    Returned: None, or the ``E-DEALER`` refusal above, or the ``E-CSV-DEFENDERS`` refusal (its position is the caller's: the Defenders cell) when a
    word names no player of the sitting, when a name is the picker's, a partner's or the dealer's who sits out,
    when the names are not the other seats, or when they contradict the call, the Partner cell or the units; its
    message names the defenders the Picker and Partner cells leave and what to write."""
    def said(seats) -> str:
        return ", ".join(seated.get(a, a) if a != (out_seat or ("",))[0] else out_seat[1] for a in seats)

    def be(seats) -> str:
        return "is" if len(seats) == 1 else "are"

    names, unknown = _defender_names(text, by_name)
    picker = rec.pick.value
    partner = rec.partner.value if rec.partner is not None else None
    alone = rec.alone is not None and rec.alone.value
    others = [a for a in seated if a != picker]
    if unknown:
        return Diagnostic("E-CSV-DEFENDERS", f"the {column!r} cell {text!r} names the defenders, and "
                          f"{' / '.join(repr(w) for w in unknown)} is not a player of this sitting ("
                          f"{' / '.join(seated.values())})", found=text, expected="the defenders' names")
    dealer_out = out_seat is not None and out_seat[0] in names
    if dealer_unknown and len(set(names)) == len(names) and set(names) <= set(others) and partner not in names:
        return Diagnostic(
            "E-DEALER", f"the {column!r} cell {text!r} names {said(names)} as the defenders, but under "
            f"{profile or 'this profile'} the dealer sits out the hand (rules.md F-1) and the row says nothing of who "
            "dealt (no Dealer cell, no units), so who sat out is not known and the names cannot be checked (five "
            "play: three defenders beside a partner, four against a picker alone, rules.md B-33); write the dealer "
            "in a Dealer column, or the units (the dealer's 0); the row is refused, the rest of the sheet read",
            found="no dealer", expected="the dealer (a Dealer cell)")
    if mode in _NO_PARTNER_MODES:
        partner, alone = None, True  # the profile's picker plays alone (F-2, F-3): every other seat defends
    elif mode not in _ONE_PARTNER_MODES and not dealer_out and len(set(names)) == len(names) \
            and set(names) <= set(others):
        left = [a for a in others if a not in names]
        if partner is not None and partner in left and len(left) <= 2:
            if len(left) == 2 and rec.partner2 is None:  # 3v3 (3v5): the seat the names leave beside the partner
                (mate,) = [a for a in left if a != partner]
                rec.partner2 = Value(mate, Pos(r, col))
                at = line.index(f"partner {partner}") if f"partner {partner}" in line else None
                if at is not None:
                    line[at] = f"partner {partner} {mate}"
                return None
            if len(left) == 1 and rec.partner2 is None:  # 2v4 (2v6): no second partner, ``partner S S`` (F4)
                rec.partner2 = Value(partner, Pos(r, col))
                at = line.index(f"partner {partner}") if f"partner {partner}" in line else None
                if at is not None:
                    line[at] = f"partner {partner} {partner}"
                return None
            if len(left) == 1 or (rec.partner2 is not None and rec.partner2.value in left):
                return None  # the side written: 2v4, or both partners written
        how = f"the names leave {said(left) or 'nobody'};"
        return Diagnostic(
            "E-CSV-DEFENDERS", f"the {column!r} cell {text!r} names {said(names)} as the defenders, but under "
            f"{profile or mode} the picker's side is the picker and one or two partners (rules.md F-1: 3 against 3, "
            f"or 2 against 4 when one player holds both partner cards): {how} the Partner cell "
            + (f"writes {seated.get(partner, partner)}" if partner else "writes nobody")
            + ": the Defenders column is read here only beside the Partner cell naming the first partner (the "
            "called card's holder), the names then telling the second; write the partner in the Partner cell, or "
            "leave the column out with --columns 'ignore=" + column + "' and write the units; the row is refused, "
            "the rest of the sheet read", found=text, expected="the defenders beside the Partner cell's partner")
    elif partner is None and not alone and sorted(names) == sorted(others):
        # every other seat defended: the picker went alone (B-13, B-33) -- unless something written says a partner
        pu = (units or {}).get(picker)
        mates = [a for a in others if pu and (units or {}).get(a) and (units[a] > 0) == (pu > 0)]
        says = []
        if rec.call is not None:
            card = next((w.split()[1] for w in line if w.startswith("call ") and len(w.split()) > 1), "")
            says.append(f"the call {card} makes its holder, another player, the partner (rules.md B-9, "
                        "B-15)")
        if rec.partner is not None:
            says.append("the Partner cell '?' says the picker had a partner")
        if mates:
            says.append(f"the units written make {said(mates)} the partner ("
                        + ", ".join(f"{said([a])} {units[a]:+d}" for a in mates)
                        + f" beside the picker's {pu:+d}, rules.md B-33)")
        if not says:
            rec.alone = Value(True, Pos(r, col))
            at = next((i + 1 for i, w in enumerate(line) if w.startswith("pick ")), 0)
            line.insert(at, "alone")
            return None
        return Diagnostic(
            "E-CSV-DEFENDERS", f"the {column!r} cell {text!r} names every other seat ({said(others)}) as the "
            f"defenders, so the picker {seated.get(picker, picker)} went alone (rules.md B-13, B-33), but "
            + " and ".join(says) + ": the row contradicts itself; write the defenders without the partner (the "
            f"seat left out is the partner), or, if {seated.get(picker, picker)} went alone, 'alone' in the Call "
            "or Partner cell and the units of a picker alone; the row is refused, the rest of the sheet read",
            found=text, expected=f"{len(others) - 1} of {said(others)} (the one left is the partner)")
    elif partner is None and not alone and len(set(names)) == len(names) == len(others) - 1 \
            and set(names) <= set(others):
        (mate,) = [a for a in others if a not in names]  # the partner not written: the seat the names leave
        if rec.partner is not None:
            rec.partner.value = mate
        else:
            rec.partner = Value(mate, Pos(r, col))
        if "partner ?" in line:
            line[line.index("partner ?")] = f"partner {mate}"
        else:  # in notation.md's order: partner before pts
            at = next((i for i, w in enumerate(line) if w.startswith("pts ")), len(line))
            line.insert(at, f"partner {mate}")
        return None
    want = [a for a in others if a != partner]
    if sorted(names) == sorted(want) and len(names) == len(want):
        return None
    side = f"picker {seated.get(picker, picker)}" + (
        f" and partner {seated.get(partner, partner)}" if partner else " alone" if alone else "")
    why = []
    if picker in names or (partner and partner in names):
        own = [a for a in (picker, partner) if a in names]
        why.append(f"{said(own)} {be(own)} on the picker's side")
    if dealer_out:
        why.append(f"{out_seat[1]} deals and sits out this hand (rules.md F-1), so is no defender")
    if len(set(names)) < len(names):
        why.append("a name is written twice")
    missing = [a for a in want if a not in names]
    if missing and (partner or alone):
        why.append(f"{said(missing)} {be(missing)} not named")
    if partner is None and not alone:
        expect = f"{len(others) - 1} of {said(others)} (the one left is the partner)"
    else:
        expect = said(want)
    plays_alone = f" (under {profile or mode} the picker plays alone, rules.md F-1)" if mode in _NO_PARTNER_MODES \
        else ""
    return Diagnostic(
        "E-CSV-DEFENDERS", f"the {column!r} cell {text!r} names {said(names)} as the defenders, but the "
        f"{side}{plays_alone} leave{'s' if not partner else ''} {expect} to defend (the seats that are not the "
        f"picker's side, rules.md " + ("F-2, F-3" if plays_alone else "B-31, B-33") + ")" + (f": {'; '.join(why)}" if why else "") + f"; write the defenders "
        f"({expect}) in the cell, or correct the Picker or Partner cell; the row is refused, the rest of the sheet "
        "read", found=text, expected=expect if partner or alone else "the defenders' names")


def _alone_call(text: str) -> bool:
    """Whether a Call cell says the picker went alone: :data:`_ALONE_CALL` in any case, with a dot after it (a
    scorer's 'allein.') or not (break27b F7: 'allein.' and 'Alleinspiel' were refused E-CSV-CALL)."""
    t = text.strip().casefold()
    return t in _ALONE_CALL or (t.endswith(".") and t[:-1].rstrip() in _ALONE_CALL)
#: a Call cell that names the suit called (``Hearts``, ``♠``, ``A hearts``, ``Ace of Clubs``): the suit's ace
_SUIT_WORDS = {"clubs": "C", "club": "C", "♣": "C", "spades": "S", "spade": "S", "♠": "S", "hearts": "H",
               "heart": "H", "♥": "H", "♡": "H", "diamonds": "D", "diamond": "D", "♦": "D", "♢": "D"}
_SUIT_CALL = re.compile(r"(?:(?P<rank>a|ace|t|ten|10)\s+(?:of\s+)?)?(?P<suit>" + "|".join(map(re.escape, _SUIT_WORDS))
                        + ")")  # "Ten of Hearts": the ten called (rules.md B-10; break21 F10)


#: a rank and a suit symbol typed one space apart in a Call cell ("A ♥")
_RANK_SPACE_SUIT = re.compile(r"(?<![^\s(])(10|[AaKkQqJjTt987])\s+([♣♠♥♦♧♤♡♢])")


def _call_cell(text: str) -> tuple[Card | None, Card | None, bool]:
    """``(called card, the under card or None, an under call)`` of a Call
    cell (:data:`_CALL_CELL`, rules.md B-11: SHN's ``call AH under 7C``);
    the card None when the cell is no call (scorer19 F9)."""
    bare = " ".join(text.replace("\ufe0f", "").replace("\ufe0e", "").replace("\u2764", "♥").replace("(", " ")
                    .replace(")", " ").split())
    bare = _RANK_SPACE_SUIT.sub(r"\1\2", bare)  # "A ♥": the rank and its suit symbol typed apart (break20 F11)
    said = _SUIT_CALL.fullmatch(bare.lower())
    if said is not None:  # the suit called, as a table says it ("I call hearts"): its ace (rules.md B-9; real20 F2)
        rank = "T" if said["rank"] in ("t", "ten", "10") else "A"
        return Card.parse(rank + _SUIT_WORDS[said["suit"]]), None, False
    m = _CALL_CELL.fullmatch(bare)
    if m is None:
        return None, None, False
    try:
        card = Card.parse(m["card"].upper())
        held = Card.parse(m["held"].upper()) if m["held"] else None
    except ValueError:
        return None, None, False
    return card, held, bool(m["u1"] or m["u2"])


def _night_above(text: str, above: str, below: str, number: str, next_number: str,
                 top: tuple[int, int] | None) -> bool:
    """Whether a row whose date cell (``text``) does not read, between a
    night's rows (their date ``above``) and the next night's (``below``), is
    the night above's last row rather than the next night's first:

    * by its hand number (``number``): 1 opens the next night; a number
      above the night above's highest (``top``) with the row below numbering
      anew (``next_number`` not above it) closes the night above;
    * else (no numbers, or numbers running on through the nights), by the
      date as written: the one it is a typo of
      (``2026-12-O4`` of ``2026-12-04`` rather than ``2026-12-11``,
      :class:`difflib.SequenceMatcher`), the next night's when they tie."""
    n, after = whole_units(number or ""), whole_units(next_number or "")
    if n is not None:
        if n == 1:
            return False
        if after is not None and after <= n and (top is None or n > top[0]):
            return True
    from difflib import SequenceMatcher  # noqa: PLC0415 - a mistyped date only

    return SequenceMatcher(None, text, above).ratio() > SequenceMatcher(None, text, below).ratio()


def _blank_dates(rows: list[list[str]], layout: Layout, path: str | None, tab: str | None) -> Layout:
    """A workbook's sheet (``tab``) whose Date column is blank in every row below the header (a tab copied for
    the next night, its dates not written): read as a sheet without a date column, its night the date in the
    sheet's name (:func:`sheet_layout`), said by a ``W-CSV-NIGHT`` at the Date column's header cell (real25 F6:
    every hand refused "'' is not a date").  ``layout`` as it is for any other sheet, or when the sheet's name
    names no day, or no night reads from it (the blank cells are then refused saying what to write,
    :func:`_date_problem`)."""
    if tab is None or layout.night is not None or not (date_in_text(tab)[0] or day_in_text(tab, "2000")[0]):
        return layout
    try:
        col = column_map(layout.header, layout.columns).get("date")
    except ValueError:
        return layout
    if col is None:
        return layout
    k = layout.header.index(col)
    body = [row for row in rows[layout.header_row:] if any(c.strip() for c in row)]
    if not body or any(k < len(row) and row[k].strip() for row in body):
        return layout
    try:
        alt = sheet_layout(rows[:HEAD_ROWS], f"{layout.columns},ignore={col}" if layout.columns else f"ignore={col}",
                           path, tab)
    except ValueError:
        return layout
    if alt.night is None:
        return layout
    notes = tuple(replace(d, message=d.message.replace(
        "the sheet has no date column", f"the Date column ({col!r}) is blank in every row", 1).replace(
        "(--columns date=YYYY-MM-DD gives another)", "(fill its Date cells for another)"), line=layout.header_row,
        col=k + 1) if d.code == "W-CSV-NIGHT" and d.message.startswith("the sheet has no date column") else d
        for d in alt.notes)
    return replace(alt, notes=notes)


def _date_problem(out: CsvResult, r: int, col: int, cell: str, path: str | None) -> Diagnostic:
    """Why the date cell ``cell`` (row ``r``, column ``col``) is refused:
    ``E-CSV-DATE-ORDER`` in a sheet whose dates disagree on their order,
    else ``E-CSV-DATE`` saying how the sheet reads ``A/B/YYYY``, or, for a
    number that looks like a spreadsheet's date serial, the day it is in the
    1900 date system (:func:`ingest.csv_cells.serial_date`) and that the
    column wants a date format."""
    order = out.date_order.order if out.date_order is not None else None
    if out.date_order is not None and order is None and date_parts(cell) is not None:
        return date_order_error(out.date_order, r, col, cell, path)
    if (day := serial_date(cell)) is not None:
        return Diagnostic("E-CSV-DATE", f"row {row_words(r)}: {cell.strip()!r} is not a date: it looks like a "
                          f"spreadsheet's date serial, {day} in the 1900 date system; format the date column as a date "
                          "(e.g. YYYY-MM-DD) and save the sheet again", file=path, line=r, col=col, found=cell,
                          expected="YYYY-MM-DD")
    if not cell.strip():  # the night's first row leaves its Date cell blank (real25 F6: "'' is not a date")
        dcol = out.columns.get("date", "Date")
        return Diagnostic(
            "E-CSV-DATE", f"row {row_words(r)}: its Date cell is blank and no row above it dates the night: fill the "
            "Date cells (the night's date on its first row is enough: a blank Date cell below is the night above's)"
            + (", or name the sheet by its night's date (2026-12-08; or Dec 8 with the year in the sheet's or the "
               "workbook's name, League 2026.xlsx), which a sheet whose Date cells are all blank takes (a workbook of "
               f"one night: --columns ignore={dcol},date=YYYY-MM-DD)" if out.tab is not None else
               f", or, for a sheet of one night, give its date: --columns ignore={dcol},date=YYYY-MM-DD"),
            file=path, line=r, col=col, found=cell, expected="YYYY-MM-DD")
    how = f"this sheet reads A/B/YYYY {DATE_ORDERS[order]}" if order else "YYYY-MM-DD, DD/MM/YYYY or MM/DD/YYYY"
    if order and re.match(r"\s*\d{4}\W", cell):  # written year first (a typo in 2026-12-O4): the order says nothing
        how = "written YYYY-MM-DD"
    return Diagnostic("E-CSV-DATE", f"row {row_words(r)}: {cell!r} is not a date ({how})", file=path, line=r, col=col,
                      found=cell, expected="YYYY-MM-DD")


#: a units cell that writes nothing: a dash, a scorer's habit for "nothing" (break24c F5: refused as no number);
#: a cell written 0 stays 0
NOTHING = frozenset({"-", "--", "\u2013", "\u2014", "\u2212"})

#: a units cell that marks the dealer who sits out under a sit-out profile (rules.md F-1: ``wi6-sit-out``), read as
#: the blank a scorer also writes there (sheet32 F4: 'X', 'out', 'D' refused as no whole number), in lower case
SIT_OUT_MARKS = frozenset({"x", "out", "sits out", "sit out", "sat out", "sitting out", "d", "dealer", "deals",
                           "dealt"})


def _dashes_blank(row: list[str], cols: list[int], marks: list[int] | tuple = ()) -> list[str]:
    """``row`` with each of ``cols`` that holds only a dash (:data:`NOTHING`), and each of ``marks`` (the units
    cells under a sit-out profile, rules.md F-1) that holds a sit-out mark (:data:`SIT_OUT_MARKS`), made blank (a
    copy, of the same kind; the row itself when none does)."""
    def nothing(k: int) -> bool:
        return k < len(row) and row[k].strip() in NOTHING

    def mark(k: int) -> bool:
        return k < len(row) and row[k].strip().lower() in SIT_OUT_MARKS

    if not any(nothing(k) for k in cols) and not any(mark(k) for k in marks):
        return row
    import copy
    row = copy.copy(row)
    for k in cols:
        if nothing(k):
            row[k] = ""
    for k in marks:
        if mark(k):
            row[k] = ""
    return row


def _stray_column(row: list[str], seats: list[str], index: dict[str, int], need: int,
                  sat_out: str | None = None) -> str | None:
    """The one column of ``seats`` whose cell in ``row`` is blank or no whole number (``3.50``: a round's beer
    money) while each other seat's is whole, at least ``need`` of them (the rules' table), summing to 0 and not
    all 0 (rules.md B-33: each hand sums to zero): a column of no player's units, to leave out (real31 F6: the
    advice was a stake, or a player leaving).  ``sat_out``: the dealer sitting out (their blank cell is 0).  None
    when no one column is so."""
    odd, units = None, []
    for p in seats:
        t = row[index[p]].strip() if index[p] < len(row) else ""
        v = 0 if p == sat_out else whole_units(t) if t else None
        if v is None:
            if odd is not None or (t and not is_fraction(t) and money_value(t) is None):
                return None  # two such, or words (a column of names: its own advice, real26 F2)
            odd = p
        else:
            units.append(v)
    return odd if odd is not None and len(units) >= need and sum(units) == 0 and any(units) else None


def _stray_advice(r: int, p: str, label: dict[str, str], c: str, seats: list[str], row: bool = True) -> str:
    """The message of column ``p``'s cell ``c`` (blank when ``""``) in a row whose other player columns sum to 0
    without it (:func:`_stray_column`): leave the column out, first (real31 F6)."""
    cell = f"holds {c!r}" if c else "is blank"
    return ((f"row {row_words(r)}: " if row else "") + f"{label[p]}'s cell {cell}, and the other player columns ("
            + ", ".join(label[q] for q in seats if q != p) + ") sum to 0 without it (each hand sums to zero, "
            f"rules.md B-33): the column {p!r} is no player's units; leave it out with --columns ignore={p}")


#: a units cell with the picker's mark beside its number: ``2*``, ``*2``, ``+4 P``, ``-4 p``, ``4 (P)``
_PICKER_MARKED = re.compile(r"\s*(?:([*]\s*|\(?[Pp]\)?\s+)([-+\u2212]?[0-9]+)"
                            r"|([-+\u2212]?[0-9]+)(\s*[*]|\s*\(?[Pp]\)?))\s*")


def _units_problem(r: int, p: str, c: str, players: tuple[str, ...] = ()) -> str:
    """The message of a player cell ``c`` that is no whole number.  ``players``: the header's players (their
    labels): a cell naming one is a column of names read as a player (a partner's: real26 F2, the message
    suggested --columns ignore, which throws every partner away)."""
    why = ""
    if (m := _MONEY_WHY.fullmatch(c)) is not None:
        c, why = m.group(1), " " + m.group(2)  # a money cell (money_units): its text quoted as written, why beside
    if n := long_number(c):  # as SHN's reader says of a units number (E-NUMBER): break30 F3
        return (f"row {row_words(r)}: {p}'s units cell {c!r} has {n:,} digits: a units cell is a whole number of "
                f"at most {MAX_DIGITS} digits, as in SHN (the log keeps at most 32,767 units a seat): correct the cell")
    if is_fraction(c) or money_value(c) is not None:
        return (f"row {row_words(r)}: {p}'s units {c!r}{why} are not whole: a zero fraction (-1,00, 2.00) is read as "
                "whole units, another is not (units are whole, rules.md B-31); a sheet kept in money is read with the "
                "money a unit is worth, --columns stake=0.25, each cell then a whole number of units")
    if (m := _PICKER_MARKED.fullmatch(c)) is not None:  # '2*', '+4 P': the picker marked in a units cell (sheetx34)
        mark, n = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
        return (f"row {row_words(r)}: {p}'s units {c!r}{why} are not a whole number: {n} with the mark "
                f"{mark.strip()!r}, as a sheet marks the picker beside the units; a units cell holds only the number: "
                f"write {n} there and the picker's name in a Picker column (a column with the header Picker)")
    if (word := outcome_word(c)) is not None:  # a column of result words: the result's (real30 F2: told to ignore it)
        return (f"row {row_words(r)}: {p}'s units {c!r}{why} are not a whole number: {c.strip()!r} is a result word "
                f"({word}); if the column {p!r} is the hand's result, read it with --columns outcome={p}")
    names = c.strip().lower() in {x.lower() for x in players if x != p}
    if names or _norm(p) in _MAYBE_PARTNER_WORDS:  # a 'Buddy' column read as a player's (break26b F2)
        return (f"row {row_words(r)}: {p}'s units {c!r}{why} are not a whole number: the column {p!r} is read as a "
                + (f"player, and its cell names the player {c.strip()!r}" if names else
                   "player, its header a word for the partner") + "; if it is the partner column, read it with "
                f"--columns partner={p} (a column of other text is left out with --columns ignore={p})")
    return (f"row {row_words(r)}: {p}'s units {c!r}{why} are not a whole number (if {p!r} is not a player but a "
            f"column of text, leave it out with --columns ignore={p})")


#: The largest net a ledger's sitting keeps for a player, either sign (break23 F3): 10^9 units, beyond any real
#: night (a hand keeps at most 32,767 units a seat, ``E-RANGE``: a night of 30,000 such hands stays below it) and
#: far enough from 2^63 that no sum of sittings wraps (9 * 10^9 sittings of it would be needed).
LEDGER_MAX_UNITS = 10**9


def _ledger(out: CsvResult, rows: list[list[str]], index: dict[str, int], path: str | None, first: int = 2,
            lines: list[int] | None = None) -> None:
    # ``first``: the row number of rows[1] (a later batch of ingest.ledger_stream); the dates' order is the
    # caller's (ingest.ledger_stream reads the whole file's first), else these rows' (out.date_order None).
    # ``lines``: the file's line each row of the file starts on, where a cell over lines moves them (Row)
    dcol = index[out.columns["date"]]
    if lines is not None:
        rows = [(row_at(r, lines[r - 1]) if r - 1 < len(lines) else r, row)
                for r, row in enumerate(rows[1:], start=first)]
    else:
        rows = list(enumerate(rows[1:], start=first))
    if out.date_order is None:
        _order_of(out, rows, index, "", None, path)
    order = out.date_order.order
    totals = _Totals(out.players, index, {p: p for p in out.players})
    beyond = _Beyond(max(index.values()) + 1, 0, path, "a player's net or a note", "the ledger")
    dash_said = False  # W-CSV-DASH, once
    from replay.profile import LARGEST_TABLE  # noqa: PLC0415  (pydantic: not at a light command's start)
    wide: list[tuple[int, str, dict[str, int], int, int]] = []  # rows of more cells than a table seats: 0s absent
    # --columns units=running: the sitting (date, session, group) whose standings are read, its players' last
    # standings, and its Sitting (the nets of its rows so far)
    run_night: tuple | None = None
    standing: dict[str, int] = {}
    run_sit: Sitting | None = None
    for r, row in rows:
        if not any(c.strip() for c in row):
            continue
        beyond.row(r, row, out.result.errors)  # (break23b F9: a net there left the row an E-CSV-ZERO-SUM, no why)
        cell = row[dcol] if dcol < len(row) else ""
        if is_totals_row(cell, row[0]):
            out.result.errors.extend(totals.check(r, row, path))
            continue
        totals.add(row)
        d = read_date(cell, order)
        if d is None:
            bad = _date_problem(out, r, dcol + 1, cell, path)
            out.result.errors.append(Diagnostic(bad.code, bad.message + "; the row is refused", file=path, line=r,
                                                col=dcol + 1, found=cell, expected=bad.expected))
            continue
        units: dict[str, int] = {}
        bad = None
        # more players' cells written than any table seats (rules.md F-1): a season's ledger writing 0 for each
        # player not at the sitting (real30 F1: every player of the season stored at every sitting); its 0s are
        # read as absent, said once below.  A row of a table's size keeps a 0 as a net (a player broke even)
        written = sum(1 for p in out.players if index[p] < len(row) and (c := row[index[p]].strip())
                      and c not in NOTHING)
        absent = 0  # the row's 0 cells read as players not there
        for p in out.players:
            k = index[p]
            c = row[k] if k < len(row) else ""
            if not c.strip() or c.strip() in NOTHING:  # '-': nothing written (break24c F5)
                if c.strip() and not dash_said:  # said once: the other reading of a dash is a net of 0
                    dash_said = True
                    out.result.errors.append(Diagnostic(
                        "W-CSV-DASH", f"row {row_words(r)}: {p}'s cell {c.strip()!r} is read as not at that sitting "
                        "(no net, as a blank cell; so is every dash of the ledger); if the ledger means a net of 0 "
                        "(a spreadsheet's accounting format shows 0 as a dash), write 0", "warning", path, r, k + 1,
                        found=c.strip(), expected="a net, 0, or a blank cell"))
                continue
            v = whole_units(c)
            if v is None and not long_number(c.strip()):
                bad = Diagnostic("E-CSV-UNITS", _units_problem(r, p, c.strip()) + "; the row is refused", file=path,
                                 line=r, col=k + 1, found=c, expected="e.g. +12 or -3")
                break
            # 5 * 10^18 wrapped the ledger's totals, 10^21 failed the store (break23 F3); 19 digits or more are never
            # converted (v None: break30 F3, 5,000 digits raised)
            if v is None or abs(v) > LEDGER_MAX_UNITS:
                bad = Diagnostic("E-RANGE", f"row {row_words(r)}: {p}'s net {c.strip()!r} is beyond what the log keeps "
                                 f"(a sitting's net is at most {LEDGER_MAX_UNITS:,} units either way); the row is "
                                 "refused", file=path, line=r, col=k + 1, found=c.strip(),
                                 expected=f"a net from -{LEDGER_MAX_UNITS:,} to +{LEDGER_MAX_UNITS:,}")
                break
            if v == 0 and written > LARGEST_TABLE:
                absent += 1
                continue
            units[out.names.get(p, p)] = v
        extra = {"group": out.group} if out.group else {}  # --columns group=NAME: every sitting's
        for f in ("session", "group"):
            if f in out.columns:
                k = index[out.columns[f]]
                extra[f] = (row[k].strip() if k < len(row) else "") or None
        night = (d, extra.get("session"), extra.get("group"))
        if out.running and bad is None:
            # --columns units=running: each row is the players' standings after a hand of the sitting, from 0 at
            # its first row; the row's nets are the standings less the row above's (break34 F2: the standings
            # were added up, four rows of a night stored as four sittings)
            if night != run_night:
                above = standing if run_night is not None and any(standing.values()) else {}
                run_night, standing, run_sit = night, {}, None
                if above and _ledger_carried(out, r, units, above, path, index):
                    standing = above  # verify34 F3: the date goes on from the date above's standings
            written_units, units = units, {p: v - standing.get(p, 0) for p, v in units.items()}
            standing.update(written_units)
            if not any(units.values()):  # the standings unchanged (a row copied down): no hand
                continue
        if bad is None and len(units) + absent >= 2 and not any(units.values()):
            # every net 0 (a day with no game entered, a template's row): no units change hands and who sat is not
            # written, so no sitting is stored (real30 F1: its 26 players each counted a session)
            out.result.errors.append(Diagnostic(
                "W-CSV-ZERO-ROW", f"row {row_words(r)} ({d}): every net is 0 ({len(units) + absent} cells written, "
                "no player won or lost): read as no sitting, not stored (a night where every player broke even "
                "changes no total)", "warning", path, r, 1, found=f"{len(units) + absent} cells of 0",
                expected="a sitting's nets, at least one not 0"))
            continue
        if bad is None and sum(units.values()) != 0:
            bad = Diagnostic("E-CSV-ZERO-SUM", f"row {row_words(r)} ({d}) sums to {sum(units.values()):+d}, not 0: "
                             "every sitting's nets must cancel out (rules.md B-35); the row is refused", file=path,
                             line=r, col=1, found=str(sum(units.values())), expected="0")
        if bad is None and len(units) < 2:
            bad = Diagnostic("E-CSV-PLAYERS", f"row {row_words(r)} ({d}) has {len(units)} player(s) with a value; a "
                             "sitting has at least two", file=path, line=r, col=1, found=str(len(units)),
                             expected=">= 2")
        if bad is not None:
            out.result.errors.append(bad)
            continue
        if out.running and run_sit is not None:  # the sitting's next row of standings: its nets added
            for p, v in units.items():
                run_sit.units[p] = run_sit.units.get(p, 0) + v
            continue
        out.sittings.append(_Sit(d, units, r, **extra))
        if out.running:
            run_sit = out.sittings[-1]
        if absent:
            wide.append((r, d, units, written, absent))
    beyond.rest(out.result.errors)
    if wide:
        out.result.errors.append(_absent_zeros(wide, LARGEST_TABLE, path))
    _hands_as_sittings(out, path)


def _absent_zeros(wide: list[tuple[int, str, dict[str, int], int, int]], most: int, path: str | None) -> Diagnostic:
    """The ``W-CSV-LEDGER-ZEROS`` of a ledger whose rows write more players' cells than ``most`` (the largest table,
    rules.md F-1), their 0 cells read as players not at the sitting (real30 F1): at the first such row, what it
    was read as, and the rows so read.  ``wide``: (row, date, the nets read, cells written, cells of 0)."""
    r, d, units, written, absent = wide[0]
    nets = ", ".join(f"{p} {v:+d}" for p, v in units.items())
    rows = number_runs([w[0] for w in wide])
    return Diagnostic(
        "W-CSV-LEDGER-ZEROS", f"row {row_words(r)} ({d}): {written} players' cells written, more than the {most} "
        f"players the largest table seats (rules.md F-1), so its {absent} cells of 0 are read as players not at "
        f"that sitting and the row as the sitting of the {len(units)} players with a net ({nets})"
        + (f"; so are rows {rows} ({len(wide)} rows)" if len(wide) > 1 else "")
        + ". A player who sat and broke even is then not counted at that sitting: "
        "to count one, write the row with blank cells for the players not there and 0 for those who broke even",
        "warning", path, r, 1, found=f"{written} cells, {absent} of them 0",
        expected=f"at most {most} players' nets a sitting, a blank cell for a player not there")


#: the sittings of one date and players from which a ledger's rows look like a night's hands (_hands_as_sittings)
HANDS_AS_SITTINGS = 3


def _hands_as_sittings(out: CsvResult, path: str | None) -> None:
    """One ``W-CSV-LEDGER-HANDS`` for each date on which a ledger's rows
    write :data:`HANDS_AS_SITTINGS` or more sittings of the same players,
    none in a Session column: a night's hands in a sheet without its Hand
    column (real24 F4: six hands stored as six sittings, each said to be
    "an early and a late game", the ledger counting six sessions and no
    hand).  They are stored as written; the warning says how to read them
    as hands."""
    by: dict[tuple[str, frozenset], list] = {}
    for sit in out.sittings:
        if getattr(sit, "session", None) is None:
            by.setdefault((sit.date, frozenset(sit.units)), []).append(sit)
    for (d, _players), sits in by.items():
        if len({tuple(sorted(x.units.items())) for x in sits}) < HANDS_AS_SITTINGS:  # (a row repeated: one sitting)
            continue
        a, b = sits[0].row, sits[-1].row
        out.result.errors.append(Diagnostic(
            "W-CSV-LEDGER-HANDS", f"rows {row_words(a)}-{row_words(b)} write {len(sits)} sittings of {d} by the same "
            "players, read as a ledger of sitting totals (the sheet has no hand column): if they are the night's "
            "hands, give the sheet a Hand column (1, 2, ...; a row with no picker is read as `pick ?` with its units, "
            "the picker derived), void these sittings (shead void NAME --session) and ingest it again", "warning",
            path, a, 1, found=f"{len(sits)} sittings of {d}", expected="a sitting a night, or a Hand column"))


_Sit = Sitting


def _kept_aliases(alias_of: dict[str, str], name_of: dict[str, str], stored: dict[str, str] | None,
                  label: dict[str, str]) -> dict[str, str]:
    """A night's seat aliases (player column -> alias): ``alias_of``, or, for
    a night found stored (``stored``: its seats, alias -> name), the stored
    alias of each player it seats, so that its hands read as the stored ones
    (real22 F9: a night stored while aliases lost their letters beyond ASCII,
    ``Jrgen=Jürgen``, is read with them and its hands are duplicates, not
    conflicts; no stored row changes).  Another player takes an alias of his
    own that no stored seat holds."""
    kept = {n: a for a, n in (stored or {}).items()}
    if all(kept.get(name_of[p], alias_of[p]) == alias_of[p] for p in alias_of):
        return alias_of
    taken = {kept[name_of[p]] for p in alias_of if name_of[p] in kept}
    return {p: kept[name_of[p]] if name_of[p] in kept else _alias(label[p], taken) for p in alias_of}
#: What a column's name loses to be a seat alias: what is no letter, digit or ``_`` of any alphabet (notation.md
#: §5: ``Jürgen`` is an alias; real22 F9: ``[^A-Za-z0-9_]`` made it ``Jrgen``, and ``Jörg``, ``Jürg`` ``Jrg``,
#: ``Jrg2``).
_ALIAS_BAD = re.compile(r"\W")


def _alias(name: str, taken: set[str]) -> str:
    from .shn.reader import is_alias  # noqa: PLC0415

    base = _ALIAS_BAD.sub("", nfc(name.title()).replace(" ", "")) or "P"
    if not base[0].isalpha():
        base = "P" + base
    a, k = base, 2
    while not is_alias(a) or a in taken:
        a, k = f"{base}{k}" if is_alias(f"{base}{k}") else f"P{len(taken) + k}", k + 1
    taken.add(a)
    return a


#: Words of a crack cell (:func:`read_marks`) → the SHN mark they write (notation.md: ``crack S``,
#: ``recrack S``, ``castrate S``, ``blitz S black|red``; rules.md E-2..E-5).
MARK_WORDS = {"crack": "crack", "cracks": "crack", "cracked": "crack", "knock": "crack", "knocked": "crack",
              "kontra": "crack", "contra": "crack", "doubled": "crack",
              "recrack": "recrack", "recracked": "recrack", "recracks": "recrack", "re-crack": "recrack",
              "re-cracked": "recrack", "re": "recrack", "crackback": "recrack", "crack-back": "recrack",
              "castrate": "castrate", "castrated": "castrate", "castrates": "castrate",
              "blitz": "blitz", "blitzed": "blitz", "blitzes": "blitz"}
#: The forms that follow the player they are said of ("Cal cracked", "Bob recracked", "cracked by Cal").
_MARK_PAST = frozenset({"cracked", "knocked", "doubled", "recracked", "re-cracked", "castrated", "blitzed"})
_MARK_BY = frozenset({"by", "von", "from"})
_MARK_COLOURS = {"black": "black", "red": "red", "schwarz": "black", "rot": "red", "middle": "middle",
                 "four": "four"}
#: A crack cell saying there was none.
_MARK_NONE = frozenset({"-", "no", "none", "nein", "kein", "keine", "0"})
#: A crack cell saying there was a crack without saying whose: ``crack ?`` (notation.md: an acknowledged unknown).
_MARK_YES = frozenset({"x", "yes", "y", "ja", "true", "?"})
_MARK_SEP = frozenset({",", ";", "/", "+", "&", "and", "und", "then", "dann"})
MARK_EXPECTED = ("a player (the cracker), or crack / recrack / castrate / blitz PLAYER (blitz PLAYER black|red), "
                 "e.g. 'Cal', 'crack Cal', 'cracked by Cal', 'Cal recrack Bob', 'blitz Bob black'; x or ? "
                 "for a crack by an unknown player; blank or - for none")
#: a crack cell's words for the bump ('bump', 'crack Ed + bump', 'Ed; bump'): the doubling of a lost hand that the
#: rules apply themselves (rules.md B-32), so nothing is written for it (sheet32 F6: refused as no crack word)
_MARK_BUMP = frozenset({"bump", "bumped", "dob"})
#: a doubling written as its factor: 'x2', '×4', '2x', '*2' (the cell's doublings, marks written beside it among them)
_FACTOR = re.compile(r"[x×*](\d{1,4})|(\d{1,4})[x×]", re.IGNORECASE)
#: what follows a number in a crack cell that makes it no factor: a count of cards ('4 jacks'); a bare '2' is x2
#: (verify32 F10: refused while 'x2' was read)
_MARK_COUNTED = re.compile(r"\s*(?:jacks?|queens?|buben|unter|ober|damen|cards?)\b", re.IGNORECASE)
#: the marks a doubling written without its player is read as, in order (notation.md section 7: ``crack ?``)
_UNWRITTEN_MARKS = ("crack", "recrack", "castrate")


def _mark_text(mark: tuple) -> str:
    """A mark of :func:`read_marks` as SHN writes it: ``crack Ed``, ``recrack ?``, ``blitz Bob black``."""
    kind, who, colour = mark[0], mark[1], mark[2]
    return f"{kind} {who or '?'}" + (f" {colour}" if colour else "")


def factor_doublings(text: str) -> int | None:
    """The doublings a multiplier cell writes (sheet32 F1): ``1``, ``x1``, blank or ``-`` → 0; ``x`` or ``yes``
    (doubled) → 1; ``2`` / ``x2`` / ``×2`` / ``2x`` → 1; ``4`` / ``x4`` → 2; ``8`` → 3.  None when the cell is
    no power of two (``3``, ``x1.5``, a word): what a hand's multiplier is, 2 to the doublings (rules.md E-1)."""
    t = re.sub(r"\s+", "", text).lower()
    if t in ("", "-", "–", "—", "no", "none", "n", "0"):
        return 0
    if t in ("x", "yes", "y", "ja", "true", "×"):
        return 1
    m = re.fullmatch(r"[x×*]?(\d{1,4})(?:\.0+)?[x×]?", t)
    n = int(m.group(1)) if m else 0
    return n.bit_length() - 1 if n >= 1 and n & (n - 1) == 0 else None


def _mult_counts_bump(head: list[tuple], cell) -> list[int] | None:
    """Whether a sheet's Mult column counts the bump (verify32 F9), from its first rows ``head``: ``(row number,
    cells, whether the picker side won or None)``; ``cell(cells, field)`` is the sheet's ``(text, column)``.  The
    rows a picker played with a Mult cell and a written result decide: the lost rows so read when the Mult is 1 on
    each won row and 2 or more on each lost row (2 on exactly the lost rows; a lost 4 is then the bump and a
    crack), at least one of each, and no Crack or Recrack cell written on them (a lost hand's 2 is then the doubling
    the rules apply to it, rules.md B-32, not a crack); None when they do not say so (the Mult is then read beyond
    the bump)."""
    lost: list[int] = []
    won = 0
    for r, row, win in head:
        mtext = cell(row, "mult")[0]
        if not mtext or win is None or not cell(row, "picker")[0]:
            continue
        if cell(row, "crack")[0] or cell(row, "recrack")[0]:
            return None
        k = factor_doublings(mtext)
        if k is None or (k != 0 if win else k < 1):
            return None
        if win:
            won += 1
        else:
            lost.append(r)
    return lost if lost and won else None


def unwritten_marks(written: list[str], extra: int) -> list[str] | None:
    """The marks (``crack``, ``recrack``, ``castrate``, their player not written: notation.md section 7) that make
    ``extra`` doublings more beside the kinds ``written`` (a crack the Crack column names is the first doubling, so
    the next is ``recrack ?``); None when more doublings are asked than those three give (rules.md E-2..E-4)."""
    free = [k for k in _UNWRITTEN_MARKS if k not in written]
    return free[:extra] if extra <= len(free) else None


def bump_cell(text: str) -> bool | None:
    """A Bump column's cell (sheet32 F3): True when it says the picker side was bumped (``x``, ``yes``, ``2``,
    ``x2``, ``bump``: the loss doubled on the bump, rules.md B-32), False when it says nothing (blank, ``-``, ``no``,
    ``0``, ``1``), None when it is neither."""
    t = re.sub(r"\s+", "", text).lower()
    if t in ("", "-", "–", "—", "no", "n", "none", "nein", "0", "1", "x1", "×1", "false"):
        return False
    if t in ("x", "yes", "y", "ja", "true", "2", "x2", "×2", "2x", "*2", "bump", "bumped", "dob", "✓", "✔"):
        return True
    return None


def _folded(text: str) -> tuple[str, list[int]]:
    """``text`` case-folded as :func:`~ingest.csv_cells.name_fold` folds a
    name, and for each place of the folded text (and its end) the place of
    ``text`` it comes from."""
    out: list[str] = []
    at: list[int] = []
    for i, c in enumerate(text):
        f = c.casefold()
        if c == "\u0307" and out and out[-1] == "i":  # the dot over a lower-case i ('i̇lker', str.lower of İlker)
            continue
        f = f.replace("i\u0307", "i")
        out.extend(f)
        at.extend([i] * len(f))
    at.append(len(text))
    return "".join(out), at


def read_marks(text: str, seats: dict[str, str],
               noted: set[str] | None = None) -> tuple[list[tuple[str, str | None, str | None, str]], str | None]:
    """A crack cell → the marks it writes, in order: ``(kind, seat alias or
    None for an unknown seat, blitz colour or None, blitz pair)``, kinds
    ``crack``, ``recrack``, ``castrate``, ``blitz`` (the facts of SHN's
    ``crack S`` ... statements, :class:`replay.facts.MarkRec`); and None,
    or the reason the cell cannot be read.  A mapping, never a rule book:
    whether the marks are allowed (who may crack, allowBlitz, maxMarks) and
    what they are worth is the judge's (rules.md E-1..E-6).

    ``seats``: every way the cell may name a player (lower case) → alias.
    The grammar, case-insensitive, marks separated by commas, ``;``, ``+``,
    ``and`` or nothing (brackets and colons are read past):

    * ``Cal`` — a player alone: Cal cracked; ``Cal recrack Bob``: Cal
      cracked, Bob re-cracked;
    * ``crack Cal``, ``cracked by Cal``, ``Cal cracked`` (also knock, kontra,
      doubled); ``recrack Bob``, ``Bob recracked``, ``re Bob``;
      ``castrate Eve``;
    * ``blitz Bob black`` / ``blitz Bob red``, also ``black blitz Bob``,
      ``Bob blitz (red)`` (the colour of the two queens shown; ``middle jacks``, ``four jacks``, ``black jacks`` for a jack
      blitz); the colour is required, as in SHN;
    * ``x``, ``yes`` or ``?``: a crack by a player not written (``crack ?``);
    * ``x2``, ``x4`` (``×4``, ``4x``; a bare ``2``, ``4``, ``1`` alike, verify32 F10): the cell's doublings in
      all, the marks it names among them, the rest ``crack ?``, ``recrack ?``, ``castrate ?`` (``x2`` or ``2``
      alone is ``x``; ``Ed x2`` is Ed's crack; ``x4`` a crack and a re-crack; ``1`` none); more marks than it says
      refuse the cell;
    * ``bump`` (``crack Ed + bump``): double on the bump, which the rules apply to a lost hand (rules.md B-32):
      nothing is written for it; ``"bump"`` is added to ``noted`` (when given) for the caller's checks;
    * blank, ``-``, ``no``, ``none``, ``0``: no mark.
    """
    # names are matched as the Picker cells match them: in lower case, else by Unicode case folding (break24b F3:
    # matched by re.IGNORECASE against each name's .lower(), the exact 'İlker' -- six code points in lower case --
    # and 'ilker', 'STRAUSS' for Strauß were refused): the cell is read folded, each token kept as written
    folds: dict[str, str | None] = {}  # a name's fold -> its alias (None: a fold two players share names neither)
    for key in seats:
        f, a = name_fold(key), seats[key]
        folds[f] = a if folds.get(f, a) == a else None
    ftext, at = _folded(text)
    names = sorted(folds, key=len, reverse=True)
    rx = re.compile("|".join([*(rf"(?<![\w-])(?P<n{k}>{re.escape(n)})(?![\w-])" for k, n in enumerate(names)),
                              r"(?P<sep>[,;/+&():])", r"(?P<word>[^\s,;/+&():]+)"]), re.IGNORECASE)
    toks: list[tuple[str, str]] = []  # (kind of token, value): name -> alias, word -> lower case
    written: list[str] = []  # each token as written
    cut: list[bool] = []  # each token: whether a separator comes before it
    sep = False
    factor: tuple[int | None, str] | None = None  # an 'x2' / 'x4' the cell writes: its doublings and the text
    for m in rx.finditer(ftext):
        group = m.lastgroup or "sep"
        if group == "sep" or (group == "word" and m.group().lower() in _MARK_SEP):
            sep = sep or m.group() not in "()"  # a bracket sets a word apart, no mark ('blitz (red) Eve')
            continue
        if group == "word" and m.group().lower() in _MARK_BUMP:  # double on the bump: the rules' (sheet32 F6)
            if noted is not None:
                noted.add("bump")
            sep = True
            continue
        if group == "word" and (_FACTOR.fullmatch(m.group()) or (  # 'x2', 'Ed x2': the cell's doublings (sheet32 F6)
                re.fullmatch(r"\d{1,4}", m.group()) and not _MARK_COUNTED.match(ftext, m.end()))):  # '2' (verify32 F10)
            factor = (factor_doublings(m.group()), text[at[m.start()]:at[m.end()]])
            sep = True
            continue
        said = text[at[m.start()]:at[m.end()]]
        alias = None
        if group != "word":
            alias = seats.get(said.lower()) if said.lower() in seats else folds[names[int(group[1:])]]
        toks.append(("word", m.group().lower()) if alias is None else ("name", alias))
        written.append(said)
        cut.append(sep)
        sep = False
    for i in range(len(toks) - 1):  # the colour before the blitz ("black blitz Ann", "Ann red blitz": break21b F12)
        if (toks[i][0] == "word" and toks[i][1] in _MARK_COLOURS and MARK_WORDS.get(toks[i + 1][1]) == "blitz"
                and not cut[i + 1]):
            # where the colour goes once taken out (the places after it move up one)
            if i and toks[i - 1][0] == "name" and not cut[i]:
                to = i + 1  # "Ann red blitz": after "blitz"
            else:  # "red blitz (by) Ann": after the player
                j = i + 2 + (i + 2 < len(toks) and toks[i + 2][1] in _MARK_BY and not cut[i + 2])
                to = j if j < len(toks) and toks[j][0] == "name" and not cut[j] else i + 1
            for seq in (toks, written, cut):
                seq.insert(to, seq.pop(i))
    for i in range(len(toks) - 2):  # 'blitz red Eve', 'blitz (red) Eve': the colour before the player (break22b F13)
        if (MARK_WORDS.get(toks[i][1]) == "blitz" and toks[i + 1][0] == "word" and toks[i + 1][1] in _MARK_COLOURS
                and toks[i + 2][0] == "name" and not cut[i + 1] and not cut[i + 2]):
            for seq in (toks, written, cut):
                seq.insert(i + 2, seq.pop(i + 1))

    def factored(got: list) -> tuple[list, str | None]:
        # an 'x2' / 'x4' the cell writes: the marks it names, then the doublings they leave as unwritten marks
        if factor is None:
            return got, None
        if factor[0] is None:
            return [], f"{factor[1]!r} is no doubling (x2, x4, x8: each mark x2, rules.md E-1)"
        more = unwritten_marks([kind for kind, *_ in got], factor[0] - len(got)) if factor[0] >= len(got) else None
        if more is None:
            return [], (f"{factor[1]!r} says x{2 ** factor[0]}, but the cell writes {len(got)} mark"
                        f"{'s' if len(got) != 1 else ''}, each doubling (rules.md E-1)" if factor[0] < len(got) else
                        f"{factor[1]!r} is more doublings than a crack, a re-crack and a castrate (rules.md "
                        "E-2..E-4): write the blitzes with their players (blitz Bob black)")
        return got + [(kind, None, None, "queens") for kind in more], None

    if not toks or (len(toks) == 1 and toks[0][1] in _MARK_NONE):
        return factored([])
    if len(toks) == 1 and toks[0][1] in _MARK_YES:
        return factored([("crack", None, None, "queens")]) if factor is None or factor[0] != 1 else factored([])
    out: list[tuple[str, str | None, str | None, str]] = []
    i, n = 0, len(toks)

    def seat_at(j: int) -> str | None:
        if j < n and toks[j][0] == "name":
            return toks[j][1]
        if j < n and toks[j][1] == "?":
            return "?"
        return None

    def blitz_rest(j: int, who: str) -> tuple[int, str, str] | str:
        # after `blitz PLAYER`: the colour, then queens or jacks
        colour = _MARK_COLOURS.get(toks[j][1]) if j < n and toks[j][0] == "word" else None
        if colour is None:
            return f"the blitz of {who} says no colour (black or red: which two queens were shown)"
        j += 1
        pair = "queens"
        if j < n and toks[j][1] in ("queens", "jacks"):
            pair = toks[j][1]
            j += 1
        if colour in ("middle", "four") and pair != "jacks":
            return f"'{colour}' of {who}'s blitz is said of jacks: write '{colour} jacks'"
        return j, colour, pair

    while i < n:
        kind, val = toks[i]
        if kind == "word" and val in MARK_WORDS:  # crack PLAYER, cracked by PLAYER
            mk = MARK_WORDS[val]
            j = i + 1 + (i + 1 < n and toks[i + 1][1] in _MARK_BY)
            who = seat_at(j)
            if who is None:
                return [], (f"'{written[i]}' names no player" if j >= n else
                            f"'{written[i]}' is followed by {written[j]!r}, not a player of this sitting")
            i = j + 1
        elif (found := seat_at(i)) is not None:  # PLAYER, PLAYER cracked, PLAYER blitz black
            who = found
            nxt = toks[i + 1][1] if i + 1 < n and toks[i + 1][0] == "word" else None
            after = i + 2 < n and (toks[i + 2][0] == "name" or toks[i + 2][1] in _MARK_BY)
            if nxt in MARK_WORDS and (nxt in _MARK_PAST or not after):
                mk, i = MARK_WORDS[nxt], i + 2
            else:
                mk, i = "crack", i + 1
        else:
            return [], f"{written[i]!r} is not a player of this sitting nor a crack word"
        seat = None if who == "?" else who
        if mk == "blitz":
            got = blitz_rest(i, who)
            if isinstance(got, str):
                return [], got
            i, colour, pair = got
            out.append((mk, seat, colour, pair))
        else:
            out.append((mk, seat, None, "queens"))
    return factored(out)


def _score_sheet(out: CsvResult, rows, index: dict[str, int], path: str | None,
                 rules: str, stored_session=None) -> None:
    # ``rows``: the data rows, ``(row number, cells)`` (_body)
    from .validate import _validate_records  # noqa: PLC0415 - the one loop over the judge

    notes: list[Diagnostic] = []
    grand: list[dict[str, int]] = []
    nights: list[tuple[str, dict[str, int]]] = []
    rows = list(rows)  # read again, as running totals, when rows are refused (_running_hint)
    rows = _oldest_first(out, rows, index, path, notes)
    for _ in _feed_dealers(out, rows, index):  # each night's dealers, in the order its hands are read (real27 F1)
        pass
    resent_start(out, lambda: iter(rows), index, path, rules, stored_session)  # a sheet sent again (fixm30)
    pending: list = []  # totals rows over rows that write no units: checked against the scored hands
    stated: list[dict[str, int]] = []
    blocks: dict[int, int] = {}
    records = list(sheet_records(out, rows, index, path, rules, stored_session, notes, grand, nights, pending,
                                 stated, blocks))
    prior = None
    if out.night is not None and (ask := getattr(stored_session, "prior", None)) is not None:
        # a sheet that continues a stored session: its stored hands, for the carry (a doubler's stake, the pot, the
        # dealer's rotation) and for a row that repeats a stored hand's number (a duplicate, or E-HAND-CONFLICT)
        night = str(out.night)

        def prior(sid: str) -> list:
            return ask(sid) if sid == night else []
    res = _validate_records(ShnFile(records, path=path), path, False, prior)
    if out.night is not None:
        _continued_conflicts(res, out.night)
    if res.rejected and blocks:
        notes[:] = _refused_in_totals(notes, blocks, _refused_of(res), {int(r): (r, row) for r, row in rows}, index,
                                      out.players, path)
    for lo, r in _derived_totals(pending, res, out, index, path, notes):  # a wrong Total row checks nothing stored
        if not lo:
            grand.clear()
        wrong = {h.outcome.session for h in res.hands if lo < int(h.source_line) < int(r)}
        nights = [(n, t) for n, t in nights if n not in wrong]
    if res.rejected:  # a night refused as a sit-out table read under other rules: no seat taken (sheet32 F7)
        _sit_out_seats(notes, res, records)
        _doubled_hint(res, records)
    if res.rejected and not out.running:
        _running_hint(out, rows, index, path, rules, records, res)
    elif res.rejected:
        if out.carried:  # a season pad's night opened by standings carried over (sheet32 F5)
            _carried_over(out, rows, index, path, rules, stored_session, res, notes)
        _standing_hint(res, out.openings)
    for bad in res.rejected if "picker" not in out.columns else ():  # a sheet of nets read as `pick ?` (real24 F4)
        if bad.errors and bad.errors[0].code == "E-RESULT-UNKNOWN" and bad.errors[0].found == "pick ?" \
                and "that nobody picked" in bad.errors[0].message:  # break24b F9: a pick's units and a leaster's
            _hint(bad, "the sheet has no Picker column, so the row is read as `pick ?` with its units (notation.md "
                  "§7), and they do not tell whether anybody picked: write the picker (a Picker column; the rest is "
                  "derived), or the winner of a leaster (a Leaster column)")
        elif bad.errors and bad.errors[0].code == "E-RESULT-UNKNOWN" and bad.errors[0].found == "pick ?":
            _hint(bad, "the sheet has no Picker column, so the row is read as `pick ?` with its units (notation.md "
                  "§7), and they tell no one picker: write the picker (a Picker column; the rest is derived), a "
                  "leaster's winner (a Leaster column), or for a hand nobody paid a Notes cell saying misdeal")
    if res.rejected:  # a row that writes neither points, result nor units: said in the sheet's words (break24b F11)
        _unsettled_words(res, out, index)
    if res.rejected and "dealer" not in out.columns:  # a sit-out table's dealer unknown: in the sheet's words
        _dealer_words(res)
    if "crack" not in out.columns and res.rejected:  # a copy of a stored night without its Crack column (break24b F10)
        _stored_marks_hint(res, records)
    if "mult" in out.columns and res.rejected:  # a multiplier read as marks, the units written otherwise (sheet32 F1)
        _mult_hint(res, records, out.columns["mult"], index[out.columns["mult"]] + 1)
    if out.stake is not None:  # a money sheet: its refusals name the money written beside the units (break24 F10)
        _money_words(res, {int(r): row for r, row in rows}, out.stake)
    out.result.hands = res.hands
    out.result.rejected = res.rejected
    out.result.continued = res.continued
    out.result.errors.extend(res.errors)
    out.result.errors.extend(notes)
    if "pot" in out.columns:
        out.result.errors.extend(_pot_cells(out, rows, index, path, res.hands))
    if nights and len({r.session.tags.get("Session") for r in records}) > 1:
        # several nights, each closed by its own Total row: the store checks each night against it
        out.result.night_totals = dict(nights)
    if grand and len({r.session.tags.get("Session") for r in records}) == 1:
        # one sitting under its own grand total: the store checks the stored units against it (session_checks),
        # so a sitting with refused rows is named incomplete, as a protocol's is (rules.md B-35: they sum to 0)
        out.result.log_totals = {out.names.get(p, p): v for p, v in grand[0].items()}
    elif stated and len(one := {r.session.tags.get("Session") for r in records}) == 1:
        # a wrong Total row (W-CSV-TOTALS): checks no first send, but a stored night's check is then against it, not
        # an earlier send's table (fixa27, real26 F6)
        out.result.stated_totals = {next(iter(one)): {out.names.get(p, p): v for p, v in stated[0].items()}}


def resent_start(out: CsvResult, rows_of: Callable[[], Iterator[tuple[int, list[str]]]], index: dict[str, int],
                 path: str | None, rules: str, stored_session=None) -> None:
    """Set ``out.first_hand`` when a sheet that continues a stored session
    (``out.night``) and has no Hand column is a sheet sent before (fixm30:
    sent again, its rows were numbered on after the hands it had stored and
    stored a second time, every player's units for them counted twice).
    ``rows_of()`` gives the sheet's data rows afresh (``(row number,
    cells)``, as :func:`sheet_records` reads them; closed when it has a
    ``close``).  The rule (docs/storage.md "Duplicates by meaning"): the
    runs of hands earlier imports of CSV sheets stored in the session
    (:func:`ingest.csv_identity.sheet_imports`: one import's consecutive
    numbers) are taken in hand order; for each, the sheet's rows are read
    as numbered from the run's first hand, and when its first ``m`` records
    are each the stored hand of their number by meaning
    (:func:`ingest.meaning.same_hand`, or its notes alone differ:
    :func:`ingest.meaning.notes_only`) -- ``m`` the run's length, or the
    sheet's rows when fewer and at least two -- the sheet is numbered from
    there: its repeated rows are those hands (duplicates, the store's
    same-number rule), the rows after them take the next numbers (new past
    the session's last hand; a stored hand there again a duplicate, another
    ``E-HAND-CONFLICT``).  Else the rows are numbered on after the
    session's highest hand, as before.  Nothing read when the session holds
    no hand from a sheet."""
    night = out.night
    imports = getattr(stored_session, "imports", None)
    prior = getattr(stored_session, "prior", None)
    if night is None or "hand" in out.columns or imports is None or prior is None:
        return
    runs = imports(str(night), file_of(path, out.tab))
    if not runs:
        return
    from .meaning import notes_only, same_hand  # noqa: PLC0415

    stored = {r.number: r for r in prior(str(night))}
    for run in runs:
        out.first_hand = run[0]
        rows = rows_of()
        try:
            got = list(islice(sheet_records(out, rows, index, path, rules, stored_session, []), len(run)))
        finally:
            if hasattr(rows, "close"):
                rows.close()
        m = min(len(got), len(run))
        if (m == len(run) or m >= 2) and all(
                not rec.errors and (old := stored.get(n)) is not None and (same_hand(old, rec) or notes_only(old, rec))
                for rec, n in zip(got[:m], run)):
            return
    out.first_hand = None


def _continued_conflicts(res: FileResult, night) -> None:
    """A refused row of a sheet that continues the stored session ``night``
    whose hand number is a stored hand's (``E-HAND-CONFLICT``: the facts
    differ) is told how the sheet's hands are numbered (newuser30); the
    store's refusals of the same rows are told so too (``res.continued``,
    :func:`ingest.pipeline.store_result`)."""
    hint = (f"the sheet continues session {str(night)!r}, which holds hands "
            + (f"1-{night.top}" if night.hands == night.top else f"up to {night.top}")
            + f": number the sheet's new hands from {night.top + 1} (or leave its Hand column out: its rows are "
            f"then hands {night.top + 1}, {night.top + 2}, ...), and delete the rows of hands already stored "
            "or write them as stored (then they are duplicates)")
    res.continued = {str(night): hint}
    for bad in res.rejected:
        if bad.errors and bad.errors[0].code == "E-HAND-CONFLICT":
            _hint(bad, hint)


def _newest_first(out: CsvResult, rows, index: dict[str, int]) -> tuple[int, int, int, _dt.datetime,
                                                                        _dt.datetime] | None:
    """``(first row, last row, column, newest, oldest)`` when every row of
    ``rows`` (``(row number, cells)``, read once: a stream will do) that is
    not blank has a timestamp and they go from the newest down to the oldest
    (a form's responses sorted newest first, an app's export); else None.
    A row's moment is its date cell's time of day, or the Time column's
    (:func:`_with_time`); when the date column holds no time, a form's
    Timestamp column left out beside it (the Date written: the night) gives
    the order (break22b F3)."""
    cols = out.columns
    if "date" not in cols:
        return None
    order = out.date_order.order if out.date_order is not None else "mdy"
    dk = index[cols["date"]]
    tk = index[cols["time"]] if "time" in cols else None
    sk = next((index[c] for f, c in cols.items() if f.startswith("ignore:") and _norm(c) in _STAMP_WORDS), None)
    first = last = col = newest = prev = None
    n = 0
    for r, row in rows:
        if not any(c.strip() for c in row):
            continue
        date = row[dk].strip() if dk < len(row) else ""
        if tk is not None and tk < len(row):
            date = _with_time(date, row[tk].strip())
        stamp = read_stamp(date, order) if date else None
        at = dk
        if stamp is None and sk is not None and sk < len(row) and row[sk].strip():
            stamp, at = read_stamp(row[sk].strip(), order), sk
        if stamp is None or (prev is not None and stamp > prev):
            return None  # a row without its moment (a Total row, a note, a date written once), or one going up
        if first is None:
            first, col, newest = r, at, stamp
        last, prev, n = r, stamp, n + 1
    if n < 2 or newest <= prev:
        return None
    return first, last, col, newest, prev


def _oldest_first(out: CsvResult, rows: list, index: dict[str, int], path: str | None,
                  notes: list[Diagnostic]) -> list:
    """``rows`` (``(row number, cells)``) oldest first: reversed, with a
    ``W-CSV-NEWEST-FIRST`` warning in ``notes``, when they go from the newest
    timestamp down to the oldest (:func:`_newest_first`); else as they are.
    The hands are then numbered, carried (a doubler, the pot: rules.md B-1)
    and split into nights in the order they were played, and every message
    still names the file's own row (break21b F15: the night past midnight was
    two, its hands refused as out of order or scored against the wrong
    doubler)."""
    got = _newest_first(out, rows, index)
    if got is None:
        return rows
    first, last, col, newest, oldest = got
    notes.append(Diagnostic(
        "W-CSV-NEWEST-FIRST", f"rows {row_words(first)}-{row_words(last)} go from the newest timestamp to the oldest "
        "(responses sorted newest first): read oldest first, the hands numbered and the nights split in the order "
        "they were played",
        "warning", path, first, col + 1, found=f"{newest:%Y-%m-%d %H:%M} above {oldest:%Y-%m-%d %H:%M}",
        expected="the oldest row first"))
    return rows[::-1]


#: the words of an ``E-CSV-SEAT`` that says a night is a sit-out table read under other rules (its --rules advice)
SIT_OUT_WORDS = "a dealer who sits out deals at a table of"


def _sit_out_seats(notes: list[Diagnostic], res: FileResult, records: list[HandRecord]) -> None:
    """Leave out of ``notes`` each ``W-CSV-SEATS`` ("Al takes Bea's seat") of a night whose rows are refused
    ``E-CSV-SEAT`` as a table where the dealer sits out (:data:`SIT_OUT_WORDS`: ingest with ``--rules
    wi6-sit-out``): the blank cells are the dealers sitting out, not a substitute, and the two contradicted each
    other (sheet32 F7).  ``records``: the rows' records (``line``, its night)."""
    night = {rec.line: rec.session.tags.get("Session") for rec in records}
    sat = {night.get(b.source_line) for b in res.rejected
           if b.errors and b.errors[0].code == "E-CSV-SEAT" and SIT_OUT_WORDS in b.errors[0].message}
    sat.discard(None)
    if sat:
        notes[:] = [d for d in notes if not (d.code == "W-CSV-SEATS" and night.get(d.line) in sat)]


def _doubled_hint(res: FileResult, records: list[HandRecord]) -> None:
    """A hand refused for its units (``E-SCORE``) right after a doubler refused ``E-NOPICK`` (the rules read have
    no doubler: an all-pass deal under ``noPick=leaster``) in its night is told of it: the doubler doubles the
    next hand (rules.md D-11), so its units written are twice the rules' (sheet32 F7: "Al -2 is written but the
    rules give -1", nothing said of the doubler above).  ``records``: the rows' records, in the order read."""
    night = {rec.line: rec.session.tags.get("Session") for rec in records}
    order = [rec.line for rec in records]
    refused = {b.source_line: b for b in res.rejected if b.errors}
    for i, line in enumerate(order[1:], 1):
        b, above = refused.get(line), refused.get(order[i - 1])
        if b is None or above is None or b.errors[0].code != "E-SCORE" or above.errors[0].code != "E-NOPICK" \
                or night.get(line) != night.get(order[i - 1]) or "doubler" not in above.errors[0].message:
            continue
        _hint(b, f"the deal above (row {row_words(order[i - 1])}) is a doubler, refused E-NOPICK under the rules "
              "read, and a doubler doubles the next hand (rules.md D-11): if the table plays doublers, ingest "
              "the night with --rules naming noPick=doubler (e.g. 'wi5-called-ace; noPick=doubler') and both rows "
              "are read")


def _hand_fits(units: dict[str, int], rules: str) -> bool:
    """True when the nets ``units`` (player -> units, in seat order) are one hand's score under ``rules`` with its
    picker unknown (``pick ?``, notation.md §3): the judge finds exactly one seat, outcome and partner giving them
    (rules.md B-31..B-35).  False when no such hand, more than one, or the rules seat another number of players."""
    from .shn.reader import read  # noqa: PLC0415 - a row judged as a sheet's rows are
    from .validate import _validate_records  # noqa: PLC0415 - the one loop over the judge

    prof = profile_of(rules)
    if prof is None or getattr(prof, "players", None) != len(units) or '"' in rules:
        return False
    seats = "; ".join(f"P{i}=P{i}" for i in range(len(units)))
    score = " ".join(f"P{i} {v:+d}" for i, v in enumerate(units.values()))
    text = f'%SHN 1.0\n[Date "2026.01.01"]\n[Seats "{seats}"]\n[Rules "{rules}"]\n\nhand 1\npick ?\nscore {score}\n'
    try:
        res = _validate_records(read(text, "ledger-row.shn"), "ledger-row.shn", False)
    except Exception:  # noqa: BLE001 - rules the reader refuses: no hand is told
        return False
    return len(res.hands) == 1 and not res.rejected


def _ledger_carried(out: CsvResult, r: int, units: dict[str, int], above: dict[str, int], path: str | None,
                    index: dict[str, int]) -> bool:
    """A running ledger's (``--columns units=running``) row ``r`` opening a date below a date whose last standings
    ``above`` (player -> units) are not all 0: True when the date goes on from them (a season's running ledger,
    verify34 F3: stored from 0 silently).  Decided by the judge as a running pad's carried night is
    (:func:`_carried_over`): the row's nets ``units`` less ``above`` are one hand (:func:`_hand_fits`, the sheet's
    rules, else wi5-called-ace) and the nets from 0 are none: True, said by ``W-CSV-CARRY``; from 0 a hand and
    carried none: False, nothing said; else False (read from 0, as a ledger's date is) with a ``W-CSV-CARRY``
    saying it cannot be decided.  Warnings appended to ``out.result.errors``."""
    rules = out.given_rules or "wi5-called-ace"
    less = {p: v - above.get(p, 0) for p, v in units.items()}
    zero, carried = _hand_fits(units, rules), _hand_fits(less, rules)
    if zero and not carried:
        return False
    said = ", ".join(f"{p} {v}" for p, v in above.items())
    col = min((index[p] + 1 for p in out.players if out.names.get(p, p) in units), default=1)
    nets = ", ".join(f"{p} {v:+d}" for p, v in less.items())
    if carried and not zero:
        out.result.errors.append(Diagnostic(
            "W-CSV-CARRY", f"row {row_words(r)} opens the date of its sitting with each player's standing carried "
            f"over from the date above ({said}): less those standings the row is one hand ({nets}), from 0 it is "
            "none: read as carried over, the sitting's nets are its last row less those standings. To read it from "
            "0, write the date's own standings (from 0)", "warning", path, r, col, found=said,
            expected="the date's first hand from 0"))
        return True
    prof = profile_of(rules)
    seats = getattr(prof, "players", None)
    why = ("the row is one hand either way" if zero else
           f"the rules {rules!r} seat {seats}, the row {len(units)}: no hand to tell by" if seats != len(units) else
           f"the row is one hand neither way under the rules {rules!r}")
    out.result.errors.append(Diagnostic(
        "W-CSV-CARRY", f"row {row_words(r)} opens a date below the standings {said}: whether the ledger carries them "
        f"over (the row less them: {nets}) or starts the date from 0 cannot be decided ({why}): read from 0, the "
        "sitting's nets its last row's standings. If the ledger carries the season's standings over, write each "
        "date's rows less the standings of the date above (from 0)",
        "warning", path, r, col, found=said, expected="the date's rows from 0"))
    return False


def _running_hand_row(out: CsvResult, row: list, index: dict[str, int], cell) -> bool:
    """True when a running pad's (``--columns units=running``) row is a hand, False for an opening row (each
    player's standing carried over, no hand).  A hand is a row that names one (a Picker, Dealer, Leaster ... cell:
    :data:`HAND_FIELDS`), or, on a pad without such columns, a row whose Hand cell is a hand number (1 or more)
    beside a standing: its units are the standings less the row above's, and the roles are worked out from them
    as on a sheet of each hand's units (rules.md B-31; break34 F1: such a pad stored nothing without a word).
    ``cell``: ``(row, field) -> (text, column)``; an opening row's Hand cell is blank, a word ('start') or 0."""
    if any(cell(row, f)[0] for f in HAND_FIELDS if f != "hand"):
        return True
    number = whole_units(cell(row, "hand")[0] or "")
    return number is not None and number >= 1 and any(
        index[p] < len(row) and whole_units(row[index[p]]) is not None for p in out.players)


#: what a refused row of a score pad read as each hand's units is told (:func:`_running_hint`)
RUNNING_HINT = ("looks like running totals: read it with --columns units=running (on the Import page: units=running "
                "in CSV columns)")


def _running_hint(out: CsvResult, rows: list, index: dict[str, int], path: str | None, rules: str,
                  records: list[HandRecord], res: FileResult) -> None:
    """Add :data:`RUNNING_HINT` to the first error of each row ``res``
    refused that reads as running totals (``--columns units=running``: each
    player column the standing after the hand) — only a hint, nothing is
    stored otherwise.  The sheet's ``rows`` are read again as running totals
    and judged by the same judge; a refused row gets the hint when, so read,
    it is a valid hand (its units, less the row above, are what the judge
    gives: rules.md B-31..B-35; a night's first row less nothing), and every
    row of its night accepted as each hand's units is accepted as running
    totals too (a sheet of hands with one wrong row is no pad: read as
    running totals its other rows fail).  ``records``: the rows' records as
    read (one per hand row, ``line`` its row); ``res``: their judgement."""
    from .validate import _validate_records  # noqa: PLC0415 - the one loop over the judge

    pad = CsvResult(out.kind, out.columns, out.players, FileResult(path=path), names=out.names,
                    date_order=out.date_order, header_row=out.header_row, tab=out.tab, running=True)
    as_pad = _validate_records(ShnFile(list(sheet_records(pad, rows, index, path, rules)), path=path), path, False)
    valid = {h.source_line for h in as_pad.hands}
    night = {rec.line: rec.session.tags.get("Session") for rec in records}
    no_pad = {night.get(h.source_line) for h in res.hands if h.source_line not in valid}
    for bad in res.rejected:
        if bad.source_line in valid and night.get(bad.source_line) not in no_pad and bad.errors:
            _hint(bad, RUNNING_HINT)


#: the refusals of a running pad's night-opening row that a season's standings carried over may explain (from 0 the
#: row misses the hand, E-SCORE; zero, E-SCORE-SUM: a player new that night or one sitting out, verify32 F5; or the
#: table, E-SEATS: one sitting out, her standing carried unchanged)
CARRY_CODES = ("E-SCORE", "E-SCORE-SUM", "E-SEATS")

#: the ``expected`` of a pad with no Picker column whose row's units (read as ``pick ?``) fit no seat
#: (E-RESULT-UNKNOWN, replay/judge_wi.py): from 0 a carried-over night's first row fits none (verify34 F3)
NO_SEAT_FITS = "pick S, or a score that tells the picker"


def _carry_refused(d: Diagnostic) -> bool:
    """True when a running pad's night-opening row refused so (its first error ``d``) may be the standings carried
    over from the night above: its units are wrong from 0 (:data:`CARRY_CODES`), or, on a pad with no Picker
    column, they fit no seat (``E-RESULT-UNKNOWN``, :data:`NO_SEAT_FITS`; verify34 F3: such a season pad's second
    night was refused with nothing about a carry)."""
    return d.code in CARRY_CODES or (d.code == "E-RESULT-UNKNOWN" and d.expected == NO_SEAT_FITS)


def _carry_words(out: CsvResult, carry: dict[str, int], row: list[str], index: dict[str, int],
                 prof) -> tuple[str, int]:
    """``(said, column)`` of a running pad's night-opening row ``row`` (its cells) under the standings ``carry``
    carried over from the night above (:attr:`CsvResult.carried`), ``prof`` the rules' profile (None: unknown):
    ``said`` the standings as W-CSV-CARRY and the refusal's advice name them ("Al 2, Bea 1, Ed 0 (new); Cy not at
    the table (cells blank)"), ``column`` the first carried player's (1-based); the one wording of the sheet read
    whole (:func:`_carried_over`) and in batches (:func:`carry_decided`)."""
    written = {p: whole_units(row[index[p]]) if index[p] < len(row) else None for p in out.players}
    # who the row seats otherwise than the night above (verify32 F5): a player new that night starts at 0, one
    # whose cell is blank or writes the standing carried unchanged sits the night out
    new = [seat_label(p) for p in out.players if p not in carry and written[p] is not None]
    blank = [p for p in carry if written[p] is None]
    same = [p for p in carry if written[p] == carry[p]]
    seated = sum(1 for v in written.values() if v is not None)
    if prof is None or seated - len(same) != prof.players:
        same = []  # an unchanged standing is a player sitting out only when the others make the table
    said = ", ".join([f"{seat_label(p)} {v}" for p, v in carry.items() if p not in blank and p not in same]
                     + [f"{n} 0 (new)" for n in new])
    said += "".join(f"; {seat_label(p)} not at the table (" + ("cells blank" if p in blank else
                    f"the standing {carry[p]} unchanged") + ")" for p in carry if p in blank or p in same)
    return said, min((index[p] + 1 for p in carry), default=1)


def _carry_note(path: str | None, line: int, date: str, hand: int, said: str, col: int) -> Diagnostic:
    """The ``W-CSV-CARRY`` of a running pad's night-opening row read with the season's standings carried over."""
    return Diagnostic(
        "W-CSV-CARRY", f"row {row_words(line)} opens the night of {date} with each player's "
        f"standing carried over from the night above ({said}) and hand {hand} played: read as carried "
        "over (its units are the row less those standings, the rules' hand); the night's own units start "
        "at 0. To say so on the pad, write an opening row of the standings (the date and each player's "
        "standing, no hand; a player new that night 0, one sitting out blank) above the night's first hand",
        "warning", path, line, col, found=said, expected="the night's first hand from 0, or an opening row")


def _carry_hint(said: str) -> str:
    """What a running pad's night-opening row refused both from 0 and less the standings above is told."""
    return (f"if the pad carries the season's standings over from the night above ({said}), write them "
            "in an opening row above this one (the date and each player's standing, no hand; a player new "
            "that night 0, one sitting out blank in the night's rows): this row less them is not the hand "
            "either; a night of running totals without one starts from 0")


def _carried_over(out: CsvResult, rows: list, index: dict[str, int], path: str | None, rules: str, stored_session,
                  res: FileResult, notes: list[Diagnostic]) -> None:
    """A running pad's (``--columns units=running``) night whose first row, a hand, is refused for its units
    (:func:`_carry_refused`) read again with the night above's last standings carried over (:attr:`CsvResult.carried`: a
    season pad, each night going on from the last; sheet32 F5: refused "Al +6 is written but the rules give -1",
    +6 being Al's season standing): when the row less those standings is the hand the judge gives (rules.md
    B-31..B-35), the hand so read is stored in place of the refusal, said by ``W-CSV-CARRY`` at the row (appended
    to ``notes``); else the refusal says how a carried-over season is written (an opening row of standings).
    ``res`` is changed in place.  A sheet read in batches decides the same before its rows are stored
    (:func:`carry_decided`)."""
    from .validate import _validate_records  # noqa: PLC0415 - the one loop over the judge

    prof = profile_of(rules)
    bad = {b.source_line: b for b in res.rejected if b.source_line in out.carried and b.errors
           and _carry_refused(b.errors[0])}
    if not bad:
        return
    pad = CsvResult(out.kind, out.columns, out.players, FileResult(path=path), names=out.names,
                    date_order=out.date_order, header_row=out.header_row, tab=out.tab, running=True,
                    group=out.group, carry_rows=frozenset(bad))
    again = _validate_records(ShnFile(list(sheet_records(pad, rows, index, path, rules, stored_session)),
                                      path=path), path, False)
    good = {h.source_line: h for h in again.hands if h.source_line in bad}
    cells = {int(r): row for r, row in rows if int(r) in bad}
    for line, b in bad.items():
        h = good.get(line)
        said, first = _carry_words(out, out.carried[line], cells.get(int(line), []), index, prof)
        if h is not None and h.outcome.session == b.session and h.outcome.hand == b.hand:
            # the night is read so, all its rows: a row below refused from 0 (E-SEATS: the one sitting out's
            # standing carried down) is read again with it
            night = h.outcome.session
            res.rejected[:] = [x for x in res.rejected if x.session != night]
            res.hands[:] = [x for x in res.hands if x.outcome.session != night]
            res.hands.extend(x for x in again.hands if x.outcome.session == night)
            res.rejected.extend(x for x in again.rejected if x.session == night)
            notes.append(_carry_note(path, line, h.outcome.date, h.outcome.hand, said, first))
        else:
            _hint(b, _carry_hint(said))
    if good:  # in the order the rows are read (a sheet sorted newest first is read oldest first: _oldest_first)
        at = {int(r): i for i, (r, _row) in enumerate(rows)}
        res.hands.sort(key=lambda x: at.get(int(x.source_line), 0))
        res.rejected.sort(key=lambda x: at.get(int(x.source_line), 0))


def carry_decided(out: CsvResult, rows_of: Callable[[], Iterator[tuple[int, list[str]]]], index: dict[str, int],
                  path: str | None, rules: str, stored_session=None
                  ) -> tuple[frozenset, list[Diagnostic], dict[int, str]]:
    """:func:`_carried_over` for a running pad read in batches (:func:`read_csv_stream`; left33 F2: over 8 MiB the
    carry was never read, the night's first row refused), decided before any row is stored: ``(rows, notes,
    hints)``, ``rows`` the night-opening rows to read with the standings above carried over (for
    ``out.carry_rows``), ``notes`` their ``W-CSV-CARRY``, ``hints`` the advice for each such row that reads as no
    hand either way (row -> text, added to its refusal).  The rule is the sheet read whole's: a night-opening row
    under a night of standings (:attr:`CsvResult.carried`) refused from 0 for its units (:func:`_carry_refused`; the
    night's first hand, judged from a fresh session as in the whole file) is read carried over when so it is the
    same hand the judge accepts.  ``rows_of()`` gives the data rows afresh, as the batches read them; two passes of
    :func:`sheet_records` over them, a hand judged for each such row only (nothing kept of the others)."""
    from .validate import _validate_records  # noqa: PLC0415 - the one loop over the judge

    def judged(rec):
        return _validate_records(ShnFile([rec], path=path), path, False)

    def each(reading: CsvResult) -> Iterator[tuple[int, HandRecord, list[str]]]:
        """(row, record, cells) of each night-opening row carried over, by a pass of sheet_records."""
        rows = rows_of()
        cells: dict[int, list[str]] = {}

        def kept():
            for r, row in rows:
                cells[int(r)] = row
                yield r, row
        try:
            for rec in sheet_records(reading, kept(), index, path, rules, stored_session, []):
                line = int(rec.line)
                if line in reading.carried:
                    yield line, rec, cells.get(line, [])
                for r in [r for r in cells if r <= line]:  # (a row below may be read before this record is given)
                    del cells[r]
        finally:
            if hasattr(rows, "close"):
                rows.close()

    probe = replace(out, result=FileResult(path=path), carried={}, openings={}, carry_rows=frozenset())
    bad: dict[int, tuple] = {}
    for line, rec, row in each(probe):
        got = judged(rec)
        b = got.rejected[0] if got.rejected else None
        if b is not None and b.errors and _carry_refused(b.errors[0]):
            bad[line] = (b, row, probe.carried[line])
    if not bad:
        return frozenset(), [], {}
    pad = replace(out, result=FileResult(path=path), carried={}, openings={}, carry_rows=frozenset(bad))
    good: dict[int, object] = {}
    for line, rec, _row in each(pad):
        if line in bad:
            got = judged(rec)
            h = got.hands[0] if got.hands else None
            b = bad[line][0]
            if h is not None and h.outcome.session == b.session and h.outcome.hand == b.hand:
                good[line] = h
    prof = profile_of(rules)
    notes: list[Diagnostic] = []
    hints: dict[int, str] = {}
    for line, (b, row, carry) in bad.items():
        said, first = _carry_words(out, carry, row, index, prof)
        if line in good:
            notes.append(_carry_note(path, b.source_line, good[line].outcome.date, good[line].outcome.hand, said,
                                     first))
        else:
            hints[line] = _carry_hint(said)
    return frozenset(good), notes, hints


#: what a running pad's row that does not sum to zero is told (:func:`_standing_hint`)
STANDING_HINT = ("in a pad of running totals each hand's units are its standings less the row above's, so one "
                 "standing typed wrong spoils its row and the next (they miss zero by the same amount, one each way): "
                 "check the standings of this row and the row above")


_WRITTEN_ENTRY = re.compile(r"(?P<who>\S+) (?P<w>[+-]\d+) is written but the rules give (?P<g>[+-]\d+)")
_SUM_WORDS = re.compile(r"the score sums to (?P<s>[+-]\d+), not 0")


def _money_words(res: FileResult, rows: dict[int, list[str]], stake: Fraction) -> None:
    """A money sheet's (``--columns stake=``) refusals that name units
    (``E-SCORE-SUM`` "the score sums to +1, not 0; Cal -3 is written but
    the rules give -4", ``E-SCORE``) name the money too, as its cells write
    it, the units beside (as ``W-CSV-TOTALS`` does): "Cal -$0.75 (-3 units at
    0.25) is written but the rules give -$1.00 (-4)" (break24 F10: the cell
    said -$0.75, the message only -3).  ``rows``: the rows by their line."""
    for bad in res.rejected:
        if not bad.errors or bad.errors[0].code not in ("E-SCORE-SUM", "E-SCORE"):
            continue
        d = bad.errors[0]
        row = rows.get(int(d.line or 0))
        if not isinstance(row, MoneyRow):
            continue
        cash = row.written[d.col - 1].strip() if d.col and d.col - 1 < len(row.written) else ""
        like = cash if money_value(cash) is not None else next(
            (c.strip() for c in row.written if c.strip() and money_value(c) is not None and not c.strip().isdigit()
             and re.search(r"[^\d\s.,+-]|[.,]\d\d", c)), None)
        if like is None:
            continue
        unit = f"{float(stake):g}"
        message, found, expected = d.message, d.found, d.expected
        m = _WRITTEN_ENTRY.search(message)
        if m and cash and money_value(cash) == int(m["w"]) * stake:
            give = money_like(int(m["g"]) * stake, cash)
            message = (message[:m.start()] + f"{m['who']} {cash} ({m['w']} units at {unit}) is written but the rules "
                       f"give {give} ({m['g']})" + message[m.end():])
            if d.code == "E-SCORE":
                found, expected = cash, f"{give} ({m['g']})"
        m = _SUM_WORDS.search(message)
        if m:
            message = (message[:m.start()] + f"the score sums to {money_like(int(m['s']) * stake, like)} ({m['s']} "
                       f"units at {unit}), not 0" + message[m.end():])
        bad.errors[0] = Diagnostic(d.code, message, d.severity, d.file, d.line, d.col, d.hand, d.trick, found,
                                   expected)


def _unsettled_words(res: FileResult, out: CsvResult, index: dict[str, int]) -> None:
    """A picked row refused as ``E-RESULT-UNKNOWN`` because it writes no
    points, no result and no units (SHN: "expected an outcome or pts, or a
    score") is said at its Points cell (else its Result cell), naming the
    cells to fill in by the sheet's own column names (break24b F11: it was
    said at column 1 with SHN's words)."""
    cols = out.columns
    at = next((cols[f] for f in ("points", "outcome") if f in cols), None)
    named = [f"the {cols[f]} cell" for f in ("points", "outcome") if f in cols]
    for bad in res.rejected:
        d = bad.errors[0] if bad.errors else None
        if d is None or d.code != "E-RESULT-UNKNOWN" or d.expected != "an outcome or pts, or a score":
            continue
        fill = " or ".join(named + [f"each player's units ({', '.join(out.players)})"])
        message = (f"row {d.line}: the hand cannot be settled: the row writes no "
                   + ", no ".join([cols[f] for f in ("points", "outcome") if f in cols] + ["units"])
                   + f" (rules.md B-27, B-28): fill in {fill}")
        expected = " or ".join([cols[f] for f in ("points", "outcome") if f in cols] + ["the units"])
        bad.errors[0] = Diagnostic(d.code, message, d.severity, d.file, d.line,
                                   index[at] + 1 if at is not None else d.col, d.hand, d.trick,
                                   "blank", expected)


#: the advice of a sit-out hand's ``E-DEALER`` (replay/judge_wi.py) in SHN's words, and a sheet's
_SHN_DEALER = "write dealer S on the hand line"
_CSV_DEALER = ("add a Dealer column naming each hand's dealer (who sits the hand out); a row's blank Dealer cell is "
               "derived from the row above on the same day")


def _dealer_words(res: FileResult) -> None:
    """A sheet with no Dealer column whose sit-out hands (rules.md F-1: the dealer sits out and settles 0) are
    refused ``E-DEALER`` is told to add a Dealer column, not SHN's "write dealer S on the hand line" (verify34)."""
    for bad in res.rejected:
        d = bad.errors[0] if bad.errors else None
        if d is None or d.code != "E-DEALER" or _SHN_DEALER not in d.message:
            continue
        bad.errors[0] = replace(d, message=d.message.replace(_SHN_DEALER, _CSV_DEALER), expected="a Dealer column")


def _stored_marks_hint(res: FileResult, records: list) -> None:
    """A row of a copy of a stored night refused for its units (``E-SCORE``)
    where the stored hand has marks the copy does not write, the sheet having
    no Crack column: say them (break24b F10: 'Al -2 is written but the rules
    give -1' on the stored hand's right cell, nothing said of its crack)."""
    stored = {(r.session.id, r.number): r.session.tags.get("Session") for r in records}
    for bad in res.rejected:
        if not bad.errors or bad.errors[0].code != "E-SCORE":
            continue
        marks = (getattr(stored.get((bad.session, bad.hand)), "marks", None) or {}).get(bad.hand)
        if marks:
            _hint(bad, f"the stored hand {bad.hand} has {', '.join(marks)}, which this copy does not write: the "
                  "sheet has no Crack column, and a row without one is read with no crack (rules.md E-1 doubles "
                  "each mark); add the Crack column with the stored marks to send the night again")


def _mult_hint(res: FileResult, records: list, column: str, col: int) -> None:
    """A row refused for its units (``E-SCORE``) whose multiplier cell (column ``col``, headed ``column``) was read
    as marks whose player is not written (sheet32 F1): say how it was read, and that a multiplier counting the
    bump is read x2 too high on a lost hand (rules.md B-32 doubles it already)."""
    read = {rec.marks[0].pos.line: [f"{m.kind} ?" for m in rec.marks if m.pos.col == col] for rec in records
            if rec.marks}
    for bad in res.rejected:
        if bad.errors and bad.errors[0].code == "E-SCORE" and (said := read.get(bad.errors[0].line)):
            _hint(bad, f"the {column!r} cell was read as {', '.join(said)}, doublings beyond what the rules apply "
                  "themselves (double on the bump, rules.md B-32, doubling a lost hand; E-1); if the sheet's "
                  "multiplier counts the bump, write a lost hand's without it (1 for a plain bump)")


def _hint(bad, text: str) -> None:
    """Add ``text`` to the first error of the refused hand ``bad``."""
    first = bad.errors[0]
    bad.errors[0] = Diagnostic(first.code, f"{first.message}; {text}", first.severity, first.file, first.line,
                               first.col, first.hand, first.trick, first.found, first.expected)


def _standing_hint(res: FileResult, openings: dict[int, object] | None = None) -> None:
    """Add :data:`STANDING_HINT` to each row of a running pad refused for
    not summing to zero (``E-SCORE-SUM``, rules.md B-35): a tester's pad
    with one standing mistyped refused two rows with nothing pointing at the
    standings.  ``openings``: the pad's opening rows (row -> the units
    their Pot cell carries in, :attr:`CsvResult.openings`): a row under one
    that carried a pot in is told that instead (break22b F11)."""
    for bad in res.rejected:
        if bad.errors and bad.errors[0].code == "E-SCORE-SUM":
            above = max((r for r in openings or () if r < bad.source_line), default=None)
            carried = openings[above] if above is not None else 0
            _hint(bad, f"the pot carried in at row {row_words(above)} ({carried:+}, E-CSV-POT there) is not "
                  "read: a hand that takes it does not sum to zero" if carried else STANDING_HINT)


def _deck_points() -> int:
    """The card points of the whole deck (rules.md A-5, A-6: 120, in each game shead plays), as the engine counts them
    (:func:`replay.cards.points_of`): a Def Pts cell's picker side is this less the cell."""
    from replay.cards import FULL_DECK, points_of  # noqa: PLC0415

    return points_of(FULL_DECK)


def profile_of(rules: str):
    """The :class:`~replay.profile.RuleProfile` of ``rules``, or None for
    rules that do not read (the judge refuses them with its own message)."""
    from replay.errors import ProfileError  # noqa: PLC0415
    from replay.profile import parse_rules  # noqa: PLC0415

    try:
        return parse_rules(rules)
    except (ProfileError, ValueError):
        return None


def _tier_of(word: str, pts: int, prof) -> str | None:
    """A sheet's bare ``W`` / ``L`` (``win`` / ``lose``: who won, no tier)
    with the row's points.  The points' side (61 or more wins, rules.md
    B-27) is not the word's: ``word``, which the judge refuses
    (``E-OUTCOME``).  Else the outcome word those points give
    (:func:`replay.scoring.picked_result`, B-28: a win at 91 is ``win-s``),
    or None where a no-tricker is possible (B-29: 120 points, or no more than
    the largest bury): the tricks or the units tell the tier.  Two-handed
    (F-1, most points wins) and unread rules: ``word``."""
    from replay.scoring import picked_result  # noqa: PLC0415

    if prof is None or prof.two_handed or not 0 <= pts <= 120 or ("win" if pts >= 61 else "lose") != word:
        return word
    if pts == 120 or pts <= prof.max_bury:
        return None
    return picked_result(prof, pts, 1, prof.tricks)  # a trick each side: no no-tricker


def _looks_like(nights: list, name: str, out: CsvResult, path: str | None, r, present: list[str],
                label: dict[str, str], name_of: dict[str, str], pot: str | None = None,
                db_path: str | None = None) -> list[Diagnostic]:
    """``W-CSV-SESSION`` at a night's first row ``r`` when its date and
    players (the seats' aliases, or their names) are those of stored
    sessions ``nights`` (:func:`ingest.csv_identity.nights_like`) while the
    sheet names none: its hands are stored as the session ``name`` of their
    own, never merged unasked, and the warning names the stored night and
    the exact commands that make them its next hands (newuser30: nothing
    said, ten players in the ledger).  ``pot``: the sheet's Pot column, read
    as a player's here, which is the pot's under the stored night's rules
    (rules.md D-19, fix30 F1).  ``db_path``: the database read against,
    named in the commands as ``--db PATH`` (fixd31: left out, the commands
    pasted as they were worked on the default database)."""
    import shlex  # noqa: PLC0415

    if not nights:
        return []
    parts = [f"{a}={b}" for a, b in _parts(out.given_columns) if a.lower() not in ("group", "session")]
    who = ", ".join(label[p] for p in present)
    names = ", ".join(name_of[p] for p in present)

    def held(n) -> str:
        return f"hands 1-{n.top}" if n.hands == n.top else f"{n.hands} hands, up to hand {n.top}"

    # the database the sheet is read against, repeated so the commands paste as they are (fixd31)
    db = f" --db {shlex.quote(db_path)}" if db_path else ""

    def command(n) -> str:
        cols = ",".join([*parts, f"session={n}"])
        rules = "" if out.given_rules is None else f" --rules {shlex.quote(out.given_rules)}"
        return (f"shead ingest{db} --columns {shlex.quote(cols)}{rules} "
                f"{shlex.quote(file_of(path, out.tab) or 'FILE')}")

    first = nights[0]
    mine = f"{who} ({names})" if who != names else who
    if len(nights) == 1:
        msg = (f"row {row_words(r)}: this night ({first.date}, players {mine}) looks like the next page of session "
               f"{str(first)!r}, stored with {held(first)} (the same date and "
               + ("seat names" if {label[p].lower() for p in present} == {a.lower() for a in first.seats} else
                  "players") + f"); the sheet names no session, so its hands are a session of their own, "
               f"{name!r}, its players {names}. If they are that night's next hands, make them so: "
               f"shead void{db} {shlex.quote(name)} --session --reason {shlex.quote('continues ' + str(first))} (when "
               f"they were stored), then {command(first)} (on the Import page: session={first} in CSV columns; or "
               "give the sheet a Session column naming it): they are then its hands, numbered on after its hand "
               f"{first.top}, with its players and rules"
               + (f" (its rules keep a pot: the {pot!r} column is then the pot's, no player's)" if pot else ""))
    else:
        msg = (f"row {row_words(r)}: this night ({first.date}, players {mine}) looks like the next page of one of "
               "the stored sessions " + ", ".join(f"{str(n)!r} ({held(n)})" for n in nights)
               + f"; the sheet names no session, so its hands are a session of their own, {name!r}. If they "
               f"continue one of those: shead void{db} {shlex.quote(name)} --session --reason 'next page' (when they "
               f"were stored), then {command('NAME')} with that session's name")
    return [Diagnostic("W-CSV-SESSION", msg, "warning", path, r, 1, found=name, expected=str(first))]


def sheet_records(out: CsvResult, rows, index: dict[str, int], path: str | None, rules: str,
                  stored_session=None, notes: list[Diagnostic] | None = None,
                  grand: list | None = None, nights: list | None = None,
                  pending: list | None = None, stated: list | None = None,
                  blocks: dict[int, int] | None = None) -> Iterator[HandRecord]:
    """The hand records of a score sheet's rows, one by one: ``rows`` yields
    ``(row number, cells)`` (row 1 is the header), so a large sheet is
    mapped in bounded memory (issue 15, :func:`read_csv_stream`); what is
    kept from row to row is each sitting's session record, table and hand
    count, and the player columns' sums.  Each record carries its row's
    errors (``E-CSV-*``) at ``path:row:column``.  Dates are read in
    ``out.date_order`` (:func:`_order_of`).  A totals row
    (:func:`ingest.csv_cells.is_totals_row`) is no hand: its sums are
    checked (:class:`_Totals`) and a ``W-CSV-TOTALS`` warning for each that
    differs is appended to ``notes``.  A row with no picker, leaster winner
    or doubler whose notes cell says misdeal (:func:`ingest.csv_cells.says_misdeal`)
    and whose units are all 0 or blank is SHN's ``misdeal`` (rules.md B-4).
    A night's hand numbers are unique and increasing (notation.md's
    ``hand N``): a row whose number (written, or counted for a row without
    one) is not above the night's highest so far is refused at its hand cell
    (``E-CSV-HAND-ORDER``, found the number, expected ``> highest``).
    ``grand``: when given, the sheet's own grand total (player column ->
    units) is appended to it once the rows are read, if the sheet ends with
    a totals row of every player that sums every row above.  ``nights``:
    when given, ``(session, player name -> units)`` is appended to it for
    each totals row that closes one night's rows and sums each of its
    players' columns since the totals row before (a sheet of several
    nights, each under its own Total row).  ``stated``: when given, the
    sheet's one totals row as written (:attr:`_Totals.stated`) is appended
    to it when it is no grand total (its sums differ from the rows')."""
    cols = out.columns
    order = out.date_order.order if out.date_order is not None else "mdy"
    note_cols = [index[c] for f, c in cols.items() if f.startswith("ignore:") and _norm(c) in IGNORED]
    # the Notes cells are the hand's note; a Check/Sum column is the sheet's arithmetic, no note (real20 F3: every
    # hand was noted {0}, and a copy whose check read OK was another text)
    text_cols = [index[c] for f, c in cols.items() if f.startswith("ignore:") and _norm(c) in NOTE_NAMES]
    stem = PurePath(file_of(path, out.tab)).stem if path else "sheet"
    sessions: dict[str, SessionRec] = {}
    seats_of: dict[str, list[str]] = {}
    first_seats: dict[str, list[str]] = {}  # each night's table at its first row (its session's [Seats])
    # a continued night whose table changed before the sheet (a substitute's own [Seats] in a stored hand): each of
    # its hands writes its own [Seats], the session's header naming the table it started at (fix30 F2)
    reseated: set[str] = set()
    alias_of: dict[str, str] = {}
    night_alias: dict[str, dict[str, str]] = {}  # each night's aliases: alias_of, or a stored night's own
    column_seated: dict[str, str] = {}  # a night seated by its columns' order, unconfirmed: the refusals' advice
    label = {p: seat_label(p) for p in out.players}  # what the cells write for the player
    name_of = {p: out.names.get(p, p) for p in out.players}  # the player's stored name (seat_names)
    taken: set[str] = set()
    for p in out.players:
        alias_of[p] = out.aliases[p] if out.night is not None else _alias(label[p], taken)
    said_like: set[str] = set()  # the nights said to look like a stored night's next page (W-CSV-SESSION)
    totals = _Totals(out.players, index, label, pending)
    if blocks is not None:  # each totals row's rows, for its warnings once the hands are judged (break28 F7)
        totals.blocks = blocks
    prof = profile_of(rules)
    sits_out = prof is not None and prof.sitOut  # rules.md F-1: the dealer's units cell may be left blank
    # a cell's name in lower case, else by Unicode case folding (break24 F9: 'ilker' for İlker, 'STRAUSS')
    player_of = NameLookup((w, p) for p in out.players for w in (label[p], name_of[p], alias_of[p]))

    def cell(row: list[str], f: str) -> tuple[str, int]:
        if f not in cols:
            return "", 0
        k = index[cols[f]]
        return (row[k].strip() if k < len(row) else ""), k + 1

    count: dict[str, int] = {}
    from_zero: set[str] = set()  # nights whose first row's Hand cell is 0: read +1 (W-CSV-HAND-FROM-0)
    last_hand: dict[str, tuple[int, int]] = {}  # night -> (its highest hand number so far, the row that wrote it)
    # night -> (the row numbering it from 1 again, the night's highest then, its row): the rest of that block is
    # refused with it (fixn's left item: its hand 4 was stored as the first night's hand 4)
    restarted: dict[str, tuple[int, int, int]] = {}
    prev_night: str | None = None  # the night of the last hand row read (a row of another night ends a block)
    last_date: str | None = None  # the date cell of the last row that had one
    bad_night: tuple[int, str] | None = None  # the row opening a night whose date cell does not read, and that cell
    night_of: dict[str, str] = {}  # a timestamp cell -> the night (YYYY-MM-DD) its hand was played in
    last_stamp: tuple[_dt.datetime, str] | None = None  # the last timestamp read and its night
    zone_said = False  # W-CSV-ZONE given (once a sheet)
    regrouped: set[str] = set()  # the nights whose rows write another group (W-CSV-GROUP said once a night)
    last_group = ""  # the Group cell of the last night that had one (dash19 F2, break19 F4: a blank is "as above")
    run_night: str | None = None  # units=running: the night of ``standing``, each player's last running total
    run_width: int | None = None  # units=running: the players with a standing in the night's first hand
    standing: dict[str, int] = {}
    pot_in: tuple | None = None  # units=running: (night, units, row, column) of a pot its opening row carries in
    since: set[str] = set()  # the nights of the hands since the last totals row
    width = max(index.values()) + 1  # the header's cells (with NIGHT_COLUMN when the night's date is given: _body)
    shift = 0 if NIGHT_COLUMN not in index else 1  # that cell is none of the file's: the file's columns after it
    beyond = _Beyond(width, shift, path, "a player's units or a note", "the sheet")
    def row_won(row: list[str]) -> bool | None:
        # whether the row's picker side won, as its Won/Lost cell or its points write it (B-27: 61 wins); None when
        # neither is written (verify32 F9, the Mult column's reading)
        otext = cell(row, "outcome")[0]
        word = outcome_word(otext)
        if word is None and "outcome" in cols and _norm(cols["outcome"]) in WON_QUESTIONS:
            word = YES_NO.get(otext.lower().rstrip("."))
        if word:
            return word.startswith("win")
        ptext = cell(row, "points")[0]
        return int(ptext) >= 61 if re.fullmatch(r"\d{1,3}", ptext) else None

    # verify32 F9: a Mult column 1 on every won row and 2 (or more) on every lost row of the sheet's first rows
    # counts the bump (rules.md B-32): the lost rows so read, said by W-CSV-MULT; None: the Mult is beyond the bump
    mult_bump: list[int] | None = None
    if "mult" in cols and "bump" not in cols and prof is not None and prof.doubleOnBump:
        rows, ahead = tee(rows)
        mult_bump = _mult_counts_bump([(r, row, row_won(row)) for r, row in islice(ahead, 4 * HEAD_ROWS)], cell)
        del ahead
    dbl_run: dict[str, int] = {}  # night -> the doublers in a row just before its next hand (verify32 F9)
    mult_said: set[str] = set()  # the readings of the Mult column said by W-CSV-MULT (once a sheet each)
    rows, following_rows = tee(rows)
    next(following_rows, None)
    unit_cols = [index[p] for p in out.players]
    unit_set = frozenset(unit_cols)
    # the ignored columns (Notes, Check ...): text there is no hand fact, beside a Total label elsewhere (sheetx34 F2)
    ignored_cols = frozenset(index[c] for f, c in cols.items() if f.startswith("ignore:"))
    # '-' in a Call, Points or Tricks cell: nothing written there, as in a units cell or the Partner cell (break26 F7:
    # refused "call '-' is not a card", "points '-' is not a number" while a Partner cell's '-' read as alone); and in
    # a Pot cell (break27 F3: an opening row's '-' refused E-CSV-POT, and the night's first hand with it)
    dash_cols = unit_cols + [index[cols[f]] for f in ("call", "points", "defense", "tricks", "pot") if f in cols]
    mark_cols = unit_cols if sits_out else ()  # a sit-out dealer's cell marked 'X', 'out', 'D' (F-1; sheet32 F4)
    deck = _deck_points() if "defense" in cols else 0  # the picker side's and the defenders' card points sum to it
    defense_said = False  # W-CSV-DEFENSE given (once a sheet)
    bump_said = False  # W-CSV-BUMP given (once a sheet)
    for (r, row), after in zip_longest(rows, following_rows):  # the row after: a mistyped date's night
        if not any(c.strip() for c in row):
            continue
        # '-' in a units cell: blank (break24c F5); so is a sit-out mark ('X', 'out') under wi6-sit-out (sheet32 F4)
        raw, row = row, _dashes_blank(row, dash_cols, mark_cols)
        if notes is not None:
            beyond.row(r, row, notes)
        dtext, dcol = cell(row, "date")
        if shift and dtext and (totals.rows or totals.derived):
            # a night of a sheet dated by its titles (_night_blocks): its Total row sums its own rows, not the night
            # above's that had no Total row (break24b F4: a right Total said wrong for every player)
            totals.new_night(r)
            since.clear()
        unlabelled = ("hand" in cols and not cell(row, "hand")[0] and not dtext
                      and not any(cell(row, f)[0] for f in HAND_FIELDS) and totals.sums(row))
        if unlabelled or is_totals_row(dtext, row[0], *(cell(row, f)[0] for f in ("hand", "dealer", "picker")),
                                       hand=(cell(row, f)[0] for f in HAND_FIELDS if f not in ("hand", "dealer"))) \
                or (not dtext and _labelled_elsewhere(row, unit_set, ignored_cols)):
            if notes is not None:
                if unlabelled:  # break24c F3: a row of the column sums with no label, no hand and no date
                    notes.append(Diagnostic(
                        "W-CSV-TOTALS", f"row {row_words(r)} writes no hand number and no date, and each player's "
                        f"cell is the sum of the {totals.rows} rows above it: read as their Total row, not as a hand "
                        "(write Total in its first cell to say so)", "warning", path, r, 1,
                        found="an unlabelled row of sums", expected="a hand's row, or a row labelled Total"))
                notes.extend(totals.check(r, row, path))
            if nights is not None and totals.night is not None and len(since) == 1:  # one night's own Total row
                (d_,) = since
                if set(seats_of[d_]) <= set(totals.night):
                    nights.append((sessions[d_].tags["Session"], {name_of[p]: totals.night[p] for p in seats_of[d_]}))
            since.clear()
            continue
        if not out.running and (opening := _pot_opening(out, row, cols, index, cell, dtext, order, count, night_of,
                                                         last_date, r, path, notes, player_of, pot_in)) is not False:
            pot_in = opening  # a per-hand sheet's row carrying a pot in (break26 F6), or None: not read
            if dtext and read_date(dtext, order) is not None:
                last_date = dtext
            continue
        dealer_text, hand_text = cell(row, "dealer")[0], cell(row, "hand")[0]
        if (not any(cell(row, f)[0] for f in HAND_FIELDS if f not in ("dealer", "hand"))
                # a note typed in the Hand cell ("-- pizza break --"): no number (break23 F8: refused E-CSV-SEATS
                # as the next hand's, at column 1)
                and (not hand_text or (whole_units(hand_text) is None and not re.fullmatch(r"\W*\d+\W*", hand_text)))
                and (not dealer_text or dealer_text.lower() not in player_of)  # a note typed in the dealer cell
                and not any(row[index[p]].strip() for p in out.players if index[p] < len(row))
                and not any(says_misdeal(row[k]) for k in note_cols if k < len(row))
                and (not dtext or read_date(dtext, order) is not None or not _date_attempt(dtext))):
            # a scorer's note between hands (its date and a Notes cell, or "-- pizza break --" in the first cell):
            # no hand, no number taken; it took the next hand's number, and the real hand was then refused as
            # "hand 2 again" (sheet18 F2)
            continue
        under_bad = None  # the mistyped date cell above whose night this blank-dated row is (break21 F3)
        if not dtext and bad_night is not None and any(c.strip() for i, c in enumerate(row) if i + 1 != dcol):
            under_bad = bad_night
        elif not dtext and last_date is not None and any(c.strip() for i, c in enumerate(row) if i + 1 != dcol):
            dtext = last_date  # a sheet writes the night's date on its first row only (a merged cell): the same night
        elif dtext:
            bad_night = None
        if "time" in cols and dtext:  # a Time column beside the date: one timestamp (break21b F18)
            ttext, tcol = cell(row, "time")
            base = split_time(dtext)[0] if dtext == last_date else dtext
            dtext = _with_time(base, ttext)
            if ttext and dtext == base and notes is not None:  # a Time cell that is no time of day (break22b F4)
                notes.append(Diagnostic(
                    "W-CSV-TIME", f"row {row_words(r)}: the Time cell {ttext!r} is no time of day (e.g. 23:50, 11:50 "
                    f"PM, 23:50 Uhr): the hand is of its date's night, {base!r}; past midnight, write the time so that "
                    "it stays with the night before", "warning", path, r, tcol, found=ttext, expected="a time of day"))
        stamp = read_stamp(dtext, order) if dtext else None
        if stamp is not None:  # a timestamp (a form's, an app's): the night it belongs to (real20 F6)
            night_of[dtext] = _stamp_night(stamp, last_stamp, whole_units(cell(row, "hand")[0] or "") == 1)
            last_stamp = (stamp, night_of[dtext])
        if stamp is not None and not zone_said and notes is not None and (
                written := read_date(dtext, order)) != stamp.date().isoformat():
            zone_said = True  # a timestamp in UTC read in local time: its day moved (break21b F20), said once
            notes.append(Diagnostic(
                "W-CSV-ZONE", f"row {row_words(r)}: the timestamp {dtext!r} carries its zone and is read in this "
                f"machine's ({local_zone()}): {stamp:%Y-%m-%d %H:%M}, of the night of {night_of[dtext]}, not "
                f"{written}; for another zone run the ingest with TZ set (TZ=America/Chicago shead ingest ...)",
                "warning", path, r, dcol, found=dtext, expected=f"{stamp:%Y-%m-%d %H:%M} local"))
        if out.running:  # running totals: the hand's units are each standing less the one above (the night's)
            if night_of.get(dtext, dtext) != run_night:
                above_standing = standing
                run_night, standing, run_width = night_of.get(dtext, dtext), {}, None
                if above_standing and _running_hand_row(out, row, index, cell):
                    # a night opened by a hand under a night of standings: a season pad may carry them over (sheet32
                    # F5); read from 0, and from them when a second reading asks (_carried_over)
                    out.carried[r] = dict(above_standing)
                    if r in out.carry_rows:
                        standing = dict(above_standing)
            if not _running_hand_row(out, row, index, cell):  # standings and no hand: the night's
                for p in out.players:  # opening row (zeros, or a season's standing carried over)
                    v = whole_units(row[index[p]]) if index[p] < len(row) else None
                    if v is not None:
                        standing[p] = v
                totals.opening(row)  # a Total row below may write the standings or the night's units
                ptext, pcol = cell(row, "pot")
                carried = _pot_value(out, ptext) if ptext else None
                # a pot carried in from an earlier night (break22b F11): the pot's opening balance, written `pot N`
                # on the night's first hand (the validator's session carry takes it there, rules.md D-19)
                pot_in = (run_night, int(carried), r, pcol) if carried and carried > 0 \
                    and carried.denominator == 1 else None
                out.openings[r] = carried if carried and pot_in is None else 0  # carried and not read
                if carried and pot_in is None and notes is not None:  # a pot below 0 is no pot (D-19)
                    notes.append(Diagnostic(
                        "E-CSV-POT", f"row {row_words(r)}: the {cols['pot']} cell of the night's opening row carries "
                        f"{ptext!r} ({carried:+} units) over from an earlier night, and a pot never holds less than "
                        "0 nor part of a unit (rules.md D-19): it is not read, so a hand that takes units from the "
                        "pot is refused; write the units the pot holds when the night starts", "error", path, r,
                        pcol, found=ptext, expected="0 or more whole units"))
                if read_date(dtext, order) is not None:
                    last_date = dtext
                continue
            row = list(row)
            moved: dict[str, tuple[int, int]] = {}  # player -> (column, the hand's units), players with a standing
            for p in out.players:
                k = index[p]
                v = whole_units(row[k]) if k < len(row) else None
                if v is not None:
                    row[k] = str(v - standing.get(p, 0))
                    moved[p] = (k, v - standing.get(p, 0) if p in standing else None)
                    standing[p] = v
            if run_width is None:
                run_width = len(moved)  # the night's first hand: its table
                kept = [p for p, (_k, u) in moved.items() if u == 0]
                if kept and prof is not None and len(moved) - len(kept) == prof.players:
                    # a standing carried in (an opening row, or a season pad's night above: _carried_over) that the
                    # night's first hand leaves unchanged, one more than the table seats: a player sitting the night
                    # out whose standing the pad carries down (verify32 F5: Di's 9 beside Flo, refused E-SEATS)
                    for p in kept:
                        row[moved[p][0]] = ""
                    run_width = prof.players
            elif len(moved) > run_width:
                # a player who left (a substitute took the seat) whose standing the pad carries down each row: an
                # unchanged standing is no hand at the table, when the others make the table (break18b F14; its
                # rows were refused, the rest of the night lost)
                kept = [p for p, (_k, u) in moved.items() if u == 0]
                if len(moved) - len(kept) == run_width:
                    for p in kept:
                        row[moved[p][0]] = ""
        # a row that writes no units (each player cell blank or '?') and names the hand: the engine derives them
        totals.add(row, not out.running and bool(out.players) and any(cell(row, f)[0] for f in (
            "picker", "leaster", "doubler")) and all((row[index[p]].strip() if index[p] < len(row) else "") in ("", "?")
                                                    for p in out.players))
        d = night_of.get(dtext) or read_date(dtext, order)
        above = (night_of.get(last_date) or read_date(last_date, order)) if last_date else None
        if d is not None and above is not None and d != above and stamp is None and after and notes is not None:
            # another day's date on one row between two rows of a night, its hand number going on from the row above
            # to the row below: a mistyped date (break22 F3: a night of one hand, the night's hand missing, no word)
            number, below_text = whole_units(cell(row, "hand")[0] or ""), cell(after[1], "date")[0]
            top = last_hand.get(above)
            if number is not None and top is not None and number == top[0] + 1 and below_text and \
                    read_date(below_text, order) == above and whole_units(cell(after[1], "hand")[0] or "") == number + 1:
                notes.append(Diagnostic(
                    "W-CSV-DATE", f"row {row_words(r)}: the date {dtext!r} is another day's between two rows of "
                    f"{above}, and its hand {number} goes on from hand {top[0]} above to hand {number + 1} below: read "
                    f"as {above}'s hand (a mistyped date); if it was played that other day, give it that night's hand "
                    "number",
                    "warning", path, r, dcol, found=dtext, expected=above))
                d, dtext = above, last_date
        if d is not None:
            last_date = dtext
        errs: list[Diagnostic] = []

        def err(code: str, msg: str, col: int, found: str | None = None, expected: str | None = None) -> None:
            errs.append(Diagnostic(code, f"row {row_words(r)}: {msg}", file=path, line=r, col=col, found=found,
                                   expected=expected))

        if d is None and under_bad is not None:
            # a night that writes its date on its first row only, that date mistyped: its rows are that night's,
            # refused with it, not the night above's hands (break21 F3: filed there, and counted again once mended)
            errs.append(Diagnostic(
                "E-CSV-DATE", f"row {row_words(r)}: its date cell is blank, so it is the night of row "
                f"{row_words(under_bad[0])}, "
                + (f"whose date {under_bad[1]!r} is not a date: the row is refused with it (correct that date)"
                   if under_bad[1].strip() else "whose Date cell is blank too: the row is refused with it (fill "
                   "that date)"), file=path,
                line=r, col=dcol, found="", expected=f"a date in row {row_words(under_bad[0])}"))
            d = "unknown"
        elif d is None:
            errs.append(_date_problem(out, r, dcol, dtext, path))
            d = "unknown"
            next_text = cell(after[1], "date")[0] if after else ""
            following = read_date(next_text, order) if next_text else None
            if following is not None and (nxt := read_stamp(next_text, order)) is not None:
                # the next row's night, not its day: a timestamp past midnight goes on with the night (break21b F4)
                following = _stamp_night(nxt, last_stamp, whole_units(cell(after[1], "hand")[0] or "") == 1)
            if not next_text and after and any(c.strip() for i, c in enumerate(after[1]) if i + 1 != dcol):
                # the rows below leave the date blank: this row opens a night (its date written once), not the
                # night above's last row; they are its night, refused with it (break21 F3)
                bad_night = (r, dtext)
            elif last_date is not None and following not in (None, night_of.get(last_date)
                                                            or read_date(last_date, order)):
                # between two nights: the first row of the next night, mistyped, is that night's refused hand
                # (break19 F7); the last row of the night above is that night's (break20 F2, F7: it was filed
                # below, and the next night's rows refused as out of order, or numbered after it)
                above = night_of.get(last_date) or read_date(last_date, order)
                d = above if _night_above(dtext, last_date, next_text, cell(row, "hand")[0],
                                          cell(after[1], "hand")[0], last_hand.get(above)) else following
            elif last_date is not None and whole_units(cell(row, "hand")[0] or "") != 1:
                # a mistyped date among a night's rows (not a night's first hand): the row is that night's
                # refused hand, so the night is marked incomplete (break18b F4: it was a night of its own)
                d = night_of.get(last_date) or read_date(last_date, order)
        present = [p for p in out.players if (row[index[p]].strip() if index[p] < len(row) else "")]
        sat_out = player_of.get(cell(row, "dealer")[0].lower()) if sits_out else None
        blank_seat = None  # a sheet without a Dealer column under sitOut: the one blank cell is the dealer's (F-1)
        if sits_out and "dealer" not in cols and len(out.players) == prof.players and \
                len(present) == len(out.players) - 1 and any(cell(row, f)[0] for f in ("picker", "leaster", "doubler")):
            (blank_seat,) = [p for p in out.players if p not in present]  # real22 F2: refused whole, E-SEATS
            sat_out = blank_seat
        elif sits_out and "dealer" not in cols and len(out.players) == prof.players and \
                len(present) == len(out.players) and any(cell(row, f)[0] for f in ("picker", "leaster")):
            # the dealer's cell written 0: every seat that plays a picked hand or a leaster pays or is paid (rules.md
            # B-31, D-4), so the one 0 is the dealer who sat out (break22b F6: refused E-DEALER)
            zeros = [p for p in out.players if whole_units(row[index[p]]) == 0]
            if len(zeros) == 1:
                blank_seat = zeros[0]  # the dealer (the hand line's dealer below); the 0 is written, no cell blank
        # the dealer who sits out (F-1), for a Defenders cell's names: also on a row whose units are derived (break29
        # F3: every seat was counted, the sitting-out dealer among the defenders)
        names_out = (sat_out or blank_seat) if sits_out else None
        if sat_out is not None and sat_out not in present:  # a dealer who sits out, units left blank: 0 (F-1)
            present = [p for p in out.players if p in present or p == sat_out]
        else:
            sat_out = None
        misdeal = next((k for k in note_cols if k < len(row) and says_misdeal(row[k])), None)
        if misdeal is not None and (any(cell(row, f)[0] for f in ("picker", "leaster", "doubler"))
                                    or any(whole_units(row[index[p]]) != 0 for p in present)):
            misdeal = None  # a hand was played (or paid for) after all: the notes are only notes
        # 'misdeal' (redeal, misdealt) written in the Picker cell, where the picker goes, with nothing else of a hand
        # and no units paid: the misdeal its Notes cell would say (rules.md B-4; real28 F2: refused E-CSV-SEAT, and
        # the later hands warned W-SESSION-GAP); units paid on such a row are refused below (E-CSV-HAND)
        ptext_m, pcol_m = cell(row, "picker")
        picker_misdeal = bool(ptext_m) and says_misdeal(ptext_m) and plain_name(ptext_m).lower() not in player_of
        paid_m = [p for p in present if whole_units(row[index[p]]) != 0] if picker_misdeal else []
        if picker_misdeal and misdeal is None and not paid_m and not any(
                cell(row, f)[0] for f in ("leaster", "doubler", "partner", "call", "points", "outcome")):
            misdeal = pcol_m - 1
        blank = misdeal is not None and not present
        # no units written for anyone (every player cell blank or '?') on a row that names the hand: SHN's hand without
        # a score line, the units derived from what it writes (rules.md B-27..B-33; real24 F3: refused as a dealer
        # "at a table of 1", or '?' as no whole number)
        unwritten = (not blank and not out.running and bool(out.players)
                     and all((row[index[p]].strip() if index[p] < len(row) else "") in ("", "?") for p in out.players)
                     and any(cell(row, f)[0] for f in ("picker", "leaster", "doubler")))
        if blank or unwritten:  # blank units: the sitting's table (every player column when it opens the sitting)
            present = seats_of[d] if d in sessions else list(out.players)
            sat_out = None
        # a row writing units for fewer players than play a hand (the picker's +2, the rest left blank): no table,
        # a row that lacks cells; when it opens the night, the table is the header's players (break24c F5: a
        # one-player table, every later hand of the night refused against it)
        short = (prof is not None and not blank and not unwritten and not out.running
                 and 0 < len(present) < prof.players - (1 if sits_out else 0))
        table = present
        if sits_out and d not in sessions and not short and len(out.players) == prof.players \
                and set(present) < set(out.players):
            # a sit-out night's table is its header's players (rules.md F-1: the dealer of each hand sits out), not
            # its first row's written cells (real26 F1: a wrong blank in row 1 took a table of 5, every row refused)
            table = list(out.players)
        if not table and d not in sessions and prof is not None and len(out.players) == prof.players:
            # a night opened by a row of a dealer and a note only (no units, no hand): its table is the header's
            # players, not no one (real26 F5 in the night's first row: every later row refused as a player joining)
            table = list(out.players)
        if short and d not in sessions:
            table = list(out.players)
            if len(table) > prof.players and after is not None:  # more player columns than seats: the next row's
                nxt = _dashes_blank(after[1], unit_cols, mark_cols)
                them = [p for p in out.players if index[p] < len(nxt) and nxt[index[p]].strip()]
                if len(them) >= prof.players - (1 if sits_out else 0) and set(present) <= set(them):
                    table = them
        night = out.night
        if night is not None:  # a sheet that continues a stored session (newuser30): its rows are of its night
            stext, scol = cell(row, "session")
            if stext and plain_name(stext) != plain_name(str(night)):
                err(SESSION_CODE, f"the Session cell names {stext!r}, and the sheet continues session "
                    f"{str(night)!r} (its first Session cell, or --columns session=): a sheet continues one stored "
                    "session; send the rows of another as a sheet of their own", scol, stext, str(night))
            if d not in ("unknown", night.date) and night.date is not None:
                err(SESSION_CODE, f"the date {dtext!r} is {d}, and the sheet continues session {str(night)!r}, "
                    f"the night of {night.date}: its rows are that night's next hands; if this row was played "
                    "another day, send it as a sheet of its own", dcol or 1, dtext, night.date)
                d = night.date
        if d not in sessions:
            present_row, present = present, table
            seats_of[d] = first_seats[d] = present
            if night is not None:
                name = night
            else:
                name = (stored_session(d, tuple(name_of[p] for p in present)) if stored_session and d != "unknown"
                        else None) or out.session_tag or f"CSV {stem} {d}"  # by meaning: a stored sitting (D1)
            stored_order = list((getattr(name, "seats", None) or {}).values())
            if sorted(stored_order) == sorted(name_of[p] for p in present) and len(set(stored_order)) == len(present):
                # the stored night's seat order, not the columns': a column order is no meaning, so a copy whose
                # columns were moved reads as the stored hands (break24 F3: E-HAND-CONFLICT, "score: stored Jürgen
                # +2 Jörg +1 ..., this copy Jürg -1 Jürgen +2 ...", and a new hand stored in the new order)
                present = sorted(present, key=lambda p: stored_order.index(name_of[p]))
                seats_of[d] = first_seats[d] = present
            elif d != "unknown":
                # the seating: the player columns' order, clockwise, unless the night's dealers go round the table in
                # another (rules.md B-1: the deal passes to the left; real27 F1: a sheet's columns in alphabetical
                # order stored as the seating, a legal crack refused E-CRACK and each seat's picks counted in another)
                rot = (out.rotations or {}).get(_night_key(dtext))
                seated = rot.seating(present, player_of) if rot is not None else None
                if seated is not None and seated != present and notes is not None:
                    read_, cols_ = ", ".join(label[p] for p in seated), ", ".join(label[p] for p in present)
                    notes.append(Diagnostic(
                        "W-CSV-SEATING", f"row {row_words(rot.row)}: the night's dealers go round the table in the "
                        f"order {read_} ({rot.count} hands, each player dealing once a round"
                        + (f"; {rot.redeals} dealer(s) written again on the next row read as a redeal (rules.md "
                           "B-4)" if rot.redeals else "") + "), not in the order of "
                        f"the player columns ({cols_}): the deal passes to the left (rules.md B-1), so the night is "
                        "seated clockwise in the dealers' order; if the columns were the seating, the Dealer cells "
                        "are wrong", "warning", path, rot.row, index[cols["dealer"]] + 1, found=read_, expected=cols_))
                if seated is not None:
                    present = seats_of[d] = first_seats[d] = seated
                elif len(present) >= 3:  # a refusal that depends on the seating says where it came from (real27 F1)
                    column_seated[d] = (
                        "the seating was read from the order of the sheet's player columns ("
                        + ", ".join(label[p] for p in present) + ", clockwise)"
                        + ("" if "dealer" not in cols or rot is None else
                           f": its Dealer column shows {rot.count} hand{'s' * (rot.count != 1)}, less than a round "
                           f"of the {len(present)} players" if rot.count < len(present) and not rot.broken else
                           ": its dealers do not go round the table in one order (each player once a round)")
                        + "; if they sit otherwise, write the player columns in the order they sit, clockwise (the "
                        "deal passes to the left, rules.md B-1)"
                        + ("" if "dealer" in cols else ", or give the sheet a Dealer column"))
            # the night's group: its Group (or Event) cell, as a ledger's; else the file's (dash19 F2: a league's
            # sheet nights were each a group of their own, missing from the league's ledger and tokens)
            group = cell(row, "group")[0] or last_group or out.group  # a blank cell is the group above, as a blank date
            last_group = group
            group = group or getattr(name, "group", None)  # else the stored night's, found by meaning (real20 F3)
            night_alias[d] = _kept_aliases(alias_of, name_of, getattr(name, "seats", None), label)
            if night is not None:
                # the stored session's own tags: its hands' session, players, rules and group (newuser30)
                if group and (g := cell(row, "group"))[0] and night.group is not None and g[0] != night.group:
                    err(SESSION_CODE, f"the Group cell {g[0]!r} is not the group of session {str(night)!r}, "
                        f"{night.group!r}, which the sheet continues", g[1], g[0], night.group)
                sessions[d] = SessionRec(dict(night.tags))
                if list(night.seats.items()) != list((night.header_seats or night.seats).items()):
                    reseated.add(d)
                if sessions[d].id != str(night):
                    sessions[d] = SessionRec({"Session": str(night), **night.tags})
                # a row without a hand number: the next one; a sheet sent before: its stored hands' (fixm30)
                count[d] = max(count.get(d, 0), night.top) if out.first_hand is None else out.first_hand - 1
            else:
                sessions[d] = SessionRec({"Session": name, "Event": group or f"CSV {stem}",
                                          **({"Date": d.replace("-", ".")} if d != "unknown" else {}),
                                          "Seats": "; ".join(f"{night_alias[d][p]}={name_of[p]}" for p in present),
                                          "Rules": rules})
                if (notes is not None and d != "unknown" and d not in said_like
                        and (like := getattr(stored_session, "like", None)) is not None):
                    said_like.add(d)
                    alike = like(d, {alias_of[p] for p in present}, {name_of[p] for p in present}, str(name))
                    seated, pots = present, []
                    if not alike and (pots := [p for p in present if _norm(p) in POT_NAMES]):
                        # a Pot column read as a player's (no pot=on given): the stored night that keeps a pot is
                        # the one it looks like, its players the other columns (rules.md D-19; fix30 F1)
                        rest = [p for p in present if p not in pots]
                        alike = [n for n in like(d, {alias_of[p] for p in rest}, {name_of[p] for p in rest},
                                                 str(name))
                                 if getattr(profile_of(n.rules or "wi5-called-ace"), "pot", False)]
                        seated = rest if alike else present
                    notes.extend(_looks_like(alike, str(name), out, path, r, seated, label, name_of,
                                             pot=pots[0] if alike and pots else None,
                                             db_path=getattr(stored_session, "db", None)))
            present = present_row
        elif (g := cell(row, "group"))[0] and g[0] != sessions[d].tags["Event"] and notes is not None \
                and d not in regrouped:  # a night is one group: another Group cell among its rows is said (break20 F10)
            regrouped.add(d)
            notes.append(Diagnostic(
                "W-CSV-GROUP", f"row {row_words(r)}: the Group cell {g[0]!r} differs from the night's "
                f"{sessions[d].tags['Event']!r} (its first row's): a night is one session in one group, so its hands "
                f"are filed under {sessions[d].tags['Event']!r}; if the night belongs to {g[0]!r}, write it on the "
                "night's first row", "warning", path, r, g[1], found=g[0], expected=sessions[d].tags["Event"]))
        seats = seats_of[d]
        aliases = night_alias[d]
        dashed = [p for p in seats if p not in present and index[p] < len(raw) and raw[index[p]].strip() in NOTHING]
        if dashed and not blank and not unwritten and sorted([*present, *dashed]) == sorted(seats) and \
                sum(whole_units(row[index[p]]) or 0 for p in present) == 0 and \
                all(whole_units(row[index[p]]) is not None for p in present):
            # a seat at the table whose cell holds '-' where the others sum to 0: a spreadsheet's accounting format
            # shows 0 as '-' (break25 F5: a partner off the hook's 0, refused as a player leaving); read as 0, the
            # hand's own rules then check it (E-SCORE when they give that seat other units)
            row = copy.copy(row)  # of the same kind (a money sheet's MoneyRow)
            for p in dashed:
                row[index[p]] = "0"
            present = [p for p in out.players if p in present or p in dashed]
        gone = [p for p in seats if p not in present]
        came = [p for p in present if p not in seats]
        if present != seats and not blank and gone and len(gone) == len(came) and len(present) == len(seats):
            # a substitute: the player whose cells go blank leaves, the one whose cells start takes the seat, in
            # place (rules.md B-1: the seats' order is the deal's); written as the hand's own [Seats] from this
            # row on, as SHN writes a table's change (notation.md §5), and said (sheet18 F3: refused before)
            seats = seats_of[d] = [came[gone.index(p)] if p in gone else p for p in seats]
            if notes is not None:
                notes.append(Diagnostic(
                    "W-CSV-SEATS", f"row {row_words(r)}: " + ", ".join(f"{label[n]} takes {label[o]}'s seat" for o, n in
                                                           zip(gone, came))
                    + f" ({', '.join(label[o] + chr(39) + 's' for o in gone)} cells blank from this row on, "
                    f"{', '.join(label[n] + chr(39) + 's' for n in came)} written): the table is {', '.join(label[p] for p in seats)} "
                    "from this hand on; if a cell went into the wrong player's column, correct the sheet",
                    "warning", path, r, 1, found=", ".join(label[p] for p in present),
                    expected=", ".join(label[p] for p in first_seats.get(d, [])) or None))
        dealt = player_of.get(dealer_text.lower()) if sits_out and dealer_text else None
        if dealt in present and dealt in seats and not blank and not unwritten and set(present) < set(seats) \
                and len(present) == len(seats) - 1:
            # the dealer who sits out has units and another seat's cell is blank: the Dealer cell or the units are
            # in the wrong place (real26 F1: said as a player leaving the table, and the night's table taken short)
            (other,) = [p for p in seats if p not in present]
            k = index[dealt]
            err("E-CSV-SEATS", f"the Dealer cell says {dealer_text!r}, and the dealer sits out (rules.md F-1), but "
                f"{label[dealt]}'s cell (column {k + 1}) holds {row[k].strip()!r} and {label[other]}'s cell (column "
                f"{index[other] + 1}) is blank: is the Dealer cell wrong (did {label[other]} deal)? The dealer's units "
                "cell is left blank (or 0), each other player's written; the row is refused, the rest of the night "
                "read", k + 1, row[k].strip(), f"blank ({label[dealt]} deals and sits out)")
        elif sits_out and "dealer" in cols and dealt is None and not blank and not unwritten \
                and set(present) < set(seats) and len(present) == len(seats) - 1:
            # one seat's cell blank, as the dealer's who sits out (rules.md F-1), and the Dealer cell blank or naming
            # no player of the header: the Dealer cell is what is wrong (break26b F3: said as a player leaving)
            (other,) = [p for p in seats if p not in present]
            dc_ = cell(row, "dealer")[1]
            err("E-CSV-SEATS", (f"the Dealer cell is blank" if not dealer_text else
                                f"the Dealer cell {dealer_text!r} names no player of the sheet's header ("
                                + ", ".join(label[p] for p in out.players) + ")")
                + f", and {label[other]}'s cell (column {index[other] + 1}) is blank: under {rules} the dealer sits "
                f"out (rules.md F-1) and their units cell is left blank; if {label[other]} dealt, write "
                f"{label[other]} in the Dealer cell; the row is refused, the rest of the night read", dc_, dealer_text,
                f"the dealer's name ({label[other]}?)")
        elif short and prof is not None and len(seats) > prof.players:
            # more columns read as players than the rules seat, one of them written where the players' are blank (a
            # 'Def Pts' column beside units left to be derived): the E-SEATS of such a sheet, naming the columns
            # (real26 F4: it asked for the other players' units, a table of 6 at a five-seat game)
            odd = present[0] if len(present) == 1 else None
            # a 'Buddy' column of words read as a player's: the partner's (break26b F2: the advice to ignore it
            # refused every row again, the partner thrown away)
            buddy = odd is not None and _norm(odd) in _MAYBE_PARTNER_WORDS and whole_units(row[index[odd]]) is None
            err("E-SEATS", f"{len(seats)} columns are read as players ({', '.join(label[p] for p in seats)}); "
                f"{rules} is played by {prof.players}"
                + (f", and only {label[odd]}'s cell is written ({row[index[odd]].strip()!r}), the others blank"
                   if odd else "") + ": if a column is not a player's units (the hand's number, a note), "
                + (f"read it as the partner column with --columns partner={odd} (a column of other text is left out "
                   f"with --columns ignore={odd})" if buddy else
                   f"leave it out with --columns ignore={odd}" if odd else "map it with --columns hand=COLUMN or "
                   "--columns ignore=COLUMN") + ", else ingest with the --rules of that table",
                index[odd] + 1 if odd else 1, ", ".join(label[p] for p in seats), f"{prof.players} player columns")
        elif short and set(present) < set(seats) and len(seats) - len(present) > 1:
            # a row lacking cells: each blank one named, and how to mend it (break24c F5); one cell lacking is
            # named below, with its cause when known (cut short, merged)
            lacking = [p for p in seats if p not in present]
            k = min(index[p] for p in lacking)
            err("E-CSV-SEATS", f"it writes units for {', '.join(label[p] for p in present)} only, and a hand is "
                f"settled by each of the {len(seats)} players at the table ({', '.join(label[p] for p in seats)}): "
                + ", ".join(f"{label[p]}'s cell (column {index[p] + 1})" for p in lacking)
                + (" is" if len(lacking) == 1 else " are") + " blank; write every player's units, or leave them all "
                "blank (or ?) to have them worked out from the hand (rules.md B-33); the row is refused, the rest of "
                "the night read", k + 1, ", ".join(label[p] for p in present), ", ".join(label[p] for p in seats))
        elif present != seats and sorted(present) != sorted(seats) and present:
            # (no units written and nothing of the hand: no player leaving, said below as E-CSV-HAND; real26 F5)
            # the first cell that differs from the table, named (break23 F8: column 1, no cell said)
            k, p, written = min([(index[p], p, False) for p in seats if p not in present]
                                + [(index[p], p, True) for p in present if p not in seats])
            width, book = max(index.values()) + 1, re.search(r"\.xls[xm]?\[", path or "")  # a workbook's sheet
            dash = not written and k < len(raw) and raw[k].strip() in NOTHING  # '-': no units (break25 F5)
            which = (f"{label[p]}'s cell (column {k + 1}) holds {row[k].strip()!r} and {label[p]} is not at the table"
                     if written else
                     f"{label[p]}'s cell (column {k + 1}) holds {raw[k].strip()!r}, read as blank (no units; a "
                     "spreadsheet's accounting format shows 0 as '-'): write 0 or the player's units, as the other "
                     "cells of the row do" if dash else
                     f"{label[p]}'s cell (column {k + 1}) is missing: the row has {len(row)} of the header's {width} "
                     "cells (cut short: is the file whole?)" if k >= len(row) and after is None and not book else
                     # a row a cell short inside the file: a cell left out, or a lost comma (break30 F5: "is blank")
                     # the file's cells against the header's own: the night's date given by --columns date= is a
                     # cell of neither (metrics31 F5: "20 cells where the header has 21", the header 20)
                     f"{label[p]}'s cell (column {k + 1}) is {'missing' if k >= len(row) else 'blank'}: row "
                     f"{row_words(r)} has {len(raw)} cells where the header has {width - shift} (a cell left out, or "
                     "two cells run together by a lost comma: the cells after it sit one column left of their header)"
                     if len(raw) < width - shift and not book else
                     f"{label[p]}'s cell (column {k + 1}) is blank"  # a workbook's row ends at its last value
                     + (" (a cell covered by a merged one reads blank: unmerge it)" if book else ""))
            # a column of no player's units, its cell blank (real31 F6: said as a player leaving), or, blank on the
            # sitting's first row, written later with a non-whole cell (Beer 3.50: verify31, fixj31)
            among = sorted([*seats, p], key=index.__getitem__) if written else seats
            stray = None if dash else _stray_column(
                row, among, index, prof.players if prof is not None else len(seats), sat_out)
            if stray == p:
                which = (_stray_advice(r, p, label, row[k].strip() if written else "", among, row=False)
                         + "; if it is a player's, " + which)
            err("E-CSV-SEATS", f"the players with units ({', '.join(label[p] for p in present)}) are not the "
                f"sitting's table ({', '.join(label[p] for p in seats)}, from its first row or the last change of "
                f"players): {which}" + ("" if dash else "; a player who leaves is replaced by one other (their cells "
                                        "blank from then on, the newcomer's written), or the night is a new sitting: "
                                        "its own sheet"), k + 1,
                ", ".join(label[p] for p in present), ", ".join(label[p] for p in seats))
        if prev_night is not None and prev_night != d:  # another night's row: the block numbered from 1 ends
            restarted.pop(prev_night, None)
        prev_night = d
        count[d] = count.get(d, 0) + 1
        since.add(d)
        htext, hcol = cell(row, "hand")
        number = whole_units(htext) if htext else count[d]
        if htext and number == 0 and count[d] == 1 and d not in last_hand and d not in from_zero:
            # a night numbered from 0 (a program's count from 0): its rows are read +1, as SHN numbers hands from 1
            # (real23b F1: its first row was refused, and the sheet renumbered as told counted a hand twice)
            from_zero.add(d)
            if notes is not None:
                notes.append(Diagnostic(
                    "W-CSV-HAND-FROM-0", f"row {row_words(r)}: the night's hands are numbered from 0: read as 1, 2, "
                    "... (each Hand cell of the night +1), as hands are numbered from 1; the sheet may be sent again "
                    "as it is or renumbered from 1 alike", "warning", path, r, hcol, found=htext, expected="1"))
        if d in from_zero and htext and number is not None:
            number += 1
        claim = number is not None  # the row's number is the night's highest, once the row is read as a hand
        if number is None and long_number(htext):  # 19 digits or more: as a number beyond MAX_HAND (break30 F3)
            err("E-CSV-HAND", f"hand {htext!r} is beyond the hand numbers shead keeps (it has "
                f"{long_number(htext):,} digits)", hcol, htext, f"1..{MAX_HAND}")
            number, claim = count[d], False
        elif number is None or number < 1:  # a Hand cell 0 (or -1) is no hand: a night's hands are numbered from 1
            err("E-CSV-HAND", f"hand {htext!r} is not a number" if number is None else
                f"the Hand cell {htext!r} is no hand number: a night's hands are numbered from 1", hcol, htext,
                "1, 2, ...")
            number, claim = count[d], False
        elif number > MAX_HAND:  # the store keeps hand numbers as INTEGER, as SHN reads them (break23 F2: the file lost)
            err("E-CSV-HAND", f"hand {htext!r} is beyond the hand numbers shead keeps", hcol, htext, f"1..{MAX_HAND}")
            number, claim = count[d], False
        elif d in restarted and number > restarted[d][1]:  # a block numbering the night from 1 again, going on
            # past the night's highest: none of its rows is stored (those at or below it are refused below, as before)
            at, top, top_row = restarted[d]
            err("E-CSV-HAND-ORDER", f"hand {number} is of the rows numbering this night from 1 again at row "
                f"{row_words(at)}, after its hand {top} (row {row_words(top_row)}); a night's hand numbers are unique "
                "and increasing, each naming one hand (shead replay, void, history), so none of those rows is stored: "
                "if they are another night, write that night's date: in their Date cells, or as a dated title row "
                f"above their header; if they go on with this night, number them after {top}", hcol or 1,
                htext or str(number), f"> {top}")
            claim = False
        elif d in last_hand and number <= last_hand[d][0]:  # a night's numbers name its hands (notation.md)
            top, top_row = last_hand[d]
            if number == 1 and htext:
                restarted[d] = (r, top, top_row)
            at = row_words(top_row)
            how = (f"hand {number} again: row {at} is this night's hand {top}" if number == top and htext else
                   f"hand {number} after hand {top} (row {at})" if htext else
                   f"no hand number written: counted as this night's hand {number}, after hand {top} (row {at})")
            err("E-CSV-HAND-ORDER", f"{how}; a night's hand numbers are unique and increasing, each naming one hand "
                f"(shead replay, void, history): if this row is another hand, number it after {top}; if it repeats "
                "an earlier row, delete it; if the rows are out of order, move it to its place"
                + ("; if it starts another night (its hands numbered from 1 again), write that night's date: in its "
                   "Date cells, or as a dated title row above its header (renumbered, it would be a hand of this "
                   "night's day); the rows after it that number on from it are refused with it" if number == 1 and htext
                   else ""), hcol or 1, htext or str(number), f"> {top}")
            claim = False
        rec = HandRecord(number, sessions[d], pos=Pos(r, 1))
        rec.line = r
        rec.sheet_row = True  # the validator's advice in the sheet's words (W-SESSION-GAP)
        rec.seating_from = column_seated.get(d)  # said by a refusal that depends on the seating (real27 F1)
        words: list[str] = [f"hand {number}"]
        if pot_in is not None and (pot_in[0] == run_night and out.running or not out.running and count[d] == 1
                                   and pot_in[0] in (None, d)):  # the night's first hand after its opening row
            if pot_in[1] is None:  # its opening row's pot refused (break26b F1, F5): the pot it starts with unknown
                err("E-CSV-POT", f"the pot this night's first hand starts with is not known: the {cols['pot']} cell "
                    f"{pot_in[4]!r} of the opening row {row_words(pot_in[2])} is not read (E-CSV-POT there), so the "
                    "hand is not stored with a pot it may not hold (rules.md D-19); correct that cell and send the "
                    "sheet again", pot_in[3], pot_in[4], "the pot carried in, in whole units")
            else:
                rec.pot = Value(pot_in[1], Pos(pot_in[2], pot_in[3]))
        pot_line = f"pot {pot_in[1]}" if rec.pot is not None else None
        pot_in = None
        note = _row_note(row, text_cols)
        if note:  # the scorer's words, kept as the hand's annotation (sheet18 F1b: the Notes column was dropped)
            rec.note = note
            words[0] += " {" + note + "}"
        own_seats = None  # after a substitute: the hand's own [Seats] (notation.md §5)
        if d in first_seats and (seats != first_seats[d] or d in reseated):
            own_seats = "; ".join(f"{aliases[p]}={name_of[p]}" for p in seats)
            rec.tags["Seats"] = own_seats
        by_name = NameLookup((w, aliases[p]) for p in seats for w in (label[p], name_of[p], aliases[p]))

        def seat(f: str) -> tuple[str | None, int]:
            t, c = cell(row, f)
            t = plain_name(t)  # a zero-width space in the cell as in the header (break22b F7)
            if not t:
                return None, c
            if t.lower() in by_name:
                return by_name[t.lower()], c
            hint = _PICKER_WORD_HINTS.get(t.lower()) if f == "picker" else None
            if (f == "dealer" and not sits_out and t.lower() in player_of and len(seats) >= 3  # (real24 F3: "a table of 1")
                    and not (row[index[player_of[t.lower()]]].strip() if index[player_of[t.lower()]] < len(row)
                             else "")):  # a column of the sheet, its cell blank
                # the dealer sat out: a table of one more than the rules seat (real22b F3: no word of the rules)
                hint = (f"{t}'s cell is blank: {SIT_OUT_WORDS} {len(seats) + 1} "
                        "(rules.md F-1): ingest this night with --rules for that table (e.g. wi6-sit-out); a "
                        "workbook's nights at tables of other sizes are ingested one ingest each")
            if hint is None and "defense" in cols and _norm(t) == _norm(seat_label(cols["defense"])):
                # a player named Def whose column was taken as the defenders' points (break27b F4: not said)
                hint = (f"the column {cols['defense']!r} is read as the defenders' card points; if it is {t}'s "
                        f"units, ingest with --columns '{cols['defense']}={t}' to read it as a player's column")
            if hint is None and (named := next((c for f_, c in cols.items() if _nameable(f_, c)
                                                and _norm(t) == _norm(seat_label(c))), None)) is not None:
                # a player named Marks whose column was taken as the crack column (real31 F2: not said)
                hint = (f"the column {named!r} is not read as a player's by its header's word; if it is {t}'s "
                        f"units, ingest with --columns player={named}")
            err("E-CSV-SEAT", f"{f} {t!r} is not a player of this sitting" + (f": {hint}" if hint else ""), c, t,
                " / ".join(label[p] for p in seats))
            return None, c

        dealer, dc = seat("dealer")
        if not dealer and blank_seat is not None:  # the dealer by the blank cell, or the one 0
            dealer, dc = aliases[blank_seat], index[blank_seat] + 1
        elif not dealer and not dealer_text and (kept := (getattr(sessions[d].tags["Session"], "dealers", None)
                                                          or {}).get(number)) in aliases.values():
            # a copy of a stored night that leaves its dealer out (no Dealer column, or its cell blank): the stored
            # hand's dealer, which nothing written contradicts (notation.md §9: what is left out is derived); the
            # hand is then its stored text (break24 F6: E-HAND-CONFLICT, "dealer: stored Eve, this copy none")
            dealer, dc = kept, 1
        if dealer:
            rec.dealer = Value(dealer, Pos(r, dc))
            words[0] += f"  dealer {dealer}"
        line: list[str] = []
        ktext, kc = cell(row, "crack")
        bumped: set[str] = set()
        marks, bad = read_marks(ktext, by_name, bumped) if ktext else ([], None)
        if bad:
            err("E-CSV-CRACK", f"crack {ktext!r}: {bad}", kc, ktext, MARK_EXPECTED)
        bump_at = (kc, ktext, f"'bump' in the {cols['crack']!r} cell") if bumped else None
        btext, bc = cell(row, "bump")  # a Bump column: x when the picker side was bumped (sheet32 F3)
        if btext and (is_bump := bump_cell(btext)) is None:
            err("E-CSV-BUMP", f"{cols['bump']} {btext!r} does not say whether the picker side was bumped: the column "
                f"{cols['bump']!r} is read as the bump, x (or 2) when the picker side lost, whose doubling the rules "
                "apply themselves (rules.md B-32); write the other doublings in a Crack or Mult column; if the "
                f"column holds something else (money, a note), leave it out with --columns ignore={cols['bump']}",
                bc, btext,
                "x, yes or 2 for a bump; blank, - or 1 for none")
        elif btext and is_bump:
            bump_at = (bc, btext, f"the {cols['bump']!r} cell {btext!r}")
        if bump_at is not None and prof is not None:
            otext_b = cell(row, "outcome")[0]
            won = (outcome_word(otext_b) or "").startswith("win") or (
                "outcome" in cols and _norm(cols["outcome"]) in WON_QUESTIONS
                and YES_NO.get(otext_b.strip().lower().rstrip(".")) == "win")
            on = re.sub(r"(?i)doubleOnBump\s*=\s*off", "doubleOnBump=on", rules)
            if not prof.doubleOnBump:
                err("E-CSV-BUMP", f"{bump_at[2]} says the picker side lost doubled on the bump, but the rules "
                    f"{rules!r} do not double on the bump (doubleOnBump=off, rules.md B-32): if this table doubles "
                    f"a lost hand, ingest with --rules '{on if on != rules else rules + '; doubleOnBump=on'}'",
                    bump_at[0], bump_at[1], "no bump under doubleOnBump=off")
            elif won:
                err("E-CSV-BUMP", f"{bump_at[2]} says the picker side was bumped (lost, the loss doubled: rules.md "
                    f"B-32), but the {cols['outcome']!r} cell says {otext_b!r}, a win: one of the two cells is wrong",
                    bump_at[0], bump_at[1], "a bump on a lost hand")
            elif not bump_said and notes is not None:
                bump_said = True
                notes.append(Diagnostic(
                    "W-CSV-BUMP", f"row {row_words(r)}: {bump_at[2]} is read as double on the bump, which the rules "
                    "apply to every hand the picker side loses (rules.md B-32, doubleOnBump=on): nothing is written "
                    "for it, and it need not be written; a crack or other doubling is written as its own mark",
                    "warning", path, r, bump_at[0], found=bump_at[1], expected="nothing: the rules double a loss"))
        rtext, rkc = cell(row, "recrack")  # a Recrack column beside the Crack column (real26 F3)
        if rtext and rtext not in NOTHING and rtext.lower() not in ("no", "none", "0", "n"):
            said = "recrack ?" if rtext.lower() in ("x", "y", "yes", "?", "ja") else (
                rtext if re.search(r"(?i)re-?crack|crack-?back", rtext) else f"recrack {rtext}")
            more, rbad = read_marks(said, by_name)
            if rbad:
                err("E-CSV-CRACK", f"recrack {rtext!r}: {rbad}; the {cols['recrack']} cell names who re-cracked "
                    "(rules.md E-3), x when not written", rkc, rtext, " / ".join(label[p] for p in seats))
            marks = marks + [(kind, who, colour, pair, rkc) for kind, who, colour, pair in more]
        mtext, mc = cell(row, "mult")  # the hand's multiplier: the doublings beyond the rules' own (sheet32 F1)
        # a Dbl column's x on a row nobody picked, the sheet having no Doubler column: the doubler (rules.md D-11)
        mult_doubler = ("doubler" not in cols and not cell(row, "picker")[0] and not cell(row, "leaster")[0]
                        and mtext.lower() in ("x", "yes", "y", "ja", "true"))
        if mtext and not mult_doubler:
            k = factor_doublings(mtext)
            mname = cols["mult"]
            past_rules = ("beyond what the rules apply themselves (double on the bump, rules.md B-32; a doubler's "
                          "stake, D-12)")
            written = f"the {cols['crack']!r} cell" if "crack" in cols else "the row"
            # what the Mult counts of the rules' own doublings (verify32 F9): the bump on a lost row of a sheet whose
            # Mult is 1 on each won row and 2 or more on each lost row (_mult_counts_bump); the doubler's stake on
            # the hand right after a pass-out when it is at least that stake (the bump first)
            bump_k = 1 if mult_bump is not None and row_won(row) is False else 0
            run = dbl_run.get(d, 0) if prof is not None and prof.noPick == "doubler" else 0
            stake = (run if prof.doublerStacking == "multiplicative" else 1) if run else 0
            stake_k = stake if stake and k is not None and k - bump_k >= stake else 0
            kb = k - bump_k - stake_k if k is not None else None
            more = unwritten_marks([m[0] for m in marks], kb - len(marks)) if kb is not None and kb >= len(marks) \
                else []
            if k is None:
                err("E-CSV-MULT", f"{mname} {mtext!r} is not a hand's multiplier: the column {mname!r} is read as the "
                    f"hand's doublings {past_rules}, each x2 (rules.md E-1): 1 for none, 2 (or x2) for one, 4 for two, "
                    "8 for three", mc, mtext, "1, 2, 4 or 8 (x2, x4, x8)")
            elif kb < 0:  # a lost row's 1 where this sheet's Mult counts the bump
                err("E-CSV-MULT", f"{mname} {mtext!r} on a lost hand, but the column {mname!r} counts the bump on "
                    "this sheet (1 on every won row of its first rows, 2 or more on every lost row, rows "
                    f"{number_runs(mult_bump or [])}): a "
                    "lost hand is doubled on the bump (rules.md B-32), so its multiplier is 2 or more; one of the "
                    "Mult and result cells is wrong", mc, mtext, "2, 4 or 8 on a lost hand")
            elif kb < len(marks):
                err("E-CSV-MULT", f"{mname} {mtext!r} says x{2 ** k}, but {written} writes {len(marks)} doubling"
                    f"{'s' if len(marks) != 1 else ''} ({', '.join(_mark_text(m) for m in marks)}), each x2 (rules.md "
                    f"E-1): the {mname!r} column is read as the hand's doublings {past_rules}, the marks written among "
                    "them; one of the two cells is wrong", mc, mtext, f"x{2 ** (len(marks) + k - kb)} or more")
            elif more is None:
                err("E-CSV-MULT", f"{mname} {mtext!r} is more doublings than a crack, a re-crack and a castrate "
                    f"(rules.md E-2..E-4): write the blitzes in a Crack column with their players (blitz Bob black)",
                    mc, mtext, "at most x8 without written marks")
            else:
                marks = marks + [(kind, None, None, "queens", mc) for kind in more]
                past = (f"{', '.join(f'{kind} ?' for kind in more)} beyond it, a doubling each whose player is not "
                          "written (rules.md E-1)" if more else "nothing beyond it")
                if bump_k and "bump" not in mult_said and notes is not None:
                    mult_said.add("bump")
                    notes.append(Diagnostic(
                        "W-CSV-MULT", f"row {row_words(r)}: the column {mname!r} (column {mc}) is read as each hand's "
                        "whole multiplier, the bump counted: in the sheet's first rows it is 2 or more on every lost "
                        f"row (rows {number_runs(mult_bump or [])}) and 1 on every won row, so a lost row's 2 is the "
                        "doubling on the bump that the rules apply themselves (rules.md B-32, doubleOnBump=on), "
                        f"read as nothing beyond it; {mtext!r} here is the bump and {past}. If those 2s are "
                        "cracks on top of the bump, write them in a Crack column (x) and the Mult as 1",
                        "warning", path, r, mc, found=f"{mname} {mtext}",
                        expected="the whole multiplier, the bump counted: 2 on a plain lost hand"))
                elif stake_k and "stake" not in mult_said and notes is not None:
                    mult_said.add("stake")
                    notes.append(Diagnostic(
                        "W-CSV-MULT", f"row {row_words(r)}: the column {mname!r} (column {mc}) writes {mtext!r} on "
                        f"the hand right after {'a doubler' if run == 1 else f'{run} doublers'} (all passed, "
                        f"noPick=doubler): read as the doubler's stake x{2 ** stake}, which the rules apply to this "
                        f"hand themselves (rules.md D-11, D-12 doublerStacking={prof.doublerStacking}), "
                        + ("and the bump, " if bump_k else "") + f"{past}. If it is a crack on top of the stake, "
                        "write it in a Crack column (x)",
                        "warning", path, r, mc, found=f"{mname} {mtext}",
                        expected=f"x{2 ** stake}: the doubler's stake"))
                elif more and not bump_k and not stake_k and "beyond" not in mult_said and notes is not None:
                    mult_said.add("beyond")
                    notes.append(Diagnostic(
                        "W-CSV-MULT", f"row {row_words(r)}: the column {mname!r} (column {mc}) is read as each hand's "
                        f"multiplier {past_rules}: {mtext!r} as {', '.join(f'{kind} ?' for kind in more)}, a doubling "
                        "each whose player is not written (rules.md E-1, notation.md section 7); 1 is the plain "
                        "amount, a lost hand doubled on the bump by the rules. A multiplier that counts the bump too "
                        "is read x2 too high on a lost hand: write it without the bump",
                        "warning", path, r, mc, found=f"{mname} {mtext}",
                        expected="the doublings beyond the bump: 1, 2, 4, 8"))
        for kind, who, colour, pair, *at in marks:
            rec.marks.append(MarkRec(kind, who, colour, Pos(r, at[0] if at else kc), pair=pair))
        mark_words = [f"{kind} {who or '?'}" + (f" {colour}" if colour else "") + (" jacks" if pair == "jacks" else "")
                      for kind, who, colour, pair, *_ in marks]
        dbl, dbc = (mtext, mc) if mult_doubler else cell(row, "doubler")
        ltext, lsc = cell(row, "leaster")
        tied = ltext.lower() in LEASTER_TIE_WORDS  # SHN's `leaster -` (rules.md D-6)
        lst, lsc = ("-", lsc) if tied else seat("leaster")
        said, said_col = cell(row, "picker")
        said = plain_name(said).lower()
        if (said in ("leaster", "doubler") and said not in by_name and not (dbl if said == "leaster" else lst)
                and not any(cell(row, f)[0] for f in ("partner", "call", "points", "outcome"))
                and (said == "doubler" or lst or not unwritten)):
            # 'Leaster' or 'Doubler' written in the Picker cell, as hand-kept sheets write the no-pick game (real25
            # F8: refused E-CSV-SEAT): the game, a leaster's winner from its Leaster cell or else from the units
            # (SHN's `leaster ?`, rules.md D-4, as a nets-only row's picker is found); the rules judge it as any
            picker, pc = None, said_col
            if said == "doubler":
                dbl, dbc = "doubler", said_col
            elif not lst:
                lst, lsc = "?", said_col
        elif picker_misdeal:  # the misdeal read above, or a row that says misdeal and pays or plays a hand
            picker, pc = None, said_col
            if misdeal is None:
                what = (", ".join(f"{label[p]} " + (f"{u:+d}" if (u := whole_units(row[index[p]])) is not None
                                                     else repr(row[index[p]].strip())) for p in paid_m)
                        + " paid" if paid_m else
                        "its " + " / ".join(cols[f] for f in ("leaster", "doubler", "partner", "call", "points",
                                                               "outcome") if cell(row, f)[0]) + " cell written")
                err("E-CSV-HAND", f"picker {ptext_m!r} says the hand was misdealt, dealt again with no hand played "
                    f"and nobody paid (rules.md B-4), but the row has {what}: write the picker of the hand played "
                    "in the Picker cell, or for the misdeal 0 (or nothing) in every player's cell and nothing else",
                    pc, ptext_m, "a player who picked, or 'misdeal' with no units paid")
        else:
            picker, pc = seat("picker")
        if dbl and dbl.lower() in ("yes", "y", "x", "1", "true", "doubler", "ja"):
            rec.doubler = Value(True, Pos(r, dbc))
            line.append("doubler")
            line.extend(mark_words)
        elif lst:
            rec.leaster = Value(None if tied or lst == "?" else lst, Pos(r, lsc))
            rec.leaster_tie = tied
            line.append(f"leaster {lst}")
            line.extend(mark_words)
        elif picker and is_indiana_rules(rules):  # the declarer; the call column holds the declaration
            ctext, cc = cell(row, "call")
            g, text, bad = declaration(picker, ctext, Pos(r, cc or pc))
            if bad:
                err("E-CSV-CALL", bad, cc or pc, ctext, "AC, AS, AD, best, billy or sidesolo SUIT")
            else:
                rec.game = g
                line.append(text)
            line.extend(mark_words)
            partner, prc = seat("partner")
            if partner:
                rec.partner = Value(partner, Pos(r, prc))
                line.append(f"partner {partner}")
        elif picker:
            rec.pick = Value(picker, Pos(r, pc))
            line.append(f"pick {picker}")
            ctext, cc = cell(row, "call")
            if _alone_call(ctext):
                rec.alone = Value(True, Pos(r, cc))
                line.append("alone")
            elif ctext:
                # a phone's emoji suit (A♥️: U+FE0F) and an unknown call ("AH under", "AS (under)", "under AC",
                # rules.md B-11) as SHN reads them (scorer19 F9)
                card, held, under = _call_cell(ctext)
                if card is None:
                    de = any(_norm(c) in _GERMAN_HEADERS for c in cols.values())  # 'allein' said on a German sheet
                    err("E-CSV-CALL", f"call {ctext!r} is not a card (e.g. AS, AC, AH, TH, or 'AS under' for an "
                        "unknown call) nor 'alone'" + (" ('allein')" if de else ""), cc, ctext,
                        "AS, AC, AH, TH, AS under, alone or allein" if de else "AS, AC, AH, TH, AS under or alone")
                else:
                    rec.call = CallRec(card, held, under, pos=Pos(r, cc), card_pos=Pos(r, cc))
                    line.append(f"call {card}" + (f" under {held or '??'}" if under else ""))
            line.extend(mark_words)  # notation.md's order: call/alone; crack, recrack, blitz; partner pts outcome
            ptext_, prc = cell(row, "partner")
            if ptext_.lower() in _NO_PARTNER and not ctext:  # an alone hand's Partner cell (real20 F2)
                rec.alone = Value(True, Pos(r, prc))
                line.append("alone")
            elif ptext_.lower() in _NO_PARTNER and _alone_call(ctext):
                pass  # alone, said twice
            elif ptext_.lower() in _NO_PARTNER:  # a card called and no partner: which is it? (break21 F10)
                err("E-CSV-CALL", f"the Call cell calls {ctext!r} and the Partner cell says {ptext_!r}: a called card's "
                    "holder is the partner (rules.md B-9), and a picker alone calls nothing (B-13): write the partner, "
                    "or 'alone' in the Call cell", prc, ptext_, "the partner's name, or a blank Call cell")
            elif ptext_ == "?":  # the partner not recorded: SHN's `partner ?` (notation.md §7)
                rec.partner = Value(None, Pos(r, prc))
                line.append("partner ?")
            else:
                partner, prc = seat("partner")
                if partner and partner == picker and (not ctext or _alone_call(ctext)):
                    # the picker's own name in the Partner cell and no card called: alone, as some sheets and a score
                    # app write it (rules.md B-13; B-14's note); no call, so no own-ace call (real25 F4: E-PARTNER)
                    if not ctext:
                        rec.alone = Value(True, Pos(r, prc))
                        line.append("alone")
                elif partner and partner == picker and prof is not None and not prof.allowCallOwnAce:
                    # a card called and the picker written as the partner: the called card is another's (B-15), so
                    # this is no hand of these rules; say what to write (real25 F4: the judge's message said no way)
                    err("E-PARTNER", f"the Partner cell names the picker {ptext_!r} and the Call cell calls {ctext!r}: "
                        "a called card's holder is the partner, another player (rules.md B-9, B-15); a picker who "
                        "went alone is written 'alone' in the Call cell (or the Partner cell), no card called; a "
                        "picker calling an ace of their own is scored alone only under allowCallOwnAce (B-14: "
                        "--rules '<profile>; allowCallOwnAce=on')", prc, ptext_, "another player, or 'alone'")
                elif partner:
                    rec.partner = Value(partner, Pos(r, prc))
                    line.append(f"partner {partner}")
        elif misdeal is not None:
            rec.misdeal = Value(True, Pos(r, misdeal + 1))
            line.append("misdeal")
        elif "picker" not in cols and present and not blank and not unwritten and not is_indiana_rules(rules):
            # a sheet of each player's net per hand, no Picker column: SHN's `pick ?` with its score, the picker the
            # one seat whose settlement gives it (notation.md §7; the rules judge it: a score that fits no seat or
            # several is E-RESULT-UNKNOWN).  Refused as "the row says nothing of the hand" (real24 F4)
            rec.pick = Value(None, Pos(r, 1))
            rec.pick_unsaid = True  # nobody wrote that a seat picked: a leaster may give the same units (break24b F9)
            line.append("pick ?")
            line.extend(mark_words)
        elif not errs:
            said = " ".join(row[k] for k in text_cols if k < len(row)).lower()
            hint = next((h for w, h in _PICKER_WORD_HINTS.items() if w != "misdeal" and w in said), None)
            err("E-CSV-HAND", "no picker, leaster winner or doubler (nor a note saying misdeal, with no units paid)"
                + (" and no units: the row says nothing of the hand" if not present else
                   ": the row says nothing of the hand")
                + (f" (its note {_row_note(row, text_cols)!r}: {hint})" if hint else ""),
                cell(row, "picker")[1] or 1, None,  # at the blank Picker cell (break33 F8), else the row's start
                "a picker, a leaster winner or a doubler")
            claim = claim and bool(htext)  # a row of standings or notes: a number counted for it is no hand's
        if errs and not htext and not any(cell(row, f)[0] for f in HAND_FIELDS):
            # a refused row of units only, no number and nothing of a hand (a Pot cell read as a player's without
            # pot=on): the number counted for it is no hand's, so the night's hand 1 below is not 'hand 1 again'
            # (break26b F7: a second refusal, noise of the first)
            claim = False
        if claim:
            last_hand[d] = (number, r)
        ptext, ptc = cell(row, "points")
        if ptext:
            v = whole_units(ptext)
            if v is None:
                err("E-CSV-POINTS", f"points {ptext!r} has {long_number(ptext):,} digits: card points are 0..120"
                    if long_number(ptext) else f"points {ptext!r} is not a number", ptc, ptext, "0..120")
            else:
                rec.pts = Value(v, Pos(r, ptc))
                line.append(f"pts {v}")
        dtext_, dfc = cell(row, "defense")
        ntext_, nfc = cell(row, "defenders")  # the names beside a Def Pts column (break29 F6)
        ncol = cols.get("defenders")
        for wtext, wc, wname in ((dtext_, dfc, cols.get("defense")), (ntext_, nfc, ncol)):
            if not wtext or notes is None or wtext in NOTHING:
                continue
            if rec.leaster is not None:
                # a leaster has no picker side, so no defenders (rules.md D-2): the cell is not read (break28 F8: it
                # was dropped without a word)
                notes.append(Diagnostic(
                    "W-CSV-DEFENSE", f"row {row_words(r)}: the {wname!r} cell {wtext!r} of a leaster is not read: a "
                    "leaster has no picker side and no defenders (rules.md D-2); its winner's card points go in "
                    + (f"the {cols['points']!r} cell" if "points" in cols else "a Points column"), "warning", path,
                    r, wc, found=f"{wname} {wtext}", expected="blank in a leaster's row"))
            elif rec.doubler is not None or rec.misdeal is not None:
                # a doubler or a misdeal is thrown in and redealt, not played (rules.md D-11, B-4): no picker side, no
                # defenders; the cell is not read (break29 F7: dropped without a word, where a leaster's was warned)
                what, rule = ("a doubler", "D-11") if rec.doubler is not None else ("a misdeal", "B-4")
                notes.append(Diagnostic(
                    "W-CSV-DEFENSE", f"row {row_words(r)}: the {wname!r} cell {wtext!r} of {what} is not read: "
                    f"{what}'s cards are thrown in and redealt, not played, so there is no picker side and no "
                    f"defenders (rules.md {rule})", "warning", path, r, wc, found=f"{wname} {wtext}",
                    expected=f"blank in {what}'s row"))
        if dtext_ and rec.leaster is None and rec.doubler is None and rec.misdeal is None and rec.nopick is None:
            # the defenders' card points (break26b F6): the picker side's are the rest of the deck's
            v = whole_units(dtext_)
            if v is None and rec.pick is not None and rec.pick.value and re.search(r"[^\W\d_]", dtext_):
                ntext_, nfc, ncol = dtext_, dfc, cols["defense"]  # the defenders' names, read below
            elif v is None or not 0 <= v <= deck:
                dcol = cols["defense"]
                if v is not None and v < 0:  # no card count: a player's units (break28 F4: no way out was named)
                    why = (f": a card count is never negative; if the column is {seat_label(dcol)}'s units, ingest "
                           f"with --columns '{dcol}={seat_label(dcol)}' to read it as a player's column")
                elif v is None and re.search(r"[^\W\d_]", dtext_):  # 'Cy Di Ed': the defenders' names (def3.csv)
                    why = (f": if the column names the defenders rather than their card points, leave it out with "
                           f"--columns 'ignore={dcol}' (the units cells say who defended)")
                else:
                    why = ""
                err("E-CSV-POINTS", f"the defenders' points {dtext_!r} (column {dcol!r}) are not card "
                    f"points" + why, dfc, dtext_, f"0..{deck}")
            elif rec.pts is not None and rec.pts.value + v != deck:
                err("E-CSV-POINTS", f"the defenders' points {v} (column {cols['defense']!r}) and the picker side's "
                    f"{rec.pts.value} (column {cols['points']!r}) sum to {rec.pts.value + v}, and the two sides' card "
                    f"points sum to the deck's {deck} (rules.md A-6): one of the two cells is wrong; the row is "
                    "refused, the rest of the sheet read", dfc, f"{cols['defense']} {v} with {cols['points']} "
                    f"{rec.pts.value}", f"the two summing to {deck}")
            elif rec.pts is None:
                rec.pts = Value(deck - v, Pos(r, dfc))
                line.append(f"pts {deck - v}")
            if not defense_said and notes is not None and v is not None:
                defense_said = True
                notes.append(Diagnostic(
                    "W-CSV-DEFENSE", f"row {row_words(r)}: the column {cols['defense']!r} (column {dfc}) is read as "
                    f"the defenders' card points, the picker side's being the deck's {deck} less it (rules.md A-6)"
                    + (f", checked against the {cols['points']!r} column" if "points" in cols else
                       f" ({dtext_} -> pts {deck - v})" if 0 <= v <= deck else ""),
                    "warning", path, r, dfc, found=f"{cols['defense']} {dtext_}",
                    expected="the defenders' card points"))
        if ntext_ and ntext_ not in NOTHING and rec.leaster is None and rec.doubler is None and rec.misdeal is None \
                and rec.nopick is None and rec.pick is not None and rec.pick.value:
            # the defenders' names ('Cy Di Ed', 'Cy, Di, Ed'), as a scorer writes them beside Picker and Partner
            # (break28 def3.csv, fixb29), in the Defenders column or beside Def Pts (break29 F6): checked against
            # those cells, the units written and the seating (the dealer who sits out left out: break29 F3), by the
            # profile's sides (break29 F5)
            out_p = names_out if names_out in seats else None
            bad_def = _defenders_cell(
                rec, ntext_, ncol, nfc, r, line, {aliases[p]: label[p] for p in seats if p != out_p},
                by_name, mode=prof.partnerMode if prof is not None else "calledAce",
                profile=prof.name if prof is not None else "",
                out_seat=(aliases[out_p], label[out_p]) if out_p is not None else None,
                dealer_unknown=sits_out and out_p is None,
                units={aliases[p]: u for p in seats if p != out_p and index[p] < len(row)
                       and (u := whole_units(row[index[p]].strip() or "?")) is not None})
            if bad_def is not None:
                err(bad_def.code, bad_def.message, nfc, bad_def.found, bad_def.expected)
        ttext, ttc = cell(row, "tricks")
        if ttext:  # the picker side's tricks, as SHN's tricks N (break25 F6)
            v = whole_units(ttext)
            if v is None or v < 0:
                err("E-CSV-TRICKS", f"tricks {ttext!r} is not a count of tricks (the picker side's)", ttc, ttext,
                    "0, 1, 2, ...")
            else:
                rec.tricks_won = Value(v, Pos(r, ttc))
                line.append(f"tricks {v}")
        otext, oc = cell(row, "outcome")
        word = outcome_word(otext) if otext else ""
        if word is None and _norm(cols["outcome"]) in WON_QUESTIONS:  # 'Won?' answered yes / no (real30 F2)
            word = YES_NO.get(otext.strip().lower().rstrip("."))
        if word in ("win", "lose") and rec.pts is not None:  # a bare W / L says who won; the points say the tier
            word = _tier_of(word, rec.pts.value, prof)
            if word is None:  # the side agrees with the points; the tricks or the units will tell the tier
                otext = word = ""
        if otext and word not in OUTCOMES:
            err("E-OUTCOME", f"outcome {otext!r} is not an outcome word ({OUTCOME_EXPECTED}); if the column "
                f"{cols['outcome']!r} holds no outcome, leave it out with --columns ignore={cols['outcome']}", oc,
                otext, "one of " + ", ".join(OUTCOMES))
        elif word in ("win", "lose") and rec.pts is None and not blank and not unwritten:
            # a bare W / L (Won? yes / no) beside units and no points: the word says who won, the units the tier
            # (verify30 F3: 'W' above a schneider's units was read as a plain win and refused E-SCORE); the judge
            # checks the side against the units; the stored text leaves the word out, its units telling the result
            rec.outcome = Value(word, Pos(r, oc))
            rec.outcome_side = otext.strip()
        elif word:
            rec.outcome = Value(word, Pos(r, oc))
            line.append(word)
        entries = []
        for p in seats if not blank and not unwritten else ():
            k = index[p]
            t = row[k].strip() if k < len(row) else ""
            v = 0 if p == sat_out else whole_units(t)
            if v is None:
                stray = _stray_column(row, seats, index, prof.players if prof is not None else len(seats), sat_out)
                errs.append(Diagnostic("E-CSV-UNITS", _stray_advice(r, stray, label, t, seats) if stray == p else
                                       _units_problem(r, p, t, tuple(label.values())), file=path,
                                       line=r, col=k + 1, expected="e.g. +2",  # the cell as written (real26 F2)
                                       found=_as_written(t)))
                continue
            entries.append((aliases[p], Value(v, Pos(r, k + 1))))
        if not blank and not unwritten:
            rec.score = ScoreRec(entries, Pos(r, 1))
        if prof is not None and len(seats) > prof.players and not errs and not blank:
            # more columns read as players than the rules seat: the validator's E-SEATS named no column (real25 F3:
            # a 'Game' column read as a sixth player); name them, and the one that looks like no player
            odd = next((p for p in seats if _norm(p) in _MAYBE_HAND_WORDS + FIELDS["hand"]), None) or next(
                (p for p in seats if not re.search(r"[^\W\d_]", p)), None)
            buddy = odd is None and next((p for p in seats if _norm(p) in _MAYBE_PARTNER_WORDS), None)
            if buddy:  # a 'Buddy' column read as a player's: it may be the partner's (break26b F2)
                odd = buddy
            units_of = dict(zip(seats, (v.value for _, v in entries)))
            # the one column without which the row sums to 0 (rules.md B-33: a hand is zero-sum): no player's, named
            # with its number (break26b F6: an unknown column was not named, the message pointed at column 1)
            loose = [] if odd or len(units_of) != len(seats) or not sum(units_of.values()) else [
                p for p in seats if sum(units_of.values()) == units_of[p]]
            offered = _loose_column(loose, seats, index, label, {cell(row, f)[0] for f in ("dealer", "picker",
                                                                                             "partner")}, player_of)
            if len(loose) == 1:
                (odd,) = loose
            elif offered[0]:  # several that nothing of the row tells apart: the diagnostic at the first
                odd = offered[0][0]
            # a column of card points under a header not known (real30 F2: told to leave the points out)
            pts = len(loose) == 1 and "points" not in cols and 0 <= units_of[odd] <= _deck_points() and bool(
                re.search(r"\b(?:pts|points|punkte|augen)\b", _norm(odd)))
            err("E-SEATS", f"{len(seats)} columns are read as players ({', '.join(label[p] for p in seats)}); "
                f"{rules} is played by {prof.players}: "
                + (f"the column {label[odd]!r} (column {index[odd] + 1}) writes {units_of[odd]}, and the other "
                   f"columns sum to 0 without it (rules.md B-33): it is no player's units; "
                   + (f"if it is the picker side's card points, read it with --columns points={odd}" if pts else
                      f"leave it out with --columns ignore={odd}") if len(loose) == 1 else
                   _loose_advice(loose, offered, index, label, units_of[loose[0]]) if loose else
                   "if a column is not a player's units (the "
                   + (f"partner), read it with --columns partner={odd}, a note, --columns ignore={odd}" if buddy else
                      "hand's number, a note), map it with --columns hand=" + (odd or "COLUMN")
                      + " or --columns ignore=" + (odd or "COLUMN")) + ", else ingest with the --rules of that table"),
                index[odd] + 1 if odd else 1, ", ".join(label[p] for p in seats), f"{prof.players} player columns")
        if pot_line is not None:  # notation.md's pick line: ... stake, pot (after the hand's statements)
            line.append(pot_line)
        dbl_run[d] = dbl_run.get(d, 0) + 1 if rec.doubler is not None else 0
        rec.errors = errs
        rec.source = "\n".join([words[0], *([f'[Seats "{own_seats}"]'] if own_seats else []), "  ".join(line),
                                *(["score " + " ".join(
            f"{a} {v.value:+d}" for a, v in entries)] if not blank and not unwritten else [])]) + "\n\n"
        yield rec
    if notes is not None:
        beyond.rest(notes)
    if grand is not None and totals.grand is not None:  # the sheet ends with its own grand total
        grand.append(totals.grand)
    elif stated is not None and totals.stated is not None:  # a wrong totals row: what the sheet states all the same
        stated.append(totals.stated)


def _loose_column(loose: list[str], seats: list[str], index: dict[str, int], label: dict[str, str],
                  named: set[str], player_of) -> tuple[list[str], str]:
    """Of the columns ``loose`` read as players that each write a row's
    whole excess (without any one of them the others sum to 0, rules.md
    B-33), the ones that may be no player's, and why the others are ruled
    out (break30 F2: a Round column writing 1 beside Ed's +1 crashed the
    reader): those whose player no cell of ``named`` (the row's Dealer,
    Picker and Partner cells, read by ``player_of``) names, and of those,
    when more than one, the one whose column stands apart from every other
    player column (a numbered column at the sheet's left, the players' block
    at its right); all of them when nothing tells them apart.  ``(loose,
    "")`` when it holds one column."""
    if len(loose) < 2:
        return loose, ""
    players = {player_of.get(t.lower()) for t in named if t}
    out = [p for p in loose if p not in players] or loose
    why = [f"{' and '.join(label[p] for p in loose if p not in out)} "
           f"{'is' if len(loose) - len(out) == 1 else 'are'} named in the row's Dealer, Picker or Partner cell"
           ] if len(out) < len(loose) else []
    if len(out) > 1:
        cols = {index[p] for p in seats}
        apart = [p for p in out if not ({index[p] - 1, index[p] + 1} & cols)]
        if len(apart) == 1:
            why.append(f"{label[apart[0]]!r} stands apart from the players' columns")
            out = apart
    return out, "; ".join(why)


def _loose_advice(loose: list[str], offered: tuple[list[str], str], index: dict[str, int], label: dict[str, str],
                  excess: int) -> str:
    """The E-SEATS words for several columns ``loose`` each writing the
    row's excess ``excess`` (``offered``: :func:`_loose_column`'s)."""
    def named(ps: list[str]) -> str:
        said = [f"{label[p]!r} (column {index[p] + 1})" for p in ps]
        return ", ".join(said[:-1]) + " and " + said[-1]

    cols, why = offered
    head = (f"the columns {named(loose)} each write {excess}, and the other columns sum to 0 without any one of "
            "them (rules.md B-33): one of them is no player's units")
    if len(cols) == 1:
        return head + f" ({why}): leave {cols[0]!r} out with --columns ignore={cols[0]}"
    ways = [f"--columns ignore={p}" for p in cols]
    return (head + (f" ({why})" if why else "") + ": leave the one that is no player's out with "
            + ", ".join(ways[:-1]) + " or " + ways[-1])


def preview(data: bytes, path: str | None = None, *, columns: str | None = None, n: int = 5) -> list[dict]:
    """How the first ``n`` data rows are read, before anything is stored
    (the Import page): one dict per row, field or player → the cell."""
    rows = _rows(data)
    if not rows:
        return []
    layout = sheet_layout(rows[:HEAD_ROWS], columns, path)
    header = layout.header
    cols = column_map(header, layout.columns)
    named = {v: k for k, v in cols.items()}
    out = []
    for _r, row in islice(_body(enumerate(rows[1:], start=2), layout), n):
        out.append({(named.get(h, f"units: {h}")): (row[i] if i < len(row) else "") for i, h in enumerate(header)
                    if h.strip()})
    return out
