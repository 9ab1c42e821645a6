# Cython declarations augmenting replay/state.py (issue 17), read only by
# `python -m ingest.fastpath`: compiled, GameState is an extension type whose
# attributes are struct fields instead of slot descriptors.  An attribute is
# a C type only where its value is provably a small int (a trick number, a
# seat, a count of seats or tricks, a suit 0..4 or -1) or a card mask (the
# cards are 0..33: a 64-bit unsigned int holds any mask of them), a bint where
# it is only ever True or False, a list (a dict) where it is only ever a list
# (the profile's dict of the strongest card by mask, _tops: read with a C
# dict look-up once a trick); every
# other attribute stays a Python object (None, an enum, a Card), so the
# compiled and the pure-Python paths give the same verdicts
# (tests/test_fastpath.py checks the names against GameState.__slots__ and
# that replayed hands keep every typed attribute in its range).  The hot
# methods' int and mask locals are C types too (a card's bit is _ONE << card,
# shifted in 64 bits); the seat that plays a card and the seat that wins a trick are C
# ints (a seat is 0..7).  The .py runs unchanged without Cython.

cimport cython
from replay.cards cimport points_of  # a C call (replay/cards.pxd)

cdef unsigned long long _ONE

# the helpers a deal calls once (GameState.__init__): C calls within the module
cpdef tuple _profile_facts(profile)
cpdef bury_count_error(profile, cards)

@cython.locals(best=cython.int, top=cython.int, c=cython.int, st=cython.int)
cpdef int _strongest(unsigned long long mask, tuple strength) except? -2

cdef class GameState:
    cdef public object profile
    cdef public int n
    cdef public object dealer
    cdef public list hands
    cdef public object blind
    cdef public object complete
    cdef public object stake
    cdef public object phase
    cdef public int to_act
    cdef public object passes
    cdef public object picker
    cdef public object bury
    cdef public object bury_known
    cdef public object called
    cdef public object under
    cdef public object call_type
    cdef public object partner
    cdef public object alone
    cdef public object cracks
    cdef public object recracks
    cdef public object castrates
    cdef public object blitzes
    cdef public object sheepshead
    cdef public object crack_seats
    cdef public object marks_log
    cdef public int trick_no
    cdef public int leader
    cdef public list trick
    cdef public object _pcard
    cdef public object _hybrid
    cdef public unsigned long long trick_mask
    cdef public list tricks
    cdef public list taken
    cdef public list ntaken
    cdef public object called_trick
    cdef public object partner_revealed
    cdef public object reneges
    cdef public object leaster
    cdef public object claimed
    cdef public object claim_seat
    cdef public object claim_points_known
    cdef public object claim_after
    cdef public object claimed_cards
    cdef public object _order
    cdef public object _called_suit_mask
    cdef public object _fail_masks
    cdef public object _dealt
    cdef public object last_winner
    cdef public object _suit_of
    cdef public object _strength
    cdef public int _nt
    cdef public bint _special
    cdef public int _cs
    cdef public int _led
    cdef public object _ten_up
    cdef public object _suit_masks
    cdef public object nopick
    cdef public object blind_trick
    cdef public object pot
    cdef public object sitting
    cdef public int np
    cdef public object partner2
    cdef public object down
    cdef public object _under
    cdef public object table
    cdef public object hands_known
    cdef public object roll
    cdef public object shared
    cdef public object _ft_mask
    cdef public object first_two
    cdef public object given
    cdef public object _succ
    cdef public unsigned long long _led_mask
    cdef public bint _rare
    cdef public dict _tops
    cdef public object _forced

    cpdef apply(self, action)
    # the methods the engine and the judge call once or a few times a hand (the pick, bury, call, the
    # settlement): C calls from replay/state.py and replay/judge_wi.py, no Python method look-up
    cpdef bint _shared(self)
    cpdef _picked_cards(self)
    cpdef _holder(self, card)
    cpdef tuple legal_calls(self)
    cpdef bint side_of(self, seat)
    cpdef tuple partners(self)
    cpdef dict marks(self)
    cpdef picked_outcome(self, pts, tricks)
    cpdef settlement(self)
    cpdef _settlement(self)
    cpdef eff_suit(self, card)
    cpdef bint _calls_active(self)
    cpdef _follow_mask(self, int seat, int led)
    @cython.locals(h=cython.ulonglong, last=cython.bint, active=cython.bint, others=cython.ulonglong,
                   legal=cython.ulonglong)
    cpdef legal_mask(self, int seat)
    @cython.locals(c=cython.int, bit=cython.ulonglong, h=cython.ulonglong, lm=cython.ulonglong, ok=cython.bint)
    cpdef play(self, int seat, card, renege=*)
    @cython.locals(ubit=cython.ulonglong, lm=cython.ulonglong, es=cython.int, cs=cython.int)
    cdef _lead(self, card)
    @cython.locals(tm=cython.ulonglong, contest=cython.ulonglong, no=cython.int, w=cython.int, top=cython.int,
                   c=cython.int)
    cpdef _end_trick(self)
