"""Session 33 minor findings: table33 F4 (the everyone view of ``shead replay`` marks the J♦ partner known at
the trick the J♦ falls, from the same frames the --seat views and the JSON use), table33 F5 (a claimed hand keeps
its bury step and the Claim line gives the running totals), break33 F12's minor items.  Records: the testers'
jd.shn and wi5.shn hand 7 (copied here), and variants of them worked out below.
"""

from __future__ import annotations

import json

from tests.cli_helpers import cli, write

HEAD = """%SHN 1.0
[Event "{event}"]
[Date "2026.12.0{day}"]
[Seats "Al=Al Brandt; Bea=Bea Vogel; Cy=Cy Hahn; Di=Di Kraus; Ed=Ed Lutz"]
[Rules "{rules}"]

"""

# ---- table33 F4 -------------------------------------------------------------------------------------------------
# jd.shn (rules.md C-1: whoever holds the J♦ is the partner, no call).  Ed holds J♦ and plays it in trick 6, the
# second card of it (Di leads).  By hand (card points A 11, 10 10, K 4, Q 3, J 2; B-24):
#   t1 Al: AC 8C 7C 7D KC -> 7D the only trump, Di: 11+0+0+0+4 = 15 defenders
#   t2 Di: QH 9D 8D QC JS -> QC, Bea: 3+0+0+3+2 = 8 picker side (Bea + Ed)
#   t3 Bea: JC QS JH KD 7S -> QS, Cy: 2+3+2+4+0 = 11 -> defenders 26
#   t4 Cy: AS AH TH KS AD -> AD trump, Bea: 11+11+10+4+11 = 47 -> picker side 55
#   t5 Bea: 7H 8S KH 8H 9C -> KH, Di: 0+0+4+0+0 = 4 -> defenders 30
#   t6 Di: 9H JD TC QD TD -> QD, Bea: 0+2+10+3+10 = 25 -> picker side 80; bury TS 9S 10 -> 90 (B-24); 90+30 = 120
# The partner is known from Ed's J♦ in trick 6 (C-1): trick 6's line says "partner Ed known", no other line does.
JD = """hand 1  dealer Ed
deal Al  AC TC 9C KS 8D 7S
deal Bea QC QD JC AD 7H 8C
deal Cy  QS JS TD 7C AS 8S
deal Di  QH JH AH KH 9H 7D
deal Ed  JD KD 9D KC TH 8H
blind TS 9S
pick Bea  bury TS 9S
t1 Al:  AC 8C 7C 7D KC
t2 Di:  QH 9D 8D QC JS
t3 Bea: JC QS JH KD 7S
t4 Cy:  AS AH TH KS AD
t5 Bea: 7H 8S KH 8H 9C
t6 Di:  9H JD TC QD TD
partner Ed  pts 90  tricks 3  win
score Al -1 Bea +2 Cy -1 Di -1 Ed +1
"""

# The same deal with Cy's T♦ and Ed's J♦ swapped: Cy holds the J♦ and plays it as the LAST card of the hand
# (t6 Di: 9H TD TC QD JD; Cy is fifth).  Every earlier play is still legal (T♦ and J♦ are both trump, played in t6
# only).  Picker side = Bea + Cy (C-1): Bea's t2 8 + t4 47 + t6 25 = 80, Cy's t3 11 -> 91, bury 10 -> 101 (B-24);
# defenders Di's t1 15 + t5 4 = 19; 101 + 19 = 120.  91-120 with the defenders holding a trick: schneider, tier 2
# (B-28); 2 per defender, picker 2 shares, partner 1 (B-31): Bea +4, Cy +2, Al/Di/Ed -2 (sum 0).
# The J♦ falls in trick 6, the hand's last card: trick 6 still says "partner Cy known" (it is the card that made it
# known, not the hand's end), and Al's seat view says "partner known: Cy" after it.
JD_LAST = """hand 1  dealer Ed
deal Al  AC TC 9C KS 8D 7S
deal Bea QC QD JC AD 7H 8C
deal Cy  QS JS JD 7C AS 8S
deal Di  QH JH AH KH 9H 7D
deal Ed  TD KD 9D KC TH 8H
blind TS 9S
pick Bea  bury TS 9S
t1 Al:  AC 8C 7C 7D KC
t2 Di:  QH 9D 8D QC JS
t3 Bea: JC QS JH KD 7S
t4 Cy:  AS AH TH KS AD
t5 Bea: 7H 8S KH 8H 9C
t6 Di:  9H TD TC QD JD
partner Cy  pts 101  tricks 4  win-s
score Al -2 Bea +4 Cy +2 Di -2 Ed -2
"""


def _stored(tmp_path, body: str, rules: str = "wi5-jack-of-diamonds", day: int = 2):
    db = tmp_path / "x.duckdb"
    path = write(tmp_path, "h.shn", HEAD.format(event="Table33 minor", day=day, rules=rules) + body)
    cli("ingest", path, "--db", str(db))
    return db


def _trick_lines(text: str) -> dict[int, str]:
    return {int(x.split()[1]): x for x in text.splitlines() if x.startswith("Trick ")}


def test_everyone_view_marks_the_jd_partner_at_the_trick_it_falls(tmp_path):
    db = _stored(tmp_path, JD)
    out = cli("replay", "1", "--db", str(db)).output
    lines = _trick_lines(out)
    assert "(picker side 80, defenders 30)   partner Ed known" in lines[6], lines[6]
    assert [t for t, x in lines.items() if "known" in x] == [6]
    # the JSON frames name the partner from Ed's J♦ on (step 27: 25 cards of tricks 1-5, then Di, Ed), not before
    frames = json.loads(cli("replay", "1", "--db", str(db), "--json").output)["frames"]
    first = next(f for f in frames if f.get("partner"))
    assert first["partner"] == "Ed" and first["card"] == ["Ed", "JD"]


def test_the_partner_card_as_the_hands_last_card_is_marked_in_both_views(tmp_path):
    db = _stored(tmp_path, JD_LAST)
    out = cli("replay", "1", "--db", str(db)).output
    lines = _trick_lines(out)
    assert "(picker side 91, defenders 19)   partner Cy known" in lines[6], lines[6]
    assert "(picker side 101, defenders 19)" in out  # the bury line: 91 + 10 (B-24)
    assert [t for t, x in lines.items() if "known" in x] == [6]
    seat = cli("replay", "1", "--db", str(db), "--seat", "Al").output.split("The hand as it ended:")[0]
    assert "partner known: Cy" in seat
    assert seat.index("Cy plays J♦") < seat.index("partner known: Cy")


def test_a_called_ace_partner_still_marked_where_the_ace_falls(tmp_path):
    # wi5.shn hand 1: Bea calls A♥, Di plays it in trick 5 (B-9): "partner Di known" on trick 5 only.
    body = JD.replace("pick Bea  bury TS 9S", "pick Bea  bury TS 9S  call AH") \
        .replace("t4 Cy:  AS AH TH KS AD", "t4 Cy:  AS 9H 8H KS AD") \
        .replace("t5 Bea: 7H 8S KH 8H 9C", "t5 Bea: 7H 8S AH TH 9C") \
        .replace("t6 Di:  9H JD TC QD TD", "t6 Di:  KH JD TC QD TD") \
        .replace("partner Ed  pts 90  tricks 3  win\nscore Al -1 Bea +2 Cy -1 Di -1 Ed +1",
                 "partner Di  pts 109  tricks 5  win-s\nscore Al -2 Bea +4 Cy -2 Di +2 Ed -2")
    db = _stored(tmp_path, body, rules="wi5-called-ace")
    lines = _trick_lines(cli("replay", "1", "--db", str(db)).output)
    assert [t for t, x in lines.items() if "known" in x] == [5]
    assert lines[5].endswith("partner Di known")


# ---- table33 F5 -------------------------------------------------------------------------------------------------
# wi5.shn hand 7: Al picks (blind AC 7H), buries JC AD, calls AH, Di cracks; Bea holds AH.  By hand:
#   t1 Al: QC 7D 8D JS JH -> QC, Al: 3+0+0+2+2 = 7
#   t2 Al: QS 9D 9H JD TD -> QS, Al: 3+0+0+2+10 = 15 -> 22
#   t3 Al: QH 9S 8H KD 8C -> QH, Al: 3+0+0+4+0 = 7 -> 29
#   t4 Al: 7H AH TH 9C 8S -> AH, Bea (partner known, B-9): 0+11+10+0+0 = 21 -> picker side 50, defenders 0
#   claim Bea after t4 (notation.md §3): the cards left are Al QD AC, Bea AS KH, Cy KC KS, Di TC 7S, Ed 7C TS:
#       3+11+11+4+4+4+10+0+0+10 = 57 -> picker side 107, defenders 0
#   bury JC AD = 2+11 = 13 (B-24) -> picker side 120, defenders 0.  50 + 57 + 13 = 120.
# Defenders took no trick: no-tricker ×3 (B-29), crack ×2: 6 per defender; Al +12, Bea +6, Cy/Di/Ed -6 (sum 0).
CLAIM = """hand 7  dealer Ed
deal Al  QC QS QH QD JC AD
deal Bea 7D 9D AS 9S KH AH
deal Cy  8D KC KS TH 8H 9H
deal Di  JS JD KD TC 9C 7S
deal Ed  JH TD 8C 7C TS 8S
blind AC 7H
pick Al  bury JC AD  call AH  crack Di
t1 Al:  QC 7D 8D JS JH
t2 Al:  QS 9D 9H JD TD
t3 Al:  QH 9S 8H KD 8C
t4 Al:  7H AH TH 9C 8S
claim Bea {after t4: AS KH and QD AC left}
partner Bea  pts 120  tricks 6  win-z
score Al +12 Bea +6 Cy -6 Di -6 Ed -6
"""


def test_a_claimed_hand_keeps_the_bury_step_and_the_claims_running_totals(tmp_path):
    db = _stored(tmp_path, CLAIM, rules="wi5-called-ace", day=1)
    out = cli("replay", "1", "--db", str(db)).output
    lines = out.splitlines()
    claim = next(x for x in lines if x.startswith("Claim "))
    assert "57 card points" in claim and claim.endswith("(picker side 107, defenders 0)"), claim
    bury = lines[lines.index(claim) + 1]
    assert bury.startswith("Bury    J♣ A♦: 13 card points to the picker side (rules.md B-24)"), bury
    assert bury.endswith("(picker side 120, defenders 0)"), bury
    assert "(picker side 50, defenders 0)" in _trick_lines(out)[4]
    assert "Result:  win-z   picker side 120 points, 6 tricks" in out


# ---- break33 F12 ------------------------------------------------------------------------------------------------
SMALL = """%SHN 1.0
[Event "Break33 Club"]
[Date "2026.12.23"]
[Seats "A=Ann Alt; B=Ben Berg; C=Cal Cox; D=Dot Dorn; E=Eve Egli"]
[Rules "wi5-called-ace"]

hand 1  dealer A
pick B  call AS  partner D  pts 72  win
score A -1 B +2 C -1 D +1 E -1
"""


def test_a_folder_ingest_names_each_file_it_passes_over(tmp_path):
    import os

    from tests.cli_helpers import runner
    from ingest.cli import app

    folder = tmp_path / "mix"
    folder.mkdir()
    (folder / "night.shn").write_text(SMALL, encoding="utf-8")
    (folder / "README.txt").write_text("random notes\n", encoding="utf-8")  # no sheet, no protocol
    (folder / "replay.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    os.symlink(tmp_path / "nonexistent", folder / "dangling.shn")  # a broken link
    r = runner.invoke(app, ["ingest", str(folder), "--db", str(tmp_path / "x.duckdb")])
    assert r.exit_code == 0, r.output
    err = r.stderr
    assert f"{folder / 'replay.png'}: skipped" in err
    assert f"{folder / 'README.txt'}: skipped" in err
    assert f"{folder / 'dangling.shn'}: skipped (a symbolic link to no file" in err
    assert f"{folder / 'night.shn'}: 1 stored" in r.stdout


def test_a_void_reason_with_control_characters_is_refused_and_history_never_prints_them(tmp_path):
    import duckdb

    db = tmp_path / "x.duckdb"
    cli("ingest", write(tmp_path, "s.shn", SMALL), "--db", str(db))
    r = cli("void", "1", "--reason", "typo\x1b[2J\x1b[31mred\x07", "--db", str(db), ok=False)
    assert r.exit_code != 0 and "\x1b" not in r.output and "\x07" not in r.output
    assert "control character" in r.output and "\\x1b" in r.output
    assert "  r2  " not in cli("history", "1", "--db", str(db)).output  # nothing stored: r1 alone
    # a reason stored raw by an older shead: history shows it escaped
    cli("void", "1", "--reason", "typo", "--db", str(db))
    con = duckdb.connect(str(db))
    con.execute("UPDATE hand_revisions SET reason = 'typo\x1b[31mred' WHERE action = 'void'")
    con.close()
    out = cli("history", "1", "--db", str(db)).output
    assert "\x1b" not in out and "reason: typo\\x1b[31mred" in out


# The first game of a NetSchafkopf protocol (the shipped baseline 05.10.23_01, Windows-1252, CR LF), cut inside its
# fourth trick line after the first letter of a card: 'PcLinks spielt aus: E9 HO E' with no line end.
NSK_CUT = ("netschafkopf_helper\r\n"
           "gespielt von Gast am 05.10.23 mit Version 8.00, Update 07.09.20.\r\n"
           " \r\n"
           "Geber: Gast\r\n"
           "     PcLinks hat: EA SO GA E7 GU GK GO E9\r\n"
           "      PcOben hat: EO H8 GZ S9 HO HU G8 EU\r\n"
           "    PcRechts hat: HA H9 S8 SU EZ HZ E8 G7\r\n"
           "        Gast hat: HK EK SK SZ H7 S7 G9 SA\r\n"
           "PcOben spielt Mit der Schellen-Ass\r\n"
           "     PcLinks spielt aus: EA H8 E8 EK\r\n"
           "      PcOben spielt aus: EO H9 HK GU\r\n"
           "      PcOben spielt aus: HU SU H7 SO\r\n"
           "     PcLinks spielt aus: E9 HO E")


def test_a_protocol_cut_mid_trick_says_the_file_ends_mid_game_at_its_line(tmp_path):
    p = tmp_path / "Schafkopfprotokoll vom 05.10.23 cut.txt"
    p.write_bytes(NSK_CUT.encode("cp1252"))
    r = cli("ingest", str(p), "--db", str(tmp_path / "x.duckdb"), ok=False)
    # line 13, the cut 'E' at column 32 (5 spaces + "PcLinks spielt aus: E9 HO " = 31 characters before it)
    assert f"{p}:13:32: E-NSK-TRUNCATED (hand 1): the file ends mid-game" in r.output, r.output
    assert "is not a card" not in r.output
    # a card spelled wrong on a line that does end is still E-NSK-CARD
    p.write_bytes((NSK_CUT.replace("HO E", "HO EX SZ") + "\r\n").encode("cp1252"))
    r = cli("ingest", str(p), "--db", str(tmp_path / "x.duckdb"), ok=False)
    assert "E-NSK-CARD" in r.output and "'EX' is not a card" in r.output


def test_shn_with_its_line_ends_stripped_gets_the_data_binary_hint(tmp_path):
    flat = SMALL.replace("\n", "")  # what `curl -d @file` sends: CR and LF dropped
    r = cli("ingest", write(tmp_path, "flat.shn", flat), "--db", str(tmp_path / "x.duckdb"), ok=False)
    assert "E-HEADER" in r.output and "line ends" in r.output and "--data-binary" in r.output, r.output
    assert ":1:9: E-HEADER" in r.output  # right after '%SHN 1.0', where its line end was
    # a header that is only wrong (no statement run on after it) keeps the plain message
    r = cli("ingest", write(tmp_path, "v2.shn", SMALL.replace("%SHN 1.0", "%SHN 2.0")), "--db",
            str(tmp_path / "y.duckdb"), ok=False)
    assert "--data-binary" not in r.output
