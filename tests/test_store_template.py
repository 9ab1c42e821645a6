"""A hand's stored source as a template (``ingest.store.source_template``,
migration 001's ``hand_source`` columns): each canonical card token a slot
(chr 31), the slots' cards the card log's unless the source writes others.
Values worked by hand (card index = suit * 8 + rank, suits C S H D, ranks A
T K Q J 9 8 7: AC 0, TD 25, 9S 13, QH 19), and every template read back by
the database's own ``unpack_source`` (what the ``hand_text`` view does)."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from ingest import store as st

S = "\x1f"

CASES = [
    # source, the card log's known cards, (packed, template, source_cards)
    ("deal Al AC TD", [0, 25], (True, f"deal Al {S} {S}", None)),
    # a card named in a comment is a slot too; the slots then differ from the log: their cards are kept
    ("deal Al AC TD  ; 9S was seen", [0, 25], (True, f"deal Al {S} {S}  ; {S} was seen", [0, 25, 13])),
    # tokens inside words are not cards (ASCII word boundaries: é is not a word character)
    ("xAC AC7 AC_ 9AC é9S", [], (True, f"xAC AC7 AC_ 9AC é{S}", [13])),
    # a score-sheet line (no card log) calling the ace of hearts
    ("pick Al  call AH  pts 72  win", [], (True, f"pick Al  call {S}  pts 72  win", [16])),
    # no card token and no log: nothing kept
    ("hand 3  dealer Bo\nleaster Cy  pts 10", [], (True, "hand 3  dealer Bo\nleaster Cy  pts 10", None)),
    # a source holding chr 31 itself is stored as written
    (f"deal Al AC{S}TD", [0, 25], (False, f"deal Al AC{S}TD", None)),
    # the log's order is the source's order: QH then AC differs from AC then QH
    ("blind QH AC", [0, 19], (True, f"blind {S} {S}", [19, 0])),
]


@pytest.mark.parametrize("source, log, want", CASES)
def test_source_template_worked_by_hand(source, log, want):
    assert st.source_template(source, log) == want


@pytest.fixture(scope="module")
def con(tmp_path_factory):
    db = tmp_path_factory.mktemp("tpl") / "t.duckdb"
    st.Store(db).open()
    with st.reading(db) as c:
        yield c


def _unpack(con, source: str, log: list[int]) -> str:
    packed, template, cards = st.source_template(source, log)
    return con.execute("SELECT unpack_source(?, ?, ?::UTINYINT[])",
                       [packed, template, cards if cards is not None else log]).fetchall()[0][0]


@pytest.mark.parametrize("source, log, want", CASES)
def test_unpack_source_gives_the_source_back(con, source, log, want):
    assert _unpack(con, source, log) == source


@settings(max_examples=150, deadline=None)
@given(hs.lists(hs.one_of(hs.sampled_from(st.CARD_NAMES), hs.sampled_from([" ", "\n", "x", "é", "7", "_", ";", "AC7"])),
                max_size=40))
def test_any_text_is_given_back(con, pieces):
    source = "".join(pieces)
    log = [st.CARD_NAMES.index(c) for c in pieces if c in st.CARD_NAMES][::2]  # a log that rarely matches
    assert _unpack(con, source, log) == source


#: migration 001's card token (an RE2 pattern in SQL), as Python writes it
TOKEN_001 = re.compile(r"\b([AKQJT987][CSHD])\b", re.ASCII)


@settings(max_examples=300, deadline=None)
@given(hs.lists(hs.one_of(hs.sampled_from(st.CARD_NAMES), hs.sampled_from("AKQJT987CSHD_ x\né7;\x1f-.:"),
                          hs.text(max_size=3)), max_size=40))
def test_the_runs_of_tokens_split_as_migration_001s_tokens(pieces):
    # a run's tokens, one space apart, are migration 001's tokens in order
    source = "".join(pieces)
    parts, want = st._CARD_RUN.split(source), TOKEN_001.split(source)
    assert [t for run in parts[1::2] for t in run.split(" ")] == want[1::2]
    # the texts between: the template property below (test_the_runs_of_tokens_give_the_template_of_migration_001)


def test_the_run_pattern_worked_by_hand():
    # a rank after a word character, a suit before one, and the tokens at the text's two ends: no run of two
    assert st._CARD_RUN.split("AC xKD QHx 9S_ _8D 7C") == ["", "AC", " xKD QHx 9S_ _8D ", "7C", ""]
    # a deal line: one run; two spaces or a token inside a word end a run
    assert st._CARD_RUN.split("deal Al  TC KS QS  TH KDx JD") == ["deal Al  ", "TC KS QS", "  ", "TH", " KDx ", "JD", ""]


def _template_001(source: str, log: list[int]) -> tuple[bool, str, list[int] | None]:
    """The template by its definition: migration 001's tokens one by one, the slots' cards kept when they are not
    the log's known cards in order."""
    if S in source:
        return False, source, None
    parts = TOKEN_001.split(source)
    cards = [st.CARD_NAMES.index(t) for t in parts[1::2]]
    return True, S.join(parts[::2]), None if cards == log else cards


@settings(max_examples=400, deadline=None)
@given(hs.lists(hs.one_of(hs.sampled_from(st.CARD_NAMES), hs.sampled_from(list("AKQJT987CSHD_ x\né7;-.:")),
                          hs.sampled_from([" ", "  ", "\n", " AC QD 7H", "AC TD\n"]), hs.text(max_size=3)),
                max_size=40),
       hs.sampled_from(["all", "fewer", "reversed", "none"]))
def test_the_runs_of_tokens_give_the_template_of_migration_001(pieces, which):
    # runs of tokens one space apart (a deal line, a trick) are split as a whole: the same template and cards
    source = "".join(pieces)
    tokens = [st.CARD_NAMES.index(t) for t in TOKEN_001.split(source)[1::2]]
    log = {"all": tokens, "fewer": tokens[:-1], "reversed": tokens[::-1], "none": []}[which]
    assert st.source_template(source, log) == _template_001(source, log)
    assert st.source_template(source, bytes(log)) == _template_001(source, log)


@settings(max_examples=600, deadline=None)
@given(hs.lists(hs.one_of(hs.sampled_from(st.CARD_NAMES), hs.sampled_from(list("AKQJT987CSHD_ x\né7;-.:\t")),
                          hs.sampled_from([" ", "  ", "\n", " AC QD 7H", "AC TD\n", "♣", "10C", "^RQC", "AC:"]),
                          hs.text(max_size=3)), max_size=40))
def test_the_scan_and_the_split_give_one_template(pieces):
    # the compiled path's scan (store._scan_tokens) and the pure path's split (store._split_tokens) of any text:
    # one template and one string of tokens, each migration 001's tokens in order (issue 17)
    source = "".join(pieces)
    want = TOKEN_001.split(source)
    got = (S.join(want[::2]), "".join(want[1::2])) if len(want) > 1 else (source, "")
    assert st._scan_tokens(source) == st._split_tokens(source) == got


@pytest.mark.parametrize("source, want", [
    # worked by hand: a token is a rank letter after no ASCII word character and a suit letter before none
    ("deal Al  AC QC", (f"deal Al  {S} {S}", "ACQC")),
    ("QCKD AS KD8 7H", (f"QCKD {S} KD8 {S}", "AS7H")),   # QCKD: K follows a word character; KD8: 8 follows
    ("t1 Ed: 9H", (f"t1 Ed: {S}", "9H")),
    ("AC", (S, "AC")), ("A", ("A", "")), ("", ("", "")), ("é9S", (f"é{S}", "9S")),   # é is no ASCII word character
    ("call AH {AH was led}", (f"call {S} {{{S} was led}}", "AHAH")),
])
def test_the_scan_worked_by_hand(source, want):
    assert st._scan_tokens(source) == want
    assert st._split_tokens(source) == want
