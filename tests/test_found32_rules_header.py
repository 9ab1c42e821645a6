"""house32 F3, F4, F5: the messages for a ``[Rules "…"]`` header a real house writes
(rules.md J, docs/profiles.md, replay/profile.py).

Every header below sits on line 6 as ``[Rules "VALUE"]``: the value starts at column 9
(``[Rules "`` is 8 characters, notation.md's ``[Name "value"]``), so a part that starts
``k`` characters into the value is at column ``9 + k``.  The [Seats] tag is line 5.
"""

from __future__ import annotations

from typer.testing import CliRunner

from ingest.cli import app
from ingest.validate import validate_text

SEATS5 = "Al; Bea; Cy; Di; Ed"
SEATS6 = "Al; Bea; Cy; Di; Ed; Flo"
SEATS7 = "Al; Bea; Cy; Di; Ed; Flo; Gus"
HAND = "\nhand 1  dealer Ed\npick Bea  partner Di  pts 61  win\n"


def shn(rules: str | None, seats: str = SEATS5) -> str:
    tag = f'[Rules "{rules}"]\n' if rules is not None else "\n"
    return ('%SHN 1.0\n[Event "H32"]\n[Date "2026.11.15"]\n[Table "1"]\n'
            f'[Seats "{seats}"]\n' + tag + HAND)


def refusal(rules: str | None, seats: str = SEATS5):
    res = validate_text(shn(rules, seats), path="h.shn")
    assert not res.hands and len(res.rejected) == 1
    (d,) = res.rejected[0].errors[:1]
    return d


def flat(text: str) -> str:
    return " ".join(text.split())


# ---- F3: every bad part of the header in one run, each with its own column, in the order written ----------------

def test_f3_every_bad_flag_in_one_message_in_order_with_columns():
    # value "wi5-called-ace; doubleOnBump=on; noPick=leasters; maxMarks=two; crack=on"
    #   "wi5-called-ace; "  16 chars -> doubleOnBump at 9+16 = 25 (good)
    #   "doubleOnBump=on; " 17 -> noPick at 42, its value 'leasters' at 42+7 = 49
    #   "noPick=leasters; " 17 -> maxMarks at 59, its value 'two' at 59+9 = 68 (the tester's 6:68)
    #   "maxMarks=two; "    14 -> crack at 73 (a flag name: placed at the flag)
    d = refusal("wi5-called-ace; doubleOnBump=on; noPick=leasters; maxMarks=two; crack=on")
    assert (d.line, d.col) == (6, 49)  # at the first bad part written
    assert d.code == "E-RULES-VALUE"
    m = flat(d.message)
    assert m.startswith("3 parts of [Rules] are wrong:")
    i49, i68, i73 = m.index("column 49: "), m.index("column 68: "), m.index("column 73: ")
    assert i49 < i68 < i73  # in the order written
    # our words, not pydantic's: the values rules.md J gives noPick, a near miss suggested
    assert ("column 49: noPick takes leaster, doubler, forcedPick, moster, mittler, schneidster or schwanzer "
            "(rules.md J), found 'leasters'; did you mean noPick=leaster?") in m
    assert "column 68: maxMarks takes a whole number (0: no cap), found 'two'; did you mean maxMarks=2?" in m
    assert "column 73: unknown rule flag 'crack'; did you mean allowCrack=on?" in m
    assert "Input should" not in m and "literal" not in m
    # the whole header corrected, every part kept, in the order written
    assert ('did you mean [Rules "wi5-called-ace; doubleOnBump=on; noPick=leaster; maxMarks=2; allowCrack=on"]?'
            in m)


def test_f3_one_bad_literal_value_in_our_words():
    # "wi5-called-ace; " 16 -> allowBlitz at 25, its value at 25+11 = 36
    d = refusal("wi5-called-ace; allowBlitz=jacks")
    assert (d.code, d.line, d.col) == ("E-RULES-VALUE", 6, 36)
    assert "allowBlitz takes none, queens or queensAndJacks (rules.md J), found 'jacks'" in flat(d.message)
    assert "Input should" not in d.message


# ---- F4: suggestions that fit -------------------------------------------------------------------------------------

def test_f4_profile_suggestion_fits_the_seats_and_keeps_the_other_parts():
    # 5 seats: the jack-of-diamonds game for five is wi5-jack-of-diamonds (rules.md F-1; shead rules), never wi7-;
    # "no DOB" is doubleOnBump=off (rules.md J) and must be kept in the suggestion
    d = refusal("jack of diamonds; no DOB")
    assert (d.code, d.line, d.col) == ("E-RULES-NAME", 6, 9)
    m = flat(d.message)
    assert "wi7-" not in m
    assert 'did you mean [Rules "wi5-jack-of-diamonds; doubleOnBump=off"]?' in m
    assert "`shead rules` lists the profiles and flags" in m


def test_f4_profile_suggestion_for_seven_seats():
    # a lone part: the part's own suggestion is the whole header; the profiles of 7 seats expected (rules.md F-1)
    d = refusal("jack of diamonds", SEATS7)
    assert "unknown rule profile 'jack of diamonds'; did you mean 'wi7-jack-of-diamonds'?" in flat(d.message)
    assert d.expected == "wi7-jack-of-diamonds or wi7-die-roll or wi7-shared-blind"


def test_f4_stake_points_at_how_a_stake_is_written():
    # "wi5-called-ace; " 16 -> stake at 25
    d = refusal("wi5-called-ace; stake=5")
    assert (d.code, d.line, d.col) == ("E-RULES-FLAG", 6, 25)
    m = flat(d.message)
    assert "potTake" not in m
    assert ("stake=5: the money a unit is worth is no rule flag: a log keeps units "
            "(rules.md B-36: a 5¢ unit is the \"5-10-15\" game)") in m
    assert "--columns stake=" in m  # how a money sheet gives it (README "Money sheets")


def test_f4_comma_separated_flags_all_valid_with_semicolons():
    d = refusal("wi5-called-ace, doubleOnBump=off")
    assert (d.line, d.col) == (6, 9)
    m = flat(d.message)
    assert "flags are separated by `;`, not `,`" in m
    assert 'with `;` every part is valid: [Rules "wi5-called-ace; doubleOnBump=off"]' in m
    assert "unknown rule flag 'wi5-called-ace, doubleOnBump'" not in m


def test_f4_comma_separated_plain_words_keep_the_doubler_rule():
    # "no leasters" + "doublers": when all pass a doubler is played (rules.md D-11, J noPick=doubler)
    d = refusal("wi5-jack-of-diamonds, no leasters, doublers")
    m = flat(d.message)
    assert "flags are separated by `;`, not `,`" in m
    assert 'did you mean [Rules "wi5-jack-of-diamonds; noPick=doubler"]?' in m
    assert "did you mean 'wi5-jack-of-diamonds'?" not in m


def test_f4_plain_language_profile_and_flags():
    text = ("5-handed called ace, double on the bump, leasters when nobody picks, cracks and recracks allowed, "
            "max 2 marks")
    d = refusal(text)
    assert (d.code, d.line, d.col) == ("E-RULES-NAME", 6, 9)
    m = flat(d.message)
    assert ('did you mean [Rules "wi5-called-ace; doubleOnBump=on; noPick=leaster; allowCrack=on; allowRecrack=on; '
            'maxMarks=2"]?') in m
    assert "`shead rules` lists the profiles and flags" in m
    assert "wi2 or wi2-all-table" not in m  # not the list of all 35 names


def test_f4_dob_off():
    # "wi5-called-ace; " 16 -> DOB at 25
    d = refusal("wi5-called-ace; DOB=off")
    assert (d.code, d.line, d.col) == ("E-RULES-FLAG", 6, 25)
    assert "unknown rule flag 'DOB'; did you mean doubleOnBump=off?" in flat(d.message)


def test_f4_a_part_not_understood_is_named_not_dropped():
    d = refusal("jack of diamonds; free beer")
    m = flat(d.message)
    assert "'free beer'" in m and "`shead rules` lists the profiles and flags" in m
    assert '[Rules "wi5-jack-of-diamonds"]?' not in m  # a suggestion would drop 'free beer' silently


def test_f4_shead_rules_command_says_it_too():
    r = CliRunner().invoke(app, ["rules", "wi5-called-ace, doubleOnBump=off"])
    assert r.exit_code == 1
    assert 'with `;` every part is valid: [Rules "wi5-called-ace; doubleOnBump=off"]' in flat(r.output)


def test_single_known_message_kept():
    d = refusal("wi5-called-ace; doubleOnBmp=off")
    assert (d.code, d.col) == ("E-RULES-FLAG", 25)
    assert "unknown rule flag 'doubleOnBmp'; did you mean doubleOnBump=off?" in flat(d.message)


# ---- F5: no [Rules] tag and a [Seats] count the default does not fit --------------------------------------------

def test_f5_no_rules_tag_seven_seats():
    # no [Rules]: the default wi5-called-ace (rules.md J) is for 5 seats; the 7-seat profiles of
    # rules.md F-1 / docs/profiles.md are wi7-jack-of-diamonds, wi7-die-roll, wi7-shared-blind
    d = refusal(None, SEATS7)
    assert (d.code, d.line, d.col) == ("E-SEATS", 5, 1)
    m = flat(d.message)
    assert "[Seats] lists 7 seats" in m
    assert "no [Rules] tag is in force, so the default profile was assumed: wi5-called-ace is played by 5" in m
    assert "the profiles played by 7 seats are wi7-jack-of-diamonds, wi7-die-roll and wi7-shared-blind" in m


def test_f5_no_rules_tag_six_seats():
    d = refusal(None, SEATS6)
    m = flat(d.message)
    assert "no [Rules] tag is in force, so the default profile was assumed" in m
    assert ("the profiles played by 6 seats are wi6-sit-out, wi6-jack-of-diamonds, wi6-black-queens, wi6-jd-ace "
            "and wi6-7d-high") in m


def test_f5_rules_tag_written_names_the_profiles_of_the_count():
    d = refusal("wi7-jack-of-diamonds", SEATS5)
    m = flat(d.message)
    assert "[Seats] lists 5 seats; wi7-jack-of-diamonds is played by 7" in m
    assert "no [Rules] tag" not in m
    assert "the profiles played by 5 seats are wi5-called-ace, wi5-jack-of-diamonds" in m


def test_f4_no_leasters_alone_asks_what_is_played_and_a_stake_word_is_told():
    # "wi5-called-ace; " 16 -> 'no leasters' at 25: understood as "not the leaster", but which no-pick game
    # (rules.md D-11..D-18, J noPick) it does not say, so no whole text is suggested
    d = refusal("wi5-called-ace; no leasters")
    assert (d.code, d.col) == ("E-RULES-FLAG", 25)
    m = flat(d.message)
    assert ("'no leasters' is not flag=value (only the first item may name a profile): it does not say what is "
            "played when all pass (noPick=doubler, forcedPick, moster, mittler, schneidster or schwanzer") in m
    assert "[Rules \"" not in m
    # the "5-10-15" of rules.md B-36 written as a part: said to be no rule flag, and how a stake is given
    d = refusal("wi5-called-ace; 5-10-15")
    m = flat(d.message)
    assert "'5-10-15' is not flag=value (only the first item may name a profile): the money a unit is worth" in m
    assert "--columns stake=" in m


def test_verify32_f7_no_leasters_then_a_game_after_a_connector_says_that_game():
    # verify32 F7: "no leasters + doublers" / "no leasters - doublers" say the no-pick game: when all pass a
    # doubler is played (rules.md D-11, J noPick=doubler), as "no leasters, doublers" already reads.
    # "wi5-jack-of-diamonds; " is 22 characters: the part starts at column 9 + 22 = 31.
    for part in ("no leasters + doublers", "no leasters - doublers", "No Leasters -> doublers",
                 "no leaster: doubler", "no leasters but doublers", "no leasters, forced pick instead"):
        d = refusal(f"wi5-jack-of-diamonds; {part}")
        assert (d.code, d.col) == ("E-RULES-FLAG", 31), (part, d)
        m = flat(d.message)
        want = "noPick=forcedPick" if "forced" in part else "noPick=doubler"
        assert "it does not say what is played when all pass" not in m, (part, m)
        assert f"did you mean {want}?" in m or f'[Rules "wi5-jack-of-diamonds; {want}"]' in m, (part, m)
    # the suggestion is a text the judge reads: D-11's doubler when all pass
    res = validate_text(shn("wi5-jack-of-diamonds; noPick=doubler"), path="h.shn")
    assert res.hands and not res.rejected
    # "no leasters or doublers" names no game played: still asked which
    m = flat(refusal("wi5-jack-of-diamonds; no leasters or doublers").message)
    assert "noPick=doubler?" not in m
