"""Bavarian Schafkopf engine (replay.schafkopf): rules.md G and I-37..I-40.

Deals are written the way the NetSchafkopf protocols write them (suit E G H S,
rank A Z K O U 9 8 7).  Games taken from the shipped logs name their file and
game number; their card points are added up by hand in the comments.  Seats
are clockwise PcLinks 0, PcOben 1, PcRechts 2, Gast 3, as in those logs.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from replay.actions import Play
from replay.cards import Card, Suit, cards_in, mask_of, points_of
from replay.errors import IllegalAction, ProfileError
from replay.schafkopf import (
    SCHAFKOPF_PROFILES, Announce, Game, Klopfen, Kontra, Ramsch, Re, SchafkopfProfile, SchafkopfState, SkPhase,
    german, parse_schafkopf_rules, replay_schafkopf, trump_order_for,
)

BSV = SCHAFKOPF_PROFILES["schafkopf"]  # rules.md G defaults, 10/50 tariff (G-16)
NSK = SCHAFKOPF_PROFILES["netschafkopf"]
SHORT = BSV.model_copy(update={"shortDeck": True, "davonlaufenMinCards": 3})  # 24 cards, 6 tricks (G-3)
SEATS = ("PcLinks", "PcOben", "PcRechts", "Gast")
G = {german(c): c for c in Card}


def cards(text: str) -> list[Card]:
    return [G[t] for t in text.split()]


def hand(text: str) -> int:
    return mask_of(cards(text))


def new_game(profile: SchafkopfProfile, dealer: str, deals: dict[str, str]) -> SchafkopfState:
    return SchafkopfState(profile, SEATS.index(dealer), [hand(deals[s]) for s in SEATS])


def play_tricks(g: SchafkopfState, tricks: list[str]) -> None:
    """``"PcOben: S7 S9 SA SZ"`` — leader, then the cards clockwise."""
    for t in tricks:
        leader, played = t.split(":")
        seat = SEATS.index(leader.strip())
        for k, c in enumerate(cards(played)):
            g.play((seat + k) % 4, c)


# -- trump orders per game (rules.md G-6..G-8) --------------------------------


def names(order) -> str:
    return " ".join(german(c) for c in order.trumps)


def test_trump_orders_per_game():
    assert names(trump_order_for(Game.SAUSPIEL)) == "EO GO HO SO EU GU HU SU HA HZ HK H9 H8 H7"
    assert names(trump_order_for(Game.RAMSCH)) == "EO GO HO SO EU GU HU SU HA HZ HK H9 H8 H7"
    assert names(trump_order_for(Game.SOLO, Suit.SPADES)) == "EO GO HO SO EU GU HU SU GA GZ GK G9 G8 G7"
    assert names(trump_order_for(Game.WENZ)) == "EU GU HU SU"
    assert names(trump_order_for(Game.GEIER)) == "EO GO HO SO"
    assert names(trump_order_for(Game.FARBWENZ, Suit.HEARTS)) == "EU GU HU SU HA HZ HK HO H9 H8 H7"
    assert names(trump_order_for(Game.FARBGEIER, Suit.CLUBS)) == "EO GO HO SO EA EZ EK EU E9 E8 E7"
    # A Schellen-Solo is Sheepshead's trump order (G-7).
    assert names(trump_order_for(Game.SOLO, Suit.DIAMONDS)) == "EO GO HO SO EU GU HU SU SA SZ SK S9 S8 S7"
    wenz = trump_order_for(Game.WENZ)
    # Wenz: the Ober falls back into its suit between K and 9 (G-8).
    eichel = sorted((c for c in Card if wenz.suit_of[c] == Suit.CLUBS), key=lambda c: -wenz.strength[c])
    assert " ".join(german(c) for c in eichel) == "EA EZ EK EO E9 E8 E7"
    geier = trump_order_for(Game.GEIER)
    gras = sorted((c for c in Card if geier.suit_of[c] == Suit.SPADES), key=lambda c: -geier.strength[c])
    assert " ".join(german(c) for c in gras) == "GA GZ GK GU G9 G8 G7"
    with pytest.raises(ValueError):
        trump_order_for(Game.SOLO)
    with pytest.raises(ValueError):
        trump_order_for(Game.WENZ, Suit.HEARTS)


def test_herz_ober_led_in_wenz_is_herz_not_trump():
    # Wenz: HO is a plain Herz card, so a player holding Herz must follow it (G-8, G-9).
    g = SchafkopfState(BSV, 3, [hand("HO EA EZ EK E9 E8 E7 GA"), hand("HA H7 EO GO SO GZ GK G9"),
                                 hand("HZ HK H9 H8 EU GU G8 G7"), hand("HU SU SA SZ SK S9 S8 S7")])
    g.apply(Announce(1, Game.WENZ))
    g.play(0, G["HO"])
    assert g.legal_mask(1) == hand("HA H7")
    with pytest.raises(IllegalAction) as e:
        g.play(1, G["EO"])
    assert e.value.code == "E-RENEGE"
    g.play(1, G["HA"])
    g.play(2, G["HZ"])
    assert g.legal_mask(3) == hand("HU SU SA SZ SK S9 S8 S7")  # void in Herz: anything, HU is trump not Herz
    g.play(3, G["HU"])
    assert g.tricks[0][2] == 3  # the Herz-Unter trumps


# -- I-37: 60-60, the declaring party loses ------------------------------------

# baseline__Schafkopfprotokoll_vom_05.10.23_02.txt, game 53: PcRechts calls the
# Schellen-Sau, which Gast holds.  By hand (party = PcRechts + Gast):
#  1 PcOben S7 S9 SA SZ -> SA (Gast)            11+10        = 21  party 21
#  2 Gast EO HU H7 H8 -> EO (Gast)              3+2          =  5  party 26
#  3 Gast HK GU SO GO -> GO (PcRechts)          4+2+3+3      = 12  party 38
#  4 PcRechts H9 HA GA HO -> HO (PcOben)        11+11+3      = 25  opp 25
#  5 PcOben EA E9 E8 E7 -> EA (PcOben)          11           = 11  opp 36
#  6 PcOben SK SU S8 G8 -> SU (PcRechts)        4+2          =  6  party 44
#  7 PcRechts EU GK G9 HZ -> EU (PcRechts)      2+4+10       = 16  party 60
#  8 PcRechts EK G7 GZ EZ -> EZ (PcOben)        4+10+10      = 24  opp 60
# Laufende: EO (Gast) GO (PcRechts) then HO (PcOben): a run of 2, not counted.
GAME_60 = dict(dealer="PcLinks", deals={"PcOben": "SK HO HZ EA H7 S7 SO EZ", "PcRechts": "EU E9 EK H8 SU S9 H9 GO",
                                        "Gast": "HA G7 HK GK SA E8 EO S8", "PcLinks": "GU G8 E7 HU G9 GZ SZ GA"},
               tricks=["PcOben: S7 S9 SA SZ", "Gast: EO HU H7 H8", "Gast: HK GU SO GO", "PcRechts: H9 HA GA HO",
                       "PcOben: EA E9 E8 E7", "PcOben: SK SU S8 G8", "PcRechts: EU GK G9 HZ",
                       "PcRechts: EK G7 GZ EZ"])


def test_i37_sixty_sixty_loses():
    g = new_game(BSV, GAME_60["dealer"], GAME_60["deals"])
    g.apply(Announce(2, Game.SAUSPIEL, Suit.DIAMONDS))
    assert g.partner == 3
    play_tricks(g, GAME_60["tricks"])
    r = g.result()
    assert (r.party_points, r.won, r.schneider, r.schwarz) == (60, False, False, False)
    assert r.laufende.run == 2 and r.laufende.counted == 0
    s = g.settlement()
    assert s.outcome == "lose" and s.units == (10, 10, -10, -10)
    # The same cards under the NetSchafkopf tariff: the log's 2 points each.
    g2 = new_game(NSK, GAME_60["dealer"], GAME_60["deals"])
    g2.apply(Announce(2, Game.SAUSPIEL, Suit.DIAMONDS))
    play_tricks(g2, GAME_60["tricks"])
    assert g2.settlement().units == (2, 2, -2, -2)


def test_i37_kontra_does_not_move_the_line():
    g = new_game(BSV, GAME_60["dealer"], GAME_60["deals"])
    g.apply(Announce(2, Game.SAUSPIEL, Suit.DIAMONDS))
    g.apply(Kontra(0))
    play_tricks(g, GAME_60["tricks"])
    s = g.settlement()
    assert s.outcome == "lose" and s.units == (20, 20, -20, -20) and s.multiplier == 2


# -- I-38: Laufende "without" ---------------------------------------------------

# baseline__Schafkopfprotokoll_vom_05.10.23_01.txt, game 88: PcRechts calls the
# Gras-Sau (Gast).  The opponents hold EO (PcOben), GO and HO (PcLinks); the
# declaring party holds SO (Gast): "without 3".  The log: opponents 39 Augen,
# "Ohne 3 Laufende 5 Punkte".  At 10/50: 10 + 3 x 10 = 40 each.
GAME_OHNE3 = dict(dealer="PcRechts", deals={"Gast": "EA GA GK S8 EK SO GU EU", "PcLinks": "GO S7 G8 HO E8 HU SK G9",
                                            "PcOben": "SA HK EO E7 S9 EZ E9 SZ", "PcRechts": "H7 HZ H8 GZ H9 HA SU G7"},
                  tricks=["Gast: EU GO HK H7", "PcLinks: G8 EO G7 GA", "PcOben: SA HA S8 S7", "PcRechts: H8 SO HO EZ",
                          "PcLinks: G9 E7 GZ GK", "PcRechts: H9 GU HU E9", "Gast: EA E8 S9 HZ",
                          "PcRechts: SU EK SK SZ"])


def test_i38_runners_without():
    g = new_game(BSV, GAME_OHNE3["dealer"], GAME_OHNE3["deals"])
    g.apply(Announce(2, Game.SAUSPIEL, Suit.SPADES))
    play_tricks(g, GAME_OHNE3["tricks"])
    r = g.result()
    assert r.party_points == 81 and r.won and not r.schneider
    assert (r.laufende.run, r.laufende.with_, r.laufende.counted) == (3, False, 3)
    assert r.value == 40
    assert g.settlement().units == (-40, -40, 40, 40)


# -- I-39: 120 card points but not schwarz ---------------------------------------

# Built by hand.  Dealer Gast, so PcLinks leads.  PcOben declares, calling the
# Schellen-Sau held by Gast.  Trick 1 goes to PcLinks with four 0-point cards;
# the declaring party takes the other seven tricks and all 120 card points:
#  1 PcLinks G9 G8 G7 E9 -> PcLinks   0
#  2 PcLinks EA GU E7 HA -> PcOben    11+2+0+11 = 24
#  3 PcOben EO H8 HZ H9                3+0+10+0  = 13  (37)
#  4 PcOben GO H7 HU HK                3+0+2+4   =  9  (46)
#  5 PcOben HO GA SU EZ                3+11+2+10 = 26  (72)
#  6 PcOben SO GZ SZ EK                3+10+10+4 = 27  (99)
#  7 PcOben EU GK SK E8                2+4+4+0   = 10  (109)
#  8 PcOben S9 S7 SA S8 -> Gast        11              (120)
I39_DEALS = {"PcLinks": "G9 EA EZ EK E8 HK H9 S8", "PcOben": "EO GO HO SO EU GU G8 S9",
             "PcRechts": "G7 GA GZ GK H8 H7 E7 S7", "Gast": "SA SZ SK SU HU HA HZ E9"}
I39_TRICKS = ["PcLinks: G9 G8 G7 E9", "PcLinks: EA GU E7 HA", "PcOben: EO H8 HZ H9", "PcOben: GO H7 HU HK",
              "PcOben: HO GA SU EZ", "PcOben: SO GZ SZ EK", "PcOben: EU GK SK E8", "PcOben: S9 S7 SA S8"]


def test_i39_all_card_points_is_schneider_not_schwarz():
    g = new_game(BSV, "Gast", I39_DEALS)
    g.apply(Announce(1, Game.SAUSPIEL, Suit.DIAMONDS))
    play_tricks(g, I39_TRICKS)
    r = g.result()
    assert (r.party_points, r.party_tricks) == (120, 7)
    assert r.schneider and not r.schwarz
    # Laufende: EO GO HO SO EU GU (PcOben), HU SU HA HZ (Gast), then HK (PcLinks): 10 "with".
    assert (r.laufende.run, r.laufende.with_) == (10, True)
    s = g.settlement()
    assert s.outcome == "win-s" and s.tier == 2
    assert s.per_defender == 10 + 10 + 100
    assert s.units == (-120, 120, -120, 120)


def test_schwarz_by_tricks():
    # baseline__Schafkopfprotokoll_vom_05.10.23_01.txt, game 56: the log says
    # "Die Gegner haben 0 Augen ... Mit Schneider 3 ... Mit Schwarz 4 ... Mit 3
    # Laufenden 7 Punkte".  PcLinks (EO GO HO) calls the Eichel-Sau (PcOben).
    deals = {"Gast": "HU S9 GA EK E8 SO GK E9", "PcLinks": "SA HO GO EZ SZ GU EO HK",
             "PcOben": "SU GZ G9 EU SK EA HA H9", "PcRechts": "HZ H7 E7 H8 S8 S7 G7 G8"}
    tricks = ["Gast: EK EZ EA E7", "PcOben: EU HZ SO HO", "PcLinks: EO HA H7 HU", "PcLinks: GO H9 H8 S9",
              "PcLinks: GU SU S7 E8", "PcLinks: SA SK S8 E9", "PcLinks: SZ GZ G7 GK", "PcLinks: HK G9 G8 GA"]
    for prof, per in ((NSK, 7), (BSV, 10 + 10 + 10 + 30)):
        g = new_game(prof, "PcRechts", deals)
        g.apply(Announce(0, Game.SAUSPIEL, Suit.CLUBS))
        play_tricks(g, tricks)
        r = g.result()
        assert (r.party_points, r.party_tricks, r.schneider, r.schwarz) == (120, 8, True, True)
        s = g.settlement()
        assert s.outcome == "win-z" and s.tier == 3
        assert s.units == (per, per, -per, -per)


# -- I-40: Solo, schneider, 3 Laufende, Kontra ----------------------------------

# baseline__Schafkopfprotokoll_vom_05.10.23_05.txt, game 62: PcLinks plays
# Eichel-Solo with EO GO HO (SO is Gast's): 3 Laufende "with"; the opponents
# take 25 Augen (SA GZ SK S9 = 25 in trick 1; everything else goes to PcLinks),
# so schneider.  The log: "5 ... Mit Schneider 6 ... Mit 3 Laufenden 9".  At
# 10/50 with a Kontra: (50 + 10 + 30) x 2 = 180 from each opponent.
SOLO_DEALS = {"PcRechts": "EZ SA E8 EA SZ H8 H9 G8", "Gast": "HA GZ SO E9 H7 GK E7 G7",
              "PcLinks": "GO SU EU HU EK EO SK HO", "PcOben": "S7 HZ HK S9 GA G9 GU S8"}
SOLO_TRICKS = ["PcRechts: SA GZ SK S9", "PcRechts: SZ SO EO S7", "PcLinks: EU GU E8 E7", "PcLinks: SU GA EA E9",
               "PcLinks: HU S8 EZ H7", "PcLinks: EK HZ G8 G7", "PcLinks: HO G9 H8 GK", "PcLinks: GO HK H9 HA"]


def test_i40_solo_schneider_three_runners_kontra():
    g = new_game(BSV, "PcOben", SOLO_DEALS)
    g.apply(Announce(0, Game.SOLO, Suit.CLUBS))
    g.apply(Kontra(2))
    play_tricks(g, SOLO_TRICKS)
    r = g.result()
    assert (r.party_points, r.won, r.schneider, r.schwarz) == (95, True, True, False)
    assert (r.laufende.counted, r.laufende.with_) == (3, True)
    s = g.settlement()
    assert s.per_defender == 180
    assert s.units == (540, -180, -180, -180)
    g2 = new_game(NSK, "PcOben", SOLO_DEALS)
    g2.apply(Announce(0, Game.SOLO, Suit.CLUBS))
    play_tricks(g2, SOLO_TRICKS)
    assert g2.settlement().units == (27, -9, -9, -9)  # the log's 9 points from each


# -- Laufende minimum per game (G-13) ------------------------------------------


def test_laufende_minimum_is_profile_data():
    # baseline__Schafkopfprotokoll_vom_05.10.23_01.txt, game 57: PcRechts plays
    # Geier holding EO and GO (HO is PcLinks'): a run of 2.  rules.md G-13
    # counts 2 in a Geier (10/50: 50 + 20 = 70); NetSchafkopf counts from 3
    # (the log's price is the plain 5).
    deals = {"PcLinks": "E7 EU GZ EA G7 E8 S7 HO", "PcOben": "E9 HZ GU GK S9 S8 H7 G8",
             "PcRechts": "G9 SZ EO SO SK GO H9 SA", "Gast": "HK EK H8 HU HA SU EZ GA"}
    tricks = ["PcLinks: EA E9 GO EK", "PcRechts: EO H8 HO S8", "PcRechts: G9 GA GZ GK", "Gast: HA EU HZ H9",
              "Gast: SU S7 S9 SA", "PcRechts: SZ EZ G7 H7", "PcRechts: SK HU E7 G8", "PcRechts: SO HK E8 GU"]
    for prof, per in ((BSV, 70), (NSK, 5)):
        g = new_game(prof, "Gast", deals)
        g.apply(Announce(2, Game.GEIER))
        play_tricks(g, tricks)
        r = g.result()
        assert r.party_points == 72 and r.laufende.run == 2
        assert g.settlement().units == (-per, -per, 3 * per, -per)


# -- Davonlaufen and the called Sau (G-10, G-11) --------------------------------

# PcLinks leads trick 1 and holds the called Eichel-Sau.
DAVON = {"PcLinks": "EA EZ EK E9 HU SU H9 H8", "PcOben": "EO GO HO SO E8 GA GZ GK",
         "PcRechts": "E7 EU GU HA HZ HK H7 G9", "Gast": "G8 G7 SA SZ SK S9 S8 S7"}


def test_davonlaufen_with_four_cards():
    g = new_game(BSV, "Gast", DAVON)
    g.apply(Announce(1, Game.SAUSPIEL, Suit.CLUBS))
    assert g.partner == 0
    g.play(0, G["E9"])  # runs away from the Sau with four Eichel (G-11b)
    assert g.ran_away and g.called_trick == 0
    g.play(1, G["E8"])
    g.play(2, G["E7"])
    g.play(3, G["G8"])
    assert g.tricks[0][2] == 0
    # The suit has been played: the Sau may now be thrown anywhere (duty lapsed).
    assert g.legal_mask(0) == g.hands[0]


def test_no_davonlaufen_with_three_cards_or_a_higher_minimum():
    deals = dict(DAVON, PcLinks="EA EK E9 EZ HU SU H9 H8")
    prof5 = BSV.model_copy(update={"davonlaufenMinCards": 5})
    g = new_game(prof5, "Gast", deals)
    g.apply(Announce(1, Game.SAUSPIEL, Suit.CLUBS))
    assert g.legal_mask(0) == hand("EA HU SU H9 H8")
    before = (list(g.hands), list(g.trick), g.to_act)
    with pytest.raises(IllegalAction) as e:
        g.play(0, G["E9"])
    assert e.value.code == "E-SK-RUFSAU" and "G-11b" in str(e.value)
    assert (list(g.hands), list(g.trick), g.to_act) == before  # unchanged


def test_searched_sau_must_be_played():
    g = new_game(BSV, "PcRechts", DAVON)  # Gast leads
    g.apply(Announce(1, Game.SAUSPIEL, Suit.CLUBS))
    g.play(3, G["G8"])
    g.play(0, G["HU"])  # PcLinks void in Gras: trumps; may not throw the Sau
    g.play(1, G["GK"])
    g.play(2, G["G9"])
    assert g.tricks[0][2] == 0
    g2 = new_game(BSV, "PcRechts", DAVON)
    g2.apply(Announce(1, Game.SAUSPIEL, Suit.CLUBS))
    g2.play(3, G["G8"])
    with pytest.raises(IllegalAction) as e:
        g2.play(0, G["EA"])
    assert e.value.code == "E-SK-RUFSAU" and "G-11c" in str(e.value)
    # PcOben leads Eichel: the Sau holder must produce it (G-11a).
    g3 = new_game(BSV, "Gast", dict(DAVON, PcLinks="G8 G7 SA SZ SK S9 S8 S7", Gast="EA EZ EK E9 HU SU H9 H8"))
    g3.apply(Announce(1, Game.SAUSPIEL, Suit.CLUBS))
    g3.play(0, G["G8"])
    g3.play(1, G["GA"])
    g3.play(2, G["G9"])
    g3.play(3, G["HU"])
    assert g3.tricks[0][2] == 3
    g3.play(3, G["H8"])
    g3.play(0, G["SA"])
    g3.play(1, G["EO"])
    g3.play(2, G["HA"])
    g3.play(1, G["E8"])
    g3.play(2, G["E7"])
    assert g3.legal_mask(3) == 1 << G["EA"]
    with pytest.raises(IllegalAction) as e:
        g3.play(3, G["E9"])
    assert e.value.code == "E-SK-RUFSAU" and "G-11a" in str(e.value)


def test_rufsau_discard_trick_is_profile_data():
    # In I-39's game Gast may not throw SA on trick 6 ... unless the profile
    # allows it from trick 6 (rufsauDiscardFromTrick).
    for prof, ok in ((BSV, False), (BSV.model_copy(update={"rufsauDiscardFromTrick": 6}), True)):
        g = new_game(prof, "Gast", I39_DEALS)
        g.apply(Announce(1, Game.SAUSPIEL, Suit.DIAMONDS))
        play_tricks(g, I39_TRICKS[:5])
        g.play(1, G["SO"])
        g.play(2, G["GZ"])
        if ok:
            g.play(3, G["SA"])
        else:
            with pytest.raises(IllegalAction) as e:
                g.play(3, G["SA"])
            assert e.value.code == "E-SK-RUFSAU"


def test_calling_rules():
    g = new_game(BSV, "Gast", I39_DEALS)
    with pytest.raises(IllegalAction) as e:
        g.apply(Announce(1, Game.SAUSPIEL, Suit.HEARTS))
    assert e.value.code == "E-SK-CALL"
    with pytest.raises(IllegalAction) as e:
        g.apply(Announce(1, Game.SAUSPIEL, Suit.CLUBS))  # PcOben has no Eichel: gesperrt
    assert e.value.code == "E-SK-GESPERRT"
    with pytest.raises(IllegalAction) as e:
        g.apply(Announce(3, Game.SAUSPIEL, Suit.DIAMONDS))  # Gast holds the Schellen-Sau
    assert e.value.code == "E-SK-CALL"
    assert g.phase == SkPhase.ANNOUNCE and g.game is None


# -- Kontra / Re (G-18) ----------------------------------------------------------


def test_kontra_timing_and_sides():
    g = new_game(BSV, GAME_60["dealer"], GAME_60["deals"])
    g.apply(Announce(2, Game.SAUSPIEL, Suit.DIAMONDS))  # party: PcRechts + Gast
    with pytest.raises(IllegalAction) as e:
        g.apply(Kontra(3))  # the hidden partner cannot give Kontra
    assert e.value.code == "E-SK-KONTRA"
    # found/expected say what was given by whom (a tester's report read "— found 2": a seat number)
    assert (e.value.diagnostic.found, e.value.diagnostic.expected) == ("Kontra by the declaring party",
                                                                       "Kontra by the opponents")
    with pytest.raises(IllegalAction):
        g.apply(Re(0))
    g.play(1, G["S7"])
    g.apply(Kontra(0))  # before the second card: allowed by default
    g.apply(Re(3))
    assert g.partner_revealed == 1  # a Re reveals the partner
    with pytest.raises(IllegalAction) as e:
        g.apply(Re(0))  # kontraLevels 2
    assert e.value.code == "E-SK-KONTRA"
    g.play(2, G["S9"])
    strict = BSV.model_copy(update={"kontraTiming": "beforeFirstCard"})
    g2 = new_game(strict, GAME_60["dealer"], GAME_60["deals"])
    g2.apply(Announce(2, Game.SAUSPIEL, Suit.DIAMONDS))
    g2.play(1, G["S7"])
    with pytest.raises(IllegalAction) as e:
        g2.apply(Kontra(0))
    assert e.value.code == "E-SK-KONTRA-LATE"
    g3 = new_game(BSV, GAME_60["dealer"], GAME_60["deals"])
    g3.apply(Ramsch())
    with pytest.raises(IllegalAction) as e:
        g3.apply(Kontra(0))
    assert e.value.code == "E-SK-KONTRA"


def test_klopfen_doubles_when_the_profile_has_it():
    with pytest.raises(IllegalAction):
        new_game(BSV, GAME_60["dealer"], GAME_60["deals"]).apply(Klopfen(0))
    g = new_game(BSV.model_copy(update={"klopfen": True}), GAME_60["dealer"], GAME_60["deals"])
    g.apply(Klopfen(0))
    g.apply(Klopfen(3))
    g.apply(Announce(2, Game.SAUSPIEL, Suit.DIAMONDS))
    play_tricks(g, GAME_60["tricks"])
    assert g.settlement().units == (40, 40, -40, -40)  # 10 x 2 x 2


# -- Ramsch (G-17) ----------------------------------------------------------------

# baseline__Schafkopfprotokoll_vom_05.10.23_01.txt, game 26.  By hand:
#  1 PcOben G9 G8 EA GZ -> GZ PcLinks 21   2 PcLinks S8 SZ S7 SK -> SZ PcOben 14
#  3 PcOben SU H8 HA HZ -> SU PcOben 23    4 PcOben HU EO GU SO -> EO PcRechts 10
#  5 PcRechts E9 E7 EZ EK -> EZ PcLinks 14 6 PcLinks H9 HO GO H7 -> GO PcRechts 6
#  7 PcRechts G7 SA GA E8 -> GA PcLinks 22 8 PcLinks HK EU GK S9 -> EU PcOben 10
# PcLinks 57, PcOben 47, PcRechts 16, Gast 0 (no trick: Jungfrau).
RAMSCH_DEALS = {"PcOben": "SU HO EK EU SZ E8 G9 HU", "PcRechts": "E9 GK EO G7 H8 G8 S7 GO",
                "Gast": "GU SA SK S9 HA H7 E7 EA", "PcLinks": "EZ HK GZ SO S8 HZ H9 GA"}
RAMSCH_TRICKS = ["PcOben: G9 G8 EA GZ", "PcLinks: S8 SZ S7 SK", "PcOben: SU H8 HA HZ", "PcOben: HU EO GU SO",
                 "PcRechts: E9 E7 EZ EK", "PcLinks: H9 HO GO H7", "PcRechts: G7 SA GA E8", "PcLinks: HK EU GK S9"]


def test_ramsch_loser_and_jungfrau():
    g = new_game(NSK, "PcLinks", RAMSCH_DEALS)
    g.apply(Ramsch())
    play_tricks(g, RAMSCH_TRICKS)
    r = g.result()
    assert r.seat_points == (57, 47, 16, 0)
    assert r.losers == (0,) and r.jungfrauen == (3,)
    # NetSchafkopf: the Jungfrau doubles the whole price (the log: 1, "Mit 1 mal Jungfrau 2").
    assert g.settlement().units == (-6, 2, 2, 2)
    # rules.md G-16/G-17 at 10/50: 20 to each, 40 to the Jungfrau.
    g2 = new_game(BSV, "PcLinks", RAMSCH_DEALS)
    g2.apply(Ramsch())
    play_tricks(g2, RAMSCH_TRICKS)
    assert g2.settlement().units == (-80, 20, 20, 40)
    assert g2.settlement().outcome == "ramsch"


def test_ramsch_tie_goes_to_the_higher_ober():
    # cheat_ab_stich_3__Schafkopfprotokoll_vom_04.10.23_05.txt, game 6.  By hand:
    #  1 PcOben GU HU HA SU -> GU PcOben 17     2 PcOben SO H7 EU HZ -> SO PcOben 15
    #  3 PcOben E9 E7 E8 EA -> EA PcLinks 11    4 PcLinks GO EZ HO HK -> GO PcLinks 20
    #  5 PcLinks S9 SZ SK G8 -> SZ PcOben 14    6 PcOben GK S8 G7 GA -> GA PcLinks 15
    #  7 PcLinks G9 GZ S7 H8 -> H8 Gast 10      8 Gast H9 SA EK EO -> EO PcRechts 18
    # PcLinks 46 = PcOben 46.  PcLinks was dealt the Gras-Ober, PcOben only the
    # Schellen-Ober: the log says PcLinks loses ("Bei Augengleichheit verliert,
    # wer den höheren Ober hatte") and pays 1 to each.
    deals = {"PcOben": "GU SZ E9 GZ GK SO EZ EK", "PcRechts": "HO S8 H7 SK EO S7 HU E7",
             "Gast": "E8 EU HA H8 H9 G8 HK G7", "PcLinks": "EA SA HZ GO G9 SU GA S9"}
    tricks = ["PcOben: GU HU HA SU", "PcOben: SO H7 EU HZ", "PcOben: E9 E7 E8 EA", "PcLinks: GO EZ HO HK",
              "PcLinks: S9 SZ SK G8", "PcOben: GK S8 G7 GA", "PcLinks: G9 GZ S7 H8", "Gast: H9 SA EK EO"]
    for prof, units in ((NSK, (-3, 1, 1, 1)), (NSK.model_copy(update={"ramschTie": "allTied"}), (-2, -2, 2, 2))):
        g = new_game(prof, "PcLinks", deals)
        g.apply(Ramsch())
        play_tricks(g, tricks)
        r = g.result()
        assert r.seat_points == (46, 46, 18, 10) and r.tie
        assert g.settlement().units == units


def test_durchmarsch():
    deals = {"PcLinks": "EO GO HO SO EU GU HU SU", "PcOben": "HA HZ HK H9 H8 H7 EA EZ",
             "PcRechts": "EK E9 E8 E7 GA GZ GK G9", "Gast": "G8 G7 SA SZ SK S9 S8 S7"}
    g = new_game(BSV, "Gast", deals)
    g.apply(Ramsch())
    lead = cards(deals["PcLinks"])
    follow = [cards(deals[s]) for s in SEATS[1:]]
    for t in range(8):
        g.play(0, lead[t])
        for k in range(3):
            g.play(k + 1, follow[k][t])
    r = g.result()
    assert r.durchmarsch == 0 and r.seat_tricks == (8, 0, 0, 0)
    assert g.settlement().units == (210, -70, -70, -70)  # 50 + 10 + 10 from each (G-17)
    off = BSV.model_copy(update={"durchmarsch": "off"})
    g2 = new_game(off, "Gast", deals)
    g2.apply(Ramsch())
    for t in range(8):
        g2.play(0, lead[t])
        for k in range(3):
            g2.play(k + 1, follow[k][t])
    # No Durchmarsch: PcLinks has 120 and loses; the three Jungfrauen are paid double.
    assert g2.settlement().units == (-120, 40, 40, 40)


# -- errors on the deal and the play ------------------------------------------------


def test_deal_errors():
    d = [hand(I39_DEALS[s]) for s in SEATS]
    with pytest.raises(IllegalAction) as e:
        SchafkopfState(BSV, 3, [d[0], d[1] | (1 << G["G9"]) & ~(1 << G["G8"]), d[2], d[3]])
    assert e.value.code == "E-DEAL-DUPLICATE"
    with pytest.raises(IllegalAction) as e:
        SchafkopfState(BSV, 3, [d[0] & ~(1 << G["G9"]), d[1], d[2], d[3]])
    assert e.value.code == "E-DEAL-SIZE"
    short = BSV.model_copy(update={"shortDeck": True})
    with pytest.raises(IllegalAction) as e:
        SchafkopfState(short, 3, d)
    assert e.value.code == "E-DEAL-CARD"


def test_wrong_turn_and_not_held():
    g = new_game(BSV, "Gast", I39_DEALS)
    g.apply(Announce(1, Game.SAUSPIEL, Suit.DIAMONDS))
    with pytest.raises(IllegalAction) as e:
        g.play(1, G["EO"])
    assert e.value.code == "E-WRONG-TURN"
    with pytest.raises(IllegalAction) as e:
        g.play(0, G["EO"])
    assert e.value.code == "E-NOT-HELD"
    with pytest.raises(IllegalAction) as e:
        g.apply(Play(0, G["G9"], renege=True))
    assert e.value.code == "E-SK-RENEGE-MARK"


# -- replay frames ------------------------------------------------------------------


def test_replay_frames():
    g = new_game(BSV, GAME_60["dealer"], GAME_60["deals"])
    actions = [Announce(2, Game.SAUSPIEL, Suit.DIAMONDS)]
    for t in GAME_60["tricks"]:
        leader, played = t.split(":")
        seat = SEATS.index(leader.strip())
        actions += [Play((seat + k) % 4, c) for k, c in enumerate(cards(played))]
    frames = list(replay_schafkopf(g, actions))
    assert len(frames) == 33
    assert frames[0].step == 0 and frames[0].partner is None and frames[0].called == G["SA"]
    assert frames[3].card == (3, G["SA"]) and frames[3].partner == 3  # the Sau shows the partner
    assert frames[4].trick_done and frames[4].winning == 3 and frames[4].party_points == 21
    assert frames[-1].done and frames[-1].party_points == 60 and frames[-1].opponent_points == 60
    assert frames[-1].settlement.units == (10, 10, -10, -10)


# -- profiles -------------------------------------------------------------------------


def test_profiles_as_data():
    p = parse_schafkopf_rules("netschafkopf; davonlaufenMinCards=3; kontraTiming=beforeFirstCard; "
                              "laufendeMin=wenz:2")
    assert p.tariff.sauspiel == 2 and p.davonlaufenMinCards == 3 and p.kontraTiming == "beforeFirstCard"
    assert p.laufendeMin.wenz == 2 and p.laufendeMin.geier == 3
    assert parse_schafkopf_rules("schafkopf; tariff=netschafkopf").tariff.solo == 5
    with pytest.raises(ProfileError):
        parse_schafkopf_rules("schafkopf; tariff=cheap")
    with pytest.raises(ProfileError):
        parse_schafkopf_rules("schafkopf; noSuchFlag=on")
    with pytest.raises(ProfileError):
        parse_schafkopf_rules("doppelkopf")
    with pytest.raises(Exception):
        BSV.davonlaufenMinCards = 3  # frozen


# -- property: random legal games ------------------------------------------------------


def _random_game(rng: random.Random, prof: SchafkopfProfile) -> SchafkopfState:
    deck = list(cards_in(prof.deck))
    rng.shuffle(deck)
    n = prof.hand_size
    hands = [mask_of(deck[i * n:(i + 1) * n]) for i in range(4)]
    g = SchafkopfState(prof, rng.randrange(4), hands)
    choices: list = [Ramsch()]
    for seat in range(4):
        for suit in (Suit.CLUBS, Suit.SPADES, Suit.DIAMONDS):
            sau = Card(suit * 8)
            if not hands[seat] >> sau & 1 and hands[seat] & trump_order_for(Game.SAUSPIEL).suit_masks[suit]:
                choices.append(Announce(seat, Game.SAUSPIEL, suit))
        choices += [Announce(seat, Game.WENZ), Announce(seat, Game.GEIER),
                    Announce(seat, rng.choice([Game.SOLO, Game.FARBWENZ, Game.FARBGEIER]), rng.choice(list(Suit)),
                             tout=rng.random() < 0.1)]
    g.apply(rng.choice(choices))
    if g.game is not Game.RAMSCH and rng.random() < 0.3:
        opp = next(s for s in range(4) if not g.in_party(s))
        g.apply(Kontra(opp))
    while not g.done:
        seat = g.to_act
        g.play(seat, rng.choice(list(cards_in(g.legal_mask(seat)))))
    return g


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2 ** 32 - 1), prof=st.sampled_from([BSV, NSK, SHORT]))
def test_random_legal_games(seed, prof):
    g = _random_game(random.Random(seed), prof)
    played = [c for _, cs, _ in g.tricks for _, c in cs]
    assert len(played) == 4 * prof.hand_size and mask_of(played) == prof.deck  # every card once
    assert sum(g.seat_points()) == 120 and points_of(mask_of(played)) == 120
    assert sum(g.ntaken) == prof.tricks and all(h == 0 for h in g.hands)
    s = g.settlement()
    assert sum(s.units) == 0
    r = g.result()
    if r.game is not Game.RAMSCH:
        assert r.party_points + sum(r.seat_points[x] for x in range(4) if not g.in_party(x)) == 120
        assert abs(s.units[g.declarer]) == s.per_defender * (3 if g.game.single else 1)
        assert s.per_defender == r.value * 2 ** r.doublings
