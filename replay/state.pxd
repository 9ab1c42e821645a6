# Cython declarations augmenting replay/state.py (issue 17), read only by
# `python -m ingest.fastpath`: compiled, GameState is an extension type whose
# attributes are struct fields instead of slot descriptors.  Every attribute
# stays a Python object (a C type would change what the source does: an int
# that overflows, a None refused), so the compiled and the pure-Python paths
# give the same verdicts.  Keep the names in step with GameState.__slots__
# (tests/test_fastpath.py checks it); the .py runs unchanged without Cython.

cdef class GameState:
    cdef public object profile
    cdef public object n
    cdef public object dealer
    cdef public object hands
    cdef public object blind
    cdef public object complete
    cdef public object stake
    cdef public object phase
    cdef public object to_act
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
    cdef public object trick_no
    cdef public object leader
    cdef public object trick
    cdef public object _pcard
    cdef public object _hybrid
    cdef public object trick_mask
    cdef public object tricks
    cdef public object taken
    cdef public object ntaken
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
    cdef public object _nt
    cdef public object _special
    cdef public object _cs
    cdef public object _led
    cdef public object _ten_up
    cdef public object _suit_masks
    cdef public object nopick
    cdef public object blind_trick
    cdef public object pot
    cdef public object sitting
    cdef public object np
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
    cdef public object _led_mask
    cdef public object _rare
    cdef public object _tops
