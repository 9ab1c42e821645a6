"""``shead rules``: what a ``[Rules]`` text means, and which names exist.

A group writing its first ``[Rules "…"]`` line wants to see what the engine
will play before it logs a night: :func:`catalogue` lists every named
profile (Sheepshead's rules.md J profiles, Schafkopf's, Indiana, the fox
game) in a line each, and :func:`explain` reads one text with the parser the
judge uses (:func:`replay.profile.parse_rules`,
:func:`replay.schafkopf.parse_schafkopf_rules`) and lists every flag with
its value, marking the ones the text sets.  The meaning of each flag is
rules.md J and docs/profiles.md; nothing here decides a rule.
"""

from __future__ import annotations

__all__ = ["catalogue", "explain"]

#: The two games that are labels of their own, not profiles of flags (rules.md F-5, F-6; docs/profiles.md).
_OTHER_GAMES = {
    "in4": "Indiana four-handed: the race to 24 points, replayed (rules.md F-5; docs/profiles.md)",
    "fox4": "the fox game: a logged label with its tokens and points, never replayed (rules.md F-6)",
}


def _onoff(v: object) -> str:
    return ("on" if v else "off") if isinstance(v, bool) else str(v)


def _sheepshead_line(name: str) -> str:
    from replay.profile import NAMED_PROFILES, RuleProfile  # noqa: PLC0415

    p = RuleProfile(**NAMED_PROFILES[name], name=name)
    table = f"{p.players} seats, {p.deck} cards, {p.handCards} each, blind {p.blindCards}"
    if p.sitOut:
        table += ", the dealer sits out"
    if p.tableStacks:
        table += f", {p.tableStacks} table stacks a seat"
    extra = [f"{k}={_onoff(v)}" for k, v in NAMED_PROFILES[name].items()
             if k not in ("players", "deck", "handCards", "blindCards", "sitOut", "tableStacks", "partnerMode")]
    return f"{name:26} {table}; partner: {p.partnerMode}" + (f"; {', '.join(extra)}" if extra else "")


def catalogue() -> list[str]:
    """One line a named profile: Sheepshead (seats, cards, partner mode,
    the flags the name sets), Schafkopf (its tariff in units,
    :func:`replay.schafkopf.describe_tariff`), then Indiana and the fox
    game."""
    from replay.profile import NAMED_PROFILES  # noqa: PLC0415
    from replay.schafkopf import SCHAFKOPF_PROFILES, describe_tariff  # noqa: PLC0415

    out = ["Sheepshead (rules.md J; flags after the name: [Rules \"wi5-called-ace; doubleOnBump=off\"]):"]
    out += ["  " + _sheepshead_line(n) for n in NAMED_PROFILES]
    out.append("Schafkopf (rules.md G; [Rules \"netschafkopf; tariff.sauspiel=20\"]):")
    out += [f"  {n:26} {describe_tariff(p)}" for n, p in SCHAFKOPF_PROFILES.items()]
    out.append("Other games:")
    out += [f"  {n:26} {text}" for n, text in _OTHER_GAMES.items()]
    return out


def explain(text: str) -> list[str]:
    """Every flag of the profile ``text`` gives, a line each (``flag =
    value``, with ``(set)`` where the text sets it and ``(from NAME)`` where
    the name does), after a first line naming the game.  Raises
    :class:`replay.errors.ShedError` subclasses (``ProfileError``: code,
    message, found, expected) for a text the judge would refuse."""
    name = text.split(";")[0].strip()
    if name in _OTHER_GAMES:
        return [f"{name}: {_OTHER_GAMES[name]}"]
    from replay.schafkopf import SCHAFKOPF_PROFILES, describe_tariff, parse_schafkopf_rules  # noqa: PLC0415

    if name in SCHAFKOPF_PROFILES:
        p = parse_schafkopf_rules(text)
        base = SCHAFKOPF_PROFILES[name]
        out = [f"Schafkopf, {name}: {describe_tariff(p)}"]
        for f in type(p).model_fields:
            v, b = getattr(p, f), getattr(base, f)
            shown = v.model_dump() if hasattr(v, "model_dump") else _onoff(v)
            out.append(f"  {f} = {shown}" + ("  (set)" if v != b else ""))
        return out
    from replay.profile import NAMED_PROFILES, TABLE_FIELDS, RuleProfile, parse_rules  # noqa: PLC0415

    p = parse_rules(text)
    named = NAMED_PROFILES[p.name]
    base = RuleProfile(**named, name=p.name)
    out = [f"Sheepshead, {p.name}: " + _sheepshead_line(p.name).split(None, 1)[1]]
    for f in RuleProfile.model_fields:
        if f == "name":
            continue
        v = getattr(p, f)
        mark = "  (set)" if v != getattr(base, f) else ("  (from the name)" if f in named and f not in TABLE_FIELDS
                                                          else "")
        out.append(f"  {f} = {_onoff(v)}{mark}")
    return out
