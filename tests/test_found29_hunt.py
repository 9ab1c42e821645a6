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


# --- F2 (tests/test_shn_writer.py's round trip at 5x): '%SHN' inside a tag value or a note ----------------------------
#
# A line ending in '%SHN 1.0' after other text is a file joined after one with no last line end (break21b F21); the
# check did not look whether the '%SHN' stood inside a quoted tag value or a {note}, so `[Source "... %SHN 1.0"]` was
# cut there: E-UNTERMINATED at 3:1, a W-SHN-AGAIN at 3:39 starting a block with no tags, the Event tag lost and the
# hand refused.  Now it is the tag's text, and the note's.

JOINED_TEXT = ('%SHN 1.0\n[Event "Thursday Night Sheepshead"]\n[Source "typed from the pad, saved as %SHN 1.0"]\n'
               + SEATS + '\n\nhand 1  dealer Al  {pasted under %SHN 1.0}\npick Bea  call AH  partner Cy  pts 70  win\n')


def test_f2_shn_inside_a_tag_value_or_a_note_is_text():
    f = read(JOINED_TEXT, path="pad.shn")
    assert f.errors == [] and [h.errors for h in f.hands] == [[]]
    (h,) = f.hands
    assert h.session.tags["Source"] == "typed from the pad, saved as %SHN 1.0"
    assert h.session.tags["Event"] == "Thursday Night Sheepshead"
    res = validate_text(JOINED_TEXT, path="pad.shn")
    assert not res.rejected
    # 70 card points, a plain win with a partner (B-28, B-33): Bea +2, Cy +1, Al/Di/Ed -1
    assert [h.outcome.units for h in res.hands] == [{"Al": -1, "Bea": 2, "Cy": 1, "Di": -1, "Ed": -1}]


def test_f2_a_header_after_a_comment_still_starts_the_next_file():
    """break21b F21 kept: the last line of a file without its line end, the next file's header after its comment."""
    text = NIGHT1.rstrip("\n") + "  ; end of the 6th" + NIGHT2
    f = read(text, path="joined.shn")
    # line 7 is 'pick Bea  call AH  partner Cy  pts 70  win  ; end of the 6th%SHN 1.0': 42 + 18 = 60 characters before it
    assert [(d.code, d.line, d.col) for d in f.errors] == [("W-SHN-AGAIN", 7, 61)]
    assert [h.session.tags["Date"] for h in f.hands] == ["2025.03.06", "2025.03.13"]
