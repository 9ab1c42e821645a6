"""Never a wrong number (issue 10): hands written the way table scorers write
them — claims without deal lines, partial card logs, jack-of-diamonds score
sheets, an agreed score without an outcome, ``pick ?`` and a misplay — are
either judged to the full hand's numbers or refused at a position, never
stored with a different result.

Every expected amount is worked by hand in the comments, from rules.md
(five-handed called ace, double on the bump on: B-27..B-33, I-1..I-13).
Seats clockwise Al Bea Cy Di Ed; dealer Ed, so Al leads trick 1 (B-17).
"""

from __future__ import annotations


from ingest.validate import validate_text

HEAD = """%SHN 1.0
[Event "Scorers"]
[Date "2025.03.06"]
[Seats "Al=Allen; Bea=Bea; Cy=Cy; Di=Di; Ed=Ed"]
[Rules "{rules}"]

"""


def judge(body: str, rules: str = "wi5-called-ace"):
    r = validate_text(HEAD.format(rules=rules) + body, path="t.shn")
    assert r.errors == []
    return r


def one(body: str, rules: str = "wi5-called-ace"):
    r = judge(body, rules)
    assert r.rejected == [], [str(d) for h in r.rejected for d in h.errors]
    assert len(r.hands) == 1
    return r.hands[0].outcome


def refused(body: str, rules: str = "wi5-called-ace"):
    r = judge(body, rules)
    assert r.hands == [], [h.outcome for h in r.hands]
    assert len(r.rejected) == 1
    return r.rejected[0].errors[0]


def units(al, bea, cy, di, ed):
    return {"Al": al, "Bea": bea, "Cy": cy, "Di": di, "Ed": ed}


# ---------------------------------------------------------------------------
# a claim without deal lines

# Bea picks and goes alone.  t1: Al leads KS; Bea 7S, Cy 8S, Di 9S, Ed 7H:
# Al wins 4 card points (K = 4, rules.md A-5).  t2: Al leads TC, Bea QC (trump),
# Cy 8C, Di 7C, Ed 9C: Bea wins 10 + 3 = 13.  Bea claims the rest: every card
# not yet taken is hers (notation.md §3 "claim"), bury included, so her side
# has 120 - 4 = 116 card points and 1 + 4 = 5 tricks; the defenders took a
# trick, so no no-tricker: 116 >= 91 is a schneider win (B-28), alone: 2 per
# defender, Bea +8, each defender -2 (B-33).
CLAIM_ALONE = """hand 1 dealer Ed
pick Bea alone
t1 Al: KS 7S 8S 9S 7H
t2 Al: TC QC 8C 7C 9C
claim Bea
"""


def test_a_claim_without_deal_lines_gives_the_claimer_every_card_not_taken():
    o = one(CLAIM_ALONE)
    assert (o.picker_points, o.picker_tricks, o.outcome) == (116, 5, "win-s")
    assert o.units == units(-2, 8, -2, -2, -2)


def test_a_claim_with_its_bury_written_still_gives_116():
    # the bury is the picker side's whatever it holds (B-24): AS KC = 15 is
    # among the 103 card points nobody had taken yet
    o = one(CLAIM_ALONE.replace("pick Bea alone", "pick Bea alone\nbury AS KC"))
    assert (o.picker_points, o.outcome) == (116, "win-s")
    assert o.units == units(-2, 8, -2, -2, -2)


def test_the_right_pts_beside_a_claim_is_verified_and_a_wrong_one_refused():
    o = one(CLAIM_ALONE + "pts 116 win-s\n")
    assert o.provenance["picker_points"] == "verified"
    d = refused(CLAIM_ALONE + "pts 13\n")
    assert d.code == "E-PTS" and d.found == "13" and d.expected == "116"
    assert (d.line, d.col) == (12, 5)


# Bea calls AH; nobody has played a heart when she claims after t2.
# t1: Al leads KS, Bea 7S, Cy 8S, Di 9S, Ed 7C: Al wins 4.  t2: Al leads TC,
# Bea QC, Cy 8C, Di AC, Ed 9C: Bea wins 10 + 3 + 11 = 24.  With Di the partner
# (written), the defenders Al, Cy, Ed took t1 alone: 4 card points; the picker
# side has 120 - 4 = 116 and 5 tricks: schneider win with a partner, 2 per
# defender: Bea +4, Di +2, Al Cy Ed -2 (B-33).
CLAIM_CALLED = """hand 1 dealer Ed
pick Bea call AH
t1 Al: KS 7S 8S 9S 7C
t2 Al: TC QC 8C AC 9C
claim Bea
"""


def test_a_claim_before_the_called_suit_is_led_is_judged_with_the_written_partner():
    o = one(CLAIM_CALLED + "partner Di\n")
    assert (o.partner, o.picker_points, o.picker_tricks, o.outcome) == ("Di", 116, 5, "win-s")
    assert o.units == units(-2, 4, -2, 2, -2)


def test_a_claim_with_an_unknown_partner_takes_the_partner_from_the_score():
    o = one(CLAIM_CALLED + "score Al -2 Bea +4 Cy -2 Di +2 Ed -2\n")
    assert (o.partner, o.picker_points, o.outcome) == ("Di", 116, "win-s")


def test_a_claim_with_an_unknown_partner_and_nothing_else_is_refused_naming_the_partner():
    # Al could hold the A♥ too: then the picker side took every trick (120,
    # win-z, +6/+3/-3); the record cannot tell, so it is refused, not guessed
    d = refused(CLAIM_CALLED)
    assert d.code == "E-RESULT-UNKNOWN" and "partner" in d.message


# ---------------------------------------------------------------------------
# partial card logs: hand 14 of notation.md §3

DEAL14 = """deal Al  QS JD 9C 7S TH 8H
deal Bea QC JC AD TD KC 9S
deal Cy  QH JH 8D AC 8C KH
deal Di  QD KD 7D AH 7C TS
deal Ed  JS 9D TC KS 8S 9H
blind AS 7H
"""
PLAY14 = """pick Bea
bury AS KC
call AH
t1 Al:  9C TD 8C 7C TC
t2 Bea: QC 8D KD 9D JD
t3 Bea: 7H KH AH 9H 8H
t4 Di:  QD JS QS JC QH
t5 Al:  TH AD JH 7D KS
"""
# t1 20 (Bea), t2 9 (Bea), t3 15 (Di, partner), t4 13 (Al), t5 27 (Cy);
# bury 15.  After five tricks the picker side has 20 + 9 + 15 + 15 = 59 and
# 3 tricks; the last trick (AC TS 8S 7S 9S = 21) is still to come, so without
# the deal the side ends with 59 or 80 card points and 3 or 4 tricks.


def test_partial_log_points_below_what_the_tricks_already_give_are_refused():
    d = refused("hand 14 dealer Ed\n" + PLAY14 + "partner Di pts 30 tricks 3 lose-s\n")
    assert d.code == "E-PTS" and d.found == "30"


def test_partial_log_points_above_what_is_left_are_refused():
    d = refused("hand 14 dealer Ed\n" + PLAY14 + "partner Di pts 95 win-s\n")
    assert d.code == "E-PTS" and d.found == "95"


def test_partial_log_tricks_below_the_tricks_taken_are_refused():
    d = refused("hand 14 dealer Ed\n" + PLAY14 + "partner Di pts 80 tricks 1 win\n")
    assert d.code == "E-TRICKS" and d.found == "1"


def test_partial_log_with_possible_numbers_is_accepted():
    # 59 card points, 3 tricks: a plain loss with DOB, Bea -4, Di -2, +2 each
    o = one("hand 14 dealer Ed\n" + PLAY14 + "partner Di pts 59 tricks 3 lose\n")
    assert (o.picker_points, o.outcome) == (59, "lose")
    assert o.units == units(2, -4, 2, -2, 2)
    # 80 and 4 tricks (the last trick to the picker side): a plain win, +2/+1/-1
    o = one("hand 14 dealer Ed\n" + PLAY14 + "partner Di pts 80 tricks 4 win\n")
    assert o.units == units(-1, 2, -1, 1, -1)


def test_the_forced_last_trick_is_derived_from_the_full_deal():
    # each seat holds one card after t5: Cy (t5's winner) leads AC, then
    # Di TS, Ed 8S, Al 7S, Bea 9S: Cy takes 21; the hand is hand 14 exactly
    o = one("hand 14 dealer Ed\n" + DEAL14 + PLAY14)
    assert (o.picker_points, o.picker_tricks, o.outcome, o.status) == (59, 3, "lose", "full")
    assert o.units == units(2, -4, 2, -2, 2)


# ---------------------------------------------------------------------------
# jack-of-diamonds score sheets (rules.md C-1, C-3, C-8)

JD = "wi5-jack-of-diamonds"


def test_jd_partner_refused_when_the_jd_is_in_the_blind_the_picker_took():
    d = refused("hand 1 dealer Ed\nblind JD 7H\npick Bea partner Cy pts 70 win\n", JD)
    assert d.code == "E-PARTNER" and d.found == "Cy"


def test_jd_partner_refused_when_the_picker_buries_the_jd():
    d = refused("hand 1 dealer Ed\npick Bea\nbury JD 7H\npartner Cy pts 70 win\n", JD)
    assert d.code == "E-PARTNER" and d.found == "Cy"


def test_jd_partner_refused_when_the_jd_is_in_the_pickers_deal_line():
    d = refused("hand 1 dealer Ed\ndeal Bea QC JD AD TD KC 9S\npick Bea partner Cy pts 70 win\n", JD)
    assert d.code == "E-PARTNER" and d.found == "Cy"


def test_jd_partner_refused_when_another_seat_is_dealt_the_jd():
    d = refused("hand 1 dealer Ed\ndeal Al QS JD 9C 7S TH 8H\npick Bea partner Cy pts 70 win\n", JD)
    assert d.code == "E-PARTNER" and d.found == "Cy" and d.expected == "Al"


def test_jd_partner_accepted_when_the_partner_is_dealt_the_jd():
    # 70 card points with a partner: plain win, Bea +2, Cy +1, -1 each
    o = one("hand 1 dealer Ed\ndeal Cy QS JD 9C 7S TH 8H\npick Bea partner Cy pts 70 win\n", JD)
    assert o.partner == "Cy" and o.units == units(-1, 2, 1, -1, -1)


# ---------------------------------------------------------------------------
# an agreed score without an outcome


def test_an_agreed_score_that_fits_a_result_gives_that_result_and_partner():
    # +2/-4/+2/-2/+2 is the DOB loss with Di the partner (B-33), uniquely
    o = one("hand 1 dealer Ed\npick Bea call AH\nscore Al ^+2 Bea ^-4 Cy ^+2 Di ^-2 Ed ^+2\n")
    assert (o.outcome, o.partner) == ("lose", "Di")


def test_an_agreed_score_that_fits_no_result_leaves_outcome_and_partner_unknown():
    # -2/-1/+1 is the loss WITHOUT double on the bump; under DOB no result
    # gives it, so the outcome and the partner are not known: never "win"
    o = one("hand 1 dealer Ed\npick Bea call AH\nscore Al ^+1 Bea ^-2 Cy ^+1 Di ^-1 Ed ^+1\n")
    assert o.outcome == "unknown" and o.partner is None
    assert o.units == units(1, -2, 1, -1, 1)
    assert o.provenance["units"] == "conflict"


# ---------------------------------------------------------------------------
# pick ?


def test_pick_unknown_takes_the_picker_from_the_score():
    # +2 / +1 / -1 each: a plain win with a partner; the +2 seat picked (B-33)
    o = one("hand 1 dealer Ed\npick ? call AH\nscore Al +1 Bea +2 Cy -1 Di -1 Ed -1\n")
    assert (o.picker, o.partner, o.outcome) == ("Bea", "Al", "win")
    assert o.provenance["picker"] == "derived"


def test_pick_unknown_without_a_score_is_refused_naming_the_picker():
    d = refused("hand 1 dealer Ed\npick ? call AH pts 70 win\n")
    assert d.code == "E-RESULT-UNKNOWN" and "picker" in d.message
    assert (d.line, d.col) == (8, 6)  # the `?` of `pick ?` on line 8


# ---------------------------------------------------------------------------
# a misplay moves money and is not a played pick


def test_a_misplay_is_stored_as_a_misplay():
    # B-23 offenderPaysEach: Cy reneges in t1 and pays 1 to each other seat
    rules = "wi5-called-ace; renegePenalty=offenderPaysEach"
    body = "hand 14 dealer Ed\n" + DEAL14 + PLAY14.replace("t1 Al:  9C TD 8C 7C TC", "t1 Al:  9C TD ^RKH 7C TC") \
        .replace("t3 Bea: 7H KH AH 9H 8H", "t3 Bea: 7H 8C AH 9H 8H") + "t6 Cy:  AC TS 8S 7S 9S\n"
    o = one(body, rules)
    assert o.outcome == "misplay"
    assert o.units == units(1, 1, -4, 1, 1)


# ---------------------------------------------------------------------------
# claims in the replay (shead replay, --json frames, the terminal text)


def test_a_claim_is_a_step_of_the_replay(tmp_path):
    import json

    from typer.testing import CliRunner

    from ingest.cli import app

    path = tmp_path / "claim.shn"
    path.write_text(HEAD.format(rules="wi5-called-ace") + CLAIM_ALONE, encoding="utf-8")
    db = tmp_path / "c.duckdb"
    runner = CliRunner()
    assert runner.invoke(app, ["ingest", str(path), "--db", str(db)]).exit_code == 0
    res = runner.invoke(app, ["replay", "Scorers / 2025.03.06#1", "--db", str(db), "--json"])
    assert res.exit_code == 0, res.output
    frames = json.loads(res.stdout)["frames"]
    claims = [f["claim"] for f in frames if f["claim"]]
    # Bea claims after trick 2; without the deal the cards are not known, but
    # their points are: 120 - 4 (Al's t1) - 13 (Bea's t2) = 103
    assert claims == [{"seat": "Bea", "after_trick": 2, "cards": None, "points": 103}]
    assert frames[-1]["done"] and frames[-1]["picker_points"] == 116
    text = runner.invoke(app, ["replay", "Scorers / 2025.03.06#1", "--db", str(db)]).stdout
    assert "Claim   Bea after trick 2" in text and "103 card points" in text


def test_a_claim_with_the_deal_names_the_cards_it_gives():
    from ingest.validate import replay_text

    # hand 14 to trick 4, then Cy claims for the defenders.  After t4 each seat
    # holds two cards: Al TH 7S, Bea AD 9S (bury AS KC), Cy JH AC, Di 7D TS,
    # Ed KS 8S.  The claim gives Cy's side those ten cards:
    # 10+0+11+0+2+11+0+10+4+0 = 48 card points.
    body = "hand 14 dealer Ed\n" + DEAL14 + "\n".join(PLAY14.strip().split("\n")[:-1]) + "\nclaim Cy\n"
    rep = replay_text(HEAD.format(rules="wi5-called-ace") + body)
    assert rep.errors == []
    claim = next(f.claim for f in rep.frames if f.claim)
    seat, after, given, pts = claim
    assert (seat, after, pts) == (2, 4, 48)
    assert sorted(str(c) for c in given) == sorted("TH 7S AD 9S JH AC 7D TS KS 8S".split())
    # the picker side keeps t1 20 + t2 9 + t3 15 + bury 15 = 59: a loss, as hand 14
    assert rep.outcome.picker_points == 59 and rep.outcome.outcome == "lose"


def test_the_replay_page_shows_the_claim(tmp_path, monkeypatch):
    from streamlit.testing.v1 import AppTest

    from ingest.store import Store, reading

    # hand 14 to trick 4, then Cy claims (worked above: 48 card points to the
    # defenders; the picker side keeps 59)
    body = "hand 14 dealer Ed\n" + DEAL14 + "\n".join(PLAY14.strip().split("\n")[:-1]) + "\nclaim Cy\n"
    db = tmp_path / "c.duckdb"
    with Store(db) as store:
        assert store.ingest_file(judge(body)).stored == 1
    monkeypatch.setenv("SHEAD_DB", str(db))
    with reading(db) as con:
        (hand_id,), = con.execute("SELECT hand_id FROM hands").fetchall()
    from pathlib import Path

    page = Path(__file__).resolve().parents[1] / "dashboard" / "pages" / "replay_hand.py"
    at = AppTest.from_file(str(page), default_timeout=60)
    at.query_params["hand"] = str(hand_id)
    at.query_params["step"] = "999"  # clamped to the last step: the claim
    at.run()
    assert not at.exception, [e.message for e in at.exception]
    info = "\n".join(i.value for i in at.info)
    assert "Claim: Cy claimed after trick 4" in info and "(48 card points)" in info
    assert "Cy claims" in "\n".join(m.value for m in at.markdown)


# ---------------------------------------------------------------------------
# found by the break test (a tester's records, worked by hand before shead ran)

# Dealer Al, so Bea leads t1.  t1 Bea QS, Cy QC, Di 8D, Ed 7D, Al TD: Cy's Q♣
# wins 3+3+10 = 16.  t2 Cy TC, Di AC, Ed 9C, Al 7C, Bea 8C: Di's A♣ wins
# 10+11 = 21.  t3 Di TH, Ed AH, Al 9H, Bea 7H, Cy 8H: Ed's A♥ (the called ace)
# wins 10+11 = 21, so Ed is the partner.  Picker side Bea + Ed: 21 + the bury
# AS KH (15) = 36 card points and 1 trick; the defenders hold 16 + 21 = 37;
# 47 card points lie in the three tricks not written.
THREE = """hand 1  dealer Al
pick Bea  bury AS KH  call AH
t1 Bea: QS QC 8D 7D TD
t2 Cy: TC AC 9C 7C 8C
t3 Di: TH AH 9H 7H 8H
"""


def test_a_partial_log_takes_the_partner_from_the_called_ace_played():
    d = refused(THREE + "partner Di  pts 54  tricks 2  lose\n")
    assert d.code == "E-PARTNER" and d.found == "Di"


def test_a_partial_log_refuses_fewer_tricks_than_the_side_took():
    d = refused(THREE + "tricks 0  lose-z\n")
    assert d.code == "E-TRICKS" and d.found == "0"


def test_a_partial_log_checks_points_and_tricks_together():
    # one trick in the end: the side takes no more, so it has exactly 36
    d = refused(THREE + "pts 80  tricks 1  win\n")
    assert d.code == "E-PTS" and d.expected == "36"


def test_claim_unknown_is_judged_from_the_written_points():
    # 36 card points: the defenders took the rest; 31..60 is a plain loss with
    # DOB: Bea -4, Ed -2, Al Cy Di +2 (B-33)
    o = one(THREE + "claim ?\npts 36\n")
    assert (o.outcome, o.partner) == ("lose", "Ed")
    assert o.units == units(2, -4, 2, 2, -2)


def test_hand_14_to_trick_3_with_the_result_written():
    # t1 20 + t2 9 (Bea) + t3 15 (Di, the A♥) + bury 15 = 59: lose, Bea -4, Di -2
    body = "hand 14 dealer Ed\n" + "\n".join(PLAY14.strip().split("\n")[:6]) + "\npts 59  lose\n"
    o = one(body)
    assert (o.partner, o.outcome) == ("Di", "lose") and o.units == units(2, -4, 2, -2, 2)


def test_a_leaster_winner_cannot_hold_half_the_points():
    # D-4: the fewest among at least two seats with a trick is below 60; 60 is refused
    d = refused("hand 1  dealer Cy\nleaster Al  pts 60\n")
    assert d.code == "E-PTS" and d.found == "60"
    assert one("hand 1  dealer Cy\nleaster Al  pts 59\n").units == units(4, -1, -1, -1, -1)


def test_jd_score_sheet_calls_and_alone_against_the_written_cards():
    d = refused("hand 1 dealer Ed\ndeal Cy QC JD 9C 7S TH 8H\npick Bea  alone  pts 70  win\n", JD)
    assert d.code == "E-ALONE-JD"
    d = refused("hand 1 dealer Ed\npick Bea  call AH  partner Di  pts 70  win\n", JD)
    assert d.code == "E-CALL-JD"


def test_jd_score_sheet_partner_from_the_written_cards():
    # the J♦ in the blind Bea took: alone, 70 is a plain win, Bea +4, -1 each
    o = one("hand 1 dealer Ed\nblind JD 7H\npick Bea  pts 70  win\n", JD)
    assert o.partner is None and o.units == units(-1, 4, -1, -1, -1)
    # Di dealt the J♦: Di is the partner, Bea +2, Di +1, -1 each
    o = one("hand 1 dealer Ed\ndeal Di QD JD 7D AH 7C TS\npick Bea  pts 70  win\n", JD)
    assert o.partner == "Di" and o.units == units(-1, 2, -1, 1, -1)


def test_a_bury_outside_the_deck_is_refused():
    # the 30-card deck of wi4-called-ace has no 7♣ or 7♠ (rules.md F-1)
    body = "hand 1 dealer Di\npick Bea  bury 7C 8H  call AC  partner Di  pts 70  win\n"
    r = validate_text(HEAD.format(rules="wi4-called-ace").replace("Cy=Cy; Di=Di; Ed=Ed", "Cy=Cy; Di=Di") + body)
    assert not r.hands and r.rejected[0].errors[0].code == "E-DECK"
