"""A thrown-in Schafkopf deal (rules.md G-4: "If nobody plays: throw in and
redeal, or play Ramsch"; replay/sk_thrown.py; docs/notation.md §14.3).

Amounts by hand under the BSV 10/50 tariff (rules.md G-16): Sauspiel 10,
Solo 50, no Laufende written as ``laufende 0``; a single game is paid by each
of the three opponents (G-15).  A thrown-in deal settles 0 for every seat.
"""

from __future__ import annotations

import pytest

from ingest import store as sto
from ingest.shn.reader import read
from ingest.shn.writer import write
from ingest.validate import validate_text

HEAD = """%SHN 1.0
[Session "thrown"]
[Event "Stammtisch Au"]
[Date "2025.02.07"]
[Seats "Al=Alois; Bea=Beate; Cy=Cyrill; Di=Dora"]
[Rules "schafkopf-bsv; ramsch=off"]
[Cards "de"]

"""

SESSION = HEAD + """hand 1  dealer Di
game Bea sauspiel SA
partner Cy  laufende 0  pts 84  win
score Al -10 Bea +10 Cy +10 Di -10

hand 2  dealer Al
thrown

hand 3  dealer Bea
thrown
score Al 0 Bea 0 Cy 0 Di 0

hand 4  dealer Cy
game Di solo herz
laufende 0  pts 61  win
score Al -50 Bea -50 Cy -50 Di +150

hand 5  dealer Di
game Di solo herz
laufende 0  pts 60  lose
score Al +50 Bea +50 Cy +50 Di -150
"""


def _errors(text: str):
    res = validate_text(text, "t.shn")
    return [e for r in res.rejected for e in r.errors] + list(res.errors), res


def test_a_thrown_in_deal_is_a_hand_of_its_own_with_zero_units(tmp_path):
    errs, res = _errors(SESSION)
    assert errs == [], [str(e) for e in errs]
    by = {vh.outcome.hand: vh.outcome for vh in res.hands}
    assert sorted(by) == [1, 2, 3, 4, 5]
    for n in (2, 3):
        o = by[n]
        assert (o.game, o.game_type, o.outcome, o.picker, o.status) == ("schafkopf", "thrown", "misdeal", None,
                                                                        "score-sheet")
        assert o.units == {"Al": 0, "Bea": 0, "Cy": 0, "Di": 0}
    assert by[2].provenance["units"] == "derived" and by[3].provenance["units"] == "verified"
    # hand 4: 61 Augen win a Herz-Solo (G-12), 50 from each opponent: Di +150
    assert by[4].units == {"Al": -50, "Bea": -50, "Cy": -50, "Di": 150} and by[4].outcome == "win"
    # hand 5: 60-60 the declaring party loses (G-12): Di pays 50 to each: -150
    assert by[5].units == {"Al": 50, "Bea": 50, "Cy": 50, "Di": -150} and by[5].outcome == "lose"
    # the session's totals, by hand: Al -10+0+0-50+50 = -10; Bea +10-50+50 = +10; Cy +10-50+50 = +10;
    # Di -10+150-150 = -10 — the thrown-in deals change nothing, and the session is zero-sum
    tot = {p: sum(o.units[p] for o in by.values()) for p in ("Al", "Bea", "Cy", "Di")}
    assert tot == {"Al": -10, "Bea": 10, "Cy": 10, "Di": -10}
    db = tmp_path / "t.duckdb"
    with sto.Store(db) as s:
        s.ingest_file(res)
    with sto.reading(db) as con:
        rows = con.execute("SELECT hand, game_type, outcome, sk_game, trump_suit FROM hands ORDER BY hand").fetchall()
    assert rows[1:3] == [(2, "thrown", "misdeal", None, None), (3, "thrown", "misdeal", None, None)]


def test_the_canonical_form_keeps_thrown():
    out = write(read(SESSION))
    assert "hand 2  dealer Al\nthrown\n\nhand 3  dealer Bea\nthrown\nscore Al 0 Bea 0 Cy 0 Di 0\n" in out
    assert write(read(out)) == out  # canonical: a fixed point
    assert read(SESSION).hands[1].thrown is not None and read(SESSION).hands[0].thrown is None


@pytest.mark.parametrize("body, code, token", [
    # ramsch=on (schafkopf-bsv's default): a deal nobody announces is played as a Ramsch (G-4, G-17)
    ("hand 1  dealer Di\nthrown\n", "E-SK-THROWN", "thrown"),
])
def test_thrown_under_ramsch_on_is_refused(body, code, token):
    text = HEAD.replace("; ramsch=off", "") + body
    errs, _ = _errors(text)
    assert [e.code for e in errs] == [code]
    line = text.split("\n").index(body.split("\n")[1]) + 1
    assert (errs[0].line, errs[0].col) == (line, 1)


@pytest.mark.parametrize("body, code, found", [
    ("hand 1  dealer Di\nthrown\nscore Al +10 Bea -10 Cy 0 Di 0\n", "E-SCORE", "+10"),
    ("hand 1  dealer Di\nthrown\nkontra Al\n", "E-SK-THROWN", "kontra"),
    ("hand 1  dealer Di\nthrown\npts 60\n", "E-SK-THROWN", "pts"),
    ("hand 1  dealer Di\nthrown\nramsch\n", "E-HAND-KIND", "both"),
    ("hand 1  dealer Di\nthrown\ngame Bea wenz\n", "E-HAND-KIND", "both"),
])
def test_what_a_thrown_in_deal_cannot_have(body, code, found):
    errs, res = _errors(HEAD + body)
    assert [e.code for e in errs] == [code], [str(e) for e in errs]
    assert str(errs[0].found) == found and res.hands == []


def test_thrown_in_a_sheepshead_hand_is_a_schafkopf_statement():
    text = """%SHN 1.0
[Seats "Al; Bea; Cy; Di; Ed"]
[Rules "wi5-ace"]

hand 1  dealer Al
thrown
"""
    errs, _ = _errors(text)
    assert [e.code for e in errs] == ["E-SK-STATEMENT"]


def test_shead_replay_names_a_thrown_in_deal(tmp_path):
    from typer.testing import CliRunner  # noqa: PLC0415

    from ingest.cli import app  # noqa: PLC0415

    p = tmp_path / "thrown.shn"
    p.write_text(SESSION, encoding="utf-8")
    db = tmp_path / "r.duckdb"
    r = CliRunner()
    assert r.invoke(app, ["ingest", str(p), "--db", str(db)]).exit_code == 0
    res = r.invoke(app, ["replay", "thrown#2", "--db", str(db)])
    assert res.exit_code == 0, res.output
    assert "thrown in (nobody announced)" in res.stdout and "Units:   Al +0   Bea +0   Cy +0   Di +0" in res.stdout
