"""The Sheepshead judge (rules.md B..F and the profile flags of J), every
table size and house rule: a hand's facts (:mod:`replay.facts`) replayed
through :class:`replay.state.GameState` as far as the cards go, then every
written fact checked against what follows and every unwritten one derived
(the partner, the points, the tricks, the outcome, the units), or left
unknown.

Provenance of each fact (notation.md §4): ``asserted`` (written, nothing to
check it against), ``derived`` (computed, not written), ``verified`` (written
and equal to the computed value) or ``conflict`` (written with the ``^`` mark
although the replay says otherwise: kept, and used by the ledger).

Errors carry the line and column of the statement or card at fault.  The
first illegal card stops the replay of that hand; no error that only follows
from it is reported.
"""

from __future__ import annotations

from dataclasses import replace


from .actions import (Alone, BlindTrick, Blitz, Bury, Call, Castrate, Claim, Crack, Pass, Pick, Recrack,
                            Roll, Share, Sheepshead)
from .cards import Card, Rank, cards_in, mask_of, points_of
from .errors import IllegalAction, ProfileError
from .profile import RuleProfile, parse_rules, seat_profiles_text
from .scoring import (NOPICK_GAMES, OUTCOME_TIER, PLAYED_NOPICK, Settlement, picked_result, schneider_lines,
                            schwanzer_value, leaster_pays_triple, settle_leaster, settle_nopick, settle_picked,
                            settle_void)
from .replay import snapshot
from . import judge_partner_cards, partner_cards
from .seven import is_nuclear, partner_roll, roll_partner
from .judge_potsplit import check_potsplit
from .battery import new_state, winning_index
from .state import (BLITZ_PAIRS, JACK_BLITZ_COLOURS, GameState, calls_allowed, bury_count_error, next_seat, _profile_facts,
                    _BURY, _CALL, _CT_ACE, _CT_ALONE, _CT_JD, _CT_JD_CALLUP, _CT_OWN_ACE, _CT_QUEENS, _CT_TEN,
                    _CT_UNDER, _DONE, _JACKS_UP, _MARKS, _PICK, _PLAY)  # the enum members as module names (state._PICK)

from .outcome import CardLog, HandOutcome
from .facts import HandRecord, Pos, Value
from .judge_common import (_MAX_UNITS, HandCheck, money_factor, money_hint, Refusal, SessionState, _agreed_score, _breakdown,
                           _cardlog, _check_date, _check_pot_sum, _check_ranges, _flags, _matches, _or, _parse_seats,
                           _seat_aliases, _seat_index, _written_units, check_date_order, check_seats_back, placed_rules_refusal, voided_numbers,
                           written_dealer)

def _cards_mask(cards) -> int | None:
    if cards is None or any(c is None for c in cards):
        return None
    m = mask_of(cards)
    return m


def build_state(chk: HandCheck, dealer: int, stake: int) -> GameState:
    """The engine state at the deal: from the ``deal`` lines when all are
    written; with some of them (or ``??`` in them) and tricks, each dealt
    seat holding its line and every other seat the cards it plays
    (:func:`_state_from_partial_deal`, docs/notation.md §9); with none,
    each seat holding the cards it plays (notation.md §3).  Raises the
    judge's reject (``E-DEAL-INCOMPLETE`` where the whole deal is needed:
    :func:`_partial_unreplayable`)."""
    rec, prof = chk.rec, chk.profile
    sitting = dealer if prof.sitOut else None
    hands, seen_seats, known, blind_mask = _read_deal(chk, sitting)
    table = _table(chk, _or(hands) | (blind_mask or 0)) if rec.tables else None
    if rec.deals or (rec.tables and not prof.handCards):  # wi2-all-table: no hand, no deal lines (issue 18)
        complete = (known and (len(seen_seats) == prof.playing or not prof.handCards)
                    and (blind_mask is not None or not prof.has_blind) and (table is not None or not prof.tableStacks))
        if complete:
            if prof.trick_slots is None:  # new_state's GameState without its Python call (issue 17)
                return GameState(prof, dealer, hands, blind_mask or 0, complete=True, stake=stake, pot=chk.pot,
                                 table=table)
            return new_state(prof, dealer, hands, blind_mask or 0, complete=True, stake=stake, pot=chk.pot,
                             table=table)
        if len(seen_seats) == prof.playing and known and blind_mask is None and rec.blind is None:
            # every hand dealt, blind not written: the blind is what is left
            rest = prof.deck_mask & ~_or(hands)
            if rest.bit_count() == prof.blind_size:
                return GameState(prof, dealer, hands, rest, complete=True, stake=stake, pot=chk.pot)
        if any(rec.tricks):
            why = _partial_unreplayable(chk)
            if why is None:  # some deal lines (notation.md §3, docs/notation.md §9; real30 F3)
                return _state_from_partial_deal(chk, dealer, stake, hands, seen_seats, sitting)
            what = "table lines" if prof.tableStacks else "the blind"
            raise chk.reject("E-DEAL-INCOMPLETE", f"the deal lines do not give every card, and {why}, so the tricks "
                             f"cannot be replayed; write all {prof.playing} deal lines and {what}, or no deal lines "
                             "at all", rec.deals[0].pos, found=f"{len(seen_seats)} deal lines",
                             expected=f"{prof.playing} deal lines and {what}")
        return GameState(prof, dealer, hands, blind_mask or 0, complete=False, stake=stake, pot=chk.pot)
    if rec.tables:
        raise chk.reject("E-TABLE-DEAL", "table lines without deal lines: the table cards are part of the deal "
                         "(docs/notation.md §6); write the deal lines too, or no table lines", rec.tables[0].pos,
                         found="table lines only", expected=f"{prof.playing} deal lines with the table lines")
    if prof.tableStacks and rec.tricks:
        raise chk.reject("E-DEAL-INCOMPLETE", f"a card log of {prof.name} is replayed with its deal and table lines: "
                         "which table cards lay face up decides what each seat could play (rules.md F-1)",
                         rec.tricks[0].pos, found="tricks without the deal",
                         expected=f"{prof.playing} deal lines and table lines, or no tricks (a score-sheet line)")
    return _state_from_plays(chk, dealer, stake, blind_mask)


def _read_deal(chk: HandCheck, sitting: int | None) -> tuple[list[int], set[int], bool, int | None]:
    """Check every card written in the ``deal`` lines and the ``blind``
    (rules.md A-1, B-2, F-1), whether or not the dealer is known: each card
    in the deck (``E-DECK``), once only (``E-DEAL-DUPLICATE``), a seat dealt
    once (``E-DEAL-TWICE``) and not the dealer who sits out (``E-SIT-OUT``;
    ``sitting`` None when not known or not sitting out), a deal line of the
    hand size (``E-DEAL-SIZE``), a blind of the blind size
    (``E-BLIND-SIZE``).  Returns (card mask per seat, the seats with a deal
    line, whether no deal card is ``??``, the blind's mask or None when the
    blind is not written or holds ``??``)."""
    rec, prof = chk.rec, chk.profile
    _, players, _, _, _, deck, hand_size, blind_size, *_ = _profile_facts(prof)  # read once a profile
    blind = rec.blind
    blind_mask = None
    if blind is not None:
        bcards = blind.cards
        m, unknown = _known_mask(bcards)  # once for every check below (they only raise)
        blind_mask = None if unknown else m  # _cards_mask(blind.cards)
        if m & ~deck:  # a card outside the deck: _check_deck names the first (E-DECK)
            _check_deck(chk, bcards, blind.card_pos, blind.pos)
        if len(bcards) != blind_size:
            raise chk.reject("E-BLIND-SIZE", f"the blind has {len(bcards)} cards", blind.pos,
                             found=len(bcards), expected=blind_size)
        if m.bit_count() != len(bcards) - unknown:  # a card written twice: _check_repeats names it
            _check_repeats(chk, bcards, blind.card_pos, blind.pos, 0)
    hands = [0] * players
    seen_seats: set[int] = set()
    known = True
    dealt = blind_mask or 0
    seat_of = chk.index.get
    for d in rec.deals:
        s = seat_of(d.seat)
        if s is None:
            s = chk.seat(d.seat, d.pos)  # E-SEAT: not a seat of the hand
        if s in seen_seats:
            raise chk.reject("E-DEAL-TWICE", f"{d.seat} is dealt twice", d.pos, found=f"deal {d.seat}",
                             expected="one deal line per seat")
        seen_seats.add(s)
        if s == sitting:
            raise chk.reject("E-SIT-OUT", f"{d.seat} deals and sits out under {prof.name}, so is dealt no cards "
                             "(rules.md F-1)", d.pos, found=f"deal {d.seat}", expected="no deal line for the dealer")
        cards = d.cards
        m, unknown = _known_mask(cards)  # once for both checks (the checks below only raise); ?? cards
        if m & ~deck:  # some card outside the deck: _check_deck names the first (E-DECK)
            _check_deck(chk, cards, d.card_pos, d.pos)
        if len(cards) != hand_size:
            raise chk.reject("E-DEAL-SIZE", f"{d.seat} is dealt {len(cards)} cards", d.pos, found=len(cards),
                             expected=hand_size)
        if unknown:
            known = False
        if m.bit_count() != len(cards) - unknown or m & dealt:  # _check_repeats names the repeat
            m = _check_repeats(chk, cards, d.card_pos, d.pos, dealt)
        hands[s] = m
        dealt |= m
    return hands, seen_seats, known, blind_mask


#: a card's bit is ``_ONE << card`` (compiled, replay/judge_wi.pxd makes it a 64-bit unsigned C int, as in
#: replay/state.py: the cards are 0..33, the 34-card deck's sixes included)
_ONE = 1


def _known_mask(cards) -> tuple[int, int]:
    """(the mask of the known cards of ``cards``, how many are ``??``);
    a card written twice is in the mask once."""
    m = 0
    unknown = 0
    for card in cards:  # one pass (issue 17: cheaper than a None scan and a sum of the bits; C ints when compiled)
        if card is None:
            unknown += 1
        else:
            c = card
            m |= _ONE << c
    return m, unknown


def _check_repeats(chk: HandCheck, cards, card_pos, pos: Pos, dealt: int) -> int:
    """The mask of the known ``cards``; ``E-DEAL-DUPLICATE`` at the first
    card written twice in ``cards`` or already in ``dealt`` (rules.md A-1)."""
    m = 0
    for c in cards:
        if c is not None:
            m |= 1 << c
    if m.bit_count() != len(cards) - cards.count(None) or m & dealt:
        for i, c in enumerate(cards):  # find the first repeated card, for its position
            if c is not None and (dealt >> c & 1 or c in cards[:i]):
                cp = card_pos[i] if i < len(card_pos) else pos
                raise chk.reject("E-DEAL-DUPLICATE", _dealt_twice(chk, c), cp, found=c, expected="each card once")
    return m


def _dealt_twice(chk: HandCheck, card) -> str:
    """The message of ``E-DEAL-DUPLICATE`` for ``card`` (rules.md A-1: each
    card is dealt once): where it is written (``KS is dealt to Cy (10:28) and
    to Ed (12:19)``: the typo is either of them, real23 F4), and, when every
    seat's deal line and the blind are written with no ``??``, the cards of
    the deck written nowhere (``KH is dealt to nobody``), one of which the
    typo meant.  Only on the way to a refusal: costs nothing otherwise."""
    rec, prof = chk.rec, chk.profile
    where, written, full = [], 0, True
    lines = ([("the blind", rec.blind)] if rec.blind is not None else []) + [(d.seat, d) for d in rec.deals] + [
        (f"{t.seat}'s table", t) for t in rec.tables]
    for label, line in lines:
        for k, c in enumerate(line.cards):
            if c is None:
                full = False
                continue
            written |= _ONE << c
            if c == card:
                cp = line.card_pos[k] if k < len(line.card_pos) else line.pos
                where.append((cp.line, cp.col, label))
    where.sort()  # in the order written
    text = f"{card} is dealt " + (" and ".join(f"{'in' if label == 'the blind' else 'to'} {label} ({ln}:{col})"
                                               for ln, col, label in where) if len(where) > 1 else "twice")
    seats = {d.seat for d in rec.deals}
    facts = _profile_facts(prof)
    players, deck = facts[1], facts[5]
    if full and rec.blind is not None and len(seats) >= players - (1 if prof.sitOut else 0):
        nobody = [c for c in range(deck.bit_length()) if deck >> c & 1 and not written >> c & 1]
        if nobody:
            names = " ".join(str(Card(c)) for c in nobody)
            text += f"; {names} {'is' if len(nobody) == 1 else 'are'} dealt to nobody"
    return text


def _table(chk: HandCheck, dealt: int) -> list[list[tuple]] | None:
    """The ``table`` lines of a two-handed hand (``wi2``, rules.md F-1) as
    the engine's stacks per seat ``[(down, up), ...]``; None unless every
    seat's stacks are written and known.  ``dealt`` is the mask of the cards
    of the deal lines and the blind.  Rejects ``E-TABLE-NONE`` (table lines
    under a profile without table cards), ``E-TABLE-SIZE`` (not
    ``tableStacks`` stacks), ``E-DEAL-DUPLICATE`` (a card twice on the table,
    or on the table and in a hand) and ``E-DECK``."""
    rec, prof = chk.rec, chk.profile
    if not rec.tables:
        return None
    if not prof.tableStacks:
        t = rec.tables[0]
        raise chk.reject("E-TABLE-NONE", f"'table {t.seat}' under {prof.name}, which deals no table cards "
                         "(rules.md F-1: only the two-handed game, wi2)", t.pos, found=f"table {t.seat}",
                         expected="no table lines")
    table: list[list[tuple]] = [[] for _ in range(prof.players)]
    known = True
    for t in rec.tables:
        s = chk.seat(t.seat, t.pos)
        _check_deck(chk, t.cards, t.card_pos, t.pos)
        stacks = len(t.cards) // 2
        if stacks != prof.tableStacks:
            raise chk.reject("E-TABLE-SIZE", f"{t.seat} has {stacks} table stacks", t.pos, found=stacks,
                             expected=prof.tableStacks)
        known = known and None not in t.cards
        dealt |= _check_repeats(chk, t.cards, t.card_pos, t.pos, dealt)
        table[s] = [(t.cards[k], t.cards[k + 1]) for k in range(0, len(t.cards), 2)]
    if not known or any(not st for st in table):
        return None
    return table


def _state_from_plays(chk: HandCheck, dealer: int, stake: int, blind_mask: int | None) -> GameState:
    """No deal lines: each seat holds the cards it plays, the picker also the
    bury; a written blind is taken out of the picker's cards (notation.md §3)."""
    rec, prof = chk.rec, chk.profile
    n = prof.players
    sitting = dealer if prof.sitOut else None
    hands = [0] * n
    for t in rec.tricks:
        seat = chk.seat(t.leader, t.leader_pos)
        for i, pl in enumerate(t.plays):
            if i:
                seat = next_seat(n, sitting, seat)
            if pl.card is None:
                continue
            _check_deck(chk, [pl.card], [pl.pos], pl.pos, trick=t.number)
            if _or(hands) >> pl.card & 1:
                raise chk.reject("E-CARD-PLAYED", f"{pl.card} is played twice", pl.pos, found=pl.card,
                                 expected="each card once", trick=t.number)
            hands[seat] |= 1 << pl.card
    blind = 0
    if rec.pick is not None:
        p = chk.seat(rec.pick.value, rec.pick.pos)
        bury = _cards_mask(rec.bury.cards) if rec.bury is not None else None
        if bury is not None:
            _check_deck(chk, rec.bury.cards, rec.bury.card_pos, rec.bury.pos)
            clash = bury & _or(hands)
            if clash:
                c = next(c for c in rec.bury.cards if clash >> c & 1)
                raise chk.reject("E-BURY-NOT-HELD", f"{c} is buried and also played", rec.bury.pos, found=c,
                                 expected="a card nobody plays")
            hands[p] |= bury
        if blind_mask is not None:
            every = (rec.claim is None and len(rec.tricks) == prof.tricks
                     and all(None not in t.cards for t in rec.tricks))
            stray = blind_mask & ~hands[p]
            elsewhere = stray & _or(h for s, h in enumerate(hands) if s != p)
            if elsewhere or (stray and bury is not None and every):
                c = next(c for c in rec.blind.cards if stray >> c & 1 and (not elsewhere or elsewhere >> c & 1))
                who = next((s for s, h in enumerate(hands) if s != p and h >> c & 1), None)
                if who is not None:  # at the card that shows it (fixd31: was at the blind line)
                    t, pl = _play_of(chk, c)
                    raise _blind_card_elsewhere(chk, c, p, chk.aliases[who], "plays", t, pl)
                raise chk.reject("E-BLIND", f"{c} is in the blind, which the picker took, but the picker neither "
                                 "plays nor buries it", rec.blind.pos, found=c,
                                 expected="a card the picker plays or buries")
            if not stray or not every:  # the picker may still hold the blind's other cards
                hands[p] &= ~blind_mask
                blind = blind_mask
    elif blind_mask is not None:
        blind = blind_mask
    else:  # a leaster's blind, set aside: what nobody played
        rest = prof.deck_mask & ~_or(hands)
        if rest.bit_count() == prof.blind_size:
            blind = rest
    if sitting is not None and hands[sitting]:
        raise chk.reject("E-SIT-OUT", f"{chk.aliases[sitting]} deals and sits out under {prof.name}, but plays a card "
                         "(rules.md F-1)", rec.tricks[0].pos, found=chk.aliases[sitting],
                         expected="tricks of the five other seats")
    complete = (all(h.bit_count() == (0 if s == sitting else prof.hand_size) for s, h in enumerate(hands))
                and blind.bit_count() == prof.blind_size)
    # every card each seat holds is known only when every trick is written
    # in full and nothing was claimed (rules.md B-9, B-12 need the whole hand)
    every = (rec.claim is None and len(rec.tricks) == prof.tricks
             and all(None not in t.cards for t in rec.tricks))
    return GameState(prof, dealer, hands, blind, complete=complete, stake=stake, pot=chk.pot, hands_known=every)


def _partial_unreplayable(chk: HandCheck) -> str | None:
    """Why a card log with only some deal lines (or ``??`` in them) cannot
    be replayed by :func:`_state_from_partial_deal`, or None when it can:
    table cards (``wi2``: which lie face up decides what can be played,
    rules.md F-1), a passed partner card (``give``, wi6-7d-high) or a shared
    blind (``wi7-shared-blind``), which move cards between the seats' hands
    after the deal (docs/profiles.md)."""
    rec, prof = chk.rec, chk.profile
    if prof.tableStacks or rec.tables:
        return f"which table cards lie face up decides what can be played in {prof.name} (rules.md F-1)"
    if rec.give is not None:
        return f"the pass of a partner card moves cards between the hands in {prof.name} (rules.md F-1)"
    if prof.partnerMode == "sharedBlind":
        return f"the blind is shared between two seats in {prof.name} (docs/profiles.md \"Seven-handed\")"
    return None


def _state_from_partial_deal(chk: HandCheck, dealer: int, stake: int, dealt: list[int], seen_seats: set[int],
                             sitting: int | None) -> GameState:
    """The engine state of a card log with some of the deal written: a
    ``deal`` line for some seats only, or ``??`` cards in a deal line or
    the blind (the brief's notation.md §3: ``deal S`` is one player's dealt
    cards, and a statement left out is simply not recorded;
    docs/notation.md §9: a partial card log is replayed as far as the known
    cards allow; real30 F3).

    * A seat with a deal line holds its written cards (``dealt``, masks per
      seat; ``seen_seats`` the seats with a line): each card it plays is one
      of them or fills one of its ``??``, so follow suit (rules.md B-18) is
      judged on its whole known hand.
    * A seat without one holds the cards it plays, as with no deal lines.
    * The picker also holds what the blind gave it (B-7): a written blind
      card it plays or buries, or -- while the blind has unknown cards -- a
      card written nowhere beyond its own line; the bury, when written, is
      the picker's.  No other seat plays a card of the blind.

    ``sitting`` is the dealer who sits out (rules.md F-1), else None.
    Returns the :class:`GameState` at the deal, ``complete`` when every hand
    and the blind come out whole, ``hands_known`` when every trick is
    written without a claim.

    The first played card that no seat can hold so (``E-NOT-HELD``: another
    seat's written card, or beyond its own seat's line; ``E-BLIND``: a card
    of the written blind played by another seat than the picker;
    ``E-CARD-PLAYED``) is not refused here: the hands are made of the cards
    before it, and the refusal is kept in ``chk.partial_error`` (its
    position, the refusal) for the replay, which gives it when it reaches
    that card -- unless an earlier card is illegal, which the replay then
    names first (the first illegal card stops the replay, notation.md §3).
    Raised here: ``E-DECK``, ``E-BURY-NOT-HELD`` and ``E-BLIND`` of the bury
    and blind statements, ``E-SIT-OUT``."""
    rec, prof = chk.rec, chk.profile
    n = prof.players
    aliases = chk.aliases
    line_of = {chk.index[d.seat]: d for d in rec.deals}
    free = [0] * n  # the ?? cards of each seat's line, filled by what it plays beyond its known cards
    for s, d in line_of.items():
        free[s] = sum(1 for c in d.cards if c is None)
    bknown, bfree = 0, prof.blind_size  # the blind's known cards, and how many are not known
    if rec.blind is not None:
        bknown, bfree = _known_mask(rec.blind.cards)
    written = bknown
    for h in dealt:
        written |= h
    p = chk.seat(rec.pick.value, rec.pick.pos) if rec.pick is not None else None
    extra = [0] * n  # per seat: cards beyond its known line (a seat without a line: every card it plays)
    took = [0, 0]  # the written blind's cards the picker plays or buries; cards written nowhere that fill the
    # blind's unknown cards (the picker's, from the blind)

    def place(seat: int, c, pos: Pos, what: str, trick: int | None) -> Refusal | None:
        """Give the card ``c`` that ``seat`` plays (``what``: 'plays', 'buries') to a hand, or the refusal."""
        bit = 1 << c
        if dealt[seat] >> c & 1:
            return None
        who = aliases[seat]
        at = f" in trick {trick}" if trick else ""
        if bknown & bit:
            if seat == p:
                took[0] |= bit
                return None
            return _blind_card_elsewhere(chk, c, p, who, what, trick, pos)
        if written & bit:
            owner = next(s for s in line_of if dealt[s] >> c & 1)
            d = line_of[owner]
            return chk.reject("E-NOT-HELD", f"{who} {what} {c}{at}, but {c} is in {aliases[owner]}'s deal line "
                              f"({d.pos.line}:{d.pos.col}): each card is dealt once (rules.md A-1)", pos, found=c,
                              expected=f"a card {who} holds", trick=trick)
        if seat not in seen_seats:  # a seat without a deal line holds the cards it plays (docs/notation.md §9)
            extra[seat] |= bit
            return None
        if extra[seat].bit_count() < free[seat]:
            extra[seat] |= bit
            return None
        if seat == p and took[1].bit_count() < bfree:
            took[1] |= bit
            return None
        d = line_of[seat]
        shown = " ".join("??" if x is None else str(x) for x in d.cards)
        from_blind = " nor in the blind the picker took" if seat == p and prof.has_blind else ""
        return chk.reject("E-NOT-HELD", f"{who} {what} {c}{at}, which is not in {who}'s deal line "
                          f"({d.pos.line}:{d.pos.col}: {shown}){from_blind}", pos, found=c,
                          expected=f"a card of {who}'s deal line", trick=trick)

    played = 0
    held = None  # the first card no seat can hold so: (its position, the refusal), for the replay
    for t in rec.tricks:
        seat = chk.seat(t.leader, t.leader_pos)
        for i, pl in enumerate(t.plays):
            if i:
                seat = next_seat(n, sitting, seat)
            c = pl.card
            if c is None:
                continue
            _check_deck(chk, [c], [pl.pos], pl.pos, trick=t.number)
            if played >> c & 1:
                held = (pl.pos, chk.reject("E-CARD-PLAYED", f"{c} is played twice", pl.pos, found=c,
                                           expected="each card once", trick=t.number))
                break
            played |= 1 << c
            refused = place(seat, c, pl.pos, "plays", t.number)
            if refused is not None:
                held = (pl.pos, refused)
                break
        if held is not None:
            break
    chk.partial_error = held
    bury = None
    if p is not None:
        bury = _cards_mask(rec.bury.cards) if rec.bury is not None else None
        if bury is not None:
            _check_deck(chk, rec.bury.cards, rec.bury.card_pos, rec.bury.pos)
            clash = bury & played
            if clash:
                c = next(c for c in rec.bury.cards if clash >> c & 1)
                raise chk.reject("E-BURY-NOT-HELD", f"{c} is buried and also played", rec.bury.pos, found=c,
                                 expected="a card nobody plays")
            for c in rec.bury.cards:
                refused = place(p, c, rec.bury.pos, "buries", None)
                if refused is not None:
                    raise refused
    hands = [dealt[s] | extra[s] for s in range(n)]
    every = (held is None and rec.claim is None and len(rec.tricks) == prof.tricks
             and all(None not in t.cards for t in rec.tricks))
    if p is not None:
        if p not in seen_seats:  # the picker's cards as with no deal lines: the known blind's are the blind's
            hands[p] &= ~bknown
        if every and bury is not None and bknown & ~took[0]:
            c = next(c for c in rec.blind.cards if c is not None and (bknown & ~took[0]) >> c & 1)
            raise chk.reject("E-BLIND", f"{c} is in the blind, which the picker took, but the picker neither plays "
                             "nor buries it (rules.md B-7)", rec.blind.pos, found=c,
                             expected="a card the picker plays or buries")
        blind = bknown | took[1]
    elif rec.blind is not None:
        blind = bknown
    else:  # a leaster's blind, set aside: what nobody holds, when that is the whole blind
        held_all = 0
        for h in hands:
            held_all |= h
        rest = prof.deck_mask & ~held_all
        blind = rest if rest.bit_count() == prof.blind_size else 0
    if sitting is not None and hands[sitting]:
        raise chk.reject("E-SIT-OUT", f"{aliases[sitting]} deals and sits out under {prof.name}, but plays a card "
                         "(rules.md F-1)", rec.tricks[0].pos, found=aliases[sitting],
                         expected=f"tricks of the {prof.playing} other seats")
    complete = (held is None
                and all(h.bit_count() == (0 if s == sitting else prof.hand_size) for s, h in enumerate(hands))
                and blind.bit_count() == prof.blind_size)
    return GameState(prof, dealer, hands, blind, complete=complete, stake=stake, pot=chk.pot, hands_known=every)


def _play_error(chk: HandCheck, exc: IllegalAction, pos: Pos, trick: int, seat: int | None = None) -> Refusal:
    """The refusal of a card the engine does not take (at ``pos`` in
    ``trick``, played by ``seat``): the partial deal's own finding at that
    card when there is one (``chk.partial_error``,
    :func:`_state_from_partial_deal`: the card was left out of the hands, so
    the engine does not hold it), else the engine's error.  Two engine errors
    are told as the blind's (rules.md B-7, ``E-BLIND``; fixd31, verify30 F6):
    a card of the written blind that another seat than the picker plays (the
    engine's ``E-NOT-HELD``: it is in the picker's hand), and a renege
    (``E-RENEGE``) whose only card of the led suit is a card of the blind that
    another seat plays later (the partial deal's ``E-BLIND``): the blind, not
    the picker's play, is what the record gets wrong.  Read only on the way to
    a refusal."""
    held = getattr(chk, "partial_error", None)  # set only for a partial deal
    d = exc.diagnostic
    if held is not None and held[0] == pos and d.code in ("E-CARD-PLAYED", "E-NOT-HELD"):
        return held[1]
    if (held is not None and d.code == "E-RENEGE" and held[1].diag.code == "E-BLIND"
            and (d.expected or "").split() == [held[1].diag.found]):
        e = held[1].diag
        who = chk.aliases[seat] if seat is not None else "the picker"
        return Refusal(chk.diag(e.code, f"{e.message}; so {who}'s {d.found} ({pos.line}:{pos.col}, trick {trick}) "
                                f"is no renege the record shows: {who} would hold {e.found} of the led suit only if "
                                "the blind is right", Pos(e.line, e.col), found=e.found, expected=e.expected,
                                trick=e.trick))
    rec = chk.rec
    if (d.code == "E-NOT-HELD" and seat is not None and rec.blind is not None and rec.pick is not None
            and d.found is not None and d.found in {str(c) for c in rec.blind.cards if c is not None}):
        p = chk.seat(rec.pick.value, rec.pick.pos)
        if seat != p:
            c = next(c for c in rec.blind.cards if str(c) == d.found)
            return _blind_card_elsewhere(chk, c, p, chk.aliases[seat], "plays", trick, pos)
    return chk.engine_error(exc, pos, trick)


def _blind_card_elsewhere(chk: HandCheck, c, p: int | None, who: str, what: str, trick: int | None,
                          pos: Pos) -> Refusal:
    """``E-BLIND`` (rules.md B-7) at ``pos``: ``c``, a card of the written
    blind, which the picker (seat ``p``; None: nobody picked, the blind set
    aside) took, is played (``what``: 'plays', 'buries') by the seat ``who``
    in ``trick`` (None: not in a trick).  Names the blind's line and
    column."""
    b = chk.rec.blind.pos
    took = f", which the picker {chk.aliases[p]} took," if p is not None else ", set aside,"
    at = f" in trick {trick}" if trick else ""
    return chk.reject("E-BLIND", f"{c} is in the blind ({b.line}:{b.col}){took} but {who} {what} it{at} "
                      "(rules.md B-7)", pos, found=c, expected=f"a card of {who}'s hand", trick=trick)


def _play_of(chk: HandCheck, c) -> tuple[int | None, Pos]:
    """(trick number, position) of the first play of card ``c`` in the
    hand's tricks; the blind's position when no trick plays it.  Read only
    on the way to a refusal."""
    for t in chk.rec.tricks:
        for pl in t.plays:
            if pl.card == c:
                return t.number, pl.pos
    return None, chk.rec.blind.pos


def _check_deck(chk: HandCheck, cards, card_pos, pos: Pos | None, trick: int | None = None) -> None:
    """Every known card is in the profile's deck (rules.md F-1: the 30-card
    deck has no 7♣ 7♠, the 26-card deck no non-trump 7s and 8s), else
    ``E-DECK`` at the card."""
    deck = chk.profile.deck_mask
    for i, c in enumerate(cards):
        if c is not None and not deck >> c & 1:
            p = card_pos[i] if i < len(card_pos) else pos
            raise chk.reject("E-DECK", f"{c} is not in the {chk.profile.deck}-card deck of {chk.profile.name} "
                             "(rules.md F-1)", p, found=c, expected=f"a card of the {chk.profile.deck}-card deck",
                             trick=trick)


_OUT_WORDS = ("win", "lose", "win-s", "lose-s", "win-z", "lose-z")


def check_sheepshead(chk: HandCheck, sess: SessionState) -> tuple[HandOutcome, CardLog | None, Settlement]:
    """Judge one Sheepshead hand (every profile of rules.md B..F, J) from its
    facts: replay what the cards give through :class:`~replay.state.GameState`,
    derive what follows, refuse what contradicts (see :mod:`replay.judge`)."""
    rec = chk.rec
    sk = (rec.game is not None or rec.ramsch is not None or rec.thrown is not None or rec.laufende is not None
          or any(m.kind in ("klopfen", "kontra", "re") for m in rec.marks))
    for v, kw in ((rec.game, "game"), (rec.ramsch, "ramsch"), (rec.thrown, "thrown"), (rec.laufende, "laufende"),
                  *((m, m.kind) for m in rec.marks if m.kind in ("klopfen", "kontra", "re"))) if sk else ():
        if v is not None:
            raise chk.reject("E-SK-STATEMENT", f"'{kw}' is a Schafkopf statement; this hand's [Rules] is a Sheepshead "
                             "profile (a Schafkopf hand names a Schafkopf profile: schafkopf, schafkopf-bsv, "
                             "netschafkopf)", v.pos, found=kw, expected="a Sheepshead statement")
    fox = rec.tokens is not None or rec.buck is not None or rec.hunters is not None
    for v, kw in ((rec.tokens, "tokens"), (rec.buck, "buck"), (rec.hunters, "hunters")) if fox else ():
        if v is not None:  # QA18-D1: the fox game's label statements, never dropped silently (rules.md F-6)
            raise chk.reject("E-FOX-STATEMENT", f"'{kw}' is a statement of the fox game (rules.md F-6); this hand's "
                             "[Rules] is a Sheepshead profile (a fox hand names [Rules \"fox4\"])",
                             _keyword_pos(rec, kw, v.pos), found=kw, expected="a Sheepshead statement")
    # ---- profile and seats
    tags = chk.tags  # rec.tag(name) is tags.get(name), read once a hand
    rules_text = tags.get("Rules") or ""
    try:
        prof = parse_rules(rules_text)
    except ProfileError as exc:
        err = exc
        try:  # again with the [Seats] count: suggestions that fit the table (house32 F4); not on the hot path
            parse_rules(rules_text, len(list(_seat_aliases(tags.get("Seats") or ""))) or None)
        except ProfileError as seated:
            err = seated
        pos = rec.tag_pos.get("Rules") or rec.session.tag_pos.get("Rules")
        d = err.diagnostic
        pos, message = placed_rules_refusal(pos, rules_text, err)  # each bad part at its column (QA D6, house32 F3)
        raise chk.reject(d.code, message, pos, found=d.found, expected=d.expected) from None
    chk.profile = prof
    seats_text = tags.get("Seats") or ""
    chk.seats = _parse_seats(seats_text)
    chk.aliases = list(_seat_aliases(seats_text))
    chk.index = _seat_index(seats_text)
    n = prof.players
    if len(chk.aliases) != n:
        pos = rec.tag_pos.get("Seats") or rec.session.tag_pos.get("Seats")
        if not chk.aliases:
            raise chk.reject("E-SEATS-MISSING", "no [Seats] tag is in force for this hand", rec.pos,
                             found="no Seats", expected=f"[Seats] with {n} seats")
        count = len(chk.aliases)
        if rules_text.strip():
            msg = f"[Seats] lists {count} seats; {prof.name} is played by {n}; {seat_profiles_text(count)}"
        else:  # house32 F5: the default was assumed, not written; say so and name the profiles of the count
            msg = (f"[Seats] lists {count} seats, and no [Rules] tag is in force, so the default profile was "
                   f"assumed: {prof.name} is played by {n}; {seat_profiles_text(count)}: name one in a [Rules] tag")
        raise chk.reject("E-SEATS", msg, pos, found=count, expected=n)
    if len(set(chk.aliases)) != n:
        pos = rec.tag_pos.get("Seats") or rec.session.tag_pos.get("Seats")
        raise chk.reject("E-SEATS", "a seat alias is listed twice in [Seats]", pos, found=",".join(chk.aliases),
                         expected="distinct aliases")
    prov = chk.prov

    dealer = written_dealer(chk, sess, n)

    _check_ranges(chk)
    judge_partner_cards.check_written(chk)  # issue 18: give, and the wi8-qc-jd-7d call
    chk.date = _check_date(chk)
    check_date_order(chk, sess)
    if sess.last_seats is not None:  # the hand before wrote its own [Seats] (league33 F1)
        check_seats_back(chk, sess)
    chk.dealer = dealer
    kind = "potsplit" if rec.potsplit is not None else _hand_kind(chk)  # issue 18: replay/judge_potsplit.py
    voided = voided_numbers(tags.get("_Voided"))  # QA D12: an export's voided hands are no gap
    if voided:  # added to those the stored hands' header gave (ingest.validate seeds them): never forgotten
        sess.voided = sess.voided | voided
    known = sess.reaches(rec.number)
    _check_pot(chk, sess, known)
    staked = kind == "pick" or kind in NOPICK_GAMES
    stake_derived = sess.next_stake(prof) if staked else 1
    stake = stake_derived
    if rec.stake is not None and rec.stake.value is not None:
        stake = rec.stake.value
        if stake < 1 or stake & (stake - 1):
            raise chk.reject("E-STAKE", f"stake {stake} is not a power of two", rec.stake.pos, found=stake,
                             expected="1, 2, 4, ...")
        if known and stake != stake_derived:
            raise chk.reject("E-STAKE", f"stake {stake} disagrees with the session's doublers: the hands before "
                             f"it give stake {stake_derived} (rules.md D-11, D-12)",
                             rec.stake.pos, found=stake, expected=stake_derived)
        # after a gap the stake is taken as written, within what the profile can make: ×1 without doublers,
        # ×1 or ×2 under queued stacking; multiplicative makes any power of two (a tester's ×1024, break16 F9)
        reach = [1] if prof.noPick != "doubler" else [1, 2] if prof.doublerStacking == "queued" else None
        if not known and reach is not None and stake not in reach:
            why = ("doublerStacking=queued makes at most ×2" if prof.noPick == "doubler"
                   else f"{prof.name} has no doublers (noPick={prof.noPick})")
            raise chk.reject("E-STAKE", f"stake {stake} cannot be the stake of this hand: {why} (rules.md D-11, "
                             "D-12)", rec.stake.pos, found=stake, expected=" or ".join(map(str, reach)))
        prov["stake"] = "verified" if known else "asserted"
    else:
        prov["stake"] = "derived"
    # rules.md D-12: under doublerStacking=queued each hand played plays one queued doubler off, a doubler queues
    # one more, a misdeal neither; so a hand right after m missing hands, with more than m queued before them, is
    # at ×2 whatever they were: its stake is known, the gap cannot have changed it (a tester's finding)
    certain = (staked and not known and sess.known and sess.last_hand is not None and prof.noPick == "doubler"
               and prof.doublerStacking == "queued"
               and sess.queued > sum(1 for k in range(sess.last_hand + 1, rec.number) if k not in sess.voided))
    _gap_warning(chk, known, staked and prof.noPick == "doubler" and prov["stake"] == "derived" and not certain,
                 stake, sess)
    if kind == "potsplit":  # the pot paid out before the seats change (rules.md D-19, issue 18)
        settle = check_potsplit(chk, dealer)
        return _outcome(chk, dealer, None, None, None, settle, None, None, 1, 0), None, settle

    if kind in ("leaster", "doubler") and not prof.has_blind:
        st = rec.leaster or rec.doubler
        head = "the non-dealer" if prof.two_handed else "the Q♣ holder"
        raise chk.reject("E-NOPICK", f"a {kind} in {prof.name}, which has no blind and no picking: {head} heads the "
                         "side (rules.md F-1)", st.pos, found=kind, expected=f"pick S ({head})")
    if kind == "misdeal":
        settle = settle_void(n, "misdeal")
        _agreed_score(chk, settle, rec.score)
        return _outcome(chk, dealer, None, None, None, settle, None, None, stake, 0), None, settle
    if kind != "pick" and prof.noPick != kind:
        stmt = {"doubler": rec.doubler, "leaster": rec.leaster}.get(kind, rec.nopick)
        expected = ("a pick: the forced seat may not pass (rules.md D-13)" if prof.noPick == "forcedPick"
                    else f"{prof.noPick} (noPick={prof.noPick}, rules.md D-1)")
        # the rule that would read it (real22 F8: a doubler refused, and no word of the rules that play it)
        fix = f": if this table plays a {kind} when all pass, its rules say so ([Rules \"{prof.name}; noPick={kind}\"]" \
            ", or shead ingest --rules)" if kind in ("doubler", "leaster", "schwanzer") else ""
        raise chk.reject("E-NOPICK", f"a {kind} under noPick={prof.noPick}{fix}", stmt.pos, found=kind,
                         expected=expected)
    if kind == "doubler":
        _nopick_marks(chk, dealer, stake)
        settle = chk.potted(settle_void(n, "doubler"), None, None)
        _agreed_score(chk, settle, rec.score)
        return _outcome(chk, dealer, None, None, None, settle, None, None, 1, 0), None, settle
    if kind == "schwanzer" and rec.tricks:
        raise chk.reject("E-NOPICK", "a schwanzer is not played: the hands are shown (rules.md D-18)",
                         rec.tricks[0].pos, found=f"t{rec.tricks[0].number}", expected="no tricks")
    if rec.blind_trick is not None and (kind not in PLAYED_NOPICK or prof.leasterBlind != "namedTrick"):
        why = (f"leasterBlind={prof.leasterBlind}" if prof.leasterBlind != "namedTrick"
               else f"a {kind} has no blind to give")
        raise chk.reject("E-BLIND-TRICK", f"blindtrick is written but {why} (rules.md D-3)", rec.blind_trick.pos,
                         found=f"blindtrick {rec.blind_trick.value}", expected="no blindtrick")

    if rec.tricks:
        if dealer is None:
            raise chk.reject("E-DEALER", "the dealer is not known", rec.pos, found="no dealer", expected="dealer S")
        return _stake_from_score(chk, known or certain, stake, lambda s: _replay_hand(chk, kind, dealer, s), sess)
    return _stake_from_score(chk, known or certain, stake, lambda s: _score_sheet(chk, kind, dealer, s), sess)


#: the stakes a hand after a gap may be paid at (_stake_from_score): queued doublers double once, multiplied ones
#: any number of times (rules.md D-11, D-12; J doublerStacking)
_GAP_STAKES = {"queued": [1, 2], "multiplicative": [1, 2, 4, 8, 16, 32, 64]}


def _stake_from_score(chk: HandCheck, known: bool, stake: int, judge, sess: SessionState | None = None):
    """``judge(stake)``; but after a gap (``known`` False: an earlier hand
    of the session is missing, so the doubler stake derived from the hands
    before it may be wrong, rules.md D-11, D-12) with the stake not written
    and a score written that the derived stake refuses (``E-SCORE``), the
    stake the score fits: ×1 or ×2 under ``doublerStacking=queued``, any
    power of two up to ×64 under ``multiplicative``.  Its ``W-SESSION-GAP``
    then says so, and the stake is asserted (it seeds the carry,
    :meth:`~replay.judge_common.SessionState.after`).  Raises the first
    :class:`Refusal` when no stake fits."""
    prof, rec = chk.profile, chk.rec
    if known or rec.score is None or chk.prov.get("stake") != "derived" or prof.noPick != "doubler":
        return judge(stake)
    prov, kept = dict(chk.prov), list(chk.warnings)
    try:
        return judge(stake)
    except Refusal as first:
        if first.diag.code != "E-SCORE":
            raise
        before = [w for w in kept if w.code != "W-SESSION-GAP"]
        for s in _GAP_STAKES[prof.doublerStacking]:
            if s == stake:
                continue
            # the outcome is built inside judge(s): its provenance and warnings are set before
            chk.prov.clear()
            chk.prov.update(prov, stake="asserted")
            chk.warnings[:] = before + [chk.diag(
                "W-SESSION-GAP", f"hand {rec.number}: {_gap_lead(rec, sess)}, so the doubler stake is not known "
                "from the hands before it "
                f"(they give ×{stake}): the hand is taken at ×{s}, the stake its written score is paid at (rules.md "
                "D-11, D-12)", rec.score.pos, found=f"a score at ×{s}", expected=f"×{stake}, or stake {s} written",
                severity="warning")]
            try:
                return judge(s)
            except Refusal:
                continue
        chk.prov.clear()
        chk.prov.update(prov)
        chk.warnings[:] = kept
        raise first


def _keyword_pos(rec: HandRecord, kw: str, pos: Pos) -> Pos:
    """The position of the keyword ``kw`` written before the value at
    ``pos`` on the same line of the hand's source (``buck Al``: the ``buck``);
    ``pos`` itself when the source does not show it."""
    lines = (rec.source or "").split("\n")
    i = pos.line - rec.pos.line
    if not 0 <= i < len(lines) or pos.col < 1:
        return pos
    off = rec.pos.col - 1 if i == 0 else 0  # the source starts at the hand's own keyword
    c = lines[i].rfind(kw, 0, max(pos.col - 1 - off, 0))
    return Pos(pos.line, c + 1 + off) if c >= 0 else pos


#: the partner modes of the games without a blind whose side is made by a head's cards (docs/profiles.md)
_HEAD_MODES = frozenset({"blackQueens", "qcJd7d", "blackQueensJd", "firstTwo"})


def _hand_kind(chk: HandCheck) -> str:
    """``pick``, ``misdeal``, ``doubler`` or the no-pick game played
    (``leaster``, ``moster``, ``mittler``, ``schneidster``, ``schwanzer``)."""
    rec = chk.rec
    if (rec.pick is not None and rec.leaster is None and rec.doubler is None and rec.misdeal is None
            and rec.nopick is None):
        return "pick"  # the common case: only a pick is written
    found = [(k, v) for k, v in (("pick", rec.pick), ("leaster", rec.leaster), ("doubler", rec.doubler),
                                 ("misdeal", rec.misdeal), (rec.nopick_game, rec.nopick)) if v is not None]
    if not found:
        if chk.profile.partnerMode in _HEAD_MODES:  # no blind: the head is written as the pick (house17 F6)
            raise chk.reject("E-HAND-KIND", f"the hand does not name its head: {chk.profile.name} has no blind, and "
                             "its head (the Q♣ holder in the black-queens games, the first queen's in the "
                             "first-queens games: docs/profiles.md) is written pick S", chk.rec.pos,
                             found=f"hand {rec.number}", expected="pick S or misdeal")
        raise chk.reject("E-HAND-KIND", "the hand says neither who picked nor that nobody did"
                         + ("; a score written alone names its picker with pick ? (notation.md §7)"
                            if rec.score is not None else ""), chk.rec.pos,
                         found=f"hand {rec.number}", expected="pick S, leaster S, doubler, misdeal or the no-pick game "
                         "(moster S, mittler S, schneidster S, schwanzer S)")
    if len(found) > 1:
        k, other = found[1]
        raise chk.reject("E-HAND-KIND", f"{found[0][0]} and {k} in one hand", other.pos, found=k,
                         expected="one of pick, leaster, doubler, misdeal, moster, mittler, schneidster, schwanzer")
    return found[0][0]


def _check_pot(chk: HandCheck, sess: SessionState, known: bool) -> None:
    """The pot's balance before the hand (rules.md D-19): derived from the
    session, or written ``pot N``: checked against the session when every
    earlier hand of the session is known (``known``, even when the pot is
    empty), else asserted (a log that starts mid-session, a hand after a
    gap): then the written value seeds the carry.  On the session's first
    hand counted (nothing counted before it: hand 1, or the first hand in
    force of a night whose hands before it are voided) a written pot is the
    pot carried in from an earlier night, its opening balance: asserted, and
    it seeds the carry (break22b F11), also over the opening balance a voided
    hand 1 kept (``sess.pot`` seeded from it, fixc30 F2: the way to change
    that balance, as the SHN export writes it, docs/notation.md ``pot N``)."""
    rec, prof = chk.rec, chk.profile
    chk.pot = sess.pot
    w = rec.pot
    if w is None or w.value is None:
        if prof.pot:
            chk.prov["pot"] = "derived"
            if sess.pot < 0:
                _owed_warning(chk, sess.pot)
        return
    if not prof.pot:
        raise chk.reject("E-POT", f"pot {w.value} is written but the profile has no pot (pot=off, rules.md D-19)",
                         w.pos, found=f"pot {w.value}", expected="no pot statement")
    if w.value > _MAX_UNITS:
        raise chk.reject("E-POT", f"pot {w.value} is beyond what the log keeps", w.pos, found=w.value,
                         expected=f"at most {_MAX_UNITS}")
    if known and w.value != sess.pot and sess.last_hand is None:
        # the session's first hand: a pot carried in from the night before (a leaster's or a doubler's), as a scorer
        # carries it, is the pot's opening balance (rules.md D-19: the pot is kept "for the next hand", and the next
        # winning picker side takes it, whichever night that is): the pot seat holds it before hand 1.  The first hand
        # in force after a voided hand 1 too: its pot N replaces the opening balance that hand kept (fixc30 F2)
        chk.prov["pot"] = "asserted"
        chk.pot = w.value
        return
    if known and w.value != sess.pot:
        raise chk.reject("E-POT", f"pot {w.value} is written but the session's hands before it leave {sess.pot} in "
                         "the pot (rules.md D-19)", w.pos, found=w.value, expected=sess.pot)
    chk.prov["pot"] = "verified" if known else "asserted"
    chk.pot = w.value


def _owed_warning(chk: HandCheck, pot: int) -> None:
    """``W-POT-OWED`` on a hand whose pot, derived from the session, is below
    zero: only a stored hand kept against the rules (``W-CARRY``: its score,
    written before an earlier hand arrived, took more than the pot held)
    leaves it so.  The pot seat's units stay the sum of what the stored
    hands put in and took out, so this hand's side takes nothing from it
    (and a pot split pays nothing) until no-pick hands fill it again; rules.md
    D-19: the pot never pays out more than it holds.  Amending the kept hand
    re-derives this one."""
    chk.warnings.append(chk.diag(
        "W-POT-OWED", f"hand {chk.rec.number}: the pot holds {pot} before this hand: a hand before it keeps a stored "
        "result that took more than the pot held (W-CARRY, marked ! on the sheet); nothing is taken from an empty "
        "pot (rules.md D-19), so this hand is paid as the pot stands: amend the kept hand (shead ingest --amend) "
        "and this one is derived again", chk.rec.pos, found=f"pot {pot}", expected="a pot of 0 or more",
        severity="warning"))


def _refused_before(sess: SessionState | None, number: int, since_last: bool = False) -> list[tuple[int, tuple]]:
    """The hands of the file refused before hand ``number`` (``since_last``:
    and after the last hand counted) as ``(number, (kind, code, where))``
    of ``sess.refused``, in hand order."""
    if sess is None or not sess.refused:
        return []
    low = (sess.last_hand or 0) if since_last else 0
    return sorted((n, v) for n, v in sess.refused.items() if low < n < number)


def _gap_lead(rec, sess: SessionState | None) -> str:
    """How a ``W-SESSION-GAP`` names the gap: the hands of the file refused
    before this one, each with its error and place and what it reads as,
    when that is the gap; else an earlier hand missing."""
    refused = _refused_before(sess, rec.number)
    if not refused:
        return (f"an earlier hand of session {rec.session_id!r} is missing (not in the log, rejected, or not stored "
                "yet)")
    one = len(refused) == 1
    said = ", ".join(f"{n} ({code} at {where})" for n, (kind, code, where) in refused)
    return (f"{'hand' if one else 'hands'} {said} of session {rec.session_id!r} {'was' if one else 'were'} refused "
            "and not counted (a refused hand feeds no carry)")


def _gap_warning(chk: HandCheck, known: bool, stake_derived: bool, stake: int = 1,
                 sess: SessionState | None = None) -> None:
    """``W-SESSION-GAP`` on a hand whose stake (a profile with doublers) or pot
    (``pot=on``) is derived while an earlier hand of its session is missing:
    the carry (rules.md D-11, D-12, D-19) counts only the hands read, so the
    value may be wrong (a missing hand may have played a doubler off, or been
    one; docs/storage.md "Session carry").  The message names the stake
    taken (``stake``).  When the gap is hands of the file that were refused
    (``sess.refused``), it names them and what they read as; a refused pick
    was played, and played off a doubler queued before it (D-11, D-12): the
    stake taken counts it not, and the message says the stake it would give
    counted (break22 F9: a hand after a refused pick was taken at ×2 with no
    word of why)."""
    if known:
        return
    what = [w for w, on in ((f"stake ×{stake}", stake_derived), ("pot", chk.prov.get("pot") == "derived")) if on]
    if not what:
        return
    rec = chk.rec
    why = "; ".join(w for w, on in (("a missing hand may have played a doubler off, or been one", stake_derived),
                                    ("a missing hand may have put units into the pot or taken them",
                                     chk.prov.get("pot") == "derived")) if on)
    picks = [n for n, (kind, _, _) in _refused_before(sess, rec.number, since_last=True) if kind == "pick"]
    if stake_derived and picks and sess is not None:
        # the stake had the refused picks been counted: a pick is played, and plays a queued doubler off (D-11, D-12)
        if chk.profile.doublerStacking == "multiplicative":
            other = 1
        else:
            other = 2 if sess.queued > len(picks) else 1
        if other != stake:
            one = len(picks) == 1
            why = (f"the doublers queued by the hands counted give ×{stake}; {'hand' if one else 'hands'} "
                   f"{', '.join(map(str, picks))} {'reads' if one else 'read'} as a pick, which is played and plays a "
                   f"queued doubler off (rules.md D-11, D-12): counted, {'it' if one else 'they'} would put this hand "
                   f"at ×{other}" + ("; " + why.split("; ", 1)[1] if "; " in why else ""))
    if rec.sheet_row:  # a sheet's row writes no `stake N` nor `pot N`: the night's rows are what it can give
        refused = _refused_before(sess, rec.number)
        chk.warnings.append(chk.diag(
            "W-SESSION-GAP", f"hand {rec.number}: {_gap_lead(rec, sess)}; the {' and '.join(what)} derived from the "
            f"hands before it may be wrong ({why}): "
            + ("correct the refused row and ingest the sheet again (the night is then derived again with it)"
               if refused else "ingest the night's earlier rows (from its hand 1) first, or with it")
            + ("" if chk.prov.get("pot") != "derived" else "; a pot carried in from an earlier night is written in "
               "the Pot cell of the sheet's opening row above the night's first hand"),
            rec.pos, found=f"hand {rec.number}", expected="the night's rows from hand 1", severity="warning"))
        return
    chk.warnings.append(chk.diag(
        "W-SESSION-GAP", f"hand {rec.number}: {_gap_lead(rec, sess)}; the {' and '.join(what)} derived from the "
        f"hands before it may be wrong ({why}): write "
        + " and ".join(h for h, on in (("stake N (or the score it is paid at)", stake_derived),
                                       ("pot N", chk.prov.get("pot") == "derived")) if on)
        + ", if it differs" + (", or correct the refused hand and ingest it again (the session is then derived "
                               "again with it)" if _refused_before(sess, rec.number) else ""),
        rec.pos, found=f"hand {rec.number}", expected="the session's hands from hand 1, or "
        + " and ".join(f"{w.split()[0]} N written" for w in what), severity="warning"))


def _marks_actions(chk: HandCheck, late: bool | None = None):
    """The engine's actions for the hand's marks, in written order, each with
    its position.  ``late``: None every mark; False the marks made before the
    first card; True only the blitzes declared after the play (``blitz S
    black late``, ``lateBlitz=on``, rules.md E-5)."""
    for m in chk.rec.marks:
        if late is not None and m.late != late:
            continue
        if m.seat is None:  # QA18-D8: `crack ?` (notation.md §7) where the engine needs the seat
            what = f"{m.kind} {m.color or 'black'}" if m.kind == "blitz" else m.kind
            raise chk.reject("E-SEAT", f"the seat of the {what} is written ?, but this hand is replayed by the "
                             "engine, which needs the seat that made it (write the seat)", m.pos,
                             found=f"{m.kind} ?", expected=f"{m.kind} S")
        seat = chk.seat(m.seat, m.pos)
        if m.kind == "crack":
            yield Crack(seat), m.pos
        elif m.kind == "recrack":
            yield Recrack(seat), m.pos
        elif m.kind == "castrate":
            yield Castrate(seat), m.pos
        else:
            yield Blitz(seat, m.color or "black", m.pair, m.late), m.pos


def _replay_hand(chk: HandCheck, kind: str, dealer: int, stake: int):
    rec, prof = chk.rec, chk.profile
    state = build_state(chk, dealer, stake)
    g = state
    reneged: list[int] = []  # the play index of each card marked ^R (the card log's renege flags)
    try:
        # ---- picking
        if kind == "pick":
            if rec.give is not None:  # wi6-7d-high: before the head is named (F-1)
                judge_partner_cards.apply_give(chk, g)
            _pick(chk, g, dealer, chk.seat(rec.pick.value, rec.pick.pos))
            if rec.share is not None:  # wi7-shared-blind: the neighbour's part of the blind (issue 18)
                if None in rec.share.cards:
                    raise chk.reject("E-SHARE", "a shared blind card is written ?? but the tricks are replayed",
                                     rec.share.pos, found="??", expected="the neighbour's blind cards")
                _apply(chk, g, Share(tuple(rec.share.cards)), rec.share.pos)
            bury = rec.bury
            derived = _derived_bury(chk, g) if (bury is None and g.phase == _BURY
                                                and prof.partnerMode != "sharedBlind") else None
            if derived is not None:  # what the picker held and never played (rules.md B-7)
                _apply(chk, g, Bury(derived), rec.pick.pos)
                chk.prov["bury"] = "derived"
            elif bury is None:
                if g.phase == _BURY:  # not in a game without a blind (rules.md F-1)
                    g.apply(Bury(None))
            else:
                cards = tuple(bury.cards)
                try:  # _apply at bury.pos, read only for the error (the reader makes it then)
                    g.apply(Bury(None if None in cards else cards))
                except IllegalAction as exc:
                    raise chk.engine_error(exc, bury.pos) from None
            if rec.roll is not None:  # wi7-die-roll: the written die names the partner (issue 18, replay/seven.py)
                if rec.alone is not None:
                    raise chk.reject("E-ROLL", f"both roll {_roll_shown(rec.roll)} and alone: the die names a partner",
                                     rec.roll.pos, found="roll and alone", expected="one of them")
                if rec.roll.value is None:  # QA18-D6: the engine needs the die to name the partner
                    raise chk.reject("E-ROLL", "the die roll is written ? but the tricks are replayed: the die names "
                                     "the partner (write roll N, 1..6)", rec.roll.pos, found="roll ?",
                                     expected="roll N")
                _apply(chk, g, Roll(rec.roll.value), rec.roll.pos)
            elif prof.partnerMode == "dieRoll" and rec.alone is None and not g.alone:
                rolled = _roll_from_partner(chk, g.picker)  # break30 F1: the written partner fixes the roll
                if rolled is not None:
                    _apply(chk, g, Roll(partner_roll(prof.players, g.picker, rolled)), rec.partner.pos)
            if rec.call is not None:
                c = rec.call
                if c.card is None:
                    raise chk.reject("E-CALL-UNKNOWN", "the called card is written ?? but the tricks are replayed",
                                     c.card_pos, found="??", expected="the called card")
                if c.has_under and c.under is None:
                    raise chk.reject("E-UNDER-UNKNOWN", "the unknown card is written ?? but the tricks are replayed; "
                                     "name it so its plays can be checked", c.under_pos, found="??", expected="a card")
                _apply(chk, g, _call_action(c.card, c.under), c.pos)
            if rec.alone is not None:
                if rec.call is not None:
                    raise chk.reject("E-CALL-ALONE", "both a call and alone", rec.alone.pos, found="call and alone",
                                     expected="one of them")
                _apply(chk, g, Alone(), rec.alone.pos)
            _apply_sheepshead(chk, g)
        else:
            s = g.to_act
            for _ in range(g.np):
                _apply(chk, g, Pass(s), (rec.leaster or rec.nopick).pos)
                s = g.next_seat(s)
            if rec.blind_trick is not None and rec.blind_trick.value is not None:
                _apply(chk, g, BlindTrick(rec.blind_trick.value), rec.blind_trick.pos)
            elif prof.leasterBlind == "namedTrick":
                raise chk.reject("E-BLIND-TRICK", "leasterBlind=namedTrick but no trick is named for the blind "
                                 "(rules.md D-3)", (rec.leaster or rec.nopick).pos, found="no blindtrick",
                                 expected="blindtrick N")
        for action, pos in _marks_actions(chk, late=False):
            _apply(chk, g, action, pos)
        if g.phase in (_CALL, _MARKS):
            try:
                g.start_play()
            except IllegalAction as exc:
                raise chk.engine_error(exc, _call_pos(chk, exc)) from None
        frames = chk.frames
        if frames is not None:
            frames.append(snapshot(g, 0, None))
        # ---- tricks
        expected_no = 1
        stopped = None
        size, battery = prof.trick_cards, prof.trick_slots is not None  # four cards a trick in the battery games
        succ = g._succ  # successors(g.n, g.sitting), made by the state; g.play is a C call (replay/judge_wi.pxd)
        won: list[int] | None = [] if battery else None  # the winning card of each battery trick (B-19)
        seat_of = chk.index.get  # chk.seat without the call; a miss goes to chk.seat for its error
        marked = []  # (seat, trick, position) of each card marked ^R, for W-RENEGE
        for t in rec.tricks:
            if t.number != expected_no:
                raise chk.reject("E-TRICK-ORDER", f"t{t.number} where t{expected_no} was expected", t.pos,
                                 found=f"t{t.number}", expected=f"t{expected_no}", trick=t.number)
            expected_no += 1
            if g.phase == _DONE:
                raise chk.reject("E-TOO-MANY-TRICKS", f"t{t.number} after the last trick", t.pos, found=f"t{t.number}",
                                 expected=f"{prof.tricks} tricks", trick=t.number)
            lead = seat_of(t.leader)
            if lead is None:
                lead = chk.seat(t.leader, t.leader_pos)  # E-SEAT: not a seat of the hand
            if lead != g.leader:
                who = "the player left of the dealer" if t.number == 1 else f"the winner of trick {t.number - 1}"
                raise chk.reject("E-LEADER", f"trick {t.number} is led by {t.leader}, but {who} leads it "
                                 "(rules.md B-17)", t.leader_pos, found=t.leader, expected=chk.aliases[g.leader],
                                 trick=t.number)
            cards = t.cards  # the card codes; a card's position (t.plays[i].pos) is read only to report it
            if len(cards) != size:  # two cards a seat in the battery games (replay.battery)
                raise chk.reject("E-TRICK-SIZE", f"trick {t.number} has {len(cards)} cards; {g.np} seats play "
                                 f"{size} cards to a trick (rules.md B-17)", t.pos,
                                 found=len(cards), expected=size, trick=t.number)
            number = t.number
            marks = t.renege_at
            s = lead
            if frames is None and not marks:  # the common trick: no ^R, no viewer's frames
                # a card's index in the trick is how many of its cards are played (the state is
                # unchanged by an illegal card, and a trick cut short by ?? has no winner yet)
                try:
                    for card in cards:
                        if card is None:
                            stopped = (number, t.plays[len(g.trick)].pos)
                            break
                        g.play(s, card)
                        s = succ[s]  # g.next_seat(s): the seats never change within a hand
                except IllegalAction as exc:
                    raise _play_error(chk, exc, t.plays[len(g.trick)].pos, number, s) from None
                if stopped:
                    break
                if battery:
                    _, cards_played, w = g.tricks[-1]
                    won.append(winning_index(g, cards_played, w))
                continue
            i = 0
            for card in cards:
                if card is None:
                    stopped = (number, t.plays[i].pos)
                    break
                renege = i in marks if marks else False
                if renege:
                    marked.append((s, number, t.plays[i].pos))
                    reneged.append((number - 1) * size + i)
                try:
                    g.play(s, card, renege)
                except IllegalAction as exc:
                    raise _play_error(chk, exc, t.plays[i].pos, number, s) from None
                if frames is not None:
                    frames.append(snapshot(g, len(frames), (s, card)))
                s = succ[s]  # g.next_seat(s): the seats never change within a hand
                i += 1
            if stopped:
                break
            if battery:
                _, cards_played, w = g.tricks[-1]
                won.append(winning_index(g, cards_played, w))
        for action, pos in _marks_actions(chk, late=True):  # blitzes declared after the play (rules.md E-5)
            _apply(chk, g, action, pos)
        if (stopped is None and rec.claim is None and g.complete and g.phase == _PLAY and not g.trick
                and g.trick_no == prof.tricks - 1 and rec.tricks
                and _one_card_each(g)):
            # the last trick is forced (every seat holds one card): derived
            number = g.trick_no + 1
            s = g.leader
            for i in range(g.np):
                card = next(cards_in(g.hands[s]))
                g.play(s, card)
                if frames is not None:
                    frames.append(snapshot(g, len(frames), (s, card)))
                s = g.next_seat(s)
            if won is not None:
                _, cards_played, w = g.tricks[-1]
                won.append(winning_index(g, cards_played, w))
            chk.prov["last_trick"] = "derived"
        if rec.claim is not None and stopped is None and rec.claim.value is None:
            # `claim ?` (notation.md §7): the rest went to one side, which is not
            # written; the result is judged from what is written, as a partial log
            chk.prov["claim"] = "asserted"
        elif rec.claim is not None and stopped is None:
            cs = chk.seat(rec.claim.value, rec.claim.pos)
            _apply(chk, g, Claim(cs), rec.claim.pos)
            if frames is not None:
                frames.append(snapshot(g, len(frames) - 1, None))
    except IllegalAction as exc:  # setup actions without a better position
        raise chk.engine_error(exc, rec.pos) from None
    for seat, trick in g.reneges:  # at the card marked ^R
        pos = _marked_pos(marked, seat, trick, rec.pos)
        chk.warnings.append(chk.diag("W-RENEGE", f"{chk.aliases[seat]} reneged in trick {trick}; the table ruled on it "
                                     f"(renegePenalty={prof.renegePenalty}, rules.md B-23)", pos,
                                     severity="warning", trick=trick))
    tricks = list(g.tricks)
    if stopped is not None and g.trick:  # the cards of the trick cut short by an unknown card: no winner
        tricks.append((g.leader, tuple(g.trick), None))
    cardlog = _cardlog(chk, tricks, won, tuple(reneged))
    if g.complete and not rec.tables:  # the deal as dealt, for the store's deal id (deal_id_of_masks, issue 17)
        cardlog.masks = g._dealt
    if stopped is not None or g.phase != _DONE:
        where = f"an unknown card in trick {stopped[0]}" if stopped else f"{len(g.tricks)} of {prof.tricks} tricks"
        chk.warnings.append(chk.diag("W-PARTIAL", f"the card log is incomplete ({where}); the result is taken from "
                                     "what is written", stopped[1] if stopped else rec.pos, severity="warning"))
        return _score_sheet(chk, kind, dealer, stake, state=g, cardlog=cardlog)
    # ---- the hand is over: cross-check what is written
    if kind in NOPICK_GAMES:
        return _nopick_done(chk, g, kind, dealer, stake, g.settlement(), cardlog)
    pts = None if _partner_unknown(g) else g.side_points()
    if pts is None:
        # a called or partner card nobody played before a claim, without the
        # deal: the side follows from what is written (the partner, the
        # score), never from a guess; likewise the points of a defenders'
        # claim without the bury
        # a defenders' claim without the deal and without the bury: the
        # picker side's points are not known from the cards
        return _score_sheet(chk, kind, dealer, stake, state=g, cardlog=cardlog)
    settle = g.settlement()
    picker = g.picker
    partner = _pa(g.partners())
    tricks = g.side_tricks()
    if chk.prov.get("partner") != "asserted":
        _check_partner(chk, partner, g)
    misplay = settle.outcome == "misplay"  # rules.md B-23: the cards' result is checked, the misplay settles
    outcome = g.picked_outcome(pts, tricks) if misplay else settle.outcome
    # pts, tricks, outcome written?
    pts, tricks, outcome = _check_result(chk, pts, tricks, outcome, g)
    if misplay:
        pass
    elif outcome != settle.outcome:  # an agreed (^) result the cards do not support
        settle = chk.picked(picker, partner, outcome, stake, g.marks(), sheepshead=g.sheepshead, out=g.sitting)
    settle = _agreed_score(chk, settle)
    call = _call_text(g)
    return (_outcome(chk, dealer, picker, partner, call, settle, pts, tricks, stake, g.n_marks,
                     status="full", state=g), cardlog, settle)


def _one_card_each(g: GameState) -> bool:
    """Every seat that plays the hand holds one card: the last trick is forced."""
    return all(g.hands[s].bit_count() == 1 for s in g.playing_seats())


def _marked_pos(marked: list[tuple], seat: int, trick: int, default: Pos) -> Pos:
    """The position of the card ``seat`` marked ``^R`` in ``trick`` (``marked``:
    (seat, trick, position) of each), else ``default``."""
    return next((p for ms, mt, p in marked if ms == seat and mt == trick), default)


def _derived_bury(chk: HandCheck, g: GameState) -> tuple | None:
    """The bury of a record that leaves it out but writes the whole deal and
    every trick without a claim: the picker's cards after the pick (hand and
    blind) that the picker never plays (rules.md B-7), when they are the
    blind's size; else None."""
    rec, prof = chk.rec, chk.profile
    if not g.complete or rec.claim is not None or len(rec.tricks) != prof.tricks:
        return None
    p = g.picker
    played = 0
    for t in rec.tricks:
        seat = chk.index.get(t.leader)
        cards = t.cards
        if seat is None or len(cards) != g.np:
            return None
        for i, card in enumerate(cards):
            if i:
                seat = g.next_seat(seat)
            if card is None:
                return None
            if seat == p:
                played |= 1 << card
    rest = g.hands[p] & ~played
    if rest.bit_count() != prof.blind_size:
        return None
    return tuple(cards_in(rest))


def _partner_unknown(g: GameState) -> bool:
    """A picked hand replayed without the whole deal whose called card (B-9,
    B-10), partner card (C-1, C-4, F-1) or second partner card nobody played:
    who holds it, so who is on the picker's side, is not known."""
    if g.complete or g.hands_known or g.picker is None:
        return False
    prof = g.profile
    if g.call_type in (_CT_ACE, _CT_TEN, _CT_UNDER, _CT_JD, _CT_JD_CALLUP):
        if not g.alone and g.partner is None:
            return True
    if prof.partnerMode == "jdAndAce" and g.partner2 is None and not (g.hands[g.picker] | g.bury) >> Card.DJ & 1 \
            and g._holder(Card.DJ) is None:
        return True
    if g.call_type is _CT_QUEENS:
        _, *others = prof.partner_cards
        held = g.hands[g.picker]
        return any(not held >> c & 1 and g._holder(c) is None for c in others)
    if prof.partnerMode == "jackOfDiamonds" and g.alone and g.call_type is _CT_ALONE:
        return False
    return False


def _sheet_roll(chk: HandCheck, picker: int, dealer: int | None, alone: bool) -> int | None:
    """The partner a score-sheet line's ``roll N`` names in ``wi7-die-roll``
    (replay/seven.py), or None (alone, or not that profile).  Raises
    ``E-ROLL``: a roll in another profile, a roll with ``alone`` or by a
    nuclear dealer, or a picked line without a roll and without ``alone``
    (the roll is written in the hand, never guessed)."""
    rec, prof = chk.rec, chk.profile
    roll = rec.roll
    if rec.share is not None and (prof.partnerMode != "sharedBlind" or is_nuclear(prof, picker, dealer)):
        why = "the dealer went nuclear and takes the whole blind" if prof.partnerMode == "sharedBlind" else \
            f"{prof.name} does not share the blind (only wi7-shared-blind)"
        raise chk.reject("E-SHARE", f"share is written, but {why}", rec.share.pos, found="share", expected="no share")
    if prof.partnerMode == "sharedBlind" and roll is None:  # the neighbour shares the blind and partners
        if is_nuclear(prof, picker, dealer):
            return None
        if alone:
            raise chk.reject("E-SHARE", "alone, but the neighbour shares the blind and is the partner "
                             "(wi7-shared-blind)", rec.alone.pos, found="alone", expected="no alone")
        return (picker + 1) % prof.players
    if prof.partnerMode != "dieRoll":
        if roll is not None:
            raise chk.reject("E-ROLL", f"roll {_roll_shown(roll)} in {prof.name}, where no die names the partner "
                             "(only wi7-die-roll)", roll.pos, found=f"roll {_roll_shown(roll)}", expected="no roll")
        return None
    nuclear = is_nuclear(prof, picker, dealer)
    if roll is None:
        if alone or nuclear:
            return None
        derived = _roll_from_partner(chk, picker)
        if derived is not None:  # break30 F1: the written partner is the one seat one face names
            return derived
        raise chk.reject("E-ROLL", "the die roll that names the partner is not written (roll N, 1..6; or alone; "
                         "or the partner)", rec.pick.pos, found="no roll", expected="roll N")
    if alone or nuclear:
        why = "the dealer went nuclear and plays alone" if nuclear else "the picker plays alone"
        raise chk.reject("E-ROLL", f"roll {_roll_shown(roll)}, but {why}", roll.pos, found=f"roll {_roll_shown(roll)}",
                         expected="no roll")
    if roll.value is None:  # QA18-D6: the roll is written in the hand, never guessed (docs/profiles.md)
        raise chk.reject("E-ROLL", "the die roll is written ?; the die names the partner, so write it (roll N, 1..6)",
                         roll.pos, found="roll ?", expected="roll N")
    return roll_partner(prof.players, picker, roll.value)


def _roll_from_partner(chk: HandCheck, picker: int) -> int | None:
    """``wi7-die-roll`` without ``roll N``: the seat of a written ``partner S``
    (another seat than the picker), the one roll that names it being recorded
    with provenance ``roll`` = 'derived' (:func:`replay.seven.partner_roll`:
    each face names one of the other seats, so the partner fixes the roll;
    break30 F1); None when no such partner is written."""
    w = chk.rec.partner
    if w is None or w.value is None or chk.rec.partner2 is not None:
        return None
    seat = chk.seat(w.value, w.pos)
    if partner_roll(chk.profile.players, picker, seat) is None:
        return None
    chk.prov["roll"] = "derived"
    return seat


def _roll_shown(roll) -> str:
    """A written ``roll`` as the line shows it: the die, or ``?``."""
    return "?" if roll.value is None else str(roll.value)


def _pick(chk: HandCheck, g: GameState, dealer: int, picker: int) -> None:
    """``pick S``: every seat from the dealer's left up to S passed, then S
    picked (notation.md §3, rules.md B-5)."""
    s = g.to_act
    has_blind = g.profile.has_blind  # the profile never changes within a hand
    pos = chk.rec.pick.pos
    while has_blind and s != picker and g.phase == _PICK and g.passes < g.np - 1:
        _apply(chk, g, _PASSES[s] if s < len(_PASSES) else Pass(s), pos)  # a stuck seat may not pass (D-13, D-14)
        s = g._succ[s]  # g.next_seat(s): the pass went through, so s is a seat of the table
    _apply(chk, g, _PICKS[picker] if picker < len(_PICKS) else Pick(picker), pos)


#: ``Pass(s)`` and ``Pick(s)`` of the seats of every table (rules.md F-1: up to
#: eight), made once: actions are frozen values, so one serves every hand.
_PASSES = tuple(Pass(s) for s in range(8))
_PICKS = tuple(Pick(s) for s in range(8))


#: the Call actions made so far, by (card, under): a Call is a frozen value, so one made once serves every hand
#: that calls the same card (issue 17: its dataclass __init__ once, not once a hand)
_CALLS: dict = {}


def _call_action(card, under) -> Call:
    """``Call(card, under)``, made once for each pair."""
    key = (card, under)
    got = _CALLS.get(key)
    if got is None:
        got = _CALLS[key] = Call(card, under)
    return got


def _apply(chk: HandCheck, g: GameState, action, pos: Pos) -> None:
    try:
        g.apply(action)
    except IllegalAction as exc:
        if exc.diagnostic.code == "E-BURY-JD" and chk.rec.bury is not None:
            pos = chk.rec.bury.pos  # rules.md C-6: the fault is the bury
        raise chk.engine_error(exc, pos) from None


def _call_pos(chk: HandCheck, exc: IllegalAction) -> Pos:
    """Where an error found when the call closes is reported: the bury for
    ``E-BURY-JD`` (rules.md C-6), else the call, else the pick."""
    rec = chk.rec
    if exc.diagnostic.code == "E-BURY-JD" and rec.bury is not None:
        return rec.bury.pos
    return rec.call.pos if rec.call else rec.pick.pos


def _apply_sheepshead(chk: HandCheck, g: GameState) -> None:
    """``sheepshead`` (rules.md C-9): the call closes first (a missing call is
    reported at the pick), then the contract is made."""
    rec = chk.rec
    if rec.sheepshead is None:
        return
    if g.phase == _CALL:
        try:
            g.finish_call()
        except IllegalAction as exc:
            raise chk.engine_error(exc, _call_pos(chk, exc)) from None
    _apply(chk, g, Sheepshead(), rec.sheepshead.pos)


def _call_text(g: GameState) -> str | None:
    if g.alone and g.call_type in (_CT_ALONE, _CT_JD_CALLUP) and g.called is None:
        return "alone"
    if g.called is None:
        return "alone" if g.alone else None
    if g.under is not None:
        return f"{g.called} under {g.under}"
    return str(g.called)


def _pa(partners: tuple[int, ...]) -> int | tuple[int, ...] | None:
    """The partner(s) as :func:`settle_picked` takes them: None (alone), a
    seat, or a pair of seats (3v3, 3v5: rules.md F-1)."""
    return None if not partners else partners[0] if len(partners) == 1 else tuple(partners)


def _seats_of(pa) -> tuple[int, ...]:
    return () if pa is None else (pa,) if isinstance(pa, int) else tuple(pa)


def _check_partner(chk: HandCheck, partner, g: GameState | None) -> None:
    """The written ``partner S`` (and a second seat ``partner S S2``) against
    the partner(s) from the deal."""
    rec = chk.rec
    want = _seats_of(partner)
    for w in (rec.partner, rec.partner2):
        if w is None or w.value is None:
            continue
        s = chk.seat(w.value, w.pos)
        if not want and w is rec.partner and g is not None and g.call_type is _CT_OWN_ACE and s == g.picker:
            chk.prov["partner"] = "verified"  # rules.md B-14: the picker is their own partner
            return
        if not want:
            raise chk.reject("E-PARTNER", f"partner {w.value} is written but the picker plays alone", w.pos,
                             found=w.value, expected="no partner")
        if s not in want or (w is rec.partner2 and rec.partner.value == w.value
                             and (len(want) != 1 or not _two_partners(chk.profile))):
            # ``partner S S`` says S is the one partner (rules.md F-1: 2 against 4): right when the deal shows one
            if w.agreed or (rec.partner is not None and rec.partner.agreed):
                chk.prov["partner"] = "conflict"
                return
            names = " and ".join(chk.aliases[x] for x in want)
            raise chk.reject("E-PARTNER", f"partner {w.value} is written but {names} "
                             f"hold{'s' if len(want) == 1 else ''} the partner card{'s' if len(want) > 1 else ''}",
                             w.pos, found=w.value, expected=names)
    if rec.partner is None or rec.partner.value is None:
        chk.prov["partner"] = "derived"
        return
    chk.prov["partner"] = "verified"


def _outcome_message(chk: HandCheck, written: str, expected: str, pts: int | None, tricks: int,
                     state: GameState | None) -> str:
    """The ``E-OUTCOME`` message of a written outcome word that is not the
    replay's ``expected`` (built only when the error is raised).  In a hand
    with a renege the table ruled on it names B-23 and which result the
    profile's ``renegePenalty`` asks to be written: the penalty's under
    ``sideLosesHand`` (the cards' said beside it), the cards' under
    ``offenderPaysEach`` (table33 F2)."""
    said = f"({pts} card points, {tricks} tricks; rules.md B-27..B-30)"
    if state is None or not state.reneges or pts is None:
        return f"{written} is written but the replay gives {expected} {said}"
    from .scoring import renege_outcome_words  # noqa: PLC0415

    seat, trick = state.reneges[0]
    penalty = chk.profile.renegePenalty
    why = renege_outcome_words(chk.aliases[seat], trick, penalty, expected)
    if penalty == "offenderPaysEach":
        return f"{written} is written but the cards give {expected} {said}; {why}"
    cards = state.picked_outcome(pts, tricks)
    return (f"{written} is written but the replay gives {expected}: the cards give {cards} {said}, but {why}"
            if cards != expected else f"{written} is written but the replay gives {expected} {said}; {why}")


def _check_result(chk: HandCheck, pts: int | None, tricks: int, outcome: str, state: GameState | None = None):
    """Compare written pts/tricks/outcome with the replay.  Returns the values
    the ledger uses (agreed ``^`` values win)."""
    rec, prof = chk.rec, chk.profile
    used_pts, used_tricks, used_outcome = pts, tricks, outcome
    agreed = False
    if rec.pts is not None and rec.pts.value is not None:
        if pts is None:
            used_pts = rec.pts.value
            chk.prov["picker_points"] = "asserted"
        elif rec.pts.value != pts:
            if not rec.pts.agreed:
                raise chk.reject("E-PTS", f"pts {rec.pts.value} is written but the picker side has {pts} card points "
                                 "(bury included, rules.md B-24)", rec.pts.pos, found=rec.pts.value, expected=pts)
            chk.prov["picker_points"] = "conflict"
            used_pts, agreed = rec.pts.value, True
            chk.warnings.append(chk.diag("W-AGREED", f"pts ^{rec.pts.value} agreed at the table; the cards give {pts}",
                                         rec.pts.pos, severity="warning", found=rec.pts.value, expected=pts))
        else:
            chk.prov["picker_points"] = "verified"
    else:
        chk.prov["picker_points"] = "derived" if pts is not None else "asserted"
    if rec.tricks_won is not None and rec.tricks_won.value is not None:
        if rec.tricks_won.value != tricks:
            if not rec.tricks_won.agreed:
                raise chk.reject("E-TRICKS", f"tricks {rec.tricks_won.value} is written but the picker side took "
                                 f"{tricks}", rec.tricks_won.pos, found=rec.tricks_won.value, expected=tricks)
            chk.prov["picker_tricks"] = "conflict"
            used_tricks, agreed = rec.tricks_won.value, True
        else:
            chk.prov["picker_tricks"] = "verified"
    else:
        chk.prov["picker_tricks"] = "derived"
    if agreed and used_pts is not None:
        used_outcome = (state.picked_outcome(used_pts, used_tricks) if state is not None
                        else picked_result(prof, used_pts, used_tricks, prof.tricks))
    if rec.outcome is not None and rec.outcome.value is not None:
        if rec.outcome.value != used_outcome:
            if not rec.outcome.agreed:
                raise chk.reject("E-OUTCOME", _outcome_message(chk, rec.outcome.value, used_outcome, used_pts,
                                                               used_tricks, state),
                                 rec.outcome.pos, found=rec.outcome.value, expected=used_outcome)
            chk.prov["outcome"] = "conflict"
            used_outcome = rec.outcome.value
        else:
            chk.prov["outcome"] = "verified"
    else:
        chk.prov["outcome"] = "derived"
    return used_pts, used_tricks, used_outcome


#: What the seat of a no-pick statement is, and the rule (rules.md D).
_NOPICK_ROLE = {
    "leaster": ("the leaster winner", "D-4"),
    "moster": ("the seat with the most card points (or the one that took every trick)", "D-15"),
    "mittler": ("the mittler winner (the median card points)", "D-16"),
    "schneidster": ("the schneidster winner (closest to 30 without exceeding it)", "D-17"),
    "schwanzer": ("the schwanzer loser (the highest count)", "D-18"),
}


def _nopick_stmt(rec: HandRecord, kind: str):
    """(the statement's Value, written as a tie) of a no-pick hand."""
    if kind == "leaster":
        return rec.leaster, rec.leaster_tie
    return rec.nopick, rec.nopick_tie


def _check_leaster_words(chk: HandCheck, winner: int | None, pts: list[int] | None, kind: str = "leaster",
                         second: int | None = None) -> None:
    """The written seat (or ``-``) and ``pts`` of a no-pick game against the
    replay: ``winner`` is the seat the game turns on (None: a wash); ``pts``
    each seat's card points (for a schwanzer, each hand's count); ``second``
    the other of two tied leaster seats under ``leasterTie=split`` (the
    message then cites D-6: ``winner``, first in play order, takes 2 shares)."""
    rec = chk.rec
    lw, tie = _nopick_stmt(rec, kind)
    role, rule = _NOPICK_ROLE[kind]
    if second is not None and winner is not None:  # break30 F4: the split tie's rule, not D-4's
        role = (f"tied for fewest with {chk.aliases[second]} and first in play order from the dealer's left, so "
                f"takes 2 shares, {chk.aliases[second]} 1")
        rule = "D-6, leasterTie=split"
    if tie:
        if winner is not None:
            raise chk.reject("E-LEASTER", f"a wash (-) is written but {chk.aliases[winner]} is {role} (rules.md {rule})",
                             lw.pos, found="-", expected=chk.aliases[winner])
        chk.prov["leaster_winner"] = "verified"
    elif lw.value is not None:
        s = chk.seat(lw.value, lw.pos)
        if s != winner:
            exp = chk.aliases[winner] if winner is not None else "- (a wash)"
            raise chk.reject("E-LEASTER", f"{kind} {lw.value} is written but the replay gives {exp}: {role} "
                             f"(rules.md {rule})", lw.pos, found=lw.value, expected=exp)
        chk.prov["leaster_winner"] = "verified"
    else:
        chk.prov["leaster_winner"] = "derived"
    if rec.pts is not None and rec.pts.value is not None and winner is not None and pts is not None:
        if rec.pts.value != pts[winner]:
            raise chk.reject("E-PTS", f"pts {rec.pts.value} is written but {chk.aliases[winner]} ({role}) has "
                             f"{pts[winner]} (card points, the blind included when the seat took it, rules.md D-3; a "
                             "schwanzer's count, D-18)", rec.pts.pos, found=rec.pts.value, expected=pts[winner])
        chk.prov["picker_points"] = "verified"


def _nopick_done(chk: HandCheck, g: GameState, kind: str, dealer: int, stake: int, settle: Settlement,
                 cardlog: CardLog | None):
    """A no-pick game whose whole deal is known (a replayed leaster, moster,
    mittler or schneidster, or a schwanzer shown down): check the written seat,
    ``pts`` and score against the engine (rules.md D)."""
    if g.reneges:
        w, won = None, True
        pts = None
    else:
        w, second, won = g.nopick_seat()
        if kind == "schwanzer":
            pts = [schwanzer_value(h, g.profile.trumps) for h in g._dealt]
        else:
            pts = g.leaster_points()
        _check_leaster_words(chk, w, pts, kind, second)
    settle = _agreed_score(chk, settle)
    return (_outcome(chk, dealer, None, None, None, settle, pts[w] if w is not None and pts else None, None, stake,
                     g.n_marks, leaster_winner=w if won else None,
                     status="full"),
            cardlog, settle)


def _score_sheet(chk: HandCheck, kind: str, dealer: int | None, stake: int, state: GameState | None = None,
                 cardlog: CardLog | None = None):
    rec, prof = chk.rec, chk.profile
    n = prof.players
    marks = {"crack": 0, "re-crack": 0, "castrate": 0, "blitz": 0}
    for m in rec.marks:
        if m.seat is not None:  # `crack ?` (notation.md §7): the mark counts, its seat unknown
            chk.seat(m.seat, m.pos)
        marks["re-crack" if m.kind == "recrack" else m.kind] += 1
    nmarks = sum(marks.values())
    if prof.maxMarks and nmarks > prof.maxMarks:
        raise chk.reject("E-MARK-CAP", f"{nmarks} marks beyond the cap of {prof.maxMarks} (maxMarks, rules.md E-6)",
                         rec.marks[-1].pos, found=nmarks, expected=f"at most {prof.maxMarks}")
    written, _ = _written_units(chk, rec.score) if rec.score is not None else ([None] * n, False)
    status = "full" if state is not None and state.done else "score-sheet"  # a claim ends a replayed card log
    if prof.sitOut and dealer is None:
        raise chk.reject("E-DEALER", f"the dealer sits out under {prof.name} and settles 0, so the dealer must be known "
                         "(rules.md F-1); it is derived only from the hand before it on the same day (not for a "
                         "session's first hand, after a gap or a misdeal, or on a new day): write dealer S on the hand "
                         "line",
                         rec.pos, found="no dealer", expected="dealer S")
    out = dealer if prof.sitOut else None
    hands, dealt_seats, _, _ = _read_deal(chk, out)  # every written card is checked, dealer known or not
    for m in rec.marks:
        if chk.index.get(m.seat) == out and out is not None:
            raise chk.reject("E-SIT-OUT", f"{m.seat} deals and sits out and cannot {m.kind} (rules.md F-1)", m.pos,
                             found=f"{m.kind} {m.seat}", expected="a seat that plays the hand")
    if kind in NOPICK_GAMES:
        if state is None:  # a replayed card log has judged its marks already
            _nopick_marks(chk, dealer, stake)
        return _nopick_sheet(chk, kind, dealer, stake, marks, nmarks, written, cardlog, out)
    # ---- a picked hand from the score sheet
    if rec.pick.value is None:  # `pick ?` (notation.md §3): the picker follows from the score, or is unknown
        for w, mode, code, what, where in ((rec.roll, "dieRoll", "E-ROLL", "roll", "die roll (wi7-die-roll)"),
                                           (rec.share, "sharedBlind", "E-SHARE", "share",
                                            "shared blind (wi7-shared-blind)")):
            if w is not None and prof.partnerMode != mode:  # issue 18: never ignored silently
                raise chk.reject(code, f"{what} is written, but {prof.name} has no {where}", w.pos, found=what,
                                 expected=f"no {what}")
        return _unknown_picker(chk, kind, dealer, stake, written, out)
    picker = chk.seat(rec.pick.value, rec.pick.pos)
    if picker == out:
        raise chk.reject("E-SIT-OUT", f"{rec.pick.value} deals and sits out, so cannot pick (rules.md F-1)",
                         rec.pick.pos, found=rec.pick.value, expected="a seat that plays the hand")
    if (prof.always_alone or prof.partner_card_game) and rec.call is not None and not \
            judge_partner_cards.call_allowed(prof):
        why = "the picker always plays alone (rules.md F-1, F-2, F-3)" if prof.always_alone else \
            "partner cards make the sides (rules.md F-1)"
        raise chk.reject("E-CALL-NONE", f"a call in {prof.name}, where {why}", rec.call.pos, found="call",
                         expected="no call")
    alone = rec.alone is not None or prof.always_alone
    if (rec.sheepshead is not None and prof.allowSheepsheadCall == "holdingPartnerCard"
            and prof.partnerMode == "jackOfDiamonds" and rec.call is None and rec.partner is None):
        alone = True  # C-9: the picker holds the partner card, so plays alone (C-1, C-7)
    call = None
    if rec.call is not None and rec.call.card is not None:
        call = str(rec.call.card) + (f" under {rec.call.under if rec.call.under else '??'}" if rec.call.has_under else "")
        if prof.calls_ace:
            c = rec.call.card
            if prof.trumps.is_trump(c) or c.rank not in (0, 1):
                raise chk.reject("E-CALL-CARD", f"{c} cannot be called: a call names a fail ace or ten (rules.md B-9, "
                                 "B-10)", rec.call.card_pos, found=c, expected="a fail ace or ten")
    if alone and rec.call is not None:
        raise chk.reject("E-CALL-ALONE", "both a call and alone", rec.alone.pos, found="call and alone",
                         expected="one of them")
    _check_written_cards(chk, picker, hands, dealt_seats)
    if state is None and dealer is not None:
        state = _setup_without_tricks(chk, dealer, picker, stake)
    # the partner: written, from the deal, or from the score
    partner: int | None = None
    partner_known = alone
    if prof.nuclearDealer and dealer is None:
        raise chk.reject("E-DEALER", "nuclearDealer=on: who dealt decides whether the pick went nuclear (alone, x2); "
                         "write the dealer", rec.pick.pos, found="no dealer", expected="dealer S")
    rolled = _sheet_roll(chk, picker, dealer, alone)  # wi7-die-roll (issue 18): the partner the die names
    if is_nuclear(prof, picker, dealer):  # nuclearDealer (issue 18): the dealer's pick plays alone
        if rec.partner is not None and rec.partner.value is not None:
            raise chk.reject("E-PARTNER", f"partner {rec.partner.value} is written but the dealer went nuclear and "
                             "plays alone", rec.partner.pos, found=rec.partner.value, expected="no partner")
        if rec.call is not None:
            raise chk.reject("E-CALL-NONE", "a call, but the dealer went nuclear and plays alone", rec.call.pos,
                             found="call", expected="no call")
        alone = partner_known = True
    if state is not None and state.phase >= _MARKS and not partner_cards.side_open(state) and (
            state.complete or ((state.tricks or state.claimed) and not _partner_unknown(state))):
        # the partner as the cards show it: the whole deal, or the tricks replayed (who played the
        # called ace or the partner card, rules.md B-9, C-1)
        partner, partner_known = _pa(state.partners()), True
        alone = state.alone
        call = _call_text(state)
        _check_partner(chk, partner, state)
    elif rec.partner is not None and rec.partner.value is not None:
        if alone:
            raise chk.reject("E-PARTNER", f"partner {rec.partner.value} is written but the picker plays alone",
                             rec.partner.pos, found=rec.partner.value, expected="no partner")
        partner = chk.seat(rec.partner.value, rec.partner.pos)
        if partner == out:
            raise chk.reject("E-SIT-OUT", f"partner {rec.partner.value} deals and sits out (rules.md F-1)",
                             rec.partner.pos, found=rec.partner.value, expected="a seat that plays the hand")
        if partner == picker and prof.partnerMode == "jackOfDiamonds" and not prof.jdCallUp and rec.call is None:
            # the picker holds the J♦: alone (rules.md C-3), as a score app writes it, picker = partner (real22 F5:
            # refused, with a hint at allowCallOwnAce, which the jack's game has nothing to do with)
            partner, alone = None, True
        elif partner == picker:
            if not prof.allowCallOwnAce or rec.call is None:
                # how a score app writes a hand played alone (B-14's note): the way SHN writes it said (real25 F4)
                raise chk.reject("E-PARTNER", "the picker is written as the partner (allowCallOwnAce is off, or no "
                                 "ace is called; rules.md B-14); if the picker played alone (rules.md B-13), write "
                                 f"'alone' in place of 'partner {rec.partner.value}'", rec.partner.pos,
                                 found=rec.partner.value, expected="another seat, or alone")
            partner, alone = None, True  # B-14, I-15: the picker called their own ace, scored alone
        partner_known = True
        chk.prov["partner"] = "asserted"
        w2 = rec.partner2
        if w2 is not None and w2.value is not None:
            second = chk.seat(w2.value, w2.pos)
            if _two_partners(prof) and partner is not None and second == partner:
                pass  # ``partner S S``: S the one partner, no second (2 against 4, 2 against 6: rules.md F-1, F-4)
            elif not _two_partners(prof) or second in (picker, partner, out):
                raise chk.reject("E-PARTNER", f"a second partner {w2.value} is written, but {prof.name} has "
                                 + ("one partner at most" if not _two_partners(prof) else "no such partner"),
                                 w2.pos, found=w2.value, expected="one partner" if not _two_partners(prof) else
                                 "another seat that plays the hand")
            else:
                partner = (partner, second)
        elif _two_partners(prof):
            partner_known = False  # a second partner may be unwritten
    if rolled is not None and not (state is not None and state.phase >= _MARKS and state.complete):
        if partner_known and partner != rolled:
            pos = rec.partner.pos if rec.partner is not None else rec.roll.pos
            why = f"roll {_roll_shown(rec.roll)} names" if rec.roll is not None else "the blind is shared with"
            raise chk.reject("E-PARTNER", f"{why} {chk.aliases[rolled]} as the partner, but "
                             f"{chk.aliases[partner] if isinstance(partner, int) else 'alone'} is written",
                             pos, found=rec.partner.value if rec.partner is not None else "alone",
                             expected=chk.aliases[rolled])
        partner, partner_known = rolled, True
    # outcome
    pts = rec.pts.value if rec.pts is not None else None
    tricks = rec.tricks_won.value if rec.tricks_won is not None else None
    chk.prov["picker_points"] = "asserted" if pts is not None else "derived"
    chk.prov["picker_tricks"] = "asserted" if tricks is not None else "derived"
    sheepshead = rec.sheepshead is not None
    if state is None:
        _house_flags_unreplayed(chk)
    cands = ["win-z", "lose"] if sheepshead else list(_OUT_WORDS)
    if pts is not None:
        if not 0 <= pts <= 120:
            raise chk.reject("E-PTS", f"pts {pts} is outside 0..120", rec.pts.pos, found=pts, expected="0..120")
        cands = [o for o in cands if _consistent(prof, o, pts, tricks, sheepshead)]
    elif tricks is not None:
        cands = [o for o in cands if _consistent(prof, o, None, tricks, sheepshead)]
    if not cands:
        bury = (f"exactly its bury as written ({points_of(state.bury)})" if state is not None and state.bury_known
                else f"at most its bury ({prof.max_bury})")
        raise chk.reject("E-PTS", f"pts {pts} and tricks {tricks} contradict each other: a side without a trick "
                         f"holds {bury}, a side with every trick all 120 (rules.md B-24, "
                         "B-29)", (rec.pts or rec.tricks_won).pos, found=f"pts {pts}, tricks {tricks}", expected="points the tricks allow")
    side_word = rec.outcome_side if rec.outcome is not None and rec.outcome.value in ("win", "lose") else None
    if side_word is not None:
        # a sheet's bare W / L beside units and no points (verify30 F3): the word says which side won, the units
        # give the tier (rules.md B-28, B-33); a side the points or tricks rule out is refused below as any word is
        won = OUTCOME_TIER[rec.outcome.value][0]
        same = [o for o in cands if OUTCOME_TIER[o][0] == won]
        if same:
            cands = same
            chk.prov["outcome"] = "asserted"
        else:
            side_word = None
    if side_word is not None:
        pass
    elif rec.outcome is not None and rec.outcome.value is not None:
        o = rec.outcome.value
        if o not in cands and not rec.outcome.agreed:
            why = ", ".join(part for part in (f"{pts} card points" if pts is not None else "",
                                              f"{tricks} tricks" if tricks is not None else "") if part)
            # SHN's word names the tier (newuser28 F4: 'win' at 95 refused, where a sheet's W is read as win-s by its
            # points): the message says the word to write in its place; a sheet's row is said in its cells' words
            if prof.schneiderSymmetric90 and pts == 90 and "win-s" in cands:  # break30 F4: say the flag
                why += " under schneiderSymmetric90=on (rules.md B-28's variant: schneider at 90, not 91)"
            write = ("" if getattr(rec, "sheet_row", False) or not cands else
                     f"; write {' or '.join(repr(c) for c in cands)} in place of {o!r} (an outcome word names the "
                     "tier, notation.md §6)")
            raise chk.reject("E-OUTCOME", f"{o} disagrees with {why}: that is {_outcome_shown(cands, pts, sheepshead)}"
                             + write, rec.outcome.pos, found=o, expected=" or ".join(cands) or "a consistent result")
        cands = [o]
        chk.prov["outcome"] = "asserted" if not rec.outcome.agreed or o in cands else "conflict"
    else:
        chk.prov["outcome"] = "derived"
    # candidates (outcome, partner) consistent with the written score
    # the partner unknown: any other seat, or nobody when no call was written
    # (a forced alone, or the jack of diamonds in the picker's hand) or the
    # picker may have called their own ace (allowCallOwnAce, rules.md B-14) or
    # a jack that was in the blind (C-4d, I-30)
    if partner_known:
        partners = [partner]
    else:
        others = [s for s in range(n) if s != picker and s != out]
        if partner is not None:  # one partner written where the profile has up to two
            partners = [partner] + [(partner, s) for s in others if s != partner]
        else:
            partners = others + ([None] if rec.call is None or _call_may_leave_alone(prof) else [])
            if _two_partners(prof):
                partners += [(a, b) for i, a in enumerate(others) for b in others[i + 1:]]
            partners = _partners_from_cards(chk, picker, partners) or partners
    # the tricks replayed, or a bury written whole with none (a "deal and result" record: the side holds at least
    # its bury, exactly it without a trick, rules.md B-24; real20 F1: 30 points stored beside a 44-point bury)
    bounds = ({pa: _state_bounds(state, picker, pa) for pa in partners}
              if state is not None and (state.tricks or state.bury_known) else {})
    # the bury's written cards (an unknown card among them, ``??``): the side holds at least their points (B-24;
    # break21 F4: a cutthroat bury of three aces and ?? stored "30 points, schneidered", its units doubled)
    known = [c for c in rec.bury.cards if c is not None] if rec.bury is not None and rec.bury.cards else []
    part = points_of(mask_of(known)) if known and len(known) < len(rec.bury.cards) else 0
    if bounds and part and not state.bury_known:
        bounds = {pa: (max(lo, part), hi, lo_t, hi_t, False) for pa, (lo, hi, lo_t, hi_t, _) in bounds.items()}
    if not bounds and not rec.tricks and known:
        # some deal lines, or none, and the bury written (whole: the side has exactly it without a trick; in part:
        # at least its written cards): the same floor (real20 F1, the picker's line alone)
        whole = len(known) == len(rec.bury.cards)
        floor = points_of(mask_of(known))
        bounds = {pa: (floor, points_of(prof.deck_mask), 0, prof.tricks, whole) for pa in partners}
    if bounds:
        _check_bounds(chk, bounds, pts, tricks)
    if not partner_known and not prof.partnerMayCrack:  # the partner may not crack (E-2): no candidate who cracked
        crackers = {chk.index.get(m.seat) for m in rec.marks if m.kind == "crack"}
        legal = [pa for pa in partners if not crackers.intersection(pa if isinstance(pa, tuple) else (pa,))]
        if legal != partners:
            _no_cracking_partner(chk, cands, partners, legal, picker, stake, marks, sheepshead, out, written)
            partners = legal
    options = []
    for o in cands:
        for pa in partners:
            if bounds and not _feasible(prof, o, pts, tricks, bounds[pa], sheepshead):
                continue
            st = chk.picked(picker, pa, o, stake, marks, sheepshead=sheepshead, out=out)
            if _matches(st.units, written):
                options.append((o, pa, st))
    if not options and side_word is not None and rec.score is not None:
        _side_against_units(chk, side_word, cands, partners, bounds, pts, tricks, picker, stake, marks, sheepshead,
                            out, written)
        if rec.outcome.value in cands:  # no tier of the word's side gives them either: refused as the word's plain
            cands = [rec.outcome.value]  # tier, naming the entry off (the sum's second look, judge.judge_hand)
    if not options:
        if rec.score is None:
            if bounds:
                raise chk.reject("E-OUTCOME" if rec.outcome is not None and rec.outcome.value is not None
                                 else "E-RESULT-UNKNOWN", "the written result does not fit the tricks played"
                                 if rec.outcome is not None else "the result cannot be settled from what is written",
                                 rec.outcome.pos if rec.outcome is not None else rec.pos,
                                 found=rec.outcome.value if rec.outcome is not None else "no outcome",
                                 expected="a result the tricks played allow")
            raise chk.reject("E-RESULT-UNKNOWN", "the result cannot be settled from what is written", rec.pos,
                             found="no outcome", expected="an outcome, pts or a score")
        if len(cands) > 1 and not any(v.agreed for _, v in rec.score.entries):
            _no_result_fits(chk, cands, partners, picker, stake, marks, sheepshead, out, written)
        # report the first disagreeing entry against the most specific settlement
        o = cands[0]
        pa = partners[0]
        st = chk.picked(picker, pa, o, stake, marks, sheepshead=sheepshead, out=out)
        agreed = _agreed_score(chk, st)  # raises E-SCORE unless every differing entry is agreed (^)
        # the table agreed on units no result gives: the outcome and the partner
        # are known only where the written facts alone settle them (never guessed)
        o = cands[0] if len(cands) == 1 and rec.outcome is not None else "unknown"
        pa = partners[0] if len(partners) == 1 else None
        if o == "unknown":
            chk.prov["outcome"] = "unknown"
            agreed = replace(agreed, outcome="unknown", tier=None,
                             summary=agreed.summary + "; the result is unknown: no result under the rules gives "
                             "the agreed score")
        if pa is None and not alone:
            chk.prov["partner"] = "unknown"
        return (_outcome_from(chk, dealer, picker, pa, alone, call, agreed, pts, tricks, stake, nmarks,
                              status, state), cardlog, agreed)
    outs = {o for o, _, _ in options}
    pas = {pa for _, pa, _ in options}
    if len(outs) > 1 or len(pas) > 1:
        if rec.score is None:
            # say what is missing in what is written (house17 F3: "expected ... pts" where pts was written)
            if len(pas) > 1 and partner is not None and _two_partners(prof):
                p1 = rec.partner.value
                what, why, expected = "the second partner", f": partner {p1} is written and this " \
                    "game may have a second (docs/profiles.md; written partner S S2), which pays otherwise; if " \
                    f"{p1} was the only partner (2 against {prof.players - 2}, rules.md F-1), write partner {p1} {p1}", f"partner S S2, partner {p1} {p1}, or a score"
            elif len(pas) > 1:
                what, why, expected = "the partner", "", "partner S or alone, or a score"
            elif pts is not None and tricks is None:
                what, why, expected = "the outcome", (
                    f": pts {pts} fits {' and '.join(sorted(outs))}: card points alone do not tell whether a side "
                    "took a trick (the bury's points count without one, and a trick can hold no points: rules.md "
                    "B-25, B-29, B-30)"), "tricks N, the outcome, or a score"
            else:
                what, why, expected = "the outcome", "", "an outcome or pts, or a score"
            raise chk.reject("E-RESULT-UNKNOWN", f"{what} is unknown and no score is written, so the hand cannot be "
                             f"settled{why}", rec.pos, found=f"{what} unknown", expected=expected)
        # edge34 (minor): the results the written score fits are named, not only counted
        fits = " or ".join(dict.fromkeys(f"{o} {_side_shown(chk, pa)}" for o, pa, _ in options))
        raise chk.reject("E-RESULT-UNKNOWN", f"the written facts fit more than one result: {fits}; write "
                         + ("the partner" if len(outs) == 1 else "the outcome" if len(pas) == 1 else
                            "the outcome and the partner") + " or every seat's entry", rec.score.pos,
                         found="an ambiguous score", expected="the outcome or the partner written")
    o, pa, st = options[0]
    if bounds:
        lo, hi, lo_t, hi_t, _ = bounds[pa]
        if pts is None and lo == hi:
            pts, chk.prov["picker_points"] = lo, "derived"
        if tricks is None and lo_t == hi_t:
            tricks, chk.prov["picker_tricks"] = lo_t, "derived"
        if partner is None and pa is not None and not partner_known:
            chk.prov["partner"] = "derived"
    if (dealer is None and prof.noPick == "forcedPick" and prof.forcedPickNoBump and prof.doubleOnBump
            and not OUTCOME_TIER[o][0]):
        # rules.md D-13: only the forced seat's loss is not doubled, and that
        # seat follows from the dealer (the dealer, or the schiller, D-14)
        chk.warnings.append(chk.diag("W-FORCED-UNKNOWN", f"the dealer is not written, so whether {rec.pick.value} was "
                                     "forced to pick is not known; settled as a free pick, the loss doubled "
                                     "(forcedPickNoBump, rules.md D-13, D-14)", rec.pick.pos, severity="warning",
                                     found="no dealer", expected="dealer S"))
    if rec.outcome is None or rec.outcome.value is None:
        chk.prov["outcome"] = "derived"
    elif chk.prov.get("outcome") == "asserted" and (pts is not None or rec.score is not None):
        chk.prov["outcome"] = "verified"
    if not partner_known and (rec.partner is None or rec.partner.value is None):
        chk.prov["partner"] = "derived"
    elif rec.partner is not None and rec.partner.value is not None and rec.score is not None:
        chk.prov["partner"] = "verified"
    st = _agreed_score(chk, st)
    return (_outcome_from(chk, dealer, picker, pa, alone or pa is None, call, st, pts, tricks, stake, nmarks, status,
                          state), cardlog, st)


def _side(picker: int, pa) -> set[int]:
    return {picker, *_seats_of(pa)}


def _state_bounds(g: GameState, picker: int, pa) -> tuple[int, int, int, int, bool]:
    """(lowest, highest) card points and (fewest, most) tricks the picker
    side can end with, given the tricks ``g`` replayed and the partner(s)
    ``pa``: the side keeps what it took and the bury (B-24) and can add no
    more than the card points nobody has taken yet; after a claim every card
    not taken goes to the claiming side (notation.md §3).  The last item says
    the edges are tight: with the fewest tricks the side has exactly the
    lowest points, with the most tricks exactly the highest."""
    side = _side(picker, pa)
    total = points_of(g.profile.deck_mask)
    mine = sum(points_of(g.taken[s]) for s in side)
    theirs = sum(points_of(g.taken[s]) for s in range(g.n) if s not in side)
    bury = points_of(g.bury) if g.bury_known else 0
    t = sum(g.ntaken[s] for s in side)
    if g.claimed:
        if g.claim_seat in side:
            return total - theirs, total - theirs, t, t, True
        if g.bury_known:
            return mine + bury, mine + bury, t, t, True
        return mine, total - theirs, t, t, False
    # with the bury known, a side that takes no more tricks ends with exactly
    # ``mine + bury`` and one that takes every trick left with every point left
    return mine + bury, total - theirs, t, t + max(0, g.profile.tricks - len(g.tricks)), g.bury_known


def _side_against_units(chk: HandCheck, word: str, cands, partners, bounds, pts, tricks, picker, stake, marks,
                        sheepshead, out, written) -> None:
    """A sheet's bare result word ``word`` (as written: ``W``, ``no``) says
    the picker side won or lost (``cands``, that side's outcomes) and no
    result of that side gives the written units: when a result of the other
    side gives them, refuse ``E-OUTCOME`` at the word naming both the word
    and the units' result (rules.md B-27, B-33; verify30 F3).  Returns when
    no result of either side gives them (the score's own refusal follows)."""
    rec, prof = chk.rec, chk.profile
    others = [o for o in _OUT_WORDS if o not in cands and _consistent(prof, o, pts, tricks, sheepshead)]
    for o in others:
        for pa in partners:
            if bounds and not _feasible(prof, o, pts, tricks, bounds[pa], sheepshead):
                continue
            st = chk.picked(picker, pa, o, stake, marks, sheepshead=sheepshead, out=out)
            if _matches(st.units, written):
                said = "won" if OUTCOME_TIER[rec.outcome.value][0] else "lost"
                units = " ".join(f"{chk.aliases[i]} {w:+d}" for i, w in enumerate(written) if w is not None)
                raise chk.reject(
                    "E-OUTCOME", f"{word!r} says the picker side {said}, but the units written ({units}) are a "
                    f"{o} ({st.text.split(';')[0]}, rules.md B-33): the word and the units disagree; correct the "
                    "one that is wrong", rec.outcome.pos, found=word, expected=o)


def _no_result_fits(chk: HandCheck, cands, partners, picker, stake, marks, sheepshead, out, written) -> None:
    """Refuse a written score that no result (of ``cands``, the outcomes the
    written facts leave open) gives, with the nearest settlement as the
    expected value — the one closest to the written units, not the first
    outcome tried (QA D5) — and, under doubleOnBump=on, a hint when the score
    is a loss settled without it (rules.md B-32, B-33).  Raises E-SCORE at
    the score."""
    rec, prof = chk.rec, chk.profile
    aliases = chk.aliases

    def dist(st) -> int:
        return sum(abs(w - u) for w, u in zip(written, st.units) if w is not None)

    def shown(st) -> str:
        return " ".join(f"{aliases[i]} {u:+d}" for i, u in enumerate(st.units) if i < len(aliases))

    tried = [(o, pa, chk.picked(picker, pa, o, stake, marks, sheepshead=sheepshead, out=out))
             for o in cands for pa in partners]
    o, pa, st = min(tried, key=lambda t: dist(t[2]))
    hint = ""
    if prof.doubleOnBump:
        alt = prof.model_copy(update={"doubleOnBump": False})
        forced = chk.dealer is not None and picker == prof.forced_pick_seat(chk.dealer)
        for o2 in cands:
            for pa2 in partners:
                st2 = chk.potted(settle_picked(alt, alt.players, picker, pa2, o2, stake=stake, marks=marks,
                                               forced=forced, sheepshead=sheepshead, out=out), picker, pa2)
                if _matches(st2.units, written):
                    hint = (f"; the score is a {o2} settled with doubleOnBump=off (rules.md B-33): if the table "
                            f"plays without double on the bump, write it in [Rules] "
                            f"(\"{rec.tag('Rules') or prof.name}; doubleOnBump=off\")")
                    break
            if hint:
                break
    if not hint:  # every amount d times a result's: a sheet kept in money (d cents a unit), read as units (sheet18 F5)
        for o2, _pa2, st2 in tried:
            d = money_factor(written, st2.units)
            if d:
                hint = money_hint(d, f"a {o2}'s ({shown(st2)})")
                break
    raise chk.reject("E-SCORE", f"no result under {rec.tag('Rules') or prof.name} gives this score; the nearest is "
                     f"{o}: {shown(st)} ({st.text.split(';')[0]}){hint}", rec.score.pos,
                     found=" ".join(f"{aliases[i]} {w:+d}" for i, w in enumerate(written) if w is not None),
                     expected=shown(st))


def _check_bounds(chk: HandCheck, bounds: dict, pts: int | None, tricks: int | None) -> None:
    """``E-PTS`` / ``E-TRICKS`` for a written ``pts`` or ``tricks`` that no
    partner the record allows makes possible after the tricks replayed."""
    rec = chk.rec
    if pts is not None and not any(lo <= pts <= hi for lo, hi, _, _, _ in bounds.values()):
        lo = min(b[0] for b in bounds.values())
        hi = max(b[1] for b in bounds.values())
        exp = str(lo) if lo == hi else f"{lo}..{hi}"
        raise chk.reject("E-PTS", f"pts {pts} is written but "
                         + ("the tricks played give" if any(rec.tricks) else "its bury as written gives")
                         + " the picker side "
                         + (f"{lo} card points" if lo == hi else f"at least {lo} and at most {hi} card points")
                         + " (bury included, rules.md B-24)", rec.pts.pos, found=pts, expected=exp)
    if tricks is not None and not any(lo <= tricks <= hi for _, _, lo, hi, _ in bounds.values()):
        lo = min(b[2] for b in bounds.values())
        hi = max(b[3] for b in bounds.values())
        exp = str(lo) if lo == hi else f"{lo}..{hi}"
        raise chk.reject("E-TRICKS", f"tricks {tricks} is written but the picker side has taken "
                         + (f"{lo}" if lo == hi else f"at least {lo} and can take at most {hi}") + " tricks",
                         rec.tricks_won.pos, found=tricks, expected=exp)
    if pts is not None and tricks is not None and not any(_joint(pts, tricks, b) for b in bounds.values()):
        lo, hi, lo_t, hi_t, _ = next(iter(bounds.values()))
        edge = lo if tricks == lo_t else hi
        raise chk.reject("E-PTS", f"pts {pts} with tricks {tricks}: a picker side that takes "
                         + ("no more tricks" if tricks == lo_t else "every trick left")
                         + f" ends with exactly {edge} card points (its tricks and the bury, rules.md B-24)",
                         rec.pts.pos, found=pts, expected=edge)


def _joint(p: int, t: int, b) -> bool:
    """Whether ``p`` card points with ``t`` tricks fit the bounds ``b``
    (:func:`_state_bounds`), the tight edges included."""
    lo, hi, lo_t, hi_t, edges = b
    if not (lo <= p <= hi and lo_t <= t <= hi_t):
        return False
    return not edges or ((t != lo_t or p == lo) and (t != hi_t or p == hi))


def _feasible(prof: RuleProfile, outcome: str, pts: int | None, tricks: int | None, b, sheepshead: bool) -> bool:
    """Whether ``outcome`` fits some card points and tricks within the
    bounds ``b`` (:func:`_state_bounds`) and the written ``pts``/``tricks``."""
    lo, hi, lo_t, hi_t, _ = b
    ps = [pts] if pts is not None else range(lo, hi + 1)
    ts = [tricks] if tricks is not None else range(lo_t, hi_t + 1)
    return any(_joint(p, t, b) and _consistent(prof, outcome, p, t, sheepshead) for p in ps for t in ts)


def _unknown_picker(chk: HandCheck, kind: str, dealer: int | None, stake: int, written, out: int | None):
    """``pick ?`` (notation.md §3): the picker is taken from the written score
    when exactly one seat, with one outcome and partner, fits it (B-31..B-33);
    otherwise the hand is refused at the pick, naming the picker."""
    rec = chk.rec
    fits = set()
    last = None
    readings = []  # each fitting picked result, said when the score fits a no-pick game too (break24b F9)
    for seat in range(chk.profile.players if rec.score is not None else 0):
        if seat == out:
            continue
        alias = chk.aliases[seat]
        rec.pick.value = alias
        trial = HandCheck(rec, chk.file, chk.profile, chk.aliases, chk.index, chk.seats, dict(chk.prov), [], None,
                          chk.date, chk.pot, chk.dealer)
        try:
            res = _score_sheet(trial, kind, dealer, stake)
        except Refusal:
            continue
        finally:
            rec.pick.value = None
        if res[0].outcome != "unknown":
            fits.add(seat)
            last = (trial, res)
            readings.append(_pick_reading(res[0]))
    nopick = _nopick_readings(chk, dealer, stake) if rec.pick_unsaid and rec.score is not None else []
    if nopick:
        # break24b F9: a record that never says anybody picked (a sheet's nets with no Picker column), whose units
        # the profile's no-pick game gives as well (a leaster won at five, rules.md D-4, pays +4/-1 as an alone
        # win does, B-33): which was played is not known, so nothing is guessed
        game = chk.profile.noPick
        what = "more than one result: " if readings or len(nopick) > 1 else "no picked result, only "
        raise chk.reject("E-RESULT-UNKNOWN", f"pick ? : the score fits {what}"
                         + "; ".join(readings + nopick) + f" (rules.md B-33, {_NOPICK_ROLE[game][1]}): write the picker (pick S), or "
                         f"that nobody picked ({game} S)", rec.pick.pos,
                         found="pick ?", expected=f"pick S or {game} S")
    if len(fits) != 1:
        why = "no score is written" if rec.score is None else (
            "the score fits no seat" if not fits else "the score fits more than one seat")
        raise chk.reject("E-RESULT-UNKNOWN", f"pick ? : the picker is unknown and {why}", rec.pick.pos,
                         found="pick ?", expected="pick S, or a score that tells the picker")
    trial, (outcome, cardlog, settle) = last
    chk.prov.update(trial.prov)
    chk.warnings.extend(trial.warnings)
    outcome.provenance["picker"] = "derived"
    return outcome, cardlog, settle


def _pick_reading(o) -> str:
    """A picked result in words: ``pick Cy alone win``."""
    side = "alone" if o.alone or o.partner is None else f"partner {o.partner}"
    return f"pick {o.picker} {side} {o.outcome}"


def _nopick_readings(chk: HandCheck, dealer: int | None, stake: int) -> list[str]:
    """The profile's no-pick game (noPick=leaster, moster, mittler,
    schneidster or schwanzer; rules.md D) read for a ``pick ?`` whose record
    never said a seat picked (``HandRecord.pick_unsaid``): each seat whose
    game settles to the written score, in words (``leaster Cy``).  The game's
    own checks apply: a crack has no pick to follow (E-2), so a cracked row
    has no such reading."""
    rec, prof = chk.rec, chk.profile
    game = prof.noPick
    if game not in NOPICK_GAMES or not prof.has_blind or any(
            v is not None for v in (rec.pts, rec.tricks_won, rec.outcome, rec.call, rec.alone, rec.partner,
                                    rec.sheepshead, rec.bury, rec.blind)) or rec.tricks or rec.deals:
        return []
    pick = rec.pick
    found = []
    for seat in range(prof.players):
        rec.pick = None
        if game == "leaster":
            rec.leaster = Value(chk.aliases[seat], pick.pos)
        else:
            rec.nopick, rec.nopick_game = Value(chk.aliases[seat], pick.pos), game
        trial = HandCheck(rec, chk.file, prof, chk.aliases, chk.index, chk.seats, dict(chk.prov), [], None,
                          chk.date, chk.pot, chk.dealer)
        try:
            _score_sheet(trial, game, dealer, stake)
            found.append(f"{game} {chk.aliases[seat]}")
        except Refusal:
            pass
        finally:
            rec.pick, rec.leaster, rec.nopick, rec.nopick_game = pick, None, None, None
    return found


def _partners_from_cards(chk: HandCheck, picker: int, partners: list) -> list | None:
    """The partner candidates of a score sheet narrowed by the cards written
    (deal lines, the blind, the bury): the seat dealt the called card
    (rules.md B-9) or the partner card (C-1), or alone when the picker holds
    the partner card (C-3, C-8) or, under ``allowCallOwnAce``, the called
    ace (B-14: its deal line, the blind or the bury).  None when the written
    cards do not tell."""
    rec, prof = chk.rec, chk.profile
    if _two_partners(prof):
        return None
    card = None
    if prof.partnerMode == "jackOfDiamonds" and rec.call is None:
        card = prof.partner_card
    elif (prof.partnerMode == "jackOfDiamonds" and prof.jdCallUp and rec.call is not None
          and rec.call.card is not None and rec.call.card.rank == Rank.JACK):
        card = rec.call.card  # a call-up: the called jack's holder is the partner (C-4)
    elif prof.calls_ace and rec.call is not None and rec.call.card is not None and not rec.call.has_under:
        card = rec.call.card
    if card is None:
        return None
    for d in rec.deals:
        s = chk.index.get(d.seat)
        if s is not None and card in d.cards:
            want = None if s == picker else s
            return [p for p in partners if p == want] or None
    taken = [c for st in (rec.blind, rec.bury) if st is not None for c in st.cards if c is not None]
    if card in taken and (prof.partnerMode == "jackOfDiamonds" or prof.allowCallOwnAce):
        # the picker's own card: alone (C-3, C-4d, C-8), or an own ace in the blind taken or the bury (B-14, I-14,
        # I-15; edge34 F3: refused as partner unknown); without allowCallOwnAce such a call is E-CALL-HELD before
        return [p for p in partners if p is None] or None
    # a seat whose whole deal line is written without the card is no partner (break21 F14: a partner taken from
    # the score was not checked against the cards, as a written one is: E-PARTNER)
    lacking = {chk.index.get(d.seat) for d in rec.deals if d.cards and None not in d.cards and card not in d.cards}
    if lacking - {None, picker}:
        return [p for p in partners if p not in lacking] or None
    return None


def _check_written_cards(chk: HandCheck, picker: int, hands: list[int], dealt_seats: set[int]) -> None:
    """A picked hand not replayed in full: every card written anywhere (a
    deal line, the blind, the bury) is known, so the call, the bury, the
    written partner and a sheepshead call are checked against those cards
    even without a dealer or a whole deal (rules.md B-7, B-9a, B-14..B-16,
    C-9, I-14).  ``hands`` are the cards of the written deal lines per seat
    (:func:`_read_deal`), ``dealt_seats`` the seats with a deal line.

    Raises ``E-BURY-COUNT`` (a bury of other than the blind's size, or a card
    twice, B-7), ``E-BURY-NOT-HELD`` (a buried card in another seat's deal
    line), ``E-CALL-HELD`` (the called card in the picker's deal line, the
    blind the picker took, or the bury; or the picker written as partner of a
    ten or unknown-card call: only an own **ace** is allowed, under
    ``allowCallOwnAce``, B-14), ``E-PARTNER`` (a written partner whose whole
    deal line lacks the called card, or who is not the seat dealt it; or a
    partner beside an own-ace call) and ``E-SHEEPSHEAD`` (a sheepshead call
    under ``allowSheepsheadCall=holdingPartnerCard`` by a picker known not to
    hold the partner card: it is in another seat's deal line, or a partner is
    written in the jack-of-diamonds game, whose partner is its holder)."""
    rec, prof = chk.rec, chk.profile
    bury = rec.bury
    bury_mask = 0
    if bury is not None and prof.has_blind:
        _check_deck(chk, bury.cards, bury.card_pos, bury.pos)
        bad = bury_count_error(prof, tuple(bury.cards))
        if bad is not None:
            raise chk.engine_error(bad, bury.pos)
        bury_mask = _or(1 << c for c in bury.cards if c is not None)
        for s in dealt_seats:
            if s != picker and hands[s] & bury_mask:
                c = next(c for c in bury.cards if c is not None and hands[s] >> c & 1)
                raise chk.reject("E-BURY-NOT-HELD", f"the picker buries {c}, which is dealt to {chk.aliases[s]}",
                                 bury.pos, found=c, expected="a card of the picker's hand with the blind")
    blind_mask = _or(1 << c for c in rec.blind.cards if c is not None) if rec.blind is not None else 0
    picked = hands[picker] | blind_mask | bury_mask  # what the picker is known to hold after the pick
    wp = rec.partner if rec.partner is not None and rec.partner.value is not None else None
    wp_seat = chk.seat(wp.value, wp.pos) if wp is not None else None
    call = rec.call
    if call is not None and call.card is not None and prof.calls_ace:
        c = call.card
        own_ok = prof.allowCallOwnAce and c.rank == Rank.ACE and not call.has_under  # B-14: an own ace only
        if picked >> c & 1 and not own_ok:
            where = ("bury" if bury_mask >> c & 1 else "blind, which the picker took" if blind_mask >> c & 1
                     else "deal line")
            raise chk.reject("E-CALL-HELD", f"the picker calls {c}, which is in the picker's {where} (rules.md B-9a, "
                             "B-15, B-16, I-14" + ("; allowCallOwnAce allows an own ace only, B-14)"
                                                   if prof.allowCallOwnAce else ")"),
                             call.card_pos, found=f"{c} in the picker's {where}",
                             expected="a card another player holds")
        if wp_seat == picker and prof.allowCallOwnAce and not own_ok:
            kind = "an unknown-card call" if call.has_under else "a ten call"
            raise chk.reject("E-CALL-HELD", f"partner {wp.value} is the picker, so the picker holds the called {c}; "
                             f"{kind} of one's own card stays illegal: allowCallOwnAce allows an own ace only "
                             f"(rules.md B-10, B-11, B-14)", wp.pos, found=f"partner {wp.value}",
                             expected="another seat")
        if prof.partnerMode == "calledAce" and wp_seat is not None and wp_seat != picker and not wp.agreed:
            holder = next((s for s in dealt_seats if s != picker and hands[s] >> c & 1), None)
            line = next((d for d in rec.deals if chk.index.get(d.seat) == wp_seat), None)
            if picked >> c & 1:
                expected, why = chk.aliases[picker], f"the picker holds {c} (an own ace, rules.md B-14)"
            elif holder is not None and holder != wp_seat:
                expected, why = chk.aliases[holder], f"{chk.aliases[holder]} is dealt {c}"
            elif line is not None and None not in line.cards and not hands[wp_seat] >> c & 1:
                expected, why = "the holder of " + str(c), f"{wp.value}'s deal line has no {c}"
            else:
                expected = None
            if expected is not None:
                raise chk.reject("E-PARTNER", f"partner {wp.value} is written but {why} (rules.md B-9, B-15)", wp.pos,
                                 found=wp.value, expected=expected)
    if prof.partnerMode == "jackOfDiamonds":
        pc = prof.partner_card
        holder = next((s for s in dealt_seats if s != picker and hands[s] >> pc & 1), None)
        hybrid_ace = call is not None and call.card is not None and prof.jdHybridAceCall and call.card.rank == Rank.ACE \
            and not prof.trumps.is_trump(call.card)
        if call is not None and not prof.jdCallUp and not hybrid_ace:
            raise chk.reject("E-CALL-JD", f"a call in the jack-of-diamonds game, where the holder of the "
                             f"{pc.pretty()} is the partner (rules.md C-1; jdCallUp and jdHybridAceCall are off)",
                             call.pos, found="call", expected="no call")
        if (call is not None or rec.alone is not None) and holder is not None:
            what = "calls" if call is not None else "goes alone"
            raise chk.reject("E-CALL-JD" if call is not None else "E-ALONE-JD",
                             f"the picker {what}, but {chk.aliases[holder]} is dealt the {pc.pretty()} and is the "
                             "partner: only a picker holding it may call up, call an ace or go alone (rules.md C-1, "
                             "C-3..C-5)", (call or rec.alone).pos, found=what, expected="no call")
    if (prof.partnerMode == "jackOfDiamonds" and prof.jdCallUp and call is not None and call.card is not None
            and call.card.rank == Rank.JACK):
        _check_call_up(chk, call, picker, hands, blind_mask, dealt_seats, wp, wp_seat)
    if (prof.partnerMode == "jackOfDiamonds" and call is None and not prof.jdCallUp and wp_seat is not None
            and wp_seat != picker and not wp.agreed):
        # C-1: the holder of the partner card is the partner; a picker who
        # holds it (dealt, in the blind taken, or buried) is alone (C-3, C-8)
        pc = prof.partner_card
        holder = next((s for s in dealt_seats if s != picker and hands[s] >> pc & 1), None)
        line = next((d for d in rec.deals if chk.index.get(d.seat) == wp_seat), None)
        if picked >> pc & 1:
            where = ("bury" if bury_mask >> pc & 1 else "blind, which the picker took" if blind_mask >> pc & 1
                     else "deal line")
            raise chk.reject("E-PARTNER", f"partner {wp.value} is written but the {pc.pretty()} is in the picker's "
                             f"{where}, so the picker plays alone (rules.md C-1, C-3, C-8)", wp.pos, found=wp.value,
                             expected="no partner")
        if holder is not None and holder != wp_seat:
            raise chk.reject("E-PARTNER", f"partner {wp.value} is written but {chk.aliases[holder]} is dealt the "
                             f"{pc.pretty()}, the partner card (rules.md C-1)", wp.pos, found=wp.value,
                             expected=chk.aliases[holder])
        if line is not None and None not in line.cards and not hands[wp_seat] >> pc & 1:
            raise chk.reject("E-PARTNER", f"partner {wp.value} is written but {wp.value}'s deal line has no "
                             f"{pc.pretty()}, the partner card (rules.md C-1)", wp.pos, found=wp.value,
                             expected=f"the holder of {pc}")
    if rec.sheepshead is not None and prof.allowSheepsheadCall == "holdingPartnerCard":
        pc = prof.partner_card
        holder = next((s for s in dealt_seats if s != picker and hands[s] >> pc & 1), None)
        if holder is None and prof.partnerMode == "jackOfDiamonds" and call is None and wp_seat not in (None, picker):
            holder = wp_seat  # the written partner holds the partner card (rules.md C-1, C-7)
        if holder is not None:
            raise chk.reject("E-SHEEPSHEAD", f"the picker calls sheepshead, but {chk.aliases[holder]} holds the "
                             f"{pc.pretty()} (allowSheepsheadCall=holdingPartnerCard, rules.md C-9)",
                             rec.sheepshead.pos, found="sheepshead", expected=f"the {pc} in the picker's cards")
    if len(dealt_seats) < prof.playing:  # a whole deal is judged by the engine (_setup_without_tricks)
        _check_known_holdings(chk, picker, hands, blind_mask, bury_mask)


def _blind_whole(chk: HandCheck, blind_mask: int) -> bool:
    """The blind is written whole: every card known, the profile's blind
    size (rules.md F-1); a profile without a blind has it trivially."""
    prof, blind = chk.profile, chk.rec.blind
    return not prof.has_blind or (blind is not None and None not in blind.cards
                                  and blind_mask.bit_count() == prof.blind_size)


def _whole_lines(chk: HandCheck) -> set[int]:
    """The seats whose deal line is written whole: every card known, the
    profile's hand size (rules.md F-1)."""
    size = chk.profile.hand_size
    return {chk.index[d.seat] for d in chk.rec.deals
            if d.seat in chk.index and len(d.cards) == size and None not in d.cards}


def _check_known_holdings(chk: HandCheck, picker: int, hands: list[int], blind_mask: int, bury_mask: int) -> None:
    """A picked score-sheet hand with some deal lines written, not all: the
    rules that need only the cards of the seats written whole are checked
    on them, as the engine checks them on a whole deal (real20 F1b: with the
    picker's line alone an illegal call, an alone without the J♦, a blitz
    without its queens and a partner's crack were stored, the last two
    paid double).  With the picker's line, the blind and the bury written
    whole, the picker's hand after the bury is known: the call (a hold card
    for an ace, B-9, B-12; all three fail aces for a ten, B-10; an
    unknown-card call only without a legal ace or ten, B-11) and, in the
    jack-of-diamonds game, going alone without the partner card (C-1).  A
    blitz (E-5) by a seat written whole must show its pair; a crack by the
    partner (the seat written whole holding the called card) is refused
    under ``partnerMayCrack=off`` (E-2); a picker alone may not bury the
    partner card under ``jdMustNotBuryJD`` (C-6), whether or not ``alone``
    is written (a buried partner card and no call: alone, C-8); a hybrid
    ace call needs the partner card among the picker's cards (C-5).
    Raises the engine's codes: ``E-CALL-NO-HOLD``, ``E-CALL-TEN``,
    ``E-CALL-HELD``, ``E-UNDER-NOT-ALLOWED``, ``E-ALONE-JD``,
    ``E-CALL-JD``, ``E-BLITZ``, ``E-CRACK``, ``E-BURY-JD``."""
    rec, prof = chk.rec, chk.profile
    whole = _whole_lines(chk)
    blind_known = _blind_whole(chk, blind_mask)
    bury_known = not prof.has_blind or (rec.bury is not None and None not in rec.bury.cards)
    picked = hands[picker] | blind_mask  # the picker's cards before the bury
    holding = picker in whole and blind_known  # every card the picker held is known
    call = rec.call
    # C-6 (edge34 F1): a buried partner card was the picker's, so with no call (no call-up, C-4; no hybrid ace,
    # C-5) the picker is alone (C-3, C-8) whether or not `alone` is written, as the engine judges it (finish_call)
    if (prof.jdMustNotBuryJD and prof.partnerMode == "jackOfDiamonds" and (rec.alone is not None or call is None)
            and bury_mask >> prof.partner_card & 1):
        c = prof.partner_card
        raise chk.reject("E-BURY-JD", f"the picker buries {c} and plays alone, but a picker going alone with the "
                         "partner card keeps it in play (jdMustNotBuryJD, rules.md C-6)", rec.bury.pos,
                         found=f"bury {c}", expected="a bury without the partner card")
    if holding and prof.partnerMode == "jackOfDiamonds" and rec.alone is not None and not picked >> prof.partner_card & 1:
        pc = prof.partner_card
        raise chk.reject("E-ALONE-JD", f"the picker goes alone, but the picker's cards (its deal line and the blind) "
                         f"have no {pc.pretty()}: its holder is the partner (rules.md C-1)", rec.alone.pos,
                         found="alone", expected="no call")
    if (holding and prof.partnerMode == "jackOfDiamonds" and prof.jdHybridAceCall and call is not None
            and call.card is not None and call.card.rank == Rank.ACE and not prof.trumps.is_trump(call.card)
            and not picked >> prof.partner_card & 1):  # edge34 F2: the hybrid's ace call, as state._call judges it
        pc = prof.partner_card
        raise chk.reject("E-CALL-JD", f"a fail-ace call ({call.card}) in the jack-of-diamonds game is for a picker who "
                         f"holds the {pc.pretty()} (jdHybridAceCall, rules.md C-5), and the picker's cards (its deal "
                         f"line and the blind) have no {pc.pretty()}: its holder is the partner (rules.md C-1)",
                         call.pos, found=f"call {call.card}", expected="no call")
    if (holding and bury_known and call is not None and call.card is not None and prof.calls_ace
            and prof.partnerMode == "calledAce" and not prof.trumps.is_trump(call.card)):
        aces, tens, _, _ = calls_allowed(prof, picked & ~bury_mask, picked)  # the engine's call rules (B-9..B-11)
        c = call.card
        if not call.has_under:
            if c.rank == Rank.TEN and c not in tens:
                no_ace = [Card(su * 8) for su in range(4) if prof.trumps.suit_masks[su] and not picked >> (su * 8) & 1]
                if no_ace:
                    raise chk.reject("E-CALL-TEN", f"a ten ({c}) may be called only by a picker who holds all three "
                                     "fail aces (rules.md B-10); the picker's cards as written have no "
                                     + " ".join(map(str, no_ace)), call.card_pos, found=c, expected="an ace call")
                raise chk.reject("E-CALL-NO-HOLD", f"the picker calls {c} but holds no other card of its suit after "
                                 "the bury (rules.md B-10, B-12)", call.card_pos, found=c,
                                 expected="a hold card of the called suit")
            if c.rank == Rank.ACE and not picked >> c & 1 and c not in aces:
                raise chk.reject("E-CALL-NO-HOLD", f"the picker calls {c} but keeps no card of its suit after the "
                                 "bury, as its deal line, the blind and the bury are written: no hold card (rules.md "
                                 "B-9b, B-12; I-24)", call.card_pos, found=c, expected="another call or alone")
        elif aces or tens:
            legal = aces or tens
            raise chk.reject("E-UNDER-NOT-ALLOWED", f"an unknown-card call while an ace call is legal "
                             f"({' '.join(map(str, legal))}) (rules.md B-11)", call.pos,
                             found=f"call {c} under {call.under or '??'}", expected=f"call {legal[0]}")
    if call is not None and call.card is not None and prof.calls_ace and prof.partnerMode == "calledAce":
        _call_cards_elsewhere(chk, call, picker, hands, bury_mask)
    for m in rec.marks:
        seat = chk.index.get(m.seat) if m.seat is not None else None
        if m.kind == "blitz" and not m.late and seat is not None:
            _blitz_cards_elsewhere(chk, m, seat, picker, hands, blind_mask, bury_mask)
        if seat is None or seat not in whole:
            continue
        if m.kind == "blitz" and not m.late:
            need = BLITZ_PAIRS.get((m.color or "black", m.pair))
            held = hands[seat] | (blind_mask if seat == picker and blind_known else 0)
            if need is not None and held & need != need and (seat != picker or blind_known):
                shown = " ".join(c.pretty() for c in cards_in(need))
                raise chk.reject("E-BLITZ", f"{m.seat} shows a {m.color or 'black'} blitz without {shown}: its "
                                 "deal line as written has not both (rules.md E-5)", m.pos,
                                 found=f"blitz {m.color or 'black'}", expected=f"{shown} in hand")
        if (m.kind == "crack" and not prof.partnerMayCrack and call is not None and call.card is not None
                and prof.partnerMode == "calledAce" and seat != picker and hands[seat] >> call.card & 1):
            raise chk.reject("E-CRACK", f"{m.seat} holds the called {call.card} (its deal line), so is the partner, "
                             "who may not crack (partnerMayCrack=off, rules.md E-2)", m.pos, found=f"crack {m.seat}",
                             expected="a crack by a defender")


def _house_flags_unreplayed(chk: HandCheck) -> None:
    """A hand whose dealer is unknown is not set up in the engine, so the
    house-rule statements are checked against the profile's flags here: a
    castrate (rules.md E-4), a jack blitz (E-5) and a sheepshead call (C-9)
    the profile does not allow are refused, never ignored."""
    rec, prof = chk.rec, chk.profile
    for m in rec.marks:
        if m.kind == "castrate" and not prof.allowCastrate:
            raise chk.reject("E-CASTRATE", "castrating is off in this profile (allowCastrate=off, rules.md E-4)",
                             m.pos, found="castrate", expected="no castrate")
        if m.kind == "blitz" and m.pair == "jacks" and prof.allowBlitz != "queensAndJacks":
            raise chk.reject("E-BLITZ", "a blitz with jacks needs allowBlitz=queensAndJacks (rules.md E-5)", m.pos,
                             found=f"blitz {m.color} jacks", expected="a queen blitz")
        if m.kind == "blitz" and m.pair == "jacks" and m.color not in JACK_BLITZ_COLOURS[prof.jackBlitz]:
            raise chk.reject("E-BLITZ", f"a {m.color} jacks blitz is not played under jackBlitz={prof.jackBlitz} "
                             "(rules.md E-5)", m.pos, found=f"blitz {m.color} jacks",
                             expected=" or ".join(f"{c} jacks" for c in JACK_BLITZ_COLOURS[prof.jackBlitz]))
        if m.kind == "blitz" and m.late and not prof.lateBlitz:
            raise chk.reject("E-BLITZ", "a blitz declared after the play needs lateBlitz=on (rules.md E-5)", m.pos,
                             found="blitz ... late", expected="a blitz before the first card")
    if rec.sheepshead is not None and prof.allowSheepsheadCall == "off":
        raise chk.reject("E-SHEEPSHEAD", "calling sheepshead is off in this profile (allowSheepsheadCall=off, "
                         "rules.md C-9)", rec.sheepshead.pos, found="sheepshead", expected="no sheepshead call")
    # issue 18's house flags (docs/profiles.md), as the engine judges them (replay/state.py)
    if rec.sheepshead is not None and prof.allowSheepsheadCall == "alone" and rec.alone is None:
        raise chk.reject("E-SHEEPSHEAD", "sheepshead is called by a picker who is not alone; this profile allows it "
                         "only alone (allowSheepsheadCall=alone, rules.md C-9)", rec.sheepshead.pos,
                         found="sheepshead", expected="alone  sheepshead")
    cracked = False
    for m in rec.marks:
        if m.kind == "crack":
            cracked = True
            partners = {p.value for p in (rec.partner, rec.partner2) if p is not None}
            if not prof.partnerMayCrack and m.seat in partners:
                raise chk.reject("E-CRACK", f"{m.seat} is the partner, who may not crack (partnerMayCrack=off, "
                                 "rules.md E-2)", m.pos, found=f"crack {m.seat}", expected="a crack by a defender")
        if m.kind == "blitz" and prof.blitzAfterCrack and not cracked:
            raise chk.reject("E-BLITZ", "a blitz before any crack; this profile allows a blitz only after a crack "
                             "(blitzAfterCrack=on, rules.md E-5)", m.pos, found="blitz", expected="a crack first")


def _call_cards_elsewhere(chk: HandCheck, call, picker: int, hands: list[int], bury_mask: int) -> None:
    """A called-ace call checked on the other seats' written cards, as a
    whole deal checks it (break21 F15): a ten call needs the picker to hold
    all three fail aces (rules.md B-10) — ``E-CALL-TEN`` when one is written
    in another seat's deal line; an unknown-card call's card is one of the
    picker's hand after the bury (B-11) — ``E-UNDER-NOT-HELD`` when it is
    written in another seat's line or in the bury."""
    prof, c = chk.profile, call.card
    others = [(s, h) for s, h in enumerate(hands) if s != picker and h]
    if c.rank == Rank.TEN and not call.has_under:
        for su in range(4):
            ace = Card(su * 8)
            if not prof.trumps.suit_masks[su] or prof.trumps.is_trump(ace):
                continue
            s = next((s for s, h in others if h >> ace & 1), None)
            if s is not None:
                raise chk.reject("E-CALL-TEN", f"a ten ({c}) may be called only by a picker who holds all three fail "
                                 f"aces (rules.md B-10); {ace} is written in {chk.aliases[s]}'s deal line",
                                 call.card_pos, found=c, expected="an ace call")
    u = call.under if call.has_under else None
    if isinstance(u, Card):
        s = next((s for s, h in others if h >> u & 1), None)
        where = f"{chk.aliases[s]}'s deal line" if s is not None else "the bury" if bury_mask >> u & 1 else None
        if where is not None:
            raise chk.reject("E-UNDER-NOT-HELD", f"the unknown card {u} is not in the picker's hand after the bury "
                             f"(rules.md B-11): it is written in {where}", call.pos, found=f"under {u}",
                             expected="a card the picker keeps")


def _check_call_up(chk: HandCheck, call, picker: int, hands: list[int], blind_mask: int, dealt_seats: set[int],
                   wp, wp_seat: int | None) -> None:
    """A J♦ call-up (rules.md C-4a) checked on the cards written, as a
    whole deal checks it (break21 F15): the called jack is one the picker
    does not hold (its deal line; the blind too, unless the call is made
    before the blind is seen, C-4d) — ``E-CALL-JD``, the hand being really
    alone; a written partner is the jack's holder — ``E-PARTNER`` when
    another seat is dealt it or the partner's whole line lacks it.  With
    not every deal line written but the picker's cards at the call's time
    all written (its whole deal line, and the blind unless
    ``jdCallTiming=beforeBlind``), ``E-CALL-JD`` also when those cards have
    no J♦ (C-4), or the call is not the next-highest jack they lack (C-4a,
    C-4b), or they hold all four jacks (C-4c)."""
    prof = chk.profile
    c = call.card
    before = prof.jdCallTiming == "beforeBlind"
    held = hands[picker] | (blind_mask if not before else 0)
    if held >> c & 1:
        where = "deal line" if hands[picker] >> c & 1 else "blind, which the picker took"
        raise chk.reject("E-CALL-JD", f"the call-up names {c.pretty()}, which is in the picker's {where}: a call-up "
                         "names a jack the picker does not hold (rules.md C-4a); a picker whose partner would be "
                         "the picker plays alone", call.card_pos, found=f"call {c}", expected="a jack another holds")
    if len(dealt_seats) < prof.playing and picker in _whole_lines(chk) and (before or _blind_whole(chk, blind_mask)):
        # edge34 F2: the picker's cards at the call's time are all written (its deal line, and the blind unless the
        # call is made before it is seen, C-4d), so the call-up is judged on them as the engine judges a whole deal
        # (state._jd_callup): the picker holds the J♦ (C-4), and names the next-highest jack not held (C-4a, b, c)
        pc = prof.partner_card
        if not held >> pc & 1:
            why = (f"the picker was dealt no {pc.pretty()} (it came with the blind, after the call's time under "
                   "jdCallTiming=beforeBlind, C-4d)" if blind_mask >> pc & 1 else
                   f"the picker's cards as written (its deal line and the blind) have no {pc.pretty()}")
            raise chk.reject("E-CALL-JD", f"a call-up of {c.pretty()}, but {why}: only a picker holding the "
                             f"{pc.pretty()} calls up; otherwise its holder is the partner (rules.md C-1, C-4)",
                             call.pos, found=f"call {c}", expected="no call")
        expected = next((j for j in _JACKS_UP if not held >> j & 1), None)
        if expected is None:
            raise chk.reject("E-CALL-JD", "a picker holding all four jacks must go alone (rules.md C-4c)",
                             call.card_pos, found=f"call {c}", expected="alone")
        if c != expected:
            raise chk.reject("E-CALL-JD", f"the call-up names the next-highest jack the picker does not hold "
                             f"(rules.md C-4a, C-4b): {expected}, not {c}; the picker's cards as written "
                             f"{'(its deal line) ' if before else '(its deal line and the blind) '}have no "
                             f"{expected.pretty()}", call.card_pos, found=f"call {c}", expected=f"call {expected}")
    if wp_seat is None or wp_seat == picker or wp.agreed:
        return
    if blind_mask >> c & 1:  # called before the blind was seen, the jack in it: the picker's own (break21b F6)
        raise chk.reject("E-PARTNER", f"partner {wp.value} is written but {c.pretty()} is in the blind: the call-up "
                         "was made before the blind was seen, and the picker plays alone (rules.md C-4d)", wp.pos,
                         found=wp.value, expected="no partner")
    holder = next((s for s in dealt_seats if s != picker and hands[s] >> c & 1), None)
    line = next((d for d in chk.rec.deals if chk.index.get(d.seat) == wp_seat), None)
    if holder is not None and holder != wp_seat:
        why, expected = f"{chk.aliases[holder]} is dealt {c.pretty()}", chk.aliases[holder]
    elif line is not None and None not in line.cards and not hands[wp_seat] >> c & 1:
        why, expected = f"{wp.value}'s deal line has no {c.pretty()}", f"the holder of {c.pretty()}"
    else:
        return
    raise chk.reject("E-PARTNER", f"partner {wp.value} is written but {why}: the called jack's holder is the "
                     "partner (rules.md C-4)", wp.pos, found=wp.value, expected=expected)


def _blitz_cards_elsewhere(chk: HandCheck, m, seat: int, picker: int, hands: list[int], blind_mask: int,
                           bury_mask: int) -> None:
    """A blitz (rules.md E-5) shows the blitzer's own pair: ``E-BLITZ`` when
    a card of it is written in another seat's deal line, or (the blitzer not
    the picker) in the blind or the bury, which are the picker's (break21
    F16: checked against the blitzer's own line only, such a blitz doubled
    the hand)."""
    need = BLITZ_PAIRS.get((m.color or "black", m.pair))
    if need is None:
        return
    places = [(chk.aliases[s] + "'s deal line", h) for s, h in enumerate(hands) if s != seat and h & need]
    if seat != picker:
        places += [(name, mask) for name, mask in (("the blind", blind_mask), ("the bury", bury_mask)) if mask & need]
    if places:
        where, mask = places[0]
        shown = " ".join(c.pretty() for c in cards_in(mask & need))
        raise chk.reject("E-BLITZ", f"{m.seat} shows a {m.color or 'black'} blitz, but {shown} is written in {where} "
                         "(rules.md E-5: the blitzer holds both)", m.pos, found=f"blitz {m.color or 'black'}",
                         expected=f"{' '.join(c.pretty() for c in cards_in(need))} in {m.seat}'s hand")


def _no_cracking_partner(chk: HandCheck, cands, partners, legal, picker, stake, marks, sheepshead, out,
                         written) -> None:
    """Under ``partnerMayCrack=off`` (rules.md E-2) a partner taken from the
    written score may not be a seat that cracked: ``E-CRACK`` when the score
    fits only such a partner (break21 F14: stored at x2, though the same hand
    with ``partner S`` written is refused)."""
    fits = [pa for o in cands for pa in partners if pa not in legal
            if _matches(chk.picked(picker, pa, o, stake, marks, sheepshead=sheepshead, out=out).units, written)]
    if fits and not any(_matches(chk.picked(picker, pa, o, stake, marks, sheepshead=sheepshead, out=out).units,
                                 written) for o in cands for pa in legal):
        pa = fits[0]
        who = chk.aliases[pa if not isinstance(pa, tuple) else pa[0]]
        m = next(m for m in chk.rec.marks if m.kind == "crack" and chk.index.get(m.seat) in
                 (pa if isinstance(pa, tuple) else (pa,)))
        by = "the written score makes" if chk.rec.score is not None else "the cards written make"
        raise chk.reject("E-CRACK", f"{by} {who} the partner, who cracked; the partner may not crack "
                         "(partnerMayCrack=off, rules.md E-2)", m.pos, found=f"crack {m.seat}",
                         expected="a crack by a defender")


def _call_may_leave_alone(prof: RuleProfile) -> bool:
    """Whether a written call may still leave the picker without a partner:
    his own ace (``allowCallOwnAce``, rules.md B-14) or a call-up made before
    the blind was seen whose jack was in it (C-4d, I-30)."""
    return prof.allowCallOwnAce or (prof.partnerMode == "jackOfDiamonds" and prof.jdCallUp
                                    and prof.jdCallTiming == "beforeBlind")


def _nopick_marks(chk: HandCheck, dealer: int | None, stake: int) -> None:
    """The marks of a no-pick hand written without its card log (a score-sheet
    ``leaster``, ``leaster -``, ``doubler`` or other no-pick line), judged by the
    engine as a card log's are: every seat passes, then each mark is applied at
    its position.  A crack, re-crack or castrate has no pick to follow
    (rules.md E-2, E-3, E-4, I-33) and is refused; a blitz carries into a
    leaster under ``allowBlitz`` (D-9, E-5) but not into a thrown-in doubler.
    Raises the engine's positioned error through ``chk``."""
    if not chk.rec.marks:
        return
    prof = chk.profile
    # who dealt does not change what a mark after four/five passes may be; an
    # unknown dealer is stood in by seat 0 (the passes only need an order)
    g = GameState(prof, dealer if dealer is not None else 0, [0] * prof.players, 0, complete=False, stake=stake)
    pos = (chk.rec.leaster or chk.rec.doubler or chk.rec.nopick).pos
    s = g.to_act
    for _ in range(g.np):
        _apply(chk, g, Pass(s), pos)
        s = g.next_seat(s)
    for action, mpos in _marks_actions(chk):
        _apply(chk, g, action, mpos)


def _nopick_sheet(chk: HandCheck, kind: str, dealer: int | None, stake: int, marks: dict, nmarks: int,
                  written: list, cardlog: CardLog | None, out: int | None = None):
    """A no-pick hand without a whole card log (rules.md D): the seat as
    written, or derived from the score.  A schwanzer with every deal line
    written is shown down by the engine (D-18).  ``out`` is a dealer who sits
    out (F-1): never the seat, and settles 0."""
    rec, prof = chk.rec, chk.profile
    n = prof.players
    if kind == "schwanzer" and rec.deals:
        # the count does not depend on who dealt (D-18): an unknown dealer is
        # stood in by seat 0 for the engine, and the outcome keeps it unknown
        # (a dealer who sits out is known here: _score_sheet asks for it)
        g = build_state(chk, dealer if dealer is not None else 0, stake)
        if g.complete:
            s = g.to_act
            for _ in range(g.np):
                _apply(chk, g, Pass(s), rec.nopick.pos)
                s = g.next_seat(s)
            settle = g.settlement()
            return _nopick_done(chk, g, kind, dealer, stake, settle, _cardlog(chk))
    stmt, tie = _nopick_stmt(rec, kind)
    role, rule = _NOPICK_ROLE[kind]
    sweep_possible = _check_nopick_numbers(chk, kind, tie)
    if tie and kind == "schwanzer":
        raise chk.reject("E-LEASTER", "a schwanzer is never a wash: a tie goes against the holder of the highest "
                         "trump (rules.md D-18)", stmt.pos, found="schwanzer -", expected="schwanzer S")
    if kind == "mittler" and not tie and prof.playing % 2 == 0:  # house17 F1: was paid as at an odd table
        if stmt.value is not None:
            raise chk.reject("E-LEASTER", f"mittler {stmt.value} is written but {prof.playing} seats play: an even "
                             "table has no median card points, so the hand is a wash (rules.md D-16, I-35)",
                             stmt.pos, found=f"mittler {stmt.value}", expected="mittler - (a wash)")
        tie = True  # no seat written: the only outcome is the wash
    seats = [None] if tie else [chk.seat(stmt.value, stmt.pos)] if stmt.value is not None else [
        s for s in range(n) if s != out]
    if out is not None and out in seats:
        raise chk.reject("E-SIT-OUT", f"{stmt.value} deals and sits out and cannot be the {kind}'s seat (rules.md F-1)",
                         stmt.pos, found=stmt.value, expected="a seat that plays the hand")
    options = []  # (seat, second, won, paid x3), the default first
    triples = _leaster_triples(chk) if kind == "leaster" else (False,)
    for w in seats:
        if w is None:
            options.append((None, None, True, False))
            continue
        tricks_known = rec.tricks_won is not None and rec.tricks_won.value is not None
        won = kind != "schwanzer" and not (kind == "moster" and not (tricks_known and
                                                                    rec.tricks_won.value == prof.tricks))
        options.extend((w, None, won, t) for t in triples)  # D-5: x3 where the sheet tells it, else as the score says
        if kind == "moster" and not tricks_known:
            options.append((w, None, not won, False))  # a sweep (D-15, I-34), or not: the score may tell
        if kind == "leaster" and prof.leasterTie == "split":
            # D-6 (docs/profiles.md "Leaster split"): the tied seat first in play order from the dealer's left takes
            # 2 shares.  With the dealer written only that order can happen (break30 F2); without it every ordered
            # pair is first-then-second for some dealer (the seat right of the first), so none is ruled out here.
            options.extend((w, x, True, False) for x in range(n) if x != w and x != out
                           and (dealer is None or _play_order(n, dealer, w) < _play_order(n, dealer, x)))

    tricks_zero = rec.tricks_won is not None and rec.tricks_won.value == 0
    # leasterNoTrickDouble, a winner written with 0 card points and no tricks: no trick (x2, the usual way to end
    # on 0) or only tricks of no points (x1); a written score tells, else the hand is refused, as the moster's
    # sweep is (scorer19 F6: it was paid x1 unsaid)
    zero_unknown = (kind == "leaster" and prof.leasterNoTrickDouble and rec.tricks_won is None and not rec.tricks
                    and rec.pts is not None and rec.pts.value == 0)
    # each option as (seat, second, won, paid x3, the winner took no trick: "tricks 0" written, issue 18)
    options = [(*o, z) for o in options for z in ((False, True) if zero_unknown else (tricks_zero,))]

    def settle_of(o) -> Settlement:
        w, second, won, triple, no_trick = o
        if kind == "leaster":
            st = settle_leaster(prof, n, w, sweep=triple, stake=stake, marks=marks, second=second, out=out,
                                no_trick=no_trick)
        else:
            st = settle_nopick(n, kind, w, won, stake=stake, marks=marks, out=out, cap=prof.markFactorCap)
        return chk.potted(st, None, None)

    fits = [o for o in options if _matches(settle_of(o).units, written)]
    if not fits and rec.score is not None and kind == "leaster" and prof.leasterTie == "split" and dealer is not None:
        _split_out_of_order(chk, dealer, seats, out, stake, marks, written, stmt)
    if not fits and rec.score is not None:  # a score leaving out the pot fits no seat: say so first (D-19)
        _check_pot_sum(chk, written, [settle_of(o).pot for o in options], rec.score)
    if stmt.value is None and not tie:
        if len({o[0] for o in fits}) != 1:
            raise chk.reject("E-LEASTER", f"{role} is unknown and the score does not tell it", stmt.pos,
                             found=f"{kind} ?", expected=f"{kind} S, or a full score")
        chk.prov["leaster_winner"] = "derived"
    else:
        chk.prov["leaster_winner"] = "asserted"
    readings = {o[2] for o in (fits if rec.score is not None else options)}  # won or not
    if sweep_possible and stmt.value is not None and len(readings) > 1:
        # I-34: pts at a sweep's value, no tricks and no score that tells:
        # the moster may have taken every trick (wins) or not (pays, D-15)
        raise chk.reject("E-RESULT-UNKNOWN", f"moster {stmt.value} with pts {rec.pts.value}: whether {stmt.value} took "
                         "every trick (a sweep wins, rules.md I-34) or not (the moster pays, D-15) is not written",
                         rec.pts.pos, found=f"pts {rec.pts.value}, no tricks",
                         expected=f"tricks {prof.tricks} (a sweep) or fewer, or the score")
    if zero_unknown and stmt.value is not None and (rec.score is None or len({o[4] for o in fits}) > 1):
        raise chk.reject("E-RESULT-UNKNOWN", f"leaster {stmt.value} with pts 0 under leasterNoTrickDouble: whether "
                         f"{stmt.value} took no trick (paid double, rules.md D-7, D-8) or only tricks of no card "
                         "points (paid once) is not written", rec.pts.pos, found="pts 0, no tricks",
                         expected="tricks 0 (no trick) or tricks N, or the score")
    choice = fits[0] if fits and rec.score is not None else options[0]
    settle = _agreed_score(chk, settle_of(choice))
    if rec.pts is not None and rec.pts.value is not None:
        chk.prov["picker_points"] = "asserted"
    w, _, won, _, _ = choice
    pts = rec.pts.value if rec.pts is not None else None
    return (_outcome(chk, dealer, None, None, None, settle, pts, None, stake, nmarks,
                     leaster_winner=w if won else None, status="score-sheet"), cardlog, settle)


def _play_order(n: int, dealer: int, seat: int) -> int:
    """0 for the seat left of ``dealer`` ... ``n - 1`` for the dealer (rules.md B-5), as
    :meth:`replay.state.GameState.pick_position`."""
    return (seat - dealer - 1) % n


def _split_out_of_order(chk: HandCheck, dealer: int, seats: list, out: int | None, stake: int, marks: dict,
                        written: list, stmt) -> None:
    """A score sheet's leaster split (``leasterTie=split``, rules.md D-6) whose written units give 2 shares to the
    tied seat later in play order from the dealer's left: ``E-LEASTER`` naming the seat that takes 2 shares
    (break30 F2: it was stored as written).  Returns when no such reading fits the score."""
    prof, n = chk.profile, chk.profile.players
    for w in seats:
        if w is None:
            continue
        for x in range(n):
            if x == w or x == out or _play_order(n, dealer, w) < _play_order(n, dealer, x):
                continue
            st = chk.potted(settle_leaster(prof, n, w, stake=stake, marks=marks, second=x, out=out), None, None)
            if _matches(st.units, written):
                a, b = chk.aliases[x], chk.aliases[w]
                raise chk.reject(
                    "E-LEASTER", f"the score gives {b} 2 shares and {a} 1 of a tied leaster, but {a} is first in "
                    f"play order from the dealer {chk.aliases[dealer]}'s left, so {a} takes 2 shares and {b} 1 "
                    "(leasterTie=split, rules.md D-6)", stmt.pos, found=f"{b} 2 shares, {a} 1",
                    expected=f"{a} 2 shares, {b} 1")


def _leaster_triples(chk: HandCheck) -> tuple[bool, ...]:
    """Whether the score sheet's leaster winner is paid ×3 (rules.md D-5,
    I-25, :func:`~replay.scoring.leaster_pays_triple`), as far as the written
    ``pts`` and ``tricks`` tell: ``(True,)`` or ``(False,)`` when they do,
    ``(False, True)`` when they do not (the plain payment, unless the written
    score says ×3).  The winner took every trick when ``tricks`` says so, or
    when it holds half the card points or more under
    ``leasterMustTakeTrick`` (D-4: another seat with a trick would hold fewer
    and win; ``_check_nopick_numbers`` refuses such points short of a
    sweep's); it took a trick under ``leasterMustTakeTrick`` or when
    ``tricks`` is 1 or more."""
    rec, prof = chk.rec, chk.profile
    if not prof.leasterSweepPaysTriple:
        return (False,)
    tw = rec.tricks_won.value if rec.tricks_won is not None else None
    pw = rec.pts.value if rec.pts is not None else None
    total = _trick_points(prof)[0]
    must = prof.leasterMustTakeTrick
    took_all = (True if tw == prof.tricks or (must and pw is not None and pw >= total // 2) else
                False if (tw is not None and tw < prof.tricks) or pw is not None else None)
    zero = None if pw is None else pw == 0
    took_a_trick = True if must or (tw is not None and tw > 0) else False if tw == 0 else None
    readings = {leaster_pays_triple(prof, a, z, t) for a in ((took_all,) if took_all is not None else (False, True))
                for z in ((zero,) if zero is not None else (False, True))
                for t in ((took_a_trick,) if took_a_trick is not None else (False, True))}
    return tuple(sorted(readings))


def _trick_points(prof: RuleProfile) -> tuple[int, int]:
    """(the deck's card points, the fewest the tricks of a no-pick game
    carry): 120 and 120 when the blind goes to a trick's winner
    (``leasterBlind`` lastTrick, namedTrick; rules.md D-3), 120 and
    120 - 22 = 98 when it is set aside (``none``: at most two aces)."""
    total = points_of(prof.deck_mask)
    blind_best = sum(sorted((points_of(1 << c) for c in cards_in(prof.deck_mask)), reverse=True)[:prof.blind_size])
    return total, total - blind_best if prof.leasterBlind == "none" else total


def _nopick_bounds(prof: RuleProfile, kind: str) -> tuple[int, int, str]:
    """(lowest, highest, why) for the ``pts`` of the seat a no-pick game
    turns on (rules.md D-3..D-18), from the deck and the table size alone.
    Card points for the played games, the count for a schwanzer (D-18).

    With ``np`` seats playing and ``T`` card points taken in tricks (all 120
    when the blind goes to a trick's winner, ``leasterBlind`` lastTrick or
    namedTrick; at least 120 - 22 = 98 when it is set aside, the blind being
    at most two aces under ``none``; five-handed ``np`` = 5):

    * leaster, the fewest points: at most floor(120 / np) = 24 without
      ``leasterMustTakeTrick`` (D-7); with it (D-4, D-5) any of 0..120, as a
      seat that takes every trick wins with 120;
    * moster (D-15), the most points: at least ceil(T / np) = ceil(120 / 5)
      = 24 (ceil(98 / 5) = 20 with the blind set aside), at most 120;
    * mittler (D-16), the median: the k = (np + 1) / 2 = 3 seats at or above
      it hold at least 3 * median <= 120 points, so at most 120 // 3 = 40;
    * schneidster (D-17), closest to 30 without exceeding it: at most 30;
    * schwanzer (D-18), the highest count: at most the hand size's best
      trumps, Q Q Q Q J J = 3 * 4 + 2 * 2 = 16 with six cards; at least the
      deck's count less the blind's best, shared out: the 14 trumps count
      4 * 3 + 4 * 2 + 6 * 1 = 26, the discarded blind at most Q Q = 6, so
      the hands hold at least 20 and the highest at least ceil(20 / 5) = 4.
    """
    np_ = prof.playing
    if kind == "schwanzer":
        values = sorted((schwanzer_value(1 << c, prof.trumps) for c in cards_in(prof.deck_mask)), reverse=True)
        hi = sum(values[:prof.hand_size])
        lo = -(-(sum(values) - sum(values[:prof.blind_size])) // np_)
        return lo, hi, (f"a count of {prof.hand_size} cards is at most {hi} and the highest count of {np_} hands at "
                        f"least {lo}")
    total, taken = _trick_points(prof)
    shared = f"{np_} seats sharing {'' if taken == total else 'at least '}{taken} card points"
    if kind == "leaster" and not prof.leasterMustTakeTrick:  # D-7: the fewest of all seats
        return 0, total // np_, f"the fewest of {np_} seats sharing {total} card points hold at most {total // np_}"
    if kind == "moster":
        lo = -(-taken // np_)
        return lo, total, f"the most of {shared} hold at least {lo}"
    if kind == "mittler" and np_ % 2:
        k = (np_ + 1) // 2
        return 0, total // k, (f"the median of {np_} seats holds at most {total // k}: {k} seats hold at least as "
                               f"much, out of {total}")
    if kind == "schneidster":
        return 0, 30, "the schneidster winner holds at most 30 (closest to 30 without exceeding it)"
    return 0, total, f"{total} card points in the deck"


def _check_nopick_numbers(chk: HandCheck, kind: str, tie: bool) -> bool:
    """The written ``pts`` and ``tricks`` of a no-pick score sheet against
    what the game allows (:func:`_nopick_bounds`, rules.md D-15..D-18,
    I-34): ``E-PTS`` for points out of bounds or points a seat without a
    trick (the blind goes to a trick's winner, D-3) or a sweep cannot hold,
    ``E-TRICKS`` for ``tricks`` in a schwanzer (no trick is played, D-18) or
    ``tricks 0`` for the moster (the most points need a trick) and for the
    leaster's winner under ``leasterMustTakeTrick`` (D-4).  Returns
    whether the written ``pts`` could be a moster's sweep (I-34) with no
    ``tricks`` to tell."""
    rec, prof = chk.rec, chk.profile
    tw = rec.tricks_won if rec.tricks_won is not None and rec.tricks_won.value is not None else None
    pw = rec.pts if rec.pts is not None and rec.pts.value is not None else None
    if tw is not None and kind == "schwanzer":
        raise chk.reject("E-TRICKS", f"tricks {tw.value} is written but a schwanzer is not played: the hands are shown "
                         "(rules.md D-18)", tw.pos, found=f"tricks {tw.value}", expected="no tricks")
    lo, hi, why = _nopick_bounds(prof, kind)
    if tw is not None and tw.value == 0 and kind == "leaster" and prof.leasterMustTakeTrick and not tie:
        raise chk.reject("E-TRICKS", "tricks 0 is written but the leaster is won by the fewest card points among the "
                         "seats that took a trick (leasterMustTakeTrick=on, rules.md D-4): its winner took at least "
                         "one", tw.pos, found="tricks 0", expected=f"1..{prof.tricks}")
    if tw is not None and tw.value == 0 and kind == "moster" and not tie:
        raise chk.reject("E-TRICKS", f"tricks 0 is written but the moster holds the most card points ({why}) and a "
                         "seat without a trick holds none (rules.md D-15)", tw.pos, found="tricks 0",
                         expected=f"1..{prof.tricks}")
    if pw is None or tie:
        return False
    if not lo <= pw.value <= hi:
        _, rule = _NOPICK_ROLE[kind]
        raise chk.reject("E-PTS", f"pts {pw.value} is written but {why} (rules.md {rule})", pw.pos, found=pw.value,
                         expected=f"{lo}..{hi}")
    if tw is not None and tw.value == 0 and pw.value > 0:
        raise chk.reject("E-PTS", f"pts {pw.value} with tricks 0: a seat without a trick holds no card points (the "
                         "blind goes to a trick's winner, rules.md D-3)", pw.pos, found=pw.value, expected=0)
    total, least = _trick_points(prof)
    if kind == "leaster" and prof.leasterMustTakeTrick and total // 2 <= pw.value < least and \
            not (tw is not None and tw.value == prof.tricks):
        # D-4: the winner has the fewest points of at least two seats with a
        # trick (fewer than half of them, a tie being no win), or took every trick
        raise chk.reject("E-PTS", f"pts {pw.value} is written but a leaster winner holds fewer card points than "
                         f"another seat with a trick (at most {total // 2 - 1}), or all of them ({least} or more) "
                         "having taken every trick (rules.md D-4, I-25)", pw.pos, found=pw.value,
                         expected=f"0..{total // 2 - 1} or {least}..{total}")
    sweep = _trick_points(prof)[1]  # a sweep takes every trick's points: 120 (98 or more, the blind set aside)
    if kind == "moster" and tw is not None and tw.value == prof.tricks and pw.value < sweep:
        raise chk.reject("E-PTS", f"pts {pw.value} with tricks {tw.value}: a moster who took every trick holds "
                         f"{'all ' if prof.leasterBlind != 'none' else 'at least '}{sweep} card points (rules.md I-34)",
                         pw.pos, found=pw.value, expected=sweep)
    return kind == "moster" and tw is None and pw.value >= sweep


def _setup_without_tricks(chk: HandCheck, dealer: int, picker: int, stake: int) -> GameState:
    """A picked hand with no tricks: replay what is written before the first
    card through the engine.  With every deal line and the blind written, the
    bury and the call are checked against the deal and the partner comes from
    it (notation.md §3: "checked against the deal when the deal is known");
    without them, only the marks are checked, against the seats (rules.md
    E-2..E-6, I-33)."""
    rec, prof = chk.rec, chk.profile
    n = prof.players
    if rec.deals or rec.tables:
        g = build_state(chk, dealer, stake)
    else:
        g = GameState(prof, dealer, [0] * n, 0, complete=False, stake=stake)
    judge_partner_cards.apply_give(chk, g)  # wi6-7d-high (F-1)
    _pick(chk, g, dealer, picker)
    if g.complete:
        bury = rec.bury
        cards = tuple(bury.cards) if bury is not None and None not in bury.cards else None
        if g.phase == _BURY or bury is not None:
            _apply(chk, g, Bury(cards), bury.pos if bury is not None else rec.pick.pos)
        if rec.call is not None and rec.call.card is not None:
            if rec.call.has_under and rec.call.under is None:
                g.assume_call(g.partner if prof.partnerMode == "jackOfDiamonds" else None, False)
            else:
                _apply(chk, g, Call(rec.call.card, rec.call.under), rec.call.pos)
        elif rec.alone is not None:
            _apply(chk, g, Alone(), rec.alone.pos)
        elif g.phase == _CALL:
            try:
                g.finish_call()
            except IllegalAction as exc:
                raise chk.engine_error(exc, _call_pos(chk, exc)) from None
    else:
        written = rec.partner.value if rec.partner is not None else None
        partner = chk.index.get(written) if written is not None else None
        own = partner == picker and prof.allowCallOwnAce  # B-14: scored alone
        written2 = rec.partner2.value if rec.partner2 is not None else None
        partner2 = chk.index.get(written2) if written2 is not None and written2 != written else None  # S S: one
        if g.phase == _BURY:
            g.apply(Bury(None))
        g.assume_call(None if own else partner, rec.alone is not None or own or prof.always_alone, partner2)
        if own:
            g.call_type = _CT_OWN_ACE
    _apply_sheepshead(chk, g)
    if any(m.seat is None for m in rec.marks):
        # QA18-D8: a mark whose seat is written ? (notation.md §7) counts on the score sheet, but the engine
        # cannot judge a mark without its seat: the profile's mark flags are checked as for an unknown dealer
        _house_flags_unreplayed(chk)
        return g
    for action, pos in _marks_actions(chk):
        _apply(chk, g, action, pos)
    return g


def _side_shown(chk: HandCheck, pa) -> str:
    """A partner candidate in words for a message: ``"alone"``, ``"with Di
    as partner"``, ``"with Di and Ed as partners"``."""
    if pa is None:
        return "alone"
    if isinstance(pa, tuple):
        return f"with {' and '.join(chk.aliases[p] for p in pa)} as partners"
    return f"with {chk.aliases[pa]} as partner"


def _two_partners(prof: RuleProfile) -> bool:
    """The profile's side may have two partners (rules.md F-1: 3v3, 3v5)."""
    return prof.max_partners == 2


def _consistent(prof: RuleProfile, outcome: str, pts: int | None, tricks: int | None,
                sheepshead: bool = False) -> bool:
    """Whether ``outcome`` fits the written pts and tricks (rules.md
    B-27..B-30).  Under a sheepshead call (C-9) the contract is won with
    every trick (``win-z``) and lost (``lose``) with fewer, whatever the
    points."""
    if sheepshead:
        if outcome == "win-z":
            return tricks in (None, prof.tricks) and pts in (None, 120)
        if tricks == prof.tricks:
            return False
        if tricks == 0 and pts is not None and pts > prof.max_bury:
            return False
        return outcome == "lose"
    won, tier = OUTCOME_TIER[outcome]
    if tricks is not None:
        if tier == 3:
            if tricks != (prof.tricks if won else 0):
                return False
        elif tricks in (0, prof.tricks):
            return False
    if pts is None:
        return True
    if tricks == 0 and pts > prof.max_bury:
        return False  # a side without a trick holds at most its bury (its size in aces)
    if tier == 3:
        return pts == 120 if won else pts <= prof.max_bury
    line, low = schneider_lines(prof)  # rules.md B-28 (two-handed: from the winner's side)
    if outcome == "win-s":
        return pts >= line
    if outcome == "win":
        return 61 <= pts < line
    if outcome == "lose":
        return low < pts <= 60
    return pts <= low  # lose-s


#: outcome word -> (what it means, its rule in rules.md) for a message.
_OUTCOME_GLOSS = {"win": ("won", "B-27"), "lose": ("lost", "B-27"), "win-s": ("won schneider", "B-28"),
                  "lose-s": ("schneidered", "B-28"), "win-z": ("won every trick", "B-29"),
                  "lose-z": ("lost without a trick", "B-29")}
_SHEEPSHEAD_GLOSS = {"win-z": ("every trick taken", "C-9"), "lose": ("a trick lost", "C-9")}


def _outcome_shown(cands: list[str], pts: int | None, sheepshead: bool) -> str:
    """The outcome words the written pts and tricks allow, for the message
    of ``E-OUTCOME``: one word with its meaning and rule (``"lose-s
    (schneidered, rules.md B-28)"``), several joined by "or" with their
    rules (``"lose-s or lose-z (rules.md B-28, B-29)"``).  A schneider tier
    at 0 or 120 points cites B-30 (a zero-point trick decides it); a
    sheepshead call, C-9."""
    gloss = _SHEEPSHEAD_GLOSS if sheepshead else _OUTCOME_GLOSS
    rules = [("B-30" if gloss[o][1] == "B-28" and pts in (0, 120) else gloss[o][1]) for o in cands]
    if len(cands) == 1:
        return f"{cands[0]} ({gloss[cands[0]][0]}, rules.md {rules[0]})"
    return f"{' or '.join(cands)} (rules.md {', '.join(dict.fromkeys(rules))})"


def _outcome_from(chk, dealer, picker, partner, alone, call, settle, pts, tricks, stake, nmarks, status, state):
    if state is None and call is None and alone:
        call = "alone"
    return _outcome(chk, dealer, picker, partner, call if not alone or call else "alone", settle, pts, tricks, stake,
                    nmarks, status=status, state=state, alone=alone)


def _outcome(chk: HandCheck, dealer, picker, partner, call, settle: Settlement, pts, tricks, stake, nmarks, *,
             leaster_winner=None, status="score-sheet", state: GameState | None = None, alone=None) -> HandOutcome:
    rec, prof = chk.rec, chk.profile
    a = chk.aliases
    units = settle.units
    if max(units) > _MAX_UNITS or min(units) < -_MAX_UNITS:
        pos = rec.score.pos if rec.score is not None else rec.pos
        raise chk.reject("E-RANGE", f"units {max(settle.units, key=abs):+d} are beyond what the log keeps", pos,
                         found=max(settle.units, key=abs), expected=f"at most {_MAX_UNITS} either way")
    tags = chk.tags  # the hand's tags over the session's (rec.tag)
    rules = tags.get("Rules", "")
    date = chk.date
    partner, partner2 = (_seats_of(partner) + (None, None))[:2]
    if alone is None:
        alone = picker is not None and partner is None
    call_type = None
    called_suit = None
    if picker is not None:
        if state is not None and state.call_type is not None:
            call_type = state.call_type._value_  # the word itself (CallType is a str enum)
        elif alone:
            # B-14, I-15 (allowCallOwnAce): an ace called and the picker scored alone is the own-ace call, as
            # `partner S` naming the picker stores it (break30 F5: 'call AC' with an alone score was 'alone')
            c = rec.call
            own = (prof.allowCallOwnAce and prof.calls_ace and rec.alone is None and c is not None
                   and c.card is not None and not c.has_under and c.card.rank == 0)
            call_type = "own-ace" if own else "alone"
        elif prof.partnerMode == "jackOfDiamonds":
            hybrid = rec.call is not None and rec.call.card is not None and rec.call.card.rank == 0  # C-5
            call_type = "ace" if hybrid else "jd-callup" if rec.call is not None else "jd"
        elif prof.partner_card_game:
            call_type = "queens"
        elif prof.partnerMode == "dieRoll":
            call_type = "die-roll"
        elif rec.call is not None:
            call_type = "under" if rec.call.has_under else ("ten" if rec.call.card is not None and rec.call.card.rank == 1
                                                           else "ace")
        if rec.call is not None and rec.call.card is not None:
            called_suit = "CSHD"[rec.call.card.suit]
    prov = dict(chk.prov)
    if picker is not None:
        prov["picker"] = "asserted"
    else:  # a leaster, doubler or misdeal has no picker side
        for k in ("picker_points", "picker_tricks", "partner", "outcome"):
            prov.pop(k, None)
        if pts is not None:  # the points of the seat a no-pick game turns on
            prov["picker_points"] = chk.prov.get("picker_points", "derived")
    if pts is None:
        prov.pop("picker_points", None)
    if tricks is None:
        prov.pop("picker_tricks", None)
    if partner is None:
        prov.pop("partner", None)
    # every field, in HandOutcome's order, passed by position (issue 17: a call by 34 keywords costs the
    # compiled judge a dict of them, 3x the positional call; tests/test_validate.py checks each field)
    return HandOutcome(
        rec.session.id,  # session (rec.session_id without its call)
        tags.get("Event"),  # group
        rec.number,  # hand
        date,  # date
        rules,  # rules
        _flags(rules),  # rules_flags
        "sheepshead",  # game
        None,  # game_type
        dict(chk.seats),  # players
        a[dealer] if dealer is not None else None,  # dealer
        a[picker] if picker is not None else None,  # picker
        a[partner] if partner is not None else None,  # partner
        call if picker is not None else None,  # call
        bool(alone) if picker is not None else False,  # alone
        a[leaster_winner] if leaster_winner is not None else None,  # leaster_winner
        settle.multiplier if settle.outcome not in ("doubler", "misdeal") else stake * 2 ** nmarks,  # multiplier
        pts,  # picker_points
        tricks,  # picker_tricks
        settle.outcome,  # outcome
        dict(zip(a, units)),  # units: alias -> units, clockwise (settle.units has one entry a seat)
        prov,  # provenance
        status,  # status
        tags.get("Table"),  # table
        tags.get("Site"),  # site
        stake,  # stake
        nmarks,  # marks
        settle.tier if picker is not None else None,  # tier
        state.partner_revealed if state is not None and partner is not None else None,  # partner_revealed_trick
        called_suit,  # called_suit
        call_type,  # call_type
        _breakdown(settle, tuple(a)),  # breakdown
        [str(w) for w in chk.warnings],  # warnings
        None,  # laufende (Schafkopf only)
        None,  # laufende_with (Schafkopf only)
        settle.pot,  # pot
        a[partner2] if partner2 is not None else None,  # partner2
    )
