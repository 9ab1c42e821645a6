"""Re-ingest of stored hands through the plan (ingest.store.Store.plan_ingest,
issue 17): the stored hashes are probed with list parameters — no Arrow
table registered, so no pandas import — and the duplicates are reported
exactly as before.  Every count and line below is worked from the texts."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from ingest import store as st
from ingest.pipeline import _validate_planned

ROOT = Path(__file__).resolve().parents[1]
HEAD = ('%SHN 1.0\n[Event "QA"]\n[Session "replan"]\n[Date "2025.10.02"]\n'
        '[Seats "Al=Allen; Bea=Bea; Cy=Cy; Di=Di; Ed=Ed"]\n[Rules "{rules}"]\n\n')
# lines 1-6 the header and a blank line; hand 1 on line 8, hand 2 on 11, hand 3 on 14, hand 4 on 17
HANDS = ("hand 1  dealer Ed\npick Al  call AS  partner Cy  pts 72  win\n\n"
         "hand 2  dealer Al\npick Bea  call AS  partner Ed  pts 70  win\n\n"
         "hand 3  dealer Bea\npick Cy  call AS  partner Di  pts 50  lose\n")
HAND4 = "\nhand 4  dealer Cy\npick Di  call AS  partner Al  pts 91  win-s\n"
RULES = "wi5-called-ace"


def _ingest(store: st.Store, text: str, name: str = "f.shn") -> tuple[st.IngestReport, st.IngestPlan]:
    res = _validate_planned(text, name, store)
    plan = store.last_plan[1]
    return store.ingest_file(res, plan=plan), plan


def test_a_stored_file_again_is_all_duplicates_and_replays_nothing(tmp_path):
    db = tmp_path / "shead.duckdb"
    text = HEAD.format(rules=RULES) + HANDS
    with st.Store(db) as store:
        first, plan = _ingest(store, text)
        assert (first.stored, first.duplicates, plan.skipped) == (3, 0, 0)
        again, plan = _ingest(store, text)
    # the three hands are found by hash: left out of validation, each a duplicate, nothing stored
    assert (again.stored, again.duplicates, len(again.rejected)) == (0, 3, 0)
    assert plan.skipped == 3
    assert plan.skipped_hands == [("replan", 1, 8), ("replan", 2, 11), ("replan", 3, 14)]
    with st.reading(db) as con:
        assert con.execute("SELECT count(*) FROM hands").fetchone()[0] == 3


def test_a_stored_file_with_one_more_hand_stores_only_that_hand(tmp_path):
    """Hand 4 follows the stored hands: validated from the session's stored
    running state (plan.carries: 3 hands stored, the highest number 3).
    Called ace, 91 card points won (win-s, schneider: rules.md B-28): 2 units, the picker Di
    +4, the partner Al +2, Bea, Cy, Ed -2 each: zero-sum."""
    db = tmp_path / "shead.duckdb"
    with st.Store(db) as store:
        _ingest(store, HEAD.format(rules=RULES) + HANDS)
        rep, plan = _ingest(store, HEAD.format(rules=RULES) + HANDS + HAND4)
    assert (rep.stored, rep.duplicates, len(rep.rejected)) == (1, 3, 0)
    assert plan.skipped_hands == [("replan", 1, 8), ("replan", 2, 11), ("replan", 3, 14)]
    assert plan.carries["replan"][:2] == (3, 3)
    with st.reading(db) as con:
        units = dict(con.execute("SELECT u.seat, u.units FROM hand_units u JOIN hands h USING (hand_id) "
                                 "WHERE h.hand = 4").fetchall())
    assert units == {"Al": 2, "Bea": -2, "Cy": -2, "Di": 4, "Ed": -2} and sum(units.values()) == 0


def test_the_same_hands_under_other_rules_are_not_duplicates(tmp_path):
    """A stored hash under another [Rules] text is not skipped (the plan
    compares the rules): each hand is E-HAND-CONFLICT, none stored, none a
    duplicate (docs/storage.md "Session carry")."""
    db = tmp_path / "shead.duckdb"
    with st.Store(db) as store:
        _ingest(store, HEAD.format(rules=RULES) + HANDS)
        rep, plan = _ingest(store, HEAD.format(rules=RULES + "; pot=on") + HANDS)
    assert plan.skipped == 0 and rep.stored == 0 and rep.duplicates == 0
    assert sorted((r.hand, r.errors[0].code) for r in rep.rejected) == [
        (1, "E-HAND-CONFLICT"), (2, "E-HAND-CONFLICT"), (3, "E-HAND-CONFLICT")]


def test_the_text_before_an_amendment_is_a_duplicate(tmp_path):
    """Hand 3 amended (a win at 61 instead of a loss at 50): its first text
    is in hand_revisions, so the plan skips it as a duplicate (an earlier
    revision, the query's second half) and the amendment stands."""
    db = tmp_path / "shead.duckdb"
    text = HEAD.format(rules=RULES) + HANDS
    with st.Store(db) as store:
        _ingest(store, text)
        fixed = HEAD.format(rules=RULES) + "hand 3  dealer Bea\npick Cy  call AS  partner Di  pts 61  win\n"
        from ingest.pipeline import amend_bytes
        body, rejected = amend_bytes(store, "fix.shn", fixed.encode(), "typo")
        assert not rejected
        rep, plan = _ingest(store, text)
    assert (rep.stored, rep.duplicates, len(rep.rejected)) == (0, 3, 0) and plan.skipped == 3
    with st.reading(db) as con:
        assert con.execute("SELECT outcome, picker_points FROM hands WHERE hand = 3").fetchone() == ("win", 61)


def test_a_reingest_imports_no_pandas(tmp_path):
    """``shead ingest`` of an all-duplicate file in a new process: the plan's
    probes are list parameters, so pandas (imported by DuckDB's
    ``register``) is never loaded."""
    db, f = tmp_path / "shead.duckdb", tmp_path / "f.shn"
    f.write_text(HEAD.format(rules=RULES) + HANDS)
    code = ("import sys; from ingest.cli import app\n"
            "try:\n    app(sys.argv[1:])\nexcept SystemExit as e:\n    assert not e.code, e.code\n"
            "print('pandas' in sys.modules)")
    run = lambda: subprocess.run([sys.executable, "-c", code, "ingest", str(f), "--db", str(db)],  # noqa: E731
                                 cwd=ROOT, capture_output=True, text=True, check=True)
    run()
    done = run()
    assert "0 stored, 3 duplicates" in done.stdout + done.stderr
    assert done.stdout.strip().splitlines()[-1] == "False"
