"""break33 findings on input files: F4 (a UTF-8 protocol cut mid-character), F6 (a CSV cell over the csv
module's field limit), F7 (NUL bytes after a CSV's last row), F8 (a blank Picker cell), F9/F10 (UTF-16).

The records are rebuilt here from the shipped data (tests must not read /tmp)."""

from __future__ import annotations

import re
from pathlib import Path

from ingest.netschafkopf import decode_protocol, read_protocol
from ingest.protocol_stream import protocol_encoding, read_protocol_stream
from tests.cli_helpers import cli, ingest_json

ROOT = Path(__file__).resolve().parents[1]
BASE = ROOT / "data" / "netschafkopf" / "baseline__Schafkopfprotokoll_vom_05.10.23_01.txt"
SEATS = ["PcLinks", "PcOben", "PcRechts", "Gast"]


# --------------------------------------------------------------------------------------------------------------
# F4: the shipped protocol saved as UTF-8 and cut inside game 52 after the first byte of the 'ü' of "Grün"
# (break33's n/nsk_utf8_cut_mid.txt, 41,344 bytes: the same bytes).
# --------------------------------------------------------------------------------------------------------------

def _cut_mid() -> bytes:
    utf8 = BASE.read_bytes().decode("cp1252").encode("utf-8")
    gebers = [m.start() for m in re.finditer(rb"Geber:", utf8)]
    g52 = gebers[51]
    at = utf8.index("Grün".encode("utf-8"), g52) + 3  # 'G' 'r' and the first byte (0xC3) of 'ü'
    assert utf8[at - 1] == 0xC3 and at == 41344 and at < gebers[52]
    return utf8[:at]


def test_f4_a_cut_utf8_protocol_is_read_as_utf8():
    text, enc = decode_protocol(_cut_mid())
    assert enc == "utf-8"
    assert "Grün" in text and "GrÃ" not in text and "\ufffd" not in text
    assert text.endswith("PcOben spielt Mit der Gr")  # the incomplete character left out


def test_f4_the_complete_games_are_stored_and_the_cut_game_refused(tmp_path):
    """Games 1-51 are complete and valid (the whole UTF-8 file reads clean): 51 stored; game 52 (its 'Geber:'
    line is line 1014, its announcement the file's last line, 1019) is refused as cut short, no W-NSK-ENCODING.

    Game 2 by hand (rules.md G-6, G-12..G-16; the protocol's tariff, 'Das Rufspiel kostet 2 Punkte', G-16's
    "tariff = data"): PcLinks plays the Sauspiel on the Grün-Ass (Gras-Sau), PcRechts holds it.  The opponents
    have 45 Augen, so the declarers have 120 - 45 = 75 >= 61: won (G-12); 75 < 91 and 45 > 30: no schneider.
    Laufende (G-13): the declarers hold the Eichel-Ober (PcLinks) but not the Gras-Ober (Gast): a run of 1,
    under the minimum of 3: none count.  Value = base 2 (G-14).  Settlement G-15, each loser pays one winner:
    PcLinks +2, PcRechts +2, PcOben -2, Gast -2 (sum 0).  The protocol's table agrees (+2 -> +4 for PcLinks)."""
    data = _cut_mid()
    res = read_protocol(data, "cut.txt")
    assert len(res.hands) == 51 and [h.outcome.hand for h in res.hands] == list(range(1, 52))
    (bad,) = res.rejected
    assert bad.hand == 52 and bad.source_line == 1014
    assert bad.errors[0].code == "E-NSK-TRUNCATED" and bad.errors[0].line == 1019, bad.errors
    assert not [d for d in res.errors if d.code == "W-NSK-ENCODING"], res.errors
    g2 = res.hands[1].outcome
    assert (g2.sk_game or g2.game_type, g2.picker, g2.partner, g2.picker_points) == ("sauspiel", "PcLinks",
                                                                                     "PcRechts", 75)
    units = {g2.players[s]: u for s, u in g2.units.items()} if set(g2.units) - set(SEATS) else g2.units
    assert units == {"PcLinks": 2, "PcRechts": 2, "PcOben": -2, "Gast": -2} and sum(units.values()) == 0
    # through shead ingest: the counts a person reads
    p = tmp_path / "nsk_utf8_cut_mid.txt"
    p.write_bytes(data)
    rep = ingest_json(str(p), tmp_path / "a.duckdb")
    assert (rep["ingested"], len(rep["rejected"])) == (51, 1), rep
    assert "W-NSK-ENCODING" not in str(rep)


def test_f4_the_streamed_reader_reads_the_cut_file_alike(tmp_path):
    p = tmp_path / "cut.txt"
    p.write_bytes(_cut_mid())
    assert protocol_encoding(p, block=7) == "utf-8"
    whole = read_protocol(p.read_bytes(), str(p))
    streamed = read_protocol_stream(p, str(p), batch=10, block=64)
    assert [h.hash for h in streamed.hands] == [h.hash for h in whole.hands] and len(whole.hands) == 51
    assert [(x.hand, x.source_line, x.errors) for x in streamed.rejected] == \
        [(x.hand, x.source_line, x.errors) for x in whole.rejected]


# --------------------------------------------------------------------------------------------------------------
# F6: a Notes cell of 200,000 characters (over the csv module's default limit of 131,072) on hand 3's row
# (break33's c/c6_5mb_cell.csv held 5 MB there).
# --------------------------------------------------------------------------------------------------------------

SHEET_HEAD = "Date,Hand,Dealer,Picker,Partner,Call,Points,Outcome,Ann,Ben,Cal,Dot,Eve,Notes\n"
SHEET_ROWS = ["2026-11-16,1,Ann,Ben,Dot,AS,72,won,-1,2,-1,1,-1,\n",
              "2026-11-16,2,Ben,Cal,Eve,AH,40,lost,2,2,-4,2,-2,\n",
              "2026-11-16,3,Cal,Dot,,alone,95,won,-2,-2,-2,8,-2,{note}\n",
              "2026-11-16,4,Dot,Eve,Ann,AC,25,lost,-4,4,4,4,-8,\n",
              "2026-11-16,5,Eve,Ann,Cal,AS,61,won,2,-1,1,-1,-1,\n",
              "2026-11-16,6,Ann,Ben,Cal,AH,60,lost,2,-4,-2,2,2,\n"]
# By hand (rules.md B-27, B-28, B-31..B-33; DOB on by default, B-32):
#   1 Ben+Dot 72: win x1           Ben +2, Dot +1, Ann/Cal/Eve -1
#   2 Cal+Eve 40: loss x1, DOB     Cal -4, Eve -2, Ann/Ben/Dot +2
#   3 Dot alone 95: schneider x2   Dot +8, each of 4 -2
#   4 Eve+Ann 25: schneidered x2, DOB  Eve -8, Ann -4, Ben/Cal/Dot +4
#   5 Ann+Cal 61: win x1           Ann +2, Cal +1, Ben/Dot/Eve -1
#   6 Ben+Cal 60: loss (60-60 loses, B-27), DOB  Ben -4, Cal -2, Ann/Dot/Eve +2
# Totals: Ann -1+2-2-4+2+2 = -1; Ben 2+2-2+4-1-4 = +1; Cal -1-4-2+4+1-2 = -4; Dot 1+2+8+4-1+2 = +16;
#         Eve -1-2-2-8-1+2 = -12; sum 0.
SHEET_TOTALS = {"Ann": -1, "Ben": 1, "Cal": -4, "Dot": 16, "Eve": -12}


def _big_cell_sheet(tmp_path, size: int = 200_000) -> str:
    p = tmp_path / "c6_big_cell.csv"
    p.write_text(SHEET_HEAD + "".join(SHEET_ROWS).replace("{note}", "x" * size), encoding="utf-8")
    return str(p)


def test_f6_a_cell_over_the_csv_modules_limit_loses_no_row(tmp_path):
    from tests.cli_helpers import ledger

    db = tmp_path / "a.duckdb"
    rep = ingest_json(_big_cell_sheet(tmp_path), db)
    assert (rep["ingested"], rep["rejected"]) == (6, []), rep
    assert "E-CSV-SYNTAX" not in str(rep)
    assert ledger(db) == SHEET_TOTALS and sum(SHEET_TOTALS.values()) == 0
    out = cli("sheet", "2026-11-16", "--db", str(db)).output
    assert "6 hands" in out, out


def test_f6_a_streamed_sheet_with_a_big_cell_loses_no_row(tmp_path, monkeypatch):
    """The same sheet read in batches (over SHEAD_STREAM_ABOVE bytes, here 4,096)."""
    from tests.cli_helpers import ledger

    monkeypatch.setenv("SHEAD_STREAM_ABOVE", "4096")
    db = tmp_path / "a.duckdb"
    rep = ingest_json(_big_cell_sheet(tmp_path), db)
    assert (rep["ingested"], rep["rejected"]) == (6, []), rep
    assert ledger(db) == SHEET_TOTALS


# --------------------------------------------------------------------------------------------------------------
# F7: a good sheet followed by 1,000 NUL bytes (a crashed save; break33's c/c5b_good_nul.csv): the six rows are
# the F6 sheet's without its Notes column, worked by hand above (SHEET_TOTALS).
# --------------------------------------------------------------------------------------------------------------

def _nul_tail_sheet() -> bytes:
    head = SHEET_HEAD.replace(",Notes", "")
    rows = [r.replace(",{note}", "").replace(",\n", "\n").replace("2026-11-16", "2026-11-13") for r in SHEET_ROWS]
    return (head + "".join(rows)).encode() + b"\x00" * 1000


def test_f7_nuls_after_the_last_row_leave_the_rows_read_and_said_where(tmp_path):
    from tests.cli_helpers import ledger

    data = _nul_tail_sheet()
    assert data.count(b"\n") == 7  # header (line 1), rows on lines 2-7, the NULs from line 8, column 1
    p = tmp_path / "c5b_good_nul.csv"
    p.write_bytes(data)
    db = tmp_path / "a.duckdb"
    rep = ingest_json(str(p), db)
    assert (rep["ingested"], rep["rejected"]) == (6, []), rep
    assert ledger(db) == SHEET_TOTALS
    (w,) = [d for d in rep["warnings"] if d["code"] == "W-NUL"]
    assert (w["line"], w["col"]) == (8, 1) and "1,000" in w["message"], w
    assert "E-FORMAT" not in str(rep)


def test_f7_the_import_preview_and_the_import_agree(tmp_path):
    from dashboard.pages.import_files import csv_preview, ingest_upload
    from ingest.store import Store

    data = _nul_tail_sheet()
    kind, _cols, first = csv_preview("c5b_good_nul.csv", data)
    assert kind == "per-hand score sheet" and len(first) == 5
    with Store(tmp_path / "a.duckdb") as store:
        report = ingest_upload(store, "c5b_good_nul.csv", data, False)
    assert report.stored == 6 and not [d for d in report.file_errors if d.severity == "error"], report
    assert [(d.code, d.line, d.col) for d in report.file_errors] == [("W-NUL", 8, 1)]


# --------------------------------------------------------------------------------------------------------------
# F8: row 4 (hand 3) with a blank Picker cell (break33's c/c11_blank_picker.csv): the F7 sheet's rows, dated
# 2026-11-27, hand 3's Picker left out.
# --------------------------------------------------------------------------------------------------------------

def _blank_picker_sheet(tmp_path) -> str:
    head = SHEET_HEAD.replace(",Notes", "")
    rows = [r.replace(",{note}", "").replace(",\n", "\n").replace("2026-11-16", "2026-11-27") for r in SHEET_ROWS]
    rows[2] = rows[2].replace(",Cal,Dot,,alone,", ",Cal,,,alone,")
    p = tmp_path / "c11_blank_picker.csv"
    p.write_text(head + "".join(rows), encoding="utf-8")
    return str(p)


def test_f8_a_blank_picker_is_refused_at_the_picker_column_and_the_sheet_shows_hand_3(tmp_path):
    """Hand 3 refused (its row says nothing of who played): the other five stored.  By hand, SHEET_TOTALS less
    hand 3 (Ann/Ben/Cal/Eve -2, Dot +8): Ann -1+2 = +1, Ben 1+2 = +3, Cal -4+2 = -2, Dot 16-8 = +8,
    Eve -12+2 = -10 (sum 0)."""
    from tests.cli_helpers import ledger, refused_at

    db = tmp_path / "a.duckdb"
    rep = ingest_json(_blank_picker_sheet(tmp_path), db)
    assert rep["ingested"] == 5
    assert refused_at(rep) == [(4, 4, "E-CSV-HAND", 3)]  # line 4, column 4: the Picker cell
    assert ledger(db) == {"Ann": 1, "Ben": 3, "Cal": -2, "Dot": 8, "Eve": -10}
    out = cli("sheet", "2026-11-27", "--db", str(db)).output
    assert "hand 3 refused, not stored: E-CSV-HAND at" in out and ":4:4:" in out, out
    assert "a hand with no number read" not in out, out
    # the refused hand has its place on the sheet, between hands 2 and 4
    rows = [ln.split()[0] for ln in out.splitlines() if ln.strip() and ln.split()[0].isdigit()]
    assert rows == ["1", "2", "3", "4", "5", "6"], out


def test_f8_a_hand_cell_that_is_no_number_is_still_said_by_its_place(tmp_path):
    """The Sheet's 'a hand with no number read' stays for a Hand cell that did not read (break22 F8)."""
    db = tmp_path / "a.duckdb"
    p = Path(_blank_picker_sheet(tmp_path))
    p.write_text(p.read_text().replace("2026-11-27,3,Cal,,,", "2026-11-27,x,Cal,Dot,,"), encoding="utf-8")
    rep = ingest_json(str(p), db)
    assert rep["ingested"] == 5 and [(e["line"], e["col"], e["code"]) for e in rep["rejected"]] == \
        [(4, 2, "E-CSV-HAND")]
    out = cli("sheet", "2026-11-27", "--db", str(db)).output
    assert "a hand with no number read refused" in out, out


# --------------------------------------------------------------------------------------------------------------
# F10: an SHN file saved as UTF-16 on standard input; F9: --amend with a UTF-16 file or a file of NULs.
# --------------------------------------------------------------------------------------------------------------

NIGHT = """%SHN 1.0
[Session "b33-night"]
[Date "2026.11.20"]
[Seats "A=Ann; B=Ben; C=Cal; D=Dot; E=Eve"]
[Rules "wi5-called-ace"]

hand 1  dealer A
pick B  call AS  partner D  pts 72  win

hand 2  dealer B
pick C  call AH  partner E  pts 40  lose
"""
UTF16_SAID = ("E-ENCODING", 1, 1)


def _utf16(text: str) -> bytes:
    return text.encode("utf-16")  # with its BOM, as Notepad's "Unicode"


def test_f10_utf16_on_standard_input_is_said_as_utf16(tmp_path):
    from typer.testing import CliRunner

    from ingest.cli import app

    db = tmp_path / "a.duckdb"
    by_path = tmp_path / "t4_utf16_bom.shn"
    by_path.write_bytes(_utf16(NIGHT))
    r_path = CliRunner().invoke(app, ["ingest", str(by_path), "--db", str(db)])
    r_in = CliRunner().invoke(app, ["ingest", "-", "--db", str(db)], input=_utf16(NIGHT))
    assert "E-ENCODING: the file is UTF-16 text" in r_path.output
    assert "E-ENCODING: the file is UTF-16 text; SHN files are UTF-8" in r_in.output, r_in.output
    assert "binary" not in r_in.output and "gunzip" not in r_in.output, r_in.output


def _amend(db, path):
    from typer.testing import CliRunner

    from ingest.cli import app

    return CliRunner().invoke(app, ["ingest", "--amend", str(path), "--reason", "typo", "--db", str(db), "--json"])


def test_f9_amend_with_utf16_or_nuls_is_the_one_error_of_plain_ingest(tmp_path):
    db = tmp_path / "a.duckdb"
    good = tmp_path / "am0_good.shn"
    good.write_text(NIGHT, encoding="utf-8")
    cli("ingest", str(good), "--db", str(db))
    for fname, data, code in (("am2_utf16.shn", _utf16(NIGHT.replace("pts 72", "pts 73")), "E-ENCODING"),
                              ("am3_nul.shn", b"\x00" * 100, "E-FORMAT")):
        p = tmp_path / fname
        p.write_bytes(data)
        plain = ingest_json(str(p), tmp_path / "fresh.duckdb")
        (said,) = plain["rejected"]
        assert (said["code"], said["line"], said["col"]) == (code, 1, 1), plain
        r = _amend(db, p)
        assert r.exit_code == 1
        (line,) = [x for x in r.output.splitlines() if x.startswith("{")]
        entries = __import__("json").loads(line)["rejected"]
        assert [(e["code"], e["line"], e["col"], e["message"]) for e in entries] == \
            [(code, 1, 1, said["message"])], r.output


def test_f8_a_merged_picker_cell_of_a_workbook_is_refused_at_its_picker_column(tmp_path):
    """break33's x/w8_merged_picker.xlsx: Picker D3:D4 merged ('Cal' over hands 2 and 3).  A merged cell's
    covered part reads empty (ingest/xlsx_sheet.py; a merged date is no exception: a blank date is the night of
    the row above in any sheet), so hand 3 is refused, at its Picker cell D4 (column 4), the others stored."""
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Night"
    ws.append(SHEET_HEAD.replace(",Notes\n", "").split(","))
    for r in SHEET_ROWS:
        cells = r.replace(",{note}", "").replace(",\n", "").split(",")
        ws.append([c if k not in (1, 6) and k < 8 else int(c) if c.lstrip("-").isdigit() else c
                   for k, c in enumerate(cells)])
    ws["D4"] = None
    ws.merge_cells("D3:D4")
    p = tmp_path / "w8_merged_picker.xlsx"
    wb.save(p)
    rep = ingest_json(str(p), tmp_path / "a.duckdb")
    assert rep["ingested"] == 5
    assert [(e["file"].endswith("[Night]"), e["line"], e["col"], e["code"], e["hand"]) for e in rep["rejected"]] == \
        [(True, 4, 4, "E-CSV-HAND", 3)], rep
