"""W-SESSION-DEALER: hand N+1 names a dealer who is not the seat on the left
of hand N's dealer (rules.md B-1: the deal rotates clockwise after every
hand; G-2: forehand, on the dealer's left, leads).  Tables do misdeal turns,
so the hand is valid and kept as written; a warning at the dealer (or at
trick 1's leader, which names the dealer) says so.

Units by hand (rules.md B, wi5-called-ace, as notation.md §3's hands 15 and
16): a called-ace win without schneider: picker +2, partner +1, each
defender -1; an alone win with schneider: each defender pays 2, the picker
takes 4 × 2 = +8.
"""

from __future__ import annotations

from typer.testing import CliRunner

from ingest import store as st
from ingest.cli import app
from ingest.validate import validate_text

HEAD = """%SHN 1.0
[Event "Thursday Night Sheepshead"]
[Date "2025.03.06"]
[Seats "Al=Allen Braun; Bea=Bea Schmidt; Cy=Cy Ott; Di=Di Lenz; Ed=Ed Kahl"]
[Rules "wi5-called-ace"]

"""

H1 = "hand 1  dealer Al\npick Cy  call AS  partner Ed  pts 72  win\n\n"
# notation.md §3's hand 14: Al leads trick 1, so Ed dealt it
H14 = """deal Al  QS JD 9C 7S TH 8H
deal Bea QC JC AD TD KC 9S
deal Cy  QH JH 8D AC 8C KH
deal Di  QD KD 7D AH 7C TS
deal Ed  JS 9D TC KS 8S 9H
blind AS 7H
pick Bea
bury AS KC
call AH
t1 Al:  9C TD 8C 7C TC
t2 Bea: QC 8D KD 9D JD
t3 Bea: 7H KH AH 9H 8H
t4 Di:  QD JS QS JC QH
t5 Al:  TH AD JH 7D KS
t6 Cy:  AC TS 8S 7S 9S
partner Di  pts 59  tricks 3  lose
"""


def _check(text: str):
    res = validate_text(text, "night.shn")
    errs = [str(e) for r in res.rejected for e in r.errors] + [str(e) for e in res.errors]
    assert errs == [], errs
    return res.hands


def _dealer_warnings(hands):
    return [(h.outcome.hand, d.line, d.col, d.found, d.expected) for h in hands for d in h.diagnostics
            if d.code == "W-SESSION-DEALER"]


def test_dealer_out_of_rotation_is_warned_and_kept():
    # hand 1 dealt by Al, so Bea deals hand 2; the record says Cy
    hands = _check(HEAD + H1 + "hand 2  dealer Cy\npick Di  alone  pts 93  win-s\n\nhand 3  dealer Di\n"
                   "pick Ed  call AS  partner Al  pts 72  win\n")
    assert _dealer_warnings(hands) == [(2, 10, 16, "Cy", "Bea")]  # hand 3 (Di, on Cy's left) follows Cy: no warning
    w = [d for d in hands[1].diagnostics if d.code == "W-SESSION-DEALER"][0]
    assert w.severity == "warning" and "rules.md B-1" in w.message and "hand 1's dealer was Al (as written, or by the rotation)" in w.message
    # kept as written: the alone win-s is Di +8, each other seat -2; hand 3 Ed +2, Al +1, the others -1
    assert [h.outcome.units for h in hands] == [
        {"Al": -1, "Bea": -1, "Cy": 2, "Di": -1, "Ed": 1},
        {"Al": -2, "Bea": -2, "Cy": -2, "Di": 8, "Ed": -2},
        {"Al": 1, "Bea": -1, "Cy": -1, "Di": -1, "Ed": 2}]
    assert [h.outcome.dealer for h in hands] == ["Al", "Cy", "Di"]


def test_dealers_in_rotation_give_no_warning():
    hands = _check(HEAD + H1 + "hand 2  dealer Bea\npick Di  alone  pts 93  win-s\n\nhand 3  dealer Cy\n"
                   "pick Ed  call AS  partner Al  pts 72  win\n\nhand 4  dealer Di\nleaster Al  pts 7\n\n"
                   "hand 5  dealer Ed\nleaster Bea  pts 5\n\nhand 6  dealer Al\nleaster Cy  pts 9\n")
    assert _dealer_warnings(hands) == []


def test_trick_one_leader_names_the_dealer():
    # hand 1 dealt by Al, so Bea deals hand 2 and Cy leads; Al leads trick 1, so Ed dealt: warned at t1's leader
    text = HEAD + H1 + "hand 2\n" + H14
    hands = _check(text)
    line = text.split("\n").index("t1 Al:  9C TD 8C 7C TC") + 1
    assert _dealer_warnings(hands) == [(2, line, 4, "Ed", "Bea")]
    # hand 14's result (notation.md §3: Bea -4, Di -2, Al/Cy/Ed +2 with double on the bump) is kept
    assert hands[1].outcome.units == {"Al": 2, "Bea": -4, "Cy": 2, "Di": -2, "Ed": 2}


def test_a_misdeal_may_be_redealt_by_its_dealer():
    base = HEAD + H1 + "hand 2  dealer Bea\nmisdeal\n\nhand 3  dealer {}\npick Di  alone  pts 93  win-s\n"
    assert _dealer_warnings(_check(base.format("Bea"))) == []  # the same dealer deals the void deal again
    assert _dealer_warnings(_check(base.format("Cy"))) == []  # or the deal passes on
    # verify30 F6: the misdeal's dealer deals again (rules.md B-4): expected Bea, said so
    assert _dealer_warnings(_check(base.format("Di"))) == [(3, 13, 16, "Di", "Bea")]


def test_no_check_across_a_gap_or_an_unknown_dealer():
    # hand 2 missing: hand 3's dealer is not compared with hand 1's
    assert _dealer_warnings(_check(HEAD + H1 + "hand 3  dealer Di\npick Ed  call AS  partner Al  pts 72  win\n")) == []
    # hand 3 after a gap has no dealer (none written, no tricks): hand 4's dealer has nothing to follow
    hands = _check(HEAD + H1 + "hand 3\npick Ed  call AS  partner Al  pts 72  win\n\n"
                   "hand 4  dealer Ed\npick Bea  call AS  partner Al  pts 72  win\n")
    assert hands[1].outcome.dealer is None and _dealer_warnings(hands) == []


def test_schafkopf_score_sheet_out_of_rotation():
    # four seats (rules.md G-2): Di dealt hand 1, Al hand 2, so Bea deals hand 3; the record says Cy
    text = """%SHN 1.0
[Event "Stammtisch Au"]
[Seats "Al=Alois; Bea=Beate; Cy=Cyrill; Di=Dora"]
[Rules "schafkopf-bsv"]
[Cards "de"]

hand 1  dealer Di
game Bea sauspiel SA  partner Cy  laufende 3 with  pts 84  tricks 5  win

hand 2  dealer Al
ramsch
score Al -80 Bea +20 Cy +40 Di +20

hand 3  dealer Cy
game Cy wenz  laufende 0  pts 95
"""
    hands = _check(text)
    assert _dealer_warnings(hands) == [(3, 14, 16, "Cy", "Bea")]
    # hand 3 kept: a Wenz 50 + schneider 10 = 60 (rules.md G-14, G-16), won alone: Cy +180, each other seat -60
    assert hands[2].outcome.units == {"Al": -60, "Bea": -60, "Cy": 180, "Di": -60}


def test_ingest_prints_the_warning_across_files(tmp_path):
    # the stored session's last dealer (Al, hand 1) is carried to the next file's hand 2
    db = tmp_path / "d.duckdb"
    a, b = tmp_path / "a.shn", tmp_path / "b.shn"
    a.write_text(HEAD + H1, encoding="utf-8")
    b.write_text(HEAD + "hand 2  dealer Cy\npick Di  alone  pts 93  win-s\n", encoding="utf-8")
    runner = CliRunner()
    assert runner.invoke(app, ["ingest", str(a), "--db", str(db)]).exit_code == 0
    res = runner.invoke(app, ["ingest", str(b), "--db", str(db)])
    assert res.exit_code == 0, res.output
    assert f"{b}:7:16: warning W-SESSION-DEALER (hand 2)" in res.output
    assert "1 stored" in res.output


def test_a_late_earlier_hand_says_the_warning_it_brings_to_a_stored_hand(tmp_path):
    """Hand 2 (dealer Cy) is stored first: no hand before it, no rotation to check.  Hand 1 (dealer Al)
    arrives later: by the rotation (rules.md B-1) Bea, on Al's left, deals hand 2, so hand 2 now has
    W-SESSION-DEALER.  The ingest of hand 1 says so, naming hand 2 (a tester found it stored without a word);
    hand 2's units do not change (Di alone, 93, schneider: Di +8, each other -2) and ingesting the file again
    says nothing new."""
    db = tmp_path / "d.duckdb"
    a, b = tmp_path / "a.shn", tmp_path / "b.shn"
    a.write_text(HEAD + "hand 2  dealer Cy\npick Di  alone  pts 93  win-s\n", encoding="utf-8")
    b.write_text(HEAD + H1, encoding="utf-8")
    runner = CliRunner()
    res = runner.invoke(app, ["ingest", str(a), "--db", str(db)])
    assert res.exit_code == 0 and "W-SESSION-DEALER" not in res.output, res.output
    res = runner.invoke(app, ["ingest", str(b), "--db", str(db)])
    assert res.exit_code == 0, res.output
    out = " ".join(res.output.split())
    assert (f"{b}:1:1: warning W-SESSION-DEALER: hand 2 of session 'Thursday Night Sheepshead / 2025.03.06' "
            f"(hand id 1), stored before, now that {b} adds hands before it: dealer Cy, but hand 1's dealer "
            "was Al") in out, out
    with st.reading(db) as con:
        units = dict(con.execute("SELECT u.seat, u.units FROM hand_units u JOIN hands h USING (hand_id) "
                                 "WHERE h.hand = 2").fetchall())
        warnings = con.execute("SELECT warnings FROM hands WHERE hand = 2").fetchone()[0]
    assert units == {"Al": -2, "Bea": -2, "Cy": -2, "Di": 8, "Ed": -2}
    assert "W-SESSION-DEALER" in warnings
    res = runner.invoke(app, ["ingest", str(b), str(a), "--db", str(db)])
    assert res.exit_code == 0 and "W-SESSION-DEALER" not in res.output and "2 duplicates" in res.output
