"""House-rule tables away from five seats (a tester's records, house17).

* rules.md D-16, I-35: at an even table a mittler has no median, so the hand
  is a wash.  A card log was right; a score-sheet line naming a seat was paid
  as at an odd table (four seats: Al +3, the others -1; six: Bea +5).
* rules.md D-6: ``leasterTie=split`` gives the two tied seats 2 and 1 shares
  of what the three others pay, which is five seats playing.  At three seats
  the engine paid the first tied seat 0 and the second +1 while its summary
  said "2 shares, 1"; at four 1 : 1, at six 3 : 1.  The flag is now refused
  where five do not play.
* A hand whose ``pts`` fits a no-tricker and a plain loss (the bury holds
  card points, B-25, B-29) was refused with "expected ... pts", pts written.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from ingest.cli import app
from ingest.shn.reader import read
from ingest.validate import validate_records
from replay.errors import ProfileError
from replay.profile import parse_rules
from replay.scoring import settle_leaster

runner = CliRunner()


def check(rules: str, seats: str, body: str):
    text = (f'%SHN 1.0\n[Session "h"]\n[Seats "{seats}"]\n[Rules "{rules}"]\n\n' + body + "\n")
    return validate_records(read(text, "h.shn"), "h.shn")


def refused(rules: str, seats: str, body: str):
    res = check(rules, seats, body)
    assert not res.hands and len(res.rejected) == 1, (res.hands, res.rejected)
    e = res.rejected[0].errors[0]
    return e.code, e.line, e.col, f"{e.message} / expected {e.expected}"


def units(rules: str, seats: str, body: str) -> dict[str, int]:
    res = check(rules, seats, body)
    assert len(res.hands) == 1 and not res.rejected, res.rejected
    return dict(res.hands[0].outcome.units)


FOUR = "Al; Bea; Cy; Di"
SIX = "Al; Bea; Cy; Di; Ed; Flo"


def test_a_mittler_named_at_an_even_table_is_refused_and_the_wash_is_nothing():
    code, line, col, msg = refused("wi4-cutthroat; noPick=mittler", FOUR, "hand 1  dealer Di\nmittler Al")
    assert (code, line, col) == ("E-LEASTER", 7, 9)
    assert "4 seats play: an even table has no median" in msg
    code, _, _, msg = refused("wi4-cutthroat; noPick=mittler", FOUR,
                              "hand 1  dealer Di\nmittler Al\nscore Al +3 Bea -1 Cy -1 Di -1")
    assert code == "E-LEASTER"
    code, _, _, msg = refused("wi6-jack-of-diamonds; noPick=mittler", SIX, "hand 1  dealer Flo\nmittler Bea  pts 20")
    assert code == "E-LEASTER" and "6 seats play" in msg
    # the wash, written: nobody pays (D-16)
    assert units("wi4-cutthroat; noPick=mittler", FOUR, "hand 1  dealer Di\nmittler -") == \
        {"Al": 0, "Bea": 0, "Cy": 0, "Di": 0}
    # an odd table still has its median: three seats, Al the mittler at 25: +2, -1, -1 (D-16, one unit each)
    assert units("wi3; noPick=mittler", "Al; Bea; Cy", "hand 1  dealer Cy\nmittler Al  pts 25") == \
        {"Al": 2, "Bea": -1, "Cy": -1}


@pytest.mark.parametrize("rules", ["wi3", "wi4-cutthroat", "wi6-jack-of-diamonds", "wi7-die-roll",
                                   "wi8-black-queens"])
def test_a_leaster_split_away_from_five_playing_seats_is_refused(rules):
    with pytest.raises(ProfileError) as exc:
        parse_rules(f"{rules}; leasterTie=split")
    assert exc.value.code == "E-RULES-VALUE" and "needs five seats playing" in str(exc.value)


def test_a_leaster_split_at_five_playing_seats_pays_two_and_one():
    """D-6 at five (and at six with the dealer sitting out, F-1): the three others pay 1 each, the first tied
    seat takes 2, the other 1; the dealer who sits out settles 0."""
    five = parse_rules("wi5-called-ace; leasterTie=split")
    assert settle_leaster(five, 5, 0, second=2).units == (2, -1, 1, -1, -1)
    six = parse_rules("wi6-sit-out; leasterTie=split")
    assert settle_leaster(six, 6, 1, second=4, out=0).units == (0, 2, -1, -1, 1, -1)


def test_the_same_hand_at_three_seats_under_split_is_refused_where_it_was_paid_zero_and_one(tmp_path: Path):
    f = tmp_path / "y3.shn"
    f.write_text('%SHN 1.0\n[Session "y3"]\n[Seats "Al; Bea; Cy"]\n[Rules "wi3; leasterTie=split"]\n\n'
                 "hand 1  dealer Cy\nleaster Al\nscore Al 0 Bea +1 Cy -1\n")
    r = runner.invoke(app, ["ingest", str(f), "--db", str(tmp_path / "x.duckdb")])
    assert "0 stored" in r.output and "E-RULES-VALUE" in r.output and "leasterTie=split with wi3" in r.output


def test_pts_that_fit_a_no_tricker_and_a_plain_loss_say_so():
    """wi4-cutthroat: the picker buries four cards (up to 44 card points), so a picker side with 31 may have
    taken no trick (B-29) or some: lose and lose-z pay differently; 45 cannot be held without a trick."""
    code, _, _, msg = refused("wi4-cutthroat", FOUR, "hand 1  dealer Di\npick Bea  pts 31")
    assert code == "E-RESULT-UNKNOWN"
    assert "pts 31 fits lose and lose-z" in msg and "expected tricks N, the outcome, or a score" in msg, msg
    # 45: a plain loss, 3 defenders x 1 unit x 2 (the picker alone in cutthroat pays double, B-31): Bea -6
    assert units("wi4-cutthroat", FOUR, "hand 1  dealer Di\npick Bea  pts 45") == \
        {"Al": 2, "Bea": -6, "Cy": 2, "Di": 2}
    code, _, _, msg = refused("wi6-jd-ace", SIX, "hand 1  dealer Flo\npick Al  call AH  partner Cy  pts 70  win")
    assert code == "E-RESULT-UNKNOWN" and "the second partner is unknown" in msg and "may have a second" in msg


def test_the_sheet_shows_the_capped_marks_factor_it_settled_with(tmp_path: Path):
    """house17 F4.  ``markFactorCap=2``: Cy cracks, Bea re-cracks (rules.md E-1: 2 x 2 = 4), capped at 2: a
    plain win at 70 pays 1 x 2 = 2 a defender, Bea +4, Di +2, Al Cy Ed -2 (B-31).  The sheet printed the marks
    ×4 beside amounts at ×2."""
    from ingest.sheet import session_sheet  # noqa: PLC0415
    from ingest.store import reading  # noqa: PLC0415

    f = tmp_path / "p25.shn"
    f.write_text('%SHN 1.0\n[Session "p25"]\n[Seats "Al; Bea; Cy; Di; Ed"]\n[Rules "wi5-called-ace; markFactorCap=2"]'
                 "\n\nhand 1  dealer Ed\npick Bea  call AH  partner Di  crack Cy  recrack Bea  pts 70  win\n")
    db = tmp_path / "x.duckdb"
    assert runner.invoke(app, ["ingest", str(f), "--db", str(db)]).exit_code == 0
    with reading(db) as con:
        row = session_sheet(con, "p25").rows[0]
    assert row.units == {"Al": -2, "Bea": 4, "Cy": -2, "Di": 2, "Ed": -2}
    assert row.marks == "crack Cy, recrack Bea ×2, at the cap"


def test_a_partner_off_the_hook_pays_nothing_into_the_pot_either():
    """house17 F5.  ``wi5-pot; partnerOffHookNoTrick=on``: two leasters put 5 each into the pot (D-19: one unit
    a player; the winner +4 - 1 = +3, the others -1 - 1 = -2).  Hand 3, Cy with Ed takes no trick: B-34 with double
    on the bump, Cy -18, Ed 0, each defender +6; the losing side pays the pot's worth, 10, and "the partner pays
    nothing and the picker pays the whole amount" (B-34): Cy -28, Ed 0, the pot +10 (was Cy -26, Ed -2)."""
    res = check("wi5-pot; partnerOffHookNoTrick=on", "Al; Bea; Cy; Di; Ed",
                "hand 1  dealer Ed\nleaster Al\n\nhand 2  dealer Al\nleaster Bea\n\n"
                "hand 3  dealer Bea\npick Cy  call AH  partner Ed  tricks 0  lose-z")
    assert not res.rejected, res.rejected
    third = res.hands[2].outcome
    assert dict(third.units) == {"Al": 6, "Bea": 6, "Cy": -28, "Di": 6, "Ed": 0} and third.pot == 10
    # without the variant the partner pays his share: B-33 with DOB, Cy -8 x ... -> Cy -12 - 8, Ed -6 - 2
    res = check("wi5-pot", "Al; Bea; Cy; Di; Ed", "hand 1  dealer Ed\nleaster Al\n\nhand 2  dealer Al\nleaster Bea\n\n"
                "hand 3  dealer Bea\npick Cy  call AH  partner Ed  tricks 0  lose-z")
    third = res.hands[2].outcome
    assert dict(third.units) == {"Al": 6, "Bea": 6, "Cy": -20, "Di": 6, "Ed": -8} and third.pot == 10


def test_a_black_queens_hand_without_its_head_says_to_write_the_pick():
    """house17 F6: the message offered a leaster or a doubler, which a game without a blind has not."""
    code, line, col, msg = refused("wi4-black-queens", FOUR, "hand 1  dealer Di\npts 70  win")
    assert (code, line, col) == ("E-HAND-KIND", 6, 1)  # the hand line
    assert "wi4-black-queens has no blind" in msg and "is written pick S" in msg and "leaster" not in msg
    assert msg.endswith("/ expected pick S or misdeal")


def test_the_sheet_marks_any_seat_name_and_no_tag_text(tmp_path: Path):
    """break17 F0, F0b.  Özil cracks, Bea re-cracks: 2 x 2 = 4 a defender (E-1), Bea with Di at 70 a plain win:
    Bea +8, Di +4, Al Özil Ed -4 (B-31); the sheet dropped Özil's crack (x2 beside amounts at x4).  A hand's own
    tag whose text says "crack Cy" is no mark: Bea +2, Di +1, the others -1, no marks shown (it showed "crack Cy
    x1, at the cap" in a profile with no cap)."""
    from ingest.sheet import session_sheet  # noqa: PLC0415
    from ingest.store import reading  # noqa: PLC0415

    f = tmp_path / "c8.shn"
    f.write_text('%SHN 1.0\n[Session "c8"]\n[Seats "Al; Bea; Özil; Di; Ed"]\n[Rules "wi5-called-ace"]\n\n'
                 "hand 1  dealer Ed\npick Bea  call AH  partner Di  crack Özil  recrack Bea  pts 70  win\n\n"
                 'hand 2  dealer Al\n[Remark "crack Özil was called off"]\npick Bea  call AH  partner Di  pts 70  win\n')
    db = tmp_path / "x.duckdb"
    assert runner.invoke(app, ["ingest", str(f), "--db", str(db)]).exit_code == 0
    with reading(db) as con:
        rows = session_sheet(con, "c8").rows
    assert rows[0].units == {"Al": -4, "Bea": 8, "Özil": -4, "Di": 4, "Ed": -4}
    assert rows[0].marks == "crack Özil, recrack Bea ×4"
    assert rows[1].units == {"Al": -1, "Bea": 2, "Özil": -1, "Di": 1, "Ed": -1} and rows[1].marks == ""


def test_the_sheet_shows_a_nuclear_dealers_factor(tmp_path: Path):
    """house17 F4, break17 F20: a dealer who goes nuclear plays alone at x2 (nuclearDealer, docs/profiles.md):
    Di alone at 61, a plain win, 1 x 2 = 2 from each of six defenders: Di +12, the others -2.  The sheet showed
    stake 1 and no mark beside it."""
    from ingest.sheet import session_sheet  # noqa: PLC0415
    from ingest.store import reading  # noqa: PLC0415

    f = tmp_path / "n.shn"
    f.write_text('%SHN 1.0\n[Session "n"]\n[Seats "Al; Bea; Cy; Di; Ed; Flo; Gus"]\n'
                 '[Rules "wi7-die-roll; nuclearDealer=on"]\n\nhand 1  dealer Di\npick Di  pts 61  win\n')
    db = tmp_path / "x.duckdb"
    r = runner.invoke(app, ["ingest", str(f), "--db", str(db)])
    assert r.exit_code == 0, r.output
    with reading(db) as con:
        row = session_sheet(con, "n").rows[0]
    assert row.units == {"Al": -2, "Bea": -2, "Cy": -2, "Di": 12, "Ed": -2, "Flo": -2, "Gus": -2}
    assert row.marks == "nuclear ×2"
