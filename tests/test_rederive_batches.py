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
from typer.testing import CliRunner

import ingest.validate
from ingest import store as st
from ingest.cli import app

runner = CliRunner()
RULES = "wi5-called-ace; pot=on; noPick=doubler"
A = ["hand 1  dealer Ed\npick Bea  alone  pts 70  win", "hand 2  dealer Al\ndoubler",
     "hand 3  dealer Bea\npick Cy  call AS  partner Ed  pts 72  win"]
B = ["hand 1  dealer Al\ndoubler", "hand 2  dealer Bea\npick Di  call AS  partner Ed  pts 70  win"]
SEATS = ["Al", "Bea", "Cy", "Di", "Ed", "(pot)"]
SESSION_A = {1: (1, [-1, 4, -1, -1, -1, 0]), 2: (1, [-1, -1, -1, -1, -1, 5]), 3: (2, [-2, -2, 8, -2, 3, -5])}
SESSION_B = {1: (1, [-1, -1, -1, -1, -1, 5]), 2: (2, [-2, -2, -2, 8, 3, -5])}
WORKED = {**{("a", n): v for n, v in SESSION_A.items()}, **{("b", n): v for n, v in SESSION_B.items()},
          **{("c", n): v for n, v in SESSION_A.items()}}
SPOILED = (9, [0, 0, 0, 0, 0, 0])  # what spoil() leaves: no (pot) row, every seat 0


def ingest_session(db: Path, tmp_path: Path, session: str, hands: list[str]) -> None:
    p = tmp_path / f"{session}.shn"
    p.write_text(f'%SHN 1.0\n[Event "QA"]\n[Session "{session}"]\n[Seats "Al; Bea; Cy; Di; Ed"]\n'
                 f'[Rules "{RULES}"]\n\n' + "\n\n".join(hands) + "\n")
    r = runner.invoke(app, ["ingest", str(p), "--db", str(db)])
    assert r.exit_code == 0, r.output


def outcomes(db: Path) -> dict[tuple[str, int], tuple[int, list[int]]]:
    with st.reading(db) as con:
        rows = con.execute("SELECT h.session, h.hand, h.stake, map(list(u.seat), list(u.units)) FROM hands h "
                           "JOIN hand_units u USING (hand_id) GROUP BY ALL").fetchall()
    return {(s, n): (stake, [dict(m).get(seat, 0) for seat in SEATS]) for s, n, stake, m in rows}


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


def states(db: Path) -> list[tuple]:
    with st.reading(db) as con:
        return con.execute("SELECT s.session, t.last_hand, t.top_hand, t.queued, t.run, t.pot, t.known, t.hands "
                           "FROM session_state t JOIN sessions s USING (session_id) ORDER BY 1").fetchall()


def spoil(db: Path) -> None:
    con = st.connect(db, read_only=False)
    try:
        con.execute("UPDATE hands SET stake = 9")
        con.execute("UPDATE hand_units SET units = 0")
        con.execute("DELETE FROM session_state")
    finally:
        con.close()


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
