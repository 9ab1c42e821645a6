"""league33 findings (session 33, fixa33): a substitute written on one hand only, leaster winners, hand counts.

Records are the tester's (/tmp/league33/n7.shn, n5.shn), copied inline.
"""

from __future__ import annotations

from ingest.validate import validate_text

HEAD = ('%SHN 1.0\n[Event "Legion League"]\n[Date "2026.11.12"]\n[Table "1"]\n'
        '[Seats "Hank=Hank Vogel; Ivy=Ivy Roth; Jo=Jo Brandt; Kurt=Kurt Lenz; Lou=Lou Maier"]\n'
        '[Rules "wi5-called-ace"]\n\n')
SUB_LOU = '[Seats "Hank=Hank Vogel; Ivy=Ivy Roth; Jo=Jo Brandt; Kurt=Kurt Lenz; Lou=Max Ebert"]\n'
SUB_MAX = '[Seats "Hank=Hank Vogel; Ivy=Ivy Roth; Jo=Jo Brandt; Kurt=Kurt Lenz; Max=Max Ebert"]\n'

# league33's n7.shn: line 8 'hand 1', 11 'hand 2', 14 'hand 3', 15 its [Seats], 16 the note, 17 its result,
# 19 'hand 4', 22 'hand 5'
N7 = (HEAD + "hand 1  dealer Hank\npick Ivy  call AC  partner Lou  pts 70  win\n\n"
      "hand 2\npick Jo  call AS  partner Hank  pts 50  lose\n\n"
      "hand 3\n" + SUB_LOU + "{Lou Maier went home; Max Ebert took his chair for the rest of the night}\n"
      "pick Kurt  call AH  partner Lou  pts 80  win\n\n"
      "hand 4\npick Lou  call AC  partner Ivy  pts 65  win\n\n"
      "hand 5\npick Hank  call AS  partner Lou  pts 40  lose\n")


def _by_name(res) -> dict[int, dict[str, int]]:
    """hand number -> player name -> units, of the accepted hands."""
    return {v.outcome.hand: {v.outcome.players[a]: u for a, u in v.outcome.units.items()} for v in res.hands}


def _warnings(res, code: str) -> list:
    return [d for v in res.hands for d in v.diagnostics if d.code == code]


def test_a_substitute_on_one_hand_only_is_said_at_the_next_hand():
    """league33 F1.  Hand 3's own [Seats] puts Max Ebert in seat Lou; by notation.md §3 "Session" (a tag after
    `hand N` overrides it for that hand alone) hands 4 and 5 are Lou Maier's again: that meaning is kept and
    nothing is refused, but hand 4 now says so (W-SEATS-BACK at its `hand` line, 19:1), naming the seat, both
    players and how to write it if Max stayed.

    Units as written (wi5-called-ace, B-33 five-handed, DOB on B-32; B-27 61+ wins):
      hand 3: Kurt picks, partner seat Lou = Max Ebert, 80 win: Kurt +2, Max +1, Hank Ivy Jo -1 each (sum 0)
      hand 4: Lou (Lou Maier again) picks, partner Ivy, 65 win: Lou Maier +2, Ivy +1, Hank Jo Kurt -1 (sum 0)
      hand 5: Hank picks, partner Lou, 40 lose (not schneidered: 40 > 30): DOB -4/-2/+2: Hank -4, Lou Maier -2,
              Ivy Jo Kurt +2 (sum 0)."""
    res = validate_text(N7, "n7.shn")
    assert not res.rejected
    units = _by_name(res)
    assert units[3] == {"Hank Vogel": -1, "Ivy Roth": -1, "Jo Brandt": -1, "Kurt Lenz": 2, "Max Ebert": 1}
    assert units[4] == {"Hank Vogel": -1, "Ivy Roth": 1, "Jo Brandt": -1, "Kurt Lenz": -1, "Lou Maier": 2}
    assert units[5] == {"Hank Vogel": -4, "Ivy Roth": 2, "Jo Brandt": 2, "Kurt Lenz": 2, "Lou Maier": -2}
    assert all(sum(u.values()) == 0 for u in units.values())
    (w,) = _warnings(res, "W-SEATS-BACK")
    assert (w.severity, w.line, w.col, w.hand) == ("warning", 19, 1, 4)
    m = w.message
    assert "seat Lou" in m and "Max Ebert" in m and "Lou Maier" in m and "hand 3" in m
    assert "hand 3 alone" in m and "write hand 3's [Seats] tag again" in m and "session's header" in m


def test_the_substitute_written_on_every_hand_he_sat_is_silent_and_scored_as_the_note_says():
    """The fix the warning names: hand 3's [Seats] repeated on hands 4 and 5.  No W-SEATS-BACK, and the note's
    reading: Max Ebert hand 3 +1 (partner, win), hand 4 +2 (picker, 65 win), hand 5 -2 (partner, 40 lose, DOB):
    +1 over 3 hands; Lou Maier hand 1 +1 (partner of Ivy, 70 win), hand 2 +2 (defender of a lost hand, DOB):
    +3 over 2 hands (B-33, B-32)."""
    text = N7.replace("hand 4\n", "hand 4\n" + SUB_LOU).replace("hand 5\n", "hand 5\n" + SUB_LOU)
    res = validate_text(text, "n7b.shn")
    assert not res.rejected and not _warnings(res, "W-SEATS-BACK")
    units = _by_name(res)
    max_units = [units[h].get("Max Ebert") for h in (1, 2, 3, 4, 5)]
    lou_units = [units[h].get("Lou Maier") for h in (1, 2, 3, 4, 5)]
    assert max_units == [None, None, 1, 2, -2] and sum(u for u in max_units if u) == 1
    assert lou_units == [1, 2, None, None, None] and sum(u for u in lou_units if u) == 3


def test_a_player_named_back_by_the_next_hands_own_seats_or_a_seat_swap_is_not_said():
    """Hand 4 writing its own [Seats] with Lou Maier back says it on purpose; hand 3 swapping two players' chairs
    (everyone still at the table) is no substitute: neither is said."""
    back = N7.replace("hand 4\n", "hand 4\n" + HEAD.splitlines()[4] + "\n")
    assert not _warnings(validate_text(back, "b.shn"), "W-SEATS-BACK")
    swap = N7.replace(SUB_LOU, '[Seats "Ivy=Ivy Roth; Hank=Hank Vogel; Jo=Jo Brandt; Kurt=Kurt Lenz; Lou=Lou Maier"]\n')
    res = validate_text(swap, "s.shn")
    assert not res.rejected and not _warnings(res, "W-SEATS-BACK")


def test_a_seat_only_an_earlier_hands_seats_defined_says_that_hand_alone():
    """league33 F2, n5.shn: hand 3's own [Seats] names seat Max; hands 4 and 5 write Max and are refused
    (E-SEAT, kept: the seat is not in the session's [Seats]), the message now saying that hand 3's [Seats]
    applied to hand 3 alone and how to write it.  'pick Max' on line 20: 'Max' at column 6."""
    text = (HEAD + "hand 1  dealer Hank\npick Ivy  call AC  partner Lou  pts 70  win\n\n"
            "hand 2\npick Jo  call AS  partner Hank  pts 50  lose\n\n"
            "hand 3\n" + SUB_MAX + "pick Kurt  call AH  partner Max  pts 80  win\n{Lou went home; Max took his chair}\n\n"
            "hand 4\npick Max  call AC  partner Ivy  pts 65  win\n\n"
            "hand 5\npick Hank  call AS  partner Max  pts 40  lose\n")
    res = validate_text(text, "n5.shn")
    assert sorted(v.outcome.hand for v in res.hands) == [1, 2, 3]
    e4, e5 = (r.errors[0] for r in res.rejected)
    assert (e4.code, e4.line, e4.col, e4.found) == ("E-SEAT", 20, 6, "Max")
    assert (e5.code, e5.line) == ("E-SEAT", 23)
    for e in (e4, e5):
        m = e.message
        assert "expected one of Hank, Ivy, Jo, Kurt, Lou" in m
        assert "hand 3's [Seats] (Max=Max Ebert) applied to hand 3 alone" in m
        assert f"write that [Seats] tag again after hand {e.hand}'s 'hand' line" in m


def test_a_sheets_substitute_for_one_row_is_written_in_its_cells_and_not_said(tmp_path):
    """A CSV sheet names each row's players in its own cells: Fay in Ed's place on row 4 alone is written so (the
    reader gives that hand its own [Seats]); W-SEATS-BACK is for SHN text only.  Units as written, each row 0-sum
    (B-33, DOB B-32): row 3 Al/Bea 75 win +2 +1 -1 -1 -1; row 4 Cy/Di 45 lose -4 -2, Al Bea Fay +2."""
    from tests.cli_helpers import ingest_json, ledger, write

    text = ("Thursday League - Nov 12 2026\nHand,Picker,Partner,Call,Points,Al,Bea,Cy,Di,Ed,Fay\n"
            "1,Al,Bea,AS,75,2,1,-1,-1,-1,\n2,Cy,Di,AH,45,2,2,-4,-2,,2\n3,Al,Bea,AS,75,2,1,-1,-1,-1,\n")
    db = tmp_path / "s.duckdb"
    rep = ingest_json(write(tmp_path, "sub.csv", text), db)
    assert rep["ingested"] == 3 and not rep["rejected"]
    assert not [w for w in rep["warnings"] if w["code"] == "W-SEATS-BACK"]
    assert ledger(db) == {"Al": 6, "Bea": 4, "Cy": -6, "Di": -4, "Ed": -2, "Fay": 2}
