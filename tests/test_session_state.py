"""A session's running state (issue 12, migration 007 ``session_state``): a
file that continues a stored session is validated from the stored state —
no stored hand is read back or replayed — and a re-ingest of stored hands
replays none of them.  The state must be exactly what replaying the whole
session gives (checked against ``shead rederive``).

Worked by hand, ``[Rules "wi5-called-ace; pot=on; noPick=doubler"]``
(rules.md B-31, D-11, D-12, D-19): hand 1 a played hand (x1, the pot stays
0), hand 2 a doubler (each player puts 1 in: the pot 5, one doubled hand
queued), hand 3 at x2: Al, Bea, Di -2; Cy +4 + 4 of the pot, Ed +2 + 1 of
the pot (5 // 4 = 1 to the partner, the rest to the picker): Cy +8, Ed +3,
the pot -5 -> 0, nothing queued.
"""

from __future__ import annotations

from typer.testing import CliRunner

from ingest import store as st
from ingest.cli import app

runner = CliRunner()
RULES = "wi5-called-ace; pot=on; noPick=doubler"
HEAD = f'%SHN 1.0\n[Event "QA"]\n[Session "s"]\n[Seats "Al; Bea; Cy; Di; Ed"]\n[Rules "{RULES}"]\n\n'
H1 = "hand 1  dealer Ed\npick Bea  alone  pts 70  win"
H2 = "hand 2  dealer Al\ndoubler"
H3 = "hand 3  dealer Bea\npick Cy  call AS  partner Ed  pts 72  win"
H4 = "hand 4  dealer Cy\npick Di  call AS  partner Ed  pts 70  win"


def ingest(db, tmp_path, name, *hands):
    p = tmp_path / name
    p.write_text(HEAD + "\n\n".join(hands) + "\n")
    r = runner.invoke(app, ["ingest", str(p), "--db", str(db), "--json"])
    assert r.exit_code == 0, r.output
    return r


def state(db):
    with st.reading(db) as con:
        return con.execute("SELECT last_hand, top_hand, queued, run, pot, last_dealer, known, hands "
                           "FROM session_state").fetchall()


def units(db, hand):
    with st.reading(db) as con:
        return dict(con.execute("SELECT u.seat, u.units FROM hand_units u JOIN hands h USING (hand_id) "
                                "WHERE h.hand = ? ORDER BY u.seat_no", [hand]).fetchall())


def test_continuing_a_session_uses_its_stored_state_and_replays_nothing(db, tmp_path, monkeypatch):
    ingest(db, tmp_path, "a.shn", H1, H2)
    # after hand 2: last hand 2, one doubled hand queued, the pot 5, the dealer Al (seat 0), no gap, 2 hands
    assert state(db) == [(2, 2, 1, 1, 5, 0, True, 2)]

    def boom(*a, **k):
        raise AssertionError("the stored session was read back")
    monkeypatch.setattr(st.Store, "prior_hands", boom)
    monkeypatch.setattr(st, "_reread_session", boom)
    ingest(db, tmp_path, "b.shn", H3)
    assert units(db, 3) == {"Al": -2, "Bea": -2, "Cy": 8, "Di": -2, "Ed": 3, "(pot)": -5}
    # after hand 3: nothing queued (queued 0; `run`, the doublers-in-a-row counter of
    # doublerStacking=multiplicative, is not reset under the default queued stacking: 1), the pot 0,
    # dealer Bea (1)
    assert state(db) == [(3, 3, 0, 1, 0, 1, True, 3)]
    # a re-ingest of both files validates nothing and stores nothing
    r = ingest(db, tmp_path, "a.shn", H1, H2)
    assert '"duplicates": 2' in r.stdout and '"ingested": 0' in r.stdout
    monkeypatch.undo()
    kept = state(db)
    assert runner.invoke(app, ["rederive", "--db", str(db)]).exit_code == 0
    assert [row[:7] for row in state(db)] == [row[:7] for row in kept]  # the replayed session agrees


def test_a_late_hand_replays_the_session_and_refreshes_the_state(db, tmp_path):
    ingest(db, tmp_path, "a.shn", H1, H3)  # hand 2 missing: hand 3 at x1 with a gap
    assert state(db)[0][6] is False  # not known: hand 2 is missing
    assert units(db, 3) == {"Al": -1, "Bea": -1, "Cy": 2, "Di": -1, "Ed": 1, "(pot)": 0}
    ingest(db, tmp_path, "b.shn", H2)  # the doubler arrives late: hand 3 re-derived at x2 with the pot
    assert units(db, 3) == {"Al": -2, "Bea": -2, "Cy": 8, "Di": -2, "Ed": 3, "(pot)": -5}
    assert state(db) == [(3, 3, 0, 1, 0, 1, True, 3)]
    # then hand 4 follows from the state: x1, the empty pot: Di +2, Ed +1, the others -1
    ingest(db, tmp_path, "c.shn", H4)
    assert units(db, 4) == {"Al": -1, "Bea": -1, "Cy": -1, "Di": 2, "Ed": 1, "(pot)": 0}
    assert state(db) == [(4, 4, 0, 1, 0, 2, True, 4)]


def test_a_void_and_an_amendment_rewrite_the_state(db, tmp_path):
    ingest(db, tmp_path, "a.shn", H1, H2, H3)
    assert runner.invoke(app, ["void", "s#2", "--reason", "no doubler", "--db", str(db)]).exit_code == 0
    # without the doubler hand 3 is at x1 and the pot is empty: the state has nothing queued, pot 0
    assert state(db) == [(3, 3, 0, 0, 0, 1, True, 2)]  # 2 hands stored, hand 2 voided: no gap
    ingest(db, tmp_path, "c.shn", H4)
    assert units(db, 4) == {"Al": -1, "Bea": -1, "Cy": -1, "Di": 2, "Ed": 1, "(pot)": 0}
    with st.reading(db) as con:
        assert con.execute("SELECT warnings FROM hands WHERE hand = 4").fetchall() == [("[]",)]
    # amend hand 3 into a doubler (the pot 0 + 5 = 5, one hand queued): hand 4 is at x2 and its winners take 5:
    # Di +2*2 = +4 and Ed +2, plus the pot's 5 (Ed 1, Di 4): Di +8, Ed +3, the others -2, the pot -5
    fix = tmp_path / "fix.shn"
    fix.write_text(HEAD + "hand 3  dealer Bea\ndoubler\n")
    assert runner.invoke(app, ["ingest", "--amend", str(fix), "--db", str(db)]).exit_code == 0
    assert units(db, 4) == {"Al": -2, "Bea": -2, "Cy": -2, "Di": 8, "Ed": 3, "(pot)": -5}
    assert state(db) == [(4, 4, 0, 1, 0, 2, True, 3)]


# ---------------------------------------------------------------------------
# a property: continuing from the stored state is the same as one file

_KINDS = ["doubler", "pick Cy  call AS  partner Ed  pts 72  win", "pick Bea  alone  pts 70  win",
          "pick Di  call AS  partner Ed  pts 50  lose", "pick Al  call AH  partner Bea  pts 95  win-s"]


def _hands(kinds: list[int]) -> list[str]:
    seats = ["Al", "Bea", "Cy", "Di", "Ed"]
    return [f"hand {k + 1}  dealer {seats[(k - 1) % 5]}\n{_KINDS[x]}" for k, x in enumerate(kinds)]


def _outcomes(db):
    with st.reading(db) as con:
        hands = con.execute("SELECT h.hand, h.stake, h.warnings, list(u.units ORDER BY u.seat_no) FROM hands h "
                            "JOIN hand_units u USING (hand_id) GROUP BY ALL ORDER BY h.hand").fetchall()
        state = con.execute("SELECT last_hand, top_hand, queued, run, pot, last_dealer, known, hands "
                            "FROM session_state").fetchall()
    return hands, state


from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as hs  # noqa: E402


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(kinds=hs.lists(hs.integers(0, len(_KINDS) - 1), min_size=2, max_size=7), data=hs.data())
def test_a_session_continued_from_its_state_equals_the_session_in_one_file(tmp_path_factory, kinds, data):
    """However a session's hands are split over two files (rules.md D-11,
    D-12, D-19: doublers queue, the pot fills and empties), the stored stakes,
    units, warnings and running state equal those of the same hands ingested
    from one file."""
    hands = _hands(kinds)
    split = data.draw(hs.integers(1, len(hands) - 1))
    tmp = tmp_path_factory.mktemp("prop")
    one, two = tmp / "one.duckdb", tmp / "two.duckdb"
    ingest(one, tmp, "all.shn", *hands)
    ingest(two, tmp, "a.shn", *hands[:split])
    ingest(two, tmp, "b.shn", *hands[split:])
    assert _outcomes(two) == _outcomes(one)
