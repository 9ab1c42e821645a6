"""The Log a hand page's score-sheet form for a Schafkopf game: the form's
values as the lines of an SHN-SK score-sheet game (notation.md §14.3,
§14.7), each chunk tagged with the form field that wrote it, so that the
validator's error at a line and column lands at that field.

Nothing here scores: the page validates the text exactly as ``shead
ingest`` does (:func:`ingest.validate.validate_text`), and the rules of
rules.md G (the tariff, Laufende, Kontra, Klopfen) live in
:mod:`replay.schafkopf`.  Values arrive normalised by the page: ``None`` for
what the table did not write (the rules derive it, or refuse with
``E-RESULT-UNKNOWN`` when two results fit), ``"?"`` for a partner known to
exist but not named.
"""

from __future__ import annotations

__all__ = ["GAMES", "GAME_LABELS", "SAU_SUITS", "SUIT_WORDS", "game_lines", "sau_card", "needs_declarer"]

#: The games the form offers, in the order a Stammtisch announces them (rules.md G-4, G-7, G-8, G-17).
GAMES = ("sauspiel", "solo", "wenz", "geier", "farbwenz", "farbgeier", "ramsch", "thrown")
GAME_LABELS = {"sauspiel": "Sauspiel", "solo": "Solo", "wenz": "Wenz", "geier": "Geier", "farbwenz": "Farbwenz",
               "farbgeier": "Farbgeier", "ramsch": "Ramsch", "thrown": "thrown in"}
#: The suit words of SHN-SK (notation.md §14.3), in either card scheme.
SUIT_WORDS = ("eichel", "gras", "herz", "schellen")
#: The Sau a Sauspiel may call: never the Herz-Sau (rules.md G-10).
SAU_SUITS = ("eichel", "gras", "schellen")
_SAU = {True: {"eichel": "EA", "gras": "GA", "schellen": "SA"},  # [Cards "de"]: suit letter, then rank
        False: {"eichel": "AC", "gras": "AS", "schellen": "AD"}}  # English cards: Eichel = clubs, Gras = spades


def sau_card(suit: str, german: bool) -> str:
    """The called Sau of ``suit`` (``eichel``, ``gras``, ``schellen``) as a
    card token of the session's scheme: ``EA`` under ``[Cards "de"]``,
    ``AC`` otherwise (notation.md §14.2, §14.3).  Raises ``KeyError`` for
    the Herz-Sau or another word."""
    return _SAU[german][suit]


def needs_declarer(game: str) -> bool:
    """Whether ``game`` is announced by a declarer (not a Ramsch, not a deal thrown in)."""
    return game not in ("ramsch", "thrown")


def game_lines(v: dict, german: bool) -> list[list[tuple[str, str]]]:
    """The statement lines of the game after its ``hand N  dealer S`` line,
    as ``(text, form field)`` chunks: the announced game (``game S
    sauspiel EA``, ``game S solo herz tout``, ``ramsch``, ``thrown``), the
    marks (``klopfen``, ``kontra``, ``re``), then the result (``partner``,
    ``laufende``, ``pts``, ``tricks``, the outcome word).  The score line is
    the page's (it is the Sheepshead form's).

    ``v`` keys: ``game`` (one of :data:`GAMES`), ``declarer``, ``sau`` (a
    Sauspiel's suit word), ``suit`` (a Solo's, Farbwenz's or Farbgeier's),
    ``tout`` (bool), ``partner`` (a seat, ``"?"`` or None), ``klopfen``
    (seats), ``kontra`` and ``re`` (a seat or None), ``laufende`` (int or
    None), ``laufende_with`` (bool), ``pts``, ``tricks`` (int or None) and
    ``outcome`` (an outcome word or None)."""
    game = v["game"]
    lines: list[list[tuple[str, str]]] = []
    klopfen = [(f"klopfen {s}", "sk_klopfen") for s in v.get("klopfen") or ()]
    if game == "thrown":
        return [[("thrown", "sk_game")]]
    if game == "ramsch":
        lines.append([("ramsch", "sk_game")] + klopfen)
        return lines
    words = f"game {v['declarer']} {game}"
    if game == "sauspiel":
        words += " " + sau_card(v["sau"], german)
    elif game in ("solo", "farbwenz", "farbgeier"):
        words += " " + v["suit"]
    if v.get("tout") and game != "sauspiel":
        words += " tout"
    lines.append([(words, "sk_game")] + klopfen)
    marks = [(f"kontra {v['kontra']}", "sk_kontra")] if v.get("kontra") else []
    if v.get("re"):  # written even without a Kontra: the validator says why that is no Re (E-SK-KONTRA)
        marks.append((f"re {v['re']}", "sk_re"))
    if marks:
        lines.append(marks)
    result = []
    if game == "sauspiel" and v.get("partner"):
        result.append((f"partner {v['partner']}", "partner"))
    if v.get("laufende") is not None:
        n = v["laufende"]
        side = "with" if v.get("laufende_with", True) else "without"
        result.append(("laufende 0" if n == 0 else f"laufende {n} {side}", "sk_laufende"))
    if v.get("pts") is not None:
        result.append((f"pts {v['pts']}", "pts"))
    if v.get("tricks") is not None:
        result.append((f"tricks {v['tricks']}", "tricks"))
    if v.get("outcome"):
        result.append((v["outcome"], "outcome"))
    if result:
        lines.append(result)
    return lines
