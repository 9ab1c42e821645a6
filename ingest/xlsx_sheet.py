"""Excel workbooks (``.xlsx``, ``.xlsm``): each worksheet read as the CSV
score sheet or ledger it would be saved as (:func:`ingest.csv_sheet.read_table`).

A group that keeps its score sheet in Excel or Google Sheets keeps a
workbook, often one worksheet a night; saving each as CSV loses nothing
but the user's evening.  The workbook is read with openpyxl (read-only,
the values Excel last computed), every cell turned into the text a CSV
export writes for it:

* a number: ``2``, ``-1`` (a whole float as its integer: ``-1.0`` is
  ``-1``; a formula's float within 1e-9 of a whole number or a whole cent
  as that number: ``1.9999999999999996``, saved for ``=0.3/0.1-1``, is
  ``2``, break30 F4), else as written (``1.5``, refused as units at its
  cell).  Only a workbook's numeric cell is read so: a CSV cell is text as
  written, and ``1.9999999999999996`` typed there is refused;
* a number formatted as currency (``"$"#,##0.00``, Accounting,
  ``[$€-407]``): the money it shows, ``$4.00``, ``-$2.00``, as its CSV
  holds it: a sheet kept in money is refused ``E-CSV-MONEY`` without
  ``--columns stake=``, whole dollars too (sheetx34 F1);
* a date or date-time: ``YYYY-MM-DD`` (the time of day dropped);
* text as written; an empty cell, or a merged cell's covered part, empty (a
  date merged down a night's rows is the night of the row above, as in a
  CSV sheet).

Each visible worksheet whose header reads as a score sheet or a ledger is
read as one (a hidden sheet is skipped with a warning, a hidden row left
out with one ``W-XLSX-HIDDEN`` a sheet naming its rows); its diagnostics
are at ``FILE[SHEET]:row:column`` (row 1 the sheet's first row, columns
counted from A = 1).  A worksheet that reads as neither
(a summary, the house rules), a chart sheet and an empty sheet are skipped
with a ``W-XLSX-SHEET`` warning naming the sheet and what it is; a workbook
of none is refused with one ``E-CSV-COLUMNS``
per sheet.  A sheet with no date column is dated as a CSV sheet is, the
worksheet's name a place for the night's date between its title row and the
file name (:func:`ingest.csv_sheet.sheet_layout`).  A sheet of a night an earlier sheet holds (the same date
and players: one session) numbered from at or below that sheet's highest hand again is refused row by row,
``E-CSV-HAND-ORDER`` (:func:`_renumbered`, real25 F2).  A formula's value is the
one Excel stored when the file was saved; a workbook written by a program
that stores no values (its formulas never computed) has empty cells there.
"""

from __future__ import annotations

import datetime as _dt
import io
import re
import zipfile
from pathlib import PurePath

from replay.errors import Diagnostic

from .csv_sheet import (_MONEY_SIGN, BOM, HAND_FIELDS, HEAD_ROWS, NIGHT_COLUMN, CsvResult, _night_option, bom_note,
                        column_map,
                        read_table, sheet_layout)
from .model import FileResult
from .unicode_text import nfc

__all__ = ["looks_like_xlsx", "workbook_rows", "read_xlsx", "cell_text"]

#: the file names read as workbooks (a legacy ``.xls`` or an ``.ods`` is not: saved as .xlsx or .csv it is)
SUFFIXES = (".xlsx", ".xlsm")
#: spreadsheets in formats openpyxl does not read: refused by name, never read as CSV text (ingest.pipeline)
OTHER_BOOKS = (".xls", ".ods", ".numbers", ".xlsb")


def looks_like_xlsx(name: str, data: bytes) -> bool:
    """True for an Office Open XML workbook: a zip archive (``PK``) named
    ``.xlsx``/``.xlsm``, or any zip archive holding ``xl/workbook.xml``."""
    if not data.startswith(b"PK\x03\x04"):
        return False
    if name.lower().endswith(SUFFIXES):
        return True
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            return "xl/workbook.xml" in z.namelist()
    except (zipfile.BadZipFile, OSError, ValueError):
        return False


#: how near a workbook's number must be to a whole number (or a whole cent) to be read as it: a formula's binary
#: float noise (=0.3/0.1-1 saved as 1.9999999999999996, Excel showing 2: break30 F4) is a few units in the last of
#: its 17 digits; the absolute bound keeps a fraction written on a large number (123456789.1) a fraction
NOISE_REL, NOISE_ABS = 1e-9, 1e-6


def _float_text(value: float) -> str:
    """A workbook's numeric cell as the number it shows: a whole number as
    its integer (``-1.0`` → ``"-1"``), one within :data:`NOISE_REL` of it
    (relative, and under :data:`NOISE_ABS`) too (``1.9999999999999996`` →
    ``"2"``), else one that near a whole cent as that amount
    (``0.30000000000000004`` → ``"0.3"``), else as written (``1.5``,
    ``2.000001``; ``inf``)."""
    if value.is_integer():
        return str(int(value))
    if value != value or value in (float("inf"), float("-inf")):
        return repr(value)
    near = abs(value) * NOISE_REL
    for scale in (1, 100):  # a whole number, a whole cent
        whole = round(value * scale)
        if abs(value * scale - whole) <= max(near * scale, NOISE_REL) and abs(value * scale - whole) < NOISE_ABS:
            return str(whole) if scale == 1 else repr(whole / scale)
    return repr(value)


#: a number format's locale tag of no currency (``[$-409]``, a date's), and its currency tag (``[$€-407]``,
#: ``[$CHF]``)
_LOCALE_TAG = re.compile(r"\[\$-[0-9A-Fa-f]+\]")
_CURRENCY_TAG = re.compile(r"\[\$([^\]-]+)(?:-[0-9A-Fa-f]+)?\]")


def currency_of(number_format: str | None) -> str | None:
    """The currency sign a cell's number format shows (``"$"#,##0.00``,
    Accounting's ``_("$"* #,##0.00_)``, ``£#,##0.00``, ``[$€-407] #,##0.00``
    → ``$``, ``£``, ``€``; ``[$CHF-807]`` → ``CHF``), when it is one a money
    cell is read by (:data:`ingest.csv_sheet._MONEY_SIGN`); else None (a
    locale tag alone, ``[$-409]``, is none)."""
    if not number_format or number_format == "General":
        return None
    fmt = _LOCALE_TAG.sub("", number_format)
    if (m := _CURRENCY_TAG.search(fmt)) is not None:
        sign = m.group(1).strip()
        return sign if _MONEY_SIGN.fullmatch(sign) else None
    m = _MONEY_SIGN.search(fmt)
    return m.group() if m is not None else None


def _money_text(value: float | int, sign: str) -> str:
    """A number formatted as currency as the money text its CSV export
    holds, its sign before the amount and two decimals at least
    (``-2.0``, ``$`` → ``"-$2.00"``; ``0.125`` → ``"$0.125"``): sheetx34 F1,
    whole dollars were read as units."""
    text = _float_text(float(abs(value))) if isinstance(value, float) else str(abs(value))
    whole, _, cents = text.partition(".")
    if whole.isdigit():
        text = f"{whole}.{cents.ljust(2, '0')}"
    return f"{'-' if value < 0 else ''}{sign}{text}"


def cell_text(value, number_format: str | None = None) -> str:
    """The text a CSV export writes for a cell's value (see the module
    docstring): ``None`` → ``""``, ``-1.0`` → ``"-1"``, a date →
    ``"2026-12-04"``, a date and time ``"2026-11-24 23:41:10"`` (at
    midnight too when ``number_format``, the cell's, shows hours); a number
    formatted as currency (``number_format`` ``"$"#,##0.00``) as money,
    ``"$4.00"``, ``"-$2.00"`` (:func:`currency_of`; sheetx34 F1: a sheet
    kept in whole dollars was stored as units)."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, (int, float)) and value == value and abs(value) != float("inf") \
            and (sign := currency_of(number_format)) is not None:
        return _money_text(value, sign)
    if isinstance(value, float):
        return _float_text(value)
    if isinstance(value, _dt.datetime):  # a timestamp keeps its time of day (a night past midnight: real20 F6),
        # 00:00 too when the cell is formatted with a time (break21b F8: it became a night of its own)
        timed = value.time() != _dt.time() or (number_format is not None and "h" in number_format.lower())
        return value.isoformat(" ", "seconds") if timed else value.date().isoformat()
    if isinstance(value, _dt.date):
        return value.isoformat()
    return nfc(str(value))  # one spelling of an accented name (ingest.unicode_text)


def workbook_rows(data: bytes, hidden: list[str] | None = None,
                  charts: list[str] | None = None,
                  formulas: list[tuple[str, str, str]] | None = None,
                  numbers: list[tuple[str, str, str]] | None = None,
                  hidden_rows: list[tuple[str, list[int]]] | None = None) -> list[tuple[str, list[list[str]]]]:
    """:func:`_workbook_rows` of the workbook ``data`` (``hidden_rows`` as
    there); when openpyxl cannot
    read it for a numeric cell whose value is no number it converts (``INF``,
    ``NaN``, 5,000 digits: written by a program, never by a spreadsheet;
    break30 F5: the whole workbook refused at 1:1), each such cell is read as
    the text it holds (:func:`_unreadable_numbers`), so the sheet's reader
    refuses only its row, at it; ``(sheet, cell, text)`` of each is appended
    to ``numbers`` when given."""
    got_hidden: list[str] = []
    got_charts: list[str] = []
    got_formulas: list[tuple[str, str, str]] | None = [] if formulas is not None else None
    got_rows: list[tuple[str, list[int]]] = []
    try:
        out = _workbook_rows(data, got_hidden, got_charts, got_formulas, got_rows)
    except ValueError:
        mended, cells = _unreadable_numbers(data)
        if not cells:
            raise
        got_hidden, got_charts, got_rows = [], [], []
        got_formulas = [] if formulas is not None else None
        out = _workbook_rows(mended, got_hidden, got_charts, got_formulas, got_rows)
        if numbers is not None:
            numbers.extend(cells)
    for mine, theirs in ((got_hidden, hidden), (got_charts, charts), (got_formulas, formulas),
                         (got_rows, hidden_rows)):
        if theirs is not None:
            theirs.extend(mine)
    return out


#: a worksheet's cell element (an optional namespace prefix, its attributes, its content)
_CELL = re.compile(r"<((?:[\w.-]+:)?)c\b([^>]*?)(?:/>|>(.*?)</\1c>)", re.S)
_CELL_TYPE = re.compile(r"""\bt\s*=\s*["']([^"']*)["']""")
_CELL_REF = re.compile(r"""\br\s*=\s*["']([A-Z]+[0-9]+)["']""")
_CELL_VALUE = re.compile(r"<((?:[\w.-]+:)?)v>(.*?)</\1v>", re.S)


def _number_reads(text: str, kind: str) -> bool:
    """Whether openpyxl converts a cell's value ``text`` of type ``kind``
    (``n``, or ``b`` a boolean's 0/1) without raising: as its reader does, a
    float when it holds a point or an exponent, else an int."""
    try:
        if kind == "n" and any(ch in text for ch in ".Ee"):
            float(text)
        else:
            int(text)
    except ValueError:
        return False
    return True


def _unreadable_numbers(data: bytes) -> tuple[bytes, list[tuple[str, str, str]]]:
    """The workbook ``data`` with each numeric (or boolean) cell whose value
    openpyxl cannot convert (``INF``, ``NaN``, a number of more than 4,300
    digits) written as an inline string of that value, and ``(sheet, cell,
    text)`` of each; ``(data, [])`` when there is none or the package cannot
    be read here (openpyxl's own error is then the workbook's)."""
    from xml.etree import ElementTree  # noqa: PLC0415

    found: list[tuple[str, str, str]] = []
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            names = _sheet_names(z)
            parts = {}
            for item in z.infolist():
                if not (item.filename.startswith("xl/worksheets/") and item.filename.endswith(".xml")):
                    continue
                text = z.read(item.filename).decode("utf-8")

                def mend(m: re.Match, _part=item.filename) -> str:
                    prefix, attrs, body = m.group(1), m.group(2), m.group(3) or ""
                    kind = (_CELL_TYPE.search(attrs) or [None, "n"])[1]
                    v = _CELL_VALUE.search(body)
                    if kind not in ("n", "b") or v is None or _number_reads(v.group(2).strip(), kind):
                        return m.group(0)
                    ref = _CELL_REF.search(attrs)
                    found.append((names.get(_part, _part), ref.group(1) if ref else "?",
                                  _unescape(v.group(2).strip())))
                    keep = re.sub(r"""\bt\s*=\s*["'][^"']*["']""", "", attrs)
                    return (f'<{prefix}c{keep} t="inlineStr"><{prefix}is><{prefix}t>{v.group(2).strip()}</{prefix}t>'
                            f'</{prefix}is></{prefix}c>')

                mended = _CELL.sub(mend, text)
                if mended != text:
                    parts[item.filename] = mended.encode("utf-8")
            if not parts:
                return data, []
            out = io.BytesIO()
            with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zout:
                for item in z.infolist():
                    zout.writestr(item, parts.get(item.filename) or z.read(item.filename))
    except (zipfile.BadZipFile, OSError, KeyError, ValueError, UnicodeDecodeError, ElementTree.ParseError):
        return data, []
    return out.getvalue(), found


def _unescape(text: str) -> str:
    """An XML text's entities (``&amp;``) as their characters."""
    from xml.sax.saxutils import unescape  # noqa: PLC0415

    return unescape(text, {"&quot;": '"', "&apos;": "'"})


def _sheet_names(z: zipfile.ZipFile) -> dict[str, str]:
    """Each worksheet part of the package (``xl/worksheets/sheet1.xml``) ->
    its sheet's name, read from ``xl/workbook.xml`` and its relationships."""
    import posixpath  # noqa: PLC0415
    from xml.etree import ElementTree  # noqa: PLC0415

    book = ElementTree.fromstring(z.read("xl/workbook.xml"))
    try:
        rels = ElementTree.fromstring(z.read("xl/_rels/workbook.xml.rels"))
    except KeyError:
        return {}
    target = {r.get("Id"): r.get("Target", "") for r in rels}
    out = {}
    for sheet in book.iter():
        if sheet.tag.endswith("}sheet") or sheet.tag == "sheet":
            rid = next((v for k, v in sheet.attrib.items() if k.endswith("}id")), None)
            t = target.get(rid, "")
            if t:
                out[t.lstrip("/") if t.startswith("/") else posixpath.normpath(posixpath.join("xl", t))] = \
                    sheet.get("name", "")
    return out


def _workbook_rows(data: bytes, hidden: list[str] | None = None,
                   charts: list[str] | None = None,
                   formulas: list[tuple[str, str, str]] | None = None,
                   hidden_rows: list[tuple[str, list[int]]] | None = None) -> list[tuple[str, list[list[str]]]]:
    """``(worksheet name, its rows of cell texts)`` for each visible sheet
    of the workbook ``data``, in the workbook's order; trailing empty rows
    and cells dropped.  A hidden sheet (a template, an old night kept out of
    sight) is left out, its name appended to ``hidden``.  A chart sheet
    (Excel's, or a worksheet of no cells holding a chart, as LibreOffice
    saves one: :func:`_holds_a_chart`) has no rows, its name appended to
    ``charts``.  Raises ``ValueError`` (or ``zipfile.BadZipFile``, a
    ``KeyError`` of a missing part, ``OSError``) for a file openpyxl cannot
    read.  ``formulas``: when given, each cell that holds a formula with no
    value saved with it (a workbook written by a script, never opened and
    saved by a spreadsheet program) is read as its formula (``=-1``), so the
    sheet's reader refuses that cell by its own row and column, and
    ``(sheet, cell, formula)`` is appended (break22 F5: it was read blank,
    and refused as a change of players at column 1).  A hidden row below
    the sheet's first row written (a wrong entry the scorer hid) is read
    blank, as a hidden sheet is left out, the row numbers kept; ``(sheet,
    its hidden rows written, from 1)`` is appended to ``hidden_rows``
    (:func:`_hidden_rows`; sheetx34 F3: the hidden hand was stored and the
    visible correction refused as the same hand again)."""
    from openpyxl import load_workbook  # noqa: PLC0415 - only a workbook pays for the import
    from openpyxl.chartsheet import Chartsheet  # noqa: PLC0415

    unsaved = _unsaved_formulas(data) if formulas is not None else {}
    unseen = _hidden_rows(data)
    wb = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    try:
        out = []
        for ws in (wb[name] for name in wb.sheetnames):
            if ws.sheet_state != "visible":
                if hidden is not None:
                    hidden.append(ws.title)
                continue
            if isinstance(ws, Chartsheet):
                rows = []
            else:
                # a date-time cell's format says whether it has a time of day, midnight too (break21b F8)
                rows = [[cell_text(c.value, getattr(c, "number_format", None)) for c in row] for row in ws.iter_rows()]
                for r, k, formula in unsaved.get(ws.title, ()):
                    if r < len(rows) and k < len(rows[r]) and not rows[r][k]:
                        rows[r][k] = formula
                        formulas.append((ws.title, f"{_column_letter(k + 1)}{r + 1}", formula))
                for row in rows:
                    while row and not row[-1].strip():
                        row.pop()
                while rows and not rows[-1]:
                    rows.pop()
                first = next((k for k, row in enumerate(rows) if any(c.strip() for c in row)), len(rows))
                left = [r for r in unseen.get(ws.title, ()) if first < r - 1 < len(rows)
                        and any(c.strip() for c in rows[r - 1])]
                for r in left:
                    rows[r - 1] = []
                if left and hidden_rows is not None:
                    hidden_rows.append((ws.title, left))
            if not rows and charts is not None and (isinstance(ws, Chartsheet) or _holds_a_chart(data, ws)):
                charts.append(ws.title)
            out.append((ws.title, rows))
        return out
    finally:
        wb.close()


_ROW = re.compile(rb"<(?:[\w.-]+:)?row\b([^>]*)>")
_ROW_NUMBER = re.compile(rb"""\br\s*=\s*["'](\d+)["']""")
_ROW_HIDDEN = re.compile(rb"""\bhidden\s*=\s*["'](?:1|true)["']""")


def _hidden_rows(data: bytes) -> dict[str, list[int]]:
    """Sheet name -> the numbers (from 1) of its hidden rows (``<row
    hidden="1">``, read from the worksheet's XML: openpyxl's read-only
    sheets say nothing of rows); {} when no sheet hides one.  Raises nothing
    for a damaged part (the workbook's reader says that)."""
    out: dict[str, list[int]] = {}
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            parts = [n for n in z.namelist() if n.startswith("xl/worksheets/") and n.endswith(".xml")]
            texts = {n: z.read(n) for n in parts}
            if not any(b"hidden" in t for t in texts.values()):
                return {}
            names = _sheet_names(z)
    except (zipfile.BadZipFile, KeyError, OSError, ValueError, SyntaxError):
        return {}
    for part, text in texts.items():
        if b"hidden" not in text or part not in names:
            continue
        r = 0
        for m in _ROW.finditer(text):
            n = _ROW_NUMBER.search(m.group(1))
            r = int(n.group(1)) if n else r + 1
            if _ROW_HIDDEN.search(m.group(1)):
                out.setdefault(names[part], []).append(r)
    return out


def _unsaved_formulas(data: bytes) -> dict[str, list[tuple[int, int, str]]]:
    """Sheet name -> ``(row index, column index, formula)`` of each cell that
    holds a formula (0-based), read with the formulas (not their values)
    when any worksheet of the workbook has one; {} when none has (the
    workbook is then read once).  The caller keeps those whose saved value
    is missing."""
    from openpyxl import load_workbook  # noqa: PLC0415

    with zipfile.ZipFile(io.BytesIO(data)) as z:
        if not any(b"<f>" in z.read(n) or b"<f " in z.read(n) for n in z.namelist()
                   if n.startswith("xl/worksheets/") and n.endswith(".xml")):
            return {}
    wb = load_workbook(io.BytesIO(data), read_only=True, data_only=False)
    try:
        out: dict[str, list[tuple[int, int, str]]] = {}
        for ws in wb.worksheets:
            for r, row in enumerate(ws.iter_rows()):
                for k, c in enumerate(row):
                    if isinstance(c.value, str) and c.value.startswith("="):
                        out.setdefault(ws.title, []).append((r, k, c.value))
        return out
    finally:
        wb.close()


def _column_number(letters: str) -> int:
    """A column's number (A -> 1, AA -> 27)."""
    k = 0
    for ch in letters:
        k = k * 26 + ord(ch) - 64
    return k


def _column_letter(k: int) -> str:
    """A column's letters (1 -> A, 27 -> AA)."""
    out = ""
    while k:
        k, rem = divmod(k - 1, 26)
        out = chr(65 + rem) + out
    return out


_RELS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/"


def _holds_a_chart(data: bytes, ws) -> bool:
    """True when the worksheet ``ws`` of the workbook ``data`` holds a
    drawing with a chart in it (a chart sheet saved by LibreOffice as a
    worksheet of no cells); read from the package's relationship parts,
    False when they do not say."""
    import posixpath  # noqa: PLC0415
    from xml.etree import ElementTree  # noqa: PLC0415

    part = getattr(ws, "_worksheet_path", None)  # openpyxl's read-only worksheet: its part in the package

    def targets(of: str, kind: str) -> list[str]:
        rels = posixpath.join(posixpath.dirname(of), "_rels", posixpath.basename(of) + ".rels")
        try:
            root = ElementTree.fromstring(z.read(rels))
        except (KeyError, ElementTree.ParseError):
            return []
        return [posixpath.normpath(posixpath.join(posixpath.dirname(of), t)).lstrip("/") for r in root
                if r.get("Type") == _RELS + kind and (t := r.get("Target", ""))]  # "/xl/...": from the package root

    if not part:
        return False
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        return any(targets(drawing, "chart") for drawing in targets(part, "drawing"))


def read_xlsx(data: bytes, name: str, *, columns: str | None = None, rules: str | None = None,
              stored_session=None) -> tuple[FileResult, str]:
    """Read every worksheet of the workbook ``data`` (named ``name``) as a
    score sheet or ledger (:func:`ingest.csv_sheet.read_table`; ``columns``,
    ``rules`` and ``stored_session`` as there, for every sheet): ``(result,
    format)``, one :class:`FileResult` holding every sheet's hands, refused
    hands, sittings and diagnostics, and ``"csv-ledger"`` when only
    ledgers of sitting totals were read, else ``"shn"`` (a score sheet's
    hands are stored as the SHN lines they map to).  Each night's own totals
    (a sheet's grand total, a night's Total row) are checked once stored
    (``night_totals``).
    Never raises on bad input: a file that is no workbook is one
    ``E-FORMAT``."""
    result = FileResult(path=name)
    hidden: list[str] = []
    charts: list[str] = []
    formulas: list[tuple[str, str, str]] = []
    numbers: list[tuple[str, str, str]] = []
    hidden_rows: list[tuple[str, list[int]]] = []
    try:
        tabs = workbook_rows(data, hidden, charts, formulas, numbers, hidden_rows)
    except Exception as exc:  # noqa: BLE001 - openpyxl raises many kinds for a damaged archive
        why = f"{type(exc).__name__}: {exc}"
        try:
            with zipfile.ZipFile(io.BytesIO(data)) as z:
                if "xl/workbook.xml" not in z.namelist():  # another zip: an .ods renamed, a folder zipped
                    why = ("a zip archive without an Excel workbook inside (an OpenDocument .ods or another "
                           "archive under an .xlsx name?)")
        except (zipfile.BadZipFile, OSError, ValueError):
            pass
        result.errors.append(Diagnostic(
            "E-FORMAT", f"this file cannot be read as an Excel workbook ({why})"[:300],
            file=name, line=1, col=1, found=PurePath(name).suffix or "no suffix",
            expected="an .xlsx workbook saved by Excel, LibreOffice or Google Sheets, or its sheets saved as CSV"))
        return result, "shn"
    result.errors.extend(Diagnostic("W-XLSX-SHEET", f"the sheet {tab!r} is hidden: skipped (unhide it in the "
                                    "spreadsheet to import it)", "warning", file=f"{name}[{tab}]", line=1, col=1)
                         for tab in hidden)
    result.errors.extend(Diagnostic(  # a sheet's hidden rows: left out as a hidden sheet is (sheetx34 F3)
        "W-XLSX-HIDDEN", f"the sheet {tab!r} hides {_row_list(rows)}: left out, not read as hands (unhide "
        f"{'them' if len(rows) > 1 else 'it'} in the spreadsheet to have {'them' if len(rows) > 1 else 'it'} read)",
        "warning", file=f"{name}[{tab}]", line=rows[0], col=1, found=_row_list(rows), expected="visible rows")
        for tab, rows in hidden_rows)
    for tab, ref, text in numbers:  # a numeric cell holding no number (INF, NaN): read as its text (break30 F5)
        m = re.fullmatch(r"([A-Z]+)([0-9]+)", ref)
        result.errors.append(Diagnostic(
            "W-XLSX-NUMBER", f"the sheet {tab!r} cell {ref} holds {text!r}, which is no number a spreadsheet saves: "
            "read as that text, so a row that needs a number there is refused at it (a program wrote it: correct the "
            "cell)", "warning", file=f"{name}[{tab}]", line=int(m.group(2)) if m else 1,
            col=_column_number(m.group(1)) if m else 1, found=text, expected="a number"))
    said_at = len(result.errors)  # the formulas' warnings go here once the sheets are read (_formula_notes)
    got: list[tuple[str, CsvResult | None]] = []  # each sheet in the workbook's order; None: empty
    nights: dict[str, list[tuple[frozenset, str]]] = {}  # date -> (players, session) of the sheets read so far
    shaped: set[str] = set()  # the sheets whose header names a hand's fields (score sheets, read or not)
    for tab, rows in tabs:
        bom = next(((r, k) for r, row in enumerate(rows) for k, c in enumerate(row) if BOM in c), None)
        if bom is not None:  # a byte order mark in a cell: nothing, said once a sheet (break27 F5), as in a CSV file
            result.errors.append(bom_note(f"{name}[{tab}]", bom[0] + 1, bom[1] + 1))
            rows = [[c.replace(BOM, "") for c in row] for row in rows]
        if rows and any(f in column_map(sheet_layout(rows[:HEAD_ROWS], None, None, tab).header) for f in HAND_FIELDS):
            shaped.add(tab)
        got.append((tab, read_table(rows, f"{name}[{tab}]", columns=columns, rules=rules,
                                    stored_session=_sessions_of(name, tab, stored_session, nights), tab=tab)
                    if rows else None))
    read = [r for _, r in got if r is not None and r.kind != "unknown"]
    sheets = [r for r in read if r.kind != "ledger"]
    scored = [tab for tab, _ in got if tab in shaped]
    night = _night_option(columns, [])[1]
    if night is not None and len(scored) > 1:  # one date for every night of a season's workbook: refused
        result.errors.append(Diagnostic(
            "E-CSV-COLUMNS", f"--columns: date={night} dates one night, and this workbook holds {len(scored)} score "
            f"sheets ({', '.join(repr(t) for t in scored[:6])}): give each its date (a date column, or the date in "
            "its name or title row), or ingest the sheets one by one; nothing read", file=name, line=1, col=1,
            found=f"date={night}", expected="a date column or a dated sheet name"))
        return result, "shn"
    tops: dict[str, tuple[int, list[int], str]] = {}  # session -> (highest hand, its numbers, the sheet) read so far
    kept: dict[tuple[str, int], str] = {}  # (session, hand) -> the hash of that hand of the sheets read so far
    rows_of = dict(tabs)
    for tab, r in got:
        if r is not None and r.kind not in ("unknown", "ledger"):  # a sheet numbering a stored night from 1 again
            _renumbered(r, tab, rows_of.get(tab) or [], name, columns, tops, kept)
        if r is None:
            result.errors.append(Diagnostic("W-XLSX-SHEET", f"the sheet {tab!r} is a chart sheet: skipped"
                                            if tab in charts else f"the sheet {tab!r} has no cells written: skipped",
                                            "warning", file=f"{name}[{tab}]", line=1, col=1))
        elif r.kind == "unknown" and read and tab not in shaped:  # a summary or rules sheet: said, no error
            # refused for --columns naming columns it has not: the sheet's own header quoted, as without --columns
            # (real30 F5: the warning quoted the option given, "found points=Card Pts,outcome=Won?")
            option = columns is not None and any(d.found == columns for d in r.result.errors)
            own = ", ".join(c for c in sheet_layout((rows_of.get(tab) or [])[:HEAD_ROWS], None, None, tab).header
                            if c.strip() and c != NIGHT_COLUMN) if option else None
            result.errors.extend(Diagnostic(
                "W-XLSX-SHEET", f"the sheet {tab!r} is no score sheet or ledger (its header names no date column, or "
                "no hand's or sitting's fields" + (", nor the columns --columns names" if option else "")
                + "): skipped", "warning", file=d.file, line=d.line, col=d.col,
                found=((own if own is not None and d.found == columns else d.found) or "")[:80])
                if d.severity == "error" else d for d in r.result.errors)
        else:  # read, or (no sheet read) refused: its errors as they are
            result.hands.extend(r.result.hands)
            result.rejected.extend(r.result.rejected)
            result.errors.extend(r.result.errors)
            if r.result.line_files:  # each hand's sheet, for the store's messages (real25 F5)
                result.line_files = {**(result.line_files or {}), **r.result.line_files}
            if r.kind == "ledger":
                result.sittings = [*(result.sittings or []), *r.sittings]
    skipped = {tab for tab, r in got if r is None or r.kind == "unknown" and read and tab not in shaped}
    result.errors[said_at:said_at] = _formula_notes(formulas, got, dict(tabs), name, columns, skipped)
    if not read and not any(d.severity == "error" for d in result.errors):  # every sheet empty
        result.errors.append(Diagnostic("E-CSV-HEADER", "the workbook has no sheet with a header row: nothing read",
                                        file=name, line=1, col=1, expected="a sheet whose first row is a header "
                                        "such as 'date,hand,dealer,picker,...,Al,Bea,Cy'"))
    checks: dict[str, dict[str, int]] = {}  # each night's own totals, of every sheet: checked once stored
    for r in sheets:
        checks.update(r.result.night_totals or {})
        names = {h.outcome.session for h in r.result.hands} | {x.session for x in r.result.rejected}
        if r.result.log_totals is not None and len(names) == 1:  # a sheet of one night under its grand total
            checks[next(iter(names))] = r.result.log_totals
        checks.update(r.result.stated_totals or {})  # its wrong Total row, as written (fixf27, real27 F2)
    result.night_totals = checks or None
    return result, "csv-ledger" if read and not sheets else "shn"


def _formula_notes(formulas: list[tuple[str, str, str]], got: list[tuple[str, CsvResult | None]],
                   rows_of: dict[str, list[list[str]]], name: str, columns: str | None,
                   skipped: set[str] = frozenset()) -> list[Diagnostic]:
    """One ``W-XLSX-FORMULA`` a sheet whose formulas have no value saved with them (``formulas``: (sheet, cell,
    formula)), saying what it did to the read (sheet32 F7: it said "their rows are refused at those cells" when
    every such cell was in a running-total column not read, and all the hands were stored): the cells in columns
    that are read (a player's units, a field of the hand, under the header) have no value to read, so their rows
    are refused at them; the others (a running total, a check, the title) change nothing.  ``got``: each sheet as
    read (None: empty); ``rows_of``: its cells; ``skipped``: the sheets not read (a summary: W-XLSX-SHEET)."""
    read_of = dict(got)
    out = []
    for tab in dict.fromkeys(t for t, _, _ in formulas):
        cells = [(c, f) for t, c, f in formulas if t == tab]
        listed = ", ".join(f"{c} {f!r}" for c, f in cells[:4]) + (", ..." if len(cells) > 4 else "")
        r = read_of.get(tab)
        used: list[str] | None = None  # the cells in columns read, below the header; None: not known
        if r is not None and r.kind not in ("unknown",):
            try:
                layout = sheet_layout((rows_of.get(tab) or [])[:HEAD_ROWS], columns, f"{name}[{tab}]", tab)
                heads = set(r.players) | {v for k, v in r.columns.items() if not k.startswith("ignore:")}
                used = []
                for c, _f in cells:
                    m = re.fullmatch(r"([A-Z]+)([0-9]+)", c)
                    k = _column_number(m.group(1)) - 1 if m else -1
                    if m and int(m.group(2)) > layout.header_row and 0 <= k < len(layout.header) \
                            and layout.header[k] in heads:
                        used.append(c)
            except ValueError:
                used = None
        if tab in skipped:
            what = "the sheet is not read (no score sheet or ledger), so nothing is refused for them"
        elif used == []:
            what = ("none of them is in a column that is read (a running total, a check or a title: not read), so "
                    "nothing is refused for them; to keep the workbook's own values, open it in Excel or "
                    "LibreOffice and save it")
        elif used:
            what = (f"those in columns that are read ({', '.join(used[:4])}{', ...' if len(used) > 4 else ''}) have no "
                    "value to read, so their rows are refused at them; open the workbook in Excel or LibreOffice and "
                    "save it")
        else:
            what = ("so a row that needs such a cell is refused at it; open the workbook in Excel or LibreOffice "
                    "and save it")
        out.append(Diagnostic(
            "W-XLSX-FORMULA", f"the sheet {tab!r} holds formulas with no value saved with them ({listed}): shead "
            f"reads the values a spreadsheet program saved: {what}", "warning", file=f"{name}[{tab}]", line=1,
            col=1, found=cells[0][1], expected="a value saved with the formula"))
    return out


def _renumbered(r: CsvResult, tab: str, rows: list[list[str]], name: str, columns: str | None,
                tops: dict[str, tuple[int, list[int], str]], kept: dict[tuple[str, int], str]) -> None:
    """Refuse the rows of sheet ``tab`` (read as ``r``) of a night an
    earlier sheet of the workbook holds (the same date and players:
    :func:`_sessions_of` gives them its session) when they number its hands
    from at or below that sheet's highest again: each ``E-CSV-HAND-ORDER`` at
    ``FILE[TAB]:row:column`` of its Hand cell, as a CSV sheet's second block
    numbered from 1 under the same date is, and none of them stored; the
    message says when the sheet's name is another day than its Date cells
    (real25 F2: a tab "Dec 15" copied from "Dec 8", its Date cells still
    2026-12-08, was stored as one session numbered 1,1,2,2,3,3,4, no
    warning).  A sheet whose hands at or below that highest are each the
    earlier sheet's of their number cell for cell (a copied sheet, a last
    row carried over) is no other night: those are duplicates (said by a
    ``W-XLSX-SHEET`` at each, counted by the store) and its new hands are
    stored (break25 F8).  ``kept``: (session, hand) -> the hash of the
    sheets' hands read before.  ``tops``: session -> (highest hand, its numbers, the sheet)
    of the sheets read before; this sheet's are added to it.  A night over
    two sheets numbered on (hands 1-10, then 11-20) is one session, as
    before."""
    from .csv_cells import date_in_text, day_in_text, row_words  # noqa: PLC0415
    from .model import RejectedHand  # noqa: PLC0415

    res = r.result
    numbers: dict[str, list[int]] = {}
    for h in res.hands:
        numbers.setdefault(h.outcome.session, []).append(h.outcome.hand)
    for x in res.rejected:
        if x.session is not None and x.hand is not None:
            numbers.setdefault(x.session, []).append(x.hand)
    col = 1
    # a hand the same, cell for cell, as an earlier sheet's of its number (a copied sheet, or the last row of the
    # sheet before carried over): a duplicate, counted as one by the store (the same hash), said here; when every
    # hand of the sheet at or below the night's highest is one, its new hands are the night going on (break25 F8:
    # refused as another night, the new hand lost)
    same = {s: [h for h in res.hands if h.outcome.session == s and h.hash == kept.get((s, h.outcome.hand))]
            for s in numbers if s in tops}
    for s in list(same):
        if not same[s] or any(n <= tops[s][0] and n not in {h.outcome.hand for h in same[s]} for n in numbers[s]):
            same.pop(s)  # none, or another hand under a number held: another night, as before
    bad = [s for s, ns in numbers.items() if s in tops and min(ns) <= tops[s][0] and s not in same]
    if bad or same:
        try:  # the Hand column, where the sheet has one (its cells counted otherwise: column 1)
            layout = sheet_layout(rows[:HEAD_ROWS], columns, f"{name}[{tab}]", tab)
            cell = column_map(layout.header, layout.columns).get("hand")
            col = layout.header.index(cell) + 1 if cell in layout.header else 1
        except ValueError:
            pass
    for session in bad:
        top, had, prev = tops[session]
        day = next((h.outcome.date for h in res.hands if h.outcome.session == session and h.outcome.date), None)
        named = date_in_text(tab)[0] or (day_in_text(tab, day[:4])[0] if day else None)
        said = (f"the sheet is named {tab!r} ({named}) but its Date cells say {day}, the night of the sheet "
                f"{prev!r}: if it is the night of {named}, write that date in its Date cells (a sheet copied from the "
                "night before keeps its dates)"
                if named and day and named != day else
                "if it is another night, write that night's date in its Date cells")
        mine = sorted(n for n in numbers[session])
        refused = []
        for h in [h for h in res.hands if h.outcome.session == session]:
            o = h.outcome
            how = f"hand {o.hand} again" if o.hand in had else f"hand {o.hand}, of hands numbered from {mine[0]} again"
            d = Diagnostic(
                "E-CSV-HAND-ORDER", f"row {row_words(h.source_line)}: {how}: the sheet {prev!r} holds this night's "
                f"hands ({_number_list(had)}, {day or 'its date'}, the same players) and this sheet numbers them from "
                f"{mine[0]} again; a night's hand numbers are unique and increasing, each naming one hand (shead "
                f"replay, void, history), so none of this sheet's {len(mine)} rows of that night is stored: {said}; "
                f"if it is the same night going on, number its hands after {top}",
                "error", h.source_file, h.source_line, col, o.hand, found=str(o.hand), expected=f"> {top}")
            refused.append(RejectedHand(session, o.hand, h.source, h.source_file, h.source_line, [d], h.hash))
        res.hands = [h for h in res.hands if h.outcome.session != session]
        res.rejected = sorted([*res.rejected, *refused], key=lambda x: x.source_line or 0)
        numbers.pop(session)
    for session, hands in same.items():
        prev = tops[session][2]
        for h in hands:
            res.errors.append(Diagnostic(
                "W-XLSX-SHEET", f"row {row_words(h.source_line)}: hand {h.outcome.hand} is the same, cell for cell, as "
                f"hand {h.outcome.hand} of the sheet {prev!r} (a copied sheet, or its last row carried over): a "
                "duplicate, not stored twice", "warning", file=h.source_file, line=h.source_line, col=col,
                hand=h.outcome.hand, found=str(h.outcome.hand)))
    for session, ns in numbers.items():
        top, had, prev = tops.get(session, (0, [], tab))
        tops[session] = (max(top, *ns), had + [n for n in ns if n not in had], tab if not had else prev)
    for h in res.hands:
        kept.setdefault((h.outcome.session, h.outcome.hand), h.hash)


def _row_list(rows: list[int]) -> str:
    """``row 3``, ``rows 3, 7 and 9`` (at most 12 named, then how many more)."""
    if len(rows) == 1:
        return f"row {rows[0]}"
    if len(rows) > 12:
        return f"rows {', '.join(str(r) for r in rows[:12])} and {len(rows) - 12} more"
    return f"rows {', '.join(str(r) for r in rows[:-1])} and {rows[-1]}"


def _number_list(numbers: list[int]) -> str:
    """``1-3``, ``1, 3-5``: hand numbers as runs."""
    out, run = [], []
    for n in sorted(set(numbers)):
        if run and n == run[-1] + 1:
            run.append(n)
        else:
            if run:
                out.append(f"{run[0]}-{run[-1]}" if len(run) > 1 else str(run[0]))
            run = [n]
    if run:
        out.append(f"{run[0]}-{run[-1]}" if len(run) > 1 else str(run[0]))
    return ", ".join(out)


def _sessions_of(name: str, tab: str, stored_session, nights: dict[str, list[tuple[frozenset, str]]]):
    """The session of a sheet's night (``(date, players) -> name``, as
    :func:`ingest.csv_sheet.sheet_records` asks it): the stored one, by
    meaning (``stored_session``), else the one an earlier sheet of the
    workbook gave the same date and players (a night over two sheets), else
    ``CSV <workbook> <date>``, or ``CSV <workbook> <sheet> <date>`` when an
    earlier sheet has that date with other players (two tables the same
    night are two sessions, as two CSV files are)."""
    stem = PurePath(name).stem

    def session(date: str, players: tuple[str, ...]) -> str:
        got = stored_session(date, players) if stored_session is not None else None
        if got:
            return got
        known = nights.setdefault(date, [])
        who = frozenset(players)
        for ps, session_name in known:
            if ps == who:
                return session_name
        session_name = f"CSV {stem} {date}" if not known else f"CSV {stem} {tab} {date}"
        known.append((who, session_name))
        return session_name

    for ask in ("named", "like", "on", "prior"):  # the stored night a sheet continues (newuser30)
        if hasattr(stored_session, ask):
            setattr(session, ask, getattr(stored_session, ask))
    return session


def sheet_kinds(data: bytes, columns: str | None = None, name: str | None = None) -> list[tuple[str, str]]:
    """``(worksheet name, how it reads)`` for the Import page's preview:
    ``"per-hand score sheet"``, ``"ledger of sitting totals"``,
    ``"skipped (a chart sheet)"`` or ``"skipped"`` (no header that reads,
    or no date for its night: the import says why).  ``name``: the workbook's file name, a place for the
    nights' dates.  Raises as :func:`workbook_rows`."""
    out = []
    charts: list[str] = []
    for tab, rows in workbook_rows(data, charts=charts):
        if tab in charts:
            out.append((tab, "skipped (a chart sheet)"))
            continue
        try:
            layout = sheet_layout(rows[:HEAD_ROWS], columns, f"{name}[{tab}]" if name else None, tab)
            cols = column_map(layout.header, layout.columns)
        except ValueError:
            out.append((tab, "skipped"))
            continue
        hands = any(f in cols for f in HAND_FIELDS)
        if "date" in cols:
            kind = "per-hand score sheet" if hands else "ledger of sitting totals"
        else:
            kind = "per-hand score sheet without a date (refused: the import says why)" if hands else "skipped"
        out.append((tab, kind))
    return out
