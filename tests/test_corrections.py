"""Corrections with an audit trail (issue 12): ``shead ingest --amend FILE``,
``shead void HAND --reason TEXT``, ``shead history HAND [--json]``, through
the command line and the store.  Every revision is kept; the ledger counts
the latest; a voided hand leaves it; the session's later stakes are
re-derived in the same transaction; a kill during an amendment leaves the
earlier revision in force.

The numbers, worked by hand.  Five-handed called ace (rules.md B-31) with
``noPick=doubler`` (D-11, D-12: a hand nobody picks is thrown in and the
next hand is played at twice the stake; ``doubleOnBump`` is off here): in
a won hand each of the three opponents pays 1 x stake, the partner gets
1 x stake, the picker 2 x stake.  An alone picker
who wins gets 4 x stake, each of the four others pays 1 x stake.
"""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import duckdb
import pytest
from typer.testing import CliRunner

from dashboard.metrics import Filters, ledger_by_session
from ingest import store as st
from ingest.cli import app

ROOT = Path(__file__).resolve().parents[1]
SEATS = ["Al", "Bea", "Cy", "Di", "Ed"]
DOUBLER = "wi5-called-ace; noPick=doubler"


def header(session: str = "night", rules: str = DOUBLER) -> str:
    return (f'%SHN 1.0\n[Event "QA"]\n[Session "{session}"]\n[Seats "Al; Bea; Cy; Di; Ed"]\n'
            f'[Rules "{rules}"]\n\n')


def shn(*hands: str, session: str = "night", rules: str = DOUBLER) -> str:
    return header(session, rules) + "\n\n".join(hands) + "\n"


H1_DOUBLER = "hand 1  dealer Ed\ndoubler"
H1_ALONE = "hand 1  dealer Ed\npick Bea  alone  pts 70  win"
H2 = "hand 2  dealer Al\npick Cy  call AS  partner Ed  pts 72  win"
H3 = "hand 3  dealer Bea\npick Di  call AS  partner Ed  pts 70  win"


def units(al, bea, cy, di, ed) -> dict:
    return dict(zip(SEATS, (al, bea, cy, di, ed)))


# hand 2 after a doubler: x2.  Al, Bea, Di -1*2 = -2; Cy +2*2 = +4; Ed +1*2 = +2 (sum 0).
H2_X2 = units(-2, -2, 4, -2, 2)
# hand 2 at x1: Al, Bea, Di -1; Cy +2; Ed +1.
H2_X1 = units(-1, -1, 2, -1, 1)
# hand 3 at x1 (the doubler was played off by hand 2): Al, Bea, Cy -1; Di +2; Ed +1.
H3_X1 = units(-1, -1, -1, 2, 1)
# hand 1 alone at x1: Bea +4, the others -1.
H1_ALONE_UNITS = units(-1, 4, -1, -1, -1)
# a doubler settles nothing: every seat 0.
H1_DOUBLER_UNITS = units(0, 0, 0, 0, 0)

runner = CliRunner()


def cli(*args: str):
    return runner.invoke(app, list(args))


def stored(db: Path, session: str = "night") -> dict[int, dict]:
    con = duckdb.connect(str(db), read_only=True)
    try:
        rows = con.execute(
            "SELECT h.hand, h.stake, h.outcome, h.warnings, list(u.seat ORDER BY u.seat_no), "
            "list(u.units ORDER BY u.seat_no) FROM hands h JOIN hand_units u USING (hand_id) "
            "WHERE h.session = ? GROUP BY ALL ORDER BY h.hand", [session]).fetchall()
    finally:
        con.close()
    return {hand: {"stake": stake, "outcome": outcome, "warnings": json.loads(w), "units": dict(zip(s, u))}
            for hand, stake, outcome, w, s, u in rows}


def ledger(db: Path) -> dict[str, int]:
    with st.reading(db) as con:
        df = ledger_by_session(con, Filters())
    return dict(zip(df["player"].to_list(), df["units"].to_list()))


def write(tmp_path: Path, name: str, text: str) -> str:
    p = tmp_path / name
    p.write_text(text)
    return str(p)


@pytest.fixture
def night(db, tmp_path):
    """hands 1 (a doubler), 2 (at x2) and 3 (at x1) stored from night.shn."""
    r = cli("ingest", write(tmp_path, "night.shn", shn(H1_DOUBLER, H2, H3)), "--db", str(db))
    assert r.exit_code == 0, r.output
    got = stored(db)
    assert [got[n]["stake"] for n in (1, 2, 3)] == [1, 2, 1]
    assert got[2]["units"] == H2_X2 and got[3]["units"] == H3_X1
    return db


# ---------------------------------------------------------------------------
# void


def test_voiding_a_doubler_makes_the_next_hand_stake_1_and_leaves_the_ledger(night, tmp_path):
    db = night
    # ledger before: hand 2 at x2 plus hand 3: Al -2-1 = -3, Bea -3, Cy +4-1 = +3, Di -2+2 = 0, Ed +2+1 = +3
    assert ledger(db) == {"Al": -3, "Bea": -3, "Cy": 3, "Di": 0, "Ed": 3}
    r = cli("void", "night#1", "--reason", "no doubler: the deal was stopped", "--db", str(db))
    assert r.exit_code == 0, r.output
    assert "voided (revision 2)" in r.output and "1 later hand(s)" in r.output
    got = stored(db)
    assert sorted(got) == [2, 3]  # hand 1 left hands and hand_units
    # hand 2 now at x1 (no doubler before it), no gap warning: the voided hand is known to count nothing
    assert got[2]["stake"] == 1 and got[2]["units"] == H2_X1 and got[2]["warnings"] == []
    assert got[3]["stake"] == 1 and got[3]["units"] == H3_X1 and got[3]["warnings"] == []
    # ledger: Al -1-1 = -2, Bea -2, Cy +2-1 = +1, Di -1+2 = +1, Ed +1+1 = +2 (sum 0)
    assert ledger(db) == {"Al": -2, "Bea": -2, "Cy": 1, "Di": 1, "Ed": 2}
    # history keeps both revisions
    h = json.loads(cli("history", "night#1", "--json", "--db", str(db)).stdout)
    assert h["voided"] is True
    assert [(r["revision"], r["action"], r["in_force"]) for r in h["revisions"]] == [
        (1, "ingest", False), (2, "void", False)]
    assert h["revisions"][0]["source"].startswith("hand 1  dealer Ed\ndoubler")
    assert h["revisions"][0]["outcome"]["outcome"] == "doubler"
    assert h["revisions"][0]["outcome"]["units"] == H1_DOUBLER_UNITS
    assert h["revisions"][1]["reason"] == "no doubler: the deal was stopped"
    # voiding it again is refused and changes nothing
    again = cli("void", "night#1", "--reason", "twice", "--db", str(db))
    assert again.exit_code == 1 and "already voided" in again.output


def test_a_voided_hand_is_not_stored_again_by_a_reingest(night, tmp_path):
    db = night
    assert cli("void", "night#1", "--reason", "thrown in by mistake", "--db", str(db)).exit_code == 0
    r = cli("ingest", str(tmp_path / "night.shn"), "--db", str(db), "--json")
    assert r.exit_code == 0, r.output
    body = json.loads(r.stdout)  # hand 1 is no duplicate but a voided hand, said so (break22b F5)
    assert (body["ingested"], body["duplicates"], body["voided"]) == (0, 2, 1)
    assert [w["code"] for w in body["warnings"]] == ["W-HAND-VOIDED"]
    assert sorted(stored(db)) == [2, 3]
    # a new text for the voided number is refused: it is amended, not ingested beside the void
    other = cli("ingest", write(tmp_path, "other.shn", shn(H1_ALONE)), "--db", str(db))
    assert other.exit_code == 1 and "E-HAND-CONFLICT" in other.output and "was voided" in other.output
    assert sorted(stored(db)) == [2, 3]


def test_a_new_hand_after_the_void_gets_a_fresh_hand_id(night, tmp_path):
    db = night
    with st.reading(db) as con:
        [(top,)] = con.execute("SELECT max(hand_id) FROM hands").fetchall()
    cli("void", "night#3", "--reason", "entered twice", "--db", str(db))
    r = cli("ingest", write(tmp_path, "h4.shn", shn("hand 4  dealer Cy\npick Al  call AS  partner Bea  pts 61  win")),
            "--db", str(db))
    assert r.exit_code == 0, r.output
    with st.reading(db) as con:
        assert con.execute("SELECT hand_id FROM hands WHERE hand = 4").fetchall() == [(top + 1,)]
        # the voided hand keeps its id in its history
        assert st.hand_history(con, str(top)).hand == 3


# ---------------------------------------------------------------------------
# amend


def test_amending_a_doubler_to_a_played_hand_rederives_the_next_stake(night, tmp_path):
    db = night
    fix = write(tmp_path, "fix.shn", shn(H1_ALONE))
    r = cli("ingest", "--amend", fix, "--reason", "Bea picked and went alone", "--db", str(db), "--json")
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert [(a["hand"], a["revision"]) for a in out["amended"]] == [(1, 2)]
    assert out["rederived"] == 1  # hand 2 changed; hand 3 did not
    got = stored(db)
    assert got[1]["outcome"] == "win" and got[1]["units"] == H1_ALONE_UNITS
    assert got[2]["stake"] == 1 and got[2]["units"] == H2_X1
    assert got[3]["stake"] == 1 and got[3]["units"] == H3_X1
    # ledger: hand 1 + hand 2 (x1) + hand 3: Al -1-1-1 = -3, Bea +4-1-1 = +2, Cy -1+2-1 = 0,
    # Di -1-1+2 = 0, Ed -1+1+1 = +1 (sum 0)
    assert ledger(db) == {"Al": -3, "Bea": 2, "Cy": 0, "Di": 0, "Ed": 1}
    h = json.loads(cli("history", "night#1", "--json", "--db", str(db)).stdout)
    assert [(r["revision"], r["action"], r["in_force"]) for r in h["revisions"]] == [
        (1, "ingest", False), (2, "amend", True)]
    assert h["revisions"][0]["outcome"]["outcome"] == "doubler"
    assert h["revisions"][1]["reason"] == "Bea picked and went alone"
    assert h["revisions"][1]["outcome"]["units"] == H1_ALONE_UNITS
    assert h["revisions"][1]["source"].strip() == H1_ALONE
    text = cli("history", "night#1", "--db", str(db)).stdout
    assert "revision 2 in force" in text and "reason: Bea picked and went alone" in text
    # the earlier text ingested again is a duplicate, not a conflict: the correction stands
    again = cli("ingest", str(tmp_path / "night.shn"), "--db", str(db), "--json")
    assert again.exit_code == 0, again.output
    assert json.loads(again.stdout)["rejected"] == [] and json.loads(again.stdout)["ingested"] == 0
    assert stored(db)[1]["outcome"] == "win"


def test_amending_a_played_hand_into_a_doubler_doubles_the_next_hand(db, tmp_path):
    assert cli("ingest", write(tmp_path, "n.shn", shn(H1_ALONE, H2, H3)), "--db", str(db)).exit_code == 0
    assert stored(db)[2]["units"] == H2_X1
    r = cli("ingest", "--amend", write(tmp_path, "fix.shn", shn(H1_DOUBLER)), "--reason", "all passed",
            "--db", str(db))
    assert r.exit_code == 0, r.output
    got = stored(db)
    assert got[1]["units"] == H1_DOUBLER_UNITS
    assert got[2]["stake"] == 2 and got[2]["units"] == H2_X2  # the doubler doubles hand 2 ...
    assert got[3]["stake"] == 1 and got[3]["units"] == H3_X1  # ... and only hand 2


def test_amending_a_voided_hand_brings_it_back(night, tmp_path):
    db = night
    cli("void", "night#1", "--reason", "wrong", "--db", str(db))
    r = cli("ingest", "--amend", write(tmp_path, "fix.shn", shn(H1_ALONE)), "--db", str(db))
    assert r.exit_code == 0, r.output
    got = stored(db)
    assert got[1]["units"] == H1_ALONE_UNITS and got[2]["units"] == H2_X1
    with st.reading(db) as con:
        hist = st.hand_history(con, "night#1")
    assert [(r.action, r.in_force) for r in hist.revisions] == [("ingest", False), ("void", False),
                                                               ("amend", True)]
    assert hist.revisions[2].reason == "amended from fix.shn"


def test_replay_of_a_voided_hand_says_it_is_voided_and_the_amend_says_it_is_back(night, tmp_path):
    """user15 (t3-corrections): ``shead replay`` of a voided hand said "no stored hand" while ``shead
    history`` showed it; ``--amend`` of a voided hand said only "revision 3 in force".  Hand 1 (the doubler)
    voided, then amended into Bea alone winning at x1: Bea +4, the others -1 (rules.md D-1); hand 2 back at x1
    (no doubler before it, D-11): Al, Bea, Di -1, Cy +2, Ed +1; hand 3 at x1: Al, Bea, Cy -1, Di +2, Ed +1.
    Ledger: Al -1-1-1 = -3, Bea +4-1-1 = +2, Cy -1+2-1 = 0, Di -1-1+2 = 0, Ed -1+1+1 = +1 (sum 0)."""
    db = night
    assert cli("void", "night#1", "--reason", "wrong", "--db", str(db)).exit_code == 0
    r = cli("replay", "night#1", "--db", str(db))
    assert r.exit_code == 1
    assert "hand 1 of session 'night' (hand id 1) is voided" in r.output
    assert "shead history 'night#1'" in r.output and "--amend" in r.output and "no stored hand" not in r.output
    r = cli("ingest", "--amend", write(tmp_path, "fix.shn", shn(H1_ALONE)), "--db", str(db))
    assert r.exit_code == 0, r.output
    assert "night#1 (hand id 1): revision 3 in force; it was voided: it is back in the ledger" in r.output
    assert ledger(db) == {"Al": -3, "Bea": 2, "Cy": 0, "Di": 0, "Ed": 1}
    # an amend of a hand in force says nothing of a void
    r = cli("ingest", "--amend", write(tmp_path, "fix2.shn", shn(H1_DOUBLER)), "--db", str(db))
    assert r.exit_code == 0 and "revision 4 in force" in r.output and "voided" not in r.output, r.output


def test_an_amendment_that_is_refused_changes_nothing(night, tmp_path):
    db = night
    before = stored(db)
    # 50 points cannot win (rules.md B-27..B-30: the picker side needs 61): E-OUTCOME at line 8 (the
    # header is 5 lines and a blank, hand 2 is line 7), column 39 ("win")
    bad = write(tmp_path, "bad.shn", shn("hand 2  dealer Al\npick Cy  call AS  partner Ed  pts 50  win"))
    r = cli("ingest", "--amend", bad, "--db", str(db))
    assert r.exit_code == 1 and "bad.shn:8:39: E-OUTCOME" in r.output and "nothing changed" in r.output
    # a hand that is not stored cannot be amended
    r = cli("ingest", "--amend", write(tmp_path, "new.shn", shn(H3.replace("hand 3", "hand 9"))), "--db", str(db))
    assert r.exit_code == 1 and "is not stored" in r.output
    # nor under other rules
    r = cli("ingest", "--amend", write(tmp_path, "rules.shn", shn(H2, rules="wi5-called-ace")), "--db", str(db))
    assert r.exit_code == 1 and "keeps its session's rules" in r.output
    assert stored(db) == before
    with st.reading(db) as con:
        assert con.execute("SELECT count(*) FROM hand_revisions").fetchall() == [(0,)]


def test_an_amendment_with_the_stored_text_is_unchanged(night, tmp_path):
    r = cli("ingest", "--amend", str(tmp_path / "night.shn"), "--db", str(night), "--json")
    assert r.exit_code == 0, r.output
    assert len(json.loads(r.stdout)["unchanged"]) == 3 and json.loads(r.stdout)["amended"] == []


def test_history_of_a_hand_never_corrected_is_its_first_ingest(night):
    with st.reading(night) as con:
        h = st.hand_history(con, "night#2")
        by_hash = st.hand_history(con, h.revisions[0].hash)
    assert [(r.revision, r.action, r.in_force) for r in h.revisions] == [(1, "ingest", True)]
    assert h.revisions[0].outcome["stake"] == 2 and h.revisions[0].outcome["units"] == H2_X2
    assert by_hash.hand_id == h.hand_id
    assert cli("history", "nosuch#1", "--db", str(night)).exit_code == 1


# ---------------------------------------------------------------------------
# a kill during an amendment


_AMEND_AND_HANG = """
    import sys, time
    from ingest.store import Store
    from ingest.validate import validate_text
    text = open(sys.argv[2]).read()
    def stage(s):
        print(s, flush=True)
        if s == "commit":  # every row is written, COMMIT not yet run: the parent kills us here
            time.sleep(60)
    with Store(sys.argv[1]) as s:
        amended = {1}
        prior = lambda sid: [r for r in s.prior_hands(sid) if r.number not in amended]
        s.amend(validate_text(text, path="fix.shn", prior=prior), "killed", on_stage=stage)
"""


def test_a_kill_during_an_amendment_leaves_the_earlier_revision_in_force(night, tmp_path):
    db = night
    before = stored(db)
    fix = write(tmp_path, "fix.shn", shn(H1_ALONE))
    child = subprocess.Popen([sys.executable, "-c", textwrap.dedent(_AMEND_AND_HANG), str(db), fix], cwd=ROOT,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert child.stdout.readline().strip() == "begin"
        assert child.stdout.readline().strip() == "commit"  # the new revision is written, uncommitted
        child.send_signal(signal.SIGKILL)
        child.communicate(timeout=30)
    finally:
        if child.poll() is None:
            child.kill()
    assert child.returncode == -signal.SIGKILL
    # the doubler (revision 1) is in force, hand 2 still at x2, no revision recorded
    assert stored(db) == before
    with st.reading(db) as con:
        assert con.execute("SELECT count(*) FROM hand_revisions").fetchall() == [(0,)]
        assert [r.action for r in st.hand_history(con, "night#1").revisions] == ["ingest"]
    # the same amendment run again goes through
    assert cli("ingest", "--amend", fix, "--db", str(db)).exit_code == 0
    assert stored(db)[2]["units"] == H2_X1


def test_usage_errors_exit_2(tmp_path, db):
    assert cli("ingest", "--db", str(db)).exit_code == 2  # neither PATH... nor --amend FILE
    f = write(tmp_path, "x.shn", shn(H1_DOUBLER))
    assert cli("ingest", f, "--amend", f, "--db", str(db)).exit_code == 2
    assert cli("void", "night#1", "--reason", "  ", "--db", str(db)).exit_code == 2


def test_history_text_of_a_voided_hand(night):
    cli("void", "night#2", "--reason", "dealt twice", "--db", str(night))
    out = cli("history", "night#2", "--db", str(night)).stdout
    assert out.startswith("hand 2 of session 'night'") and ": voided" in out.splitlines()[0]
    # revision 1 counted at x2 (after the doubler): Al -2, Bea -2, Cy +4, Di -2, Ed +2
    assert "counted: stake 2  win  picker Cy, partner Ed  Al -2 Bea -2 Cy +4 Di -2 Ed +2" in out
    assert "r2  void" in out and "reason: dealt twice" in out


# ---------------------------------------------------------------------------
# a correction that would leave a later hand's written score wrong (rules.md D-11)

# hand 2 with its score written at x1 (no doubler before it): Al, Bea, Di -1; Cy +2; Ed +1 (H2_X1).
H2_SCORED_X1 = H2 + "\nscore Al -1 Bea -1 Cy +2 Di -1 Ed +1"
# the same hand with its score written at x2 (after a doubler): H2_X2.
H2_SCORED_X2 = H2 + "\nscore Al -2 Bea -2 Cy +4 Di -2 Ed +2"


def test_amending_a_hand_into_a_doubler_is_refused_when_the_next_written_score_would_be_wrong(db, tmp_path):
    """A tester's record: hand 1 amended into a doubler doubles hand 2 (D-11), whose written score is the x1
    one.  Stored, hand 2 would count +2/+1/-1 where the rules give +4/+2/-2, without a word: the amendment is
    refused, nothing changes, and the message names hand 2 and the rules' amounts."""
    assert cli("ingest", write(tmp_path, "n.shn", shn(H1_ALONE, H2_SCORED_X1, H3)), "--db", str(db)).exit_code == 0
    before = stored(db)
    assert before[2]["units"] == H2_X1
    r = cli("ingest", "--amend", write(tmp_path, "fix.shn", shn(H1_DOUBLER)), "--db", str(db))
    assert r.exit_code == 1, r.output
    out = " ".join(r.output.split())
    assert "the amendment is refused, nothing changed" in out
    assert "hand 2 of session 'night' (hand id 2) would no longer agree with the rules: E-SCORE" in out
    assert "Al -1 is written but the rules give -2" in out
    assert stored(db) == before
    with st.reading(db) as con:
        assert con.execute("SELECT count(*) FROM hand_revisions").fetchall() == [(0,)]
    # hand 2's new text in the same file: both amended; hand 2 at x2, hand 3 back at x1 (the doubler played off)
    r = cli("ingest", "--amend", write(tmp_path, "fix2.shn", shn(H1_DOUBLER, H2_SCORED_X2)), "--db", str(db))
    assert r.exit_code == 0, r.output
    got = stored(db)
    assert got[1]["units"] == H1_DOUBLER_UNITS
    assert got[2]["stake"] == 2 and got[2]["units"] == H2_X2
    assert got[3]["stake"] == 1 and got[3]["units"] == H3_X1
    # ledger: Al -2-1 = -3, Bea -2-1 = -3, Cy +4-1 = +3, Di -2+2 = 0, Ed +2+1 = +3 (sum 0)
    assert ledger(db) == {"Al": -3, "Bea": -3, "Cy": 3, "Di": 0, "Ed": 3}


def test_voiding_a_doubler_is_refused_when_the_next_written_score_would_be_wrong(db, tmp_path):
    """Voiding the doubler takes hand 2 back to x1, where its written x2 score is wrong: refused, nothing
    changes.  Amending hand 2 without its score line (derived at the stake in force) lets the void through."""
    assert cli("ingest", write(tmp_path, "n.shn", shn(H1_DOUBLER, H2_SCORED_X2, H3)), "--db", str(db)).exit_code == 0
    before = stored(db)
    assert before[2]["units"] == H2_X2
    r = cli("void", "night#1", "--reason", "not dealt here", "--db", str(db))
    assert r.exit_code == 1
    out = " ".join(r.output.split())
    assert "the void is refused, nothing changed" in out and "hand 2 of session 'night'" in out
    assert "Al -2 is written but the rules give -1" in out and "then void again" in out
    assert "without what no longer agrees (the error names it: a score line, a written pot or stake)" in out
    assert stored(db) == before
    assert cli("ingest", "--amend", write(tmp_path, "fix.shn", shn(H2)), "--db", str(db)).exit_code == 0
    r = cli("void", "night#1", "--reason", "not dealt here", "--db", str(db))
    assert r.exit_code == 0, r.output
    got = stored(db)
    assert 1 not in got
    assert got[2]["stake"] == 1 and got[2]["units"] == H2_X1 and got[3]["units"] == H3_X1
    # ledger: Al -1-1 = -2, Bea -2, Cy +2-1 = +1, Di -1+2 = +1, Ed +1+1 = +2 (sum 0)
    assert ledger(db) == {"Al": -2, "Bea": -2, "Cy": 1, "Di": 1, "Ed": 2}


def test_a_doubler_arriving_after_a_scored_later_hand_warns_that_hand_and_an_amend_fixes_it(db, tmp_path):
    """Hand 2 (its score written at x1) is stored before hand 1, a doubler, arrives: the doubler is stored,
    hand 2 keeps its stored outcome, and the ingest says so (W-CARRY, naming hand 2 and the rules' amounts,
    rules.md D-11) instead of nothing.  Amending hand 2 with the x2 score settles it."""
    assert cli("ingest", write(tmp_path, "h2.shn", shn(H2_SCORED_X1)), "--db", str(db)).exit_code == 0
    r = cli("ingest", write(tmp_path, "h1.shn", shn(H1_DOUBLER)), "--db", str(db))
    assert r.exit_code == 0, r.output
    out = " ".join(r.output.split())
    assert "h1.shn: 1 stored" in out
    assert "warning W-CARRY: hand 2 of session 'night'" in out and "Al -1 is written but the rules give -2" in out
    assert stored(db)[2]["units"] == H2_X1  # kept, and said
    r = cli("ingest", "--amend", write(tmp_path, "fix.shn", shn(H2_SCORED_X2)), "--db", str(db))
    assert r.exit_code == 0, r.output
    assert stored(db)[2]["stake"] == 2 and stored(db)[2]["units"] == H2_X2
    assert ledger(db) == {"Al": -2, "Bea": -2, "Cy": 4, "Di": -2, "Ed": 2}


def test_voiding_several_hands_is_all_or_nothing(night):
    """``Store.void_hands``: hands 2 and 3 voided in one transaction leave hand 1 (the doubler) alone; a list
    holding a hand already voided changes nothing at all."""
    db = night
    with st.Store(db) as store:
        rep = store.void_hands([2, 3], "wrong table")
    assert [(n, h) for _, n, h, _ in rep.hands] == [(2, 2), (3, 3)]
    assert list(stored(db)) == [1]
    assert ledger(db) == {"Al": 0, "Bea": 0, "Cy": 0, "Di": 0, "Ed": 0}  # the doubler settles nothing (H1_DOUBLER_UNITS)
    with pytest.raises(st.CorrectionError, match="hand 2 of session 'night' \\(hand id 2\\) is already voided"):
        with st.Store(db) as store:
            store.void_hands([1, 2], "again")
    assert list(stored(db)) == [1]
    with st.reading(db) as con:
        assert con.execute("SELECT count(*) FROM hand_revisions WHERE action = 'void'").fetchall() == [(2,)]


def test_a_hand_s_own_rules_line_can_be_amended_away_and_in(db, tmp_path):
    """A tester's finding: a league plays a doubler on one hand by a hand-level [Rules] line (notation.md); the
    table then corrects it to a leaster.  The amendment's session is under the session's own rules, so it is
    taken; it was refused ("stored under [Rules '...; noPick=doubler']") because the check read the hand's own
    rules for the session's.  Units by hand (rules.md B-33, D-1, D-11): hand 1 a doubler (0 each), hand 2 at
    x2: Cy +4, Ed +2, the others -2.  Amended: hand 1 a leaster won by Al (+4, the others -1), hand 2 at x1:
    Cy +2, Ed +1, the others -1 — together Al +3, Bea -2, Cy +1, Di -2, Ed 0.  The amendment writes the session's
    rules as the hand's own line: left out, the hand's own line is not dropped without a word (real20 F0)."""
    plain = "wi5-called-ace"
    doubled = f'hand 1  dealer Ed\n[Rules "{plain}; noPick=doubler"]\ndoubler'
    r = cli("ingest", write(tmp_path, "n.shn", shn(doubled, H2, rules=plain)), "--db", str(db))
    assert r.exit_code == 0, r.output
    assert stored(db)[2]["units"] == H2_X2
    fix = shn("hand 1  dealer Ed\nleaster Al", "hand 2  dealer Al\npick Cy  call AS  partner Ed  pts 72  win",
              rules=plain)
    # left out, the line is not dropped without a word (real20 F0: a typo fix re-scored a house-rule hand)
    r = cli("ingest", "--amend", write(tmp_path, "fix.shn", fix), "--reason", "a leaster", "--db", str(db))
    assert r.exit_code == 1 and "leaves out" in r.output and f'write [Rules "{plain}"] there' in r.output
    assert stored(db)[2]["units"] == H2_X2
    fix = shn(f'hand 1  dealer Ed\n[Rules "{plain}"]\nleaster Al',
              "hand 2  dealer Al\npick Cy  call AS  partner Ed  pts 72  win", rules=plain)
    r = cli("ingest", "--amend", write(tmp_path, "fix.shn", fix), "--reason", "a leaster", "--db", str(db))
    assert r.exit_code == 0, r.output
    got = stored(db)
    assert got[1]["units"] == units(4, -1, -1, -1, -1) and got[2]["units"] == H2_X1
    assert ledger(db) == units(3, -2, 1, -2, 0)
    # and back in: the doubler's own [Rules] line amended in again, hand 2 again at x2
    back = shn(doubled, "hand 2  dealer Al\npick Cy  call AS  partner Ed  pts 72  win", rules=plain)
    r = cli("ingest", "--amend", write(tmp_path, "back.shn", back), "--reason", "it was a doubler", "--db", str(db))
    assert r.exit_code == 0, r.output
    assert stored(db)[2]["units"] == H2_X2 and ledger(db) == H2_X2
    # the session's own rules still cannot change by an amendment
    r = cli("ingest", "--amend", write(tmp_path, "other.shn", shn(H2, rules="wi5-called-ace; pot=on")), "--db", str(db))
    assert r.exit_code == 1 and "an amendment keeps its session's rules (a hand's own [Rules] line may change)" in \
        " ".join(r.output.split())
    # and the way to re-score the night by other rules is said (newuser25 F1): the session's line kept, the new
    # rules as each hand's own line
    # (verify34 F1: on each hand line right after 'hand N', read as the hand's own without W-TAG-LATE)
    assert f'keep the session\'s [Rules "{plain}"] line and write [Rules "wi5-called-ace; pot=on"] on each hand ' \
        "line of the amendment, right after 'hand N' (hand 2 [Rules \"wi5-called-ace; pot=on\"] dealer ...: each " \
        "hand's own rules, read so without a warning), then shead ingest --amend FILE" in " ".join(r.output.split())


def test_a_hand_after_a_voided_first_hand_is_no_gap(db, tmp_path):
    """A tester's finding: hand 1 (a doubler) voided as a misdeal, then hand 2 ingested: hand 1 counts for nothing,
    so the carry is the session's own -- hand 2 at x1 (Cy +2, Ed +1, the others -1, rules.md B-33), with no
    W-SESSION-GAP saying an earlier hand is missing."""
    assert cli("ingest", write(tmp_path, "h1.shn", shn(H1_DOUBLER)), "--db", str(db)).exit_code == 0
    assert cli("void", "night#1", "--reason", "a misdeal", "--db", str(db)).exit_code == 0
    r = cli("ingest", write(tmp_path, "h2.shn", shn(H2)), "--db", str(db))
    assert r.exit_code == 0 and "1 stored" in r.output, r.output
    assert "W-SESSION-GAP" not in r.output and "re-derived" not in r.output
    got = stored(db)
    assert got[2]["stake"] == 1 and got[2]["units"] == H2_X1


def test_a_late_hand_after_a_voided_one_is_told_of_no_gap(db, tmp_path):
    """break16: hands 1 and 3 stored, hand 1 voided, then hand 2 arrives.  A voided hand counts for nothing and
    is no gap (docs/storage.md "Session carry"), but the ingest printed W-SESSION-GAP for hand 2 (its stored
    warnings were right).  Now nothing is said, and hand 2 is scored from an empty carry: Cy with Ed, 72, x1:
    Cy +2, Ed +1, the others -1 (rules.md B-31)."""
    r = cli("ingest", write(tmp_path, "a.shn", shn(H1_ALONE, H3)), "--db", str(db))
    assert r.exit_code == 0, r.output
    assert cli("void", "night#1", "--reason", "dealt twice", "--db", str(db)).exit_code == 0
    r = cli("ingest", write(tmp_path, "b.shn", shn(H2)), "--db", str(db))
    assert r.exit_code == 0 and "W-SESSION-GAP" not in r.output, r.output
    got = stored(db)
    assert got[2]["stake"] == 1 and got[2]["units"] == H2_X1 and got[2]["warnings"] == []
