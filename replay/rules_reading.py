"""How a house writes its rules in words, read as ``[Rules]`` parts (house32 F4).

Only for messages: a ``[Rules]`` text the judge refuses gets a suggestion of the
text it may have meant.  Nothing here is a rule; :mod:`replay.profile` holds the
flags (rules.md J) and checks every suggestion it makes by reading it again.

:func:`read_words` maps one part as a house writes it (``no DOB``, ``5-handed
called ace``, ``max 2 marks``, ``DOB=off``) to ``[Rules]`` parts; this module
imports nothing of :mod:`replay.profile` (the profile names and flags are passed
in), so the two make no import circle.
"""

from __future__ import annotations

import re

__all__ = ["NOT_LEASTER", "STAKE", "read_words", "flag_alias", "number_word", "seat_count_in"]

#: What :func:`read_words` gives for "no leasters": the no-pick game is not the
#: leaster, but which one it is (doubler, forced pick, ...) another part must say.
NOT_LEASTER = "!noPick=leaster"
#: What it gives for a stake in money (``stake=5``, ``5-10-15``, rules.md B-36):
#: no rule flag; the caller says how a stake is given.
STAKE = "!stake"

_NUMBERS = {"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
            "nine": 9, "ten": 10}

#: Flag names as houses write them (lower case, no spaces or dashes) -> the flag of rules.md J.
_FLAG_ALIASES = {
    "dob": "doubleOnBump", "doubleonthebump": "doubleOnBump", "doubleonbump": "doubleOnBump",
    "doublethebump": "doubleOnBump", "bumpdouble": "doubleOnBump",
    "crack": "allowCrack", "cracks": "allowCrack", "crackallowed": "allowCrack",
    "recrack": "allowRecrack", "recracks": "allowRecrack", "recrackallowed": "allowRecrack",
    "blitz": "allowBlitz", "blitzes": "allowBlitz", "castrate": "allowCastrate", "castrates": "allowCastrate",
    "maxmark": "maxMarks", "marks": "maxMarks", "markcap": "maxMarks", "nopicks": "noPick", "allpass": "noPick",
    "leaster": "noPick", "leasters": "noPick",
}
_NO_PICK = {"leaster": "leaster", "leasters": "leaster", "doubler": "doubler", "doublers": "doubler",
            "forcedpick": "forcedPick", "forcedpicks": "forcedPick", "moster": "moster", "mosters": "moster",
            "mittler": "mittler", "schneidster": "schneidster", "schwanzer": "schwanzer"}
#: "no leasters + doublers", "no leasters - doublers", "no leaster: doubler", "no leasters -> doublers", "no
#: leasters but doublers (instead)": the leaster is not played, the game after the connector is (verify32 F7).
#: "and", "&", "or", "nor" are no connector here: "no leasters or doublers" names no game that is played.
_NOT_LEASTER_THEN = re.compile(r"(?:no|not|without)\s+(?:the\s+)?leasters?\s*(?:\+|->|=>|→|[-–—:/]|\bbut\b|"
                               r"\binstead\b|\bso\b|\bthen\b|\bjust\b)\s*(?:play(?:ed)?\s+|a\s+|the\s+)*"
                               r"([a-z][a-z\s-]*?)(?:\s+(?:instead|played|then))?")
_STAKE_WORDS = ("stake", "stakes", "unit", "units", "cent", "cents", "money", "buyin", "ante")


def _squash(text: str) -> str:
    return re.sub(r"[\s_\-]+", "", text.lower())


def number_word(raw: str) -> int | None:
    """``2`` or ``two`` as a number; None for anything else."""
    raw = raw.strip().lower()
    if raw.isdigit():
        return int(raw)
    return _NUMBERS.get(raw)


def flag_alias(name: str, flags) -> str | None:
    """The flag of ``flags`` a house's name for it means: the flag itself in
    any case or spacing (``doubleonbump``), or a house word (``DOB``,
    ``crack``, ``double on the bump``); None when none fits."""
    key = _squash(name)
    by_low = {f.lower(): f for f in flags}
    if key in by_low:
        return by_low[key]
    return _FLAG_ALIASES.get(key)


def seat_count_in(phrase: str) -> tuple[int | None, str]:
    """The seat count a phrase names (``5-handed``, ``five handed``, ``5
    players``) and the phrase without it."""
    m = re.search(r"\b(\d|zero|one|two|three|four|five|six|seven|eight|nine|ten)[\s\-]*(?:handed|hand|players?|"
                  r"seats?|man)\b", phrase, re.I)
    if not m:
        return None, phrase
    return number_word(m.group(1)), (phrase[:m.start()] + " " + phrase[m.end():]).strip()


def _onoff(neg: bool) -> str:
    return "off" if neg else "on"


def read_words(part: str, flags) -> list[str] | None:
    """One part of a ``[Rules]`` text written in words, as ``flag=value``
    parts (or :data:`NOT_LEASTER`, :data:`STAKE`); None when it is not
    understood.  ``flags`` are the flag names of rules.md J.  A ``flag=value``
    part with a house's flag name (``DOB=off``) is read too; a value that is a
    number word (``maxMarks=two``) becomes its digits."""
    text = part.strip()
    if "=" in text:
        name, _, raw = (s.strip() for s in text.partition("="))
        if _squash(name) in _STAKE_WORDS:
            return [STAKE]
        flag = flag_alias(name, flags)
        if flag is None:
            return None
        if flag == "noPick":
            v = _NO_PICK.get(_squash(raw))
            return [f"noPick={v}"] if v else None
        low = raw.lower()
        if low in ("on", "yes", "true", "1", "y"):
            raw = "on"
        elif low in ("off", "no", "false", "0", "n", "none") and flag != "maxMarks":
            raw = "off"
        n = number_word(raw)
        return [f"{flag}={n if n is not None else raw}"]
    words = re.sub(r"[\s\-_]+", " ", text.lower()).strip(" .!")
    if re.fullmatch(r"\d+( \d+)+", words) or any(w in _STAKE_WORDS for w in words.split()):
        return [STAKE]  # "5-10-15" (rules.md B-36), "25 cent stakes"
    neg = bool(re.match(r"(no|not|without|off)\b", words)) or words.endswith(" off") or " not " in f" {words} "
    squashed = _squash(re.sub(r"\b(no|not|without|allowed|allow|played|play|is|are|on|off|with|the game)\b", " ",
                              words))
    out: list[str] = []
    m = re.search(r"(?:max(?:imum)?|cap(?:ped)?(?: at)?|up to) (\w+) marks?|(\w+) marks? (?:max(?:imum)?|cap)", words)
    if m:
        n = number_word(m.group(1) or m.group(2))
        return [f"maxMarks={n}"] if n is not None else None
    if re.search(r"\bdob\b|double on (the )?bump|bump doubles|double the bump", words):
        return [f"doubleOnBump={_onoff(neg)}"]
    if "recrack" in squashed:
        if re.search(r"\bcracks? (and|&) re ?cracks?", words) or squashed.startswith("crackand"):
            out.append(f"allowCrack={_onoff(neg)}")
        out.append(f"allowRecrack={_onoff(neg)}")
        return out
    if squashed in ("crack", "cracks", "cracking"):
        return [f"allowCrack={_onoff(neg)}"]
    if squashed in ("blitz", "blitzes", "blitzing"):
        return ["allowBlitz=none" if neg else "allowBlitz=queens"]
    if squashed in ("castrate", "castrates"):
        return [f"allowCastrate={_onoff(neg)}"]
    if squashed in ("pot", "apot", "thepot"):
        return [f"pot={_onoff(neg)}"]
    if then := _NOT_LEASTER_THEN.fullmatch(text.lower().strip(" .!")):  # "no leasters + doublers" (verify32 F7)
        game = _NO_PICK.get(_squash(then.group(1)))
        if game and game != "leaster":
            return [f"noPick={game}"]
    for word, game in _NO_PICK.items():
        if squashed.startswith(word):  # "leasters when nobody picks", "doublers"
            if game == "leaster" and neg:
                return [NOT_LEASTER]
            return None if neg else [f"noPick={game}"]
    return None
