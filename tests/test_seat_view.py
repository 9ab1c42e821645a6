"""The hand as one seat saw it (issue 13): ``shead replay --seat S`` and its
JSON, built by :func:`replay.steps.seat_view`.

The property: before the hand's last step, no field of a seat's frames —
keys, values, the annotations, the text — names a card that seat could not
see at that step.  What a seat may see is worked out here from the hand
itself, independently of :mod:`replay.steps`: its dealt cards (the SHN
``deal`` line), the cards played so far (the judge's card log, in play
order: a card frame's ``step`` is the number of cards played), the called
card once called (named aloud), a blitz's pair, and — for the picker only,
from its pick on — the blind, the bury and the under card (rules.md B-5,
B-7, B-11, E-5).

Hand-worked facts of hand 14 of the example session (notation.md §13):
dealer Ed, so Al is first to act and passes; Bea picks the blind A♠ 7♥ and
buries A♠ K♣ (15 points, the annotation "15 points safe"), calls A♥; Di holds
A♥ (the partner).  Al's six cards are Q♠ J♦ 9♣ 7♠ 10♥ 8♥.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs
from typer.testing import CliRunner

from ingest.cli import app
from ingest.generate import generate_session_text
from ingest.pipeline import replay_frames
from ingest.replay_steps import hand_steps, seat_json
from ingest.shn.reader import read
from ingest.store import Store, StoredHand
from ingest.validate import validate_text
from replay.cards import Card
from replay.dd_check import random_schafkopf
from replay.schafkopf import Game, german

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "data" / "sheepshead" / "example_session.shn"
HAND14 = "Thursday Night Sheepshead / 2025.03.06 / 2#14"
TOKEN = re.compile(r"(?<![A-Za-z0-9])(?:10[CSHD]|[AKQJT987][CSHD]|[EGHS][AZKOU987])(?![A-Za-z0-9])")
_BLITZ = {("black", "queens"): "QC QS", ("red", "queens"): "QH QD", ("black", "jacks"): "JC JS",
          ("red", "jacks"): "JH JD"}


def _names(c: Card) -> set[str]:
    s = str(c)
    return {s, german(c)} | ({"10" + s[1]} if s[0] == "T" else set())


def _strings(obj):
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield str(k)
            yield from _strings(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from _strings(v)
    elif isinstance(obj, str):
        yield obj


def leaks(doc: dict, rec, plays: list[str], seat: str) -> list[tuple[int, str]]:
    """(frame index, card token) for every card named before the last frame
    that ``seat`` could not see then (the working in the module docstring)."""
    own = {str(c) for d in rec.deals if d.seat == seat for c in d.cards if c is not None}
    picker = rec.pick.value if rec.pick is not None else (rec.game.seat if rec.game is not None else None)
    called = set()
    if rec.call is not None and rec.call.card is not None:
        called.add(str(rec.call.card))
    if rec.game is not None and rec.game.called is not None:
        called.add(str(rec.game.called))
    secret = set()
    if rec.blind is not None:
        secret |= {str(c) for c in rec.blind.cards if c is not None}
    if rec.bury is not None:
        secret |= {str(c) for c in rec.bury.cards if c is not None}
    if rec.call is not None and rec.call.under is not None:
        secret.add(str(rec.call.under))
    pairs = [_BLITZ[(m.color or "black", m.pair)].split() for m in rec.marks if m.kind == "blitz"]
    frames = doc["frames"]
    bad = []
    picked = announced = False
    blitzed: set[str] = set()
    for i, f in enumerate(frames[:-1]):
        if f["kind"] == "blitz":  # the pair is shown to the table (rules.md E-5), in the order written
            blitzed |= set(pairs[len([x for x in frames[:i] if x["kind"] == "blitz"])])
        assert f["seat"] == seat
        picked |= f["kind"] == "pick"
        announced |= f["kind"] in ("call", "game") or f["step"] >= 0
        n = max(f["step"], 0) if f["kind"] != "claim" else len(plays)
        ok = own | set(plays[:n]) | (called if announced else set()) | blitzed
        if picker == seat and picked:
            ok |= secret
        names = set()
        for c in ok:
            names |= _names(Card.parse(c))
        for s in _strings(f):
            for tok in TOKEN.findall(s):
                if tok not in names:
                    bad.append((i, tok))
    return bad


def stored(vh) -> StoredHand:
    return StoredHand(hand_id=1, outcome=vh.outcome, cardlog=vh.cardlog, source=vh.source, file=vh.source_file,
                      line=vh.source_line, hash=vh.hash)


def seat_docs(text: str):
    """Every hand with a card log of ``text``, as (record, plays, {seat: seat JSON})."""
    result = validate_text(text, path="gen.shn")
    assert not result.rejected, [r.errors[0] for r in result.rejected]
    recs = {r.number: r for r in read(text, "gen.shn").hands}
    for vh in result.hands:
        if vh.cardlog is None or not vh.cardlog.plays:
            continue
        found = stored(vh)
        frames, sk, notes = replay_frames(found, "shn", text)
        assert not notes and frames
        hsteps = hand_steps(found, "shn", text, frames)
        plays = [p.card for p in vh.cardlog.plays]
        yield recs[vh.outcome.hand], plays, {a: json.loads(json.dumps(seat_json(found, hsteps, a)))
                                             for a in vh.outcome.players}


def schafkopf_text(seed: int) -> str:
    """One random legal Schafkopf game (:func:`replay.dd_check.random_schafkopf`)
    written as SHN-SK (notation.md §14): the deal is each seat's cards as it
    played them, the tricks in play order."""
    rng = random.Random(seed)
    g, plays = random_schafkopf(rng)
    aliases = ["Al", "Bea", "Cy", "Di"]
    dealt = {a: [] for a in aliases}
    for p in plays:
        dealt[aliases[p.seat]].append(german(p.card))
    if g.game is Game.SAUSPIEL:
        game = f"sauspiel {german(g.called)}"
    elif g.game is Game.SOLO:
        game = "solo " + ("eichel", "gras", "herz", "schellen")[g.suit]
    else:
        game = g.game.value
    lines = ['%SHN 1.0', '[Event "Generated"]', '[Date "2025.10.05"]', '[Seats "Al=Al; Bea=Bea; Cy=Cy; Di=Di"]',
             '[Rules "schafkopf-bsv"]', '[Cards "de"]', "", "hand 1  dealer Al"]
    lines += [f"deal {a} " + " ".join(cs) for a, cs in dealt.items()]
    lines.append(f"game {aliases[g.declarer]} {game}")
    for t, (leader, cards, _) in enumerate(g.tricks, 1):
        lines.append(f"t{t} {aliases[leader]}: " + " ".join(german(c) for _, c in cards))
    return "\n".join(lines) + "\n"


PROFILES = ["wi5-called-ace", "wi5-called-ace; allowBlitz=queensAndJacks; allowCastrate=on", "wi3",
            "wi6-jack-of-diamonds", "wi4-called-ace", "wi2", "wi6-sit-out", "wi5-spitz"]


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=hs.integers(0, 10 ** 6), rules=hs.sampled_from(PROFILES + ["schafkopf"]))
def test_no_seat_frame_names_a_card_that_seat_could_not_see(seed, rules):
    text = schafkopf_text(seed) if rules == "schafkopf" else generate_session_text(seed, 3, rules)
    seen = 0
    for rec, plays, docs in seat_docs(text):
        for seat, doc in docs.items():
            assert leaks(doc, rec, plays, seat) == []
            last = doc["frames"][-1]
            assert last["last"] and last["hand"]["source"]  # the whole hand at the end
            assert "source" not in doc and "cardlog" not in doc and "outcome" not in doc
            seen += 1
    assert seen or rules != "schafkopf"


def test_the_leak_check_finds_a_card_planted_in_a_note():
    """The check itself can fail: a note naming Bea's K♣ (her bury) in Al's
    view at the deal is a leak; naming his own Q♠ is not."""
    text = EXAMPLE.read_text(encoding="utf-8")
    rec, plays, docs = next(seat_docs(text))
    doc = docs["Al"]
    assert leaks(doc, rec, plays, "Al") == []
    doc["frames"][0]["note"] = "QS good, KC buried"
    assert leaks(doc, rec, plays, "Al") == [(0, "KC")]


# --------------------------------------------------------------------------
# hand 14 of the example, through the command line


@pytest.fixture
def example_db(tmp_path):
    db = tmp_path / "ex.duckdb"
    result = validate_text(EXAMPLE.read_text(encoding="utf-8"), path=str(EXAMPLE))
    with Store(db) as store:
        store.ingest_file(result)
    return db


def cli(*args) -> str:
    res = CliRunner().invoke(app, list(args))
    assert res.exit_code == 0, res.output
    return res.stdout


def test_defender_al_sees_his_cards_and_never_the_bury(example_db):
    doc = json.loads(cli("replay", HAND14, "--seat", "Al", "--json", "--db", str(example_db)))
    frames = doc["frames"]
    assert [f["kind"] for f in frames[:5]] == ["deal", "pass", "pick", "bury", "call"]
    assert [f["step"] for f in frames[:5]] == [-4, -3, -2, -1, 0]
    assert len(frames) == 5 + 30  # four steps before the first card, frame 0, 30 cards
    deal = frames[0]
    assert sorted(deal["hands"]["Al"]) == sorted(["QS", "JD", "9C", "7S", "TH", "8H"])
    assert deal["hands"]["Bea"] == [None] * 6
    pick = frames[2]
    assert pick["by"] == "Bea" and pick["cards"] == [None, None]  # the blind face down to Al
    assert pick["hands"]["Bea"] == [None] * 8  # 6 + the blind's 2
    assert frames[3]["cards"] == [None, None] and frames[3]["bury"] is None and frames[3]["note"] is None
    assert all(f["bury"] is None and f["blind"] is None for f in frames[:-1])
    assert frames[4]["called"] == "AH"
    # step 10 (two tricks, both Bea's: 20 + 9): the partner not revealed, Bea's own points only
    f10 = next(f for f in frames if f["step"] == 10)
    assert f10["partner"] is None and f10["picker_points"] == 29 and not f10["side_known"]
    # step 13: Di plays A♥, the partner is revealed
    f13 = next(f for f in frames if f["step"] == 13)
    assert f13["partner"] == "Di" and f13["side_known"]
    assert len(f13["tricks"]) == 2 and f13["tricks"][1]["winner"] == "Bea"
    # the annotation of trick 3 at Ed's... Al's 8H, the last card of the trick; TH?! at step 21
    assert next(f for f in frames if f["step"] == 15)["note"] == "called suit led; Di revealed"
    assert next(f for f in frames if f["step"] == 21)["suffix"] == "?!"
    end = frames[-1]
    assert end["bury"] == ["KC", "AS"] and end["blind"] == ["AS", "7H"]
    assert end["picker_points"] == 59 and end["defender_points"] == 61  # 44 + the bury's 15
    assert end["hand"]["source"].startswith("hand 14")


def test_picker_bea_sees_the_blind_from_her_pick_and_the_bury_note(example_db):
    doc = json.loads(cli("replay", HAND14, "--seat", "Bea", "--json", "--db", str(example_db)))
    f = doc["frames"]
    assert f[0]["blind"] is None  # before her pick she has not seen it
    assert f[2]["cards"] == ["AS", "7H"] and f[2]["blind"] == ["AS", "7H"]
    assert sorted(f[2]["hands"]["Bea"]) == sorted(["QC", "JC", "AD", "TD", "KC", "9S", "AS", "7H"])
    assert f[3]["bury"] == ["KC", "AS"] and f[3]["note"] == "15 points safe"
    assert sorted(f[3]["hands"]["Bea"]) == sorted(["QC", "JC", "AD", "TD", "9S", "7H"])
    f10 = next(x for x in f if x["step"] == 10)
    assert f10["partner"] is None and f10["picker_points"] == 29  # she does not know Di yet


def test_partner_di_knows_herself_from_the_call(example_db):
    doc = json.loads(cli("replay", HAND14, "--seat", "Di", "--json", "--db", str(example_db)))
    f = doc["frames"]
    assert f[3]["partner"] is None  # the bury: nothing is called yet
    assert f[4]["partner"] == "Di" and f[4]["side_known"]
    f5 = next(x for x in f if x["step"] == 5)  # trick 1 to Bea: 20 points, the side's
    assert f5["picker_points"] == 20 and f5["defender_points"] == 0


def test_seat_text_and_a_bad_seat(example_db):
    out = cli("replay", HAND14, "--seat", "Al", "--db", str(example_db))
    assert "as Al saw it" in out
    assert "the deal — Al holds" in out and "Bea picks (the blind, 2 cards, face down)" in out
    assert "Bea buries 2 cards face down" in out
    assert "→ Bea takes the trick (9 points); Bea 29, the others 0 (partner not yet known)" in out
    assert "15 points safe" not in out.split("The hand as it ended:")[0]
    res = CliRunner().invoke(app, ["replay", HAND14, "--seat", "Zed", "--db", str(example_db)])
    assert res.exit_code == 1 and "no seat 'Zed'" in res.output and "Al, Bea, Cy, Di, Ed" in res.output


def test_the_under_card_is_face_down_to_the_others_until_it_is_played():
    """Generated session seed 5 (wi5-called-ace), hand 1, read from its text:
    Ed picks the blind A♥ 7♥, buries J♥ 10♦ and calls ``AS under 7H``
    (rules.md B-11).  Trick 1 ``Bea: AS 7S 8S 7H KS``: Bea, Cy, Di, then Ed's
    7♥ — the under card — as the 4th card, Al's K♠ the 5th; Bea's A♠ takes it.
    To Ed it is his own card from the call.  house32 F2 (rules.md B-11e: only
    the trick's winner and the picker may look at it until the hand ends): to
    Al it stays face down in the trick too (it showed face up from step 4);
    to Bea, who takes the trick, it shows at step 5."""
    text = generate_session_text(5, 4, "wi5-called-ace")
    rec, plays, docs = next(seat_docs(text))
    assert rec.call.under == Card.parse("7H") and plays[:5] == ["AS", "7S", "8S", "7H", "KS"]
    al = {f["step"]: f for f in docs["Al"]["frames"] if f["kind"] != "deal"}
    call = next(f for f in docs["Al"]["frames"] if f["kind"] == "call")
    assert call["cards"] == ["AS", None] and call["under"] is None and call["under_face_down"]
    assert al[3]["under"] is None and al[3]["under_face_down"]
    assert al[4]["under"] is None and al[4]["under_face_down"] and al[4]["cards"] == [None]  # face down (B-11e)
    assert al[5]["under"] is None and al[5]["trick_cards"][3] == ["Ed", None] and al[5]["under_points_hidden"]
    bea = {f["step"]: f for f in docs["Bea"]["frames"] if f["kind"] != "deal"}
    assert bea[4]["under"] is None and bea[5]["under"] == "7H" and bea[5]["trick_cards"][3] == ["Ed", "7H"]
    ed = next(f for f in docs["Ed"]["frames"] if f["kind"] == "call")
    assert ed["cards"] == ["AS", "7H"] and ed["under"] == "7H" and not ed["under_face_down"]
    assert leaks(docs["Al"], rec, plays, "Al") == [] and leaks(docs["Ed"], rec, plays, "Ed") == []
