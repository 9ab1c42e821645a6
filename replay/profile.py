"""Rule profiles: a name plus flag overrides, as data (rules.md J).

A profile is written the way SHN's ``[Rules]`` tag writes it::

    wi5-called-ace; doubleOnBump=off; noPick=doubler

:func:`parse_rules` reads that text into a frozen :class:`RuleProfile`.
Flags that the first engine does not honour yet (rules.md J, "First engine"
column) are accepted only at their default; any other value raises
:class:`~replay.errors.ProfileError` with code ``E-RULES-UNSUPPORTED`` — never
silently ignored.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from .cards import Card, TrumpOrder, trump_order
from .errors import ProfileError

__all__ = ["RuleProfile", "NAMED_PROFILES", "DEFAULT_PROFILE", "parse_rules", "profile_text"]

OnOff = bool


class RuleProfile(BaseModel):
    """Every flag of rules.md J with its default.  Booleans read ``on``/``off``.

    ``name`` is the named profile the flags start from; ``players`` the table
    size (five for every profile of the first engine).
    """

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)

    name: str = "wi5-called-ace"
    players: int = 5
    partnerMode: Literal["calledAce", "jackOfDiamonds"] = "calledAce"
    doubleOnBump: OnOff = True
    partnerOffHookNoTrick: OnOff = False
    schneiderSymmetric90: OnOff = False
    calledTenBeatsAce: OnOff = False
    noBuryIntoUnknown: OnOff = True
    partnerMayRun: OnOff = False
    noPick: Literal["leaster", "doubler", "forcedPick", "moster", "mittler", "schneidster", "schwanzer"] = "leaster"
    leasterBlind: Literal["lastTrick", "namedTrick", "none"] = "lastTrick"
    leasterMustTakeTrick: OnOff = True
    leasterTie: Literal["wash", "split"] = "wash"
    leasterSweepPaysTriple: OnOff = False
    doublerStacking: Literal["queued", "multiplicative"] = "queued"
    allowCrack: OnOff = True
    crackEligibility: Literal["afterPickerOnly", "anyDefender"] = "afterPickerOnly"
    allowRecrack: OnOff = True
    allowBlitz: Literal["none", "queens", "queensAndJacks"] = "none"
    maxMarks: int = 0
    jdCallUp: OnOff = False
    jdCallTiming: Literal["afterBlind", "beforeBlind"] = "afterBlind"
    renegePenalty: Literal["sideLosesHand", "offenderPaysEach"] = "sideLosesHand"
    allowCallOwnAce: OnOff = False
    jdHybridAceCall: OnOff = False
    jdMustNotBuryJD: OnOff = False
    trumpOrder: Literal["standard", "spitz2", "spitz1", "clubsTrump"] = "standard"
    forcedPickNoBump: OnOff = False
    pot: OnOff = False
    # --- house rules on the five-handed game (issue 6, h6-house): flags that
    # rules.md J has no name for, named here (docs/profiles.md "House rules").
    #: rules.md E-4: a castrate (a further player doubles again) is allowed.
    allowCastrate: OnOff = False
    #: rules.md C-7: the card that makes its holder the partner in the
    #: jack-of-diamonds game (J♦, or the J♣ some groups use).
    jdPartnerCard: Literal["JD", "JC"] = "JD"
    #: rules.md C-9: the picker may call "sheepshead" (contract to take every
    #: trick): off, on, or only when holding the partner card (J♦ / J♣).
    allowSheepsheadCall: Literal["off", "on", "holdingPartnerCard"] = "off"
    # --- issue 6, no-pick area (rules.md D-13, D-14): invented flag, J has none.
    # Which seat ``noPick=forcedPick`` sticks: ``dealer`` (D-13, the last to
    # speak may not pass) or ``schiller`` (D-14, the seat on the dealer's left
    # must pick at once; a hand's own [Rules] can set it for a session's last hand).
    forcedPickSeat: Literal["dealer", "schiller"] = "dealer"

    @property
    def trumps(self) -> TrumpOrder:
        """The trump and fail order this profile plays with."""
        return trump_order(self.trumpOrder)

    def forced_pick_seat(self, dealer: int) -> int | None:
        """The seat that may not pass (rules.md D-13, D-14): the dealer, or
        under ``forcedPickSeat=schiller`` the seat on the dealer's left; None
        unless ``noPick=forcedPick``.  Seats are 0..players-1 clockwise."""
        if self.noPick != "forcedPick":
            return None
        return dealer if self.forcedPickSeat == "dealer" else (dealer + 1) % self.players

    @property
    def partner_card(self) -> Card:
        """The jack-of-diamonds game's partner card (rules.md C-1, C-7)."""
        return Card.CJ if self.jdPartnerCard == "JC" else Card.DJ

    @property
    def hand_size(self) -> int:
        return 6

    @property
    def blind_size(self) -> int:
        return 2

    @property
    def tricks(self) -> int:
        return 6


DEFAULT_PROFILE = RuleProfile()

#: Named profiles (rules.md J): name -> overrides of the defaults.
NAMED_PROFILES: dict[str, dict[str, object]] = {
    "wi5-called-ace": {},
    "wi5-jack-of-diamonds": {"partnerMode": "jackOfDiamonds"},
    # --- house rules (issue 6, h6-house)
    #: rules.md F-7: the 7♦ ("spitz") second-highest trump, called-ace partner.
    "wi5-spitz": {"trumpOrder": "spitz2"},
    #: rules.md F-8: clubs replace diamonds in trump; callable aces ♠ ♥ ♦.
    "wi5-clubs-trump": {"trumpOrder": "clubsTrump"},
    # --- issue 6, no-pick area: one named profile per no-pick game (rules.md D).
    "wi5-forced-pick": {"noPick": "forcedPick"},  # D-13: the dealer is stuck
    "wi5-schiller": {"noPick": "forcedPick", "forcedPickSeat": "schiller"},  # D-14
    "wi5-moster": {"noPick": "moster"},  # D-15
    "wi5-mittler": {"noPick": "mittler"},  # D-16
    "wi5-schneidster": {"noPick": "schneidster"},  # D-17
    "wi5-schwanzer": {"noPick": "schwanzer"},  # D-18
    "wi5-pot": {"pot": True},  # D-19
}

# Flags (and values) the first engine honours; anything else is refused
# (rules.md J: "refused with a clear 'not supported yet' error").
_SUPPORTED_VALUES: dict[str, set[object] | None] = {
    # Every flag value of rules.md J is played now (issue 6: the house rules and
    # the no-pick games); a flag value added later and not played yet goes here.
}

_FIELD_NAMES = set(RuleProfile.model_fields) - {"name", "players"}


def _convert(flag: str, raw: str) -> object:
    field = RuleProfile.model_fields[flag]
    if field.annotation is bool:
        low = raw.lower()
        if low in ("on", "true", "yes", "1"):
            return True
        if low in ("off", "false", "no", "0"):
            return False
        raise ProfileError("E-RULES-VALUE", f"flag {flag} takes on or off, found {raw!r}", found=raw, expected="on or off")
    if field.annotation is int:
        try:
            return int(raw)
        except ValueError:
            raise ProfileError("E-RULES-VALUE", f"flag {flag} takes a whole number, found {raw!r}", found=raw,
                               expected="a whole number") from None
    return raw


@lru_cache(maxsize=256)
def parse_rules(text: str | None) -> RuleProfile:
    """Read a ``[Rules]`` text (``name; flag=value; ...``) into a profile.

    An empty or missing text gives the default ``wi5-called-ace``.  The first
    item may be a profile name; later items are ``flag=value`` overrides.

    Raises :class:`ProfileError` with code ``E-RULES-NAME`` (unknown profile),
    ``E-RULES-FLAG`` (unknown flag), ``E-RULES-VALUE`` (bad value) or
    ``E-RULES-UNSUPPORTED`` (a flag value the engine does not play yet).
    Positions are not known here; the reader attaches the tag's.
    """
    name = "wi5-called-ace"
    overrides: dict[str, object] = {}
    items = [p.strip() for p in (text or "").split(";")]
    for i, item in enumerate(items):
        if not item:
            continue
        if "=" not in item:
            if i != 0:
                raise ProfileError("E-RULES-FLAG", f"{item!r} is not flag=value (only the first item may name a profile)",
                                   found=item, expected="flag=value")
            if item not in NAMED_PROFILES:
                raise ProfileError("E-RULES-NAME", f"unknown rule profile {item!r}", found=item,
                                   expected=" or ".join(sorted(NAMED_PROFILES)))
            name = item
            continue
        flag, _, raw = (s.strip() for s in item.partition("="))
        if flag not in _FIELD_NAMES:
            raise ProfileError("E-RULES-FLAG", f"unknown rule flag {flag!r}", found=flag, expected="a flag of rules.md J")
        overrides[flag] = _convert(flag, raw)
    values = {**NAMED_PROFILES[name], **overrides, "name": name}
    try:
        prof = RuleProfile(**values)
    except ValidationError as exc:
        err = exc.errors()[0]
        flag = str(err["loc"][0]) if err.get("loc") else "?"
        raise ProfileError("E-RULES-VALUE", f"bad value for {flag}: {err['msg']}", found=str(values.get(flag)),
                           expected=err["msg"]) from None
    for flag, allowed in _SUPPORTED_VALUES.items():
        val = getattr(prof, flag)
        if allowed is not None and val not in allowed:
            shown = ("on" if val else "off") if isinstance(val, bool) else str(val)
            raise ProfileError("E-RULES-UNSUPPORTED", f"{flag}={shown} is not supported yet (rules.md J)",
                               found=f"{flag}={shown}", expected="a flag value the engine plays")
    _check_combination(prof)
    return prof


def _check_combination(prof: RuleProfile) -> None:
    """Flag values that make sense alone but not together (house rules,
    h6-house): the call-up order of rules.md C-4a starts above the J♦, so it
    is not defined for the J♣ partner card of C-7."""
    if prof.jdPartnerCard == "JC" and prof.jdCallUp:
        raise ProfileError("E-RULES-VALUE", "jdCallUp=on with jdPartnerCard=JC: rules.md C-4a orders the call-up "
                           "above the J♦ only; no call-up order is known for the J♣ partner card",
                           found="jdPartnerCard=JC; jdCallUp=on", expected="jdCallUp=off with jdPartnerCard=JC")


def profile_text(profile: RuleProfile) -> str:
    """The shortest ``[Rules]`` text that gives ``profile``: its name plus the
    flags that differ from that name's defaults, in field order."""
    base = RuleProfile(**NAMED_PROFILES[profile.name], name=profile.name)
    parts = [profile.name]
    for f in RuleProfile.model_fields:
        if f in ("name", "players"):
            continue
        v, b = getattr(profile, f), getattr(base, f)
        if v != b:
            parts.append(f"{f}={('on' if v else 'off') if isinstance(v, bool) else v}")
    return "; ".join(parts)
