"""Issue 18, the pot's last variant: "a split when a player joins" (rules.md
D-19; docs/profiles.md "The pot split"; docs/notation.md §6 ``potsplit``).

A session's [Seats] are fixed, so a player joining ends the session; before
the seats change the pot is paid out with ``hand N  potsplit``: equal shares
to the playing seats, the remainder (pot mod seats) stays in the pot.

Every amount is worked by hand in the comments (units per seat, the pot seat,
zero-sum with the pot, the pot after each hand) and compared with what the
validator, the store and the ledger give for
tests/fixtures/potsplit/wi5-pot_potsplit.shn.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hst

from dashboard import metrics as m
from ingest.shn.reader import read
from ingest.shn.writer import write
from ingest.store import POT_SEAT, Store, reading
from ingest.validate import validate_file, validate_text
from replay.pot import settle_potsplit, split_pot
from replay.profile import parse_rules

FIX = Path(__file__).parent / "fixtures" / "potsplit" / "wi5-pot_potsplit.shn"
SEATS5 = '[Seats "Al=Allen Braun; Bea=Bea Schmidt; Cy=Cy Ott; Di=Di Lenz; Ed=Ed Kahl"]'


def _hands():
    r = validate_file(FIX)
    assert not r.rejected, [(x.errors[0].code, x.errors[0].message, x.errors[0].line) for x in r.rejected]
    return {(h.outcome.session, h.outcome.hand): h.outcome for h in r.hands}


def refusal(text: str):
    r = validate_text(text, "x.shn")
    assert len(r.rejected) == 1, [h.outcome.units for h in r.hands]
    return r.rejected[0].errors[0]


def _session(rules: str, body: str) -> str:
    # line 1 %SHN, 2 Session, 3 Seats, 4 Rules, 5 blank, 6 the first hand
    return f'%SHN 1.0\n[Session "s"]\n{SEATS5}\n[Rules "{rules}"]\n\n{body}'


# --- the worked session -----------------------------------------------------------------------------------------

def test_worked_session_wi5_pot():
    o = _hands()
    s = "potsplit/wi5-pot"
    # hand 1: leaster won by Al: +4 / -1 each; every player puts 1 in: Al +3, the others -2;
    # 3 - 2 - 2 - 2 - 2 = -5, the pot seat +5: zero-sum.  Pot 0 -> 5.
    h = o[(s, 1)]
    assert (h.outcome, h.units, h.pot) == ("leaster", {"Al": 3, "Bea": -2, "Cy": -2, "Di": -2, "Ed": -2}, 5)
    # hand 2: Cy picks, calls AS, Ed partner, 45 card points: a plain loss (31..60), doubled on the bump:
    # 1 x 2 = 2 per defender: Cy -4, Ed -2, Al Bea Di +2.  The losing side pays the pot's worth (5) into it,
    # split by pot_parts: Ed 5 // 4 = 1, Cy 4 -> Cy -8, Ed -3, Al Bea Di +2;
    # -8 - 3 + 2 + 2 + 2 = -5, pot seat +5: zero-sum.  Pot 5 -> 10.
    h = o[(s, 2)]
    assert (h.outcome, h.units, h.pot) == ("lose", {"Al": 2, "Bea": 2, "Cy": -8, "Di": 2, "Ed": -3}, 5)
    # hand 3: potsplit with the pot of 10 over 5 seats: share 10 // 5 = 2, remainder 10 % 5 = 0.
    # Each seat +2 (5 x 2 = 10), the pot seat -(2 x 5) = -10; 10 - 10 = 0.  Pot 10 -> 0.
    h = o[(s, 3)]
    assert (h.outcome, h.units, h.pot) == ("potsplit", {"Al": 2, "Bea": 2, "Cy": 2, "Di": 2, "Ed": 2}, -10)
    assert h.picker is None and h.tier is None and h.multiplier == 1 and h.provenance["pot"] == "derived"
    assert "the pot of 10 paid out in equal shares, 2 to each of the 5 playing seats" in h.breakdown
    assert "0 stays in the pot" in h.breakdown and "Al +2" in h.breakdown and "pot -10" in h.breakdown
    # hand 4: the pot is empty after the split; leaster won by Di: Di +3, the others -2, pot 0 -> 5.
    h = o[(s, 4)]
    assert (h.outcome, h.units, h.pot) == ("leaster", {"Al": -2, "Bea": -2, "Cy": -2, "Di": 3, "Ed": -2}, 5)
    for k in range(1, 5):
        assert sum(o[(s, k)].units.values()) + o[(s, k)].pot == 0


def test_the_remainder_stays_in_the_pot():
    o = _hands()
    s = "potsplit/wi5-pot-remainder"
    # The log starts at hand 7 with `pot 13` (asserted: the earlier hands are not in it).
    # hand 7: 13 // 5 = 2 each, 13 % 5 = 3 stays; each seat +2, the pot seat -10; 10 - 10 = 0.  Pot 13 -> 3.
    h = o[(s, 7)]
    assert (h.outcome, h.units, h.pot) == ("potsplit", {"Al": 2, "Bea": 2, "Cy": 2, "Di": 2, "Ed": 2}, -10)
    assert h.provenance["pot"] == "asserted" and "3 stays in the pot" in h.breakdown
    # hand 8 (pot derived: 3, the remainder): Cy with Ed, 72 card points, a plain win +2 / +1 / -1 each;
    # the side takes the whole pot of 3: Ed 3 // 4 = 0, Cy 3 -> Cy +5, Ed +1, Al Bea Di -1;
    # 5 + 1 - 1 - 1 - 1 = 3, the pot seat -3: zero-sum.  Pot 3 -> 0.
    h = o[(s, 8)]
    assert (h.outcome, h.units, h.pot) == ("win", {"Al": -1, "Bea": -1, "Cy": 5, "Di": -1, "Ed": 1}, -3)


def test_the_dealer_who_sits_out_gets_no_share():
    o = _hands()
    s = "potsplit/wi6-sit-out"
    # hand 1: Flo deals and sits out; leaster Al among five: +4 / -1, five put 1 in: Al +3, Bea Cy Di Ed -2,
    # Flo 0; pot 0 -> 5.
    assert o[(s, 1)].units == {"Al": 3, "Bea": -2, "Cy": -2, "Di": -2, "Ed": -2, "Flo": 0} and o[(s, 1)].pot == 5
    # hand 2: Al deals and sits out: the pot of 5 over the 5 playing seats: 5 // 5 = 1 each, 0 stays;
    # Al 0, Bea Cy Di Ed Flo +1, the pot seat -5; 5 - 5 = 0.
    h = o[(s, 2)]
    assert (h.outcome, h.units, h.pot) == ("potsplit", {"Al": 0, "Bea": 1, "Cy": 1, "Di": 1, "Ed": 1, "Flo": 1}, -5)


def test_a_written_pot_is_checked_and_the_next_pot_is_the_remainder():
    base = _session("wi5-pot", "hand 1  dealer Ed\nleaster Al\n\nhand 2  dealer Al\npotsplit\n\n"
                    "hand 3  dealer Bea\nleaster Bea  pot 0\n")
    # hand 1 puts 5 in; hand 2 splits 5: 1 each, 0 stays; so hand 3's `pot 0` is verified
    r = validate_text(base, "x.shn")
    assert not r.rejected
    h3 = r.hands[2].outcome
    assert h3.provenance["pot"] == "verified" and h3.pot == 5
    # `pot 5` on hand 3 is refused: the split left 0 (line 13 `leaster Bea  pot 5`, column 18: the number)
    e = refusal(base.replace("pot 0", "pot 5"))
    assert (e.code, e.line, e.col, e.found, e.expected) == ("E-POT", 13, 18, "5", "0")
    # a wrong score on the split (line 11): the rules give +1 each (5 // 5 = 1), Al +2 is refused at its
    # column 10 (players 2 + 1 + 1 + 1 + 0 = 5 and the pot -5 do sum to 0, so the sum is not what fails)
    e = refusal(base.replace("potsplit\n", "potsplit\nscore Al +2 Bea +1 Cy +1 Di +1 Ed 0\n"))
    assert (e.code, e.line, e.col, e.found, e.expected) == ("E-SCORE", 11, 10, "+2", "+1")


# --- refusals ---------------------------------------------------------------------------------------------------

def test_potsplit_needs_the_pot():
    # pot=off (wi5-called-ace): E-POT at the potsplit, line 6 column 20 (`hand 1  dealer Ed  potsplit`)
    e = refusal(_session("wi5-called-ace", "hand 1  dealer Ed  potsplit\n"))
    assert (e.code, e.line, e.col, e.found) == ("E-POT", 6, 20, "potsplit")
    assert "pot=off" in e.message and "rules.md D-19" in e.message


# Positions follow the reader's convention: a statement with an argument is placed at its argument
# (`potsplit  pick Cy`: Cy at column 16), a card line or a trick at its first column.
@pytest.mark.parametrize("extra, line, col, word", [
    ("deal Al  AC KD 9S 9D KH 7S\npotsplit\n", 7, 1, "deal"),      # a card line
    ("potsplit\nblind 7C JH\n", 8, 1, "blind"),
    ("potsplit  pick Cy\n", 7, 16, "pick"),                        # a pick
    ("potsplit  leaster Al\n", 7, 19, "leaster"),
    ("potsplit  crack Di\n", 7, 11, "crack"),                      # a mark
    ("potsplit  call AS\n", 7, 11, "call"),
    ("potsplit  pts 72\n", 7, 15, "pts"),
    ("potsplit\nt1 Al: AC TC KC 9C 8C\n", 8, 1, "t1"),             # a trick
])
def test_potsplit_refuses_cards_pick_and_marks(extra, line, col, word):
    e = refusal(_session("wi5-pot", "hand 1  dealer Ed\n" + extra))
    assert (e.code, e.line, e.col, e.found) == ("E-POTSPLIT", line, col, word)


def test_potsplit_at_sit_out_needs_the_dealer():
    text = ('%SHN 1.0\n[Session "s"]\n[Seats "Al; Bea; Cy; Di; Ed; Flo"]\n[Rules "wi6-sit-out; pot=on"]\n\n'
            "hand 1\npotsplit\n")
    e = refusal(text)
    assert (e.code, e.line, e.col) == ("E-DEALER", 7, 1)


def test_potsplit_in_a_schafkopf_hand():
    text = '%SHN 1.0\n[Session "s"]\n[Seats "A; B; C; D"]\n[Rules "schafkopf"]\n\nhand 1  dealer D\npotsplit\n'
    e = refusal(text)
    assert (e.code, e.line, e.col) == ("E-SK-STATEMENT", 7, 1)


# --- the notation -----------------------------------------------------------------------------------------------

def test_round_trip():
    text = FIX.read_text()
    doc = read(text)
    assert not doc.errors and all(not h.errors for h in doc.hands)
    assert write(doc) == text
    h = next(h for h in doc.hands if h.number == 7)
    assert h.potsplit is not None and (h.potsplit.pos.line, h.potsplit.pos.col) == (33, 1)
    assert h.pot.value == 13
    # written once per hand: a second potsplit is a syntax error at the second
    bad = read(_session("wi5-pot", "hand 1  dealer Ed\npotsplit  potsplit\n"))
    assert bad.hands[0].errors and (bad.hands[0].errors[0].line, bad.hands[0].errors[0].col) == (7, 11)


# --- the store and the ledger -----------------------------------------------------------------------------------

def test_ledger_totals(tmp_path):
    path = tmp_path / "potsplit.duckdb"
    with Store(path) as store:
        store.ingest_file(validate_file(FIX))
    with reading(path) as con:
        board = m.leaderboard(con, m.Filters()).to_dicts()
        lb = {r["player"]: r["units"] for r in board}
        played = {r["player"]: r["hands"] for r in board}
        ps = m.picking_summary(con, m.Filters()).to_dicts()[0]
        pot = {p["session"]: (p["paid_in"], p["taken"], p["balance"]) for p in m.pot_by_session(con, m.Filters()).to_dicts()}
        net = {p["session"]: (p["opening"], p["net"]) for p in m.pot_by_session(con, m.Filters()).to_dicts()}
        split_rows = con.execute("SELECT count(*) FROM hands WHERE outcome = 'potsplit'").fetchone()[0]
        pot_total = con.execute("SELECT sum(units) FROM hand_units WHERE seat = ?", [POT_SEAT]).fetchone()[0]
    # by hand, summed over the three sessions (hands 1-4; 7-8; 1-2 at six):
    # Al  +3 +2 +2 -2 | +2 -1 | +3 0  = 9
    # Bea -2 +2 +2 -2 | +2 -1 | -2 +1 = 0
    # Cy  -2 -8 +2 -2 | +2 +5 | -2 +1 = -4
    # Di  -2 +2 +2 +3 | +2 -1 | -2 +1 = 5
    # Ed  -2 -3 +2 -2 | +2 +1 | -2 +1 = -3
    # Flo                      |  0 +1 = 1
    assert lb == {"Allen Braun": 9, "Bea Schmidt": 0, "Cy Ott": -4, "Di Lenz": 5, "Ed Kahl": -3, "Flo Rahn": 1}
    # the pot seat: +5 +5 -10 +5 = 5 | -10 -3 = -13 | +5 -5 = 0; players 9 + 0 - 4 + 5 - 3 + 1 = 8 = -(5 - 13 + 0)
    assert pot_total == 5 - 13 + 0 and sum(lb.values()) + pot_total == 0
    # paid in / taken out / what the pot holds after each session (the second starts mid-session with a pot of 13
    # from before, written pot 13: it holds 13 - 13 = 0 after, real27b F2; its net is -13)
    assert pot == {"potsplit/wi5-pot": (15, 10, 5), "potsplit/wi5-pot-remainder": (0, 13, 0),
                   "potsplit/wi6-sit-out": (5, 5, 0)}
    assert net == {"potsplit/wi5-pot": (0, 5), "potsplit/wi5-pot-remainder": (13, -13), "potsplit/wi6-sit-out": (0, 0)}
    assert split_rows == 3
    # a pot split deals no cards: not a hand played, nor dealt.  Bea Cy Di Ed: 4 + 2 + 2 hands less the
    # 3 splits = 5; Al the same (the split he sat out is a split); Flo: hand 1 dealt and sat out, hand 2 a split
    assert played == {"Allen Braun": 5, "Bea Schmidt": 5, "Cy Ott": 5, "Di Lenz": 5, "Ed Kahl": 5, "Flo Rahn": 0}
    # dealt: 8 hands - 3 splits = 5 (3 leasters + 2 picks); pass-out rate 3 / 5
    assert (ps["dealt"], ps["passed_out"], ps["picks"], ps["misdeals"]) == (5, 3, 2, 0)
    assert ps["pass_out_rate"] == pytest.approx(3 / 5)
    # re-deriving replays each session's stored sources in order: the same units (the one hand whose row
    # changes is hand 8 of the mid-session log, only its W-SESSION-GAP warning's file name)
    with Store(path) as store:
        report = store.rederive()
    assert (report.hands, report.refused) == (8, [])
    with reading(path) as con:
        again = {r["player"]: r["units"] for r in m.leaderboard(con, m.Filters()).to_dicts()}
        assert con.execute("SELECT sum(units) FROM hand_units WHERE seat = ?", [POT_SEAT]).fetchone()[0] == -8
    assert again == lb


# --- properties -------------------------------------------------------------------------------------------------

@settings(max_examples=300, deadline=None)
@given(pot=hst.integers(0, 32767), seats=hst.integers(1, 8))
def test_split_is_exact(pot, seats):
    share, rest = split_pot(pot, seats)
    assert share * seats + rest == pot and 0 <= rest < seats and share >= 0


@settings(max_examples=300, deadline=None)
@given(pot=hst.integers(0, 32767), rules=hst.sampled_from(["wi5-pot", "wi6-sit-out; pot=on",
                                                          "wi6-jack-of-diamonds; pot=on", "wi6-jd-ace; pot=on"]),
       dealer=hst.integers(0, 5))
def test_potsplit_is_zero_sum_and_leaves_less_than_a_seat_each(pot, rules, dealer):
    prof = parse_rules(rules)
    out = dealer % prof.players if prof.sitOut else None
    st = settle_potsplit(prof, pot=pot, out=out)
    playing = [s for s in range(prof.players) if s != out]
    assert sum(st.units) + st.pot == 0                      # zero-sum, the pot seat included
    remainder = pot + st.pot                                # what the pot holds after the split
    assert 0 <= remainder < len(playing)
    assert len({st.units[s] for s in playing}) == 1         # equal shares
    assert out is None or st.units[out] == 0


_HANDS = ("leaster Al", "leaster Di", "pick Cy  call AS  partner Ed  pts 72  win",
          "pick Cy  call AS  partner Ed  pts 45  lose")


@settings(max_examples=25, deadline=None)
@given(start=hst.integers(0, 200), before=hst.lists(hst.sampled_from(_HANDS), max_size=5))
def test_a_session_carries_the_remainder_after_a_split(start, before):
    # A log that starts at hand 2 with `pot START` (asserted), some hands, a split, and a winning pick that
    # takes the whole pot: the split pays (P // 5) x 5 of the pot P it finds and the pick then takes P % 5.
    lines = [f"hand 2  dealer Ed\n{_HANDS[0]}  pot {start}\n"]
    lines += [f"hand {k}\n{h}\n" for k, h in enumerate(before, start=3)]
    n = 3 + len(before)
    lines += [f"hand {n}\npotsplit\n", f"hand {n + 1}\n{_HANDS[2]}\n"]
    r = validate_text(_session("wi5-pot", "\n".join(lines)), "x.shn")
    assert not r.rejected, [x.errors[0].message for x in r.rejected]
    outs = [h.outcome for h in r.hands]
    for o in outs:
        assert sum(o.units.values()) + o.pot == 0
    pot = start + sum(o.pot for o in outs[:-2])          # what the split finds
    split, last = outs[-2], outs[-1]
    assert split.pot == -(pot // 5) * 5 and set(split.units.values()) == {pot // 5}
    assert last.pot == -(pot % 5)                        # the remainder, taken by the winning side
