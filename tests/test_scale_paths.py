"""The paths issue 17 rewrote so that their cost does not grow with the
database: ``shead rederive`` (one pass over every stored hand, outcomes
replaced in batches), a hand's stored text read by ids, and the light
start of ``shead`` (no DuckDB imported for ``--help``).

Worked by hand, ``[Rules "wi5-called-ace; pot=on; noPick=doubler"]``
(rules.md B-31, D-9, D-11, D-12, D-19), five players, an opponent pays 1 x
stake, the partner gets 1, the picker 2 (alone: the picker gets 4):

* session "a": hand 1 Bea alone, 70 points, wins (x1): Bea +4, the others -1;
  the pot 0.  Hand 2 a doubler: each player puts 1 in: everyone -1, the pot
  +5, one doubled hand queued.  Hand 3 at x2, Cy picks, Ed partner, 72, win:
  Al, Bea, Di -1 x 2 = -2; Cy +2 x 2 = +4 and the pot's 5 less the
  partner's 5 // 4 = 1, so +8; Ed +1 x 2 = +2 and 1, so +3; the pot -5 -> 0.
* session "b": hand 1 a doubler (everyone -1, the pot 5), hand 2 at x2, Di
  picks, Ed partner, 70, win: Al, Bea, Cy -2; Di +4 + 4 = +8; Ed +2 + 1 = +3;
  the pot -5.  Each session's sum is zero with the pot as a seat.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from ingest import store as st
from ingest.cli import app

runner = CliRunner()
RULES = "wi5-called-ace; pot=on; noPick=doubler"


def head(session: str) -> str:
    return f'%SHN 1.0\n[Event "QA"]\n[Session "{session}"]\n[Seats "Al; Bea; Cy; Di; Ed"]\n[Rules "{RULES}"]\n\n'


A = ["hand 1  dealer Ed\npick Bea  alone  pts 70  win", "hand 2  dealer Al\ndoubler",
     "hand 3  dealer Bea\npick Cy  call AS  partner Ed  pts 72  win"]
B = ["hand 1  dealer Al\ndoubler", "hand 2  dealer Bea\npick Di  call AS  partner Ed  pts 70  win"]
SEATS = ["Al", "Bea", "Cy", "Di", "Ed", "(pot)"]
WORKED = {  # (session, hand) -> (stake, units Al Bea Cy Di Ed (pot))
    ("a", 1): (1, [-1, 4, -1, -1, -1, 0]),
    ("a", 2): (1, [-1, -1, -1, -1, -1, 5]),
    ("a", 3): (2, [-2, -2, 8, -2, 3, -5]),
    ("b", 1): (1, [-1, -1, -1, -1, -1, 5]),
    ("b", 2): (2, [-2, -2, -2, 8, 3, -5]),
}


def ingest(db: Path, tmp_path: Path, session: str, hands: list[str]) -> None:
    p = tmp_path / f"{session}.shn"
    p.write_text(head(session) + "\n\n".join(hands) + "\n")
    r = runner.invoke(app, ["ingest", str(p), "--db", str(db)])
    assert r.exit_code == 0, r.output


def outcomes(db: Path) -> dict[tuple[str, int], tuple[int, list[int]]]:
    with st.reading(db) as con:
        rows = con.execute("SELECT h.session, h.hand, h.stake, map(list(u.seat), list(u.units)) FROM hands h "
                           "JOIN hand_units u USING (hand_id) GROUP BY ALL").fetchall()
    return {(s, n): (stake, [dict(m).get(seat, 0) for seat in SEATS]) for s, n, stake, m in rows}


def states(db: Path) -> list[tuple]:
    with st.reading(db) as con:
        return con.execute("SELECT s.session, t.last_hand, t.top_hand, t.queued, t.run, t.pot, t.known, t.hands "
                           "FROM session_state t JOIN sessions s USING (session_id) ORDER BY 1").fetchall()


def spoil(db: Path) -> None:
    """Wrong stakes and units and no running state, as an older engine might have left them."""
    con = st.connect(db, read_only=False)
    try:
        con.execute("UPDATE hands SET stake = 9")
        con.execute("UPDATE hand_units SET units = 0")
        con.execute("DELETE FROM session_state")
    finally:
        con.close()


def test_rederive_restores_the_hand_worked_stakes_and_pots(db, tmp_path, monkeypatch):
    ingest(db, tmp_path, "a", A)
    ingest(db, tmp_path, "b", B)
    assert outcomes(db) == WORKED
    for (session, hand), (_, u) in WORKED.items():
        assert sum(u) == 0, (session, hand)  # zero-sum with the pot as a seat (D-19)
    # after a: last and top hand 3, nothing queued, run 1 (the doublers counted; only doublerStacking=
    # multiplicative plays it off), the pot 0, no gap, 3 hands; after b: the same at hand 2
    want_states = [("a", 3, 3, 0, 1, 0, True, 3), ("b", 2, 2, 0, 1, 0, True, 2)]
    assert states(db) == want_states
    spoil(db)
    rep = st.Store(db).rederive()
    assert (rep.hands, rep.changed, rep.refused) == (5, 5, [])
    assert outcomes(db) == WORKED
    assert states(db) == want_states
    # one session a batch: the same result (the batches meet at session boundaries, never inside one)
    spoil(db)
    monkeypatch.setattr(st, "_REDERIVE_BATCH", 1)
    progress = []
    rep = st.Store(db).rederive(on_progress=lambda done, total: progress.append((done, total)))
    assert (rep.hands, rep.changed) == (5, 5)
    assert outcomes(db) == WORKED and states(db) == want_states
    assert progress == [(3, 5), (5, 5)]  # after session a (3 hands), then b (2 more)
    # nothing to change the second time
    assert st.Store(db).rederive().changed == 0


def test_rederive_of_a_session_without_hands_keeps_no_state(db, tmp_path):
    ingest(db, tmp_path, "a", A)
    con = st.connect(db, read_only=False)
    try:  # a session row left without hands (every hand of it gone): its stale state must go
        con.execute("INSERT INTO sessions SELECT session_id + 100, 'empty', \"group\", date, \"table\", site, rules, "
                    "game, players, header, first_file, created_at, format FROM sessions")
        con.execute("INSERT INTO session_state SELECT session_id + 100, last_hand, top_hand, queued, run, pot, "
                    "last_dealer, known, hands, updated_at FROM session_state")
    finally:
        con.close()
    st.Store(db).rederive()
    assert [s[0] for s in states(db)] == ["a"]


def test_a_sessions_text_read_by_ids_is_the_stored_text(db, tmp_path):
    ingest(db, tmp_path, "a", A)
    ingest(db, tmp_path, "b", B)
    with st.reading(db) as con:
        ids = dict(((s, n), i) for i, s, n in con.execute("SELECT hand_id, session, hand FROM hands").fetchall())
        fmt, text = st.session_text(con, ids[("a", 2)])
        assert fmt == "shn"
        # the session's tag lines and its hands 1 and 2, as written (hand 3 comes after; b is another session)
        assert text == ('%SHN 1.0\n[Event "QA"]\n[Session "a"]\n[Seats "Al; Bea; Cy; Di; Ed"]\n'
                        f'[Rules "{RULES}"]\n\n' + A[0] + "\n\n" + A[1] + "\n\n")
        texts = st._texts(con, [ids[("b", 2)], ids[("a", 1)]])
        assert [texts[ids[("b", 2)]][1].strip(), texts[ids[("a", 1)]][1].strip()] == [B[1], A[0]]
        # the dashboard's reads (Replay page, Log a hand, Edit): the hands before hand 3 of a, as written
        assert [x.strip() for x in st.sources_where(con, "h.session = ? AND h.hand < ?", ["a", 3])] == A[:2]
        assert [x.strip() for x in st.sources_where(con, "h.session_id = (SELECT session_id FROM sessions "
                                                         "WHERE session = ?)", ["b"])] == B
        assert st.sources_where(con, "h.session = ? AND h.hand = ?", ["a", 9]) == []
        found = st.find_hand(con, "b#2")
        assert found.source.strip() == B[1] and found.outcome.stake == 2
        assert dict(found.outcome.units) == {"Al": -2, "Bea": -2, "Cy": -2, "Di": 8, "Ed": 3}


def test_shead_help_and_version_import_no_database_library():
    code = ("import sys; from ingest.cli import app\n"
            "for a in (['--help'], ['--version']):\n"
            "    try:\n        app(a)\n    except SystemExit:\n        pass\n"
            "print(sorted(m for m in ('duckdb', 'pyarrow', 'pandas', 'numpy', 'ingest.store') if m in sys.modules))")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       cwd=Path(__file__).resolve().parents[1])
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip().splitlines()[-1] == "[]"
