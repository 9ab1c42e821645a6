"""Session 34 (verify34 F2): a night stored before today with a curly apostrophe, continued from a file typed with
the straight one (or with marks mixed), opened a new session and lost the doubler's x2.

newuser34 F1 reads an identity tag's typographic apostrophe as ``'``; a curly-typed file still found the night stored
with the mark (``SessionRec.raw``), but a straight-typed one did not, and a file with a straight ``[Event]`` and a
curly ``[Session]`` (or ‘ in one, ’ in the other) was refused E-SESSION-GROUP, comparing 'Mike’s Tuesday' with
"Mike's Tuesday" without folding the marks.  The tester's records /tmp/verify34/apos/ (old.shn, pc.shn, phone.shn,
phone3.shn, old_ev.shn, pc_ev.shn), inline.

By hand (rules.md B-27, B-28, B-31, B-33, D-11):
hand 1: Lou picks, Ned partner, 74 = a plain win x1: Lou +2, Ned +1, Kurt/Meg/Ole -1 (sum 0).
hand 2: the doubler (noPick=doubler): no units; the next played hand is worth double (D-11).
hand 3: Ned picks, Ole partner, 66 = a plain win x1, x2 for the doubler: Ned +4, Ole +2, Kurt/Lou/Meg -2 (sum 0).
Night: Kurt -1-2 = -3, Lou +2-2 = 0, Meg -1-2 = -3, Ned +1+4 = +5, Ole -1+2 = +1; sum 0 (B-35).
hand 4 (the doubler spent on hand 3): Ole alone, 95 = a schneider win x2: Ole +8, each of four -2 (B-33).
With it: Kurt -5, Lou -2, Meg -5, Ned +3, Ole +9; sum 0.
"""

from __future__ import annotations

import duckdb

from ingest.session_identity import clash
from tests.cli_helpers import cli, ledger, write

SEATS = '[Seats "Kurt=Kurt Weber; Lou=Lou Pagel; Meg=Meg Stoltz; Ned=Ned Hahn; Ole=Ole Brandt"]'
RULES = '[Rules "wi5-called-ace; noPick=doubler"]'
OLD = f"""%SHN 1.0
[Event "Mike\u2019s Tuesday"]
[Session "Mike\u2019s night"]
[Date "2026.12.08"]
{SEATS}
{RULES}

hand 1 dealer Kurt
pick Lou call AC partner Ned pts 74 win

hand 2 dealer Lou
doubler
"""
OLD_EV = OLD.replace('[Session "Mike\u2019s night"]\n', "")
PC = f"""%SHN 1.0
[Event "Mike's Tuesday"]
[Session "Mike's night"]
[Date "2026.12.08"]
{SEATS}
{RULES}

hand 3 dealer Meg
pick Ned call AH partner Ole pts 66 win
"""
PC_EV = PC.replace('[Session "Mike\'s night"]\n', "")
PHONE3 = PC.replace('[Session "Mike\'s night"]', "[Session \u201cMike\u2019s night\u201d]")
PHONE = f"""%SHN 1.0
[Event \u201cMike\u2018s Tuesday\u201d]
[Session \u201cMike\u2019s night\u201d]
[Date "2026.12.08"]
{SEATS}
{RULES}

hand 4 dealer Ned
pick Ole alone pts 95 win-s
"""
NIGHT = {"Kurt Weber": -3, "Lou Pagel": 0, "Meg Stoltz": -3, "Ned Hahn": 5, "Ole Brandt": 1}
WITH_4 = {"Kurt Weber": -5, "Lou Pagel": -2, "Meg Stoltz": -5, "Ned Hahn": 3, "Ole Brandt": 9}


def _old_db(tmp_path, monkeypatch, text=OLD):
    """A database as 4fd85df stored the night: the marks kept (tests/test_found34_apostrophe.py)."""
    import ingest.shn.reader as reader

    db = tmp_path / "a.duckdb"
    monkeypatch.setattr(reader, "_PLAIN_MARKS", {})
    cli("ingest", write(tmp_path, "old.shn", text), "--db", str(db))
    monkeypatch.undo()
    return db


def _one_night(db, session):
    with duckdb.connect(str(db), read_only=True) as con:
        assert [s for (s,) in con.execute("SELECT session FROM sessions").fetchall()] == [session]
        return dict(con.execute("SELECT u.seat, CAST(u.units AS INTEGER) FROM hand_units u JOIN hands h "
                                "USING (hand_id) WHERE h.hand = 3").fetchall())


def test_a_straight_typed_file_finds_the_night_stored_with_the_curly_mark(tmp_path, monkeypatch):
    db = _old_db(tmp_path, monkeypatch)
    r = cli("ingest", write(tmp_path, "pc.shn", PC), "--db", str(db), ok=False)
    assert "1 stored" in r.output and "W-SESSION-GAP" not in r.output, r.output
    assert _one_night(db, "Mike\u2019s night") == {"Ned": 4, "Ole": 2, "Kurt": -2, "Lou": -2, "Meg": -2}
    assert ledger(db) == NIGHT and sum(NIGHT.values()) == 0
    # sent again: a duplicate, not a second night
    r = cli("ingest", write(tmp_path, "pc.shn", PC), "--db", str(db), ok=False)
    assert "0 stored, 1 duplicates" in r.output, r.output
    # the phone's hand 4, its [Event] with ‘ and its [Session] with ’: the same night, no E-SESSION-GROUP
    r = cli("ingest", write(tmp_path, "phone.shn", PHONE), "--db", str(db), ok=False)
    assert "E-SESSION-GROUP" not in r.output and "1 stored" in r.output, r.output
    assert ledger(db) == WITH_4 and sum(WITH_4.values()) == 0


def test_a_straight_event_with_a_curly_session_joins_the_stored_night(tmp_path, monkeypatch):
    db = _old_db(tmp_path, monkeypatch)
    r = cli("ingest", write(tmp_path, "phone3.shn", PHONE3), "--db", str(db), ok=False)
    assert "E-SESSION-GROUP" not in r.output and "1 stored" in r.output, r.output
    assert _one_night(db, "Mike\u2019s night") == {"Ned": 4, "Ole": 2, "Kurt": -2, "Lou": -2, "Meg": -2}
    assert ledger(db) == NIGHT


def test_a_night_known_by_its_event_and_date_is_found_either_way(tmp_path, monkeypatch):
    db = _old_db(tmp_path, monkeypatch, OLD_EV)
    r = cli("ingest", write(tmp_path, "pc_ev.shn", PC_EV), "--db", str(db), ok=False)
    assert "1 stored" in r.output and "E-SESSION" not in r.output, r.output
    assert _one_night(db, "Mike\u2019s Tuesday / 2026.12.08") == {"Ned": 4, "Ole": 2, "Kurt": -2, "Lou": -2,
                                                                  "Meg": -2}
    assert ledger(db) == NIGHT


def test_the_group_check_folds_the_marks():
    assert clash({"Session": "s", "Event": "Mike's Tuesday"}, {"Session": "s", "Event": "Mike\u2019s Tuesday"}) is None
    assert clash({"Session": "s", "Event": "Mike\u2018s Tuesday"}, {"Session": "s", "Event": "Mike\u2019s Tuesday"}) \
        is None
    assert clash({"Session": "s", "Event": "Mike's Tuesday"}, {"Session": "s", "Event": "Mikes Tuesday"}) == "group"
