"""fixb30 F1: a later ``%SHN 1.0`` header with text after it on its line.

Two SHN files joined (``cat night1.shn night2.shn``) start the second file at its ``%SHN 1.0`` header, read as a
session block of its own with a ``W-SHN-AGAIN`` warning (docs/notation.md §2.1).  When that header line held more
(``%SHN 1.0 [Event "x"]``, ``%SHN 1.0  hand 2 dealer Al``, ``%SHN 2.0``), the rest of the line was dropped without
a word: the tag was lost and the second night's hands stored without it.

The notation does not allow it: ``header = "%SHN 1.0" , LF`` (docs/notation.md §3) and the header line is
"optionally followed by spaces and a comment" (§2.1; design brief notation.md §3 "Line 1 is `%SHN 1.0`"); line 1
written so is ``E-HEADER`` and every hand of its session gets ``E-SESSION``.  A later header now reads the same:
``E-HEADER`` at the line and column of what follows it (or of the header, for another version), quoting what was
found and saying what was expected, and the hands of the block it starts are refused with ``E-SESSION``; the hands
above it keep theirs.  A ``;`` comment after the header stays allowed.

Worked by hand for the night above the header (rules.md B-27, B-28, B-31..B-33): hand 1, Bea picks, calls A♥, Cy
is the partner, 70 card points: 61..90 is a plain win (B-28, x1), each defender (Al, Di, Ed) -1, the partner +1,
the picker +2 (the rest: 3 - 1 = 2); zero-sum: -1 + 2 + 1 - 1 - 1 = 0.
"""

from __future__ import annotations

import pytest

from ingest.shn import reader
from ingest.shn.errors import ShnSyntaxError
from ingest.shn.reader import read
from ingest.validate import validate_text

SEATS = '[Seats "Al=Allen Braun; Bea=Bea Schmidt; Cy=Cy Ott; Di=Di Lenz; Ed=Ed Kahl"]'
# 7 lines; its last line is line 7
NIGHT1 = ('%SHN 1.0\n[Event "Thursday Night Sheepshead"]\n[Date "2025.03.06"]\n' + SEATS + '\n\n'
          'hand 1  dealer Al\npick Bea  call AH  partner Cy  pts 70  win\n')
# the second file after its header line (line 8 of the joined text): lines 9..13
REST2 = ('[Date "2025.03.13"]\n' + SEATS + '\n\nhand 1  dealer Al\npick Cy  alone  pts 40  lose\n')
NIGHT1_UNITS = {"Al": -1, "Bea": 2, "Cy": 1, "Di": -1, "Ed": -1}


def _codes(f):
    return [(d.code, d.line, d.col) for d in f.errors]


@pytest.mark.parametrize(("head", "col", "found"), [
    # '%SHN 1.0 ' is columns 1-9: the tag starts at column 10
    ('%SHN 1.0 [Event "Thursday Night Sheepshead"]', 10, '[Event "Thursday Night Sheepshead"]'),
    # two spaces: the statement starts at column 11
    ('%SHN 1.0  hand 2  dealer Bea', 11, "hand 2  dealer Bea"),
    ('%SHN 1.0 junk ; a comment', 10, "junk"),
    ('%SHN 1.0 {pasted from the phone}', 10, "{pasted from the phone}"),
])
def test_text_after_a_later_header_is_refused_at_its_column(head, col, found):
    f = read(NIGHT1 + head + "\n" + REST2, path="joined.shn")
    assert _codes(f) == [("W-SHN-AGAIN", 8, 1), ("E-HEADER", 8, col)]
    e = f.errors[1]
    assert e.found == found
    assert e.expected == "'%SHN 1.0' alone on its line (a ';' comment may follow)"
    assert e.message.startswith(f"found {found!r} after the '%SHN 1.0' header at line 8; expected")
    assert e.severity == "error" and e.file == "joined.shn"
    # the night above keeps its hand, unrefused; the block the header starts is refused at its hand (line 12: Date
    # 9, Seats 10, blank 11)
    assert f.hands[0].errors == []
    (s,) = f.hands[1].errors
    assert (s.code, s.line, s.col, s.found) == ("E-SESSION", 12, 1, "E-HEADER")
    res = validate_text(NIGHT1 + head + "\n" + REST2, path="joined.shn")
    assert [h.outcome.units for h in res.hands if h.outcome is not None][:1] == [NIGHT1_UNITS]
    assert len(res.rejected) == 1


def test_strict_raises_the_same_error():
    with pytest.raises(ShnSyntaxError) as exc:
        read(NIGHT1 + '%SHN 1.0 [Event "x"]\n' + REST2, path="j.shn", strict=True)
    d = exc.value.diagnostic
    assert (d.code, d.line, d.col, d.found) == ("E-HEADER", 8, 10, '[Event "x"]')


@pytest.mark.parametrize("head", ["%SHN 1.0", "%SHN 1.0   ; night 2", "%SHN\t1.0\t", "%SHN 1.0\r"])
def test_a_later_header_alone_or_with_a_comment_still_reads(head):
    f = read(NIGHT1 + head + "\n" + REST2, path="joined.shn")
    assert _codes(f) == [("W-SHN-AGAIN", 8, 1)]
    assert [h.errors for h in f.hands] == [[], []]
    assert [h.session.tags.get("Date") for h in f.hands] == ["2025.03.06", "2025.03.13"]


@pytest.mark.parametrize(("head", "found"), [("%SHN 2.0", "%SHN 2.0"), ("%SHN", "%SHN")])
def test_a_later_header_of_another_version_or_none_is_refused(head, found):
    # line 1 written so is E-HEADER (docs/notation.md §11: '%SHN 2.0' -> 1:1); a later one now too, at the header
    f = read(NIGHT1 + head + "\n" + REST2, path="joined.shn")
    assert _codes(f) == [("W-SHN-AGAIN", 8, 1), ("E-HEADER", 8, 1)]
    e = f.errors[1]
    assert (e.found, e.expected) == (found, "%SHN 1.0")
    assert e.message.startswith(f"found {found!r} at line 8; expected '%SHN 1.0'")
    assert f.hands[0].errors == [] and [d.code for d in f.hands[1].errors] == ["E-SESSION"]


def test_a_header_joined_to_a_last_line_without_line_end_with_text_after_it():
    # NIGHT1 without its last LF: line 7 is 'pick Bea  call AH  partner Cy  pts 70  win' (8 + 2 + 7 + 2 + 10 + 2 +
    # 6 + 2 + 3 = 42 characters), the header starts at column 43, its tag at column 52 ('%SHN 1.0 ' is 9). It was
    # read as the statement 'win%SHN' (E-STATEMENT, the hand above refused) and the second night's hand as hand 1
    # again of the first
    text = NIGHT1[:-1] + '%SHN 1.0 [Event "x"]\n' + REST2
    f = read(text, path="joined.shn")
    assert _codes(f) == [("W-SHN-AGAIN", 7, 43), ("E-HEADER", 7, 52)]
    assert f.errors[1].found == '[Event "x"]'
    assert f.hands[0].errors == []
    assert f.hands[0].outcome.value == "win"
    assert [d.code for d in f.hands[1].errors] == ["E-SESSION"]
    assert f.hands[1].session.tags.get("Date") == "2025.03.13"


@pytest.mark.parametrize("block", [1, 7, 4096])
def test_streamed_reads_the_same(tmp_path, block):
    text = NIGHT1 + '%SHN 1.0 [Event "x"]\n' + REST2
    p = tmp_path / "j.shn"
    p.write_text(text, encoding="utf-8")
    errors, hands = [], []
    for shn in reader.read_stream(p, 1, name="j.shn", block=block):
        errors += shn.errors
        hands += shn.hands
    assert [(d.code, d.line, d.col) for d in errors] == [("W-SHN-AGAIN", 8, 1), ("E-HEADER", 8, 10)]
    assert [[d.code for d in h.errors] for h in hands] == [[], ["E-SESSION"]]
