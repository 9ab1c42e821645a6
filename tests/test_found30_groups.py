"""break30 F1: two groups' nights under one session id were merged without a word.

A session is known by its ``[Session]`` tag, else by its ``[Event]``, ``[Date]`` and ``[Table]`` joined with
`` / `` (notation.md §3 "Session", docs/notation.md §4.2), and a session is one group's night (its ``[Event]``,
``sessions.group``).  A file whose session id is a stored session's, but whose group is another, or whose derived
id only collides with another session's, is refused whole (``E-SESSION-GROUP``, ``E-SESSION-ID``) at its tag, and
nothing stored changes.  The records are the tester's (/tmp/break30/g1.shn, g2.shn, g3.shn, id1.shn, id2.shn,
id6.shn), copied here.
"""

from __future__ import annotations

import json
from pathlib import Path

import duckdb

from tests.cli_helpers import cli, ingest_json, ledger, write

G1 = """%SHN 1.0
[Session "2025-03-06"]
[Event "Club A"]
[Date "2025.03.06"]
[Seats "Al; Bea; Cy; Di; Ed"]
[Rules "wi5-called-ace; noPick=doubler"]

hand 1  dealer Al
pick Cy  call AS  partner Ed  pts 72  win

hand 2  dealer Bea
doubler
"""

G2 = """%SHN 1.0
[Session "2025-03-06"]
[Event "Club B"]
[Date "2025.03.06"]
[Seats "Al; Bea; Cy; Di; Ed"]
[Rules "wi5-called-ace; noPick=doubler"]

hand 1  dealer Al
pick Di  call AH  partner Bea  pts 80  win

hand 2  dealer Bea
pick Al  call AC  partner Cy  pts 40  lose

hand 3  dealer Cy
pick Ed  alone  pts 95  win-s
"""

G3 = """%SHN 1.0
[Session "2025-03-06"]
[Event "Club B"]
[Date "2025.03.06"]
[Seats "Al; Bea; Cy; Di; Ed"]
[Rules "wi5-called-ace; noPick=doubler"]

hand 3  dealer Cy
pick Ed  alone  pts 95  win-s
"""

SEATS = '[Seats "Al=Allen Braun; Bea=Bea Schmidt; Cy=Cy Ott; Di=Di Lenz; Ed=Ed Kahl"]'

ID1 = f"""%SHN 1.0
[Event "Club"]
[Date "2025.03.06"]
[Table "2"]
{SEATS}
[Rules "wi5-called-ace"]

hand 1  dealer Al
pick Cy  call AS  partner Ed  pts 72  win
"""

ID2 = f"""%SHN 1.0
[Event "Club / 2025.03.06 / 2"]
{SEATS}
[Rules "wi5-called-ace"]

hand 1  dealer Al
pick Cy  call AS  partner Ed  pts 72  win

hand 2  dealer Bea
pick Di  alone  pts 93  win-s
"""

ID6 = f"""%SHN 1.0
[Session "Club / 2025.03.06 / 2"]
[Event "Other Club"]
[Date "2025.03.06"]
{SEATS}
[Rules "wi5-called-ace"]

hand 1  dealer Al
pick Cy  call AS  partner Ed  pts 72  win

hand 2  dealer Bea
pick Di  alone  pts 93  win-s
"""

# By hand (rules.md B-27, B-28, B-31, B-33, five-handed, double on the bump on):
# * g1 hand 1: Cy picks, Ed partner, 72 -> a plain win (61-90), x1: Cy +2, Ed +1, Al/Bea/Di -1 each (sum 0);
#   hand 2 a doubler (D-11): no units.  Club A: Cy +2, Ed +1, Al -1, Bea -1, Di -1.
CLUB_A = {"Cy": 2, "Ed": 1, "Al": -1, "Bea": -1, "Di": -1}
# * g3's hand 3 in a session of its own: Ed alone, 95 -> schneider (91+, B-28), x2; alone, 4 shares: Ed +8, each of
#   the 4 defenders -2 (B-33 "Picker alone, Win schneider +8 / -2"); Club B has no doubler before it (its own
#   night), so x1 -- not x2 as when it was filed under Club A's night, after Club A's doubler (Ed +16, -4 each).
CLUB_B = {"Ed": 8, "Al": -2, "Bea": -2, "Cy": -2, "Di": -2}
# * id1 hand 1: as g1 hand 1 with names: Cy Ott +2, Ed Kahl +1, the others -1.
CLUB = {"Cy Ott": 2, "Ed Kahl": 1, "Allen Braun": -1, "Bea Schmidt": -1, "Di Lenz": -1}
# * id6 / id2 in a session of their own: hand 1 as id1's (Cy +2, Ed +1, others -1); hand 2 Di alone 93 -> schneider
#   x2, alone: Di +8, the others -2.  Totals: Cy 2-2=0, Ed 1-2=-1, Al -1-2=-3, Bea -1-2=-3, Di -1+8=+7 (sum 0).
OTHER = {"Cy Ott": 0, "Ed Kahl": -1, "Allen Braun": -3, "Bea Schmidt": -3, "Di Lenz": 7}


def stored(db: Path) -> tuple:
    """Everything a refusal must leave as it was: sessions, hands and their units."""
    with duckdb.connect(str(db), read_only=True) as con:
        return (con.execute('SELECT session_id, session, "group", date, header FROM sessions ORDER BY 1').fetchall(),
                con.execute("SELECT hand_id, session_id, hand, \"group\", stake, multiplier, outcome FROM hands "
                            "ORDER BY 1").fetchall(),
                con.execute("SELECT hand_id, seat, units FROM hand_units ORDER BY 1, 2").fetchall())


def test_a_second_group_under_a_stored_session_tag_is_refused_not_merged(tmp_path):
    db = tmp_path / "g.duckdb"
    cli("ingest", write(tmp_path, "g1.shn", G1), "--db", str(db))
    assert ledger(db, "--group", "Club A") == CLUB_A
    before = stored(db)
    rep = ingest_json(write(tmp_path, "g3.shn", G3), db)
    assert rep["ingested"] == 0 and rep["duplicates"] == 0
    [e] = rep["rejected"]
    # at g3's [Event] tag (line 3, column 1), naming both groups and the way out
    assert (e["code"], e["line"], e["col"], e["hand"]) == ("E-SESSION-GROUP", 3, 1, 3)
    assert "'Club A'" in e["message"] and "'Club B'" in e["message"]
    assert "[Session] tag of its own" in e["message"] and '[Session "2025-03-06 Club B"]' in e["message"]
    assert e["found"] == '[Event "Club B"] under [Session "2025-03-06"]'
    assert e["expected"].startswith('[Event "Club A"]')
    assert stored(db) == before  # nothing stored changed
    assert ledger(db, "--group", "Club A") == CLUB_A
    r = cli("ledger", "--group", "Club B", "--db", str(db), ok=False)
    assert "no stored hand" in r.output
    # Club A's night lacks nothing: the refusal is filed apart, not under its session
    with duckdb.connect(str(db), read_only=True) as con:
        assert con.execute("SELECT DISTINCT session FROM rejected").fetchall() == [("2025-03-06 (another group)",)]
    rows = json.loads(cli("ledger", "--group", "Club A", "--db", str(db), "--json").output.split("\n")[0])
    assert [r["incomplete_sessions"] for r in rows] == [0] * 5
    # the way the message gives: its own [Session] tag -> stored, scored as Club B's own night
    fixed = G3.replace('[Session "2025-03-06"]', '[Session "2025-03-06 Club B"]')
    rep = ingest_json(write(tmp_path, "g3b.shn", fixed), db)
    assert rep["ingested"] == 1 and rep["rejected"] == []
    assert ledger(db, "--group", "Club B") == CLUB_B and sum(CLUB_B.values()) == 0
    assert ledger(db, "--group", "Club A") == CLUB_A


def test_another_groups_night_under_the_tag_is_refused_whole_not_as_another_night(tmp_path):
    """g2.shn: hands 1-3 of Club B under Club A's [Session] tag: E-SESSION-GROUP for each (it was E-HAND-CONFLICT,
    "looks like another night ... write its own [Date]", its [Date] being the stored night's already)."""
    db = tmp_path / "g.duckdb"
    cli("ingest", write(tmp_path, "g1.shn", G1), "--db", str(db))
    before = stored(db)
    rep = ingest_json(write(tmp_path, "g2.shn", G2), db)
    assert rep["ingested"] == 0
    assert [(e["code"], e["line"], e["hand"]) for e in rep["rejected"]] == [
        ("E-SESSION-GROUP", 3, 1), ("E-SESSION-GROUP", 3, 2), ("E-SESSION-GROUP", 3, 3)]
    assert all("own [Date]" not in e["message"] for e in rep["rejected"])
    assert stored(db) == before


def test_the_same_groups_other_night_under_the_tag_is_told_to_give_its_own_session_tag(tmp_path):
    """Club A's next week under last week's [Session] tag, with its own [Date] written: the session is known by the
    tag, so the advice is its own [Session] tag (it said "write its own [Date] ... its [Date "2025.03.06"] is the
    stored night's", while the file's [Date] was 2025.03.13)."""
    db = tmp_path / "g.duckdb"
    cli("ingest", write(tmp_path, "g1.shn", G1), "--db", str(db))
    before = stored(db)
    week = G2.replace("Club B", "Club A").replace('[Date "2025.03.06"]', '[Date "2025.03.13"]')
    rep = ingest_json(write(tmp_path, "week.shn", week), db)
    assert rep["ingested"] == 0 and rep["rejected"]
    night = [e for e in rep["rejected"] if "look like another night" in e["message"]]
    assert night, rep["rejected"]
    for e in night:
        assert "write its own [Date]" not in e["message"]
        assert "give it a [Session] tag of its own" in e["message"]
        assert '[Session "2025-03-06"]' in e["message"]
    assert stored(db) == before
    # the same night under a [Date] tag alone (no [Session]) keeps the [Date] advice
    plain = G1.replace('[Session "2025-03-06"]\n', "")
    db2 = tmp_path / "d.duckdb"
    cli("ingest", write(tmp_path, "p1.shn", plain), "--db", str(db2))
    other = G2.replace('[Session "2025-03-06"]\n', "").replace("Club B", "Club A")
    rep = ingest_json(write(tmp_path, "p2.shn", other), db2)
    assert any("write its own [Date]" in e["message"] for e in rep["rejected"])


def test_a_copy_of_a_stored_hand_under_another_group_is_no_duplicate(tmp_path):
    """id6.shn: [Session "Club / 2025.03.06 / 2"] (id1.shn's derived id), [Event "Other Club"]; its hand 1 is word
    for word id1's: it was counted a duplicate and its hand 2 stored into Club's night, Other Club's ledger lacking
    hand 1.  Now both hands are refused, nothing stored changes; under its own [Session] both are Other Club's."""
    db = tmp_path / "i.duckdb"
    cli("ingest", write(tmp_path, "id1.shn", ID1), "--db", str(db))
    assert ledger(db) == CLUB
    before = stored(db)
    rep = ingest_json(write(tmp_path, "id6.shn", ID6), db)
    assert rep["ingested"] == 0 and rep["duplicates"] == 0
    assert [(e["code"], e["line"], e["hand"]) for e in rep["rejected"]] == [
        ("E-SESSION-GROUP", 3, 1), ("E-SESSION-GROUP", 3, 2)]
    assert "'Club'" in rep["rejected"][0]["message"] and "'Other Club'" in rep["rejected"][0]["message"]
    assert stored(db) == before
    rep = ingest_json(write(tmp_path, "id6b.shn", ID6.replace("Club / 2025.03.06 / 2", "Other Club 2025.03.06")), db)
    assert rep["ingested"] == 2 and rep["duplicates"] == 0
    assert ledger(db, "--group", "Other Club") == OTHER and sum(OTHER.values()) == 0
    assert ledger(db, "--group", "Club") == CLUB


def test_a_derived_session_id_that_collides_is_refused(tmp_path):
    """id2.shn: no [Session], [Date] or [Table]; its [Event "Club / 2025.03.06 / 2"] alone makes the id
    'Club / 2025.03.06 / 2', id1.shn's (Club, 2025.03.06, table 2): its hand 1 was a duplicate and hand 2 stored
    into Club's night.  Refused (E-SESSION-ID at its [Event], line 2), both ways round, nothing stored changing."""
    db = tmp_path / "i.duckdb"
    cli("ingest", write(tmp_path, "id1.shn", ID1), "--db", str(db))
    before = stored(db)
    rep = ingest_json(write(tmp_path, "id2.shn", ID2), db)
    assert rep["ingested"] == 0 and rep["duplicates"] == 0
    assert [(e["code"], e["line"], e["col"], e["hand"]) for e in rep["rejected"]] == [
        ("E-SESSION-ID", 2, 1, 1), ("E-SESSION-ID", 2, 1, 2)]
    e = rep["rejected"][0]
    assert "[Session] tag of its own" in e["message"]
    assert e["found"] == '[Event "Club / 2025.03.06 / 2"]'
    assert e["expected"] == '[Event "Club"] [Date "2025.03.06"] [Table "2"], or a [Session] tag of its own'
    assert stored(db) == before
    assert ledger(db) == CLUB
    # the other way round: id2 stored first, id1 refused
    db2 = tmp_path / "j.duckdb"
    cli("ingest", write(tmp_path, "id2.shn", ID2), "--db", str(db2))
    before = stored(db2)
    rep = ingest_json(write(tmp_path, "id1.shn", ID1), db2)
    assert [(e["code"], e["hand"]) for e in rep["rejected"]] == [("E-SESSION-ID", 1)]
    assert stored(db2) == before
    # a session stored with that derived id, sent again, is its duplicates as before
    rep = ingest_json(write(tmp_path, "id2again.shn", ID2), db2)
    assert (rep["ingested"], rep["duplicates"], rep["rejected"]) == (0, 2, [])


def test_two_groups_under_one_tag_in_one_file(tmp_path):
    """g1 and g3 joined into one file (cat: a second %SHN header, W-SHN-AGAIN): g3's block is refused, g1's stored."""
    db = tmp_path / "c.duckdb"
    rep = ingest_json(write(tmp_path, "both.shn", G1 + "\n" + G3), db)
    assert rep["ingested"] == 2
    assert [(e["code"], e["line"], e["hand"]) for e in rep["rejected"]] == [("E-SESSION-GROUP", 16, 3)]
    assert "above" in rep["rejected"][0]["message"]
    assert ledger(db, "--group", "Club A") == CLUB_A


def test_the_service_refuses_with_what_differs_and_names_no_other_group(tmp_path):
    """shead serve: a scorer of group 'Club / 2025.03.06 / 2' posting id2.shn after Club's id1.shn was 403
    E-GROUP, "found 'Club / 2025.03.06 / 2', expected 'Club / 2025.03.06 / 2'": the session id against the
    group, the same text.  Now found and expected say what differs, and Club's name is not told to that group."""
    from dashboard.service import Caller, Service

    db = tmp_path / "s.duckdb"
    cli("ingest", write(tmp_path, "id1.shn", ID1), "--db", str(db))
    before = stored(db)
    svc = Service(db, hold=0)
    try:
        body, status = svc.post_one(Caller(1, "Club / 2025.03.06 / 2", "scorer"), "id2.shn", ID2.encode(), False)
        assert status == 403 and body["ingested"] == 0
        assert [(e["code"], e["hand"]) for e in body["rejected"]] == [("E-GROUP", 1), ("E-GROUP", 2)]
        for e in body["rejected"]:
            assert e["found"] != e["expected"]
            assert "'Club'" not in e["message"] and "id1.shn" not in e["message"]
            assert "[Session] tag of its own" in e["message"]
        body, status = svc.post_one(Caller(2, "Club B", "scorer"), "g3.shn", G3.encode(), False)
        assert status == 200  # no session 2025-03-06 stored yet
        body, status = svc.post_one(Caller(3, "Club A", "scorer"), "g1.shn", G1.encode(), False)
        assert status == 403
        [e] = [x for x in body["rejected"] if x["hand"] == 1]
        assert e["code"] == "E-GROUP" and "'Club B'" not in e["message"] and e["found"] != e["expected"]
    finally:
        svc.close()
    with duckdb.connect(str(db), read_only=True) as con:
        assert json.loads(json.dumps(con.execute('SELECT session, "group" FROM sessions ORDER BY 1').fetchall())) == [
            ["2025-03-06", "Club B"], ["Club / 2025.03.06 / 2", "Club"]]
    assert stored(db)[2][:len(before[2])] == before[2]


def test_a_signed_in_group_is_told_e_group_without_the_other_groups_name(tmp_path):
    """The dashboard signed in for a group (dashboard.access.GroupStore): g3.shn of Club B under Club A's stored
    [Session] tag is refused with E-GROUP, found and expected differing, Club A's name not told; nothing stored
    changes."""
    from dashboard.access import GroupStore
    from ingest.pipeline import load_bytes

    db = tmp_path / "a.duckdb"
    cli("ingest", write(tmp_path, "g1.shn", G1), "--db", str(db))
    before = stored(db)
    with GroupStore(db, "Club B") as store:
        result, _ = load_bytes("g3.shn", G3.encode(), store)
        rep = store.ingest_file(result, plan=store.last_plan[1])
    [r] = rep.rejected
    d = r.errors[0]
    assert (d.code, d.line, d.hand) == ("E-GROUP", 3, 3) and rep.stored == 0
    assert d.found != d.expected and "Club A" not in d.message + d.found + d.expected
    assert stored(db) == before
