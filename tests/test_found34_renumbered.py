"""corr34 F1: a night's file fixed by deleting a hand and renumbering the rest.

The stored night (``wi5-called-ace``; seats Al, Bo, Cy, Di, Ed) was sent as written: hands 1-14, its hand 4 a
doubler the rules refuse (E-NOPICK), its hand 7 hand 6 typed twice, its hand 14 another night's.  The scorer's fix
deletes hand 7 and renumbers 8-13 down to 7-12 (and drops hand 14): the file's hands 7-12 are the stored hands 8-13.
Sent again it was E-HAND-CONFLICT with the advice to amend; amending rewrote the stored hands 7-12 with the next
ones, left 13 and 14 in force, and the night counted its hand 13 twice (as 12 and 13) and hand 14 besides.

By hand (rules.md B-27 61 wins / 60 loses; B-28 91+ schneider; B-31/B-33 picker 2 shares, partner 1, each defender
1, alone 4; B-32 double on the bump, losing rows doubled):

* h1 Di+Cy 67 won: Di +2, Cy +1, Al Bo Ed -1.        * h2 Ed+Di 50 lost: Ed -4, Di -2, Al Bo Cy +2.
* h3 Al+Bo 85 won: Al +2, Bo +1, Cy Di Ed -1.        * h5 Bo+Di 59 lost: Bo -4, Di -2, Al Cy Ed +2.
* h6 Bo+Al 75 won: Bo +2, Al +1, Cy Di Ed -1.        * (h7 = h6 again: Bo +2, Al +1, Cy Di Ed -1)
* h8 Cy+Ed 33 lost: Cy -4, Ed -2, Al Bo Di +2.       * h9 Al alone 99 schneider: Al +8, the others -2.
* h10 Ed+Bo 62 won: Ed +2, Bo +1, Al Cy Di -1.       * h11 Di+Al 58 lost: Di -4, Al -2, Bo Cy Ed +2.
* h12 Bo+Di 90 won: Bo +2, Di +1, Al Cy Ed -1.       * h13 Cy+Al 71 won: Cy +2, Al +1, Bo Di Ed -1.
* (h14, another night's: Cy+Ed 64 won: Cy +2, Ed +1, Al Bo Di -1)

The true night (1-3, 5, 6, 8-13): Al -1+2+2+2+1+2+8-1-2-1+1 = +13, Bo -1+2+1-4+2+2-2+1+2+2-1 = +4,
Cy 1+2-1+2-1-4-2-1+2-1+2 = -1, Di 2-2-1-2-1+2-2-1-4+1-1 = -9, Ed -1-4-1+2-1-2-2+2+2-1-1 = -7 (sum 0).
As stored (with h7 and h14): Al 13+1-1 = 13, Bo 4+2-1 = 5, Cy -1-1+2 = 0, Di -9-1-1 = -11, Ed -7-1+1 = -7 (sum 0).
"""

from __future__ import annotations

import re

from tests.cli_helpers import cli, ledger, write

HEAD = """%SHN 1.0
[Event "Friday Sheep Club"]
[Date "2026.11.20"]
[Seats "Al=Al Berg; Bo=Bo Dahl; Cy=Cy Voss; Di=Di Marsh; Ed=Ed Funk"]
[Rules "wi5-called-ace"]

hand 1  dealer Al  pick Di  call AC  partner Cy  pts 67  win
hand 2  dealer Bo  pick Ed  call AS  partner Di  pts 50  lose
hand 3  dealer Cy  pick Al  call AH  partner Bo  pts 85  win
"""
H5_6 = """hand 5  dealer Ed
deal Al  QS JD 9C 7S TH 8H
deal Bo  QC JC AD TD KC 9S
deal Cy  QH JH 8D AC 8C KH
deal Di  QD KD 7D AH 7C TS
deal Ed  JS 9D TC KS 8S 9H
blind AS 7H
pick Bo  bury AS KC  call AH
partner Di  pts 59  lose
hand 6  dealer Al  pick Bo  call AC  partner Al  pts 75  win
"""
LATER = [  # the true hands after 6, as (dealer, the rest of the line)
    "dealer Bo  pick Cy  call AS  partner Ed  pts 33  lose",
    "dealer Cy  pick Al  alone  pts 99  win-s",
    "dealer Di  pick Ed  call AH  partner Bo  pts 62  win",
    "dealer Ed  pick Di  call AC  partner Al  pts 58  lose",
    "dealer Al  pick Bo  call AH  partner Di  pts 90  win",
    "dealer Bo  pick Cy  call AC  partner Al  pts 71  win",
]
STORED = (HEAD + "hand 4  dealer Di  doubler\n" + H5_6 + "hand 7  dealer Al  pick Bo  call AC  partner Al  pts 75  win\n"
          + "".join(f"hand {n}  {t}\n" for n, t in enumerate(LATER, 8))
          + "hand 14  dealer Bo  pick Cy  call AH  partner Ed  pts 64  win\n")
EDITED = HEAD + H5_6 + "".join(f"hand {n}  {t}\n" for n, t in enumerate(LATER, 7))  # hand 7 deleted, 8-13 -> 7-12
NIGHT = "Friday Sheep Club / 2026.11.20"
AS_STORED = {"Al Berg": 13, "Bo Dahl": 5, "Cy Voss": 0, "Di Marsh": -11, "Ed Funk": -7}
RIGHT = {"Al Berg": 13, "Bo Dahl": 4, "Cy Voss": -1, "Di Marsh": -9, "Ed Funk": -7}


def _stored(tmp_path):
    db = tmp_path / "n.duckdb"
    r = cli("ingest", write(tmp_path, "night3.shn", STORED), "--db", str(db), ok=False)
    assert "13 stored" in r.output and "E-NOPICK (hand 4)" in r.output, r.output
    assert ledger(db) == AS_STORED and sum(AS_STORED.values()) == 0
    return db


def test_the_renumbered_file_says_which_stored_hand_each_conflict_is_and_to_void_instead(tmp_path):
    db = _stored(tmp_path)
    edited = write(tmp_path, "night3_no7.shn", EDITED)
    r = cli("ingest", edited, "--db", str(db), ok=False)
    assert r.exit_code == 1, r.output
    out = " ".join(r.output.split())
    for n in range(7, 13):
        assert (f"E-HAND-CONFLICT (hand {n}): hand {n} of session '{NIGHT}' is already stored") in out, out
        assert f"this copy's hand {n} is the stored hand {n + 1} (" in out, out
    assert "a hand removed and the rest renumbered?" in out
    assert f"shead void '{NIGHT}#7' --reason 'typed twice' --db {db}" in out  # pasted as it is, it works here
    assert "stored hand 14 is not in this file" in out
    # the advice to amend is not given for a renumbered hand: amending would write hand 8 over hand 7, and so on
    conflicts = [ln for ln in re.split(r"(?=\S+:\d+:\d+: )", out) if "E-HAND-CONFLICT (hand 9)" in ln]
    assert conflicts and "--amend" not in conflicts[0], conflicts
    assert ledger(db) == AS_STORED


def test_amend_with_the_renumbered_file_is_refused_and_the_void_it_names_gives_the_true_night(tmp_path):
    db = _stored(tmp_path)
    edited = write(tmp_path, "night3_no7.shn", EDITED)
    r = cli("ingest", "--amend", edited, "--db", str(db), ok=False)
    assert r.exit_code == 1, r.output
    out = " ".join(r.output.split())
    assert "E-AMEND-SHIFTED" in out, out
    assert f"hand 7 of session '{NIGHT}' is the stored hand 8" in out
    assert "hands 12 and 13 would be the same hand" in out, out
    assert "nothing changed" in out
    assert ledger(db) == AS_STORED  # nothing changed
    # the steps it names: the duplicate hand 7 voided; hand 14, another night's, voided
    assert f"shead void '{NIGHT}#7' --reason" in out
    cli("void", f"{NIGHT}#7", "--reason", "hand 6 typed twice", "--db", str(db))
    cli("void", f"{NIGHT}#14", "--reason", "the 11-13 night's hand", "--db", str(db))
    assert ledger(db) == RIGHT and sum(RIGHT.values()) == 0


def test_amend_covering_the_night_says_the_stored_hands_it_leaves_in_force(tmp_path):
    db = _stored(tmp_path)
    # the night as stored (hand 7 still there), hand 12's points corrected (90 -> 88: still a plain win, nothing
    # moves), hands 13 and 14 left out of the file
    text = STORED.split("hand 13  ")[0].replace("pts 90  win", "pts 88  win").replace("hand 4  dealer Di  doubler\n", "")
    fix = write(tmp_path, "fix.shn", text)
    r = cli("ingest", "--amend", fix, "--db", str(db))
    out = " ".join(r.output.split())
    assert f"{NIGHT}#12 (hand id" in out and "revision 2 in force" in out, out
    assert (f"warning W-AMEND-LEFT: the stored hands 13-14 of session '{NIGHT}' are not in this file and stay "
            "in force") in out, out
    assert f"shead void '{NIGHT}#13' --reason" in out
    assert ledger(db) == AS_STORED


def test_amend_that_makes_a_hand_the_next_one_again_says_so(tmp_path):
    db = _stored(tmp_path)
    # hand 12 amended alone to the stored hand 13's text: two hands alike, and hand 13 now out of the rotation
    text = HEAD.split("hand 1 ")[0] + "hand 12  " + LATER[5] + "\n"
    fix = write(tmp_path, "h12.shn", text)
    r = cli("ingest", "--amend", fix, "--db", str(db))
    out = " ".join(r.output.split())
    assert "revision 2 in force" in out, out
    assert f"warning W-AMEND-DUPLICATE: hand 12 of session '{NIGHT}' now holds the same facts as its stored hand 13" \
        in out, out
    # the stored hand 13 (dealer Bo) now follows a hand 12 dealt by Bo: out of the rotation (rules.md B-1), as the
    # night's first ingest said of its hand 7
    assert (f"warning W-SESSION-DEALER: hand 13 of session '{NIGHT}' (hand id 12), stored before, now that the "
            "amendment changes the hands before it: dealer Bo, but hand 12's dealer was Bo") in out, out
    # h12 now Cy+Al 71 won in place of Bo+Di 90 won: Al 13+1+1 = 15, Bo 5-2-1 = 2, Cy 0+2+1 = 3, Di -11-1-1 = -13,
    # Ed -7 (sum 0)
    assert ledger(db) == {"Al Berg": 15, "Bo Dahl": 2, "Cy Voss": 3, "Di Marsh": -13, "Ed Funk": -7}
