"""sk34 F5: a NetSchafkopf header whose date is in another form (``am 2023-10-05``, ``am 10/05/2023``) was not
matched at all, so the date was dropped without a word and the writer ("Du", "dir") fell back to "Gast": a log
written by Xaver had 4 of its 6 games refused (E-NSK-RESULT "the log names Gast as partner").  And a writer renamed
mid-protocol (the table's Gast column headed Xaver from game 4, its deal lines Xaver) had "Du gewinnst" read as
Gast's win.

Records: the first six games of the shipped protocol data/netschafkopf/baseline_..._01.txt, edited as said.  Its
rows (the log's own running table, rules.md G-15: Rufspiel 2, Solo 5, Laufende 1) are
  game 1: +2 -2 +2 -2 | 2: +4 -4 +4 -4 | 3: -2 +2 -2 +2 | 4: -7 -3 -7 +17 | 5: -5 -1 -9 +15 | 6: -7 -3 -7 +17
(PcLinks, PcOben, PcRechts, writer).  "Du"/"dir" is the writer, the fourth column (lines 18, 58, 79, 118).
"""
from __future__ import annotations

import pathlib

import pytest

from ingest.netschafkopf import read_protocol

ONE = pathlib.Path(__file__).resolve().parents[1] / "data" / "netschafkopf" / \
    "baseline__Schafkopfprotokoll_vom_05.10.23_01.txt"


def _six() -> bytes:
    lines = ONE.read_bytes().split(b"\r\n")
    starts = [i for i, x in enumerate(lines) if x.startswith(b"Geber:")]
    return b"\r\n".join(lines[:starts[6]]) + b"\r\n"


def _totals(r) -> dict[str, int]:
    tot: dict[str, int] = {}
    for vh in r.hands:
        for p, u in vh.outcome.units.items():
            tot[p] = tot.get(p, 0) + u
    return tot


def test_iso_date_and_writer_xaver():
    """Writer Xaver, ``am 2023-10-05``: the date is read (2023-10-05), "Du" is Xaver, every game stored and the
    totals are row 6: PcLinks -7, PcOben -3, PcRechts -7, Xaver +17 (sum 0).  Before: 2 stored, 4 refused."""
    data = _six().replace(b"Gast", b"Xaver").replace(b"am 05.10.23", b"am 2023-10-05")
    r = read_protocol(data, "v_xaver_iso.txt")
    assert r.rejected == [] and [d.code for d in r.errors] == []
    assert _totals(r) == {"PcLinks": -7, "PcOben": -3, "PcRechts": -7, "Xaver": 17}
    assert {str(vh.outcome.date) for vh in r.hands} == {"2023-10-05"}


@pytest.mark.parametrize("written, iso", [("2023-10-05", "2023-10-05"), ("5.10.2023", "2023-10-05"),
                                           ("05.10.2023", "2023-10-05"), ("25/10/2023", "2023-10-25"),
                                           ("10/25/2023", "2023-10-25"), ("2023/10/05", "2023-10-05")])
def test_common_date_forms_are_read(written, iso):
    """A date whose day and month cannot be mistaken is read: ISO, day first with dots, D/M/Y when the first is
    above 12, M/D/Y when the second is."""
    r = read_protocol(_six().replace(b"am 05.10.23", b"am " + written.encode()), "d.txt")
    assert [d.code for d in r.errors] == [] and len(r.hands) == 6
    assert {str(vh.outcome.date) for vh in r.hands} == {iso}


def test_an_ambiguous_slash_date_is_said_and_the_writer_kept():
    """``am 10/05/2023`` is 5 October (month first) or 10 May (day first): W-NSK-DATE at the date (line 2, column
    22: 'gespielt von Xaver am ' is 22 characters, so column 23 with Xaver), naming both, no date stored; the writer
    Xaver is still read, all six games stored, row 6's totals."""
    data = _six().replace(b"Gast", b"Xaver").replace(b"am 05.10.23", b"am 10/05/2023")
    r = read_protocol(data, "v_dateus.txt")
    assert [(d.code, d.line, d.col) for d in r.errors] == [("W-NSK-DATE", 2, 23)]
    msg = r.errors[0].message
    assert "2023-10-05" in msg and "2023-05-10" in msg and "Xaver" in msg
    assert r.rejected == [] and _totals(r) == {"PcLinks": -7, "PcOben": -3, "PcRechts": -7, "Xaver": 17}
    assert {vh.outcome.date for vh in r.hands} == {None}


def test_a_header_date_not_read_still_names_the_writer():
    """``am gestern``: no date (W-NSK-DATE), the writer Xaver read all the same, six games stored."""
    data = _six().replace(b"Gast", b"Xaver").replace(b"am 05.10.23", b"am gestern")
    r = read_protocol(data, "v.txt")
    assert [(d.code, d.line, d.col) for d in r.errors] == [("W-NSK-DATE", 2, 23)]
    assert "Xaver" in r.errors[0].message and len(r.hands) == 6 and not r.rejected


def test_writer_renamed_mid_protocol_du_follows_the_column():
    """Gast's column headed Xaver from game 4 (deal lines Xaver too): "Du" in games 4 and 6 is Xaver, the player
    in the writer's chair.  All six stored: Gast has row 3's +2 (games 1-3), Xaver games 4-6: +17 - 2 = +15
    (game 4 +15, game 5 -2, game 6 +2).  Ledger PcLinks -7, PcOben -3, PcRechts -7, Gast +2, Xaver +15 (sum 0).
    Before: games 4 and 6 refused ("the log says Gast wins")."""
    lines = _six().split(b"\r\n")
    g4 = [i for i, x in enumerate(lines) if x.startswith(b"Geber:")][3]
    data = b"\r\n".join(lines[:g4] + [x.replace(b"Gast", b"Xaver") for x in lines[g4:]])
    r = read_protocol(data, "v_rename_gast.txt")
    assert r.rejected == []
    assert _totals(r) == {"PcLinks": -7, "PcOben": -3, "PcRechts": -7, "Gast": 2, "Xaver": 15}
    assert [vh.outcome.units.get("Xaver") for vh in r.hands] == [None, None, None, 15, -2, 2]


def test_the_streaming_reader_reads_them_alike(tmp_path):
    """The streaming reader of large protocols gives the same: the ISO date and writer, the writer renamed."""
    from ingest.protocol_stream import read_protocol_stream  # noqa: PLC0415

    lines = _six().split(b"\r\n")
    g4 = [i for i, x in enumerate(lines) if x.startswith(b"Geber:")][3]
    renamed = b"\r\n".join(lines[:g4] + [x.replace(b"Gast", b"Xaver") for x in lines[g4:]])
    iso = _six().replace(b"Gast", b"Xaver").replace(b"am 05.10.23", b"am 2023-10-05")
    for name, data, want in (("iso.txt", iso, {"PcLinks": -7, "PcOben": -3, "PcRechts": -7, "Xaver": 17}),
                             ("ren.txt", renamed, {"PcLinks": -7, "PcOben": -3, "PcRechts": -7, "Gast": 2,
                                                   "Xaver": 15})):
        f = tmp_path / name
        f.write_bytes(data)
        r = read_protocol_stream(f, name, batch=2)
        assert not r.rejected and _totals(r) == want
