"""Whether two texts of one hand say the same thing (docs/storage.md,
"Duplicates by meaning").

A hand is identified by its session and number.  Two texts of it are **the
same hand** when they record the same facts — :func:`ingest.shn.record.facts`
of their records, which drops positions, the source text and ``;`` comments;
so spacing, padding, comments, statement order on a line and the canonical
form that ``shead export --format shn`` writes are all layout.  Anything else
(a card, a seat, a written point count) is a different hand: storing it
is ``E-HAND-CONFLICT`` and the message names the facts that differ
(:func:`differences`).  A copy whose annotations ``{...}`` alone differ
(:func:`notes_only`: a comment added on a night sent again) is counted a
duplicate, the stored text kept, and ``W-NOTES-DIFFER`` says how to take
the new notes (``shead ingest --amend``).

For a stored hand whose text is not SHN (a NetSchafkopf game, stored from its
protocol, exported as SHN-SK) the facts are compared on what both texts
derive to: the outcome (seats, game, points, units) and the card log
(:func:`outcome_differences`).
"""

from __future__ import annotations

__all__ = ["hand_facts", "same_hand", "same_in_another_session", "reads_the_same", "same_but_number", "notes_only", "score_left_out", "left_out", "differences", "outcome_differences", "describe", "with_differences"]

#: HandRecord fields that are not facts of the hand: the session it belongs to
#: (compared by session id already) and the reader's bookkeeping.
_NOT_FACTS = ("session", "sheet_row", "seating_from")  # a score sheet's row: where the record came from (newuser30)


def hand_facts(rec) -> dict:
    """The recorded facts of a :class:`~ingest.shn.record.HandRecord` as
    plain data (cards as text, no positions, no source), without its
    session."""
    from ingest.shn.record import facts  # noqa: PLC0415

    out = facts(rec)
    for k in _NOT_FACTS:
        out.pop(k, None)
    if "tags" in out:  # the hand's own tags as they are in force with its session's: the tag lines a stored hand
        # keeps of its own (ingest.store.in_session, with_own_tags) read as the same hand as the file it came
        # from (break17 F14: the original file re-sent after a restore was E-HAND-CONFLICT); no [Cards] is French
        force = rec.tags_in_force()
        own = {k: v for k, v in force.items() if k in _OWN_TAGS}
        own.setdefault("Cards", "fr")
        out["tags"] = {**{k: v for k, v in (out["tags"] or {}).items() if k not in _OWN_TAGS}, **own}
        out.pop("tag_notes", None)
    return out


#: the tags a stored hand may carry as its own lines (ingest.store._OWN_TAG), compared as they are in force
_OWN_TAGS = ("Rules", "Seats", "Cards", "Date", "Event", "Table", "Site")


def same_hand(a, b, ignore: tuple[str, ...] = ()) -> bool:
    """True when records ``a`` and ``b`` hold the same facts (see the module
    docstring): the same hand in another layout.  ``ignore``: tags in force
    left out of the comparison (a continuation's ``[Date]`` the store gives
    it: ``ingest.validate``)."""
    fa, fb = hand_facts(a), hand_facts(b)
    for f in (fa, fb) if ignore else ():
        if f.get("tags"):
            f["tags"] = {k: v for k, v in f["tags"].items() if k not in ignore}
    return fa == fb


def reads_the_same(a, b, pot_verified: bool = False, derived_pot=None) -> bool:
    """True when records ``a`` and ``b`` are one hand's texts that mean the
    same (:func:`same_hand`), also when they differ in what the notation gives
    no order or no weight to (verify30 F4, ``shead ingest --amend``): the
    cards of a ``deal``, ``blind`` or ``bury`` line are a set (the deal lines
    one per seat), a ``score`` line a mapping seat -> units; and a ``pot N``
    written on one of them where the other leaves the pot out, when it is the
    balance derived for the hand (rules.md D-19): ``a`` the stored text, its
    ``pot N`` checked against the derived balance when ``pot_verified`` (the
    judge's provenance); ``b`` the new text, its ``pot N`` equal to
    ``derived_pot()`` (a callable, called only then: the balance the stored
    hands leave before the hand, units; None when not known).  A trick's
    cards stay in play order (the first card leads)."""
    if same_hand(a, b):
        return True
    fa, fb = _unordered(hand_facts(a)), _unordered(hand_facts(b))
    if fa == fb:
        return True
    pa, pb = fa.get("pot"), fb.get("pot")
    if {k: v for k, v in fa.items() if k != "pot"} != {k: v for k, v in fb.items() if k != "pot"}:
        return False
    if pa is not None and pb is None:  # the stored text wrote the derived balance out; the new one derives it
        return pot_verified and not pa.get("agreed") and pa.get("note") is None
    if pb is not None and pa is None and not pb.get("agreed") and pb.get("note") is None and derived_pot is not None:
        return pb.get("value") is not None and pb.get("value") == derived_pot()  # the export writes it out
    return False


def _unordered(f: dict) -> dict:
    """Facts (:func:`hand_facts`) with the cards of the deal, blind and bury
    lines as sorted lists (sets), the deal lines by seat and the score's
    entries by seat (a mapping)."""
    def cards(c):
        if isinstance(c, dict) and isinstance(c.get("cards"), list):
            return {**c, "cards": sorted(c["cards"], key=lambda x: (x is None, str(x)))}
        return c

    out = dict(f)
    if isinstance(out.get("deals"), list):
        out["deals"] = sorted((cards(d) for d in out["deals"]), key=lambda d: str(d.get("seat")))
    for k in ("blind", "bury"):
        out[k] = cards(out.get(k))
    sc = out.get("score")
    if isinstance(sc, dict) and isinstance(sc.get("entries"), list):
        out["score"] = {**sc, "entries": sorted(sc["entries"], key=lambda e: str(e[0]))}
    return out


#: the tags that name a hand's session or price it (docs/storage.md "sessions"): what a night re-sent under another
#: name or date changes, never what was played
_SESSION_TAGS = ("Session", "Event", "Date", "Table", "Site", "Rules")


def same_in_another_session(a, b) -> bool:
    """True when records ``a`` and ``b`` (two sessions' hands of one number)
    record the same hand: the same facts, the cards of a deal, blind or bury
    line as sets (:func:`reads_the_same`), whatever the tags that name or
    price their sessions (``Session``, ``Event``, ``Date``, ``Table``,
    ``Site``, ``Rules``) say; the seats in force compared as the (alias,
    player) list they give, the hand's own ``[Seats]`` line or its
    session's.  What ``W-SESSION-COPY`` compares a night re-sent under a
    corrected name or date on (fixit32 F1: the night's own export, its
    hand 6 written ``hand 6  dealer Al`` before the hand's ``[Seats]`` line,
    was not "the same text" and the copy was stored without a word)."""
    fa, fb = _unordered(hand_facts(a)), _unordered(hand_facts(b))
    for f, rec in ((fa, a), (fb, b)):
        f["tags"] = {k: v for k, v in (f.get("tags") or {}).items() if k not in _SESSION_TAGS}
        f["tags"]["Seats"] = rec.seats
    return fa == fb


def same_but_number(a, b) -> bool:
    """True when records ``a`` and ``b`` hold the same facts but for their
    hand numbers: a stored hand written again under another number (break25
    F1: a night re-sent with a forgotten hand inserted, its later hands
    renumbered, stored its old last hand a second time)."""
    fa, fb = hand_facts(a), hand_facts(b)
    fa.pop("number", None)
    fb.pop("number", None)
    return fa == fb


def same_deals(a, b) -> bool:
    """True when records ``a`` and ``b`` deal the same cards, or one of them writes no deal: what a renumbered
    copy is compared on beside what it settles to (break28 F2).  Notes on the deal lines are left out."""
    da, db = _without_notes(hand_facts(a).get("deals") or []), _without_notes(hand_facts(b).get("deals") or [])
    return not da or not db or da == db


def _without_notes(v):
    """Facts (:func:`hand_facts`) with every annotation dropped."""
    if isinstance(v, dict):
        return {k: _without_notes(x) for k, x in v.items() if k not in ("note", "tag_notes")}
    if isinstance(v, list):
        return [_without_notes(x) for x in v]
    return v


def notes_only(a, b) -> bool:
    """True when records ``a`` and ``b`` differ in their annotations
    (``{...}``) and nothing else: the same cards, seats, points, outcome
    and units, a comment added, changed or taken out (a scorer's note typed
    on a re-sent night, a sheet's Notes column).  Such a copy adds nothing
    to any number; the store keeps the stored text and says so
    (``W-NOTES-DIFFER``), where any other difference is ``E-HAND-CONFLICT``."""
    fa, fb = hand_facts(a), hand_facts(b)
    return fa != fb and _without_notes(fa) == _without_notes(fb)


def score_left_out(a, b, units_a: dict, units_b: dict) -> bool:
    """True when records ``a`` and ``b`` hold the same facts but that one
    writes its score line and the other leaves it out (a sheet's units cells
    left blank at the table and filled in at home, or the reverse), and the
    units they settle to -- ``units_a`` and ``units_b``, each player's, the
    left-out score derived by the rules (notation.md §9: what is left out is
    derived) -- are the same: nothing written contradicts the stored hand, so
    the copy is a duplicate (break24b F8: E-HAND-CONFLICT "score: stored
    none, this copy Al -2 ...", told to amend a right hand).  A written score
    that differs from the stored one is still a difference."""
    fa, fb = hand_facts(a), hand_facts(b)
    if (fa.get("score") is None) == (fb.get("score") is None):
        return False
    fa.pop("score", None)
    fb.pop("score", None)
    return fa == fb and units_a == units_b


#: what a copy of a hand may write or leave to the rules (notation.md §9: what is left out is derived)
_DERIVED = ("score", "outcome")


def left_out(a, b) -> tuple[str, ...]:
    """The facts of :data:`_DERIVED` (the score line, the result word) that
    one of records ``a`` and ``b`` writes and the other leaves out, when
    they are all that differ between them; ``()`` otherwise (the same facts,
    or a difference beyond them).  The copies are then the same hand when
    they settle the same: the caller judges both (newuser30: a score sheet's
    row of a stored hand, units and ``W`` written where the stored text
    left them to the rules, or the reverse, was ``E-HAND-CONFLICT``)."""
    fa, fb = hand_facts(a), hand_facts(b)
    free = tuple(k for k in _DERIVED if (fa.get(k) is None) != (fb.get(k) is None))
    if not free:
        return ()
    for k in free:
        fa.pop(k, None)
        fb.pop(k, None)
    return free if fa == fb else ()


def _short(v, limit: int = 60) -> str:
    text = describe(v)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def describe(v) -> str:
    """Facts as short text: a written value as its value (``Bea``, ``59``,
    ``?``), a list of cards as the cards, a trick as ``t3 Bea: 7H KH ...``,
    a score line as written (``Jo -8 Hank +2 ...``), empty things as ``-``."""
    if v is None or v == [] or v == {}:
        return "-"
    if isinstance(v, dict):
        note = " {" + str(v["note"]) + "}" if v.get("note") else ""
        if "plays" in v and "leader" in v:  # a trick
            return f"t{v.get('number')} {v.get('leader')}: " + " ".join(describe(p) for p in v["plays"]) + note
        if "cards" in v:  # deal / blind / bury
            cards = " ".join("??" if c is None else str(c) for c in v["cards"])
            return (f"{v['seat']} {cards}" if v.get("seat") else cards) + note
        if "card" in v and "seat" in v and len(v) <= 5:  # a play
            return str(v["card"]) + ("^R" if v.get("renege") else "")
        if "value" in v:
            val = v["value"]
            base = "?" if val is None else ("on" if val is True else str(val))
            if v.get("agreed"):
                base += "^"
            if v.get("note"):
                base += " {" + str(v["note"]) + "}"
            return base
        if "entries" in v:  # a score line, as written: Jo -8 Hank +2 ...
            from ingest.shn.record import Value  # noqa: PLC0415
            from ingest.shn.writer import _units  # noqa: PLC0415 - the units as the writer writes them

            units = [(seat, Value(u.get("value"), agreed=bool(u.get("agreed")), note=u.get("note")))
                     for seat, u in v["entries"]]
            return " ".join(f"{seat} {_units(u, seat)}" for seat, u in units) + note
        if "kind" in v and "seat" in v:  # a mark as written: crack Bob, blitz Cy black, kontra Al after 1
            words = [v["kind"], v.get("seat") or "?", v.get("color")]
            words += ["jacks"] if v.get("pair") == "jacks" else []
            words += [f"after {v['after']}"] if v.get("after") else []
            return " ".join(str(w) for w in words if w) + note
        if "card" in v:  # a call
            return ("alone" if v["card"] is None else str(v["card"])) + (
                f" under {v['under'] or '??'}" if v.get("has_under") else "")
        items = [f"{k} {describe(x)}" for k, x in v.items() if x not in (None, [], {}, False)]
        return ", ".join(items) if items else "-"
    if isinstance(v, (list, tuple)):
        return "; ".join(describe(x) for x in v) if v else "-"
    return str(v)


def _note_only(x, y, name: str, alone: bool = True) -> str | None:
    """What differs in fact ``name`` when the facts ``x`` and ``y`` are the
    same but for their annotation (a note ``{…}`` is part of the record,
    notation.md, yet shown beside the same value twice it reads as no
    difference at all); else None.  ``alone``: the notes are all that differs
    in the hand (``W-NOTES-DIFFER``): ``"outcome: win: only its note differs,
    stored none, this copy {late}"``; else the note is said as a field of its
    own beside the others, ``"note on outcome lose: stored none, this copy
    {fixed next morning}"`` (real24 F6: "outcome: lose: only its note
    differs" in an E-HAND-CONFLICT whose alone flag, partner and score
    differed too)."""
    if not (isinstance(x, dict) and isinstance(y, dict)) or x.get("note") == y.get("note"):
        return None
    if {k: v for k, v in x.items() if k != "note"} != {k: v for k, v in y.items() if k != "note"}:
        return None

    def note(v):
        return "{" + str(v["note"]) + "}" if v.get("note") else "none"

    value = _short({k: v for k, v in x.items() if k != 'note'})
    if alone:
        return f"{name}: {value}: only its note differs, stored {note(x)}, this copy {note(y)}"
    return f"note on {name} {value}: stored {note(x)}, this copy {note(y)}"


def _said(x, other) -> str:
    """A fact's value in :func:`differences`: ``none`` where it is not
    written, ``off`` for a flag written on the other side (``alone: stored
    on, this copy off``: it read ``this copy -``), else :func:`_short`."""
    if x is None or x == [] or x == {}:
        return "off" if isinstance(other, dict) and other.get("value") is True else "none"
    return _short(x)


def _tag_said(v) -> str:
    """A hand tag's value in :func:`differences`, whole and quoted (``'wi5-called-ace; doubleOnBump=off'``), or
    ``none``."""
    return "none" if v is None else repr(describe(v))


def differences(stored, new, *, limit: int = 4, skip: tuple[str, ...] = ()) -> list[str]:
    """What differs between the stored record and a new one, fact by fact:
    ``"pick: stored Bea, this copy Cy"``; tricks and deal lines are compared
    one by one (``"trick 3: stored t3 Bea: 7H KH AH 9H 8H, this copy ..."``).
    At most ``limit`` entries, then ``"… N more"``.  ``skip``: facts not
    compared (``score``: a score line one copy leaves out that settles as
    the other writes it, :func:`score_left_out`)."""
    a, b = hand_facts(stored), hand_facts(new)
    for k in skip:
        a.pop(k, None)
        b.pop(k, None)
    alone = _without_notes(a) == _without_notes(b)  # the notes are all that differs (W-NOTES-DIFFER)
    out: list[str] = []
    for key in list(a) + [k for k in b if k not in a]:
        x, y = a.get(key), b.get(key)
        if x == y:
            continue
        if key in ("tricks", "deals", "tables") and isinstance(x, list) and isinstance(y, list):
            label = {"tricks": "trick", "deals": "deal", "tables": "table"}[key]
            for i in range(max(len(x), len(y))):
                xi = x[i] if i < len(x) else None
                yi = y[i] if i < len(y) else None
                if xi != yi:
                    out.append(_note_only(xi, yi, f"{label} {i + 1}", alone)
                               or f"{label} {i + 1}: stored {_said(xi, yi)}, this copy {_said(yi, xi)}")
            continue
        if key == "tags" and isinstance(x, dict) and isinstance(y, dict):
            # only the tags that differ, each whole (newuser25 F2: both lists cut at one length read the same, the
            # [Rules] that differed past the cut never shown)
            for tag in list(x) + [t for t in y if t not in x]:
                if x.get(tag) != y.get(tag):
                    out.append(f"[{tag}]: stored {_tag_said(x.get(tag))}, this copy {_tag_said(y.get(tag))}")
            continue
        name = {"pts": "pts", "tricks_won": "tricks"}.get(key, key)
        out.append(_note_only(x, y, name, alone) or f"{name}: stored {_said(x, y)}, this copy {_said(y, x)}")
    if len(out) > limit:
        out = out[:limit] + [f"… {len(out) - limit} more"]
    return out


#: The outcome facts compared by :func:`outcome_differences`.
_OUTCOME_FACTS = ("dealer", "picker", "partner", "partner2", "call", "alone", "leaster_winner", "game_type",
                  "multiplier", "picker_points", "picker_tricks", "outcome", "stake", "marks", "tier",
                  "laufende", "laufende_with", "units", "pot")


def outcome_differences(stored_outcome, stored_log, new_outcome, new_log, *, limit: int = 4) -> list[str]:
    """What differs between two derivations of one hand
    (:class:`~ingest.model.HandOutcome` and :class:`~ingest.model.CardLog`,
    None without a card log): the outcome facts above and the dealt cards,
    blind, bury and plays.  Empty when they are the same hand."""
    out = []
    for f in _OUTCOME_FACTS:
        x, y = getattr(stored_outcome, f, None), getattr(new_outcome, f, None)
        if x != y:
            out.append(f"{f}: stored {_short(x)}, this copy {_short(y)}")

    def cards(log):
        if log is None:
            return None
        return ({s: list(c) for s, c in log.deal.items()}, list(log.blind), list(log.bury),
                [(p.seat, p.card) for p in log.plays])

    ca, cb = cards(stored_log), cards(new_log)
    if ca != cb:
        if ca is None or cb is None:
            out.append(f"card log: stored {'none' if ca is None else 'a card log'}, "
                       f"this copy {'none' if cb is None else 'a card log'}")
        else:
            for label, x, y in zip(("deal", "blind", "bury", "plays"), ca, cb):
                if x != y:
                    out.append(f"{label}: differs")
    if len(out) > limit:
        out = out[:limit] + [f"… {len(out) - limit} more"]
    return out


def amend_hint(path: str | None) -> str:
    """How to correct a stored hand, said after an ``E-HAND-CONFLICT``: an
    amendment is an SHN file, so a spreadsheet's user is told to export the
    session as SHN first (`--amend` on the corrected sheet gave a syntax
    error a line: fix18)."""
    if path and path.lower().split("[")[0].endswith((".csv", ".tsv", ".xlsx", ".txt")):
        return (" (to correct the stored hand: an amendment is SHN; shead export --format shn --out night.shn, "
                "correct the hand there, then shead ingest --amend night.shn)")
    return " (to correct the stored hand: shead ingest --amend FILE)"


def with_differences(d, stored, new):
    """``E-HAND-CONFLICT`` diagnostic ``d`` with what differs between the
    stored record and the new one appended to its message (and as its
    ``found``), e.g. ``…: pick: stored Bea, this copy Cy``."""
    from dataclasses import replace  # noqa: PLC0415

    diff = differences(stored, new)
    if not diff:
        return d
    return replace(d, message=d.message + "; it differs in " + "; ".join(diff) + amend_hint(d.file),
                   found="; ".join(diff))
