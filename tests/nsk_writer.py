"""Write NetSchafkopf protocols for tests, in the program's layout.

A test gives each game's dealer, the four hands (protocol card tokens such as
``EO GA S7``), the game line, and — worked by hand in the test — the price
sentence and every seat's change.  The tricks are played out here by a fixed
policy (each seat plays its first legal card, in the engine's card order),
since the cards played are input, not what is tested; the result sentence
(who wins, the Augen, Jungfrau) is written from the tricks' card points
(A 11, 10 10, K 4, O 3, U 2; rules.md G-1) and the 61-Augen line (G-12).
The running table accumulates the hand-given changes.
"""

from __future__ import annotations

from dataclasses import dataclass

from ingest.netschafkopf import _parse_game, parse_card
from replay.cards import Card, mask_of
from replay.schafkopf import Announce, Kontra, Ramsch, Re, SchafkopfProfile, SchafkopfState

SEATS = ["PcLinks", "PcOben", "PcRechts", "Gast"]
_POINTS = {"A": 11, "Z": 10, "K": 4, "O": 3, "U": 2}
_LETTER = {0: "E", 1: "G", 2: "H", 3: "S"}
_RANK = "AZKOU987"


def token(c: Card) -> str:
    return _LETTER[c.suit] + _RANK[c.rank]


def points(tok: str) -> int:
    return _POINTS.get(tok[1:], 0)


@dataclass
class Played:
    block: list[str]  # Geber, deal lines, game line, trick lines
    augen: list[int]  # per seat
    tricks: list[int]  # per seat
    declarer: int | None
    party: set[int]


def play(dealer: str, hands: dict[str, str], game_line: str | None, declarer: str | None = None,
         kontra: int = 0, short: bool = False, seats: list[str] = SEATS) -> Played:
    """Deal, announce ``game_line`` (``"Herz-Solo"``, ``"Mit der Eichel-Ass"``;
    None: Ramsch) and play every trick by the fixed policy."""
    d = seats.index(dealer)
    prof = SchafkopfProfile(shortDeck=short, klopfen=True)
    cards = {s: [parse_card(t) for t in hands[s].split()] for s in seats}
    st = SchafkopfState(prof, d, [mask_of(cards[s]) for s in seats])
    block = [f"Geber: {dealer}"]
    for k in range(4):
        s = seats[(d + 1 + k) % 4]
        block.append(f"{s:>12} hat: {hands[s]}")
    if game_line is None:
        st.apply(Ramsch())
        block.append("Es wurde Ramsch gespielt.")
    else:
        game, suit, tout = _parse_game(game_line)
        st.apply(Announce(seats.index(declarer), game, suit, tout))
        for level in range(kontra):
            st.apply(Re(None) if level else Kontra(None))
        block.append(f"{declarer} spielt {game_line}")
    while not st.done:
        seat = st.to_act
        legal = st.legal_mask(seat)
        card = next(c for c in Card if legal >> c & 1)
        st.play(seat, card)
    for leader, trick, _winner in st.tricks:
        block.append(f"{seats[leader]:>12} spielt aus: " + " ".join(token(c) for _, c in trick))
    augen = [0, 0, 0, 0]
    ntr = [0, 0, 0, 0]
    for _leader, trick, winner in st.tricks:
        augen[winner] += sum(points(token(c)) for _, c in trick)
        ntr[winner] += 1
    party = set() if st.declarer is None else {s for s in range(4) if st.in_party(s)}
    return Played(block, augen, ntr, st.declarer, party)


def table(prev: list[int], units: list[int], number: int, preis: int, stock: int = 0,
          seats: list[str] = SEATS) -> tuple[list[str], list[int]]:
    row = [p + u for p, u in zip(prev, units)]
    assert sum(units) == 0, units
    head = "Spiel    Preis" + "".join(f"{s:>13}" for s in seats) + "    Stock"
    line = f"{number:>5}{preis:>9}" + "".join(f"{v:>+13d}" if v else f"{0:>13d}" for v in row) + f"{stock:>9}"
    return [head, line], row


def protocol(header: list[str], games: list[tuple[Played, str, str, list[int], int]],
             seats: list[str] = SEATS) -> str:
    """The protocol text: ``header`` lines, then per game (played, result
    sentence, price sentence, units per seat, Preis)."""
    out = list(header) + [" "]
    prev = [0, 0, 0, 0]
    for n, (p, result, price, units, preis) in enumerate(games, start=1):
        out += p.block
        out.append(result)
        out.append(price)
        lines, prev = table(prev, units, n, preis, seats=seats)
        out += lines
        out.append(" ")
    return "\n".join(out) + "\n"


def result_line(p: Played, game_line: str | None, seats: list[str] = SEATS) -> str:
    """The log's result sentence from the tricks' Augen: the declaring party
    wins at 61 (rules.md G-12); a Ramsch is lost by the most Augen (no tie in
    these tests), a seat without a trick is Jungfrau (G-17)."""
    if game_line is None:
        loser = max(range(4), key=lambda s: p.augen[s])
        out = f"{seats[loser]} verliert den Ramsch. {seats[loser]} hat {p.augen[loser]} Augen"
        for s in range(4):
            if p.tricks[s] == 0 and s != loser:
                out += f". {seats[s]} ist Jungfrau"
        return out
    party = sum(p.augen[s] for s in p.party)
    verb = "gewinnt" if party >= 61 else "verliert"
    decl = seats[p.declarer]
    if game_line.startswith("Mit der"):
        partner = next(seats[s] for s in p.party if s != p.declarer)
        head = f"{decl} {verb} das Rufspiel: {game_line} mit {partner}."
    else:
        article = "das" if "Solo" in game_line else "den"
        head = f"{decl} {verb} {article} {game_line}."
    return f"{head} Die Gegner haben {120 - party} Augen"
