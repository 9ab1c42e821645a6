"""Card faces and the card table as HTML, for the replay page (and any page
that shows cards).

Plain functions that return HTML strings (no Streamlit here), so a page puts
them on screen with ``st.html`` and a test reads them as text.  Every value
that comes from the database (names, aliases) is escaped.

* :func:`card_html` — one card face: rank and suit symbol, hearts and
  diamonds red, clubs and spades black; ``win`` highlights it.
* :func:`cards_html` — a row of faces.
* :func:`german_name` — a card in the German suits of Schafkopf (``german=True``
  on the functions here draws faces and writes trick text that way).
* :func:`frames_from_cardlog` — replay frames built from a stored card log
  alone (deal, plays, trick winners), for hands the SHN engine does not
  replay (Schafkopf games imported from NetSchafkopf protocols).
* :func:`table_html` — the five seats around a table, clockwise from the
  bottom, each with its badges (dealer, picker, partner once revealed, to
  lead), tricks and card points taken and the cards still held; the current
  trick in the middle, each card placed towards the seat that played it, the
  winning card highlighted; and a status line that says who is winning (or
  won) the trick.  On a narrow screen (640 px or less: a phone) the seats
  stand in two columns above and below the felt instead of around it
  (newuser28 F6).
"""

from __future__ import annotations

from html import escape

from replay.cards import STANDARD, TRUMP, Card, Rank, Suit, TrumpOrder, trump_order
from replay.replay import Frame
from replay.scoring import NOPICK_GAMES
from replay.outcome import RENEGE_WORD
from replay.state import next_seat
from replay.steps import UNDER_HIDDEN

__all__ = ["CSS", "card_html", "cards_html", "sort_hand", "table_html", "trick_status", "seat_label",
           "frames_from_cardlog", "order_of", "win_index", "german_name", "GERMAN_SUIT_LETTER", "GERMAN_RANK_NAME",
           "GERMAN_SUIT_COLOUR", "GERMAN_SUIT_CLASS"]

#: German suits of Schafkopf (rules.md G-1): Eichel ♣, Gras ♠, Herz ♥, Schellen ♦.
GERMAN_SUIT_LETTER = {Suit.CLUBS: "E", Suit.SPADES: "G", Suit.HEARTS: "H", Suit.DIAMONDS: "S"}
_GERMAN_SUIT_WORD = {Suit.CLUBS: "Eichel", Suit.SPADES: "Gras", Suit.HEARTS: "Herz", Suit.DIAMONDS: "Schellen"}
#: German ranks as the protocols and ``shead replay`` write them: A (the Sau), Z (Zehn), K (König),
#: O (Ober), U (Unter), 9, 8, 7 — ``EA``, ``EZ``, ``EO`` (issue 13: not ``ESau``, ``E10``).
GERMAN_RANK_NAME = {Rank.ACE: "A", Rank.TEN: "Z", Rank.KING: "K", Rank.QUEEN: "O", Rank.JACK: "U",
                    Rank.NINE: "9", Rank.EIGHT: "8", Rank.SEVEN: "7"}
#: Each German suit's own colour (issue 13): Eichel brown, Gras green, Herz red, Schellen gold —
#: Schellen is not red like Herz.
GERMAN_SUIT_COLOUR = {Suit.CLUBS: "#6d4c1f", Suit.SPADES: "#2e7d32", Suit.HEARTS: "#c62828",
                      Suit.DIAMONDS: "#c88a00"}
#: The German suit's CSS class (its colour) on a card face.
GERMAN_SUIT_CLASS = {Suit.CLUBS: "eichel", Suit.SPADES: "gras", Suit.HEARTS: "herz", Suit.DIAMONDS: "schellen"}
_GERMAN_RANK_WORD = {Rank.ACE: "Sau", Rank.TEN: "Zehn", Rank.KING: "König", Rank.QUEEN: "Ober",
                     Rank.JACK: "Unter", Rank.NINE: "Neun", Rank.EIGHT: "Acht", Rank.SEVEN: "Sieben"}


def german_name(card: Card) -> str:
    """A card in German suits as the protocols and ``shead replay`` write it:
    suit letter E G H S, then rank A Z K O U 9 8 7 (``Card.CQ`` → ``"EO"``,
    ``Card.DA`` → ``"SA"``, ``Card.CT`` → ``"EZ"``, ``Card.H8`` → ``"H8"``)."""
    return GERMAN_SUIT_LETTER[card.suit] + GERMAN_RANK_NAME[card.rank]


def german_title(card: Card) -> str:
    """``Eichel-Ober``, ``Schellen-Sau``."""
    return f"{_GERMAN_SUIT_WORD[card.suit]}-{_GERMAN_RANK_WORD[card.rank]}"


def _name(card: Card, german: bool) -> str:
    return german_name(card) if german else card.pretty()

#: Seat positions (left %, top %, anchor) around the table, clockwise from the
#: bottom: bottom, left, top left, top right, right.  The anchor says which
#: edge of the seat box sits at the point: its top, bottom or middle.
_SEAT_XY = {
    5: ((50, 100, "bottom"), (15, 55, "middle"), (25, 0, "top"), (75, 0, "top"), (85, 55, "middle")),
    4: ((50, 100, "bottom"), (18, 50, "middle"), (50, 0, "top"), (82, 50, "middle")),
    3: ((50, 100, "bottom"), (18, 0, "top"), (82, 0, "top")),
    2: ((50, 100, "bottom"), (50, 0, "top")),  # two-handed (rules.md F-1)
    # six to eight seats (rules.md F-1): two seats up each side, the rest across the top
    6: ((50, 100, "bottom"), (12, 72, "middle"), (12, 30, "middle"), (50, 0, "top"), (88, 30, "middle"),
        (88, 72, "middle")),
    7: ((50, 100, "bottom"), (12, 72, "middle"), (12, 32, "middle"), (30, 0, "top"), (70, 0, "top"),
        (88, 32, "middle"), (88, 72, "middle")),
    8: ((50, 100, "bottom"), (12, 74, "middle"), (12, 38, "middle"), (25, 0, "top"), (50, 0, "top"), (75, 0, "top"),
        (88, 38, "middle"), (88, 74, "middle")),
}
#: Where each seat's card of the current trick lies on the felt.
_TRICK_XY = {
    5: ((50, 66), (34, 53), (40, 36), (60, 36), (66, 53)),
    4: ((50, 68), (39, 50), (50, 32), (61, 50)),
    3: ((50, 66), (38, 38), (62, 38)),
    2: ((50, 62), (50, 38)),
    6: ((50, 66), (36, 58), (36, 40), (50, 33), (64, 40), (64, 58)),
    7: ((50, 66), (36, 60), (36, 42), (43, 33), (57, 33), (64, 42), (64, 60)),
    8: ((50, 66), (36, 61), (36, 45), (40, 33), (50, 31), (60, 33), (64, 45), (64, 61)),
}

CSS = """
<style>
.shead-table{position:relative;width:100%;max-width:820px;height:580px;margin:0 auto 8px auto;
  font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;}
.shead-felt{position:absolute;left:17%;right:17%;top:23%;bottom:21%;border-radius:50%;
  background:radial-gradient(ellipse at center,#2e7d4f 0%,#1f5e3a 75%);border:8px solid #6d4c2f;
  box-shadow:inset 0 0 24px rgba(0,0,0,.45);}
.shead-seats{display:contents;}
.shead-centre{position:absolute;left:0;top:0;width:100%;height:100%;}
.shead-seat{position:absolute;z-index:1;transform:translate(-50%,-50%);width:192px;padding:5px 6px;border-radius:10px;
  background:#f7f5ef;border:2px solid #cfc8b8;box-shadow:0 1px 3px rgba(0,0,0,.25);text-align:center;}
.shead-seat.top{transform:translate(-50%,0);}
.shead-table.n4 .shead-seat{width:236px;}
.shead-table.n2 .shead-seat{width:300px;}
.shead-stacks{display:flex;justify-content:center;gap:8px;margin-top:4px;padding-top:4px;border-top:1px dashed #cfc8b8;}
.shead-stack{position:relative;display:inline-block;width:34px;height:46px;}
.shead-stack .shead-card{position:absolute;left:0;top:0;}
.shead-stack .shead-card.top{left:6px;top:6px;}
.shead-stack.empty{border:1px dashed #cfc8b8;border-radius:4px;width:26px;height:38px;}
.shead-seat.bottom{transform:translate(-50%,-100%);}
.shead-seat.turn{box-shadow:0 0 0 3px #1565c0;}
.shead-seat .who{font-weight:700;font-size:15px;color:#222;}
.shead-seat .name{font-weight:400;color:#555;font-size:12px;}
.shead-seat .tally{font-size:12px;color:#333;margin:2px 0;}
.shead-badge{display:inline-block;font-size:10px;font-weight:700;letter-spacing:.04em;padding:1px 5px;
  border-radius:8px;margin:0 2px;color:#fff;vertical-align:middle;}
.shead-badge.dealer{background:#6d4c41;}
.shead-badge.picker{background:#c62828;}
.shead-badge.partner{background:#ef6c00;}
.shead-badge.leads{background:#1565c0;}
.shead-badge.out{background:#757575;}
.shead-badge.alone{background:#6a1b9a;}
.shead-hand{display:flex;flex-wrap:wrap;justify-content:center;gap:2px;min-height:40px;}
.shead-card{display:inline-flex;flex-direction:column;justify-content:space-between;box-sizing:border-box;
  width:44px;height:64px;padding:2px 4px;border-radius:6px;background:#fff;border:1px solid #888;
  box-shadow:0 1px 2px rgba(0,0,0,.3);font-weight:700;line-height:1;font-family:Georgia,"DejaVu Serif",serif;}
.shead-card .r{font-size:16px;text-align:left;}
.shead-card .s{font-size:24px;text-align:center;}
.shead-card.small{width:26px;height:38px;padding:1px 2px;border-radius:4px;}
.shead-card.small .r{font-size:11px;}
.shead-card.small .s{font-size:15px;}
.shead-card.german .r{font-size:13px;}
.shead-card.small.german .r{font-size:9px;}
.shead-card.red{color:#c62828;}
.shead-card.black{color:#111;}
.shead-card.eichel{color:#6d4c1f;}
.shead-card.gras{color:#2e7d32;}
.shead-card.herz{color:#c62828;}
.shead-card.schellen{color:#c88a00;}
.shead-card.back{background:repeating-linear-gradient(45deg,#1a4d8f,#1a4d8f 4px,#2f6bb3 4px,#2f6bb3 8px);}
.shead-card.win{border:3px solid #f9a825;box-shadow:0 0 10px 3px #fdd835;}
.shead-played{position:absolute;z-index:2;transform:translate(-50%,-50%);text-align:center;}
.shead-played .by{font-size:11px;color:#fff;font-weight:700;text-shadow:0 1px 2px #000;}
.shead-played .tag{font-size:10px;color:#fdd835;font-weight:700;text-shadow:0 1px 2px #000;}
.shead-status{font-size:16px;margin:4px 0 6px 0;text-align:center;color:#222;}
.shead-status b{color:#1b5e20;}
.shead-row{display:flex;flex-wrap:wrap;gap:4px;align-items:center;}
.shead-empty{position:absolute;left:50%;top:49%;transform:translate(-50%,-50%);color:#d7e8dc;font-size:14px;}
@media (max-width:640px){
  /* a phone: the seats stand above and below the felt (newuser28 F6: drawn around it they covered its rim) */
  .shead-table{height:auto;display:flex;flex-direction:column;gap:8px;}
  .shead-seats{display:flex;justify-content:center;gap:8px;}
  .shead-seats.above{flex-wrap:wrap-reverse;}
  .shead-seats.below{flex-wrap:wrap;order:2;}
  .shead-seat,.shead-table.n4 .shead-seat,.shead-table.n2 .shead-seat{position:static;transform:none;
    box-sizing:border-box;width:auto;flex:0 0 calc(50% - 4px);padding:3px;}
  .shead-table.n2 .shead-seat{flex-basis:100%;}
  .shead-seat.top,.shead-seat.bottom{transform:none;}
  .shead-centre{position:relative;left:auto;top:auto;height:300px;order:1;}
  .shead-felt{left:2%;right:2%;top:2%;bottom:2%;}
  /* the trick's places on the wide felt (17%..83% across, 23%..79% down) stretched to this felt's */
  .shead-played{left:calc(2% + (var(--x) - 17) * 1.4545%) !important;
    top:calc(2% + (var(--y) - 23) * 1.7143%) !important;}
  .shead-seat .who{font-size:13px;}
  .shead-seat .name{font-size:11px;}
  .shead-seat .tally{font-size:11px;}
  .shead-badge{font-size:9px;padding:0 3px;}
  .shead-hand{gap:1px;min-height:32px;}
  .shead-card{width:34px;height:50px;}
  .shead-card .r{font-size:13px;}
  .shead-card .s{font-size:18px;}
  .shead-card.small{width:22px;height:32px;padding:1px;border-radius:3px;}
  .shead-card.small .r{font-size:10px;}
  .shead-card.small .s{font-size:13px;}
  .shead-status{font-size:14px;}
}
</style>
"""


def _is_red(card: Card) -> bool:
    return card.suit in (Suit.HEARTS, Suit.DIAMONDS)


def card_html(card: Card | None, *, win: bool = False, small: bool = False, title: str | None = None,
              german: bool = False) -> str:
    """One card face (``None``: a card back, for an unknown card).  With
    ``german`` the face shows the German rank (Sau, 10, K, O, U ...) and suit
    letter (E, G, H, S) instead of the French rank and suit symbol."""
    size = " small" if small else ""
    if card is None:
        return f'<span class="shead-card back{size}" title="{escape(title or "unknown card")}"></span>'
    if german:
        rank, suit = GERMAN_RANK_NAME[card.rank], GERMAN_SUIT_LETTER[card.suit]
        default_title = german_title(card)
    else:
        rank, suit = ("10" if card.rank is Rank.TEN else card.rank.letter), card.suit.symbol
        default_title = card.pretty()
    color = GERMAN_SUIT_CLASS[card.suit] if german else "red" if _is_red(card) else "black"
    cls = f"shead-card {color}{size}" + (" win" if win else "") + (" german" if german else "")
    t = escape(title if title is not None else default_title)
    return (f'<span class="{cls}" data-card="{card}" title="{t}"><span class="r">{rank}</span>'
            f'<span class="s">{suit}</span></span>')


def sort_hand(cards, order: TrumpOrder = STANDARD) -> list[Card]:
    """Cards as a player holds them: trump strongest first, then each fail
    suit (♣ ♠ ♥ ♦) strongest first."""
    return sorted(cards, key=lambda c: (0 if order.is_trump(c) else 1 + order.suit_of[c], -order.strength[c]))


def cards_html(cards, *, small: bool = False, sort: bool = False, german: bool = False) -> str:
    """A row of card faces."""
    cards = sort_hand(cards) if sort else list(cards)
    return '<span class="shead-row">' + "".join(card_html(c, small=small, german=german) for c in cards) + "</span>"


def seat_label(seats: list[tuple[str, str]], seat: int | None) -> str:
    """``Di (Di Lenz)`` for a seat number; ``—`` for None."""
    if seat is None:
        return "—"
    alias, name = seats[seat]
    return alias if not name or name == alias else f"{alias} ({name})"


def _win_index(frame: Frame, order: TrumpOrder = STANDARD) -> int | None:
    """The index in ``frame.trick_cards`` of the card winning the trick (see
    :func:`win_index`); None without a winner."""
    return win_index(frame.trick_cards, frame.winning, order)


def win_index(cards, winner: int | None, order: TrumpOrder = STANDARD) -> int | None:
    """The index in ``cards`` (``(seat, card)`` in play order) of the card
    winning for ``winner``: the winner's card, or where the winner played two
    (the four-card tricks of the two-handed battery games, replay.battery) the
    stronger one by ``order`` (rules.md B-19); None without a winner."""
    mine = [i for i, (s, _) in enumerate(cards) if s == winner]
    if len(mine) < 2:
        return mine[0] if mine else None
    led = order.suit_of[cards[0][1]]

    def rank(i: int) -> int:
        c = cards[i][1]
        su = order.suit_of[c]
        return order.strength[c] + (1000 if su == TRUMP else 0) if su == TRUMP or su == led else -1

    return max(mine, key=rank)


def trick_status(frame: Frame, seats: list[tuple[str, str]], *, german: bool = False,
                 order: TrumpOrder = STANDARD) -> str:
    """The status line of a frame, as plain text: who leads, who is winning
    the current trick, or who won it.  With ``german`` (Schafkopf) the cards
    are named in German suits and the points are Augen."""
    if not frame.trick_cards:
        if frame.step == 0:
            return f"Trick 1: {seat_label(seats, frame.leader)} to lead"
        return f"Trick {frame.trick}: {seat_label(seats, frame.leader)} to lead"
    if frame.winning is None:  # a card-log frame of a game whose trick order is not known here
        return (f"Trick {frame.trick}: {seat_label(seats, frame.trick_cards[0][0])} led; the winner shows when "
                "the trick is complete")
    k = _win_index(frame, order)
    win_card = frame.trick_cards[k][1] if k is not None else None
    who = seat_label(seats, frame.winning)
    card = f" with {_name(win_card, german)}" if win_card is not None else ""
    if frame.trick_done:
        # house32 F2: a seat view's trick holding the under card face down (rules.md B-11e): what the seat can count
        pts = sum(c.points for _, c in frame.trick_cards if c is not None)
        more = UNDER_HIDDEN if any(c is None for _, c in frame.trick_cards) else ""
        return f"Trick {frame.trick} won by {who}{card} ({pts} {'Augen' if german else 'points'}{more})"
    return f"Trick {frame.trick}: {who} is winning{card}"


def _status_html(frame: Frame, seats: list[tuple[str, str]], german: bool = False,
                 order: TrumpOrder = STANDARD) -> str:
    text = escape(trick_status(frame, seats, german=german, order=order))
    k = _win_index(frame, order)
    win_card = frame.trick_cards[k][1] if k is not None else None
    if win_card is not None and (german or _is_red(win_card)):
        name = _name(win_card, german)
        colour = GERMAN_SUIT_COLOUR[win_card.suit] if german else "#c62828"
        text = text.replace(f"with {name}", f'with <span style="color:{colour}">{name}</span>')
    if frame.winning is not None and frame.trick_cards:
        alias = escape(seats[frame.winning][0])
        # the winner's alias in bold, for the eye (the plain text stays the same)
        verb = "won by " if frame.trick_done else ": "
        head, sep, tail = text.partition(verb + alias)
        if sep:
            text = f"{head}{verb}<b>{alias}</b>{tail}"
    done = "true" if frame.trick_done else "false"
    winner = escape(seats[frame.winning][0]) if frame.winning is not None and frame.trick_cards else ""
    return (f'<div class="shead-status" data-trick="{frame.trick}" data-done="{done}" data-winner="{winner}">'
            f"{text}</div>")


def _stacks_html(frame: Frame, s: int, german: bool = False) -> str:
    """Seat ``s``'s table stacks (two-handed ``wi2``, rules.md F-1): a
    face-down card as a card back with the face-up card on it, a card
    uncovered as its face, an empty place once both are played; "" at other
    tables."""
    if frame.table is None or s >= len(frame.table):
        return ""
    parts = []
    for top, under, hidden in frame.table[s]:
        if top is None and under is None:
            parts.append('<span class="shead-stack empty" title="played"></span>')
            continue
        inner = ""
        if hidden:
            inner += '<span class="shead-card back small" title="face down"></span>'
        elif under is not None:
            inner += card_html(under, small=True, german=german)
        if top is not None:
            face = card_html(top, small=True, german=german)
            inner += face.replace('class="shead-card ', 'class="shead-card top ', 1)
        parts.append(f'<span class="shead-stack">{inner}</span>')
    return f'<div class="shead-stacks" title="table cards">{"".join(parts)}</div>'


def _narrow_order(xy) -> tuple[list[int], list[int]]:
    """The places (indexes of ``xy``, clockwise from the bottom) a narrow
    screen draws above the felt and below it (newuser28 F6): a place in the
    top half goes above, listed nearest the felt first (its row is drawn
    wrapped upward, so the farthest seats stand at the top), left to right;
    the others below, nearest the felt first, left to right (the bottom seat
    last)."""
    above = sorted((k for k, (_, y, _) in enumerate(xy) if y < 50), key=lambda k: (-xy[k][1], xy[k][0]))
    below = sorted((k for k, (_, y, _) in enumerate(xy) if y >= 50), key=lambda k: (xy[k][1], xy[k][0]))
    return above, below


def table_html(frame: Frame, seats: list[tuple[str, str]], *, dealer: int | None = None, bottom: int = 0,
               picker_word: str = "PICKER", german: bool = False, order: TrumpOrder = STANDARD,
               sitting: int | None = None, under_hidden: int | None = None,
               reneges: set[tuple[int, int]] | frozenset = frozenset()) -> str:
    """The table at ``frame``: seats clockwise from ``bottom`` (the seat drawn
    at the bottom), the current trick in the middle (winning card
    highlighted), and a status line.  ``picker_word`` is the picker's badge
    (``DECLARER`` in Schafkopf); ``german`` draws the cards in German suits
    and counts Augen (Schafkopf); ``order`` sorts each hand (the profile's
    trump order: Spitz or clubs trump, rules.md F-7, F-8).  Two to eight
    seats are drawn (rules.md F-1; two-handed, each seat's table stacks under
    its hand, face-down cards as backs); ``sitting`` is the seat that sits out the
    hand (the dealer under ``wi6-sit-out``), drawn with a SITS OUT badge and
    skipped in turn; ``under_hidden`` is the seat whose card points leave out
    the under card lying face down in a seat view
    (:meth:`replay.steps.Step.under_hidden_seat`, rules.md B-11e): its box
    says "15 pts and the under card", as the status line says the trick;
    ``reneges`` holds (trick 1.., seat) of each card marked ``^R``: its tag
    says :data:`~replay.outcome.RENEGE_WORD` (rules.md B-23; table33 F1).

    Wide screens place each seat at its point around the felt (``_SEAT_XY``,
    percentages of the 820 x 580 px table) and each trick card at its
    ``_TRICK_XY`` point; at 640 px or less the CSS lays the seats out in two
    columns, those of the top half above the felt and the others below it
    (:func:`_narrow_order`), and stretches the trick's points to the felt's
    full width (newuser28 F6: the seats drawn around a 360 px felt covered
    its rim).  Returns one HTML string (the page's CSS first)."""
    n = len(seats)
    xy = _SEAT_XY.get(n) or _SEAT_XY[5]
    txy = _TRICK_XY.get(n) or _TRICK_XY[5]
    next_to_play = None
    if not frame.done:
        if frame.trick_done or not frame.trick_cards:
            next_to_play = frame.winning if frame.trick_done else frame.leader
        else:
            next_to_play = next_seat(n, sitting, frame.trick_cards[-1][0])
    seat_html: dict[int, str] = {}  # place (clockwise from the bottom) -> the seat's box
    for s in range(n):
        alias, name = seats[s]
        badges = []
        if dealer == s:
            badges.append('<span class="shead-badge dealer" title="dealer">DEALER</span>')
        if sitting == s:
            badges.append('<span class="shead-badge out" title="deals and sits out this hand">SITS OUT</span>')
        if frame.picker == s:
            badges.append(f'<span class="shead-badge picker" title="{picker_word.lower()}">{picker_word}</span>')
            if frame.alone:
                badges.append('<span class="shead-badge alone" title="plays alone">ALONE</span>')
        if frame.partner == s:
            badges.append('<span class="shead-badge partner" title="partner">PARTNER</span>')
        if next_to_play == s and (frame.trick_done or not frame.trick_cards):
            badges.append('<span class="shead-badge leads" title="leads the next trick">LEADS</span>')
        held = frame.hands[s] if s < len(frame.hands) else None
        if sitting == s:
            hand = '<span class="tally">sits out this hand</span>'
        elif held is None:
            hand = '<span class="tally">cards not recorded</span>'
        elif held and any(c is None for c in held):  # a seat view: this hand face down (issue 13)
            hand = "".join(card_html(None, small=True) for _ in held)
        elif held:
            hand = "".join(card_html(c, small=True, german=german) for c in sort_hand(held, order))
        else:
            hand = '<span class="tally">no cards left</span>'
        tricks = frame.seat_tricks[s]
        pts = frame.seat_points[s]
        pts_word = "Augen" if german else "pts"
        place = (s - bottom) % n
        x, y, anchor = xy[place]
        cls = f"shead-seat {anchor}" + (" turn" if next_to_play == s else "")
        seat_html[place] = (
            f'<div class="{cls}" data-seat="{escape(alias)}" style="left:{x}%;top:{y}%">'
            f'<div class="who">{escape(alias)} <span class="name">{escape(name)}</span></div>'
            f'<div>{"".join(badges)}</div>'
            f'<div class="tally">{tricks} trick{"s" if tricks != 1 else ""} · {pts} {pts_word}'
            f'{UNDER_HIDDEN if under_hidden == s else ""}</div>'
            f'<div class="shead-hand">{hand}</div>{_stacks_html(frame, s, german)}</div>')
    above, below = _narrow_order(xy[:n])
    # every seat's box before the felt and the trick (the text keeps the seats first); a narrow screen's
    # flex order draws the felt between the seats above and those below
    out = [CSS, _status_html(frame, seats, german, order), f'<div class="shead-table n{n}">',
           '<div class="shead-seats above">', *(seat_html[k] for k in above), "</div>",
           '<div class="shead-seats below">', *(seat_html[k] for k in below), "</div>",
           '<div class="shead-centre"><div class="shead-felt"></div>']
    if frame.trick_cards:
        k_win = _win_index(frame, order)
        before: set[int] = set()
        for i, (s, c) in enumerate(frame.trick_cards):
            px, py = txy[(s - bottom) % n]
            if s in before:  # a seat's second card (the battery games' four-card tricks): beside its first
                px += 9
            before.add(s)
            win = i == k_win
            tag = ("won" if frame.trick_done else "winning") if win else ("led" if i == 0 else "")
            if c is None:  # a seat view: the picker's under card, face down (rules.md B-11e; house32 F2)
                tag = "under card"
            elif (frame.trick, s) in reneges:  # marked ^R (rules.md B-23; table33 F1)
                tag = f"{tag} · {RENEGE_WORD}" if tag else RENEGE_WORD
            out.append(
                f'<div class="shead-played" data-seat="{escape(seats[s][0])}" '
                f'style="left:{px}%;top:{py}%;--x:{px};--y:{py}">'
                f'{card_html(c, win=win, german=german, title="the under card, face down" if c is None else None)}'
                f'<div class="by">{escape(seats[s][0])}</div>'
                f'<div class="tag">{tag}</div></div>')
    else:
        out.append('<div class="shead-empty">no card played in this trick yet</div>')
    out.append("</div></div>")
    return "".join(out)


# --------------------------------------------------------------------------
# frames from a stored card log


def order_of(outcome) -> TrumpOrder | None:
    """The trick order of a game when the outcome tells it, else None; a
    Sheepshead hand's comes from its profile's ``trumpOrder`` (rules.md F-7,
    F-8)."""
    if outcome.game == "sheepshead":
        flags = getattr(outcome, "rules_flags", None) or {}
        name = str(flags.get("trumpOrder", "standard"))
        try:
            try:  # the 34-entry tables: the same for the 32 cards, and the 6♣ 6♠ of a 34-card deck (issue 18)
                return trump_order(name, sixes=True)
            except ValueError:  # clubs trump has no 34-card form
                return trump_order(name)
        except KeyError:
            return STANDARD
    if outcome.game == "schafkopf" and outcome.game_type in ("sauspiel", "ramsch", "wenz", "geier"):
        from replay.schafkopf import Game, trump_order_for  # noqa: PLC0415

        return trump_order_for(Game(outcome.game_type))
    return None


def _winner_so_far(order: TrumpOrder, cards: list[tuple[int, Card]]) -> int:
    """The seat winning ``cards`` so far: the highest trump, else the highest
    card of the suit led."""
    led = order.suit_of[cards[0][1]]
    pool = [sc for sc in cards if order.suit_of[sc[1]] == TRUMP] or [sc for sc in cards if order.suit_of[sc[1]] == led]
    return max(pool, key=lambda sc: order.strength[sc[1]])[0]


def frame_of_sk(f) -> Frame:
    """A Schafkopf replay frame (:class:`replay.schafkopf.SkFrame`) as the
    page's :class:`~replay.replay.Frame`: the declarer in the picker's place,
    the declaring party's Augen as ``picker_points`` and the opponents' as
    ``defender_points`` (None in a Ramsch), no blind and no bury (rules.md
    G-2), ``alone`` for a single game (G-15)."""
    return Frame(step=f.step, trick=f.trick, card=f.card, hands=f.hands, trick_cards=f.trick_cards,
                 winning=f.winning, trick_done=f.trick_done, leader=f.leader, seat_points=f.seat_points,
                 seat_tricks=f.seat_tricks, picker_points=f.party_points, defender_points=f.opponent_points,
                 picker=f.declarer, partner=f.partner, called=f.called, under=None,
                 alone=f.game is not None and f.game.single, leaster=False, multiplier=f.multiplier, done=f.done,
                 blind=None, bury=None, settlement=f.settlement)


def frames_from_cardlog(outcome, log, seats: list[tuple[str, str]]) -> list[Frame]:
    """Replay frames from a stored card log: one before the first card and
    one after every card, with the trick winners the log records, each
    seat's remaining cards (when the deal is known), card points and tricks
    taken, and the standing facts from the outcome (the partner from the
    trick the outcome says revealed it).  Who is winning a trick before its
    last card is shown only when the game's trick order is known here."""
    aliases = [a for a, _ in seats]
    n = len(aliases)
    pos = {a: i for i, a in enumerate(aliases)}
    order = order_of(outcome)
    sitting = pos.get(outcome.dealer) if (outcome.rules_flags or {}).get("sitOut") else None  # rules.md F-1
    dealt = n - (sitting is not None)
    known = bool(log.deal) and len(log.deal) == dealt and all(c is not None for cs in log.deal.values() for c in cs)
    held: list[list[Card]] | None = None
    if known:
        held = [[] for _ in range(n)]
        for a, cards in log.deal.items():
            held[pos[a]] = [Card.parse(c) for c in cards]
    picker = pos.get(outcome.picker) if outcome.picker else None
    partner = pos.get(outcome.partner) if outcome.partner else None
    partner2 = pos.get(outcome.partner2) if getattr(outcome, "partner2", None) else None  # 3v3, 3v5 (F-1)
    revealed_at = outcome.partner_revealed_trick
    called = None
    if outcome.call and outcome.call != "alone":
        try:
            called = Card.parse(outcome.call.split()[0])
        except ValueError:
            called = None
    side = {picker} | {s for s in (partner, partner2) if s is not None} if picker is not None else set()
    points = [0] * n
    tricks = [0] * n
    plays = [p for p in log.plays if p.card is not None]
    bury = [Card.parse(c) for c in log.bury if c is not None]
    blind = [Card.parse(c) for c in log.blind if c is not None]
    leaster = outcome.outcome in NOPICK_GAMES  # no picker side (rules.md D)

    def frame(step, trick_no, last, cards, winning, done_trick, leader, finished):
        revealed = partner if partner is not None and (finished or (revealed_at is not None and
                                                                    revealed_at <= trick_no)) else None
        if side and not leaster:
            pp = sum(points[s] for s in side) + (sum(c.points for c in bury) if finished else 0)
            dp = sum(points[s] for s in range(n) if s not in side)
        else:
            pp = dp = None
        return Frame(step=step, trick=trick_no, card=last,
                     hands=tuple(tuple(h) for h in held) if held is not None else (None,) * n,
                     trick_cards=tuple(cards), winning=winning, trick_done=done_trick, leader=leader,
                     seat_points=tuple(points), seat_tricks=tuple(tricks), picker_points=pp, defender_points=dp,
                     picker=picker, partner=revealed, called=called, under=None,
                     alone=bool(outcome.alone) and picker is not None, leaster=leaster,
                     multiplier=outcome.multiplier, done=finished,
                     blind=tuple(blind) if finished and blind else None,
                     bury=tuple(bury) if finished and bury else None, settlement=None)

    first_leader = pos[plays[0].seat] if plays else 0
    frames = [frame(0, 1, None, [], None, False, first_leader, False)]
    cards: list[tuple[int, Card]] = []
    for k, p in enumerate(plays):
        seat, card = pos[p.seat], Card.parse(p.card)
        if p.order == 0:
            cards = []
        cards.append((seat, card))
        if held is not None and card in held[seat]:
            held[seat].remove(card)
        last_of_trick = k + 1 == len(plays) or plays[k + 1].trick != p.trick
        if last_of_trick:
            win = next((pos[q.seat] for q in plays[k + 1 - len(cards):k + 1] if q.winner), None)
            if win is None and order is not None:
                win = _winner_so_far(order, cards)
            if win is not None:
                points[win] += sum(c.points for _, c in cards)
                tricks[win] += 1
            finished = k + 1 == len(plays)
            frames.append(frame(k + 1, p.trick, (seat, card), cards, win, True, cards[0][0], finished))
        else:
            win = _winner_so_far(order, cards) if order is not None else None
            frames.append(frame(k + 1, p.trick, (seat, card), cards, win, False, cards[0][0], False))
    return frames
