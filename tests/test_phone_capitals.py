"""A phone's capital at the start of a line (a tester's session typed on a
phone: ``Hand 2``, ``Pick Kurt``, ``Lose``): a statement keyword in another
case is that keyword (docs/notation.md §2; no seat alias may be a keyword in
any case).  Before, ``Hand 2`` was an error inside hand 1, so the correct
hand 1 was refused and hand 2 disappeared into it.  Units worked by hand
from rules.md B-27/B-28 and J (doubleOnBump on by default)."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from ingest.cli import app
from ingest.shn.reader import read
from ingest.validate import validate_text

runner = CliRunner()

HEAD = ('%SHN 1.0\n[Session "phone"]\n[Seats "Hank; Ilse; Jo; Kurt; Lou"]\n'
        '[Rules "wi5-called-ace"]\n\n')  # hands start on line 6


def test_capitalised_keywords_read_as_the_keywords():
    text = HEAD + ("hand 1 dealer Hank\npick Jo call AC partner Kurt pts 75 win\n"
                   "Hand 2 dealer Ilse\nPick Kurt call AH partner Hank pts 44 Lose\n"
                   "hand 3 dealer Jo\nPick Lou alone pts 93 Win-s\n")
    res = validate_text(text, path="phone.shn")
    assert not res.rejected and not res.errors
    units = {h.outcome.hand: h.outcome.units for h in res.hands}
    # hand 1: 75 is a plain win: Jo +2, Kurt +1, the others -1
    assert units[1] == {"Hank": -1, "Ilse": -1, "Jo": 2, "Kurt": 1, "Lou": -1}
    # hand 2: 44 is a plain loss, doubled on the bump (rules.md B-29, J doubleOnBump=on): Kurt -4, Hank -2, +2 each
    assert units[2] == {"Hank": -2, "Ilse": 2, "Jo": 2, "Kurt": -4, "Lou": 2}
    # hand 3: alone at 93, a schneider win (tier 2): 2 a defender, the picker 4 x 2 = +8
    assert units[3] == {"Hank": -2, "Ilse": -2, "Jo": -2, "Kurt": -2, "Lou": 8}
    # the source is kept as written
    assert [h for h in res.hands if h.outcome.hand == 2][0].source.startswith("Hand 2 dealer Ilse\nPick Kurt")


def test_a_later_error_on_a_folded_line_keeps_its_column_and_a_capital_hand_ends_a_skip():
    text = HEAD + ("hand 1 dealer Hank\nPick Jo call ZZ partner Kurt pts 75 win\n"
                   "Hand 2 dealer Ilse\npick Kurt call AH partner Hank pts 44 lose\n")
    shn = read(text, "phone.shn")
    [h1, h2] = shn.hands
    [d] = h1.errors
    # line 7 is "Pick Jo call ZZ ...": ZZ at column 14
    assert (d.code, d.line, d.col, d.found) == ("E-CARD", 7, 14, "ZZ")
    assert h2.number == 2 and not h2.errors  # the skip after hand 1's error ended at "Hand 2"


def test_only_keywords_fold_a_misspelling_is_still_refused_at_its_column():
    shn = read(HEAD + "hand 1 dealer Hank\nPikc Jo call AC partner Kurt pts 75 win\n", "phone.shn")
    [d] = shn.hands[0].errors
    assert (d.code, d.line, d.col, d.found) == ("E-STATEMENT", 7, 1, "Pikc")
    assert "did you mean 'pick'?" in d.message


def test_a_score_sheets_result_word_is_refused_with_the_outcome_it_means():
    # a tester typed 'pts 70  won' (a CSV sheet takes won/lost): SHN's outcome is win or lose (notation.md §6), so
    # the hand is refused at the word, with the word to write
    shn = read(HEAD + "hand 1 dealer Hank\npick Jo call AC partner Kurt pts 75 won\n\n"
               "hand 2 dealer Jo\npick Kurt call AC partner Jo pts 40 Lost\n", "phone.shn")
    [d1], [d2] = shn.hands[0].errors, shn.hands[1].errors
    # columns: pick 1, Jo 6, call 9, AC 14, partner 17, Kurt 25, pts 30, 75 34, won 37
    assert (d1.code, d1.line, d1.col, d1.found) == ("E-STATEMENT", 7, 37, "won")
    assert "did you mean 'win'? (an outcome is win, lose, win-s, lose-s, win-z or lose-z)" in d1.message
    assert (d2.code, d2.found) == ("E-STATEMENT", "Lost") and "did you mean 'lose'?" in d2.message


def test_the_tester_s_phone_session_stores_every_hand(db, tmp_path):
    p = tmp_path / "r2b.shn"
    p.write_text(HEAD.replace('"phone"', '"r2b"') + "hand 1 dealer Hank\npick Jo call AC partner Kurt pts 75 win\n"
                 "Hand 2 dealer Ilse\nPick Kurt call AH partner Hank pts 44 Lose\n")
    r = runner.invoke(app, ["ingest", str(p), "--db", str(db)])
    assert r.exit_code == 0 and "2 stored, 0 duplicates, 0 rejected" in r.output
    sheet = json.loads(runner.invoke(app, ["sheet", "r2b", "--json", "--db", str(db)]).stdout)
    # Hank -1-2 = -3, Ilse -1+2 = +1, Jo +2+2 = +4, Kurt +1-4 = -3, Lou -1+2 = +1 (sum 0)
    totals = {}
    for h in sheet["hands"]:
        for seat, u in h["units"].items():
            totals[seat] = totals.get(seat, 0) + u
    assert totals == {"Hank": -3, "Ilse": 1, "Jo": 4, "Kurt": -3, "Lou": 1}


def test_a_seat_in_another_case_is_that_seat_when_only_one_matches():
    """'hank', 'jo', 'kurt' for Hank, Jo, Kurt (a phone's lower case): each is the one seat it can be, stored under
    its alias as the Seats tag writes it.  A seat that matches none is still E-SEAT at its column."""
    text = HEAD + ("hand 1 dealer hank\npick jo call AC partner kurt pts 75 win\n"
                   "score hank -1 ilse -1 jo +2 kurt +1 lou -1\n"
                   "hand 2 dealer Ilse\npick Bob call AC partner Kurt pts 75 win\n")
    res = validate_text(text, path="phone.shn")
    [h1] = res.hands
    o = h1.outcome
    assert (o.dealer, o.picker, o.partner) == ("Hank", "Jo", "Kurt")
    assert o.units == {"Hank": -1, "Ilse": -1, "Jo": 2, "Kurt": 1, "Lou": -1}  # 75: a plain win (rules.md B-27)
    [r] = res.rejected
    d = r.errors[0]
    assert (d.code, d.line, d.col, d.found) == ("E-SEAT", 10, 6, "Bob")
