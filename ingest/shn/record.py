"""What an SHN file says, as data: the facts of each hand with the position
that wrote them.  The classes live in :mod:`replay.facts` (the judge,
:mod:`replay.judge`, decides a hand from them); the reader
(``ingest.shn.reader``) makes them from text and the writer
(``ingest.shn.writer``) writes them back.  This module re-exports them for
the notation's code."""

from replay.facts import *  # noqa: F401,F403 - the notation's records are the judge's facts
from replay.facts import __all__  # noqa: F401
