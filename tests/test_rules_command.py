"""``shead rules``: the named profiles, and what a ``[Rules]`` text gives
(a tester looked for it; the values are rules.md J's defaults and the named
profiles of rules.md J / docs/profiles.md)."""

from __future__ import annotations

from typer.testing import CliRunner

from ingest.cli import app

runner = CliRunner()


def lines(*args: str) -> list[str]:
    r = runner.invoke(app, ["rules", *args])
    assert r.exit_code == 0, r.output
    return [" ".join(x.split()) for x in r.output.splitlines()]


def test_the_catalogue_names_each_game_s_profiles():
    out = lines()
    assert "wi5-called-ace 5 seats, 32 cards, 6 each, blind 2; partner: calledAce" in out
    assert "wi5-jack-of-diamonds 5 seats, 32 cards, 6 each, blind 2; partner: jackOfDiamonds" in out
    # rules.md F-3: four-handed cutthroat, 7 each, the picker buries 4 and plays alone
    assert "wi4-cutthroat 4 seats, 32 cards, 7 each, blind 4; partner: alone" in out
    assert any(x.startswith("netschafkopf Rufspiel 2 · Einzelspiel 5") for x in out)
    assert any(x.startswith("in4 Indiana four-handed") for x in out) and any(x.startswith("fox4 ") for x in out)


def test_a_text_lists_every_flag_and_marks_what_it_sets():
    out = lines("wi5-called-ace; doubleOnBump=off; noPick=doubler")
    assert out[0] == "Sheepshead, wi5-called-ace: 5 seats, 32 cards, 6 each, blind 2; partner: calledAce"
    # rules.md J: doubleOnBump defaults on, noPick leaster, allowCrack on
    assert "doubleOnBump = off (set)" in out and "noPick = doubler (set)" in out
    assert "allowCrack = on" in out and "leasterTie = wash" in out
    out = lines("wi5-spitz")
    assert "trumpOrder = spitz2 (from the name)" in out  # rules.md F-7
    out = lines("netschafkopf; tariff.sauspiel=20")
    assert out[0].startswith("Schafkopf, netschafkopf: Rufspiel 20 · Einzelspiel 5")


def test_a_text_the_judge_refuses_is_named_with_why():
    r = runner.invoke(app, ["rules", "wi5-called-ace; doubleOnBum=off"])
    assert r.exit_code == 1
    assert "E-RULES-FLAG: unknown rule flag 'doubleOnBum'; did you mean doubleOnBump=off?" in " ".join(r.output.split())
    r = runner.invoke(app, ["rules", "wi5-calledace"])
    assert r.exit_code == 1 and "did you mean 'wi5-called-ace'?" in r.output
