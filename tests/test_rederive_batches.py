"""``shead rederive`` in batches (issue 17: bounded memory): the sessions are
re-derived a batch at a time, each batch its own transaction, and the result
is the same as in one batch; a crash midway leaves each session either as it
was stored or re-derived.

Worked by hand, ``[Rules "wi5-called-ace; pot=on; noPick=doubler"]``
(rules.md B-31, D-9, D-11, D-12, D-19), five players Al Bea Cy Di Ed; an
opponent pays 1 x stake, the partner gets 1 x stake, the picker 2 x stake
(alone: 4 x stake):

* sessions "a" and "c" (the same hands): hand 1 Bea alone, 70 points, a win
  at x1: Bea +4, the other four -1 each (4 - 4 = 0), the pot 0.  Hand 2 a
  doubler: each player puts 1 in the pot: everyone -1, the pot +5, one
  doubled hand queued.  Hand 3 at x2 (the doubler's), Cy picks, calls the
  ace of spades, Ed partner, 72, a win: Al, Bea, Di -1 x 2 = -2 each; Cy
  +2 x 2 = +4 plus the pot's 5 less the partner's share 5 // 4 = 1: +8; Ed
  +1 x 2 = +2 plus 1: +3; the pot pays out 5: -5.  Sum -6 + 8 + 3 - 5 = 0.
* session "b": hand 1 a doubler (everyone -1, the pot +5), hand 2 at x2, Di
  picks, Ed partner, 70, a win: Al, Bea, Cy -2 each; Di +4 + 4 = +8; Ed
  +2 + 1 = +3; the pot -5.  Sum -6 + 8 + 3 - 5 = 0.

The spoiled database (stake 9 and 0 units on every hand, as an older engine
might have left them) makes every hand a changed one: 8 hands, 8 changed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import ingest.validate
from ingest import store as st
from tests.test_scale_paths import A, B, outcomes, spoil, states
from tests.test_scale_paths import ingest as ingest_session

SESSION_A = {1: (1, [-1, 4, -1, -1, -1, 0]), 2: (1, [-1, -1, -1, -1, -1, 5]), 3: (2, [-2, -2, 8, -2, 3, -5])}
SESSION_B = {1: (1, [-1, -1, -1, -1, -1, 5]), 2: (2, [-2, -2, -2, 8, 3, -5])}
WORKED = {**{("a", n): v for n, v in SESSION_A.items()}, **{("b", n): v for n, v in SESSION_B.items()},
          **{("c", n): v for n, v in SESSION_A.items()}}
SPOILED = (9, [0, 0, 0, 0, 0, 0])  # what spoil() leaves: no (pot) row, every seat 0


def snapshot(db: Path) -> dict[str, list]:
    """Every row rederive writes (hands but derived_with, units, running states but their time, summaries)."""
    with st.reading(db) as con:
        return {
            "hands": con.execute("SELECT * EXCLUDE (derived_with) FROM hands ORDER BY hand_id").fetchall(),
            "units": con.execute("SELECT * FROM hand_units ORDER BY hand_id, seat_no").fetchall(),
            "state": con.execute("SELECT * EXCLUDE (updated_at) FROM session_state ORDER BY session_id").fetchall(),
            "players": con.execute("SELECT * FROM session_players ORDER BY ALL").fetchall(),
            "summary": con.execute("SELECT * FROM session_hands ORDER BY ALL").fetchall(),
        }


@pytest.fixture
def three(db, tmp_path):
    for name, hands in (("a", A), ("b", B), ("c", A)):
        ingest_session(db, tmp_path, name, hands)
    assert outcomes(db) == WORKED
    for key, (_, units) in WORKED.items():
        assert sum(units) == 0, key  # zero-sum with the pot as a seat (D-19)
    return db


def test_several_batches_give_the_hand_worked_outcomes_and_the_one_batch_rows(three):
    db = three
    spoil(db)
    rep = st.Store(db).rederive()  # the default batch (20,000 hands): all three sessions in one
    assert (rep.hands, rep.changed, rep.refused) == (8, 8, [])
    assert outcomes(db) == WORKED
    one_batch = snapshot(db)
    # after a and c: last and top hand 3, nothing queued, run 1 (the doubler counted), the pot 0 (paid out at
    # hand 3), no gap, 3 hands; after b: the same at hand 2 (its pot of 5 paid out at hand 2)
    assert states(db) == [("a", 3, 3, 0, 1, 0, True, 3), ("b", 2, 2, 0, 1, 0, True, 2), ("c", 3, 3, 0, 1, 0, True, 3)]
    spoil(db)
    progress: list[tuple[int, int]] = []
    # batches of at least 2 hands, never splitting a session: a (3), b (2), c (3) — three batches
    rep = st.Store(db).rederive(batch_hands=2, on_progress=lambda done, total: progress.append((done, total)))
    assert (rep.hands, rep.changed, rep.refused) == (8, 8, [])
    assert progress == [(3, 8), (5, 8), (8, 8)]
    assert outcomes(db) == WORKED
    assert snapshot(db) == one_batch

    # a and b together (3 + 2 = 5 >= 4), then c: two batches, the same rows
    spoil(db)
    progress.clear()
    rep = st.Store(db).rederive(batch_hands=4, on_progress=lambda done, total: progress.append((done, total)))
    assert progress == [(5, 8), (8, 8)]
    assert snapshot(db) == one_batch
    assert st.Store(db).rederive(batch_hands=1).changed == 0  # nothing left to change


def test_a_crash_midway_leaves_each_session_old_or_rederived(three, monkeypatch):
    db = three
    spoil(db)
    real = ingest.validate.validate_text

    def crash_on_b(text, *args, path=None, **kw):
        if path == "<rederive b>":
            raise RuntimeError("killed while re-deriving b")
        return real(text, *args, path=path, **kw)

    monkeypatch.setattr(ingest.validate, "validate_text", crash_on_b)
    with pytest.raises(RuntimeError, match="killed while re-deriving b"):
        st.Store(db).rederive(batch_hands=1)
    got = outcomes(db)
    # batch 1 (a) was committed: re-derived, the hand-worked values; b (the failed batch) and c (never reached)
    # are all as stored before, every hand of them spoiled — no session half done
    assert {k: v for k, v in got.items() if k[0] == "a"} == {("a", n): v for n, v in SESSION_A.items()}
    assert {k: v for k, v in got.items() if k[0] != "a"} == {k: SPOILED for k in WORKED if k[0] != "a"}
    assert states(db) == [("a", 3, 3, 0, 1, 0, True, 3)]  # b's and c's states still gone, as spoil() left them
    # running it again finishes the rest: only b's and c's five hands change
    monkeypatch.setattr(ingest.validate, "validate_text", real)
    rep = st.Store(db).rederive(batch_hands=1)
    assert (rep.hands, rep.changed) == (8, 5)
    assert outcomes(db) == WORKED
