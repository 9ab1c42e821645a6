"""The four-player 24-card fox game as a logged label (``[Rules "fox4"]``;
rules.md F-6: "A different game — out of scope except as a logged label";
docs/profiles.md "The fox game (F-6)").  Issue 18 asks for the game; the
shared rules win: the hands are recorded with their tokens and points as
written, checked only for what F-6 makes checkable (13 tokens a deal; 7–9
tokens 1 point, 10–12 two, buck 7, hunters 14), never replayed, and stored
apart from Sheepshead units.

Every expected number is worked out in the comment beside it from F-6.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from dashboard import metrics as m
from ingest import store as sto
from ingest.shn.reader import read
from ingest.shn.writer import write
from ingest.validate import validate_file, validate_text
from replay.facts import facts
from replay.judge_fox import fox_points

FIX = Path(__file__).parent / "fixtures" / "profiles"
HEAD = '%SHN 1.0\n[Event "fox"]\n[Date "2026.12.01"]\n[Seats "N; E; S; W"]\n[Rules "{rules}"]\n\n'


def run(body: str, rules: str = "fox4"):
    r = validate_text(HEAD.format(rules=rules) + body, "f.shn")
    return {h.outcome.hand: h.outcome for h in r.hands}, [e for x in r.rejected for e in x.errors]


@pytest.mark.parametrize("tokens, buck, points", [
    (0, False, 0), (6, False, 0),            # below 7: nothing
    (7, False, 1), (9, False, 1),            # 7-9: one point (F-6)
    (10, False, 2), (12, False, 2),          # 10-12: two
    (13, False, 2),                          # 13 tokens without every trick: the top band, 2 (our choice)
    (13, True, 7),                           # every trick ("buck"): 7
])
def test_point_schedule(tokens, buck, points):
    assert fox_points(tokens, buck) == points


def test_point_schedule_refuses_more_than_a_deal():
    with pytest.raises(ValueError):
        fox_points(14)


def test_worked_hands():
    """fox4.shn, seats N E S W, foxSides=each (each for himself):
    hand 1 tokens 7+3+2+1 = 13: N 7 -> 1 point, the others under 7 -> 0;
    hand 2 tokens 0+10+3+0 = 13: E 10 -> 2;
    hand 3 tokens 2+3+4+4 = 13: nobody reaches 7, nobody scores;
    hand 4 buck S with 13 tokens -> S 7;
    hand 5 hunters E -> E 14, the others 0 (no tokens: the deal is not played).
    Over the session: N 1, E 2 + 14 = 16, S 7, W 0 — fox points, not zero-sum."""
    r = validate_file(FIX / "fox4.shn")
    assert not r.rejected
    got = {h.outcome.hand: h.outcome for h in r.hands}
    assert got[1].units == {"N": 1, "E": 0, "S": 0, "W": 0}
    assert got[2].units == {"N": 0, "E": 2, "S": 0, "W": 0}
    assert got[3].units == {"N": 0, "E": 0, "S": 0, "W": 0}
    assert got[4].units == {"N": 0, "E": 0, "S": 7, "W": 0} and got[4].game_type == "buck"
    assert got[5].units == {"N": 0, "E": 14, "S": 0, "W": 0} and got[5].game_type == "hunters"
    assert all(o.game == "fox" and o.status == "score-sheet" for o in got.values())
    assert got[1].rules_flags["foxSides"] == "each" and got[1].rules_flags["foxTarget"] == 21
    totals = {x: sum(o.units[x] for o in got.values()) for x in "NESW"}
    assert totals == {"N": 1, "E": 16, "S": 7, "W": 0}


def test_pairs_add_the_partners_tokens():
    # foxSides=pairs: N+S and E+W (the seats across).  N 4 + S 4 = 8 -> 1 point each;
    # E 3 + W 2 = 5 -> 0.  Without pairs N and S (4 each) would score nothing.
    got, errs = run("hand 1 dealer W\ntokens N 4 E 3 S 4 W 2\nscore N +1 E 0 S +1 W 0\n",
                    "fox4; foxSides=pairs; foxTarget=42")
    assert errs == [] and got[1].units == {"N": 1, "E": 0, "S": 1, "W": 0}
    assert got[1].rules_flags["foxTarget"] == 42
    got, errs = run("hand 1 dealer W\ntokens N 4 E 3 S 4 W 2\nscore N +1 E 0 S +1 W 0\n")
    assert [e.code for e in errs] == ["E-SCORE"]  # each for himself: N's 4 tokens score 0
    # a pair's buck: E 6 + W 7 = 13 with every trick -> 7 each
    got, errs = run("hand 1 dealer W\ntokens N 0 E 6 S 0 W 7 buck W\n", "fox4; foxSides=pairs")
    assert errs == [] and got[1].units == {"N": 0, "E": 7, "S": 0, "W": 7}


def test_points_derived_when_not_written_and_taken_as_written_when_tokens_unknown():
    got, errs = run("hand 1 dealer W\ntokens N 1 E 11 S 1 W 0\n")  # 1+11+1+0 = 13: E 11 -> 2
    assert errs == [] and got[1].units == {"N": 0, "E": 2, "S": 0, "W": 0}
    assert got[1].provenance["units"] == "derived"
    got, errs = run("hand 1 dealer W\ntokens N ? E 8 S ? W 0\nscore N 0 E +1 S 0 W 0\n")
    assert errs == [] and got[1].units["E"] == 1 and got[1].provenance["units"] == "asserted"


@pytest.mark.parametrize("body, code, line, col", [
    # 7+3+2+0 = 12 tokens: a deal has 13 (F-6)
    ("hand 1 dealer W\ntokens N 7 E 3 S 2 W 0\n", "E-FOX-TOKENS", 8, 1),
    # N's 7 tokens score 1, not 2: at N's score entry (column of "+2")
    ("hand 1 dealer W\ntokens N 7 E 3 S 2 W 1\nscore N +2 E 0 S 0 W 0\n", "E-SCORE", 9, 9),
    # buck with 12 tokens: every trick holds every counter and the last trick
    ("hand 1 dealer W\ntokens N 12 E 1 S 0 W 0 buck N\n", "E-FOX-BUCK", 8, 30),  # at the seat of buck
    # the hunters' holder scores 14
    ("hand 1 dealer W\nhunters E\nscore N 0 E +7 S 0 W 0\n", "E-SCORE", 9, 13),
    # cards are never replayed (F-6: a label)
    ("hand 1 dealer W\ndeal N AD TD KD QD 9D QC\ntokens N 7 E 3 S 2 W 1\n", "E-FOX-CARDS", 8, 1),
    ("hand 1 dealer W\nt1 N: AD TD KD QD\ntokens N 7 E 3 S 2 W 1\n", "E-FOX-CARDS", 8, 1),
    # Sheepshead statements have no meaning here
    ("hand 1 dealer W\npick N\ntokens N 7 E 3 S 2 W 1\n", "E-FOX-STATEMENT", 8, 6),
    ("hand 1 dealer W\ntokens N 7 E 3 S 2 W 1 win\n", "E-FOX-STATEMENT", 8, 24),
    # neither tokens nor hunters
    ("hand 1 dealer W\nscore N 0 E 0 S 0 W 0\n", "E-FOX-TOKENS", 7, 1),
    # a seat left out of tokens
    ("hand 1 dealer W\ntokens N 7 E 3 S 3\n", "E-FOX-TOKENS", 8, 1),
])
def test_refused_at_the_statement(body, code, line, col):
    _, errs = run(body)
    assert errs and (errs[0].code, errs[0].line, errs[0].col) == (code, line, col), errs


def test_reader_errors():
    _, errs = run("hand 1 dealer W\ntokens N 14 E 0 S 0 W 0\n")  # more than a deal holds
    assert errs[0].code == "E-NUMBER"
    _, errs = run("hand 1 dealer W\ntokens N 7 N 3 S 2 W 1\n")
    assert errs[0].code == "E-DUPLICATE"


@pytest.mark.parametrize("rules, code", [("fox4; foxSides=trios", "E-RULES-VALUE"),
                                         ("fox4; doubleOnBump=off", "E-RULES-FLAG"),
                                         ("fox4; foxTarget=21; foxTarget=42", "E-RULES-FLAG")])
def test_flags(rules, code):
    _, errs = run("hand 1 dealer W\ntokens N 7 E 3 S 2 W 1\n", rules)
    assert errs[0].code == code


def test_five_seats_refused():
    text = HEAD.format(rules="fox4").replace('"N; E; S; W"', '"N; E; S; W; X"')
    r = validate_text(text + "hand 1 dealer W\ntokens N 7 E 3 S 2 W 1 X 0\n", "f.shn")
    assert r.rejected[0].errors[0].code == "E-SEATS"


def test_written_back_the_same():
    doc = read((FIX / "fox4.shn").read_text())
    again = read(write(doc))
    assert [facts(h) for h in again.hands] == [facts(h) for h in doc.hands]
    assert "tokens N 0 E 0 S 13 W 0  buck S" in write(doc)


def test_stored_apart_from_units(db):
    """fox4.shn with wi2-battery.shn in one database: the Sheepshead leaderboard
    holds Al and Bea only (their units: hand 1 Al -2 Bea +2, hand 2 Al +1 Bea -1,
    hand 3 Al +1 Bea -1 -> Al 0, Bea 0); the fox points are their own table
    (N 1, E 16, S 7, W 0, playing to 21: E 16 < 21 has not reached it)."""
    with sto.Store(db) as s:
        s.ingest_file(validate_file(FIX / "fox4.shn"))
        s.ingest_file(validate_file(FIX / "wi2-battery.shn"))
    with sto.reading(db) as con:
        f = m.Filters()
        lb = m.leaderboard(con, f)
        assert set(lb["player"]) == {"Allen Braun", "Bea Schmidt"} and lb["units"].to_list() == [0, 0]
        fx = m.fox_points(con, f)
        assert dict(zip(fx["player"], fx["fox_points"])) == {"Emil": 16, "Sepp": 7, "Nora": 1, "Walt": 0}
        assert not any(fx["reached"]) and set(fx["target"]) == {21}
        units = m.ledger_units(con, f)
        fox_rows = units.filter(units["game"] == "fox")
        assert set(fox_rows["unit"]) == {"fox points"} and fox_rows["total"].sum() == 24  # 1 + 16 + 7 + 0
        game = con.sql("SELECT DISTINCT game FROM hands ORDER BY 1").fetchall()
        assert game == [("fox",), ("sheepshead",)]


def test_ledger_page_shows_fox_points_apart(db, monkeypatch):
    from streamlit.testing.v1 import AppTest  # noqa: PLC0415

    with sto.Store(db) as s:
        s.ingest_file(validate_file(FIX / "fox4.shn"))
        s.ingest_file(validate_file(FIX / "wi2-battery.shn"))
    monkeypatch.setenv("SHEAD_DB", str(db))
    page = Path(__file__).resolve().parents[1] / "dashboard" / "pages" / "ledger.py"
    at = AppTest.from_file(str(page), default_timeout=60)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    assert "Fox game points" in [h.value for h in at.subheader]
    fx = next(d.value for d in at.dataframe if "fox_points" in d.value.columns)
    assert dict(zip(fx["player"], fx["fox_points"])) == {"Emil": 16, "Sepp": 7, "Nora": 1, "Walt": 0}
    lb = at.dataframe[0].value  # the leaderboard: Sheepshead players only
    assert set(lb["player"]) == {"Allen Braun", "Bea Schmidt"}


def test_cli_replay_says_fox_points(db):
    from typer.testing import CliRunner  # noqa: PLC0415

    from ingest.cli import app  # noqa: PLC0415

    r = CliRunner()
    assert r.invoke(app, ["ingest", str(FIX / "fox4.shn"), "--db", str(db)]).exit_code == 0
    res = r.invoke(app, ["replay", "5", "--db", str(db)])
    assert res.exit_code == 0 and "Fox:     N +0   E +14   S +0   W +0" in res.stdout and "Units:" not in res.stdout
    res = r.invoke(app, ["rederive", "--db", str(db)])
    assert res.exit_code == 0 and "0 changed" in res.stdout + res.stderr


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

splits = st.lists(st.integers(0, 13), min_size=3, max_size=3).filter(lambda xs: sum(xs) <= 13).map(
    lambda xs: [*xs, 13 - sum(xs)])


@settings(max_examples=40, deadline=None)
@given(splits, st.booleans())
def test_any_deal_of_13_tokens_scores_one_seat_or_pair_at_most(tokens, pairs):
    """13 tokens among four: at most one seat holds 7 or more (7 + 7 > 13), so at most
    one seat (one pair under foxSides=pairs) scores, by F-6's schedule."""
    line = "tokens " + " ".join(f"{x} {t}" for x, t in zip("NESW", tokens))
    got, errs = run(f"hand 1 dealer W\n{line}\n", "fox4; foxSides=pairs" if pairs else "fox4")
    assert errs == []
    u = got[1].units
    if pairs:
        ns, ew = tokens[0] + tokens[2], tokens[1] + tokens[3]
        assert (u["N"], u["E"]) == (fox_points(ns), fox_points(ew)) and u["N"] == u["S"] and u["E"] == u["W"]
        assert min(u["N"], u["E"]) == 0
    else:
        assert [u[x] for x in "NESW"] == [fox_points(t) for t in tokens]
        assert sum(1 for v in u.values() if v) <= 1
