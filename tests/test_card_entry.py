"""A full card log tapped in (the Log-a-hand card grid,
:class:`dashboard.card_entry.CardEntry`): every tap is replayed by the rules
engine, an illegal card is refused at once with the engine's reason, and the
finished hand's SHN validates to the score the table wrote.

The hand is the notation's example, hand 14 of
``data/sheepshead/example_session.shn``: Bea picks, buries A♠ K♣, calls A♥;
the picker side takes 59 card points and 3 tricks and loses; with
``doubleOnBump`` (rules.md B-33, D-9) the picker pays 2 x 2 = 4, the partner
Di 2, and Al, Cy, Ed get +2 each (the file's own ``score`` line).
"""

from __future__ import annotations

import pytest

import re
from pathlib import Path

from dashboard.card_entry import ALL_PASSED, CardEntry, supported
from ingest.shn.reader import parse_seats
from replay.profile import parse_rules
from ingest.validate import validate_text

RULES = "wi5-called-ace; doubleOnBump=on; noPick=leaster"
SEATS = ["Al", "Bea", "Cy", "Di", "Ed"]
DEAL = ("QS JD 9C 7S TH 8H  QC JC AD TD KC 9S  QH JH 8D AC 8C KH  QD KD 7D AH 7C TS  "
        "JS 9D TC KS 8S 9H").split()
PLAYS = ("9C TD 8C 7C TC  QC 8D KD 9D JD  7H KH AH 9H 8H  QD JS QS JC QH  TH AD JH 7D KS  "
         "AC TS 8S 7S 9S").split()
HEADER = f'%SHN 1.0\n[Event "x"]\n[Seats "Al; Bea; Cy; Di; Ed"]\n[Rules "{RULES}"]\n\n'


def dealt() -> CardEntry:
    e = CardEntry(RULES, SEATS, "Ed")
    for c in DEAL:
        assert e.tap(c) is None, c
    return e


def test_tapping_the_example_hand_gives_the_table_score():
    e = dealt()
    assert e.stage == "pick" and e.blind() == ["AS", "7H"]  # the two cards nobody was dealt
    assert e.choose_picker("Bea") is None
    assert e.tap("AS") is None and e.tap("KC") is None
    assert e.stage == "call" and e.call_options() == ["AH", "alone"]  # B-9: Bea holds no A♥, A♣ is out
    assert e.choose_call("AH") is None
    assert e.to_play() == "Al"  # B-8: the dealer's left leads
    for c in PLAYS:
        assert e.tap(c) is None, c
    assert e.stage == "done"
    res = validate_text(HEADER + e.text(14))
    assert not res.rejected
    assert res.hands[0].outcome.units == {"Al": 2, "Bea": -4, "Cy": 2, "Di": -2, "Ed": 2}
    assert res.hands[0].outcome.picker_points == 59 and res.hands[0].outcome.picker_tricks == 3


def test_an_illegal_card_is_refused_the_moment_it_is_tapped():
    e = dealt()
    e.choose_picker("Bea")
    e.tap("AS"), e.tap("KC")
    e.choose_call("AH")
    e.tap("9C"), e.tap("TD")  # Al leads 9♣, Bea trumps with 10♦
    # Cy holds A♣ 8♣ and must follow clubs (rules.md B-18): Q♥ is refused, nothing changes
    assert e.tap("QH") == "9C leads clubs; Cy holds clubs and must follow suit (rules.md B-18)"
    assert e.plays == ["9C", "TD"] and e.to_play() == "Cy" and e.legal() == ["AC", "8C"]
    assert e.tap("8C") is None and e.to_play() == "Di"


def test_the_deal_and_the_bury_refuse_what_cannot_be():
    e = CardEntry(RULES, SEATS, "Ed")
    assert e.tap("QS") is None
    assert e.tap("QS") == "QS is dealt already"
    e = dealt()
    e.choose_picker("Bea")
    assert e.tap("QH") == "Bea does not hold QH (hand and blind)"  # Cy's card
    assert e.bury == []
    e.tap("AS")
    e.undo()
    assert e.bury == [] and e.stage == "bury"


def test_a_profile_the_grid_does_not_lay_out_is_refused_plainly():
    # wi2 lays table cards face up and face down (rules.md F-1): the page offers SHN instead
    with pytest.raises(ValueError, match="table cards"):
        CardEntry("wi2", ["A", "B"], "A")
    # wi6-jack-of-diamonds lets a picker holding the J♦ call up the next jack (jdCallUp, C-4)
    with pytest.raises(ValueError, match="call-up"):
        CardEntry("wi6-jack-of-diamonds", ["A", "B", "C", "D", "E", "F"], "A")
    assert supported(parse_rules("wi5-called-ace; noPick=leaster; leasterBlind=namedTrick")) is not None


def test_three_handed_alone_needs_no_call():
    # wi3 (rules.md F-2): the picker always plays alone, so after the bury the play begins
    e = CardEntry("wi3", ["A", "B", "C"], "C")
    assert e.deal_order() == ["A", "B", "C"]
    assert len(e.blind()) == 32  # nothing dealt yet: every card of the deck is still out


# ---------------------------------------------------------------------------
# every other table the page offers, tapped card by card from a worked fixture
# hand (tests/fixtures/profiles/*.shn, whose score lines were worked by hand)

PROFILES = Path(__file__).parent / "fixtures" / "profiles"


def _block(text: str, n: int) -> tuple[str, str]:
    head, _, rest = text.partition("\n\nhand ")
    for b in ("hand " + rest).split("\n\n"):
        if re.match(rf"hand {n}\b", b):
            return head, b
    raise KeyError(n)


def tap_fixture(name: str, n: int = 1) -> tuple[CardEntry, dict, dict]:
    """Tap hand ``n`` of fixture ``name`` in as a scorer would (the deal seat by
    seat, the pick or "all passed", the bury, the call, every card), asserting
    every tap is taken; returns (entry, units of its SHN as validated, the
    fixture's written score)."""
    text = (PROFILES / f"{name}.shn").read_text(encoding="utf-8")
    head, block = _block(text, n)
    rules = re.search(r'\[Rules "([^"]*)"\]', head).group(1)
    seats = [a for a, _ in parse_seats(re.search(r'\[Seats "([^"]*)"\]', head).group(1))]
    lines = [re.sub(r"\{.*?\}|;.*", "", ln).strip() for ln in block.splitlines()]
    e = CardEntry(rules, seats, re.search(r"dealer (\S+)", lines[0]).group(1))
    deal = {ln.split()[1]: ln.split()[2:] for ln in lines if ln.startswith("deal ")}
    for a in e.deal_order():
        for c in deal[a]:
            assert e.tap(c) is None, c
    for ln in lines:
        w = ln.split()
        if w and w[0] == "pick" and e.stage == "pick":
            assert e.choose_picker(w[1]) is None
        elif w and w[0] in ("leaster", "moster", "mittler", "schneidster", "schwanzer", "doubler"):
            assert e.stage == "pick" and e.choose_picker(ALL_PASSED) is None
        elif w and w[0] == "bury":
            assert all(e.tap(c) is None for c in w[1:])
        elif w and w[0] in ("call", "alone") and e.stage == "call":
            assert e.choose_call(w[1] if w[0] == "call" else "alone") is None
        elif w and re.match(r"t\d+$", w[0]):
            for c in w[2:]:
                assert e.tap(c) is None, c
    assert e.stage == "done"
    res = validate_text("%SHN 1.0\n" + head.split("\n", 1)[1].strip() + "\n\n" + e.text(n))
    assert not res.rejected, [d.message for r in res.rejected for d in r.errors]
    score = re.search(r"^score (.*)$", block, re.M).group(1).split()
    return e, dict(res.hands[0].outcome.units), {score[i]: int(score[i + 1]) for i in range(0, len(score), 2)}


def test_black_queens_without_a_blind_the_q_clubs_holder_heads_the_side():
    # wi4-black-queens (rules.md F-1): no blind, no pick to tap: Al holds the Q♣ (head), Cy the Q♠
    # (partner).  91 card points is schneider (90/91, B-28): 2 a defender, 2v2: Al +2, Cy +2, Bea -2, Di -2.
    e, units, written = tap_fixture("wi4-black-queens")
    assert "blind" not in e.text(1) and "pick Al" in e.text(1)
    assert units == written == {"Al": 2, "Bea": -2, "Cy": 2, "Di": -2}
    assert sum(units.values()) == 0


def test_six_seats_the_dealer_sits_out():
    # wi6-sit-out (F-1): Flo deals and is dealt nothing; the notation's hand 14 is played by the five:
    # Bea and Di take 59 (59 < 61, a loss, B-28), doubled on the bump (B-33): Bea -4, Di -2, the
    # three defenders +2 each, Flo 0.
    e, units, written = tap_fixture("wi6-sit-out")
    assert e.deal_order() == ["Al", "Bea", "Cy", "Di", "Ed"]
    assert units == written == {"Al": 2, "Bea": -4, "Cy": 2, "Di": -2, "Ed": 2, "Flo": 0}


def test_jack_of_diamonds_partner_needs_no_call():
    # wi5-jack-of-diamonds; jdMustNotBuryJD (C-1): Al picks holding the J♦ and so plays alone;
    # 110 card points, 5 tricks: schneider (B-28), 2 a defender x 4 = Al +8, each defender -2.
    e, units, written = tap_fixture("wi5-jack-of-diamonds_jdMustNotBuryJD")
    assert "call" not in e.text(1)
    assert units == written == {"Al": 8, "Bea": -2, "Cy": -2, "Di": -2, "Ed": -2}


def test_everybody_passed_a_moster_is_tapped_and_scored():
    # wi5-moster (D-15): all five pass, every trick is played; Cy takes the most card points and pays
    # one unit to each of the four others: Cy -4, the others +1 each (zero sum).
    e, units, written = tap_fixture("wi5-moster")
    assert "moster Cy" in e.text(1) and "pick" not in e.text(1)
    assert units == written == {"Al": 1, "Bea": 1, "Cy": -4, "Di": 1, "Ed": 1}


@pytest.mark.parametrize("name", ["wi3", "wi4-cutthroat", "wi4-jack-of-diamonds", "wi6-jd-ace", "wi6-7d-high",
                                  "wi8-black-queens", "wi8-qc-jd-7d", "wi5-mittler", "wi5-schneidster",
                                  "wi5-schwanzer"])
def test_every_other_table_taps_to_the_written_score(name):
    _, units, written = tap_fixture(name)
    assert units == written and sum(units.values()) == 0


def test_a_forced_pick_refuses_all_passed_at_once():
    # wi5-forced-pick (D-13): the dealer may not pass; "all passed" is refused by the engine at the tap
    e = CardEntry("wi5-forced-pick", SEATS, "Ed")
    for c in DEAL:
        e.tap(c)
    msg = e.choose_picker(ALL_PASSED)
    assert msg is not None and "must pick under noPick=forcedPick" in msg and e.picker is None


def test_a_leaster_of_the_example_deal():
    # the example deal with everybody passing under noPick=leaster (D-2): the blind goes to the
    # last trick's winner (leasterBlind=lastTrick, D-3); the text names the winner the engine found
    e = dealt()
    assert e.pick_options() == ["Al", "Bea", "Cy", "Di", "Ed", ALL_PASSED]
    assert e.choose_picker(ALL_PASSED) is None and e.stage == "play" and e.to_play() == "Al"
