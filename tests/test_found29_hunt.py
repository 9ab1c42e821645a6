"""Session 29 (hunt29): what the property files found when run at many times their examples.

F1 (tests/test_shn_fuzz.py at 100x, 34,612th example): two SHN files joined (``cat night1.shn night2.shn``, the
W-SHN-AGAIN case of docs/notation.md §2.1) read without an error, the second night a session block of its own with
no ``[Session]`` tag, but ``ingest.shn.writer.write`` refused the record ("hand 1 starts a new session that has no
Session tag"), though notation.md §10 promises ``facts(read(write(f))) == facts(f)`` for every record the reader
produces.  Now such a block is written as it was read: after a ``%SHN 1.0`` line of its own.

Worked by hand, the two nights below (rules.md B-27, B-28, B-31..B-33, DOB on by default B-32):

* night 1 (2025.03.06), hand 1: Bea picks, calls A♥, Cy partner, 70 card points: 61..90 is a plain win (B-28, x1),
  1 a defender: Al, Di, Ed -1 each, the picker +2, the partner +1.
* night 2 (2025.03.13), hand 1: Cy alone, 40 card points: 31..60 is a plain loss (x1); alone each of the 4 defenders
  takes 1, doubled on the bump: +2 each, the picker -8 (B-33's "-8/+2").
"""

from __future__ import annotations

from ingest.shn.reader import read
from ingest.shn.record import facts
from ingest.shn.writer import write
from ingest.validate import validate_text

SEATS = '[Seats "Al=Allen Braun; Bea=Bea Schmidt; Cy=Cy Ott; Di=Di Lenz; Ed=Ed Kahl"]'
NIGHT1 = ('%SHN 1.0\n[Event "Thursday Night Sheepshead"]\n[Date "2025.03.06"]\n' + SEATS + '\n\n'
          'hand 1  dealer Al\npick Bea  call AH  partner Cy  pts 70  win\n')
NIGHT2 = ('%SHN 1.0\n[Event "Thursday Night Sheepshead"]\n[Date "2025.03.13"]\n' + SEATS + '\n\n'
          'hand 1  dealer Al\npick Cy  alone  pts 40  lose\n')


def test_f1_two_nights_joined_are_written_as_two_files_and_read_back_the_same():
    f = read(NIGHT1 + NIGHT2, path="joined.shn")
    # the second header is line 8 of the joined file (NIGHT1 is 7 lines); written, line 9 (after a blank line)
    assert [(d.code, d.line, d.col) for d in f.errors] == [("W-SHN-AGAIN", 8, 1)]
    assert [h.errors for h in f.hands] == [[], []]
    text = write(f)
    # canonical (§10): the first night, a blank line, then the second night after a header of its own
    assert text == NIGHT1 + "\n" + NIGHT2
    again = read(text, path="joined.shn")
    assert facts(again.hands) == facts(f.hands)
    assert [(d.code, d.line, d.col) for d in again.errors] == [("W-SHN-AGAIN", 9, 1)]
    assert [h.session.tags["Date"] for h in again.hands] == ["2025.03.06", "2025.03.13"]
    assert write(again) == text  # canonical text is stable
    res = validate_text(text, path="joined.shn")
    assert not res.rejected
    assert [h.outcome.units for h in res.hands] == [
        {"Al": -1, "Bea": 2, "Cy": 1, "Di": -1, "Ed": -1},
        {"Al": 2, "Bea": 2, "Cy": -8, "Di": 2, "Ed": 2},
    ]


def test_f1_a_second_header_with_no_tags_after_it():
    """The fuzz's own case, cut down: the header with nothing after it but a hand; its block has no tags at all, and
    is written as a bare ``%SHN 1.0`` line before its hand."""
    f = read(NIGHT1 + "%SHN 1.0\nhand 2  dealer Bea\n", path="f.shn")
    assert [h.session.tags for h in f.hands][1] == {}
    text = write(f)
    assert text.endswith("win\n\n%SHN 1.0\n\nhand 2  dealer Bea\n")
    assert facts(read(text).hands) == facts(f.hands)
