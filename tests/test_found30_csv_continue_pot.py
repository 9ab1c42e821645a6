"""A CSV sheet that continues a stored night (newuser30), a gap found by verify30:

F1. A pot night (``[Rules "wi5-called-ace; pot=on"]``, hands 1-3 in SHN) continued by a sheet of hands 4-6 with a
    ``Pot`` column: the continued sheet takes the session's rules, so its Pot column is the pot's (rules.md D-19),
    not a sixth player; ``--rules`` meaning the same rules (``wi5-pot``) is no "other rules"; an unnamed sheet of the
    night's date and seat names (and a Pot column) is said to look like it (W-CSV-SESSION).

Every amount is worked out by hand from rules.md (/work/shared/reference/rules.md), profile wi5-called-ace
(doubleOnBump on, B-32) with pot=on (D-19, docs/profiles.md: potTake=all, potLoss=double; a no-pick hand puts one
unit a seat in, 5 at five-handed; the picker side's pot share split picker / partner with the partner a quarter
rounded down, replay.pot.pot_parts):

F1, seats Ann, Bob, Carl, Dora, Emil:
 h1 leaster Bob 12: Bob wins (D-4: +4, the others -1), and every seat antes 1 into the pot (D-19):
    Bob +4-1 = +3, the others -1-1 = -2; pot 0 -> 5.
 h2 Dora picks AH, partner Ann, 52: a plain loss (B-27, B-28 31..60) with DOB (B-33: -4/-2/+2), and the losing side
    pays into the pot what it would have received, the pot's 5 (pot 5 -> 10), Ann 5//4 = 1, Dora 4:
    Dora -4-4 = -8, Ann -2-1 = -3, Bob/Carl/Emil +2; pot +5.
 h3 leaster Emil 20: Emil +3, the others -2; pot 10 -> 15.
 -- the sheet --
 h4 Carl picks AS, partner Bob, 75: a plain win (B-33 +2/+1/-1) and the side takes the 15: Bob 15//4 = 3,
    Carl 12: Carl +14, Bob +4, Ann/Dora/Emil -1; pot -15 -> 0 (the sheet's Pot cell -15).
 h5 leaster Ann 8: Ann +3, the others -2; pot 0 -> 5 (cell 5).
 h6 Emil alone 93: a schneider win (B-28 91..120, x2; alone 4 shares: +8 / -2) and takes the 5: Emil +13,
    the others -2; pot 5 -> 0 (cell -5).
 Night: Ann  -2 -3 -2 -1 +3 -2 = -7;  Bob  +3 +2 -2 +4 -2 -2 = +3;  Carl -2 +2 -2 +14 -2 -2 = +8;
        Dora -2 -8 -2 -1 -2 -2 = -17; Emil -2 +2 +3 -1 -2 +13 = +13.  Sum 0, the pot's +5 +5 +5 -15 +5 -5 = 0 (B-35).
"""

from __future__ import annotations

import duckdb

from tests.cli_helpers import ingest_json, ledger, refused_at, write

POT_SESSION = "Pine Lake Pot Club / 2026.11.05"
POT_NIGHT = """%SHN 1.0
[Event "Pine Lake Pot Club"]
[Date "2026.11.05"]
[Seats "Ann=Ann Reuter; Bob=Bob Kolb; Carl=Carl Weiss; Dora=Dora Fink; Emil=Emil Zahn"]
[Rules "wi5-called-ace; pot=on"]

hand 1  dealer Ann
leaster Bob  pts 12

hand 2  dealer Bob
pick Dora  call AH  partner Ann  pts 52  lose

hand 3  dealer Carl
leaster Emil  pts 20
"""
POT_REST = """Date,Hand,Dealer,Picker,Partner,Call,Points,Leaster,Ann,Bob,Carl,Dora,Emil,Pot
2026-11-05,4,Dora,Carl,Bob,AS,75,,-1,4,14,-1,-1,-15
2026-11-05,5,Emil,,,,8,Ann,3,-2,-2,-2,-2,5
2026-11-05,6,Ann,Emil,,alone,93,,-2,-2,-2,-2,13,-5
"""
POT_REST_SESS = ("Session," + POT_REST.splitlines()[0] + "\n"
                 + "".join(f"{POT_SESSION},{line}\n" for line in POT_REST.splitlines()[1:]))
POT_AFTER_3 = {"Ann Reuter": -7, "Bob Kolb": 3, "Carl Weiss": -2, "Dora Fink": -12, "Emil Zahn": 3}
POT_AFTER_6 = {"Ann Reuter": -7, "Bob Kolb": 3, "Carl Weiss": 8, "Dora Fink": -17, "Emil Zahn": 13}

def _db(tmp_path, name: str, text: str, count: int, after: dict[str, int], pot: int = 0):
    """``pot``: what the pot holds after the stored hands (the players' totals sum to minus it, B-35, D-19)."""
    db = tmp_path / "club.duckdb"
    assert ingest_json(write(tmp_path, name, text), db)["ingested"] == count
    assert ledger(db) == after and sum(after.values()) + pot == 0
    return db


def _sessions(db) -> list[tuple[str, int, int, int]]:
    with duckdb.connect(str(db), read_only=True) as con:
        return con.execute("SELECT session, count(*), min(hand), max(hand) FROM hands GROUP BY session "
                           "ORDER BY session").fetchall()


def _pots(db, session: str) -> list[tuple[int, int]]:
    """(hand, the pot seat's units) of each hand of ``session`` (its hand_units row of seat '(pot)': + the pot
    takes, - it pays out)."""
    with duckdb.connect(str(db), read_only=True) as con:
        return con.execute("SELECT h.hand, u.units FROM hands h JOIN hand_units u USING (hand_id) WHERE h.session = ? "
                           "AND u.seat = '(pot)' ORDER BY h.hand", [session]).fetchall()


def _codes(rep: dict) -> list[str]:
    return [w["code"] for w in rep["warnings"]]


def _pot_night(tmp_path):
    # hands 1-3 (module docstring): Ann -2-3-2, Bob +3+2-2, Carl -2+2-2, Dora -2-8-2, Emil -2+2+3; the pot holds 15
    return _db(tmp_path, "potnight.shn", POT_NIGHT, 3, POT_AFTER_3, pot=15)


# -- F1: a pot night continued on a sheet with a Pot column ---------------------------------------------------------

def test_f1_columns_session_continues_a_pot_night_reading_its_pot_column(tmp_path):
    db = _pot_night(tmp_path)
    rep = ingest_json(write(tmp_path, "potrest.csv", POT_REST), db, "--columns", f"session={POT_SESSION}")
    assert (rep["ingested"], refused_at(rep)) == (3, []), rep
    assert "W-CSV-POT" not in _codes(rep), rep["warnings"]
    assert _sessions(db) == [(POT_SESSION, 6, 1, 6)]
    assert ledger(db) == POT_AFTER_6 and sum(POT_AFTER_6.values()) == 0
    pots = _pots(db, POT_SESSION)
    assert pots == [(1, 5), (2, 5), (3, 5), (4, -15), (5, 5), (6, -5)] and sum(p for _, p in pots) == 0


def test_f1_a_session_column_continues_a_pot_night(tmp_path):
    db = _pot_night(tmp_path)
    rep = ingest_json(write(tmp_path, "potrest_sesscol.csv", POT_REST_SESS), db)
    assert (rep["ingested"], refused_at(rep)) == (3, []), rep
    assert _sessions(db) == [(POT_SESSION, 6, 1, 6)]
    assert ledger(db) == POT_AFTER_6


def test_f1_rules_of_the_same_meaning_are_the_sessions_rules(tmp_path):
    """``wi5-pot`` is wi5-called-ace with pot=on (docs/profiles.md): the session's rules, not other ones."""
    db = _pot_night(tmp_path)
    rep = ingest_json(write(tmp_path, "potrest.csv", POT_REST), db, "--columns", f"session={POT_SESSION}",
                      "--rules", "wi5-pot")
    assert (rep["ingested"], refused_at(rep)) == (3, []), rep
    assert "E-CSV-SESSION" not in _codes(rep)
    assert ledger(db) == POT_AFTER_6


def test_f1_other_rules_are_still_refused(tmp_path):
    db = _pot_night(tmp_path)
    rep = ingest_json(write(tmp_path, "potrest.csv", POT_REST), db, "--columns", f"session={POT_SESSION}",
                      "--rules", "wi5-called-ace")
    assert rep["ingested"] == 0
    errs = [e for e in rep["rejected"] + rep.get("errors", []) + rep["warnings"] if e["code"] == "E-CSV-SESSION"]
    assert errs and errs[0]["found"] == "wi5-called-ace", rep
    assert ledger(db) == POT_AFTER_3


def test_f1_an_unnamed_pot_sheet_is_said_to_look_like_the_pot_night(tmp_path):
    db = _pot_night(tmp_path)
    rep = ingest_json(write(tmp_path, "potrest.csv", POT_REST), db)
    (w,) = [w for w in rep["warnings"] if w["code"] == "W-CSV-SESSION"]
    assert w["expected"] == POT_SESSION and "hands 1-3" in w["message"], w["message"]
    assert f"session={POT_SESSION}" in w["message"]
    # its players are the five seats; the Pot column is said to be the pot's once the night is continued
    assert "players Ann, Bob, Carl, Dora, Emil)" in w["message"] and "'Pot' column is then the pot's" in w["message"]




def test_f1_the_import_page_offers_to_continue_the_pot_night_and_reads_its_pot_column(tmp_path, monkeypatch):
    """The Import page, no rules typed: potrest.csv is said to look like the pot night (W-CSV-SESSION) with its
    Continue button; once continued, the Pot column is the pot's, no player's units column; Import stores hands
    4-6 (module docstring's night)."""
    from pathlib import Path

    from streamlit.testing.v1 import AppTest

    db = _pot_night(tmp_path)
    monkeypatch.setenv("SHEAD_DB", str(db))
    page = Path(__file__).resolve().parents[1] / "dashboard" / "pages" / "import_files.py"
    at = AppTest.from_file(str(page), default_timeout=90)
    at.run()
    at.file_uploader[0].set_value([("potrest.csv", POT_REST.encode(), "text/csv")]).run()
    assert not at.exception, [e.value for e in at.exception]
    said = [w.value for w in at.warning if "W-CSV-SESSION" in w.value]
    assert said and POT_SESSION in said[0] and "hands 1-3" in said[0], [w.value for w in at.warning]
    at.button(key="imp_continue_potrest.csv").click().run()
    assert at.text_input(key="imp_columns").value == f"session={POT_SESSION}"
    assert [i.value for i in at.info if "Continues the stored session" in i.value and POT_SESSION in i.value
            and "after hand 3" in i.value]
    first = at.dataframe[0].value
    assert not [c for c in first.columns if c.startswith("units: Pot")], list(first.columns)
    # row 2 of the sheet, hand 4: Carl +14, Bob +4 (Carl's side takes the pot's 15)
    assert first.loc[0, "units: Carl → Carl Weiss"] == "14" and first.loc[0, "units: Bob → Bob Kolb"] == "4"
    assert not [w.value for w in at.warning if "W-CSV-POT" in w.value]
    at.button(key="imp_go").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert _sessions(db) == [(POT_SESSION, 6, 1, 6)]
    assert ledger(db) == POT_AFTER_6
