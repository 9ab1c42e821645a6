"""Duplicates by meaning (issue 12, docs/storage.md "Duplicates by meaning"):
the same hand in another layout — spacing, ``;`` comments, tag order, the
canonical form ``shead export --format shn`` writes — is a duplicate; only a
different hand is ``E-HAND-CONFLICT``, and the message says what differs.
Export → ingest into the same database stores 0 and rejects 0."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import duckdb

import pytest
from typer.testing import CliRunner

from ingest import store as st
from ingest.cli import app
from ingest.validate import validate_text

ROOT = Path(__file__).resolve().parents[1]
runner = CliRunner()

ORIGINAL = """%SHN 1.0
[Event "QA"]
[Session "layout"]
[Seats "Al; Bea; Cy; Di; Ed"]
[Rules "wi5-called-ace; noPick=doubler"]

hand 1  dealer Ed
doubler                    ; nobody picked

hand 2  dealer Al
pick Cy  call AS  partner Ed  pts 72  win   ; Cy's first pick

hand 3  dealer Bea
pick Di  call AS  partner Ed  pts 70  win
"""

# the same three hands: tags in another order, other spacing, comments gone and added
RELAID = """%SHN 1.0
[Rules "wi5-called-ace; noPick=doubler"]
[Seats "Al; Bea; Cy; Di; Ed"]
[Session "layout"]
[Event "QA"]

; a comment line before the hands
hand 1 dealer Ed
doubler

hand 2 dealer Al
pick Cy call AS partner Ed pts 72 win

hand 3    dealer Bea
pick Di   call AS   partner Ed   pts 70   win      ; added later
"""

# hand 2 is another hand: Di picked, not Cy
DIFFERENT = ORIGINAL.replace("pick Cy  call AS  partner Ed  pts 72  win   ; Cy's first pick",
                             "pick Di  call AS  partner Ed  pts 72  win")


def ingest(db: Path, text: str, path: str, *, seeded: bool):
    with st.Store(db) as store:
        res = validate_text(text, path=path, prior=store.prior_hands if seeded else None)
        return store.ingest_file(res)


@pytest.mark.parametrize("seeded", [True, False])  # the validator's check (seeded) and the store's
def test_the_same_hands_in_another_layout_are_duplicates(db, seeded):
    assert ingest(db, ORIGINAL, "a.shn", seeded=True).stored == 3
    rep = ingest(db, RELAID, "b.shn", seeded=seeded)
    assert (rep.stored, rep.duplicates, len(rep.rejected)) == (0, 3, 0)
    with st.reading(db) as con:
        assert con.execute("SELECT count(*) FROM hands").fetchall() == [(3,)]
        assert con.execute("SELECT count(*) FROM rejected").fetchall() == [(0,)]


@pytest.mark.parametrize("seeded", [True, False])
def test_a_different_hand_is_a_conflict_that_says_what_differs(db, seeded):
    ingest(db, ORIGINAL, "a.shn", seeded=True)
    rep = ingest(db, DIFFERENT, "c.shn", seeded=seeded)
    assert rep.stored == 0 and rep.duplicates == 2
    [r] = rep.rejected
    d = r.errors[0]
    assert (d.code, d.hand, d.line) == ("E-HAND-CONFLICT", 2, 10)
    assert "pick: stored Cy, this copy Di" in d.message
    assert "--amend" in d.message


def test_a_changed_annotation_in_a_full_hand_is_the_same_hand_and_is_named(db):
    """An annotation {...} is stored (notation.md §3), but it moves no number: a copy whose notes alone differ is
    counted a duplicate, the stored text kept, and W-NOTES-DIFFER names the note (session 19: a comment added on
    a night sent again was E-HAND-CONFLICT, "rejected", exit 1)."""
    src = (ROOT / "data" / "sheepshead" / "example_session.shn").read_text()
    ingest(db, src, "ex.shn", seeded=True)
    changed = src.replace("{15 points safe}", "{14 points safe}")
    rep = ingest(db, changed, "ex2.shn", seeded=True)
    assert not rep.rejected and rep.stored == 0
    assert rep.duplicates == 5  # the changed hand and the other four hands of the file
    [w] = [d for d in rep.file_errors if d.code == "W-NOTES-DIFFER"]
    assert w.hand == 14 and "--amend" in w.message
    assert "bury: AS KC: only its note differs, stored {15 points safe}, this copy {14 points safe}" in w.message
    with duckdb.connect(str(db), read_only=True) as con:  # the stored text kept
        assert con.execute("SELECT count(*) FROM hand_text WHERE contains(source, '{15 points safe}')").fetchone() == (1,)


def test_a_note_added_to_an_outcome_is_named_as_the_only_difference(db):
    """A tester re-sent a hand with a note added after its outcome: the message read "outcome: stored win, this
    copy win {late pick}", as if nothing differed; it now says that only the note does (and which), as a warning:
    the stored hand is kept.  A card differing too is still a conflict, shown as both values."""
    head = '%SHN 1.0\n[Session "notes"]\n[Seats "Al; Bea; Cy; Di; Ed"]\n[Rules "wi5-called-ace"]\n\n'
    ingest(db, head + "hand 1  dealer Ed\npick Cy  call AS  partner Ed  pts 72  win\n", "a.shn", seeded=True)
    rep = ingest(db, head + "hand 1  dealer Ed\npick Cy  call AS  partner Ed  pts 72  win {late pick}\n", "b.shn",
                 seeded=True)
    assert not rep.rejected and rep.duplicates == 1
    [w] = [d for d in rep.file_errors if d.code == "W-NOTES-DIFFER"]
    assert "outcome: win: only its note differs, stored none, this copy {late pick}" in w.message
    rep = ingest(db, head + "hand 1  dealer Ed\npick Cy  call AC  partner Ed  pts 72  win {late pick}\n", "c.shn",
                 seeded=True)
    assert rep.rejected[0].errors[0].code == "E-HAND-CONFLICT"
    assert "call: stored AS, this copy AC" in rep.rejected[0].errors[0].message


def test_export_then_ingest_into_the_same_database_stores_0_and_rejects_0(db, tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    for f in ("sheepshead/example_session.shn", "schafkopf/worked_example.shn",
              "netschafkopf/baseline__Schafkopfprotokoll_vom_05.10.23_01.txt"):
        shutil.copy(ROOT / "data" / f, data / Path(f).name)
    (data / "layout.shn").write_text(ORIGINAL)
    first = runner.invoke(app, ["ingest", str(data), "--db", str(db), "--json"])
    assert first.exit_code == 0, first.output
    n = json.loads(first.stdout)["ingested"]
    # 5 example hands + 3 above + the Schafkopf worked example + 99 NetSchafkopf games (> 100 in all)
    assert n > 100
    out = tmp_path / "export.shn"
    assert runner.invoke(app, ["export", "--format", "shn", "--out", str(out), "--db", str(db)]).exit_code == 0
    again = runner.invoke(app, ["ingest", str(out), "--db", str(db), "--json"])
    assert again.exit_code == 0, again.output
    got = json.loads(again.stdout)
    assert (got["ingested"], got["duplicates"], got["rejected"]) == (0, n, [])
    with st.reading(db) as con:
        assert con.execute("SELECT count(*) FROM rejected").fetchall() == [(0,)]


# -- NetSchafkopf protocols: matched by meaning, not by file name ------------------------------------

NSK = ROOT / "data" / "netschafkopf"
PROTOCOL = NSK / "baseline__Schafkopfprotokoll_vom_05.10.23_02.txt"
# the log's own last running table (game 99 of PROTOCOL): what one stored copy must sum to
TABLE_99 = {"PcLinks": -31, "PcOben": 5, "PcRechts": 49, "Gast": -23}


def _sessions_and_totals(db: Path) -> tuple[list[str], dict[str, int], int]:
    with st.reading(db) as con:
        sessions = [r[0] for r in con.execute("SELECT session FROM sessions ORDER BY session_id").fetchall()]
        totals = dict(con.execute("SELECT player, sum(units)::INTEGER FROM hand_units GROUP BY player").fetchall())
        games = con.execute("SELECT count(*) FROM hands").fetchall()[0][0]
    return sessions, totals, games


@pytest.mark.parametrize("original_first", [True, False])
def test_a_protocol_saved_under_another_name_is_a_duplicate(tmp_path, original_first):
    """The tester's record: the same protocol as "copy/Schafkopfprotokoll (1).txt" (byte for byte) and
    re-encoded as UTF-8 with LF line ends is the stored protocol, whichever was stored first."""
    original = tmp_path / PROTOCOL.name
    shutil.copy(PROTOCOL, original)
    (tmp_path / "copy").mkdir()
    copy = tmp_path / "copy" / "Schafkopfprotokoll (1).txt"
    shutil.copy(PROTOCOL, copy)
    utf8 = tmp_path / "copy" / "Schafkopfprotokoll (2).txt"
    utf8.write_bytes(PROTOCOL.read_bytes().decode("cp1252").replace("\r\n", "\n").encode("utf-8"))
    assert "Grün".encode() in utf8.read_bytes()  # really re-encoded
    files = [original, copy, utf8] if original_first else [copy, original, utf8]
    db = tmp_path / "x.duckdb"
    out = runner.invoke(app, ["ingest", "--db", str(db), *map(str, files)])
    assert out.exit_code == 0, out.output
    assert f"{files[0]}: 99 stored, 0 duplicates, 0 rejected" in out.output
    for f in files[1:]:
        assert f"{f}: 0 stored, 99 duplicates, 0 rejected" in out.output
    assert "total: 99 stored, 198 duplicates" in out.output
    sessions, totals, games = _sessions_and_totals(db)
    assert len(sessions) == 1 and games == 99
    assert totals == TABLE_99  # not doubled


def test_two_protocols_of_one_day_and_header_stay_two_sessions(tmp_path):
    """_01 and _02 share their header (written by Gast on 05.10.23 with one version) but deal other cards."""
    first = NSK / "baseline__Schafkopfprotokoll_vom_05.10.23_01.txt"
    assert first.read_bytes().split(b"\r\n")[:2] == PROTOCOL.read_bytes().split(b"\r\n")[:2]
    db = tmp_path / "x.duckdb"
    out = runner.invoke(app, ["ingest", "--db", str(db), str(first), str(PROTOCOL)])
    assert out.exit_code == 0, out.output
    assert "total: 198 stored, 0 duplicates" in out.output
    sessions, totals, games = _sessions_and_totals(db)
    assert sessions == ["NetSchafkopf baseline__Schafkopfprotokoll_vom_05.10.23_01",
                        "NetSchafkopf baseline__Schafkopfprotokoll_vom_05.10.23_02"]
    # _01's last table row is PcLinks -85, PcOben +33, PcRechts +25, Gast +27
    assert totals == {"PcLinks": -85 - 31, "PcOben": 33 + 5, "PcRechts": 25 + 49, "Gast": 27 - 23}


def test_a_streamed_protocol_under_another_name_is_a_duplicate(tmp_path):
    """The streaming reader (a protocol above the whole-file size) finds the stored session the same way."""
    from ingest.protocol_stream import ingest_protocol_stream

    copy = tmp_path / "Schafkopfprotokoll (1).txt"
    shutil.copy(PROTOCOL, copy)
    db = tmp_path / "x.duckdb"
    with st.Store(db) as store:
        rep, _ = ingest_protocol_stream(store, PROTOCOL, batch=40)
        assert (rep.stored, rep.duplicates) == (99, 0)
        rep, _ = ingest_protocol_stream(store, copy, batch=40)
        assert (rep.stored, rep.duplicates, len(rep.rejected)) == (0, 99, 0)
    sessions, totals, games = _sessions_and_totals(db)
    assert sessions == ["NetSchafkopf baseline__Schafkopfprotokoll_vom_05.10.23_02"] and games == 99
    assert totals == TABLE_99


def test_a_changed_game_in_a_copied_protocol_is_a_conflict_not_a_new_session(tmp_path):
    """A copy whose game 2 says other Augen is the stored protocol with one game that differs: game 2 is
    a conflict with the stored game 2 (E-HAND-CONFLICT, naming the stored game's file and line 24, then
    why: E-NSK-AUGEN, 44 is what the cards give), the other 98 are duplicates; the stored session stays
    complete (its check: nothing refused, its totals the log's)."""
    text = PROTOCOL.read_bytes().decode("cp1252")
    assert text.count("haben 44 Augen") >= 1
    changed = text.replace("Die Gegner \r\nhaben 44 Augen", "Die Gegner \r\nhaben 45 Augen", 1)
    assert changed != text
    copy = tmp_path / "Schafkopfprotokoll (3).txt"
    copy.write_bytes(changed.encode("cp1252"))
    db = tmp_path / "x.duckdb"
    out = runner.invoke(app, ["ingest", "--db", str(db), str(PROTOCOL), str(copy)])
    assert f"{copy}: 0 stored, 98 duplicates, 1 rejected" in out.output, out.output
    assert (f"{copy}:38:1: E-HAND-CONFLICT (hand 2): game 2 of session 'NetSchafkopf {PROTOCOL.stem}' is already "
            f"stored, from {PROTOCOL}:24, and this copy differs from it (E-NSK-AUGEN: the log gives the opponents 45 "
            "Augen; the cards give 44 (declaring party 76))") in out.output
    assert "W-NSK-INCOMPLETE" not in out.output
    sessions, totals, games = _sessions_and_totals(db)
    assert len(sessions) == 1 and games == 99 and totals == TABLE_99
    with st.reading(db) as con:
        assert con.execute("SELECT complete, refused, note FROM session_checks").fetchall() == [(True, 0, None)]


def test_a_conflict_in_the_marks_names_them_as_written():
    """newuser17: a changed crack was shown as "kind crack, seat Bob, pair queens"."""
    from ingest.meaning import describe  # noqa: PLC0415

    assert describe([{"kind": "crack", "seat": "Di", "pair": "queens"},
                     {"kind": "recrack", "seat": "Al", "pair": None}]) == "crack Di; recrack Al"
    assert describe({"kind": "blitz", "seat": "Cy", "color": "black", "pair": "jacks"}) == "blitz Cy black jacks"
    assert describe({"kind": "kontra", "seat": "Al", "after": 1}) == "kontra Al after 1"
