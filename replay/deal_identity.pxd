# Cython declarations augmenting replay/deal_identity.py (issue 17), read only by
# `python -m ingest.fastpath`: compiled, a deal's card mask is read byte by byte
# as a 64-bit unsigned C int (the cards are 0..33), and _mask_names is a C call
# of deal_id_of_masks.  The .py runs unchanged without Cython.

cimport cython

@cython.locals(mask=cython.ulonglong)
cpdef bytes _mask_names(mask)
