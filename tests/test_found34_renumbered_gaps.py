"""verify34 F4: a night's file with two NON-adjacent hands removed and the rest renumbered.

Stored (``wi5-called-ace``; seats Al, Bo, Cy, Di, Ed): hands 1-6.  The edited file drops hands 2 and 4, so its
hands 2, 3, 4 are the stored hands 3, 5, 6 (shifts 1, 2, 2: no constant offset).

By hand (rules.md B-27 61 wins / 60 loses; B-28 91+ schneider, doubled; B-31/B-33 picker 2 shares, partner 1,
each defender 1, alone 4; B-32 losing rows doubled):

* h1 Di+Cy 67 won: Di +2, Cy +1, Al Bo Ed -1.
* h2 Ed+Di 50 lost: Ed -4, Di -2, Al Bo Cy +2.
* h3 Al+Bo 85 won: Al +2, Bo +1, Cy Di Ed -1.
* h4 Cy alone 70 won: Cy +4, Al Bo Di Ed -1.
* h5 Bo+Ed 95 schneider: Bo +4, Ed +2, Al Cy Di -2.
* h6 Di alone 40 lost: Di -8, Al Bo Cy Ed +2.

The night without hands 2 and 4 (1, 3, 5, 6): Al -1+2-2+2 = +1, Bo -1+1+4+2 = +6, Cy 1-1-2+2 = 0,
Di 2-1-2-8 = -9, Ed -1-1+2+2 = +2 (sum 0).
All six stored: Al 1+2-1 = 2, Bo 6+2-1 = 7, Cy 0+2+4 = 6, Di -9-2-1 = -12, Ed 2-4-1 = -3 (sum 0).
"""

from __future__ import annotations

import re

from tests.cli_helpers import cli, ledger, write

HEAD = """%SHN 1.0
[Event "Monday Club"]
[Date "2026.11.30"]
[Seats "Al=Al Berg; Bo=Bo Dahl; Cy=Cy Voss; Di=Di Marsh; Ed=Ed Funk"]
[Rules "wi5-called-ace"]

"""
H = {1: "pick Di call AC partner Cy pts 67 win", 2: "pick Ed call AS partner Di pts 50 lose",
     3: "pick Al call AH partner Bo pts 85 win", 4: "pick Cy alone pts 70 win",
     5: "pick Bo call AC partner Ed pts 95 win-s", 6: "pick Di alone pts 40 lose"}
STORED = HEAD + "".join(f"hand {n} {t}\n" for n, t in H.items())
EDITED = HEAD + "".join(f"hand {n} {H[m]}\n" for n, m in ((1, 1), (2, 3), (3, 5), (4, 6)))  # /tmp/verify34 m_edit
NIGHT = "Monday Club / 2026.11.30"
ALL_SIX = {"Al Berg": 2, "Bo Dahl": 7, "Cy Voss": 6, "Di Marsh": -12, "Ed Funk": -3}
RIGHT = {"Al Berg": 1, "Bo Dahl": 6, "Cy Voss": 0, "Di Marsh": -9, "Ed Funk": 2}


def _stored(tmp_path):
    db = tmp_path / "m.duckdb"
    cli("ingest", write(tmp_path, "m_stored.shn", STORED), "--db", str(db))
    assert ledger(db) == ALL_SIX and sum(ALL_SIX.values()) == 0
    return db


def test_each_renumbered_conflict_names_its_stored_hand_and_the_voids(tmp_path):
    db = _stored(tmp_path)
    r = cli("ingest", write(tmp_path, "m_edit.shn", EDITED), "--db", str(db), ok=False)
    assert r.exit_code == 1, r.output
    out = " ".join(r.output.split())
    for n, m in ((2, 3), (3, 5), (4, 6)):
        assert f"this copy's hand {n} is the stored hand {m} (" in out, out
    assert f"shead void '{NIGHT}#2' --reason 'typed twice' --db {db}" in out, out
    assert f"shead void '{NIGHT}#4' --reason 'typed twice' --db {db}" in out, out
    for n in (2, 3, 4):  # no conflict advises amending (it would renumber the night)
        said = [x for x in re.split(r"(?=\S+:\d+:\d+: )", out) if f"E-HAND-CONFLICT (hand {n})" in x]
        assert said and "--amend" not in said[0], said
    assert ledger(db) == ALL_SIX
    cli("void", f"{NIGHT}#2", "--reason", "typed twice", "--db", str(db))
    cli("void", f"{NIGHT}#4", "--reason", "typed twice", "--db", str(db))
    assert ledger(db) == RIGHT and sum(RIGHT.values()) == 0


def test_amend_with_two_non_adjacent_hands_removed_is_refused(tmp_path):
    db = _stored(tmp_path)
    r = cli("ingest", "--amend", write(tmp_path, "m_edit.shn", EDITED), "--db", str(db), ok=False)
    assert r.exit_code == 1, r.output
    out = " ".join(r.output.split())
    assert "E-AMEND-SHIFTED" in out, out
    assert f"hand 2 of session '{NIGHT}' is the stored hand 3" in out, out
    assert f"hand 3 of session '{NIGHT}' is the stored hand 5" in out, out
    assert f"hand 4 of session '{NIGHT}' is the stored hand 6" in out, out
    assert "hands 3 and 5 would be the same hand" in out and "hands 4 and 6 would be the same hand" in out, out
    assert f"shead void '{NIGHT}#2'" in out and f"shead void '{NIGHT}#4'" in out, out
    assert "nothing changed" in out
    assert ledger(db) == ALL_SIX


def test_amend_duplicate_advises_voiding_the_amended_hand_too(tmp_path):
    # /tmp/verify34/corr/a5dup.shn: hand 5 amended to hand 1's facts; hand 1 is right, so the void to offer first is
    # hand 5's (the one just amended), with the stored hand 1's as the other choice
    db = tmp_path / "d.duckdb"
    cli("ingest", write(tmp_path, "s.shn", STORED), "--db", str(db))
    r = cli("ingest", "--amend", write(tmp_path, "a5.shn", HEAD + f"hand 5 {H[1]}\n"), "--db", str(db))
    out = " ".join(r.output.split())
    assert "W-AMEND-DUPLICATE" in out, out
    assert f"shead void '{NIGHT}#5'" in out, out
    # h5 now Di+Cy 67 won in place of Bo+Ed schneider: Al 2+2-1 = 3, Bo 7-4-1 = 2, Cy 6+2+1 = 9,
    # Di -12+2+2 = -8, Ed -3-2-1 = -6 (sum 0)
    assert ledger(db) == {"Al Berg": 3, "Bo Dahl": 2, "Cy Voss": 9, "Di Marsh": -8, "Ed Funk": -6}
