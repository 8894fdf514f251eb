"""Scoring for the card games: Ripper rummy (:mod:`.rummy`) and 24 (:mod:`.twentyfour`).

Both take frozen dataclasses in and give frozen results out; every number a
rule uses is a field of a rules dataclass whose defaults are the seeds' values.
The site's calculators (``site/assets/calculators/*.js``) mirror these
functions and are tested against the same fixtures.
"""

from __future__ import annotations


class ScoringError(ValueError):
    """The scoring input describes something the rules do not allow (named in the message)."""
