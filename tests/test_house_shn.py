"""SHN syntax of the house rules (issue 6, h6-house; docs/notation.md §3, §6,
§10): ``castrate S`` (rules.md E-4), ``blitz S colour jacks`` (E-5) and
``sheepshead`` (C-9): read, written canonically, and refused where wrong."""

from __future__ import annotations

from ingest.shn.reader import read
from ingest.shn.record import facts
from ingest.shn.writer import write

HEAD = '%SHN 1.0\n[Seats "Al; Bea; Cy; Di; Ed"]\n\n'


def hand(body: str) -> str:
    return HEAD + "hand 1  dealer Ed\n" + body


def test_castrate_jack_blitz_and_sheepshead_read_and_write():
    text = hand("pick Al  alone  sheepshead  crack Di  recrack Al  castrate ?  blitz Cy red jacks  "
                "blitz Ed black  pts 120  win-z\n")
    f = read(text, strict=True)
    h = f.hands[0]
    assert h.sheepshead is not None and h.sheepshead.value is True
    assert [(m.kind, m.seat, m.color, m.pair) for m in h.marks] == [
        ("crack", "Di", None, "queens"), ("recrack", "Al", None, "queens"), ("castrate", None, None, "queens"),
        ("blitz", "Cy", "red", "jacks"), ("blitz", "Ed", "black", "queens")]
    assert write(f) == text  # canonical already (notation.md §10)
    assert facts(read(write(f)).hands[0]) == facts(h)


def test_explicit_queens_reads_as_the_queen_blitz():
    f = read(hand("pick Al  alone  blitz Cy red queens  pts 70  win\n"), strict=True)
    assert f.hands[0].marks[0].pair == "queens"
    assert "blitz Cy red  pts 70" in write(f)  # written without the default word


def test_sheepshead_twice_and_reserved_words():
    f = read(hand("pick Al  alone  sheepshead  sheepshead\n"))
    assert f.hands[0].errors[0].code == "E-DUPLICATE"
    f = read('%SHN 1.0\n[Seats "Al; jacks; Cy; Di; Ed"]\n\nhand 1  dealer Ed\npick Al\n')
    assert any(e.code == "E-SEATS" for e in f.errors + f.hands[0].errors)
    f = read(hand("pick Al  castrate\n"))
    assert f.hands[0].errors[0].code == "E-SEAT"  # castrate needs a seat or ?


def test_full_hand_sheepshead_line_and_marks_line():
    from pathlib import Path

    text = (Path(__file__).parent / "fixtures" / "profiles" / "wi5-called-ace_allowCastrate.shn").read_text()
    assert "\ncrack Cy  recrack Bea  castrate Ed\n" in text and write(read(text)) == text


def test_new_rule_codes_are_documented():
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[1] / "docs" / "notation.md").read_text(encoding="utf-8")
    section = doc[doc.index("## 12. Rule errors"):doc.index("## 13.")]
    for code in ("E-CASTRATE", "E-SHEEPSHEAD", "E-BURY-JD"):
        assert f"| `{code}` | error |" in section
