"""A full card log entered by tapping cards (the Log-a-hand page's card grid).

The scorer taps, in order: each seat's dealt cards (clockwise from the
dealer's left; the blind is what is left), the picker, the buried cards, the
call, then every card played.  After every tap the hand so far is replayed by
the rules engine (:class:`replay.state.GameState`: rules.md B-5 pick, B-7
bury, B-9..B-13 the call, B-18..B-21 following suit), so an illegal card is
refused the moment it is tapped, with the engine's reason; nothing here
re-implements a rule.  :meth:`CardEntry.text` writes the hand in SHN for the
validator and the store, as any imported hand.

Plain Python, no Streamlit: the page keeps a :class:`CardEntry` in its
session state and the tests drive it directly.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from replay.actions import Alone, Bury, Call, Pass, Pick, Play
from replay.cards import Card, mask_of
from replay.errors import IllegalAction
from replay.profile import RuleProfile, parse_rules
from replay.state import GameState, Phase

__all__ = ["CardEntry", "supported"]


#: The choice of the pick stage that says everybody passed (rules.md D: the
#: profile's no-pick game is played, or the deal is thrown in).
ALL_PASSED = "all passed"


def supported(prof: RuleProfile) -> str | None:
    """None when the card grid handles games of ``prof``; else why not (the
    page then offers SHN text for the card log).

    Handled: every table size of rules.md F-1 with a blind to pick or none
    (the black-queens, Q♣ J♦ 7♦ and Q♣ Q♠ J♦ sides, whose head is the Q♣
    holder), a dealer who sits out, the called-ace, alone, jack-of-diamonds
    and J♦-and-ace partners, and everybody passing (leaster, moster, mittler,
    schneidster, schwanzer, doubler; a forced pick refused by the engine).
    Not handled: the two-handed game's table cards (``tableStacks``), the
    J♦ call-up and the hybrid ace call (``jdCallUp``, ``jdHybridAceCall``),
    and a leaster whose blind goes to a named trick (``leasterBlind=namedTrick``)."""
    if prof.tableStacks:
        return "the card grid does not lay out the two-handed game's table cards"
    if prof.deck == 34:  # issue 18
        return "the card grid does not lay out the 6♣ and 6♠ of the 34-card deck"
    if prof.partnerMode == "jackOfDiamonds" and (prof.jdCallUp or prof.jdHybridAceCall):
        return "the card grid does not take a jack-of-diamonds call-up or hybrid ace call (jdCallUp, jdHybridAceCall)"
    if prof.partnerMode not in ("calledAce", "alone", "jackOfDiamonds", "jdAndAce", "blackQueens", "qcJd7d",
                                "blackQueensJd"):
        return f"the card grid does not know the {prof.partnerMode} partner rule"
    if prof.has_blind and prof.leasterBlind == "namedTrick" and prof.noPick in ("leaster", "moster", "mittler",
                                                                                 "schneidster"):
        return "the card grid does not name the blind's trick of a no-pick game (leasterBlind=namedTrick)"
    return None


@dataclass
class CardEntry:
    """One hand being tapped in.  ``aliases``: the seats clockwise;
    ``dealer``: the dealer's alias; ``rules``: the session's [Rules] text."""

    rules: str
    aliases: list[str]
    dealer: str
    deal: dict[str, list[str]] = field(default_factory=dict)
    picker: str | None = None
    bury: list[str] = field(default_factory=list)
    call: str | None = None  # "AS", "AS under 7C" is not offered; "alone"
    plays: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.prof = parse_rules(self.rules or "")
        why = supported(self.prof)
        if why:
            raise ValueError(why)
        if not self.deal:
            self.deal = {a: [] for a in self.deal_order()}

    # -- where we are -------------------------------------------------------

    def deal_order(self) -> list[str]:
        """The seats dealt, clockwise from the dealer's left; a dealer who sits
        out (``sitOut``, rules.md F-1) is dealt nothing."""
        d = self.aliases.index(self.dealer)
        n = len(self.aliases)
        order = [self.aliases[(d + 1 + k) % n] for k in range(n)]
        return [a for a in order if not (self.prof.sitOut and a == self.dealer)]

    @property
    def has_call(self) -> bool:
        """A call follows the bury (called ace, J♦ and ace: rules.md B-9..B-13, F-1)."""
        return self.prof.partnerMode in ("calledAce", "jdAndAce") and self.picker not in (None, ALL_PASSED)

    @property
    def stage(self) -> str:
        """``deal``, ``pick`` (only with a blind), ``bury``, ``call`` (only
        under a called-ace rule), ``play`` or ``done``."""
        if any(len(c) < self.prof.handCards for c in self.deal.values()):
            return "deal"
        if self.picker is None and self.prof.has_blind:
            return "pick"
        if self.picker not in (None, ALL_PASSED) and len(self.bury) < self.prof.blindCards:
            return "bury"
        if self.call is None and self.has_call:
            return "call"
        g = self.state()
        return "done" if g.phase == Phase.DONE else "play"

    def dealing(self) -> str | None:
        """The seat whose dealt cards are being tapped (deal stage)."""
        for a in self.deal_order():
            if len(self.deal[a]) < self.prof.handCards:
                return a
        return None

    def blind(self) -> list[str]:
        """The blind: the cards of the deck no seat was dealt (deal complete)."""
        dealt = {c for cards in self.deal.values() for c in cards}
        return [str(c) for c in Card if self.prof.deck_mask >> c & 1 and str(c) not in dealt]

    def to_play(self) -> str | None:
        if self.stage != "play":
            return None
        return self.aliases[self.state().to_act]

    def holding(self, alias: str) -> list[str]:
        """The cards ``alias`` holds now (after the bury and the plays so far)."""
        g = self.state()
        i = self.aliases.index(alias)
        return [str(c) for c in Card if g.hands[i] >> c & 1]

    def legal(self) -> list[str]:
        """The cards the seat to play may play now (rules.md B-18..B-21), from the engine."""
        if self.stage != "play":
            return []
        g = self.state()
        m = g.legal_mask(g.to_act)
        return [str(c) for c in Card if m >> c & 1]

    def call_options(self) -> list[str]:
        """The calls the engine allows the picker now (rules.md B-9..B-13): cards and ``alone``."""
        if self.stage != "call":
            return []
        if self.prof.partnerMode == "jdAndAce" and self.state(stop_at_call=True).phase != Phase.CALL:
            return ["alone"]
        g = self.state(stop_at_call=True)
        aces, tens, _unders, forced_alone = g.legal_calls()
        out = [] if forced_alone else [str(c) for c in list(aces) + list(tens)]
        return out + ["alone"]  # the picker may always go alone (rules.md B-13)

    # -- the engine ----------------------------------------------------------

    def state(self, stop_at_call: bool = False) -> GameState:
        """The hand so far replayed by the engine; raises
        :class:`replay.errors.IllegalAction` for an illegal step."""
        idx = {a: i for i, a in enumerate(self.aliases)}
        hands = [mask_of(Card.parse(c) for c in self.deal.get(a, [])) for a in self.aliases]
        complete = self.stage_deal_done()
        blind = mask_of(Card.parse(c) for c in self.blind()) if complete else 0
        g = GameState(self.prof, idx[self.dealer], hands, blind, complete=complete)
        if not complete:
            return g
        if not self.prof.has_blind:  # the Q♣ holder heads the side (rules.md F-1)
            head = self.prof.partner_cards[0]
            g.apply(Pick(next(s for s, h in enumerate(hands) if h >> head & 1)))
        elif self.picker is None:
            return g
        elif self.picker == ALL_PASSED:  # everybody passes in turn (rules.md D)
            s = g.to_act
            for _ in range(g.np):
                g.apply(Pass(s))
                s = g.next_seat(s)
        else:
            p = idx[self.picker]
            s = g.to_act
            while s != p and g.phase == Phase.PICK and g.passes < g.np - 1:
                g.apply(Pass(s))
                s = g.next_seat(s)
            g.apply(Pick(p))
            if len(self.bury) < self.prof.blindCards:
                return g
            g.apply(Bury(tuple(Card.parse(c) for c in self.bury)))
            if self.has_call:
                if self.call is None or stop_at_call:
                    return g
                if self.call == "alone":
                    g.apply(Alone())
                elif g.phase == Phase.CALL:
                    g.apply(Call(Card.parse(self.call)))
        if g.phase == Phase.DONE:  # a doubler or a schwanzer: no play (D-11, D-18)
            return g
        if g.phase != Phase.PLAY:
            g.start_play()  # closes the call (B-9..B-13) and opens trick 1 at the dealer's left (B-8)
        for c in self.plays:
            g.apply(Play(g.to_act, Card.parse(c)))
        return g

    def stage_deal_done(self) -> bool:
        return all(len(c) == self.prof.handCards for c in self.deal.values())

    # -- taps ----------------------------------------------------------------

    def tap(self, card: str) -> str | None:
        """Take one tapped card; returns None when taken, else why it was
        refused (nothing changes)."""
        card = str(Card.parse(card))
        stage = self.stage
        if stage == "deal":
            if any(card in cards for cards in self.deal.values()):
                return f"{card} is dealt already"
            self.deal[self.dealing()].append(card)
            return None
        if stage == "bury":
            if card in self.bury:
                return f"{card} is buried already"
            if card not in self.holding(self.picker):
                return f"{self.picker} does not hold {card} (hand and blind)"
            self.bury.append(card)
            return self._try(lambda: self.bury.pop())
        if stage == "play":
            seat = self.to_play()
            self.plays.append(card)
            return self._try(lambda: self.plays.pop(), seat)
        if stage == "call":
            return self.choose_call(card)
        return "the hand is complete" if stage == "done" else "choose the picker first"

    def choose_call(self, call: str) -> str | None:
        self.call = call
        return self._try(lambda: setattr(self, "call", None))

    def pick_options(self) -> list[str]:
        """The seats that may pick, in speaking order from the dealer's left,
        and :data:`ALL_PASSED` (the engine refuses a pass the rules forbid)."""
        return self.deal_order() + [ALL_PASSED]

    def choose_picker(self, alias: str) -> str | None:
        """The picker (or :data:`ALL_PASSED`); None when taken, else the engine's reason."""
        self.picker = alias
        return self._try(lambda: setattr(self, "picker", None))

    def _try(self, undo, seat: str | None = None) -> str | None:
        try:
            self.state()
        except IllegalAction as exc:
            undo()
            msg = exc.diagnostic.message
            for i, a in enumerate(self.aliases):  # the engine speaks seat numbers
                msg = msg.replace(f"seat {i}", a)
            return msg
        return None

    def undo(self) -> None:
        """Take back the last tap (or choice)."""
        if self.plays:
            self.plays.pop()
        elif self.call is not None:
            self.call = None
        elif self.bury:
            self.bury.pop()
        elif self.picker is not None:
            self.picker = None
        else:
            for a in reversed(self.deal_order()):
                if self.deal[a]:
                    self.deal[a].pop()
                    break

    # -- SHN -----------------------------------------------------------------

    def text(self, number: int) -> str:
        """The hand as SHN (notation.md §3): deal lines, blind, pick, bury,
        call, the tricks."""
        width = max(len(a) for a in self.aliases)
        lines = [f"hand {number}  dealer {self.dealer}"]
        for a in self.deal_order():
            lines.append(f"deal {a.ljust(width)}  " + " ".join(self.deal[a]))
        if self.prof.has_blind:
            lines.append("blind " + " ".join(self.blind()))
        g_done = self.state() if self.stage_deal_done() else None
        if self.picker == ALL_PASSED:
            game = self.prof.noPick
            if game == "doubler":
                lines.append("doubler")
            elif g_done is not None and g_done.phase == Phase.DONE:
                seat, _second, _wins = g_done.nopick_seat()
                lines.append(f"{game} {self.aliases[seat] if seat is not None else '-'}")
            else:
                lines.append(f"{game} ?")
        elif self.picker:
            lines.append(f"pick {self.picker}")
        elif not self.prof.has_blind and g_done is not None and g_done.picker is not None:
            lines.append(f"pick {self.aliases[g_done.picker]}")
        if self.bury:
            lines.append("bury " + " ".join(self.bury))
        if self.call:
            lines.append("alone" if self.call == "alone" else f"call {self.call}")
        g = self.state() if self.plays else None
        if g is not None:
            done = [(leader, cards) for leader, cards, _ in g.tricks]
            if g.trick:
                done.append((g.trick[0][0], tuple(g.trick)))
            for t, (leader, cards) in enumerate(done):
                lines.append(f"t{t + 1} " + f"{self.aliases[leader]}:".ljust(width + 2) + " ".join(str(c) for _, c in cards))
        return "\n".join(lines) + "\n"
