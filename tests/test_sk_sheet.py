"""SHN-SK score-sheet games (docs/notation.md §14.7): a Schafkopf hand
without its tricks, scored from what is written through the same pure
functions the engine settles with (replay.schafkopf.game_value,
settle_game, settle_ramsch; rules.md G-12..G-19).

Amounts are computed by hand from rules.md G-14..G-16 and the BSV 10/50
tariff: Sauspiel 10, Solo/Wenz/Geier 50, schneider +10, schwarz +10 more,
10 per Laufender, Tout ×2, Ramsch 20; Kontra and Re ×2 each (G-18).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dashboard import metrics as m
from ingest import store as sto
from ingest.shn.reader import read
from ingest.shn.writer import write
from ingest.validate import validate_text
from replay.judge_sk import _ramsch_settlements
from replay.schafkopf import (Game, SchafkopfState, declarer_outcome, game_value,
                              settle_game, settle_ramsch)

from .test_shn_schafkopf import SK_RULES, _random_game, _record

HEAD = """%SHN 1.0
[Event "Stammtisch Au"]
[Seats "Al=Alois; Bea=Beate; Cy=Cyrill; Di=Dora"]
[Rules "schafkopf-bsv"]
[Cards "de"]

"""

#: The two hands of the worked example (§14.6) written as score-sheet lines.
SHEET = HEAD + """hand 1  dealer Di
game Bea sauspiel SA
kontra Al after 1
partner Cy  laufende 3 with  pts 84  tricks 5  win
score Al -80 Bea +80 Cy +80 Di -80

hand 2  dealer Al
ramsch
score Al -80 Bea +20 Cy +40 Di +20
"""


def one(text: str):
    res = validate_text(text, "sheet.shn")
    errs = [str(e) for r in res.rejected for e in r.errors] + [str(e) for e in res.errors]
    assert errs == [] and len(res.hands) == 1, errs
    return res.hands[0].outcome


def only_error(text: str):
    res = validate_text(text, "sheet.shn")
    errs = [e for r in res.rejected for e in r.errors] + list(res.errors)
    assert len(errs) == 1, [str(e) for e in errs]
    return errs[0]


def line_col(text: str, line_start: str, token: str) -> tuple[int, int]:
    for i, line in enumerate(text.split("\n")):
        if line.startswith(line_start):
            return i + 1, line.index(token) + 1
    raise AssertionError(line_start)


# -- the worked example as a score sheet ------------------------------------------


def test_worked_example_as_a_score_sheet():
    res = validate_text(SHEET, "sheet.shn")
    assert res.rejected == [] and res.errors == []
    h1, h2 = (h.outcome for h in res.hands)
    # hand 1: Sauspiel 10 + 3 Laufende × 10 = 40; Kontra ×2 = 80; each loser pays one winner (G-15)
    assert h1.units == {"Al": -80, "Bea": 80, "Cy": 80, "Di": -80}
    assert (h1.status, h1.game, h1.game_type, h1.picker, h1.partner, h1.outcome) == (
        "score-sheet", "schafkopf", "sauspiel", "Bea", "Cy", "win")
    assert (h1.call, h1.called_suit, h1.call_type, h1.marks, h1.multiplier) == ("AD", "D", "ace", 1, 2)
    assert (h1.picker_points, h1.picker_tricks, h1.laufende, h1.laufende_with) == (84, 5, 3, True)
    assert h1.provenance["units"] == "verified" and h1.provenance["outcome"] == "verified"
    assert h1.provenance["laufende"] == "asserted" and h1.provenance["picker_points"] == "asserted"
    assert res.hands[0].cardlog is None
    # hand 2: Al loses the Ramsch: 20 to Bea and Di, 40 to Cy (Jungfrau, doublesOwn): −80 (G-17)
    assert h2.units == {"Al": -80, "Bea": 20, "Cy": 40, "Di": 20}
    assert (h2.status, h2.game_type, h2.picker, h2.outcome) == ("score-sheet", "ramsch", None, "ramsch")
    assert h2.provenance["units"] == "verified"


def test_score_sheet_equals_the_card_log_game():
    # the same hand, with its tricks and without: the same stored units and result
    from .test_shn_schafkopf import TEXT
    full = validate_text(TEXT).hands
    sheet = validate_text(SHEET).hands
    for a, b in zip(full, sheet):
        assert a.outcome.units == b.outcome.units and a.outcome.outcome == b.outcome.outcome
        assert (a.outcome.status, b.outcome.status) == ("full", "score-sheet")


# -- the tiers at their boundaries (G-12), Sauspiel without Laufende: 10 units -----------


@pytest.mark.parametrize("pts, tricks, outcome, bea", [
    (60, 4, "lose", -10),     # 60-60: the declaring party loses; base 10
    (61, 4, "win", 10),       # 61 wins; base 10
    (90, 6, "win", 10),       # 90: not yet schneider
    (91, 6, "win-s", 20),     # 91: schneider, 10 + 10
    (31, 2, "lose", -10),     # 31: out of schneider
    (30, 2, "lose-s", -20),   # 30: schneider against the declaring party, 10 + 10
    (120, 8, "win-z", 30),    # every trick: schwarz, 10 + 10 + 10
    (0, 0, "lose-z", -30),    # no trick: schwarz, 10 + 10 + 10
    (120, 7, "win-s", 20),    # 120 Augen but an empty trick lost: schneider, not schwarz (by tricks)
])
def test_tier_boundaries_derive_the_score(pts, tricks, outcome, bea):
    o = one(HEAD + f"hand 1  dealer Di\ngame Bea sauspiel SA\npartner Cy  laufende 0  pts {pts}  tricks {tricks}\n")
    assert o.outcome == outcome
    assert o.units == {"Al": -bea, "Bea": bea, "Cy": bea, "Di": -bea}  # ± value each (G-15)
    assert o.provenance["outcome"] == "derived" and o.provenance["units"] == "derived"


def test_solo_schneider_with_laufende_and_re():
    # Herz-Solo: 50 + schneider 10 + 3 Laufende 30 = 90; Kontra and Re ×4 = 360; the soloist ±3 × 360 = 1080
    o = one(HEAD + "hand 1  dealer Di\ngame Cy solo herz\nkontra Al\nre Cy\nlaufende 3 with  pts 95\n"
            "score Al -360 Bea -360 Cy +1080 Di -360\n")
    assert (o.game_type, o.outcome, o.multiplier, o.marks, o.partner) == ("solo", "win-s", 4, 2, None)
    assert o.provenance["units"] == "verified"


def test_wenz_tout_lost():
    # Wenz Tout, 2 Laufende "without": (50 + 2 × 10) × 2 = 140; lost: Cy −420, the others +140
    o = one(HEAD + "hand 1  dealer Di\ngame Cy wenz tout\nlaufende 2 without  tricks 7  lose\n")
    assert o.game_type == "tout" and o.units == {"Al": 140, "Bea": 140, "Cy": -420, "Di": 140}
    assert (o.laufende, o.laufende_with) == (2, False)


def test_durchmarsch_and_ramsch_jungfrauen():
    # Durchmarsch: a schwarz solo 50 + 10 + 10 = 70 from each other seat (G-17): Cy +210
    o = one(HEAD + "hand 1\nramsch\nscore Al -70 Bea -70 Cy +210 Di -70\n")
    assert o.units["Cy"] == 210 and o.game_type == "ramsch"
    # Di loses with two Jungfrauen (Al, Cy): 40 + 20 + 40 = 100
    o = one(HEAD + "hand 1\nramsch\nscore Al +40 Bea +20 Cy +40 Di -100\n")
    assert o.units["Di"] == -100


# -- unknowns settled by the score, and by nothing else ----------------------------------


def test_partner_and_outcome_derived_from_the_score():
    # Sauspiel with 3 Laufende 10 + 30 = 40, not written: the score says Cy is the partner and the game won
    o = one(HEAD + "hand 1  dealer Di\ngame Bea sauspiel SA\nlaufende 3 with\nscore Al -40 Bea +40 Cy +40 Di -40\n")
    assert (o.partner, o.outcome) == ("Cy", "win")
    assert o.provenance["partner"] == o.provenance["outcome"] == "derived"


def test_unknown_entry_filled_in_by_the_rules():
    # Wenz, pts 95: win-s, 50 + 10 = 60 (no Laufende: 2 would make 80, 240 for Cy): Cy +180, the others −60
    o = one(HEAD + "hand 1  dealer Di\ngame Cy wenz\npts 95\nscore Al ? Bea ? Cy +180 Di ?\n")
    assert o.units == {"Al": -60, "Bea": -60, "Cy": 180, "Di": -60}
    # not written: the score fixes them, none counted (fixb30 F2: they were not stored)
    assert (o.laufende, o.laufende_with, o.provenance["laufende"]) == (0, None, "derived")


def test_laufende_unknown_without_score_is_refused():
    text = HEAD + "hand 1  dealer Di\ngame Bea sauspiel SA\npartner Cy  pts 70\n"
    e = only_error(text)
    assert e.code == "E-RESULT-UNKNOWN" and "Laufende" in e.message


def test_same_units_for_two_outcomes_is_refused():
    # win-s with 3 Laufende (10 + 10 + 30 = 50) and win with 4 (10 + 40 = 50) give the same score
    text = HEAD + "hand 1  dealer Di\ngame Bea sauspiel SA\npartner Cy\nscore Al -50 Bea +50 Cy +50 Di -50\n"
    e = only_error(text)
    assert e.code == "E-RESULT-UNKNOWN"


def test_a_score_that_fits_two_declarers_names_the_missing_declarer():
    """A tester's sheet (user15 t1 unknown_decl.shn): ``game ? sauspiel EA  pts 72  laufende 0`` and
    Sepp +20 Hias -20 Vroni +20 Resi -20 under Sauspiel 20.  72 Augen win (rules.md G-12), no schneider, no
    Laufende: 20 each (G-14), so Sepp and Vroni are the party, and either declared with the other as the
    Sau's holder.  The error is at the score line (10:1) and names the declarer, not "the outcome, partner or
    Laufende" as it did."""
    text = ('%SHN 1.0\n[Event "Stammtisch Haidhausen"]\n[Date "2026.11.25"]\n'
            '[Seats "Sepp=Josef Huber; Hias=Matthias Lang; Vroni=Veronika Maier; Resi=Theresia Bauer"]\n'
            '[Rules "schafkopf-bsv; tariff.sauspiel=20; tariff.solo=50; tariff.laufender=10"]\n[Cards "de"]\n\n'
            "hand 1  dealer Resi\ngame ? sauspiel EA  pts 72  laufende 0\n"
            "score Sepp +20 Hias -20 Vroni +20 Resi -20\n")
    e = only_error(text)
    assert (e.code, e.line, e.col) == ("E-RESULT-UNKNOWN", 10, 1)
    assert e.message == ("the declarer is not written and the score fits more than one game: Sepp with Vroni "
                         "wins, or Vroni with Sepp wins")
    assert e.expected == "the declarer written ('game SEAT sauspiel ...' for 'game ? sauspiel')"


def test_a_score_that_fits_two_outcomes_names_them_and_the_laufende():
    """Bea's Sauspiel with Cy under BSV (Sauspiel 10, Laufender 10): 50 is win-s with 3 Laufende (10 + 10 +
    30) or a plain win with 4 (10 + 40), rules.md G-13, G-14: the outcome and the Laufende are what is missing."""
    text = HEAD + "hand 1  dealer Di\ngame Bea sauspiel SA\npartner Cy\nscore Al -50 Bea +50 Cy +50 Di -50\n"
    e = only_error(text)
    assert e.code == "E-RESULT-UNKNOWN" and e.message == (
        "the outcome and the Laufende are not written and the score fits more than one game: Bea with Cy wins "
        "with 4 Laufende, or Bea with Cy wins schneider with 3 Laufende")


def test_kontra_tells_the_partner_apart():
    # Al gives Kontra: Al is an opponent; the score names Cy as the other winner
    o = one(HEAD + "hand 1  dealer Di\ngame Bea sauspiel SA\nkontra Al\nlaufende 0  pts 70\n"
            "score Al -20 Bea +20 Cy +20 Di -20\n")
    assert o.partner == "Cy" and o.multiplier == 2  # 10 × Kontra 2 = 20


# -- errors at their line and column -------------------------------------------------


def test_wrong_score_rejected_at_its_entry():
    text = SHEET.replace("score Al -80 Bea +80 Cy +80 Di -80", "score Al -40 Bea +40 Cy +40 Di -40")
    e = only_error(text.split("\nhand 2")[0] + "\n")
    assert e.code == "E-SCORE" and (e.line, e.col) == line_col(text, "score Al -40", "-40")
    assert e.found == "-40" and e.expected == "-80"


def test_wrong_ramsch_score_rejected():
    text = HEAD + "hand 1\nramsch\nscore Al -50 Bea +30 Cy +20 Di 0\n"
    e = only_error(text)
    assert e.code == "E-SCORE" and e.line == line_col(text, "score", "score")[0]


@pytest.mark.parametrize("body, code, line_start, token", [
    ("game Bea sauspiel SA\nkontra Cy\npartner Cy laufende 0 pts 70\n", "E-SK-KONTRA", "kontra", "kontra"),
    ("game Bea sauspiel SA\nkontra Al after 2\nlaufende 0 pts 70\n", "E-SK-KONTRA-LATE", "kontra", "kontra"),
    ("game Bea sauspiel HA\nlaufende 0 pts 70\n", "E-SK-CALL", "game", "HA"),
    ("game Bea solo herz\npartner Cy laufende 0 pts 70\n", "E-PARTNER", "partner", "Cy"),
    # a Wenz has 4 trumps (the Unters, rules.md G-8), so a run of 5 cannot be (G-13); a run below the minimum,
    # `laufende 2 with` in a Sauspiel, is read and pays nothing (tests/test_sk_laufende_below_min.py)
    ("game Bea wenz\nlaufende 5 with pts 70\n", "E-SK-LAUFENDE", "laufende", "laufende"),
    ("game Bea sauspiel SA\npartner Cy laufende 0 pts 70 tricks 0\n", "E-PTS", "partner", "70"),
    ("game Bea sauspiel SA\npartner Cy laufende 0 pts 70 win-s\n", "E-OUTCOME", "partner", "win-s"),
    ("ramsch\npts 40\nscore Al -60 Bea +20 Cy +20 Di +20\n", "E-SK-RAMSCH", "pts", "40"),
])
def test_sheet_errors_at_their_statement(body, code, line_start, token):
    text = HEAD + "hand 1  dealer Di\n" + body
    e = only_error(text)
    assert e.code == code and (e.line, e.col) == line_col(text, line_start, token), str(e)


# -- one place for the rule: the engine's settlement is the pure function ------------------


def _engine_facts_settlement(g: SchafkopfState):
    r = g.result()
    if r.game is Game.RAMSCH:
        return settle_ramsch(g.profile, r.losers, r.jungfrauen, r.durchmarsch, r.klopfen)
    return settle_game(g.profile, g.game, g.suit, g.tout, g.declarer, g.partner,
                       declarer_outcome(r.party_points, r.party_tricks, g.n_tricks, g.tout),
                       r.laufende.counted, r.laufende.with_, g.doublings, len(g.klopfer))


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from([r for r in SK_RULES if "beforeFirstCard" not in r]))
def test_engine_settlement_is_the_pure_function_and_the_sheet_agrees(seed, rules):
    g, game, suit, tout, doubles, hands = _random_game(seed, rules)
    s = g.settlement()
    pure = _engine_facts_settlement(g)
    assert pure.units == s.units and pure.outcome == s.outcome and pure.multiplier == s.multiplier
    assert sum(s.units) == 0 and sum(g.seat_points()) == 120  # zero-sum, every card point taken
    if game is not None:
        r = g.result()
        assert game_value(g.profile.tariff, g.game, g.suit, g.tout, s.outcome, r.laufende.counted)[0] == r.value
    # the same game as a score sheet: no deal, no tricks, every result line kept
    shn = _record(g, game, suit, tout, doubles, hands, "de", rules)
    h = shn.hands[0]
    h.deals, h.tricks = [], []
    res = validate_text(write(shn))
    assert res.rejected == [], [str(e) for r in res.rejected for e in r.errors]
    o = res.hands[0].outcome
    assert o.status == "score-sheet" and o.units == dict(zip(["Al", "Bea", "Cy", "Di"], s.units))
    assert o.outcome == s.outcome and o.provenance["units"] == "verified"
    # and with the deal lines but no tricks: partner and Laufende counted on the cards
    shn = _record(g, game, suit, tout, doubles, hands, "de", rules)
    shn.hands[0].tricks = []
    o2 = validate_text(write(shn)).hands[0].outcome
    assert o2.units == o.units and o2.laufende == (None if game is None else g.result().laufende.counted)


# -- all 1,188 NetSchafkopf games --------------------------------------------------------


def _sheet_of(o, st_) -> str:
    """A stored NetSchafkopf game as SHN score-sheet lines (French cards)."""
    al = ["Al", "Bea", "Cy", "Di"]
    names = list(o.players)
    lines = ["%SHN 1.0", '[Seats "' + "; ".join(f"{a}={n}" for a, n in zip(al, names)) + '"]',
             f'[Rules "{o.rules}"]', "", f"hand {o.hand}  dealer {al[names.index(o.dealer)]}"]
    if st_.game is Game.RAMSCH:
        lines.append("ramsch")
    else:
        arg = {Game.SAUSPIEL: f" {st_.called}" if st_.called is not None else ""}.get(st_.game, "")
        if st_.suit is not None and st_.game is not Game.SAUSPIEL:
            arg = " " + ("eichel", "gras", "herz", "schellen")[st_.suit]
        lines.append(f"game {al[st_.declarer]} {st_.game.value}{arg}" + (" tout" if st_.tout else ""))
        lines += ["kontra ?" if k == 0 else "re ?" for k in range(o.marks)]
        lf = f"laufende {o.laufende} {'with' if o.laufende_with else 'without'}" if o.laufende else "laufende 0"
        partner = f"partner {al[names.index(o.partner)]}  " if o.partner else ""
        lines.append(f"{partner}{lf}  pts {o.picker_points}  tricks {o.picker_tricks}  {o.outcome}")
    lines.append("score " + " ".join(f"{a} {o.units[n]:+d}" for a, n in zip(al, names)))
    return "\n".join(lines) + "\n"


def test_all_netschafkopf_games_settle_by_the_pure_function_and_as_score_sheets():
    from ingest.netschafkopf import read_protocol, replay_stored

    from .test_netschafkopf import FILES
    n = 0
    for p in FILES:
        for h in read_protocol(p.read_bytes(), str(p)).hands:
            g, _frames = replay_stored(h.outcome, h.cardlog, h.source)
            units = tuple(h.outcome.units[s] for s in h.outcome.players)
            assert _engine_facts_settlement(g).units == g.settlement().units == units
            if g.game is Game.RAMSCH:
                assert units in {c.units for c in _ramsch_settlements(g.profile, 0)}
            o = one(_sheet_of(h.outcome, g))
            assert tuple(o.units.values()) == units and o.outcome == h.outcome.outcome
            n += 1
    assert n == 1188


# -- stored and counted by the Schafkopf metrics -----------------------------------------


def test_sheet_games_stored_and_counted(db):
    text = SHEET + """
hand 3  dealer Bea
game Cy wenz
lose
score Al +50 Bea +50 Cy -150 Di +50
"""
    # hand 3: Wenz lost without Laufende (2 would make 70): 50 from Cy to each: −150
    with sto.Store(db) as s:
        rep = s.ingest_file(validate_text(text, "sheet.shn"))
    assert rep.stored == 3 and not rep.rejected
    with sto.reading(db) as con:
        hands = sto.load_hands(con)
        assert [h.outcome.status for h in hands] == ["score-sheet"] * 3
        games = {r["game_type"]: r for r in m.schafkopf_games(con, m.Filters()).to_dicts()}
        assert games["sauspiel"]["declared"] == 1 and games["sauspiel"]["declarer_wins"] == 1
        assert games["wenz"]["declared"] == 1 and games["wenz"]["declarer_wins"] == 0
        assert games["ramsch"]["games"] == 1 and games["ramsch"]["declared"] == 0
        # hand 1's "3 with" as written; the Wenz wrote none, and its score (50 a seat: 2 would make 70) says none
        # counted (fixb30 F2: it was left out)
        lauf = m.schafkopf_laufende(con, m.Filters()).to_dicts()
        assert [(r["game_type"], r["side"], r["laufende"], r["games"]) for r in lauf] == [("sauspiel", "with", 3, 1),
                                                                                        ("wenz", "none", 0, 1)]


def test_sheet_round_trips_through_the_writer():
    canon = write(read(SHEET))  # the canonical form writes a score sheet's game, marks and result on one line
    assert "game Bea sauspiel SA  kontra Al after 1  partner Cy  laufende 3 with  pts 84  tricks 5  win\n" in canon
    assert write(read(canon)) == canon
    assert [h.outcome.units for h in validate_text(canon).hands] == [h.outcome.units for h in validate_text(SHEET).hands]


def test_worked_score_sheet_in_the_doc():
    # docs/notation.md §14.7: the block is canonical and scores as the text says
    from pathlib import Path
    doc = (Path(__file__).resolve().parents[1] / "docs" / "notation.md").read_text(encoding="utf-8")
    block = doc.split("**Worked score sheet**", 1)[1].split("```\n", 2)[1]
    text = HEAD + block
    assert write(read(text)) == text
    res = validate_text(text)
    assert res.rejected == [] and res.errors == []
    h1, h2, h3 = (h.outcome for h in res.hands)
    assert h1.units == {"Al": -80, "Bea": 80, "Cy": 80, "Di": -80}  # (10 + 3 × 10) × 2
    assert h2.units == {"Al": -80, "Bea": 20, "Cy": 40, "Di": 20}  # 20 + 40 (Jungfrau) + 20
    assert h3.units == {"Al": -60, "Bea": -60, "Cy": 180, "Di": -60}  # Wenz 50 + schneider 10 = 60, × 3
    assert (h3.outcome, h3.laufende, h3.dealer) == ("win-s", 0, "Bea")  # none, as the score says (fixb30 F2)
    assert h3.provenance["units"] == "verified"


def test_klopfen_doubles_a_score_sheet():
    # klopfen=on: Al knocks (×2, G-19); Sauspiel won, no Laufende: 10 × 2 = 20 each way
    text = HEAD.replace('"schafkopf-bsv"', '"schafkopf-bsv; klopfen=on"') + (
        "hand 1  dealer Di\nklopfen Al\ngame Bea sauspiel SA\npartner Cy  laufende 0  pts 70\n")
    o = one(text)
    assert o.multiplier == 2 and o.units == {"Al": -20, "Bea": 20, "Cy": 20, "Di": -20}
    e = only_error(text.replace('"schafkopf-bsv; klopfen=on"', '"schafkopf-bsv"'))
    assert e.code == "E-SK-KLOPFEN"


def test_declarer_written_unknown_is_settled_by_the_score():
    # game ? solo: only the soloist receives 3 × value (G-15): Di +150 -> Di played a Solo worth 50
    o = one(HEAD + "hand 1  dealer Cy\ngame ? solo eichel\nlaufende 0\n"
            "score Al -50 Bea -50 Cy -50 Di +150\n")
    assert (o.picker, o.outcome, o.provenance["picker"]) == ("Di", "win", "derived")


def test_deal_lines_without_tricks_check_partner_and_laufende():
    from .test_shn_schafkopf import TEXT
    first = TEXT.split("\nhand 2")[0]
    head, hand = first.split("hand 1", 1)
    deals = "\n".join(x for x in hand.split("\n") if x.startswith(("deal ", "game", "kontra")))
    base = head + "hand 1  dealer Di\n" + deals + "\n"
    # the deal gives the partner (Cy holds SA) and 3 Laufende with (EO GO Cy, HO Bea; SO is Di's)
    o = one(base + "pts 84  tricks 5\n")
    assert (o.partner, o.laufende, o.laufende_with, o.provenance["laufende"]) == ("Cy", 3, True, "derived")
    assert o.units == {"Al": -80, "Bea": 80, "Cy": 80, "Di": -80}  # (10 + 30) × Kontra 2
    e = only_error(base + "partner Di  pts 84\n")
    assert e.code == "E-PARTNER" and e.expected == "Cy"
    e = only_error(base + "laufende 4 with  pts 84\n")
    assert e.code == "E-SK-LAUFENDE" and e.expected == "3 with"


def test_laufende_beyond_the_trumps_of_the_game():
    # a Farbwenz has 4 Unters + 7 cards of its suit = 11 trumps (G-8, G-13): 12 Laufende cannot be
    e = only_error(HEAD + "hand 1  dealer Di\ngame Bea farbwenz gras\nlaufende 12 with  pts 70\n")
    # any run 0..11 is read; 1 and 2 pay nothing (counted from 3, G-13)
    assert e.code == "E-SK-LAUFENDE" and e.expected == "0..11"


# -- a house without Jungfrau or Durchmarsch, and a house that counts no Laufende in a Wenz (a tester's records) --


def _house(rules: str, body: str) -> str:
    return (f'%SHN 1.0\n[Event "Stammtisch Dachau"]\n[Seats "Sepp; Vroni; Hias; Resi"]\n[Rules "{rules}"]\n'
            f'[Cards "de"]\n\n{body}')


@pytest.mark.parametrize("flags, jungfrau, durchmarsch", [
    ("jungfrau=off", "off", "allTricks"), ("durchmarsch=off", "doublesOwn", "off"),
    ("jungfrau=off; durchmarsch=off", "off", "off"), ("jungfrau=doublesAll", "doublesAll", "allTricks")])
def test_jungfrau_and_durchmarsch_off_are_read(flags, jungfrau, durchmarsch):
    """docs/notation.md §14.1 lists `off` for both flags (rules.md G-17: both are house rules); it was
    turned into False and refused as not one of the flag's words."""
    from replay.schafkopf import parse_schafkopf_rules

    prof = parse_schafkopf_rules(f"schafkopf; {flags}")
    assert (prof.jungfrau, prof.durchmarsch) == (jungfrau, durchmarsch)


def test_a_sweep_without_durchmarsch_loses_and_pays_each_jungfrau_double():
    """durchmarsch=off (rules.md G-17): Sepp took every trick, so he has the most Augen (120) and loses the
    Ramsch; the other three took no trick, so each is a Jungfrau, paid double under doublesOwn: 20 × 2 = 40
    each, Sepp -120.  Under jungfrau=off as well: 20 each, Sepp -60."""
    o = one(_house("schafkopf; tariff.ramsch=20; jungfrau=doublesOwn; durchmarsch=off",
                   "hand 1  dealer Resi\nramsch\nscore Sepp -120 Vroni +40 Hias +40 Resi +40\n"))
    assert o.units == {"Sepp": -120, "Vroni": 40, "Hias": 40, "Resi": 40}
    o = one(_house("schafkopf; tariff.ramsch=20; jungfrau=off; durchmarsch=off",
                   "hand 1  dealer Resi\nramsch\nscore Sepp -60 Vroni +20 Hias +20 Resi +20\n"))
    assert o.units == {"Sepp": -60, "Vroni": 20, "Hias": 20, "Resi": 20}
    # and with durchmarsch=off the Durchmarsch price (a schwarz solo, 50 + 10 + 10 = 70 from each) is no Ramsch
    e = only_error(_house("schafkopf; tariff.ramsch=20; durchmarsch=off",
                          "hand 1  dealer Resi\nramsch\nscore Sepp +210 Vroni -70 Hias -70 Resi -70\n"))
    assert e.code == "E-SCORE"


def test_a_wenz_where_the_house_counts_no_laufende():
    """laufendeMin=wenz:0 (docs/notation.md §14.1: Laufende not counted in that game).  A Wenz won at 75
    Augen is the Einzelspiel price alone, 50 from each (rules.md G-14): Hias +150, the others -50 — derived
    from `pts 75 win` alone, with no Laufende price among the candidates (before: 70 a seat could fit).  A
    written `laufende 2 with` is refused, as the same hand with its cards is: none are counted."""
    rules = "schafkopf; tariff.sauspiel=20; laufendeMin=wenz:0"
    o = one(_house(rules, "hand 1  dealer Hias\ngame Hias wenz  pts 75  win\n"))
    assert o.units == {"Sepp": -50, "Vroni": -50, "Hias": 150, "Resi": -50}
    text = _house(rules, "hand 1  dealer Hias\ngame Hias wenz  laufende 2 with  pts 75  win\n"
                         "score Sepp -70 Vroni -70 Hias +210 Resi -70\n")
    e = only_error(text)
    assert e.code == "E-SK-LAUFENDE" and (e.line, e.col) == line_col(text, "game Hias", "laufende")
    assert "does not count Laufende in a wenz (laufendeMin=wenz:0" in e.message
    # a Sauspiel in the same house still counts them from 3: 20 + 3 × 10 = 50 a seat
    o = one(_house(rules, "hand 1  dealer Hias\ngame Hias sauspiel SA  partner Sepp  laufende 3 with  pts 70  win\n"))
    assert o.units == {"Sepp": 50, "Vroni": -50, "Hias": 50, "Resi": -50}


def test_the_price_text_names_kontra_and_re_and_klopfen():
    """A Herz-Solo under BSV 10/50 won with 3 Laufende and schneider: 50 + 10 + 30 = 90 (rules.md G-14);
    Kontra and Re ×4 = 360, Klopfen twice ×4 more = 1440 from each opponent (G-18, G-19).  The text read
    "Kontra/Re ×2 4", a factor beside a count."""
    from replay.cards import Suit
    from replay.schafkopf import parse_schafkopf_rules

    s = settle_game(parse_schafkopf_rules("schafkopf-bsv; klopfen=on"), Game.SOLO, Suit.HEARTS, False, 1, None,
                    "win-s", 3, True, doublings=2, klopfen=2)
    assert s.units == (-1440, 4320, -1440, -1440)
    assert "× Kontra and Re 4 × Klopfen 2 times 4 = 1440" in s.text
    assert "Kontra, Re and 1 more 8" in settle_game(parse_schafkopf_rules("schafkopf-bsv; kontraLevels=3"), Game.SOLO,
                                                    Suit.HEARTS, False, 1, None, "win-s", 3, True, doublings=3).text


def test_a_refused_ramsch_score_says_the_price_a_payment_not_per_defender():
    """A Ramsch has no defenders (rules.md G-17): Sepp, the loser, pays 20 to each other seat, -60; a written
    -30 is refused with the Ramsch's own words."""
    e = only_error(_house("schafkopf; tariff.ramsch=20; jungfrau=off",
                          "hand 1  dealer Resi\nramsch\nscore Sepp -30 Vroni +10 Hias +10 Resi +10\n"))
    assert e.code == "E-SCORE" and e.message.endswith(
        "Sepp -30 is written but the rules give -60 (Ramsch 20 = 20 a payment; Ramsch lost by Sepp)")
    assert "defender" not in e.message


def test_a_durchmarsch_written_at_another_price_is_named_as_a_durchmarsch():
    """A tester's Ramsch score: Sepp +180, the others -60 — Sepp took every trick.  Under `schafkopf`
    (Durchmarsch as a schwarz solo: 50 + 10 + 10 = 70 from each, rules.md G-17) the rules give +210; the
    message named a loser's Ramsch (+20) instead.  A loser who wrote too little is still a loser (QA D16)."""
    e = only_error(_house("schafkopf; tariff.ramsch=20",
                          "hand 1  dealer Resi\nramsch\nscore Sepp +180 Vroni -60 Hias -60 Resi -60\n"))
    assert e.code == "E-SCORE" and "Sepp +180 is written but the rules give +210 (Durchmarsch 70" in e.message
    e = only_error(_house("schafkopf; tariff.ramsch=20; jungfrau=off",
                          "hand 1  dealer Resi\nramsch\nscore Sepp -45 Vroni +15 Hias +15 Resi +15\n"))
    assert e.code == "E-SCORE" and "Sepp -45 is written but the rules give -60 (Ramsch 20" in e.message


def test_a_late_kontra_counts_its_card_in_the_singular():
    """kontraTiming=beforeFirstCard (rules.md G-18): a Kontra after the first card is late; the message read
    "after 1 cards"."""
    e = only_error(_house("schafkopf; kontraTiming=beforeFirstCard",
                          "hand 1  dealer Resi\ngame Vroni sauspiel GA\nkontra Sepp after 1\n"
                          "partner Resi  laufende 0  pts 70  win\n"))
    assert e.code == "E-SK-KONTRA-LATE" and "Kontra after 1 card; it must come before the first card" in e.message


def test_a_refused_ramsch_score_names_the_jungfrau_its_nearest_result_assumes():
    """A user's finding: "Sepp -90 is written but the rules give -80" left the reader at 3 × 20 = 60.  The
    nearest Ramsch result is Sepp losing with one Jungfrau paid double (jungfrau=doublesOwn, rules.md G-17):
    20 + 20 + 40 = 80, and the message now says whom it took for the Jungfrau."""
    e = only_error(_house("schafkopf; tariff.ramsch=20; jungfrau=doublesOwn",
                          "hand 1  dealer Resi\nramsch\nscore Sepp -90 Vroni +30 Hias +30 Resi +30\n"))
    assert e.code == "E-SCORE" and "Sepp -90 is written but the rules give -80 (Ramsch 20 = 20 a payment; " \
        "Ramsch lost by Sepp; Jungfrau: " in e.message
