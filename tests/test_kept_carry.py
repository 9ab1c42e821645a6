"""A stored hand that keeps its stored outcome feeds the carry with it.

When an earlier hand of a session arrives after later hands were stored, the
session is re-derived (docs/storage.md "Session carry").  A later hand whose
written score is wrong at the new stake or pot is kept with its stored
outcome until it is amended (``W-CARRY``).  The hands after it were
re-derived as if it were missing: the pot forgot what the kept hand took out
of it, and a doubler it played off was played off again by the next hand.
Two wrong numbers, found by a tester (break15 F1); both worked by hand below.

The carry now goes on from the kept hand's stored outcome
(:func:`replay.judge.count_stored`): it counts as played (rules.md D-11,
D-12), and the pot moves by the units it stored (D-19).

Rules (rules.md D-19, ``wi5-pot``: a leaster puts one unit a player into
the pot, a winning picker side takes the whole pot, the partner
``pot // 4`` of it and the picker the rest; rules.md B-31, a plain win is
+2 picker, +1 partner, -1 each defender).
"""

from __future__ import annotations

import json
from pathlib import Path

import duckdb
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs
from typer.testing import CliRunner

from dashboard.metrics import Filters, ledger_by_session
from ingest import store as st
from ingest.cli import app
from replay.judge import SessionState, count_stored
from replay.outcome import HandOutcome
from replay.profile import parse_rules

runner = CliRunner()
SEATS = ["Al", "Bea", "Cy", "Di", "Ed"]


def cli(*args: str):
    return runner.invoke(app, list(args))


def units(al, bea, cy, di, ed) -> dict:
    return dict(zip(SEATS, (al, bea, cy, di, ed)))


def session(*hands: str, rules: str) -> str:
    return ('%SHN 1.0\n[Session "night"]\n[Seats "Al=Allen Braun; Bea=Bea Schmidt; Cy=Cy Ott; Di=Di Lenz; '
            f'Ed=Ed Kahl"]\n[Rules "{rules}"]\n\n' + "\n\n".join(hands) + "\n")


def write(tmp_path: Path, name: str, text: str) -> str:
    p = tmp_path / name
    p.write_text(text)
    return str(p)


def stored(db: Path) -> dict[int, dict]:
    con = duckdb.connect(str(db), read_only=True)
    try:
        rows = con.execute(
            "SELECT h.hand, h.stake, h.warnings, list(u.seat ORDER BY u.seat_no), list(u.units ORDER BY u.seat_no) "
            "FROM hands h JOIN hand_units u USING (hand_id) WHERE h.session = 'night' GROUP BY ALL "
            "ORDER BY h.hand").fetchall()
    finally:
        con.close()
    out = {}
    for hand, stake, warnings, seats, amounts in rows:
        u = dict(zip(seats, amounts))
        out[hand] = {"stake": stake, "pot": u.pop(st.POT_SEAT, 0), "units": u, "warnings": json.loads(warnings)}
    return out


def ledger(db: Path) -> dict[str, int]:
    with st.reading(db) as con:
        df = ledger_by_session(con, Filters())
    return dict(zip(df["player"].to_list(), df["units"].to_list()))


# --- the pot ---------------------------------------------------------------------------------------------------

POT = "wi5-pot"
P1 = "hand 1  dealer Ed\nleaster Bea"
P2 = "hand 2  dealer Al\nleaster Al"
# hand 3's score as written when it was stored alone with hand 2 (pot 5 then): Cy takes 4 of 5, Ed 5 // 4 = 1
P3_SCORED_AT_5 = ("hand 3  dealer Bea\npick Cy  call AS  partner Ed  pts 72  win\n"
                  "score Al -1 Bea -1 Cy +6 Di -1 Ed +2")
P4 = "hand 4  dealer Cy\npick Di  call AS  partner Al  pts 80  win"


@pytest.fixture
def kept_pot(db, tmp_path):
    """Hands 2-4 stored first, then hand 1: hand 3 is kept (W-CARRY)."""
    r = cli("ingest", write(tmp_path, "a.shn", session(P2, P3_SCORED_AT_5, P4, rules=POT)), "--db", str(db))
    assert r.exit_code == 0, r.output
    r = cli("ingest", write(tmp_path, "b.shn", session(P1, rules=POT)), "--db", str(db))
    assert r.exit_code == 0, r.output
    out = " ".join(r.output.split())
    # hand 3 now sees a pot of 10 (5 from hand 1, 5 from hand 2): its written score (the pot taking 5) disagrees
    assert "warning W-CARRY: hand 3 of session 'night'" in out
    assert "the score sums to +5 but the pot takes -10" in out
    return db


def test_the_hand_after_a_kept_hand_takes_the_pot_that_is_there(kept_pot):
    got = stored(kept_pot)
    # hand 1: leaster won by Bea: +4 / -1 each, each puts 1 in: Bea +3, others -2; pot 0 -> 5
    assert got[1]["units"] == units(-2, 3, -2, -2, -2) and got[1]["pot"] == 5
    # hand 2: leaster won by Al: Al +3, others -2; pot 5 -> 10
    assert got[2]["units"] == units(3, -2, -2, -2, -2) and got[2]["pot"] == 5
    # hand 3 kept as stored: Cy +6, Ed +2, Al Bea Di -1; the pot seat -5: pot 10 -> 5
    assert got[3]["units"] == units(-1, -1, 6, -1, 2) and got[3]["pot"] == -5
    # hand 4: Di picks, Al partner, 80: plain win +2 / +1 / -1, and the side takes the pot of 5 (not 10):
    # Al 5 // 4 = 1, Di 4: Di +6, Al +2, Bea Cy Ed -1; 6 + 2 - 3 = 5, the pot seat -5: pot 5 -> 0
    assert got[4]["units"] == units(2, -1, -1, 6, -1) and got[4]["pot"] == -5
    # the pot never pays out what it did not receive: 5 + 5 - 5 - 5 = 0 after hand 4 (before the fix: -5)
    assert sum(h["pot"] for h in got.values()) == 0
    for h in got.values():  # zero-sum with the pot seat, every hand
        assert sum(h["units"].values()) + h["pot"] == 0
    # hand 4 follows a kept hand, not a missing one: no W-SESSION-GAP
    assert not any("W-SESSION-GAP" in w for w in got[4]["warnings"])
    # ledger: Al -2+3-1+2 = +2, Bea 3-2-1-1 = -1, Cy -2-2+6-1 = +1, Di -2-2-1+6 = +1, Ed -2-2+2-1 = -3
    assert ledger(kept_pot) == {"Allen Braun": 2, "Bea Schmidt": -1, "Cy Ott": 1, "Di Lenz": 1, "Ed Kahl": -3}


def test_amending_a_hand_after_a_kept_hand_checks_it_against_the_pot_that_is_there(kept_pot, tmp_path):
    """Hand 4 amended with its score written at the pot of 5: accepted (before, the amendment replayed hand 3
    as missing and refused the score against a pot of 10), and the kept hand 3, earlier than the amended hand,
    does not block it."""
    fix = session(P4 + "\nscore Al +2 Bea -1 Cy -1 Di +6 Ed -1", rules=POT)
    r = cli("ingest", "--amend", write(tmp_path, "fix4.shn", fix), "--db", str(kept_pot))
    assert r.exit_code == 0, r.output
    assert stored(kept_pot)[4]["units"] == units(2, -1, -1, 6, -1)
    # the same score written at the pot of 10 (Di +10, Al +3) is refused: the pot holds 5
    wrong = session(P4 + "\nscore Al +3 Bea -1 Cy -1 Di +10 Ed -1", rules=POT)
    r = cli("ingest", "--amend", write(tmp_path, "wrong4.shn", wrong), "--db", str(kept_pot))
    assert r.exit_code == 1
    assert "E-SCORE-SUM" in r.output and stored(kept_pot)[4]["units"] == units(2, -1, -1, 6, -1)


def test_amending_the_kept_hand_moves_the_pot_of_the_hands_after_it(kept_pot, tmp_path):
    """Hand 3 amended without its score: the rules take the whole pot of 10: Ed 10 // 4 = 2, Cy 8;
    Cy +2+8 = +10, Ed +1+2 = +3, Al Bea Di -1; pot 10 -> 0.  Hand 4 then finds the pot empty:
    Di +2, Al +1, Bea Cy Ed -1, the pot seat 0."""
    fix = session("hand 3  dealer Bea\npick Cy  call AS  partner Ed  pts 72  win", rules=POT)
    r = cli("ingest", "--amend", write(tmp_path, "fix3.shn", fix), "--db", str(kept_pot))
    assert r.exit_code == 0, r.output
    got = stored(kept_pot)
    assert got[3]["units"] == units(-1, -1, 10, -1, 3) and got[3]["pot"] == -10
    assert got[4]["units"] == units(1, -1, -1, 2, -1) and got[4]["pot"] == 0
    assert sum(h["pot"] for h in got.values()) == 0


def test_a_kept_hand_stays_marked_until_it_is_amended(kept_pot, tmp_path):
    """A tester's finding: once the ingest's W-CARRY line was gone, nothing showed that hand 3 counts a result
    the rules no longer give.  Now its stored warnings keep W-CARRY: the sheet marks it (``!``, and a line at
    its foot), the ledger lists the session as incomplete (saying which hand and how to fix it), ``shead
    history`` says why, and ``shead export`` warns that a restore would refuse it.  Amending hand 3 clears all
    of it, and the rules' pot takes over (Cy +10, Ed +3, the pot -10, as worked above)."""
    db = str(kept_pot)
    r = cli("sheet", "night", "--db", db)
    assert r.exit_code == 0, r.output
    row3 = next(line for line in r.output.splitlines() if line.strip().startswith("3 "))
    assert "won 72 !" in row3
    assert "hand 3 ! kept as stored, against the rules (W-CARRY)" in r.output
    assert "written at " in r.output and "a.shn:" in r.output and "the pot takes -10" in r.output
    sheet = json.loads(cli("sheet", "night", "--db", db, "--json").output)
    assert [h["hand"] for h in sheet["hands"] if h["kept"]] == [3]
    r = cli("ledger", "--db", db)
    out = " ".join(r.output.split())
    assert "night: hand 3 keeps its stored result, which the rules no longer give" in out
    assert "shead history night#3" in out
    with st.reading(kept_pot) as con:
        bad = ledger_incomplete(con)
    assert bad == [("night", 0)]
    r = cli("history", "night#3", "--db", db)
    assert "kept as stored, against the rules: hand 3 of session 'night'" in r.output
    r = runner.invoke(app, ["export", "--format", "shn", "--db", db, "--out", str(tmp_path / "x.shn")])
    assert r.exit_code == 0 and "1 hand(s) keep a stored result the rules no longer give (W-CARRY): night#3" \
        in " ".join(r.output.split())
    fix = session("hand 3  dealer Bea\npick Cy  call AS  partner Ed  pts 72  win", rules=POT)
    assert cli("ingest", "--amend", write(tmp_path, "fix3.shn", fix), "--db", db).exit_code == 0
    r = cli("sheet", "night", "--db", db)
    assert "!" not in r.output and "W-CARRY" not in r.output
    with st.reading(kept_pot) as con:
        assert ledger_incomplete(con) == []
    assert "kept as stored" not in cli("history", "night#3", "--db", db).output


def ledger_incomplete(con) -> list[tuple[str, int]]:
    from dashboard.metrics import incomplete_sessions  # noqa: PLC0415

    df = incomplete_sessions(con, Filters())
    return list(zip(df["session"].to_list(), df["refused"].to_list()))


def test_a_correction_before_a_kept_hand_is_not_refused_for_it(kept_pot, tmp_path):
    """A tester's finding: a note added to hand 1 was refused because hand 3, kept before it, 'would no longer
    agree'; it disagreed already.  Now the amendment goes through and hand 3 stays kept (its reason refreshed).
    Voiding hand 2 (the second leaster) then leaves a pot of 5 before hand 3, which is what its written score
    took: hand 3 agrees with the rules again, its mark goes, and hand 4 finds the pot empty.  By hand: h1 Bea +3,
    others -2, pot 5; h3 Cy +6, Ed +2, Al Bea Di -1, pot -5 -> 0; h4 Di with Al, 80, empty pot: Di +2, Al +1,
    Bea Cy Ed -1.  Totals: Al -2-1+1 = -2, Bea 3-1-1 = +1, Cy -2+6-1 = +3, Di -2-1+2 = -1, Ed -2+2-1 = -1."""
    db = str(kept_pot)
    note = session("hand 1  dealer Ed\nleaster Bea {Bea took the last trick}", rules=POT)
    r = cli("ingest", "--amend", write(tmp_path, "note.shn", note), "--db", db)
    assert r.exit_code == 0, r.output
    assert "kept as stored, against the rules" in cli("history", "night#3", "--db", db).output
    r = cli("void", "night#2", "--reason", "dealt at the other table", "--db", db)
    assert r.exit_code == 0, r.output
    got = stored(kept_pot)
    assert sorted(got) == [1, 3, 4]
    assert got[3]["units"] == units(-1, -1, 6, -1, 2) and got[3]["pot"] == -5
    assert not any("W-CARRY" in w for w in got[3]["warnings"])
    assert got[4]["units"] == units(1, -1, -1, 2, -1) and got[4]["pot"] == 0
    assert ledger(kept_pot) == {"Allen Braun": -2, "Bea Schmidt": 1, "Cy Ott": 3, "Di Lenz": -1, "Ed Kahl": -1}
    with st.reading(kept_pot) as con:
        assert ledger_incomplete(con) == []


def test_rederive_keeps_the_carry_of_a_kept_hand(kept_pot):
    """``shead rederive`` re-reads the session the same way: hand 3 is refused again and kept, hand 4 keeps
    the pot of 5 (no stored number changes)."""
    before = stored(kept_pot)
    r = cli("rederive", "--db", str(kept_pot))
    assert r.exit_code == 1  # a hand the engine refuses is said, and kept
    assert "re-derived 3 hands: 0 changed, 1 refused by the engine" in r.output and "E-SCORE-SUM (hand 3)" in r.output
    after = stored(kept_pot)
    assert {n: (h["units"], h["pot"]) for n, h in after.items()} == {
        n: (h["units"], h["pot"]) for n, h in before.items()}
    assert after[4]["units"] == units(2, -1, -1, 6, -1)


# --- a doubler ----------------------------------------------------------------------------------------------------

DOUBLER = "wi5-called-ace; noPick=doubler"
D1 = "hand 1  dealer Ed\ndoubler"
D2_SCORED_X1 = ("hand 2  dealer Al\npick Cy  call AS  partner Ed  pts 72  win\n"
                "score Al -1 Bea -1 Cy +2 Di -1 Ed +1")
D3 = "hand 3  dealer Bea\npick Di  call AS  partner Ed  pts 70  win"


def test_a_kept_hand_plays_off_the_doubler(db, tmp_path):
    """Hands 2 (its score written at x1) and 3 stored, then hand 1, a doubler (rules.md D-11, D-12: the next
    hand is played at x2).  Hand 2 is kept at x1 (W-CARRY); it was the hand played at x2, so hand 3 stays at
    x1.  Before, hand 3 was re-derived at x2 as though hand 2 were missing: the one doubler doubled nothing
    that was stored and a hand it does not reach."""
    r = cli("ingest", write(tmp_path, "a.shn", session(D2_SCORED_X1, D3, rules=DOUBLER)), "--db", str(db))
    assert r.exit_code == 0, r.output
    r = cli("ingest", write(tmp_path, "b.shn", session(D1, rules=DOUBLER)), "--db", str(db))
    assert r.exit_code == 0, r.output
    assert "W-CARRY: hand 2 of session 'night'" in " ".join(r.output.split())
    got = stored(db)
    assert got[2]["stake"] == 1 and got[2]["units"] == units(-1, -1, 2, -1, 1)  # kept
    # hand 3 at x1: Di +2, Ed +1, Al Bea Cy -1 (at x2 it was Di +4, Ed +2, the others -2)
    assert got[3]["stake"] == 1 and got[3]["units"] == units(-1, -1, -1, 2, 1)
    assert not any("W-SESSION-GAP" in w for w in got[3]["warnings"])
    # ledger: Al -1-1 = -2, Bea -2, Cy +2-1 = +1, Di -1+2 = +1, Ed +1+1 = +2 (sum 0)
    assert ledger(db) == {"Allen Braun": -2, "Bea Schmidt": -2, "Cy Ott": 1, "Di Lenz": 1, "Ed Kahl": 2}


# --- count_stored, the rule itself ------------------------------------------------------------------------------

def _outcome(outcome: str, pot: int, rules: str = POT, stake: int = 1, prov_stake: str = "derived",
             hand: int = 3, dealer: str | None = "Bea") -> HandOutcome:
    return HandOutcome(session="s", group=None, hand=hand, date=None, rules=rules, rules_flags={},
                       game="sheepshead", game_type=None, players={a: a for a in SEATS}, dealer=dealer,
                       picker=None, partner=None, call=None, alone=False, leaster_winner=None, multiplier=stake,
                       picker_points=None, picker_tricks=None, outcome=outcome, units={}, provenance={"stake":
                       prov_stake}, status="score-sheet", stake=stake, pot=pot)


def test_count_stored_moves_the_pot_by_the_stored_units_from_the_balance_in_force():
    s = SessionState(pot=10, last_hand=2, known=True)
    count_stored(_outcome("win", -5), s)
    assert (s.pot, s.last_hand, s.known, s.last_dealer) == (5, 3, True, 1)  # 10 - 5; Bea is seat 1 (Al 0)
    count_stored(_outcome("leaster", 5, hand=4, dealer="Cy"), s)
    assert (s.pot, s.last_hand, s.last_dealer) == (10, 4, 2)


def test_count_stored_plays_off_a_queued_doubler_and_a_stored_doubler_queues_one():
    profile = parse_rules(DOUBLER)
    s = SessionState(last_hand=1, known=True)
    s.thrown_in()
    assert s.next_stake(profile) == 2
    count_stored(_outcome("win", 0, rules=DOUBLER, stake=1, hand=2), s)  # kept at x1, but it was played
    assert s.next_stake(profile) == 1
    count_stored(_outcome("doubler", 0, rules=DOUBLER, hand=3), s)
    assert s.next_stake(profile) == 2
    # a misdeal neither plays one off nor queues one
    count_stored(_outcome("misdeal", 0, rules=DOUBLER, hand=4), s)
    assert s.next_stake(profile) == 2


def test_count_stored_after_a_gap_is_still_a_gap_and_unknown_rules_feed_nothing():
    s = SessionState(pot=5, last_hand=1, known=True)
    count_stored(_outcome("win", -5, hand=3), s)  # hand 2 is missing: the carry stays unknown
    assert (s.pot, s.known) == (0, False)
    s = SessionState(pot=5, last_hand=1, known=True)
    count_stored(_outcome("win", -5, rules="no-such-profile", hand=2), s)
    assert (s.pot, s.last_hand, s.known) == (5, 1, True)


# --- property: the pot after kept hands is what the stored hands put in and took out ----------------------------

PROP_HANDS = {
    "leaster": "leaster Al",
    "win": "pick Cy  call AS  partner Ed  pts 72  win",
    "lose": "pick Di  call AS  partner Al  pts 40  lose",
    # a score written as the table paid it with an empty pot: +2 / +1 / -1 (B-31), right only when the pot is 0
    "win_scored": "pick Cy  call AS  partner Ed  pts 72  win\nscore Al -1 Bea -1 Cy +2 Di -1 Ed +1",
}


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(kinds=hs.lists(hs.sampled_from(sorted(PROP_HANDS)), min_size=3, max_size=7), data=hs.data())
def test_every_derived_pot_is_the_sum_of_what_the_stored_hands_moved(tmp_path_factory, kinds, data):
    """A session of leasters, wins and losses (some with a score written for an empty pot) split in two files,
    the later one ingested first, so that scored hands may be kept (W-CARRY).  For every stored hand whose pot
    is derived, not after a gap and not itself kept, the pot before it is the running sum of the pot seat's
    stored units of the hands before it (rules.md D-19 as ``wi5-pot`` plays it: a leaster puts 5 in, a won hand
    takes the whole pot, a lost hand pays the pot's worth in), and every hand sums to zero with the pot seat."""
    hands = [f"hand {i}  dealer {SEATS[(i - 2) % 5]}\n{PROP_HANDS[k]}" for i, k in enumerate(kinds, 1)]
    cut = data.draw(hs.integers(1, len(hands) - 1))
    db = tmp_path_factory.mktemp("kept") / "k.duckdb"
    for name, part in (("late.shn", hands[cut:]), ("early.shn", hands[:cut])):
        p = db.parent / name
        p.write_text(session(*part, rules=POT))
        r = cli("ingest", str(p), "--db", str(db))
        assert r.exit_code in (0, 1), r.output  # 1: a scored hand refused at its own ingest
    got = stored(db)
    with st.reading(db) as con:
        prov = {h: json.loads(p)["pot"] for h, p in con.execute(
            "SELECT hand, provenance FROM hands WHERE session = 'night'").fetchall()}
    running = 0
    for number in sorted(got):
        h = got[number]
        assert sum(h["units"].values()) + h["pot"] == 0
        clean = number - 1 in got or number == 1  # the hand before it is stored (no gap)
        clean = clean and all(k in got for k in range(1, number))
        if clean and prov[number] == "derived" and not any("W-CARRY" in w or "W-SESSION-GAP" in w
                                                           for w in h["warnings"]):
            kind = kinds[number - 1]
            expected = {"leaster": 5, "lose": running}.get(kind, -running)  # a win (scored or not) takes it all
            assert h["pot"] == expected, (number, kind, running, h)
        running += h["pot"]


# --- break16: a kept hand that took more than the pot held; a kept hand with a written stake ----------------------

def test_a_pot_a_kept_hand_overdrew_pays_nothing_and_says_so(db, tmp_path):
    """Hands 1 (a leaster: pot 5) and 3 (a win whose score takes that 5) are stored; then hand 2 arrives, a win
    that takes the 5 itself.  Hand 3 is kept (W-CARRY) having taken 5 from an empty pot: the pot holds -5.  A pot
    split (hand 4) then pays nothing (before: E-INTERNAL, 'the pot holds -5 units') and hands 4 and 5 say why
    (W-POT-OWED); hand 5's leaster ante fills the pot back to 0.  Amending hand 3 puts everything right.
    By hand (D-19, wi5-pot):
      h1 leaster Bea: Bea +3, others -2; pot +5 -> 5
      h2 Di with Al, 80: +2/+1/-1, takes 5 (Al 5 // 4 = 1, Di 4): Di +6, Al +2, Bea Cy Ed -1; pot -5 -> 0
      h3 kept: Cy +6, Ed +2, Al Bea Di -1; pot -5 -> -5
      h4 potsplit: nothing to split: 0 each; pot 0 -> -5
      h5 leaster Al: Al +3, others -2; pot +5 -> 0
      totals: Al -2+2-1+3 = +2, Bea 3-1-1-2 = -1, Cy -2-1+6-2 = +1, Di -2+6-1-2 = +1, Ed -2-1+2-2 = -3 (sum 0)."""
    h1, h2 = "hand 1  dealer Ed\nleaster Bea", "hand 2  dealer Al\npick Di  call AH  partner Al  pts 80  win"
    h3 = "hand 3  dealer Bea\npick Cy  call AS  partner Ed  pts 72  win\nscore Al -1 Bea -1 Cy +6 Di -1 Ed +2"
    h4, h5 = "hand 4  dealer Cy\npotsplit", "hand 5  dealer Di\nleaster Al"
    for name, hands in (("a.shn", (h1, h3)), ("b.shn", (h2,)), ("c.shn", (h4, h5))):
        r = cli("ingest", write(tmp_path, name, session(*hands, rules=POT)), "--db", str(db))
        assert r.exit_code == 0, r.output
    out = " ".join(r.output.split())
    assert "warning W-POT-OWED (hand 4): hand 4: the pot holds -5 before this hand" in out
    assert "warning W-POT-OWED (hand 5)" in out and "E-INTERNAL" not in out
    got = stored(db)
    assert got[3]["units"] == units(-1, -1, 6, -1, 2) and got[3]["pot"] == -5
    assert got[4]["units"] == units(0, 0, 0, 0, 0) and got[4]["pot"] == 0
    assert got[5]["units"] == units(3, -2, -2, -2, -2) and got[5]["pot"] == 5
    assert ledger(db) == {"Allen Braun": 2, "Bea Schmidt": -1, "Cy Ott": 1, "Di Lenz": 1, "Ed Kahl": -3}
    # amended without its score, hand 3 finds the pot empty: Cy +2, Ed +1, the others -1, the pot untouched;
    # the split has nothing to pay and hand 5's leaster puts 5 in: no pot below zero, no W-POT-OWED
    fix = session("hand 3  dealer Bea\npick Cy  call AS  partner Ed  pts 72  win", rules=POT)
    assert cli("ingest", "--amend", write(tmp_path, "fix3.shn", fix), "--db", str(db)).exit_code == 0
    got = stored(db)
    assert got[3]["units"] == units(-1, -1, 2, -1, 1) and got[3]["pot"] == 0
    assert not any("W-POT-OWED" in w for h in got.values() for w in h["warnings"])
    assert [sum(h["pot"] for n, h in got.items() if n <= k) for k in sorted(got)] == [5, 0, 0, 0, 5]


def test_a_kept_hand_with_a_written_stake_does_not_throw_a_queued_doubler_away(db, tmp_path):
    """Hands 3 (``stake 1`` written: hands 1-2 missing, so taken as written) and 4 are stored; then hands 1 and 2,
    two doublers, arrive: under queued stacking (rules.md D-12) hands 3 and 4 are played at x2 each.  Hand 3 is
    kept at x1 (W-CARRY, E-STAKE); it was played, so it plays off one doubler and hand 4 carries the other: x2,
    Di +4, Ed +2, Al Bea Cy -2 (before: x1, the written stake 1 had emptied the queue)."""
    rules = DOUBLER + "; doublerStacking=queued"
    a = session("hand 3  dealer Bea\npick Cy  call AS  partner Ed  pts 72  win  stake 1",
                "hand 4  dealer Cy\npick Di  call AS  partner Ed  pts 70  win", rules=rules)
    b = session("hand 1  dealer Ed\ndoubler", "hand 2  dealer Al\ndoubler", rules=rules)
    assert cli("ingest", write(tmp_path, "a.shn", a), "--db", str(db)).exit_code == 0
    r = cli("ingest", write(tmp_path, "b.shn", b), "--db", str(db))
    assert r.exit_code == 0 and "W-CARRY: hand 3" in " ".join(r.output.split())
    got = stored(db)
    assert got[3]["stake"] == 1 and got[3]["units"] == units(-1, -1, 2, -1, 1)
    assert got[4]["stake"] == 2 and got[4]["units"] == units(-2, -2, -2, 4, 2)


def test_a_file_continuing_a_session_under_other_rules_or_names_says_so(db, tmp_path):
    """break16 F7: session 'night' is stored under wi5-pot with two leasters (pot 10).  A file continuing it under
    [Rules "wi5-called-ace"] scores hand 3 without the pot (Cy +2, Ed +1, the others -1; under wi5-pot the side
    would take the 10: Cy +10, Ed +3), and one naming Al 'Alan Brown' makes the ledger count a new player: both
    were stored without a word.  They are still stored as written (a table may change its rules), and the ingest
    says W-SESSION-HEADER at the session's first hand of the file."""
    assert cli("ingest", write(tmp_path, "a.shn", session(P1, P2, rules=POT)), "--db", str(db)).exit_code == 0
    r = cli("ingest", write(tmp_path, "b.shn", session("hand 3  dealer Bea\npick Cy  call AS  partner Ed  pts 72  win",
                                                      rules="wi5-called-ace")), "--db", str(db))
    out = " ".join(r.output.split())
    assert r.exit_code == 0 and "b.shn:6:1: warning W-SESSION-HEADER: hand 3 continues session 'night'" in out
    assert "[Rules 'wi5-pot'] and these hands are under [Rules 'wi5-called-ace']" in out
    assert stored(db)[3]["units"] == units(-1, -1, 2, -1, 1)
    renamed = session("hand 4  dealer Cy\nleaster Di", rules=POT).replace("Al=Allen Braun", "Al=Alan Brown")
    r = cli("ingest", write(tmp_path, "c.shn", renamed), "--db", str(db))
    out = " ".join(r.output.split())
    assert "W-SESSION-HEADER: hand 4 continues session 'night'" in out
    assert "Al is 'Allen Braun' there and 'Alan Brown' here" in out
    # the same header again: nothing to say
    r = cli("ingest", write(tmp_path, "d.shn", session("hand 5  dealer Di\nleaster Ed", rules=POT)), "--db", str(db))
    assert "W-SESSION-HEADER" not in r.output
    # break16b: what the warning says must stay true.  A correction of hand 1, shead rederive and an export all
    # re-read the session; hand 3 keeps its own rules (Cy +2, Ed +1, not the pot's Cy +10, Ed +3) and hand 4 its
    # own name (Alan Brown), and a restore of the export gives the same ledger
    before = ledger(db)
    assert before["Alan Brown"] == -2 and "Allen Braun" in before
    note = session("hand 1  dealer Ed\nleaster Bea {the last trick was Bea's}", rules=POT)
    assert cli("ingest", "--amend", write(tmp_path, "note.shn", note), "--db", str(db)).exit_code == 0
    r = cli("rederive", "--db", str(db))
    assert r.exit_code == 0 and "0 changed" in r.output, r.output
    assert stored(db)[3]["units"] == units(-1, -1, 2, -1, 1) and ledger(db) == before
    exp = tmp_path / "exp.shn"
    assert cli("export", "--format", "shn", "--out", str(exp), "--db", str(db)).exit_code == 0
    text = exp.read_text()
    assert 'hand 3  dealer Bea\n[Rules "wi5-called-ace"]' in text and "[Seats \"Al=Alan Brown;" in text
    again = tmp_path / "again.duckdb"
    assert cli("ingest", str(exp), "--db", str(again)).exit_code == 0
    assert ledger(again) == before


def test_a_kept_hand_after_a_refused_one_says_to_store_that_one_first(db, tmp_path):
    """user16b: the later half of a pot night came first; its first hand was refused (the pot unknown), the
    earlier half then made the next hand disagree, and the ledger said 'amend it' about a hand whose score was
    right: amending it as told gave a wrong ledger.  Now the W-CARRY says the refused hand is not stored and to
    store it first, the ledger lists the refused hand too, and storing it settles everything.  By hand (D-19):
      h1 leaster Bea: Bea +3, others -2; pot 5
      h2 Cy with Ed, 72, takes the 5 (Ed 5 // 4 = 1): Cy +6, Ed +2, Al Bea Di -1; pot 0
      h3 Di with Al, 80, empty pot: Di +2, Al +1, Bea Cy Ed -1
      totals: Al -2-1+1 = -2, Bea 3-1-1 = +1, Cy -2+6-1 = +3, Di -2-1+2 = -1, Ed -2+2-1 = -1 (sum 0), pot 0."""
    late = session("hand 2  dealer Al\npick Cy  call AS  partner Ed  pts 72  win\nscore Al -1 Bea -1 Cy +6 Di -1 Ed +2",
                   "hand 3  dealer Bea\npick Di  call AS  partner Al  pts 80  win\nscore Al +1 Bea -1 Cy -1 Di +2 Ed -1",
                   rules=POT)
    r = cli("ingest", write(tmp_path, "late.shn", late), "--db", str(db))
    assert r.exit_code == 1 and "E-SCORE-SUM (hand 2)" in r.output  # the pot before it is not known yet
    r = cli("ingest", "--db", str(db), write(tmp_path, "early.shn", session(P1, rules=POT)))
    out = " ".join(r.output.split())
    assert "W-CARRY: hand 3 of session 'night'" in out
    assert "but hand 2 before it is not stored (refused, or not ingested yet): store it first" in out
    with st.reading(db) as con:
        df = __import__("dashboard.metrics", fromlist=["x"]).incomplete_sessions(con, Filters())
    note = df["note"].to_list()[0]
    assert "hand 2 was refused at ingest and is not stored" in note and "hand 3 keeps its stored result" in note
    r = cli("ingest", str(tmp_path / "late.shn"), "--db", str(db))  # the hands before it are stored now
    assert r.exit_code == 0, r.output
    got = stored(db)
    assert got[2]["units"] == units(-1, -1, 6, -1, 2) and got[3]["units"] == units(1, -1, -1, 2, -1)
    assert not any("W-CARRY" in w for h in got.values() for w in h["warnings"])
    assert ledger(db) == {"Allen Braun": -2, "Bea Schmidt": 1, "Cy Ott": 3, "Di Lenz": -1, "Ed Kahl": -1}
    with st.reading(db) as con:
        assert ledger_incomplete(con) == []


def test_a_default_written_out_is_no_header_change_and_another_seat_order_is_one(db, tmp_path):
    """break16b F7, F8: continuing a session under the same profile with a default flag written out
    (wi5-pot; doubleOnBump=on, rules.md J: on by default in wi5-pot) said W-SESSION-HEADER for nothing, and
    [Seats] in another order said nothing (the deal passes to the left, B-1, so the order is what the dealer
    check follows)."""
    assert cli("ingest", write(tmp_path, "a.shn", session(P1, P2, rules=POT)), "--db", str(db)).exit_code == 0
    same = session("hand 3  dealer Bea\nleaster Cy", rules=POT + "; doubleOnBump=on")
    r = cli("ingest", write(tmp_path, "b.shn", same), "--db", str(db))
    assert r.exit_code == 0 and "W-SESSION-HEADER" not in r.output, r.output
    moved = session("hand 4  dealer Cy\nleaster Di", rules=POT).replace(
        "Al=Allen Braun; Bea=Bea Schmidt", "Bea=Bea Schmidt; Al=Allen Braun")
    r = cli("ingest", write(tmp_path, "c.shn", moved), "--db", str(db))
    out = " ".join(r.output.split())
    assert "W-SESSION-HEADER: hand 4 continues session 'night'" in out
    assert "its seats go Al Bea Cy Di Ed clockwise and these hands' Bea Al Cy Di Ed" in out


def test_a_comment_naming_a_tag_or_another_seat_order_does_not_lose_a_hand_s_own_header(db, tmp_path):
    """break16c: whether a stored hand writes its own [Rules] was read as the text '[Rules ' anywhere in it, so
    a comment naming one made a re-read score the hand under the session's rules (doubleOnBump on: Cy's 45 loss
    with Ed at x1 paid -4/-2/+2 instead of the file's doubleOnBump=off -2/-1/+1, rules.md B-33, E-1); and the
    seats were compared without their order.  Hand 2 here is Cy with Ed, 45, lost, under doubleOnBump=off:
    Cy -2, Ed -1, the others +1.  A rederive changes nothing, and the seat order (Bea first) is kept."""
    base = ('%SHN 1.0\n[Session "s"]\n[Seats "Al; Bea; Cy; Di; Ed"]\n[Rules "wi5-called-ace"]\n\n'
            "hand 1  dealer Ed\npick Al  call AS  partner Bea  pts 72  win\n")
    later = ('%SHN 1.0\n[Session "s"]\n[Seats "Al; Bea; Cy; Di; Ed"]\n[Rules "wi5-called-ace; doubleOnBump=off"]\n\n'
             'hand 2  dealer Al  ; the table played [Rules "doubleOnBump=off"] tonight\n'
             "pick Cy  call AC  partner Ed  pts 45  lose\n")
    for name, text in (("a.shn", base), ("b.shn", later)):
        assert cli("ingest", write(tmp_path, name, text), "--db", str(db)).exit_code == 0
    con = duckdb.connect(str(db), read_only=True)
    try:
        def hand2():
            return dict(con.execute("SELECT u.seat, u.units FROM hand_units u JOIN hands h USING (hand_id) "
                                    "WHERE h.hand = 2").fetchall())
        assert hand2() == units(1, 1, -2, 1, -1)
    finally:
        con.close()
    r = cli("rederive", "--db", str(db))
    assert r.exit_code == 0 and "0 changed" in r.output, r.output
    con = duckdb.connect(str(db), read_only=True)
    try:
        assert hand2() == units(1, 1, -2, 1, -1)
    finally:
        con.close()
    moved = ('%SHN 1.0\n[Session "t"]\n[Seats "Al; Bea; Cy; Di; Ed"]\n[Rules "wi5-called-ace"]\n\n'
             "hand 1  dealer Ed\npick Al  call AS  partner Bea  pts 72  win\n")
    moved2 = ('%SHN 1.0\n[Session "t"]\n[Seats "Bea; Al; Cy; Di; Ed"]\n[Rules "wi5-called-ace"]\n\n'
              "hand 2  dealer Al\npick Cy  call AS  partner Di  pts 70  win\n")
    for name, text in (("c.shn", moved), ("d.shn", moved2)):
        assert cli("ingest", write(tmp_path, name, text), "--db", str(db)).exit_code == 0
    from ingest.store import in_session  # noqa: PLC0415

    assert in_session("hand 2  dealer Al\nleaster Cy\n", '[Seats "Al; Bea; Cy; Di; Ed"]\n', None,
                      {"Bea": "Bea", "Al": "Al", "Cy": "Cy", "Di": "Di", "Ed": "Ed"}) == \
        'hand 2  dealer Al\n[Seats "Bea; Al; Cy; Di; Ed"]\nleaster Cy\n'
    r = cli("rederive", "--db", str(db))
    assert r.exit_code == 0 and "0 changed" in r.output, r.output
