"""A Windows-1252 byte in a hand's line (serve25 F4: the message said what it found and nothing of what to do):
E-ENCODING at the byte's line and column, saying to save the file as UTF-8; the other hands stored."""

from __future__ import annotations

from tests.cli_helpers import cli, ledger


def test_a_windows_1252_byte_in_a_hand_says_to_save_as_utf8(tmp_path):
    text = ("%SHN 1.0\n[Event \"VFW\"]\n[Date \"2025.03.06\"]\n[Seats \"Ann; Bob; Cal; Dot; Eve\"]\n"
            "[Rules \"wi5-called-ace\"]\n\n"
            "hand 1  dealer Eve\npick Ann  call AH  partner Cal  pts 75  win  {caf\u00e9}\n\n"
            "hand 2  dealer Ann\npick Bob  call AS  partner Dot  pts 61  win\n").encode("cp1252")
    path = tmp_path / "phone.shn"
    path.write_bytes(text)
    db = tmp_path / "e.duckdb"
    r = cli("ingest", str(path), "--db", str(db), ok=False)
    out = " ".join(r.output.split())
    # line 8, the byte 0xE9 of "café": the column after "...win  {caf"
    col = "pick Ann  call AH  partner Cal  pts 75  win  {caf".__len__() + 1
    assert f"phone.shn:8:{col}: E-ENCODING (hand 1): found the byte 0xE9, which is not valid UTF-8; expected UTF-8 " \
           "text; save the file as UTF-8 (an editor's 'Save as' > Encoding: UTF-8), or correct that character" in out, \
        r.output
    # hand 2 stored: Bob picks, Dot partner, 61: a win (rules.md B-27, B-33): Bob +2, Dot +1, the others -1
    assert ledger(db) == {"Ann": -1, "Bob": 2, "Cal": -1, "Dot": 1, "Eve": -1}


def test_w_rules_default_compares_with_the_session_just_above():
    """W-RULES-DEFAULT (break24 F2) is said of a block without [Rules] under a block whose [Rules] it drops; a
    block under one that wrote an empty [Rules " "] (the default profile) keeps the default: no change to warn of.
    It compared with the house rules further up (the hypothesis property of tests/test_shn_writer.py found it)."""
    from ingest.shn.reader import read

    seats = '[Seats "Al; Bo; Cy; Di; Ed"]\n\nhand 1\npick Al\n\n'
    text = ('%SHN 1.0\n[Session "a"]\n[Rules "wi5-called-ace; doubleOnBump=off"]\n' + seats
            + '[Session "b"]\n[Rules " "]\n' + seats + '[Session "c"]\n' + seats + '[Session "d"]\n'
            + '[Rules "wi5-called-ace; doubleOnBump=off"]\n' + seats + '[Session "e"]\n' + seats)
    # only e, whose neighbour d wrote house rules, is warned of: at its [Session] line (line 29)
    assert [(d.code, d.line) for d in read(text).errors] == [("W-RULES-DEFAULT", 29)]
