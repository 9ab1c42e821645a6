"""Session 30, fixc30 F3: two ``[Rules]`` texts compared by their meaning in one place (``ingest.model.same_meaning``,
the profile each resolves to, its name aside), as W-POT-CARRY's group already did (break29b F2).  Before, the store
compared the profiles with their names (``wi5-pot`` and ``wi5-called-ace; pot=on`` read as other rules:
W-SESSION-HEADER said, an amendment refused E-AMEND-RULES) and W-SESSION-COPY compared the texts as written (``;pot=on``
and ``; pot=on`` "scored under" other rules); W-SESSION-DIFFERS did not look at the rules at all.  Tests both ways: the
same meaning written otherwise is no other rules, another meaning (also under the same profile name) is.

``shead rules``: ``wi5-pot`` is ``wi5-called-ace`` with ``pot=on``; ``doubleOnBump=on`` is ``wi5-called-ace``'s
default.  Amounts by hand from rules.md (/work/shared/reference/rules.md): five-handed called ace (B-33: a side
+2/+1/-1 at 61..90, B-28 tier 1), doubleOnBump (B-32: a plain loss -4/-2/+2; off: -2/-1/+1), a leaster (D-3) without
the pot: the winner +4, the others -1; with pot=on (D-19, docs/notation.md "The pot"): every player puts 1 in as
well, the winner +3, the others -2, the pot +5; a winning side takes the pot, the partner a quarter rounded down.
"""

from __future__ import annotations

import pytest

from ingest.model import same_meaning
from tests.cli_helpers import cli, ledger, write
from tests.cli_helpers import ingest_json as _ingest

SEATS = '[Seats "Ann=Ann Koch; Bob=Bob Lange; Cal=Cal Stein; Dot=Dot Frey; Eve=Eve Busch"]'


def head(rules: str, table: str = "") -> str:
    return (f'%SHN 1.0\n[Event "Tuesday Pot Game"]\n[Date "2026.12.01"]\n'
            + (f'[Table "{table}"]\n' if table else "") + f'{SEATS}\n[Rules "{rules}"]\n\n')


#: h1 leaster Ann (pot=on: Ann +3, the others -2, the pot 5); h2 Cal/Dot 50 lose (B-28, B-32: Cal -4, Dot -2, the
#: others +2; the side pays the pot's 5 in, Dot 5 // 4 = 1, Cal 4: Cal -8, Dot -3; the pot 10)
H12 = "hand 1  dealer Eve\nleaster Ann\n\nhand 2  dealer Ann\npick Cal  call AS  partner Dot  pts 50  lose\n"
H3 = "hand 3  dealer Bob\nleaster Dot\n"
#: the same meaning as `wi5-pot`: blanks, the flags in another order, a default written out
SAME = ["wi5-called-ace; pot=on", "wi5-called-ace;pot=on", "wi5-called-ace; doubleOnBump=on; pot=on",
        "wi5-called-ace;  pot = on ;doubleOnBump=on"]
#: another meaning: no pot; and the same profile name with a flag changed
OTHER = ["wi5-called-ace", "wi5-pot; doubleOnBump=off"]


def _header_warnings(rep: dict) -> list[str]:
    return [w["message"] for w in rep["warnings"] if w["code"] == "W-SESSION-HEADER"]


def test_same_meaning_compares_what_the_rules_mean():
    """The one comparison, both ways, for the texts of the tests below and a Schafkopf pair."""
    for r in SAME:
        assert same_meaning("wi5-pot", r) and same_meaning(r, "wi5-pot")
    for r in OTHER:
        assert not same_meaning("wi5-pot", r) and not same_meaning(r, "wi5-pot")
    assert same_meaning("wi5-called-ace; doubleOnBump=off; pot=on", "wi5-called-ace;pot=on;doubleOnBump=off")
    assert not same_meaning("netschafkopf", "wi5-called-ace")
    assert same_meaning("a house text nobody reads", "a house text nobody reads")
    assert not same_meaning("a house text nobody reads", "another house text")


@pytest.mark.parametrize("rules", SAME)
def test_a_session_continued_under_its_rules_written_another_way_is_no_other_rules(tmp_path, rules):
    """Hands 1, 2 stored under `wi5-pot`, hand 3 (leaster Dot) sent later under the same rules written another way:
    scored with the pot (Dot +3, the others -2, the pot 15), and no W-SESSION-HEADER.  Ledger: Ann 3 + 2 - 2 = +3,
    Bob -2 + 2 - 2 = -2, Cal -2 - 8 - 2 = -12, Dot -2 - 3 + 3 = -2, Eve -2 + 2 - 2 = -2 (sum -15: the pot's 15).
    Was: W-SESSION-HEADER "it is stored under [Rules 'wi5-pot'] and these hands are under [Rules ...]"."""
    db = tmp_path / "same.duckdb"
    _ingest(write(tmp_path, "h12.shn", head("wi5-pot") + H12), db)
    rep = _ingest(write(tmp_path, "h3.shn", head(rules) + H3), db)
    assert rep["ingested"] == 1 and _header_warnings(rep) == []
    assert ledger(db) == {"Ann Koch": 3, "Bob Lange": -2, "Cal Stein": -12, "Dot Frey": -2, "Eve Busch": -2}


@pytest.mark.parametrize("rules", OTHER)
def test_a_session_continued_under_other_rules_is_said(tmp_path, rules):
    """The other way: hand 3 under rules of another meaning (no pot; `wi5-pot` with doubleOnBump off, the same
    profile name) is said at its line (h3.shn line 7).  Without the pot its leaster is Dot +4, the others -1: Ann
    3 + 2 - 1 = +4, Bob -1, Cal -2 - 8 - 1 = -11, Dot -2 - 3 + 4 = -1, Eve -1 (sum -10: the pot's 10 stay)."""
    db = tmp_path / "other.duckdb"
    _ingest(write(tmp_path, "h12.shn", head("wi5-pot") + H12), db)
    rep = _ingest(write(tmp_path, "h3.shn", head(rules) + H3), db)
    (msg,) = _header_warnings(rep)
    assert f"it is stored under [Rules 'wi5-pot'] and these hands are under [Rules {rules!r}]" in msg
    (w,) = [w for w in rep["warnings"] if w["code"] == "W-SESSION-HEADER"]
    assert w["line"] == 7
    if rules == "wi5-called-ace":
        assert ledger(db) == {"Ann Koch": 4, "Bob Lange": -1, "Cal Stein": -11, "Dot Frey": -1, "Eve Busch": -1}


#: hand 2 with its own [Rules] line (a house rule of one round, notation.md §4.2) in a `wi5-called-ace; pot=on` night
H2_OWN = "hand 2  dealer Ann\n[Rules \"{own}\"]\npick Cal  call AS  partner Dot  pts 50  lose\n"
#: its amendment, the own line left out: Cal/Dot 61 win
H2_FIX = "hand 2  dealer Ann\npick Cal  call AS  partner Dot  pts 61  win\n"


def test_an_amendment_leaving_out_an_own_rules_line_of_the_same_meaning_goes_through(tmp_path):
    """Hand 2 stored with its own `[Rules "wi5-pot"]`, the night's rules by another name; amended without that line
    (Cal/Dot 61 win), it is scored by the same rules, so the amendment goes through.  h1 Ann +3, the others -2 (pot
    5); h2 Cal +2, Dot +1, the others -1 and the side takes the 5 (Dot 1, Cal 4): Cal +6, Dot +2 (pot 0); h3 leaster
    Dot +3, the others -2 (pot 5).  Ledger Ann 3 - 1 - 2 = 0, Bob -2 - 1 - 2 = -5, Cal -2 + 6 - 2 = +2, Dot -2 + 2 +
    3 = +3, Eve -5 (sum -5: the pot's 5).  Was: E-AMEND-RULES ("stored with its own [Rules 'wi5-pot'] line, which the
    amendment leaves out"), nothing changed."""
    db = tmp_path / "amend.duckdb"
    night = head("wi5-called-ace; pot=on") + "hand 1  dealer Eve\nleaster Ann\n\n" + H2_OWN.format(own="wi5-pot") \
        + "\n" + H3
    rep = _ingest(write(tmp_path, "night.shn", night), db)
    assert (rep["ingested"], rep["rejected"]) == (3, [])
    r = cli("ingest", "--amend", write(tmp_path, "fix.shn", head("wi5-called-ace; pot=on") + H2_FIX), "--reason",
            "h2 was won", "--db", str(db), ok=False)
    assert r.exit_code == 0 and "E-AMEND-RULES" not in r.output, r.output
    assert ledger(db) == {"Ann Koch": 0, "Bob Lange": -5, "Cal Stein": 2, "Dot Frey": 3, "Eve Busch": -5}


def test_an_amendment_leaving_out_an_own_rules_line_of_another_meaning_is_refused(tmp_path):
    """The other way: hand 2's own `[Rules "wi5-pot; doubleOnBump=off"]` (the same name, another meaning) left out:
    E-AMEND-RULES at the amendment's hand 2 (fix.shn line 7), nothing changed: the ledger stays h1 Ann +3, the others
    -2; h2 Cal/Dot 50 lose without double on the bump (-2/-1/+1) paying the pot's 5 in (Dot 1, Cal 4): Cal -6, Dot
    -2, the others +1; h3 Dot +3, the others -2: Ann +2, Bob -3, Cal -10, Dot -1, Eve -3 (sum -15: the pot's 15)."""
    db = tmp_path / "amend2.duckdb"
    night = head("wi5-called-ace; pot=on") + "hand 1  dealer Eve\nleaster Ann\n\n" \
        + H2_OWN.format(own="wi5-pot; doubleOnBump=off") + "\n" + H3
    _ingest(write(tmp_path, "night.shn", night), db)
    want = {"Ann Koch": 2, "Bob Lange": -3, "Cal Stein": -10, "Dot Frey": -1, "Eve Busch": -3}
    assert ledger(db) == want
    fix = write(tmp_path, "fix.shn", head("wi5-called-ace; pot=on") + H2_FIX)
    r = cli("ingest", "--amend", fix, "--reason", "h2 was won", "--db", str(db), ok=False)
    assert r.exit_code != 0 and f"{fix}:7:1: E-AMEND-RULES" in r.output, r.output
    assert ledger(db) == want


# -- W-SESSION-COPY and W-SESSION-DIFFERS: the note that the two copies are under other rules ----------------------

@pytest.mark.parametrize(("rules", "noted"), [("wi5-called-ace;pot=on", False), ("wi5-called-ace", True)])
def test_a_copy_is_said_under_other_rules_only_when_they_mean_other_rules(tmp_path, rules, noted):
    """The night (h1..h3, `wi5-called-ace; pot=on`) sent again as another table (`[Table "B"]`), the same texts:
    W-SESSION-COPY.  Under `wi5-called-ace;pot=on` (the same rules) it says nothing of rules (was: "scored under
    [Rules 'wi5-called-ace;pot=on'], the stored one under [Rules 'wi5-called-ace; pot=on']"); under
    `wi5-called-ace` (no pot: its units differ) it says so."""
    db = tmp_path / "copy.duckdb"
    _ingest(write(tmp_path, "a.shn", head("wi5-called-ace; pot=on") + H12 + "\n" + H3), db)
    rep = _ingest(write(tmp_path, "b.shn", head(rules, table="B") + H12 + "\n" + H3), db)
    (msg,) = [w["message"] for w in rep["warnings"] if w["code"] == "W-SESSION-COPY"]
    note = f"(scored under [Rules {rules!r}], the stored one under [Rules 'wi5-called-ace; pot=on'])"
    assert (note in msg) is noted and ("scored under" in msg) is noted, msg


#: a night of three picked hands: h1 Ann/Bob 70 win (+2/+1/-1), h2 Cal/Dot 50 lose, h3 Eve/Ann 80 win (+2/+1/-1)
NIGHT = ("hand 1  dealer Eve\npick Ann  call AS  partner Bob  pts {h1}  win\n\n"
         "hand 2  dealer Ann\npick Cal  call AS  partner Dot  {h2}\n\n"
         "hand 3  dealer Bob\npick Eve  call AH  partner Ann  pts 80  win\n")


def test_one_night_from_two_scorers_under_rules_of_another_meaning_says_so(tmp_path):
    """W-SESSION-DIFFERS: the night stored under `wi5-called-ace`, a second scorer's copy (`[Table "B"]`, h1 written
    `pts 75`: the same tier, the same units) under `wi5-called-ace; doubleOnBump=off`: hand 2's plain loss is -4/-2/+2
    doubled on the bump (B-32) there and -2/-1/+1 here.  Said, naming hand 2 with both units, and that the copies are
    under other rules (the hand may differ by them, not by the scorer)."""
    db = tmp_path / "differs.duckdb"
    _ingest(write(tmp_path, "a.shn", head("wi5-called-ace") + NIGHT.format(h1=70, h2="pts 50  lose")), db)
    rep = _ingest(write(tmp_path, "b.shn", head("wi5-called-ace; doubleOnBump=off", table="B")
                        + NIGHT.format(h1=75, h2="pts 50  lose")), db)
    (msg,) = [w["message"] for w in rep["warnings"] if w["code"] == "W-SESSION-DIFFERS"]
    assert ("hand 2 (dealer Ann Koch, Cal Stein picked): here lose at 50 (Cal Stein -2, Dot Frey -1, Ann Koch +1, Bob "
            "Lange +1, Eve Busch +1), stored lose at 50 (Cal Stein -4, Dot Frey -2, Ann Koch +2, Bob Lange +2, Eve Busch "
            "+2)") in msg, msg
    assert ("(scored under [Rules 'wi5-called-ace; doubleOnBump=off'], the stored one under [Rules 'wi5-called-ace']:"
            " a hand may differ by the rules, not by the scorer)") in msg, msg


def test_one_night_from_two_scorers_under_its_rules_written_another_way_says_nothing_of_rules(tmp_path):
    """The other way: the copy under `wi5-called-ace; doubleOnBump=on` (the same rules, the default written out), its
    hand 2 written `pts 62  win` (a scorer's difference: Cal +2, Dot +1, the others -1 against the stored -4/-2/+2):
    W-SESSION-DIFFERS names hand 2, and says nothing of rules."""
    db = tmp_path / "differs2.duckdb"
    _ingest(write(tmp_path, "a.shn", head("wi5-called-ace") + NIGHT.format(h1=70, h2="pts 50  lose")), db)
    rep = _ingest(write(tmp_path, "b.shn", head("wi5-called-ace; doubleOnBump=on", table="B")
                        + NIGHT.format(h1=75, h2="pts 62  win")), db)
    (msg,) = [w["message"] for w in rep["warnings"] if w["code"] == "W-SESSION-DIFFERS"]
    assert ("hand 2 (dealer Ann Koch, Cal Stein picked): here win at 62 (Cal Stein +2, Dot Frey +1, Ann Koch -1, Bob "
            "Lange -1, Eve Busch -1), stored lose at 50 (Cal Stein -4, Dot Frey -2, Ann Koch +2, Bob Lange +2, Eve Busch "
            "+2)") in msg, msg
    assert "scored under" not in msg and "[Rules" not in msg, msg
