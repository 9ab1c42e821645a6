"""league33 findings (session 33, fixa33): a substitute written on one hand only, leaster winners, hand counts.

Records are the tester's (/tmp/league33/n7.shn, n5.shn), copied inline.
"""

from __future__ import annotations

import re

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


# -- league33 F3: who won the leasters -------------------------------------------------------------------------------

#: Three nights.  A (wi5-called-ace, leasterTie=wash by default): h1 leaster Al, h2 a tie (leaster -), h3 a pick,
#: h4 leaster Bea.  B (wi6-sit-out, dealer Fay sits out, rules.md F-1): h1 leaster Cy.  C (leasterTie=split):
#: h1 Al and Bea tied, Al first from the dealer's left: Al 2 shares, Bea 1 (rules.md D-6, docs/profiles.md).
LEASTERS = ('%SHN 1.0\n[Event "Legion League"]\n[Date "2026.10.01"]\n[Table "1"]\n[Seats "Al; Bea; Cy; Di; Ed"]\n'
            '[Rules "wi5-called-ace"]\n\n'
            'hand 1  dealer Ed\nleaster Al  pts 14\n'
            'hand 2\nleaster -\n'
            'hand 3\npick Bea  call AS  partner Cy  pts 70  win\n'
            'hand 4\nleaster Bea  pts 20\n'
            '[Session "b"]\n[Event "Legion League"]\n[Date "2026.10.08"]\n[Table "1"]\n'
            '[Seats "Al; Bea; Cy; Di; Ed; Fay"]\n[Rules "wi6-sit-out"]\n\n'
            'hand 1  dealer Fay\nleaster Cy  pts 10\n'
            '[Session "c"]\n[Event "Legion League"]\n[Date "2026.10.15"]\n[Table "1"]\n[Seats "Al; Bea; Cy; Di; Ed"]\n'
            '[Rules "wi5-called-ace; leasterTie=split"]\n\n'
            'hand 1  dealer Ed\nleaster Al  pts 10\nscore Al +2 Bea +1 Cy -1 Di -1 Ed -1\n')


def _leaster_db(tmp_path):
    from tests.cli_helpers import ingest_json, write

    db = tmp_path / "l.duckdb"
    rep = ingest_json(write(tmp_path, "l.shn", LEASTERS), db)
    assert (rep["ingested"], rep["rejected"]) == (6, [])
    return db


def test_leaster_winners_per_player_and_the_ties(tmp_path):
    """Per player over the leasters (rules.md D-4: the winner +4, each other -1; D-6 wash: 0 each; split +2 +1
    -1 -1 -1; F-1: Fay deals night B and sits out, no leaster of hers):
      played: Al..Ed 3 (A) + 1 (B) + 1 (C) = 5 each; Fay none.
      won (a tie is nobody's win): Al 1 (A h1), Bea 1 (A h4), Cy 1 (B h1); Di, Ed 0.
      units: Al +4 0 -1 | -1 | +2 = +4; Bea -1 0 +4 | -1 | +1 = +3; Cy -1 0 -1 | +4 | -1 = +1;
             Di -1 0 -1 | -1 | -1 = -4; Ed the same, -4.  Sum 0.
    Ties: A h2 (wash: no units change hands), C h1 (split: Al 2 shares, Bea 1)."""
    import duckdb

    from dashboard import metrics

    db = _leaster_db(tmp_path)
    with duckdb.connect(str(db), read_only=True) as con:
        w = metrics.leaster_winners(con, metrics.Filters())
        ties = metrics.leaster_ties(con, metrics.Filters())
        only_al = metrics.leaster_winners(con, metrics.Filters(players=("Al",)))
    got = {r["player"]: (r["leasters"], r["won"], r["units"]) for r in w.to_dicts()}
    assert got == {"Al": (5, 1, 4), "Bea": (5, 1, 3), "Cy": (5, 1, 1), "Di": (5, 0, -4), "Ed": (5, 0, -4)}
    assert sum(u for _, _, u in got.values()) == 0
    assert w["player"].to_list()[:3] == ["Al", "Bea", "Cy"]  # most won, then units
    assert [(r["date"].isoformat(), r["hand"], r["tie_rule"], r["shares"]) for r in ties.to_dicts()] == [
        ("2026-10-01", 2, "wash", None), ("2026-10-15", 1, "split", "Al 2 shares, Bea 1")]
    assert only_al.to_dicts() == [{"player": "Al", "leasters": 5, "won": 1, "units": 4}]


def test_player_record_by_role_has_a_leaster_row(tmp_path):
    """The Player page's "Record by role": a leaster row for Al (5 played, 1 won, +4 units, +0.80 a hand); the
    group's: 25 seat-leasters (5 leasters x 5 seats playing), 3 won = 12%, units 0."""
    import duckdb

    from dashboard import metrics, player_metrics

    db = _leaster_db(tmp_path)
    with duckdb.connect(str(db), read_only=True) as con:
        rec = player_metrics.leaster_record(con, metrics.Filters(), "Al")
    mine, grp = rec.row(0, named=True), rec.row(1, named=True)
    assert (mine["who"], mine["hands"], mine["wins"], mine["units"]) == ("player", 5, 1, 4)
    assert mine["win_rate"] == 0.2 and mine["units_per_hand"] == 0.8
    assert (grp["who"], grp["hands"], grp["wins"], grp["units"]) == ("group", 25, 3, 0)
    assert grp["win_rate"] == 0.12


def test_player_page_and_picking_page_show_the_leaster_winners(tmp_path, monkeypatch):
    from tests.test_found22 import _page

    db = _leaster_db(tmp_path)
    at = _page("player.py", db, monkeypatch, who="Al")
    table = next(d.value for d in at.dataframe if "role" in d.value.columns)
    row = table[table["role"] == "leaster"].iloc[0]
    assert (row["hands"], row["wins"]) == (5, 1) and abs(row["units_per_hand"] - 0.8) < 1e-9
    assert any("leaster" in m.value and "1 won" in m.value for m in at.markdown)
    at = _page("picking.py", db, monkeypatch)
    board = next(d.value for d in at.dataframe if "won" in d.value.columns and "leasters" in d.value.columns)
    assert board["player"].tolist()[:3] == ["Al", "Bea", "Cy"] and board["won"].tolist() == [1, 1, 1, 0, 0]
    said = " ".join(c.value for c in at.caption) + " ".join(m.value for m in at.markdown)
    said = re.sub(r"\]\([^)]*\)", "", said.replace("[", ""))  # the links' text only
    assert "2 ties: 2026-10-01 hand 2: a tie, washed (leasterTie=wash: no units change hands, rules.md D-6)" in said
    assert "2026-10-15 hand 1: a tie, split (leasterTie=split: Al 2 shares, Bea 1, rules.md D-6)" in said


# -- league33 F4: hands at the table and hands played ----------------------------------------------------------------

def test_sat_out_hands_are_counted_and_said_on_the_ledger_and_player_pages(tmp_path, monkeypatch):
    """Night B of LEASTERS: one wi6-sit-out hand dealt by Fay, who sits it out (rules.md F-1: the dealer sits out,
    five play); night A and C: Fay absent.  Fay: 1 hand at the table, 0 played.  Al: 6 at the table (A 4, B 1, C 1),
    6 played.  The metric counts 1 for Fay; the Ledger's captions and the Player page's say why the numbers differ."""
    import duckdb

    from dashboard import metrics
    from tests.test_found22 import _page

    db = _leaster_db(tmp_path)
    with duckdb.connect(str(db), read_only=True) as con:
        out = metrics.sat_out_hands(con, metrics.Filters())
        lb = {r["player"]: r["hands"] for r in metrics.leaderboard(con, metrics.Filters()).to_dicts()}
    assert out.to_dicts() == [{"player": "Fay", "sat_out": 1}]
    assert lb["Fay"] == 0 and lb["Al"] == 6
    at = _page("ledger.py", db, monkeypatch)
    caps = " ".join(c.value for c in at.caption)
    assert "Fay 1" in caps and "wi6-sit-out" in caps and "rules.md F-1" in caps
    at = _page("player.py", db, monkeypatch, who="Fay")
    caps = " ".join(c.value for c in at.caption)
    assert "0 hands played" in caps and "1 hand Fay dealt at a wi6-sit-out table, where the dealer sits out" in caps
