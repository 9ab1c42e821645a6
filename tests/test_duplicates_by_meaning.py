"""Duplicates by meaning (issue 12, docs/storage.md "Duplicates by meaning"):
the same hand in another layout — spacing, ``;`` comments, tag order, the
canonical form ``shead export --format shn`` writes — is a duplicate; only a
different hand is ``E-HAND-CONFLICT``, and the message says what differs.
Export → ingest into the same database stores 0 and rejects 0."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

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


def test_a_changed_annotation_in_a_full_hand_is_another_hand_and_is_named(db):
    src = (ROOT / "data" / "sheepshead" / "example_session.shn").read_text()
    ingest(db, src, "ex.shn", seeded=True)
    # an annotation {...} is a recorded fact (notation.md §3), a ; comment is not
    changed = src.replace("{15 points safe}", "{14 points safe}")
    rep = ingest(db, changed, "ex2.shn", seeded=True)
    [r] = rep.rejected
    assert r.errors[0].code == "E-HAND-CONFLICT" and r.hand == 14
    assert "bury: stored AS KC {15 points safe}, this copy AS KC {14 points safe}" in r.errors[0].message
    assert rep.duplicates == 4  # the other four hands of the file


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
