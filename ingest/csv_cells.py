"""The cells of a spreadsheet export read as facts: dates in the sheet's
order, units written with a zero fraction, outcome words, totals rows and
misdeal notes (:mod:`ingest.csv_sheet`; README "Spreadsheets (CSV)").  A
mapping from what a spreadsheet writes to what SHN writes, never a rule: the
judge decides what the facts are worth.

* **Dates.** ``YYYY-MM-DD`` (also ``YYYY.MM.DD``, ``YYYY/MM/DD``) is read as
  written.  ``A/B/YYYY``, ``A.B.YYYY`` or ``A-B-YYYY`` (a year of two or four
  digits) is read in **the sheet's order** (:func:`sheet_date_order`): a
  date cell whose first part is over 12 makes the sheet day-first
  (``19/11/2026``), one whose second part is over 12 month-first
  (``11/19/2026``); a sheet with both has no order (each such row is
  refused, ``E-CSV-DATE-ORDER`` naming both cells); a sheet whose every such
  date reads either way (``03/12/2026``) is read day-first when it is a
  European export — ``;``-separated, units with a decimal comma (``-1,00``)
  or dates written with dots (``03.12.2026``) — else month-first, and says
  which with a ``W-CSV-DATE-ORDER`` warning at its first such date (the
  hands are stored).  ``--columns date-order=dmy`` (or ``mdy``) gives the
  order and silences the guess (:data:`DATE_ORDERS`).
* **Date serials** (:func:`serial_date`): a date column formatted as a
  number shows the spreadsheet's day count (``46360``); it is no date here
  (never guessed), but the refusal names the day it is in the 1900 date
  system.
* **A date in a text** (:func:`date_in_text`): a sheet of one night often has
  no date column but a title row or a file name that carries it
  (``Sheepshead 2026-12-04``, ``Schafkopf 04.12.2026``, ``Dec 4, 2026``,
  ``4. Dezember 2026``, ``20261204``).
* **Units** (:func:`whole_units`): a whole number, ``+``/``-``/``−`` signed,
  or a whole number with a fraction of one or two zeros after a comma or a
  point (``-1,00``, ``2,00``, ``-1.00``, ``4.0``), in any file (a comma
  reaches one cell only in a ``;``-separated file or a quoted cell).  A
  non-zero fraction (``1,50``) and three fraction digits (``1,000``: a
  thousands separator or a fraction?) are not units.
* **Outcomes** (:func:`outcome_word`): SHN's words, and ``W``/``L``,
  ``won``/``lost``, ``gewonnen``/``verloren``, ``gew.``/``verl.``,
  ``gagné``/``perdu``, optionally followed by ``schneider`` (→ ``win-s``,
  ``lose-s``) or ``schwarz``/``no trick`` (→ ``win-z``, ``lose-z``); the
  judge checks the word against the points and units (rules.md B-27..B-29).
* **Totals rows** (:func:`is_totals_row`): a row whose date cell or first
  cell is ``Total``, ``Totals``, ``Summe``, ``Gesamt``, ``Totaal``,
  ``Total général`` ... is no hand.
* **Misdeals** (:func:`says_misdeal`): a notes cell saying misdeal, redeal,
  vergeben or Fehlgeben.
"""

from __future__ import annotations

import datetime as _dt
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from replay.errors import Diagnostic

from .shn.reader import _MAX_DIGITS as MAX_DIGITS  # a number of the log has at most 18 digits (notation.md)

__all__ = ["NameLookup", "name_fold", "DATE_ORDERS", "DateOrder", "date_parts", "read_date", "read_stamp", "local_zone", "split_time", "serial_date", "date_in_text", "day_in_text",
           "year_in_text", "Row", "row_words", "row_at", "row_said",
           "season_in_text", "sheet_date_order", "date_order_warning",
           "date_order_error", "whole_units", "is_fraction", "outcome_word", "OUTCOME_EXPECTED", "is_totals_row",
           "says_misdeal", "decimal_comma", "number_runs"]

#: The orders ``--columns date-order=ORDER`` takes: day-first, month-first.
DATE_ORDERS = {"dmy": "day-first (DD/MM/YYYY)", "mdy": "month-first (MM/DD/YYYY)"}

_ISO = re.compile(r"^(\d{4})([-./])(\d{1,2})\2(\d{1,2})$")
_DMY = re.compile(r"^(\d{1,2})([-./])(\d{1,2})\2(\d{2}|\d{4})$")


def _day(y: str, mo: int, d: int) -> str | None:
    try:
        return _dt.date(int(("20" + y) if len(y) == 2 else y), mo, d).isoformat()
    except ValueError:
        return None


#: a time of day after a date in one cell, as a form, an app or ``=NOW()`` writes a timestamp: ``23:41``,
#: ``23:41:10``, ``23:41:10.250``, ``11:41 PM``, ``21:30 Uhr``, ISO's ``T23:52``, a zone (``Z``, ``+01:00``: :func:`read_stamp`)
_TIME = re.compile(r"(?:\s+|T)(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?(?:\s*([AaPp])\.?[Mm]\.?)?"
                   r"(?:\s*(?:Uhr|h))?(?:\s*(Z|UTC|[+-]\d{2}:?\d{2}))?$")


def split_time(cell: str) -> tuple[str, tuple[int, int, int] | None]:
    """``(the date part, (hour, minute, second))`` of a cell holding a date
    and a time of day (``11/24/2026 23:41:10``, ``2026-11-24T23:52``,
    ``11/24/2026 11:41:10 PM``: a form's, an app's or ``=NOW()``'s
    timestamp), the 24-hour clock; ``(cell stripped, None)`` when no time of
    day follows the text (or it is no time: ``25:00``)."""
    c = cell.strip()
    m = _TIME.search(c)
    if m is None or m.start() == 0:
        return c, None
    h, mi, sec = int(m.group(1)), int(m.group(2)), int(m.group(3) or 0)
    if m.group(4):  # 12-hour clock: 12:05 AM is 00:05, 12:05 PM 12:05
        if not 1 <= h <= 12:
            return c, None
        h = h % 12 + (12 if m.group(4) in "Pp" else 0)
    if h > 23 or mi > 59 or sec > 59:
        return c, None
    return c[:m.start()].rstrip(" ,"), (h, mi, sec)


def read_stamp(cell: str, order: str | None) -> _dt.datetime | None:
    """The moment a date cell with a time of day stands for
    (:func:`split_time`, its date by :func:`read_date`), in local time
    (naive); None when the cell holds no time of day or no date.  A
    timestamp written with its zone (``2026-12-05T03:10:00Z``, ``+01:00``:
    an app's export in UTC) is the local time of this machine's zone (the
    ``TZ`` variable: ``TZ=America/Chicago``), so that a night played in the
    evening keeps its date (break21b F20: 21:10 in Wisconsin is 03:10 the
    next day in UTC)."""
    text, clock = split_time(cell)
    day = read_date(text, order) if clock is not None else None
    if day is None:
        return None
    stamp = _dt.datetime.fromisoformat(day).replace(hour=clock[0], minute=clock[1], second=clock[2])
    zone = _TIME.search(cell.strip()).group(5)
    if zone is None:
        return stamp
    if zone in ("Z", "UTC"):
        offset = _dt.timedelta(0)
    else:
        sign = -1 if zone[0] == "-" else 1
        digits = zone[1:].replace(":", "")
        offset = sign * _dt.timedelta(hours=int(digits[:2]), minutes=int(digits[2:]))
    return stamp.replace(tzinfo=_dt.timezone(offset)).astimezone().replace(tzinfo=None)


def local_zone() -> str:
    """The name of this machine's time zone as :func:`read_stamp` reads a
    zoned timestamp in (``TZ``, else the system's: ``CST``, ``UTC``)."""
    import os  # noqa: PLC0415

    return os.environ.get("TZ") or _dt.datetime.now().astimezone().tzname() or "local time"


def date_parts(cell: str) -> tuple[int, int, str] | None:
    """``(first part, second part, year as written)`` of a date cell written
    ``A/B/YYYY``, ``A.B.YYYY`` or ``A-B-YYYY`` (two or four year digits; a
    time of day after it is read past: :func:`split_time`), whose order the
    sheet decides; None for an ISO date or any other text."""
    m = _DMY.match(split_time(cell)[0])
    return (int(m.group(1)), int(m.group(3)), m.group(4)) if m else None


def read_date(cell: str, order: str | None) -> str | None:
    """A date cell → ``YYYY-MM-DD``, or None when it is no calendar day.
    ISO dates (``2026-12-03``, ``2026.12.03``, ``2026/12/03``) are read as
    written, and so are dates with the month's name (``Dec 4, 2026``,
    ``Friday, December 4, 2026``, ``4. Dezember 2026``, ``04-Dec-2026``: a
    formatted date cell saved as CSV); ``A/B/YYYY`` (also with ``.`` or ``-``) by ``order`` (``dmy``:
    A is the day; ``mdy``: A is the month; None — the sheet has no order —
    gives None).  A time of day after the date (a timestamp:
    :func:`split_time`) is read past."""
    c = split_time(cell)[0]
    m = _ISO.match(c)
    if m:
        return _day(m.group(1), int(m.group(3)), int(m.group(4)))
    p = date_parts(c)
    if p is None and any(ch.isalpha() for ch in c):  # a formatted date cell saved as text: "Dec 4, 2026"
        return _first_date(c, [(pat, how) for pat, how in _TEXT_DATES if how in ("d month", "month d")], None)[0]
    if p is None or order is None:
        return None
    a, b, y = p
    return _day(y, b, a) if order == "dmy" else _day(y, a, b)


_SERIAL = re.compile(r"^(\d{5})(?:[.,]\d+)?$")  # a day count, a time of day after the point
#: the day before serial 1 for serials from 61 on: Excel's 1900 system counts a 1900-02-29 that never was (serial 60)
_SERIAL_EPOCH = _dt.date(1899, 12, 30)
#: the serials taken for a date, 1950-01-01 .. 2099-12-31: a whole number far from them is no date at all
_SERIALS = range(18264, 73051)


def serial_date(cell: str) -> str | None:
    """The day ``YYYY-MM-DD`` a spreadsheet's date serial stands for in the
    1900 date system (Excel, LibreOffice, Google Sheets: serial 1 is
    1900-01-01, and serial 60 the 1900-02-29 Excel counts although 1900 was
    no leap year, so serial 45658 is 2025-01-01), for a cell of five digits
    (a fraction after ``.`` or ``,`` is the time of day) between 18264
    (1950-01-01) and 73050 (2099-12-31); None for any other cell.  A hint
    for a date column formatted as a number, never a reading of it."""
    m = _SERIAL.match(cell.strip())
    if m is None or int(m.group(1)) not in _SERIALS:
        return None
    return (_SERIAL_EPOCH + _dt.timedelta(days=int(m.group(1)))).isoformat()


#: month names in English, German and French, and their usual short forms (``Dec``, ``Dez.``, ``Sept``)
_MONTHS = {name: k for k, names in enumerate((
    ("january", "jan", "januar", "jänner", "janvier", "janv"), ("february", "feb", "februar", "février", "févr"),
    ("march", "mar", "märz", "maerz", "mär", "mars"), ("april", "apr", "avril", "avr"), ("may", "mai"),
    ("june", "jun", "juni", "juin"), ("july", "jul", "juli", "juillet", "juil"),
    ("august", "aug", "août"), ("september", "sep", "sept", "septembre"), ("october", "oct", "oktober", "okt",
                                                                          "octobre"),
    ("november", "nov", "novembre"), ("december", "dec", "dezember", "dez", "décembre", "déc")), start=1)
    for name in names}
_MONTH = "(" + "|".join(sorted((re.escape(m) for m in _MONTHS), key=len, reverse=True)) + r")\.?"
#: a year after a month's name: four digits, or two after an apostrophe (``Thu 12 Nov '26``: break24c F7, read as
#: "no year")
_YEAR_WRITTEN = r"['\u2018\u2019]?(\d{4}|(?<=['\u2018\u2019])\d{2})(?!\d)"
_TEXT_DATES = (  # (pattern, how its groups read); a number glued to other digits is no date
    (re.compile(r"(?<!\d)(\d{4})([-_./])(\d{1,2})\2(\d{1,2})(?!\d)"), "ymd"),
    (re.compile(r"(?<![\d.])(\d{1,2})([-_./])(\d{1,2})\2(\d{4}|\d{2})(?![\d.])"), "ab"),
    (re.compile(r"(?<!\d)(20\d{2})(\d{2})(\d{2})(?!\d)"), "compact"),
    (re.compile(r"(?<![\w.])(\d{1,2})(?:st|nd|rd|th|er|\.)?[\s-]*" + _MONTH + r"[,\s-]+" + _YEAR_WRITTEN, re.I),
     "d month"),
    (re.compile(r"(?<!\w)" + _MONTH + r"\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+" + _YEAR_WRITTEN, re.I), "month d"),
)


def date_in_text(text: str, order: str | None = None) -> tuple[str | None, str | None]:
    """The date a free text carries (a sheet's title row or its file name):
    ``(YYYY-MM-DD, None)``, ``(None, why)`` for a date that reads two ways,
    or ``(None, None)`` for none.  Read: ``2026-12-04`` (also with ``_``,
    ``.`` or ``/``), ``20261204``, ``Dec 4, 2026``, ``4 December 2026``,
    ``4. Dezember 2026``, and ``A/B/YYYY`` (also ``-``, ``_``, ``.``; a year
    of two or four digits) in ``order`` (``dmy``, ``mdy``; ``--columns
    date-order``), else day-first when A is over 12 or written with dots
    (the German ``04.12.2026``), month-first when B is over 12, and
    otherwise neither: ``why`` names both readings (dots with B over 12,
    ``12.17.2026``, are month first).  The first date of the
    text counts."""
    return _first_date(text, _TEXT_DATES, order)


#: the (year, month, day) of a text date's groups, by its pattern's kind; a day's year is the one given
_PARTS = {"ymd": lambda g, _y: (g[0], int(g[2]), int(g[3])), "compact": lambda g, _y: (g[0], int(g[1]), int(g[2])),
          "d month": lambda g, y: (g[2] if len(g) > 2 else y, _MONTHS[g[1].lower()], int(g[0])),
          "month d": lambda g, y: (g[2] if len(g) > 2 else y, _MONTHS[g[0].lower()], int(g[1]))}


def _first_date(text: str, patterns, order: str | None, year: str | None = None) -> tuple[str | None, str | None]:
    """The first date ``patterns`` find in ``text`` (:func:`date_in_text`,
    :func:`day_in_text`: ``year`` for a day written without one)."""
    found: list[tuple[int, str | None, str | None]] = []
    for pattern, how in patterns:
        m = pattern.search(text)
        if m is None:
            continue
        g = m.groups()
        if how == "ab":  # A/B/YYYY, or A/B in ``year``
            a, sep, b, y = int(g[0]), g[1], int(g[2]), g[3] if len(g) > 3 else year
            # dots are day first ('04.12.2026') unless the day cannot be A: '12.17.2026' is month first, as its
            # slashed twin (break26 F4: not read, so a title of it was no date)
            use = order or ("dmy" if a > 12 or (sep == "." and b <= 12) else "mdy" if b > 12 else None)
            if use is None:
                got, why = None, (f"{m.group(0).strip()!r} reads as {_day(y, b, a)} (day first) or {_day(y, a, b)} "
                                  "(month first)")
            else:
                got, why = (_day(y, b, a) if use == "dmy" else _day(y, a, b)), None
        else:
            got, why = _day(*_PARTS[how](g, year)), None
        if got is not None or why is not None:
            found.append((m.start(), got, why))
    if not found:
        return None, None
    _, got, why = min(found, key=lambda f: f[0])
    return got, why


_TEXT_DAYS = (  # a day of the year without its year: "Dec 8", "8. Dezember", "12/8", "8.12."
    (re.compile(r"(?<![\w.])(\d{1,2})(?:st|nd|rd|th|er|\.)?\s*" + _MONTH + r"(?![\w])", re.I), "d month"),
    (re.compile(r"(?<!\w)" + _MONTH + r"\s*(\d{1,2})(?:st|nd|rd|th)?(?!\d)", re.I), "month d"),
    (re.compile(r"^\s*(\d{1,2})([-_./])(\d{1,2})\.?\s*$"), "ab"),  # numbers alone: the whole text ("12-8")
    # with a slash, the text's last word ("League 2026 - Round 1 - 11/12": break24c F7, no word of it)
    (re.compile(r"(?<![\w/.\-])(\d{1,2})(/)(\d{1,2})\s*$"), "ab"),
)
_YEAR = re.compile(r"(?<!\d)(19\d{2}|20\d{2})(?!\d)")


def day_in_text(text: str, year: str, order: str | None = None) -> tuple[str | None, str | None]:
    """A day written without its year in a free text (a worksheet named
    ``Dec 8``, ``8. Dezember``; ``12-8`` or ``8.12.`` when that is the whole
    text, so that ``v2.3`` or ``hands 1-12`` is no day), in ``year``:
    ``(YYYY-MM-DD, None)``, ``(None, why)`` for ``A/B`` that reads two ways
    (read as :func:`date_in_text` reads ``A/B/YYYY``), or ``(None, None)``."""
    return _first_date(text, _TEXT_DAYS, order, year)


_SEASON = re.compile(r"(?<!\d)((?:19|20)\d{2})\s*[-/\u2013_]\s*((?:19|20)\d{2}|\d{2})(?!\d)")


def year_in_text(text: str) -> str | None:
    """The first year (1900-2099) written in a free text, e.g. a workbook
    named ``League 2026.xlsx``, or None; None too for a season over two
    years (``Season 2025-26``, ``2025/2026``): a day in it (``Jan 5``)
    could be of either (:func:`season_in_text`)."""
    if season_in_text(text) is not None:
        return None
    m = _YEAR.search(text)
    return m.group(1) if m else None


def season_in_text(text: str) -> str | None:
    """A season over two years written in a free text (``2025-26``,
    ``2025/2026``: the second year the one after the first), or None."""
    for m in _SEASON.finditer(text):
        first, second = int(m.group(1)), m.group(2)
        if (int(second) if len(second) == 4 else first // 100 * 100 + int(second)) == first + 1:
            return m.group(0)
    return None


@dataclass(frozen=True, slots=True)
class DateOrder:
    """How a sheet's ``A/B/YYYY`` dates are read (:func:`sheet_date_order`):
    ``order`` ``dmy``, ``mdy`` or None (the sheet's dates disagree);
    ``day_first`` / ``month_first`` the first cell ``(row, column, text)``
    only one order reads (a first, resp. second, part over 12); ``guessed``
    the first cell that reads either way when the order was guessed (else
    None); ``why`` what the guess went by."""

    order: str | None
    day_first: tuple[int, int, str] | None = None
    month_first: tuple[int, int, str] | None = None
    guessed: tuple[int, int, str] | None = None
    why: str = ""


def sheet_date_order(cells: Iterable[tuple[int, int, str]], european: Callable[[], str | None] | str | None = None,
                     forced: str | None = None) -> DateOrder:
    """The order of a sheet's ``A/B/YYYY`` dates, from its date cells
    ``(row, column, text)``: ``forced`` (``--columns date-order``) when
    given; else day-first when a cell's first part is over 12, month-first
    when a cell's second part is over 12, no order (None) when both occur;
    else — every such date reads either way — day-first when ``european``
    (what makes the sheet a European export, e.g. ``"';'-separated"``) is
    given, month-first when not, ``guessed`` naming the first date that
    reads either way (none when each has equal parts, ``05/05/2026``).
    ``cells`` is read once, keeping nothing but the first cell of each kind;
    ``european`` may be a function, asked after ``cells`` is read."""
    if forced:
        return DateOrder(forced, why="--columns date-order")
    day = month = either = None
    dots = None
    for r, c, text in cells:
        p = date_parts(text)
        if p is None:
            continue
        a, b, _y = p
        if dots is None and "." in text:
            dots = (r, c, text.strip())
        if a > 12 >= b:
            day = day or (r, c, text.strip())
        elif b > 12 >= a:
            month = month or (r, c, text.strip())
        elif a != b and a <= 12 and b <= 12:
            either = either or (r, c, text.strip())
    if day and month:
        return DateOrder(None, day, month)
    if day or month:
        return DateOrder("dmy" if day else "mdy", day, month)
    if callable(european):
        european = european()
    if european is None and dots is not None:
        european = f"dates written with dots ({dots[2]!r} at row {row_words(dots[0])})"
    return DateOrder("dmy" if european else "mdy", guessed=either,
                     why=european or "not ';'-separated, no decimal commas, dates with '/' or '-'")


def date_order_warning(got: DateOrder, path: str | None) -> Diagnostic | None:
    """The ``W-CSV-DATE-ORDER`` warning of a guessed order, at the first date
    that reads either way: the order taken, why, and how to give it; None
    when the order was not guessed."""
    if got.guessed is None or got.order is None:
        return None
    r, c, text = got.guessed
    other = "mdy" if got.order == "dmy" else "dmy"
    return Diagnostic(
        "W-CSV-DATE-ORDER", f"row {row_words(r)}: every date of the sheet reads either way ({text!r} is first): read "
        f"{DATE_ORDERS[got.order]} as {'a European' if got.order == 'dmy' else 'a US'} export ({got.why}), so "
        f"{text!r} = {read_date(text, got.order)}; if the sheet is {DATE_ORDERS[other]}, ingest it with "
        f"--columns date-order={other}", "warning", path, r, c, found=text)


def date_order_error(got: DateOrder, r: int, c: int, text: str, path: str | None) -> Diagnostic:
    """``E-CSV-DATE-ORDER`` for the date ``text`` at row ``r``, column ``c``
    of a sheet whose dates disagree on their order (``got.order`` None),
    naming a day-first and a month-first cell."""
    (r1, c1, t1), (r2, c2, t2) = got.day_first, got.month_first
    return Diagnostic(
        "E-CSV-DATE-ORDER", f"row {row_words(r)}: {text!r} cannot be dated: the sheet's dates disagree on their order "
        f"({t1!r} at row {row_words(r1)}, column {c1} is day-first; {t2!r} at row {row_words(r2)}, column {c2} is "
        "month-first): correct the wrong one, or give the order with --columns date-order=dmy (or mdy)", file=path,
        line=r, col=c, found=text, expected="one order of day and month in the whole sheet")


class Row(int):
    """A sheet's row number where the row does not start on the file's line
    of that number (a note typed with Enter above it, its cell over two
    lines): the int is the file's line, the position of every message at
    the row (``file:line:column``, the column the cell's, as on a sheet
    without such notes), and its messages say ``row 5 (line 8)``
    (:func:`row_words`) (real23b F8: the row's messages were at row 5, a W-NUL
    of the same row at line 8, a quote's at row 7 "(line 10 of the file)")."""

    row: int

    def __new__(cls, line: int, row: int):
        self = super().__new__(cls, line)
        self.row = row
        return self


def row_words(r: int) -> str:
    """Row ``r`` (an int or a :class:`Row`) as a message says it: ``5``, or ``5 (line 8)``."""
    return row_said(r.row, int(r)) if isinstance(r, Row) else str(r)


def number_runs(numbers) -> str:
    """Row or hand numbers as runs, for messages: ``2-6, 8`` (ints; a :class:`Row` as its row)."""
    out: list[str] = []
    run: list[int] = []
    for n in sorted({getattr(k, "row", k) for k in numbers}):
        if run and n != run[-1] + 1:
            out.append(f"{run[0]}-{run[-1]}" if len(run) > 1 else str(run[0]))
            run = []
        run.append(n)
    if run:
        out.append(f"{run[0]}-{run[-1]}" if len(run) > 1 else str(run[0]))
    return ", ".join(out)


def row_said(row: int, line: int) -> str:
    """A sheet's row as a message says it: ``5``, or ``5 (line 8)`` when the
    file's line differs (:class:`Row`)."""
    return str(row) if row == line else f"{row} (line {line})"


def row_at(r: int, line: int) -> int:
    """Row ``r``, starting on the file's line ``line``: ``r``, or a :class:`Row`."""
    return r if line == r else Row(line, r)


_UNITS = re.compile(r"[+-]?\d+(?:[.,]0{1,2})?")
_FRACTION = re.compile(r"[+-]?\d*[.,]\d+")
#: a number cell's whole part: its digits, after a sign, a currency sign or an accounting format's bracket
_WHOLE_PART = re.compile(r"[(\s]*[+\-\u2212\u2013]?[\s$€£]*(\d+)(?:[.,]\d*)?[\s$€£¢)]*")


def long_number(cell: str) -> int:
    """The digits of a number cell's whole part when they are more than a
    number of the log holds (:data:`MAX_DIGITS`, 18, as SHN's reader:
    docs/notation.md "Numbers"), else 0: ``"9" * 5000`` → 5000, ``"-12"``
    → 0, ``"$1234…(19 digits).50"`` → 19.  Such a cell is read as no number
    (:func:`whole_units` gives None), and its refusal says why: Python refuses
    to convert more than 4,300 digits (break30 F3: a traceback), and no
    score, hand number or card count has 19."""
    if len(cell) <= MAX_DIGITS:
        return 0
    m = _WHOLE_PART.fullmatch(cell)
    return len(m.group(1)) if m is not None and len(m.group(1)) > MAX_DIGITS else 0


def whole_units(cell: str) -> int | None:
    """A number cell → a whole number: ``-2``, ``+4``, ``−1`` (U+2212), or a
    whole number with a zero fraction of one or two digits after a comma or
    a point (``-1,00`` → -1, ``2.00`` → 2, ``4,0`` → 4); None for anything
    else (``1,50``: a fraction; ``1,000``: a thousands separator or three
    decimals; a number of more than 18 digits, :func:`long_number`).  An
    accounting format's negative in brackets, ``(1)`` or ``(8,00)``, is -1
    or -8; an en dash is a minus."""
    c = cell.strip().replace("\u2212", "-").replace("\u2013", "-")
    if len(c) > 2 and c[0] == "(" and c[-1] == ")" and c[1:-1].strip()[:1].isdigit():
        c = "-" + c[1:-1].strip()  # a spreadsheet's accounting format writes -1 as (1)
    if not _UNITS.fullmatch(c):
        return None
    whole = re.split(r"[.,]", c, maxsplit=1)[0]
    if len(whole.lstrip("+-")) > MAX_DIGITS:  # out of every range, never converted (break30 F3)
        return None
    return int(whole)


def is_fraction(cell: str) -> bool:
    """True for a cell written as a decimal number (``1,50``, ``-0.5``,
    ``1,000``; an accounting format's ``(0.50)`` too: break21b F10) that
    :func:`whole_units` does not read."""
    c = cell.strip().replace("\u2212", "-")
    if len(c) > 2 and c[0] == "(" and c[-1] == ")":
        c = "-" + c[1:-1].strip()
    return bool(_FRACTION.fullmatch(c)) and whole_units(c) is None


def decimal_comma(cell: str) -> bool:
    """True for a number written with a decimal comma (``-1,00``, ``2,5``)."""
    return bool(re.fullmatch(r"[+-]?\d+,\d{1,2}", cell.strip().replace("\u2212", "-")))


_WIN = frozenset({"win", "won", "w", "gewonnen", "gew", "gew.", "gagné", "gagne", "gagnée"})
_LOSE = frozenset({"lose", "lost", "l", "verloren", "verl", "verl.", "perdu", "perdue"})
_TIER = {(): "", ("schneider",): "-s", ("s",): "-s", ("schwarz",): "-z", ("z",): "-z", ("no-trick",): "-z",
         ("no", "trick"): "-z", ("no", "tricks"): "-z", ("notrick",): "-z", ("no-tricker",): "-z",
         ("notricker",): "-z", ("no", "tricker"): "-z",
         # the Wisconsin words for the losing side (rules.md B-28: "schneidered", a no-tricker): real20 F2
         ("schneidered",): "-s", ("schneidert",): "-s", ("no-tricked",): "-z", ("no", "tricked"): "-z"}
_SHN_OUTCOMES = ("win", "lose", "win-s", "lose-s", "win-z", "lose-z")
#: What an outcome cell may write (:func:`outcome_word`), for messages.
OUTCOME_EXPECTED = ("win, lose, win-s, lose-s, win-z, lose-z; also W/L, won/lost, gewonnen/verloren, gew./verl., "
                    "gagné/perdu, optionally followed by schneider (schneidered) or schwarz (no trick, "
                    "no-tricker)")


def outcome_word(cell: str) -> str | None:
    """An outcome cell → SHN's outcome word (``win``, ``lose``, ``win-s``,
    ``lose-s``, ``win-z``, ``lose-z``), or None when it writes none of
    :data:`OUTCOME_EXPECTED` (any case; ``Won (schneider)`` → ``win-s``,
    ``L schwarz`` → ``lose-z``).  A word, not a verdict: the judge checks
    it against the points and units (rules.md B-27..B-29)."""
    c = cell.strip().lower()
    if c in _SHN_OUTCOMES:
        return c
    words = re.sub(r"[(),;:]", " ", c).split()
    if not words:
        return None
    base = "win" if words[0] in _WIN else "lose" if words[0] in _LOSE else None
    tier = _TIER.get(tuple(words[1:]))
    return None if base is None or tier is None else base + tier


_TOTALS = frozenset({"total", "totals", "totale", "totali", "totaal", "totaux", "total général", "total general",
                     "grand total", "sum", "sums", "summe", "summen", "gesamt", "gesamtsumme", "endstand", "somme",
                     "subtotal", "sub-total", "zwischensumme", "sous-total"})


#: a totals row's label of a word before "total" (``Night total``, ``Final totals``, ``Net total``), or a word that
#: says it alone only in the row's date or first cell (``Final``, ``Net``: a player may be named so, and deal)
_TOTALS_LABEL = re.compile(r"(?:night|evening|final|net|grand|season|session|week|day|game|games|running|end|"
                           r"overall|total)\s+totals?|totals?\s+(?:night|score|scores)|final\s+(?:scores?|standings?)")
_TOTALS_FIRST = frozenset({"final", "finals", "net", "nets", "end", "tally", "final tally"})


def _label(c: str) -> str:
    """A cell's text as a totals label is compared: lower case, spaces folded, a trailing ``:`` or ``.`` dropped."""
    return re.sub(r"\s+", " ", c.strip().lower()).rstrip(":. ") if c else ""


def is_totals_row(*cells: str, hand: Iterable[str] = ()) -> bool:
    """True when one of ``cells`` (the row's date cell, its first cell, then
    others) says the row sums the sheet: ``Total``, ``Totals``, ``Summe``,
    ``Gesamt``, ``Totaal``, ``Total général``, ``Sum``, ``Subtotal``,
    ``Night total``, ``Final total`` ... (any case, a trailing ``:``
    allowed); ``Final`` or ``Net`` alone in one of the first two cells
    (real31 F5: refused as a hand, "'Night total' is not a date").

    ``hand``: the texts of the row's other hand cells (picker, partner,
    call, points, result ...).  A one-word label a player may be named
    (``Net``, ``Final``, ``Total``, ``Sum`` ...) says a totals row only when
    each of them is blank (or is a totals label itself): ``Net,Cal,Ann,AS,
    70,...`` is Net dealing a hand, not the night's totals (verify31 F1:
    the hand was dropped, or the whole sheet when Net dealt hand 1).  A
    label of more words (``Net total``, ``Night total``, ``Grand Total``)
    says it whatever the other cells hold."""
    busy = None
    for k, c in enumerate(cells):
        t = _label(c)
        if not t:
            continue
        if _TOTALS_LABEL.fullmatch(t) or (" " in t and t in _TOTALS):
            return True
        if t in _TOTALS or (k < 2 and t in _TOTALS_FIRST):
            if busy is None:
                busy = any((u := _label(h)) and not (u in _TOTALS or u in _TOTALS_FIRST or _TOTALS_LABEL.fullmatch(u))
                           for h in hand)
            if not busy:
                return True
    return False


_MISDEAL = re.compile(r"(?<![\w-])(misdeal|misdealt|mis-deal|redeal|redealt|re-deal|re-dealt|vergeben|fehlgeben|"
                      r"fehlgegeben|neu gegeben|neu geben)(?![\w-])", re.IGNORECASE)


def says_misdeal(text: str) -> bool:
    """True when a notes cell says the hand was misdealt and dealt again
    (misdeal, misdealt, redeal, redealt, vergeben, Fehlgeben, neu gegeben;
    any case): SHN's ``misdeal`` (rules.md B-4)."""
    return bool(_MISDEAL.search(text))


def name_fold(text: str) -> str:
    """A name as a sheet's cells are matched to its players: Unicode case
    folding (``str.casefold``: ``STRAUSS`` is ``Strauß``), the dot that the
    fold of a capital ``İ`` keeps (U+0307 after ``i``) dropped, so that
    ``ilker`` is ``İlker`` (break24 F9: matched in lower case, both were
    refused E-CSV-SEAT).  Accents stay: ``Jorg`` is not ``Jörg``."""
    return text.casefold().replace("i\u0307", "i")


class NameLookup(dict):
    """Every way a sheet's cells may name a player (lower case) -> its
    seat, read in lower case first and else by :func:`name_fold`; a fold
    that two players share (``Strauss`` and ``Strauß`` at one table) names
    neither."""

    def __init__(self, pairs: Iterable[tuple[str, str]]) -> None:
        super().__init__()
        folded: dict[str, str | None] = {}
        for word, seat in pairs:
            self[word.lower()] = seat
            f = name_fold(word)
            folded[f] = seat if folded.get(f, seat) == seat else None
        self.folded = folded

    def __contains__(self, text: object) -> bool:
        return self.get(text) is not None

    def __getitem__(self, text: str) -> str:
        got = self.get(text)
        if got is None:
            raise KeyError(text)
        return got

    def get(self, text, default=None):
        if dict.__contains__(self, text):
            return dict.__getitem__(self, text)
        if isinstance(text, str):
            got = self.folded.get(name_fold(text))
            if got is not None:
                return got
        return default
