"""A Ramsch with a tie for most Augen under each `ramschTie` setting
(rules.md G-17: the player with the most card points loses and pays the
Ramsch rate to each other player; a tie: DEFAULT the tied player who held the
highest trump loses, some groups make all tied players pay).

The deal and tricks below, worked by hand (Sauspiel trumps in a Ramsch, card
values of rules.md A-5 / G-1: Sau 11, Zehn 10, König 4, Ober 3, Unter 2):

* t1 Bea: G9 G8 GK GZ — the Gras-Zehn wins, Al: 0 + 0 + 4 + 10 = 14
* t2 Al: HA SO HO SU — the Herz-Ober wins, Cy: 11 + 3 + 3 + 2 = 19
* t3 Cy: H7 HZ H9 GU — the Gras-Unter wins, Bea: 0 + 10 + 0 + 2 = 12
* t4 Bea: EK E8 EA G7 — the Eichel-Sau wins, Di: 4 + 0 + 11 + 0 = 15
* t5 Di: E7 HU E9 S7 — the Herz-Unter trumps, Al: 0 + 2 + 0 + 0 = 2
* t6 Al: SA EO S8 SZ — the Eichel-Ober trumps, Bea: 11 + 3 + 0 + 10 = 24
* t7 Bea: EZ HK H8 S9 — the Herz-König trumps, Cy: 10 + 4 + 0 + 0 = 14
* t8 Cy: EU SK GO GA — the Gras-Ober wins, Al: 2 + 4 + 3 + 11 = 20

Augen: Al 14 + 2 + 20 = 36, Bea 12 + 24 = 36, Cy 19 + 14 = 33, Di 15
(36 + 36 + 33 + 15 = 120); every seat took a trick, so no Jungfrau.  Al
and Bea tie for most.

* `ramschTie=highestTrump` (default): Bea was dealt the Eichel-Ober, the
  highest trump, so Bea alone loses and pays 20 to each other player:
  Bea -60, Al +20, Cy +20, Di +20.
* `ramschTie=allTied`: Al and Bea both lose; each pays 20 to each other
  player, and what they pay each other cancels: each pays 20 to Cy and to
  Di: Al -40, Bea -40, Cy +40, Di +40.  (Splitting one price between them,
  -20/-20/+20/+20, is not what G-17 says: every loser pays the rate.)
"""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from ingest.cli import app
from ingest.store import reading
from ingest.validate import validate_text

HEAD = """%SHN 1.0
[Event "Stammtisch Au"]
[Date "2025.10.05"]
[Seats "Al=Alois; Bea=Beate; Cy=Cyrill; Di=Dora"]
[Rules "RULES"]
[Cards "de"]

"""

CARDS = """hand 1  dealer Al
deal Al  GZ GO G7 HA HU H9 SA S9
deal Bea EZ EK EO E9 GA GU G9 SO
deal Cy  EU E8 G8 HK HO H7 S8 S7
deal Di  EA E7 GK HZ H8 SZ SK SU
ramsch
t1 Bea: G9 G8 GK GZ
t2 Al:  HA SO HO SU
t3 Cy:  H7 HZ H9 GU
t4 Bea: EK E8 EA G7
t5 Di:  E7 HU E9 S7
t6 Al:  SA EO S8 SZ
t7 Bea: EZ HK H8 S9
t8 Cy:  EU SK GO GA
"""

SHEET = "hand 1  dealer Al\nramsch\n"

HIGHEST = {"Al": 20, "Bea": -60, "Cy": 20, "Di": 20}
ALL_TIED = {"Al": -40, "Bea": -40, "Cy": 40, "Di": 40}


def _text(rules: str, body: str, score: dict[str, int] | None = None) -> str:
    text = HEAD.replace("RULES", rules) + body
    if score is not None:
        text += "score " + " ".join(f"{a} {u:+d}" for a, u in score.items()) + "\n"
    return text


def _errors(res):
    return [e for r in res.rejected for e in r.errors] + list(res.errors)


@pytest.mark.parametrize("rules, want", [("schafkopf-bsv", HIGHEST), ("schafkopf-bsv; ramschTie=highestTrump", HIGHEST),
                                         ("schafkopf-bsv; ramschTie=allTied", ALL_TIED)])
def test_card_hand_settles_the_tie_by_the_flag(rules, want):
    res = validate_text(_text(rules, CARDS), "tie.shn")
    assert _errors(res) == [] and res.hands[0].outcome.units == want
    res = validate_text(_text(rules, CARDS, want), "tie.shn")  # the written score is verified
    assert _errors(res) == [] and res.hands[0].outcome.provenance["units"] == "verified"


@pytest.mark.parametrize("rules, other, found, expected", [
    ("schafkopf-bsv", ALL_TIED, "-40", "+20"),  # Al: -40 written, the default makes Al a winner of 20
    ("schafkopf-bsv; ramschTie=allTied", HIGHEST, "+20", "-40")])  # Al: +20 written, allTied makes Al pay 40
def test_card_hand_refuses_the_other_settings_score(rules, other, found, expected):
    e = _errors(validate_text(_text(rules, CARDS, other), "tie.shn"))
    assert [(x.code, x.found, x.expected) for x in e] == [("E-SCORE", found, expected)]


def test_card_hand_refuses_a_split_price_under_all_tied():
    e = _errors(validate_text(_text("schafkopf-bsv; ramschTie=allTied", CARDS,
                                    {"Al": -20, "Bea": -20, "Cy": 20, "Di": 20}), "tie.shn"))
    assert [(x.code, x.found, x.expected) for x in e] == [("E-SCORE", "-20", "-40")]


def test_score_sheet_two_tied_losers_only_under_all_tied():
    # a score sheet has no cards: under allTied two losers each paying 20 to the two others is a Ramsch result
    res = validate_text(_text("schafkopf-bsv; ramschTie=allTied", SHEET, ALL_TIED), "tie.shn")
    assert _errors(res) == [] and res.hands[0].outcome.units == ALL_TIED
    # under highestTrump a Ramsch has one loser: two losers is no Ramsch result
    e = _errors(validate_text(_text("schafkopf-bsv", SHEET, ALL_TIED), "tie.shn"))
    assert [x.code for x in e] == ["E-SCORE"]
    # a tie with a Jungfrau under allTied (jungfrau=doublesOwn, G-17): Al and Bea lose, Di took no trick; each
    # loser pays Cy 20 and Di 40: Al -60, Bea -60, Cy +40, Di +80
    jung = {"Al": -60, "Bea": -60, "Cy": 40, "Di": 80}
    res = validate_text(_text("schafkopf-bsv; ramschTie=allTied", SHEET, jung), "tie.shn")
    assert _errors(res) == [] and res.hands[0].outcome.units == jung


def _replay(tmp_path, rules: str) -> str:
    db = tmp_path / "tie.duckdb"
    f = tmp_path / "tie.shn"
    f.write_text(_text(rules, CARDS), encoding="utf-8")
    res = CliRunner().invoke(app, ["ingest", str(f), "--db", str(db)])
    assert res.exit_code == 0, res.stdout
    with reading(db) as con:
        (hid,) = con.execute("SELECT hand_id FROM hands").fetchone()
    res = CliRunner().invoke(app, ["replay", str(hid), "--db", str(db)])
    assert res.exit_code == 0, res.stdout
    return res.stdout


def test_replay_names_the_tie_rule(tmp_path):
    out = _replay(tmp_path, "schafkopf-bsv")
    assert ("Result:   Ramsch lost by Bea with 36 Augen (a tie for most Augen with Al: Bea was dealt the highest "
            "trump, EO, ramschTie=highestTrump); Augen Al 36, Bea 36, Cy 33, Di 15") in out
    assert "Price:    Ramsch 20 = 20 (the loser pays each other player; rules.md G-17)" in out
    assert "Units:    Al +20   Bea -60   Cy +20   Di +20" in out


def test_replay_of_all_tied_says_each_loser_pays(tmp_path):
    out = _replay(tmp_path, "schafkopf-bsv; ramschTie=allTied")
    assert ("Result:   Ramsch lost by Al and Bea with 36 Augen (a tie for most Augen: every tied player pays, "
            "ramschTie=allTied); Augen Al 36, Bea 36, Cy 33, Di 15") in out
    # it said "the loser pays each other player" with two losers
    assert "Price:    Ramsch 20 = 20 (each tied loser pays each player who did not lose; rules.md G-17)" in out
    assert "Units:    Al -40   Bea -40   Cy +40   Di +40" in out


def test_score_sheet_ties_of_three_and_four_under_all_tied():
    """The card path settles every tie the cards can give; a score sheet took only two losers with at least one
    other seat holding a trick, and refused these (G-17, allTied: each tied loser pays each other player)."""
    rules = "schafkopf-bsv; ramschTie=allTied"
    # four tied at 30 Augen (4 × 30 = 120): each pays 20 to each of the three others and is paid 20 by each: 0
    zero = {"Al": 0, "Bea": 0, "Cy": 0, "Di": 0}
    res = validate_text(_text(rules, SHEET, zero), "tie.shn")
    assert _errors(res) == [] and res.hands[0].outcome.units == zero
    # under highestTrump the holder of the Eichel-Ober alone pays 3 × 20 = 60: a score of zeros is no Ramsch result
    e = _errors(validate_text(_text("schafkopf-bsv", SHEET, zero), "tie.shn"))
    assert [x.code for x in e] == ["E-SCORE"]
    # Al, Bea and Cy tied at 40 took every trick between them; Di took none, a Jungfrau (jungfrau=doublesOwn):
    # each loser pays Di 2 × 20 = 40: Al -40, Bea -40, Cy -40, Di +120
    three = {"Al": -40, "Bea": -40, "Cy": -40, "Di": 120}
    res = validate_text(_text(rules, SHEET, three), "tie.shn")
    assert _errors(res) == [] and res.hands[0].outcome.units == three
    # Al and Bea tied at 60 took every trick; Cy and Di are Jungfrauen: each loser pays each 40: -80, -80, +80, +80
    two = {"Al": -80, "Bea": -80, "Cy": 80, "Di": 80}
    res = validate_text(_text(rules, SHEET, two), "tie.shn")
    assert _errors(res) == [] and res.hands[0].outcome.units == two
