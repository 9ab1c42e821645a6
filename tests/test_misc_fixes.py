"""QA defect 9 and questionable (d), (e), (f), (h) of the 14:30 QA report.

* 9: ``export --format shn`` keeps the annotations of session tags
  (``[Event "x"] {note}``), stored in ``sessions.header`` (docs/storage.md).
* (f): the exported SHN is canonical (docs/notation.md §10): no blank line
  after ``%SHN 1.0``; ``deal`` and trick lines padded to the longest alias.
* (e): ``[Rules]`` flags: a flag written twice, an integer out of its range,
  a boolean other than ``on``/``off`` (rules.md J) are errors at the tag.
* (d): ``[Cards "de"]`` in a Sheepshead hand reported at the ``[Cards]`` tag;
  ``moster ?`` under ``pot=on`` with a score that ignores the pot: E-SCORE-SUM.
* (h): under ``[Cards "de"]`` a seat alias spelling a German card is refused
  (docs/notation.md §5).
"""

from __future__ import annotations

import io

import pytest

from ingest import export as ex
from ingest import store as st
from ingest.shn.reader import read
from ingest.shn.writer import write
from ingest.validate import validate_text

# Session tags with annotations, in non-canonical tag order; hand 14 of the
# normative example with non-canonical padding and a comment; a score-sheet hand.
NOTED = """%SHN 1.0
[Rules "wi5-called-ace; doubleOnBump=on; noPick=leaster"] {house rules}
[Event "QA tn"] {event note}
[Seats "Al; Bea; Cy; Di; Ed"]
[_Scorer "Di"] {scorer note}
[Session "tn"] {session note}

hand 14  dealer Ed
deal Bea QC JC AD TD KC 9S
deal Al QS JD 9C 7S TH 8H
deal Cy QH JH 8D AC 8C KH
deal Di    QD KD 7D AH 7C TS
deal Ed JS 9D TC KS 8S 9H
blind AS 7H
pick Bea   ; Al passed
bury AS KC {15 points safe}
call AH
t1 Al: 9C TD 8C 7C TC
t2 Bea: QC 8D KD 9D JD
t3 Bea:     7H KH AH 9H 8H {called suit led; Di revealed}
t4 Di: QD JS QS JC QH
t5 Al: TH?! AD JH 7D KS
t6 Cy: AC TS 8S 7S 9S
partner Di  pts 59  tricks 3  lose

hand 15  dealer Al
pick Cy   call AS  partner Ed pts 72  win
"""

CANONICAL_HEAD = """%SHN 1.0
[Session "tn"] {session note}
[Event "QA tn"] {event note}
[Seats "Al; Bea; Cy; Di; Ed"]
[Rules "wi5-called-ace; doubleOnBump=on; noPick=leaster"] {house rules}
[_Scorer "Di"] {scorer note}

hand 14  dealer Ed
deal Al  QS JD 9C 7S TH 8H
deal Bea QC JC AD TD KC 9S
deal Cy  QH JH 8D AC 8C KH
deal Di  QD KD 7D AH 7C TS
deal Ed  JS 9D TC KS 8S 9H
"""

# Units by hand (rules.md I, doubleOnBump=on):
# hand 14: Bea picks, Di partner, 59 card points -> lose (31..60: base 1),
#   doubled for the bump: Bea -2*2 = -4, Di -2, Al/Cy/Ed +2 each; sum 2+2+2-4-2 = 0.
# hand 15: Cy picks, Ed partner, 72 -> win (61..90: base 1): Cy +2, Ed +1,
#   Al/Bea/Di -1 each; sum 2+1-3 = 0.
UNITS = {14: {"Al": 2, "Bea": -4, "Cy": 2, "Di": -2, "Ed": 2},
         15: {"Al": -1, "Bea": -1, "Cy": 2, "Di": -1, "Ed": 1}}


def _ingest(db, text: str):
    res = validate_text(text, path="qa.shn")
    assert res.rejected == [] and res.errors == [], (res.rejected, res.errors)
    with st.Store(db) as s:
        return s.ingest_file(res)


def _export(db) -> str:
    buf = io.StringIO()
    with st.reading(db) as con:
        ex.export_shn(con, buf)
    return buf.getvalue()


def _units(db) -> dict[int, dict[str, int]]:
    with st.reading(db) as con:
        rows = con.execute("SELECT h.hand, u.seat, u.units FROM hand_units u JOIN hands h USING (hand_id)").fetchall()
    out: dict[int, dict[str, int]] = {}
    for hand, seat, units in rows:
        out.setdefault(hand, {})[seat] = units
    return out


def test_defect9_session_tag_annotations_survive_export_and_reingest(tmp_path):
    db1, db2 = tmp_path / "a.duckdb", tmp_path / "b.duckdb"
    assert _ingest(db1, NOTED).stored == 2
    with st.reading(db1) as con:
        header = con.execute("SELECT header FROM sessions").fetchone()[0]
    assert '[Event "QA tn"] {event note}' in header and '[_Scorer "Di"] {scorer note}' in header
    text = _export(db1)
    assert text.startswith(CANONICAL_HEAD)
    for note in ("{session note}", "{event note}", "{scorer note}", "{house rules}", "{15 points safe}",
                 "{called suit led; Di revealed}"):
        assert text.count(note) == 1, note
    assert "; Al passed" not in text  # comments are not stored (notation.md §10)
    sess = read(text).hands[0].session
    assert sess.tag_notes == {"Session": "session note", "Event": "event note", "Rules": "house rules",
                              "_Scorer": "scorer note"}
    assert _ingest(db2, text).stored == 2
    assert _export(db2) == text  # the text comes back byte for byte
    assert _units(db1) == _units(db2) == UNITS
    for units in UNITS.values():
        assert sum(units.values()) == 0  # zero-sum (rules.md I-41)
    rep = _ingest(db1, text)  # the export into the original database: the same hands
    assert (rep.stored, rep.duplicates, rep.rejected) == (0, 2, [])


def test_f_export_is_canonical_from_the_first_line(tmp_path):
    db = tmp_path / "a.duckdb"
    second = NOTED.replace('[Session "tn"] {session note}', '[Session "tn2"]').replace("%SHN 1.0\n", "%SHN 1.0\n", 1)
    _ingest(db, NOTED)
    _ingest(db, second)
    text = _export(db)
    assert text.startswith("%SHN 1.0\n[Session ")  # no blank line after the header line (§10)
    assert write(read(text)) == text
    assert text.count("\n\n[Session ") == 1 and text.endswith("win\n") and not text.endswith("\n\n")
    assert "\nt1 Al:  9C TD 8C 7C TC\nt2 Bea: QC 8D KD 9D JD\nt3 Bea: 7H KH AH 9H 8H" in text


def test_f_a_stored_hand_relaid_out_is_a_duplicate_but_other_facts_conflict(tmp_path):
    db = tmp_path / "a.duckdb"
    _ingest(db, NOTED)
    other = NOTED.replace("partner Ed pts 72  win", "partner Ed pts 62  win")
    res = validate_text(other, path="other.shn")
    with st.Store(db) as s:
        rep = s.ingest_file(res)
    # hand 14 is the same text; hand 15 (line 26: 1 + 5 tags + blank + 18 lines of hand 14 + blank)
    # has other facts: E-HAND-CONFLICT at its line, column 1
    assert rep.stored == 0 and rep.duplicates == 1
    assert [(d.code, d.line, d.col) for r in rep.rejected for d in r.errors] == [("E-HAND-CONFLICT", 26, 1)]


# --------------------------------------------------------------------------
# (e) rules flags (rules.md J, G)

HEAD5 = '%SHN 1.0\n[Event "QA"]\n[Seats "Al; Bea; Cy; Di; Ed"]\n[Rules "{rules}"]\n\nhand 1  dealer Ed\n{body}\n'
HEAD4 = '%SHN 1.0\n[Event "QA"]\n[Seats "Al; Bea; Cy; Di"]\n[Rules "{rules}"]\n\nhand 1  dealer Al\n{body}\n'
PICK = "pick Cy  call AS  partner Ed  pts 72  win"
SOLO = "game Bea solo herz  pts 70  win"


def _first_error(text: str):
    res = validate_text(text, path="qa.shn")
    assert res.hands == []
    errs = list(res.errors) + [d for r in res.rejected for d in r.errors]
    return errs[0]


# the column: `[Rules "` is 8 characters, so the value starts at column 9; "wi5-called-ace; " is 16 more
# (QA D6: the error points at the flag or value, not the tag's column 1; an item written twice the same way
# cannot be told apart, so it stays at the tag)
@pytest.mark.parametrize("rules, code, found, col", [
    ("wi5-called-ace; pot=on; pot=off", "E-RULES-FLAG", "pot=off", 9 + 16 + 8),  # written twice: never "the last wins"
    ("wi5-called-ace; maxMarks=1; maxMarks=1", "E-RULES-FLAG", "maxMarks=1", 9 + 16 + 12),  # the same value too;
        # at the second one's own column (house32 F3: each part placed by its offset, not by a search for the text)
    ("wi5-called-ace; maxMarks=-1", "E-RULES-VALUE", "-1", 9 + 16 + 9),          # 0 = no cap, else a number of marks
    ("wi5-called-ace; doubleOnBump=yes", "E-RULES-VALUE", "yes", 9 + 16 + 13),   # J: booleans are on/off
    ("wi5-called-ace; doubleOnBump=true", "E-RULES-VALUE", "true", 38),
    ("wi5-called-ace; doubleOnBump=1", "E-RULES-VALUE", "1", 38),
    ("wi5-called-ace; doubleOnBump=ON", "E-RULES-VALUE", "ON", 38),
])
def test_e_sheepshead_rules_flags_refused_at_the_rules_tag(rules, code, found, col):
    d = _first_error(HEAD5.format(rules=rules, body=PICK))
    # [Rules "..."] is line 4
    assert (d.code, d.line, d.col, d.found) == (code, 4, col, found)
    assert found in d.message or found == "-1" and "maxMarks=-1" in d.message


@pytest.mark.parametrize("rules, code, what", [
    ("schafkopf; klopfen=on; klopfen=off", "E-RULES-FLAG", "written twice"),
    ("schafkopf; shortDeck=yes", "E-RULES-VALUE", "takes on or off"),
    ("schafkopf; ramsch=true", "E-RULES-VALUE", "takes on or off"),
    ("schafkopf; kontraLevels=-1", "E-RULES-VALUE", "kontraLevels=-1: expected 0 or more"),
    ("schafkopf; laufendeMin=sauspiel:-5", "E-RULES-VALUE", "sauspiel:-5: expected 1..14"),
    ("schafkopf; laufendeMin=sauspiel:15", "E-RULES-VALUE", "sauspiel:15: expected 1..14"),   # 14 trumps (G-13)
    ("schafkopf; laufendeMin=wenz:5", "E-RULES-VALUE", "wenz:5: expected 1..4"),              # 4 Unters
    ("schafkopf; laufendeMin=farbwenz:12", "E-RULES-VALUE", "farbwenz:12: expected 1..11"),   # 4 U + 7 of a suit
    # short pack: 4 O + 4 U + heart A 10 K 9 = 12 trumps (G-3)
    ("schafkopf; shortDeck=on; laufendeMin=sauspiel:13", "E-RULES-VALUE", "expected 1..12"),
    ("schafkopf; davonlaufenMinCards=0", "E-RULES-VALUE", "davonlaufenMinCards=0: expected 2..6"),
    ("schafkopf; davonlaufenMinCards=7", "E-RULES-VALUE", "davonlaufenMinCards=7: expected 2..6"),
    ("schafkopf; shortDeck=on; davonlaufenMinCards=5", "E-RULES-VALUE", "expected 2..4"),  # A 10 K 9 of a suit
    ("schafkopf; rufsauDiscardFromTrick=0", "E-RULES-VALUE", "rufsauDiscardFromTrick=0: expected a trick 1..8"),
    ("schafkopf; rufsauDiscardFromTrick=99", "E-RULES-VALUE", "rufsauDiscardFromTrick=99: expected a trick 1..8"),
    ("schafkopf; shortDeck=on; rufsauDiscardFromTrick=7", "E-RULES-VALUE", "expected a trick 1..6"),
])
def test_e_schafkopf_rules_flags_refused_at_the_rules_tag(rules, code, what):
    d = _first_error(HEAD4.format(rules=rules, body=SOLO))
    assert (d.code, d.line) == (code, 4) and what in d.message
    # QA D6: at what was found in the tag's line (its value, or the flag), else at the tag's '['
    line = f'[Rules "{rules}"]'
    assert d.col == 1 or line[d.col - 1:].startswith(str(d.found)), (d.col, d.found)


@pytest.mark.parametrize("rules", [
    "schafkopf; kontraLevels=0", "schafkopf; laufendeMin=sauspiel:14,wenz:1", "schafkopf; laufendeMin=farbwenz:11",
    "schafkopf; davonlaufenMinCards=2", "schafkopf; davonlaufenMinCards=6", "schafkopf; rufsauDiscardFromTrick=1",
    "schafkopf; rufsauDiscardFromTrick=8", "schafkopf; shortDeck=on; davonlaufenMinCards=3",
    "schafkopf; shortDeck=on; rufsauDiscardFromTrick=6; laufendeMin=sauspiel:12",
])
def test_e_the_edges_of_the_schafkopf_ranges_are_accepted(rules):
    from replay.schafkopf import parse_schafkopf_rules

    parse_schafkopf_rules(rules)  # raises ProfileError when refused


def test_e_the_edges_of_the_sheepshead_values_are_accepted():
    from replay.profile import parse_rules

    assert parse_rules("wi5-called-ace; maxMarks=0").maxMarks == 0  # no cap
    assert parse_rules("wi5-called-ace; maxMarks=1; doubleOnBump=off").doubleOnBump is False


# --------------------------------------------------------------------------
# (d) [Cards "de"] in a Sheepshead hand; moster ? under pot=on


def test_d_german_cards_in_a_sheepshead_hand_reported_at_the_cards_tag():
    text = ('%SHN 1.0\n[Event "QA"]\n[Seats "Al; Bea; Cy; Di; Ed"]\n[Rules "wi5-called-ace"]\n\n'
            'hand 1  dealer Ed\n[Cards "de"]\npick Cy  alone  pts 70  win\n')
    d = _first_error(text)
    assert (d.code, d.line, d.col) == ("E-CARDS", 7, 1)  # the hand's [Cards "de"], not [Rules] (line 4)
    assert d.found == "wi5-called-ace"


def test_d_moster_unknown_with_a_score_leaving_out_the_pot_is_a_score_sum_error():
    # pot=on (rules.md D-19), moster (D-15): the moster pays one unit to each
    # other player and one into the pot: -5, the pot +5.  A score written as if
    # there were no pot (-4 / +1 each) sums to 0, and 0 + 5 (the pot) != 0.
    base = ('%SHN 1.0\n[Event "QA"]\n[Seats "Al; Bea; Cy; Di; Ed"]\n'
            '[Rules "wi5-called-ace; pot=on; noPick=moster"]\n\nhand 1  dealer Ed\n')
    d = _first_error(base + "moster ?\nscore Al +1 Bea +1 Cy -4 Di +1 Ed +1\n")
    assert (d.code, d.line, d.col, d.found, d.expected) == ("E-SCORE-SUM", 8, 1, "0", "-5")
    # the same hand with the pot's unit in the score: derived as Cy (-5), the pot +5
    res = validate_text(base + "moster ?\nscore Al 0 Bea 0 Cy -5 Di 0 Ed 0\n")
    assert res.rejected == [] and len(res.hands) == 1
    o = res.hands[0].outcome
    assert o.units == {"Al": 0, "Bea": 0, "Cy": -5, "Di": 0, "Ed": 0} and o.pot == 5
    assert sum(o.units.values()) + o.pot == 0  # zero-sum with the pot as a seat (rules.md J, D-19)
    # a score that fits no seat but sums right with the pot (-5-5+5 = -5, pot +5) stays
    # "unknown": E-LEASTER at the unknown seat ('moster ' is 7 characters: the ? at column 8)
    d = _first_error(base + "moster ?\nscore Al -5 Bea -5 Cy 0 Di +5 Ed 0\n")
    assert (d.code, d.line, d.col) == ("E-LEASTER", 7, 8)


# --------------------------------------------------------------------------
# (h) German card spellings as seat aliases under [Cards "de"]


@pytest.mark.parametrize("tags, line, col, alias, card", [
    # [Cards] first, then [Seats]: at the alias in the Seats value ('[Seats "Al; ' is 12 characters)
    ('[Cards "de"]\n[Seats "Al; Ha; Cy; Di"]', 4, 13, "Ha", "HA"),
    # [Seats] first, then [Cards]: still at the alias, on the Seats line ('[Seats "Al; Bea; ' is 17)
    ('[Seats "Al; Bea; So=Sofie; Di"]\n[Cards "de"]', 3, 18, "So", "SO"),
    ('[Seats "eo; Bea; Cy; Di"]\n[Cards "de"]', 3, 9, "eo", "EO"),
    ('[Cards "de"]\n[Seats "Al; Bea; Cy; S10"]', 4, 22, "S10", "SZ"),
])
def test_h_german_card_spellings_refused_as_aliases(tags, line, col, alias, card):
    text = f'%SHN 1.0\n[Event "QA"]\n{tags}\n[Rules "schafkopf"]\n\nhand 1  dealer Al\n{SOLO}\n'
    res = validate_text(text, path="qa.shn")
    d = res.errors[0]
    assert (d.code, d.line, d.col, d.found) == ("E-SEATS", line, col, alias)
    assert f"German card {card}" in d.message
    assert res.hands == []


def test_h_a_hand_own_cards_de_checks_the_session_seats_and_french_files_keep_those_aliases():
    text = ('%SHN 1.0\n[Event "QA"]\n[Seats "Al; Ha; Cy; Di"]\n[Rules "schafkopf"]\n\n'
            'hand 1  dealer Al\n[Cards "de"]\ngame Al solo herz  pts 70  win\n')
    d = _first_error(text)
    assert (d.code, d.line, d.col, d.found) == ("E-SEATS", 3, 13, "Ha")
    # without [Cards "de"] 'Ha' is no card spelling (French cards start with a rank): a valid alias
    fr = read('%SHN 1.0\n[Seats "Al; Ha; Cy; Di; Ed"]\n[Rules "wi5-called-ace"]\n\nhand 1  dealer Ha\n'
              'pick Cy  alone  pts 70  win\n')
    assert fr.errors == [] and fr.hands[0].errors == [] and fr.hands[0].dealer.value == "Ha"


# --------------------------------------------------------------------------
# properties: the stored header keeps every tag and annotation; the export's
# canonical form is a fixed point whatever the padding written

import re  # noqa: E402

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as hs  # noqa: E402

from ingest.shn.writer import tag_lines, write_hand  # noqa: E402
from ingest.validate import _session_header  # noqa: E402
from tests.strategies_shn import hand_records, sessions  # noqa: E402

_LAYOUT = re.compile(r"^(deal |t[0-9]+ )", re.M)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hs.data())
def test_property_stored_header_and_canonical_export(data):
    sess = data.draw(sessions(with_session_tag=True))
    h = data.draw(hand_records(session=sess))
    canonical = write_hand(h)
    header = _session_header(sess)
    back = read("%SHN 1.0\n" + header + "\n\n" + canonical)
    assert back.errors == [] and back.hands[0].errors == []
    # every session tag and its annotation survive the stored header (defect 9)
    assert back.hands[0].session.tags == sess.tags and back.hands[0].session.tag_notes == sess.tag_notes
    # the export's session tags are the canonical ones (notation.md §10)
    assert ex.canonical_session_tags(sess.id, header, canonical) == tag_lines(sess.tags, sess.tag_notes)
    # a hand written with other padding is exported canonical, the same facts
    padded = _LAYOUT.sub(lambda m: m.group(1).rstrip() + "   ", canonical)
    assert ex.canonical_hand(header, padded) == canonical
    assert ex.canonical_hand(header, canonical) == canonical
