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
