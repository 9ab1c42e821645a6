"""Edited copies of a real NetSchafkopf protocol (tester findings, session 11).

The worked file is the shipped protocol baseline 05.10.23 01 (99 games,
CRLF, CP1252).  Its rows read, by hand:

* game 1 (lines 4-22, its row line 22): PcOben's Rufspiel lost, price 2; row ``1 2 +2 -2 +2 -2``;
* game 2 (lines 24-42, its row line 42): PcLinks with PcRechts win, price 2; row
  ``2 2 +4 -4 +4 -4``, so game 2 moves PcLinks +2, PcOben -2, PcRechts +2,
  Gast -2;
* game 3 (lines 44-63, its row line 63): Gast with PcOben win with Schneider and 3 Laufende
  ("Das Rufspiel kostet 2 Punkte. Mit Schneider 3 Punkte. Mit 3 Laufenden
  6 Punkte.", lines 60-61: 2 + 1 + 3 x 1 = 6, rules.md G-20); row
  ``3 6 -2 +2 -2 +2``: PcLinks -6, PcOben +6, PcRechts -6, Gast +6;
* game 99's row, the last line of the table: ``-85 +33 +25 +27``.

Each test edits that text the way a user's editor or a copy would and checks
what the reader makes of it.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from ingest import store as st
from ingest.netschafkopf import decode_protocol, looks_like_protocol, read_protocol, utf16_codec
from ingest.pipeline import load_bytes, load_file, store_result
from ingest.protocol_stream import ingest_protocol_stream, protocol_encoding, read_protocol_stream

DATA = Path(__file__).resolve().parent.parent / "data" / "netschafkopf"
FIRST = DATA / "baseline__Schafkopfprotokoll_vom_05.10.23_01.txt"
NAME = "Schafkopfprotokoll_01.txt"
SEATS = ["PcLinks", "PcOben", "PcRechts", "Gast"]
LAST_ROW = {"PcLinks": -85, "PcOben": 33, "PcRechts": 25, "Gast": 27}


def text() -> str:
    return FIRST.read_bytes().decode("cp1252")


def lines() -> list[str]:
    return text().split("\r\n")


def units(res, hand: int) -> dict[str, int]:
    (h,) = [h for h in res.hands if h.outcome.hand == hand]
    return dict(h.outcome.units)


def totals(res) -> dict[str, int]:
    out = dict.fromkeys(SEATS, 0)
    for h in res.hands:
        for s, u in h.outcome.units.items():
            out[s] += u
    return out


# -- 9: a protocol saved as UTF-16 ------------------------------------------------



def _original_then_copy(db, original, copy, streamed: bool):
    """Store the original protocol (its 99 games), then the copy, whole-file or streamed in batches of 7; the
    copy's report."""
    with st.Store(db) as store:
        res, fmt = load_file(original, store)
        assert store_result(store, res, fmt, False).stored == 99
        if streamed:
            rep, _ = ingest_protocol_stream(store, copy, batch=7)
        else:
            res, fmt = load_file(copy, store)
            rep = store_result(store, res, fmt, False)
    return rep

def test_utf16_protocol_is_read(tmp_path):
    """Notepad's "Unicode" (UTF-16 LE with a BOM), and UTF-16 LE and BE
    without a BOM: the same 99 games as the CP1252 original, their units
    summing to the last row, ``Grün`` read as written."""
    t = text()
    for enc, codec in (("utf-16", "utf-16"), ("utf-16-le", "utf-16-le"), ("utf-16-be", "utf-16-be")):
        data = t.encode(enc)
        assert utf16_codec(data[:4096]) == codec
        assert looks_like_protocol(data[:4096])
        assert decode_protocol(data) == (t, codec)
        res, fmt = load_bytes(NAME, data)
        assert fmt == "netschafkopf"
        assert (len(res.hands), len(res.rejected), res.errors) == (99, 0, [])
        assert units(res, 2) == {"PcLinks": 2, "PcOben": -2, "PcRechts": 2, "Gast": -2}
        assert units(res, 3) == {"PcLinks": -6, "PcOben": 6, "PcRechts": -6, "Gast": 6}
        assert totals(res) == LAST_ROW == res.log_totals
        assert "PcLinks spielt Mit der Grün-Ass" in res.hands[1].source
        # the streaming reader: read blocks of 7 bytes cut the two-byte characters
        p = tmp_path / f"{enc}.txt"
        p.write_bytes(data)
        assert protocol_encoding(p) == codec
        streamed = read_protocol_stream(p, NAME, batch=10, block=7)
        assert [h.hash for h in streamed.hands] == [h.hash for h in res.hands]
        assert streamed.errors == [] and streamed.log_totals == LAST_ROW


LATIN_TEXT = hs.text(alphabet=hs.characters(min_codepoint=0x20, max_codepoint=0xFF, blacklist_categories=("Cc",)),
                    min_size=8, max_size=3000)


@settings(max_examples=200, deadline=None)
@given(LATIN_TEXT)
def test_latin_text_is_utf16_exactly_when_saved_as_utf16(t):
    """Any text of Latin-1 characters (what a protocol holds) saved as UTF-16
    with a BOM, LE or BE without one is found as such and decoded back; the
    same text as UTF-8 or Latin-1 bytes (no NUL) never is."""
    for enc in ("utf-16", "utf-16-le", "utf-16-be"):
        data = t.encode(enc)
        assert utf16_codec(data[:4096]) == enc
        assert decode_protocol(data) == (t, enc)
    assert utf16_codec(t.encode("utf-8")[:4096]) is None
    if not t.startswith(("\u00ff\u00fe", "\u00fe\u00ff")):  # Latin-1 'ÿþ' / 'þÿ' ARE the bytes of a UTF-16 BOM
        assert utf16_codec(t.encode("latin-1")[:4096]) is None


def test_utf8_and_cp1252_are_not_taken_for_utf16():
    t = text()
    assert utf16_codec(t.encode("cp1252")[:4096]) is None
    assert utf16_codec(t.encode("utf-8")[:4096]) is None
    assert utf16_codec(b"") is None and utf16_codec(b"a\x00") is None


# -- 7: a line a user added after a game's table -----------------------------------


def test_comment_after_a_table_keeps_the_game_above():
    """``Kommentar: ...`` inserted after game 2's row (line 42): it becomes
    line 43; game 2 is read (+2 -2 +2 -2) and one warning names line 43."""
    ls = lines()
    ls.insert(42, "Kommentar: Resi hat Bier verschüttet, Spiel 3 neu gemischt")
    res = read_protocol("\r\n".join(ls).encode("cp1252"), NAME)
    assert (len(res.hands), len(res.rejected)) == (99, 0)
    assert units(res, 2) == {"PcLinks": 2, "PcOben": -2, "PcRechts": 2, "Gast": -2}
    assert totals(res) == LAST_ROW
    assert [(d.code, d.severity, d.line, d.col, d.found) for d in res.errors] == [
        ("W-NSK-TEXT", "warning", 43, 1, "Kommentar: Resi hat Bier verschüttet, Spiel 3 neu gemischt")]
    assert "game 2" in res.errors[0].message


def test_game_without_its_geber_line_is_said_not_swallowed():
    """Game 3's ``Geber: PcOben`` (line 44) deleted: its deal, tricks and row
    follow game 2's row.  Game 2 is still read; an error at line 44 (now
    ``PcRechts hat: ...``) says game lines without a ``Geber:`` are not read."""
    ls = lines()
    assert ls[43] == "Geber: PcOben"
    del ls[43]
    res = read_protocol("\r\n".join(ls).encode("cp1252"), NAME)
    assert units(res, 2) == {"PcLinks": 2, "PcOben": -2, "PcRechts": 2, "Gast": -2}
    assert 3 not in {h.outcome.hand for h in res.hands}
    (syntax,) = [d for d in res.errors if d.code == "E-NSK-SYNTAX"]
    assert (syntax.severity, syntax.line, syntax.col, syntax.found) == (
        "error", 44, 5, "PcRechts hat: G7 SO SZ S9 GA G8 GZ HU")


# -- 8: a header naming a player who is no seat ------------------------------------


def test_header_writer_who_is_no_seat_is_one_file_error(tmp_path):
    """Line 2 rewritten ``gespielt von Sepp am 05.10.23 ...``: the seats are
    PcLinks, PcOben, PcRechts, Gast (the table header), so the log's "Du"
    (41 games say "Du" or "dir") cannot be placed: one error at line 2,
    column 14 (where ``Sepp`` starts), no game read."""
    ls = lines()
    ls[1] = "gespielt von Sepp am 05.10.23 mit Version 9.10, Update 01.03.24."
    data = "\r\n".join(ls).encode("cp1252")
    res = read_protocol(data, NAME)
    assert (res.hands, res.rejected) == ([], [])
    assert [(d.code, d.severity, d.line, d.col, d.found, d.expected) for d in res.errors] == [
        ("E-NSK-SEAT", "error", 2, 14, "Sepp", "PcLinks / PcOben / PcRechts / Gast")]
    p = tmp_path / NAME
    p.write_bytes(data)
    streamed = read_protocol_stream(p, NAME)
    assert (streamed.hands, streamed.rejected, streamed.errors) == ([], [], res.errors)
    # the same header naming a seat (every "Gast" renamed Sepp) reads all 99 games
    renamed = [x.replace("Gast", "Sepp") for x in ls]
    res = read_protocol("\r\n".join(renamed).encode("cp1252"), NAME)
    assert (len(res.hands), len(res.rejected), res.errors) == (99, 0, [])


def _header_renamed(writer_too: bool) -> list[str]:
    """user15's v5/v6: every score-table header's ``Gast`` written ``Hias`` (and with ``writer_too`` the
    header's ``gespielt von Gast`` too), the deal lines left ``Gast``."""
    ls = [x.replace(" Gast ", " Hias ") if x.lstrip().startswith("Spiel ") else x for x in lines()]
    if writer_too:
        ls[1] = ls[1].replace("gespielt von Gast", "gespielt von Hias")
    return ls


@pytest.mark.parametrize("writer_too", [False, True])
def test_a_table_header_naming_a_player_the_deal_lines_call_otherwise_is_one_error(tmp_path, writer_too):
    """Line 21, the first table header, is ``Spiel    Preis      PcLinks       PcOben     PcRechts         Hias
    Stock``: Hias starts at column 63 (5 + 4 + 5 + 6 + 7 + 7 + 6 + 5 + 8 + 9 = 62 characters before it).
    Every game's deal lines say ``Gast hat:`` (game 1's at line 8).  Said at once, naming both names: not
    E-NSK-SEAT 'gespielt von Gast' (v5), nor E-NSK-TARIFF then 99 games of "'Gast' is not a player" (v6)."""
    ls = _header_renamed(writer_too)
    assert ls[20].index("Hias") == 62 and ls[7].strip().startswith("Gast hat:")
    data = "\r\n".join(ls).encode("cp1252")
    for rules in (None, "netschafkopf"):
        res = read_protocol(data, NAME, rules=rules)
        assert (res.hands, res.rejected) == ([], [])
        (err,) = res.errors
        assert (err.code, err.line, err.col, err.found, err.expected) == ("E-NSK-SEAT", 21, 63, "Hias", "Gast")
        assert "header" in err.message and "deal lines" in err.message and "99 of 99 games" in err.message
        assert "line 8" in err.message
    p = tmp_path / NAME
    p.write_bytes(data)
    streamed = read_protocol_stream(p, NAME)
    assert (streamed.hands, streamed.rejected, streamed.errors) == ([], [], res.errors)


def test_one_game_whose_deal_line_strays_is_refused_alone():
    """Only game 3's ``Gast hat:`` (line 46) written ``Hias hat:``: the header agrees with the other 98
    games, so game 3 alone is refused for the name (E-NSK-SEAT at line 46), not the file."""
    ls = lines()
    assert ls[43] == "Geber: PcOben" and ls[45].strip().startswith("Gast hat:")
    ls[45] = ls[45].replace("Gast hat:", "Hias hat:")
    res = read_protocol("\r\n".join(ls).encode("cp1252"), NAME)
    assert len(res.hands) == 98 and [r.hand for r in res.rejected] == [3]
    assert [(d.code, d.line) for d in res.rejected[0].errors[:1]] == [("E-NSK-SEAT", 46)]
    assert not any(d.code == "E-NSK-SEAT" for d in res.errors)


# -- 6: a game missing from the protocol ------------------------------------------


def test_missing_game_is_named_and_the_next_game_kept(tmp_path):
    """Game 2's block (lines 24-43) deleted: game 3's Geber line becomes line
    24 and its row line 43.  The table then goes from game 1 (row at line 22)
    to game 3: game 2 is named missing at line 43; game 3 is read with the
    units its cards give (price 6: Gast and PcOben +6, the others -6),
    unchecked against the table; game 4 (row -7 -3 -7 +17 after game 3's
    -2 +2 -2 +2: a solo of 5, PcLinks PcOben PcRechts -5, Gast +15) is
    checked as before.  The stored totals lack game 2's +2 -2 +2 -2: said once
    at the end."""
    ls = lines()
    assert ls[23] == "Geber: PcLinks" and ls[43] == "Geber: PcOben"
    del ls[23:43]
    data = "\r\n".join(ls).encode("cp1252")
    res = read_protocol(data, NAME)
    assert (len(res.hands), len(res.rejected)) == (98, 0)
    assert units(res, 3) == {"PcLinks": -6, "PcOben": 6, "PcRechts": -6, "Gast": 6}
    assert units(res, 4) == {"PcLinks": -5, "PcOben": -5, "PcRechts": -5, "Gast": 15}
    (h3,) = [h for h in res.hands if h.outcome.hand == 3]
    assert [d.code for d in h3.diagnostics] == ["W-NSK-UNITS-UNCHECKED"]
    _one_game_missing(tmp_path, data, res, len(ls), 2, 43, "game 2 is missing: the score table goes from game 1 "
                      "(line 22) to game 3 (line 43)")


def test_missing_first_game_is_named_as_a_missing_later_game_is(tmp_path):
    """user15's v9: game 1's block (lines 4-23) deleted: game 2's Geber line becomes line 4 and its row
    ``2 2 +4 -4 +4 -4`` line 22.  The table has no row before game 2: game 1 is named missing at line 22 (as
    game 5 is when it is the one deleted), game 2 read with the units its cards give (PcLinks with PcRechts
    win a Rufspiel of 2: +2 -2 +2 -2, rules.md G-12), unchecked.  The stored totals lack game 1's +2 -2 +2 -2
    (PcOben's Rufspiel lost): -85 - 2 = -87, 33 + 2 = +35, 25 - 2 = +23, 27 + 2 = +29, said once at the end as
    incomplete, not E-NSK-TOTALS (an error that never said game 1 was missing)."""
    ls = lines()
    assert ls[3] == "Geber: Gast" and ls[23] == "Geber: PcLinks"
    del ls[3:23]
    data = "\r\n".join(ls).encode("cp1252")
    res = read_protocol(data, NAME)
    assert (len(res.hands), len(res.rejected)) == (98, 0)
    assert units(res, 2) == {"PcLinks": 2, "PcOben": -2, "PcRechts": 2, "Gast": -2}
    (h2,) = [h for h in res.hands if h.outcome.hand == 2]
    assert [d.code for d in h2.diagnostics] == ["W-NSK-UNITS-UNCHECKED"]
    _one_game_missing(tmp_path, data, res, len(ls), 1, 22, "game 1 is missing: the score table starts at game 2 "
                      "(line 22)")


def _one_game_missing(tmp_path, data: bytes, res, n_lines: int, game: int, line: int, said: str) -> None:
    """What both deletions above give: totals short of the deleted game's +2 -2 +2 -2 (worked in their
    docstrings), W-NSK-MISSING at the next row (``line``, saying ``said``), W-NSK-INCOMPLETE once at the last
    line, and the same hands and warnings when the file is read in batches."""
    assert totals(res) == {"PcLinks": -87, "PcOben": 35, "PcRechts": 23, "Gast": 29}
    gap, end = res.errors
    assert (gap.code, gap.severity, gap.line, gap.col, gap.found, gap.expected) == (
        "W-NSK-MISSING", "warning", line, 1, f"game {game + 1}", f"game {game}")
    assert gap.message.startswith(said)
    assert (end.code, end.severity, end.line, end.found, end.expected) == (
        "W-NSK-INCOMPLETE", "warning", n_lines, "PcLinks -87, PcOben +35, PcRechts +23, Gast +29",
        "PcLinks -85, PcOben +33, PcRechts +25, Gast +27")
    assert end.message.startswith(f"1 game missing (game {game}): ")
    p = tmp_path / NAME
    p.write_bytes(data)
    streamed = read_protocol_stream(p, NAME, batch=2, block=64)
    assert [h.hash for h in streamed.hands] == [h.hash for h in res.hands]
    assert streamed.errors == res.errors


# -- 3: an edited copy fed after the original was stored ----------------------------


@pytest.mark.parametrize("streamed", [False, True])
def test_changed_game_of_a_stored_protocol_is_a_conflict(tmp_path, streamed):
    """The original stored (99 games), then a copy whose game 3 price line
    ends ``8 Punkte.`` instead of ``6 Punkte.`` (line 61; the price starts on
    line 60): the cards give 6, so the copy's game 3 is refused, and since
    the session holds a game 3 it is a conflict with it (E-HAND-CONFLICT at
    line 60 naming the stored game's file and line 44), the other 98
    duplicates.  The stored session stays complete (nothing refused, the
    stored totals -85/+33/+25/+27 are the log's) and no warning quotes other
    totals."""
    original = tmp_path / NAME
    original.write_bytes(FIRST.read_bytes())
    ls = lines()
    assert ls[60] == "6 Punkte."
    ls[60] = "8 Punkte."
    copy = tmp_path / "Schafkopfprotokoll_01 (2).txt"
    copy.write_bytes("\r\n".join(ls).encode("cp1252"))
    db = tmp_path / "x.duckdb"
    rep = _original_then_copy(db, original, copy, streamed)
    assert (rep.stored, rep.duplicates, len(rep.rejected)) == (0, 98, 1)
    (r,) = rep.rejected
    first, why = r.errors[0], r.errors[1]
    assert (first.code, first.line, first.hand) == ("E-HAND-CONFLICT", 60, 3)
    assert first.message.startswith(f"game 3 of session 'NetSchafkopf {original.stem}' is already stored, from "
                                    f"{original}:44, and this copy differs from it (E-NSK-PRICE: ")
    assert (why.code, why.found, why.expected) == (
        "E-NSK-PRICE", "Das Rufspiel kostet 2 Punkte. Mit Schneider 3 Punkte. Mit 3 Laufenden 8 Punkte.",
        "Das Rufspiel kostet 2 Punkte. Mit Schneider 3 Punkte. Mit 3 Laufenden 6 Punkte.")
    assert rep.file_errors == []
    with st.reading(db) as con:
        assert con.execute("SELECT complete, refused, note FROM session_checks").fetchall() == [(True, 0, None)]
        assert dict(con.execute("SELECT player, sum(units)::INTEGER FROM hand_units GROUP BY player")
                    .fetchall()) == LAST_ROW


# -- 14: a game without its price line or without its score table -------------------


def test_game_without_its_price_line_is_read_when_its_cards_fix_the_price():
    """Game 3's price lines 60-61 deleted: its cards give 2 + 1 (Schneider)
    + 3 x 1 (3 Laufende) = 6 (rules.md G-20), the table's Preis (6, now on
    line 61 after its head on line 60) and change (-6 +6 -6 +6) agree: read,
    with a warning at the table's head."""
    ls = lines()
    assert ls[59].startswith("Das Rufspiel kostet 2 Punkte. Mit Schneider") and ls[60] == "6 Punkte."
    del ls[59:61]
    res = read_protocol("\r\n".join(ls).encode("cp1252"), NAME)
    assert (len(res.hands), len(res.rejected), res.errors) == (99, 0, [])
    assert units(res, 3) == {"PcLinks": -6, "PcOben": 6, "PcRechts": -6, "Gast": 6}
    (h3,) = [h for h in res.hands if h.outcome.hand == 3]
    assert [(d.code, d.severity, d.line, d.hand) for d in h3.diagnostics] == [("W-NSK-NO-PRICE", "warning", 60, 3)]
    assert "'Das Rufspiel kostet 2 Punkte. Mit Schneider 3 Punkte. Mit 3 Laufenden 6 Punkte.'" in \
        h3.diagnostics[0].message


def test_game_without_its_price_line_and_a_doubling_is_refused_naming_the_hand():
    """Game 79 (lines 1541-1559) lost its price line 1557 ``Das Rufspiel
    kostet 2 Punkte. 1 mal gespritzt 4 Punkte.``: only that line states the
    Kontra, so the cards give 2 while the table's Preis (now line 1558) is 4:
    refused, the error naming hand 79."""
    ls = lines()
    assert ls[1556] == "Das Rufspiel kostet 2 Punkte. 1 mal gespritzt 4 Punkte."
    del ls[1556]
    res = read_protocol("\r\n".join(ls).encode("cp1252"), NAME)
    assert len(res.hands) == 98
    (bad,) = res.rejected
    d = bad.errors[0]
    assert (bad.hand, d.code, d.line, d.hand, d.found, d.expected) == (79, "E-NSK-PRICE", 1558, 79, "4", "2")


def test_game_without_its_score_table_is_read_and_the_next_checked_from_it():
    """Game 2's table head and row (lines 41-42) deleted: its price line
    (line 40, 2 points) and cards give PcLinks and PcRechts +2, PcOben and
    Gast -2; game 2 is numbered after game 1.  Game 3's row (-2 +2 -2 +2, now
    line 61) is checked against game 1's row plus those (+4 -4 +4 -4): it
    agrees, so game 3 carries no unchecked warning; every total is the log's."""
    ls = lines()
    assert ls[39] == "Das Rufspiel kostet 2 Punkte." and ls[41].startswith("    2        2")
    del ls[40:42]
    res = read_protocol("\r\n".join(ls).encode("cp1252"), NAME)
    assert (len(res.hands), len(res.rejected), res.errors) == (99, 0, [])
    assert units(res, 2) == {"PcLinks": 2, "PcOben": -2, "PcRechts": 2, "Gast": -2}
    by = {h.outcome.hand: h for h in res.hands}
    assert [(d.code, d.line, d.hand) for d in by[2].diagnostics] == [("W-NSK-NO-TABLE", 40, 2)]
    assert by[3].diagnostics == []
    assert totals(res) == LAST_ROW


def test_game_without_price_and_table_is_refused_naming_the_hand():
    """Game 2 without its price line and table (lines 40-42): nothing states
    its price; refused, the error at its last result line 39 naming hand 2."""
    ls = lines()
    del ls[39:42]
    res = read_protocol("\r\n".join(ls).encode("cp1252"), NAME)
    (bad,) = res.rejected
    d = bad.errors[0]
    assert (bad.hand, d.code, d.line, d.hand) == (2, "E-NSK-SYNTAX", 39, 2)
    assert d.message == "no price ('Das Rufspiel kostet ...') after the result and no score table"


def test_last_game_without_its_score_table_carries_the_table_to_the_end(tmp_path):
    """Game 99's table head and row (lines 1950-1951) deleted: its price line
    (Einzelspiel 5, Schneider 6, 3 Laufende 9) and cards make Gast, who wins
    the Eichel-Geier, +27 and each other seat -9; game 98's row
    (-76 +42 +34 +0) carried by those is -85 +33 +25 +27, the log's own last
    table: no end-check diagnostic, and the session's totals are those."""
    ls = lines()
    assert ls[1950].startswith("   99        9")
    del ls[1949:1951]
    data = "\r\n".join(ls).encode("cp1252")
    res = read_protocol(data, NAME)
    assert (len(res.hands), len(res.rejected), res.errors) == (99, 0, [])
    assert units(res, 99) == {"PcLinks": -9, "PcOben": -9, "PcRechts": -9, "Gast": 27}
    assert totals(res) == LAST_ROW == res.log_totals
    p = tmp_path / NAME
    p.write_bytes(data)
    streamed = read_protocol_stream(p, NAME, batch=5, block=64)
    assert [h.hash for h in streamed.hands] == [h.hash for h in res.hands]
    assert (streamed.errors, streamed.log_totals) == ([], LAST_ROW)


def _edit(ls: list[str], name: str) -> list[str]:
    ls = list(ls)
    if name == "comment":
        ls.insert(42, "Kommentar: Resi hat Bier verschüttet")
    elif name == "no-geber":
        del ls[43]
    elif name == "game-missing":
        del ls[23:43]
    elif name == "no-price":
        del ls[59:61]
    elif name == "no-kontra-line":
        del ls[1556]
    elif name == "no-table":
        del ls[40:42]
    elif name == "no-price-no-table":
        del ls[39:42]
    return ls


@pytest.mark.parametrize("name", ["comment", "no-geber", "game-missing", "no-price", "no-kontra-line", "no-table",
                                  "no-price-no-table"])
def test_streamed_reader_reads_every_edit_as_the_whole_file_reader(tmp_path, name):
    data = "\r\n".join(_edit(lines(), name)).encode("cp1252")
    whole = read_protocol(data, NAME)
    p = tmp_path / NAME
    p.write_bytes(data)
    streamed = read_protocol_stream(p, NAME, batch=3, block=64)
    assert [(h.hash, h.diagnostics) for h in streamed.hands] == [(h.hash, h.diagnostics) for h in whole.hands]
    assert [(r.hand, r.hash, r.errors) for r in streamed.rejected] == [(r.hand, r.hash, r.errors)
                                                                       for r in whole.rejected]
    assert (streamed.errors, streamed.log_totals) == (whole.errors, whole.log_totals)


@pytest.mark.parametrize("streamed", [False, True])
def test_copy_missing_a_game_after_the_original_leaves_the_session_as_it_is(tmp_path, streamed):
    """The original stored, then the copy without game 2 (lines 24-43): its
    98 games are duplicates; game 2 is missing from the copy (W-NSK-MISSING)
    but not from the session, whose games 1-99 sum to the copy's last row
    -85/+33/+25/+27: no W-NSK-INCOMPLETE, no E-NSK-TOTALS, and the session's
    check is the original's (complete).  The first ten games alone (a part,
    its last row game 10's) say nothing either."""
    original = tmp_path / NAME
    original.write_bytes(FIRST.read_bytes())
    ls = lines()
    del ls[23:43]
    copy = tmp_path / "copy.txt"
    copy.write_bytes("\r\n".join(ls).encode("cp1252"))
    part = tmp_path / "part.txt"
    part.write_bytes("\r\n".join(lines()[:202]).encode("cp1252"))  # games 1-10: lines 1-202
    db = tmp_path / "x.duckdb"
    with st.Store(db) as store:
        res, fmt = load_file(original, store)
        assert store_result(store, res, fmt, False).stored == 99
        reps = []
        for f in (copy, part):
            if streamed:
                reps.append(ingest_protocol_stream(store, f, batch=7)[0])
            else:
                res, fmt = load_file(f, store)
                reps.append(store_result(store, res, fmt, False))
    (rep, rep_part) = reps
    assert (rep.stored, rep.duplicates, rep.rejected) == (0, 98, [])
    assert [(d.code, d.line) for d in rep.file_errors] == [("W-NSK-MISSING", 43)]
    assert (rep_part.stored, rep_part.duplicates, rep_part.rejected, rep_part.file_errors) == (0, 10, [], [])
    with st.reading(db) as con:
        assert con.execute("SELECT complete, refused, note, log_totals FROM session_checks").fetchall() == [
            (True, 0, None, '{"PcLinks": -85, "PcOben": 33, "PcRechts": 25, "Gast": 27}')]


@pytest.mark.parametrize("streamed", [False, True])
def test_copy_with_notes_added_is_the_stored_protocol(tmp_path, streamed):
    """The tester's commented copy: ``# Abschrift von Sepp, Tippfehler
    korrigiert`` inserted as line 3 (the header) and ``Kommentar: ...``
    after game 2's row (then line 44).  Alone: 99 games and a W-NSK-TEXT
    warning at each line; after the original: the same session (the '#'
    line is no part of its header), 99 duplicates, one session of 99 games."""
    ls = lines()
    ls.insert(2, "# Abschrift von Sepp, Tippfehler korrigiert")
    ls.insert(43, "Kommentar: Resi hat Bier verschüttet")
    data = "\r\n".join(ls).encode("cp1252")
    res = read_protocol(data, NAME)
    assert (len(res.hands), len(res.rejected)) == (99, 0)
    assert [(d.code, d.line, d.found) for d in res.errors] == [
        ("W-NSK-TEXT", 3, "# Abschrift von Sepp, Tippfehler korrigiert"),
        ("W-NSK-TEXT", 44, "Kommentar: Resi hat Bier verschüttet")]
    assert res.hands[0].session_header == ("netschafkopf_helper\n"
                                           "gespielt von Gast am 05.10.23 mit Version 8.00, Update 07.09.20.")
    original = tmp_path / NAME
    original.write_bytes(FIRST.read_bytes())
    copy = tmp_path / "Abschrift.txt"
    copy.write_bytes(data)
    db = tmp_path / "x.duckdb"
    rep = _original_then_copy(db, original, copy, streamed)
    assert (rep.stored, rep.duplicates, rep.rejected) == (0, 99, [])
    with st.reading(db) as con:
        assert con.execute("SELECT session, count(*) FROM hands GROUP BY session").fetchall() == [
            (f"NetSchafkopf {original.stem}", 99)]


def test_a_protocol_decoded_twice_is_named_at_its_first_broken_umlaut(tmp_path):
    """The shipped protocol (Windows-1252) opened as UTF-8 text, then its bytes read as Windows-1252 and saved
    again: "Grün" becomes "GrÃ¼n" (a user's copy).  Its 25 games with "Grün" in their names are refused, as
    before, and one W-NSK-ENCODING at line 29 (the first "Mit der Grün-Ass", column 26) says why and what to do."""
    text = FIRST.read_bytes().decode("cp1252").encode("utf-8").decode("cp1252")
    p = tmp_path / "Abschrift.txt"
    p.write_bytes(text.encode("utf-8"))
    res = read_protocol(p.read_bytes(), str(p))
    (w,) = [d for d in res.errors if d.code == "W-NSK-ENCODING"]
    assert (w.line, w.col, w.severity) == (29, 26, "warning")
    assert "reads 'Ã¼' where a protocol writes an umlaut" in w.message and "save it once" in w.message
    assert w.found == "PcLinks spielt Mit der GrÃ¼n-Ass"
    assert (len(res.hands), len(res.rejected)) == (74, 25)
    # the unchanged protocol says nothing of the kind
    assert not [d for d in read_protocol(FIRST.read_bytes(), "x.txt").errors if d.code == "W-NSK-ENCODING"]


def test_a_protocol_decoded_twice_read_in_batches_is_named_once_at_the_same_place(tmp_path):
    """The copy of the test above read in batches of 7 games (a file too large to read whole): the same one
    W-NSK-ENCODING at line 29, column 26, said once, and the same 74 games read, 25 refused."""
    text = FIRST.read_bytes().decode("cp1252").encode("utf-8").decode("cp1252")
    p = tmp_path / "Abschrift.txt"
    p.write_bytes(text.encode("utf-8"))
    res = read_protocol_stream(p, batch=7)
    (w,) = [d for d in res.errors if d.code == "W-NSK-ENCODING"]
    assert (w.line, w.col, w.file) == (29, 26, str(p))
    assert w.message.startswith("line 29 reads 'Ã¼' where a protocol writes an umlaut")
    assert (len(res.hands), len(res.rejected)) == (74, 25)
    assert not [d for d in read_protocol_stream(FIRST, batch=7).errors if d.code == "W-NSK-ENCODING"]


@pytest.mark.parametrize("streamed", [False, True])
def test_an_edited_last_row_fed_after_the_original_is_one_conflict_and_no_totals_error(tmp_path, streamed):
    """A copy whose last running table was edited by hand (PcLinks -85 -> -86, Gast +27 -> +28; game 99 costs 9,
    so its row changes by PcLinks -10 and Gast +28 where the cards give -9 and +27): game 99 differs from the
    stored game 99, one E-HAND-CONFLICT at its row, the other 98 duplicates.  No file-level E-NSK-TOTALS: the
    stored session keeps its own games, whose totals are the original log's -85/+33/+25/+27, not this copy's."""
    original = tmp_path / NAME
    original.write_bytes(FIRST.read_bytes())
    old = b"   99        9          -85          +33          +25          +27        0"
    assert FIRST.read_bytes().count(old) == 1
    copy = tmp_path / "Schafkopfprotokoll_01 (edited).txt"
    copy.write_bytes(FIRST.read_bytes().replace(old, old.replace(b"-85", b"-86").replace(b"+27", b"+28")))
    db = tmp_path / "x.duckdb"
    rep = _original_then_copy(db, original, copy, streamed)
    assert (rep.stored, rep.duplicates, len(rep.rejected)) == (0, 98, 1)
    (r,) = rep.rejected
    assert (r.errors[0].code, r.errors[0].hand) == ("E-HAND-CONFLICT", 99)
    assert "the cards give PcLinks -9, PcOben -9, PcRechts -9, Gast +27" in r.errors[0].message
    assert [d.code for d in rep.file_errors] == []
    with st.reading(db) as con:
        assert dict(con.execute("SELECT player, sum(units)::INTEGER FROM hand_units GROUP BY player")
                    .fetchall()) == LAST_ROW
