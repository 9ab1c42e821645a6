"""Schafkopf as the StarGames rules in the sources play it, checked point by
point against rules.md G (issue 18; the table is docs/profiles.md "Schafkopf:
the StarGames points against rules.md G").  Each test plays a hand where the
point decides the outcome, and the amounts are worked by hand under the BSV
10/50 tariff (rules.md G-16: Sauspiel 10, Solo/Wenz/Geier 50, schneider +10,
schwarz +10 more, 10 per Laufender, Tout (base + Laufende) × 2; Kontra and Re
×2 each, G-18).  Seats clockwise PcLinks 0, PcOben 1, PcRechts 2, Gast 3;
cards in the German letters of the NetSchafkopf logs (E G H S, A Z K O U 9 8 7).
"""

from __future__ import annotations

import pytest

from replay.cards import points_of
from replay.errors import IllegalAction
from replay.schafkopf import Announce, Game, Kontra, Re, Suit, trump_order_for

from .test_schafkopf import (BSV, G, GAME_60, I39_DEALS, I39_TRICKS, SOLO_DEALS, SOLO_TRICKS, SHORT, hand,
                             new_game, play_tricks)


# -- G-18: Kontra before the second card -------------------------------------------------------------------


def test_g18_kontra_after_the_first_card_counts_after_the_second_is_late():
    # GAME_60 (tests/test_schafkopf.py, I-37): PcRechts + Gast take 60 Augen: 60-60 loses (G-12).
    # Sauspiel 10, Laufende a run of 2 (not counted, minimum 3).  Kontra by PcLinks after card 1: ×2 = 20:
    # PcLinks +20, PcOben +20, PcRechts -20, Gast -20.
    g = new_game(BSV, GAME_60["dealer"], GAME_60["deals"])
    g.apply(Announce(2, Game.SAUSPIEL, Suit.DIAMONDS))
    g.play(1, G["S7"])  # the first card of trick 1
    g.apply(Kontra(0))  # before the second card: in time (G-18 DEFAULT)
    _leader, rest = GAME_60["tricks"][0].split(":")
    for k, c in enumerate(rest.split()[1:], start=1):
        g.play((1 + k) % 4, G[c])
    play_tricks(g, GAME_60["tricks"][1:])
    s = g.settlement()
    assert (s.outcome, s.multiplier, s.units) == ("lose", 2, (20, 20, -20, -20))
    # after the second card: too late, and nothing changes
    g2 = new_game(BSV, GAME_60["dealer"], GAME_60["deals"])
    g2.apply(Announce(2, Game.SAUSPIEL, Suit.DIAMONDS))
    g2.play(1, G["S7"])
    g2.play(2, G["S9"])
    with pytest.raises(IllegalAction) as e:
        g2.apply(Kontra(0))
    assert e.value.code == "E-SK-KONTRA-LATE"


# -- G-18: Re ----------------------------------------------------------------------------------------------


def test_g18_re_doubles_again_and_reveals_the_partner():
    # GAME_60 again with Kontra (PcLinks) and Re (Gast, the hidden partner): 10 × 2 × 2 = 40 each.
    # The declaring party lost 60-60: PcLinks +40, PcOben +40, PcRechts -40, Gast -40.
    g = new_game(BSV, GAME_60["dealer"], GAME_60["deals"])
    g.apply(Announce(2, Game.SAUSPIEL, Suit.DIAMONDS))
    g.apply(Kontra(0))
    g.apply(Re(3))
    assert g.partner_revealed == 1  # G-18: the hidden partner gives Re and so reveals itself
    with pytest.raises(IllegalAction) as e:
        g.apply(Re(2))  # a third doubling: beyond kontraLevels 2 (house rules only)
    assert e.value.code == "E-SK-KONTRA"
    play_tricks(g, GAME_60["tricks"])
    s = g.settlement()
    assert (s.outcome, s.multiplier, s.units) == ("lose", 4, (40, 40, -40, -40))
    g2 = new_game(BSV, GAME_60["dealer"], GAME_60["deals"])
    g2.apply(Announce(2, Game.SAUSPIEL, Suit.DIAMONDS))
    with pytest.raises(IllegalAction) as e:  # Re without a Kontra
        g2.apply(Re(2))
    assert e.value.code == "E-SK-KONTRA"


# -- G-14: the Tout forms ----------------------------------------------------------------------------------

# Built by hand.  Dealer Gast, so PcLinks leads.  PcLinks holds the four trumps of a Wenz (the Unters) and
# the four Saus; no one else holds a trump, so the four Unter leads take four tricks and each Sau is the
# highest card of its suit (Wenz suits: A 10 K O 9 8 7, G-8).
WENZ_TOUT = {"PcLinks": "EU GU HU SU EA GA HA SA", "PcOben": "EO EZ EK E9 E8 E7 GZ GK",
             "PcRechts": "GO G9 G8 G7 HZ HK H9 H8", "Gast": "HO SO H7 SZ SK S9 S8 S7"}
WENZ_TRICKS = ["PcLinks: EU E7 G7 S7", "PcLinks: GU E8 G8 S8", "PcLinks: HU E9 G9 S9", "PcLinks: SU EK H8 SK",
               "PcLinks: EA EZ H9 H7", "PcLinks: GA GZ GO SZ", "PcLinks: HA GK HZ HO", "PcLinks: SA EO HK SO"]
#: The same with Obers and Unters swapped: a Geier Tout (Obers trump; Unters sit in their suits).
_SWAP = str.maketrans({"O": "U", "U": "O"})
GEIER_TOUT = {k: v.translate(_SWAP) for k, v in WENZ_TOUT.items()}
GEIER_TRICKS = [t.split(":")[0] + ":" + t.split(":")[1].translate(_SWAP) for t in WENZ_TRICKS]


@pytest.mark.parametrize("game, deals, tricks", [(Game.WENZ, WENZ_TOUT, WENZ_TRICKS),
                                                 (Game.GEIER, GEIER_TOUT, GEIER_TRICKS)])
def test_g14_wenz_tout_and_geier_tout_won(game, deals, tricks):
    # All eight tricks: 120 Augen.  Laufende: the four trumps, all PcLinks's: 4 "with" (minimum 2, G-13).
    # Tout: (50 + 4 × 10) × 2 = 180 from each opponent (schneider/schwarz not added): PcLinks +540.
    g = new_game(BSV, "Gast", deals)
    g.apply(Announce(0, game, None, True))
    play_tricks(g, tricks)
    r = g.result()
    assert (r.party_points, r.party_tricks, r.won) == (120, 8, True)
    assert (r.laufende.counted, r.laufende.with_) == (4, True)
    s = g.settlement()
    assert s.outcome == "win" and s.units == (540, -180, -180, -180)
    # the same cards without Tout: 50 + schneider 10 + schwarz 10 + 40 = 110 each: +330 — the Tout decides
    g2 = new_game(BSV, "Gast", deals)
    g2.apply(Announce(0, game, None))
    play_tricks(g2, tricks)
    assert g2.settlement().units == (330, -110, -110, -110)


def test_g14_solo_tout_lost_on_the_first_trick():
    # SOLO_DEALS (I-40): PcLinks's Eichel-Solo; the opponents take trick 1 (SA GZ SK S9 = 11+10+4+0 = 25).
    # As a Solo: 95 Augen, win-s with 3 Laufende: 50 + 10 + 30 = 90 each, PcLinks +270.
    # As a Tout: losing any trick loses (G-14): (50 + 3 × 10) × 2 = 160 to each opponent: PcLinks -480.
    g = new_game(BSV, "PcOben", SOLO_DEALS)
    g.apply(Announce(0, Game.SOLO, Suit.CLUBS, True))
    play_tricks(g, SOLO_TRICKS)
    s = g.settlement()
    assert s.outcome == "lose" and s.units == (-480, 160, 160, 160)
    g2 = new_game(BSV, "PcOben", SOLO_DEALS)
    g2.apply(Announce(0, Game.SOLO, Suit.CLUBS))
    play_tricks(g2, SOLO_TRICKS)
    assert g2.settlement().units == (270, -90, -90, -90)


# -- G-11c / G-21: the called Sau is not played before the last trick when its suit never comes --------------


@pytest.mark.parametrize("from_trick", [None, 7])
def test_g11c_g21_the_called_sau_waits_for_the_last_trick(from_trick):
    # I39 (tests/test_schafkopf.py): PcOben calls the Schellen-Sau, which Gast holds; Schellen is first led
    # on trick 8.  Gast's hand after trick 5: SA SZ SK.  Trick 6 (PcOben SO, PcRechts GZ) and trick 7
    # (PcOben EU, PcRechts GK: trumps led, Gast has none): the Sau may not be thrown (G-11c, StarGames G-21),
    # unless the profile allows it from trick 7 (rufsauDiscardFromTrick, "one app's house rule").
    prof = BSV if from_trick is None else BSV.model_copy(update={"rufsauDiscardFromTrick": from_trick})
    g = new_game(prof, "Gast", I39_DEALS)
    g.apply(Announce(1, Game.SAUSPIEL, Suit.DIAMONDS))
    play_tricks(g, I39_TRICKS[:5])
    g.play(1, G["SO"])
    g.play(2, G["GZ"])
    assert g.legal_mask(3) == hand("SZ SK")  # trick 6: never the Sau
    g.play(3, G["SZ"])
    g.play(0, G["EK"])
    g.play(1, G["EU"])
    g.play(2, G["GK"])
    assert g.legal_mask(3) == (hand("SA SK") if from_trick == 7 else hand("SK"))
    g.play(3, G["SK"])
    g.play(0, G["E8"])
    play_tricks(g, I39_TRICKS[7:])  # trick 8: PcOben S9, PcRechts S7, Gast SA (the Sau at last), PcLinks S8
    # I-39's amounts: 120 Augen in 7 tricks, schneider not schwarz, 10 Laufende "with":
    # 10 + 10 + 100 = 120 each: PcLinks -120, PcOben +120, PcRechts -120, Gast +120.
    assert g.settlement().units == (-120, 120, -120, 120)


# -- G-3, G-11b: the long and the short pack ----------------------------------------------------------------

# Built by hand, short pack (24 cards: no 7s and 8s, 6 each, 6 tricks; G-3).  Dealer Gast, PcLinks leads.
# PcOben calls the Eichel-Sau (PcLinks holds it with EZ E9: three Eichel).
SHORT_DEALS = {"PcLinks": "EA EZ E9 HU SU H9", "PcOben": "EO GO HO SO EK HA", "PcRechts": "EU GU HZ HK GA GZ",
               "Gast": "GK G9 SA SZ SK S9"}
SHORT_TRICKS = ["PcLinks: E9 EK GA G9", "PcOben: EO EU S9 H9", "PcOben: GO GU SK HU", "PcOben: HO HZ SZ SU",
                "PcOben: SO HK GK EZ", "PcOben: HA GZ SA EA"]


def test_g3_short_pack_davonlaufen_with_three_and_the_sauspiel_schwarz():
    # t1 E9 EK GA G9 -> PcOben (EK over E9)   0+4+11+0  = 15
    # t2 EO EU S9 H9 -> PcOben                3+2+0+0   =  5  (20)
    # t3 GO GU SK HU -> PcOben                3+2+4+2   = 11  (31)
    # t4 HO HZ SZ SU -> PcOben                3+10+10+2 = 25  (56)
    # t5 SO HK GK EZ -> PcOben                3+4+4+10  = 21  (77)
    # t6 HA GZ SA EA -> PcOben                11+10+11+11 = 43 (120)
    # All six tricks: schwarz.  Laufende EO GO HO SO (PcOben), then EU (PcRechts): 4 "with".
    # 10 + schneider 10 + schwarz 10 + 4 × 10 = 70 each: PcLinks +70, PcOben +70, PcRechts -70, Gast -70.
    deck = 0
    for v in SHORT_DEALS.values():
        deck |= hand(v)
    assert bin(deck).count("1") == 24 and points_of(deck) == 120  # G-3: still 120 CP
    # G-3: 12 trumps in a short-pack Sauspiel (4 O, 4 U, Herz A 10 K 9), 4 cards in each plain suit
    assert sum(1 for c in trump_order_for(Game.SAUSPIEL).trumps if deck >> c & 1) == 12
    g = new_game(SHORT, "Gast", SHORT_DEALS)
    g.apply(Announce(1, Game.SAUSPIEL, Suit.CLUBS))
    assert g.partner == 0
    play_tricks(g, SHORT_TRICKS)  # t1: PcLinks runs away with E9 — three Eichel, davonlaufenMinCards 3
    assert g.ran_away
    r = g.result()
    assert (r.party_points, r.party_tricks, r.schwarz) == (120, 6, True)
    assert (r.laufende.counted, r.laufende.with_) == (4, True)
    assert g.settlement().units == (70, 70, -70, -70)
    # the long pack's threshold (4 cards) with the short pack: running away is refused, the Sau must be led
    long_rule = SHORT.model_copy(update={"davonlaufenMinCards": 4})
    g2 = new_game(long_rule, "Gast", SHORT_DEALS)
    g2.apply(Announce(1, Game.SAUSPIEL, Suit.CLUBS))
    with pytest.raises(IllegalAction) as e:
        g2.play(0, G["E9"])
    assert e.value.code == "E-SK-RUFSAU"


def test_g3_the_pack_is_the_profile_s():
    # a 6-card short-pack deal under the long pack (8 cards each, G-2) is refused, and the other way round
    with pytest.raises(IllegalAction):
        new_game(BSV, "Gast", SHORT_DEALS)
    with pytest.raises(IllegalAction):
        new_game(SHORT, "Gast", I39_DEALS)
