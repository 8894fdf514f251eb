"""The worlds a case program has found, kept to answer later questions without a solve.

A world is two bit masks: the cards it contradicts and its true shown atoms
(:data:`Witness`). The pool holds the latest ``size`` worlds and indexes them
by bit: for every card, the worlds that contradict it; for every atom, the
worlds that make it true. Finding the latest world that fits a question
(contradicts none of these cards, makes these atoms true and those false) is
then a few big-integer operations on sets of worlds, not a pass over them all.

>>> pool = WorldPool(size=2)
>>> pool.keep((0b01, 0b10)); pool.keep((0b10, 0b11))
>>> list(pool.fitting(cards=0b10, must=0, avoid=0))  # the latest world that spares card bit 0b10
[(1, 2)]
>>> list(pool.fitting(cards=0, must=0b01, avoid=0)), list(pool.fitting(cards=0, must=0, avoid=0b10))
([(2, 3)], [])
>>> pool.keep((0, 0)); list(pool.fitting(cards=0b10, must=0, avoid=0))  # (1, 2) is no longer kept
[(0, 0)]
>>> pool.since(1), pool.count, pool.latest(cards=0, must=0b10, avoid=0)
([(2, 3), (0, 0)], 3, (2, 3))
>>> pool.keep((0, 0b10)); pool.latest_making(cards=0b01, atoms=[0b01, 0b10])  # latest(0b01, atom, 0) per atom
[None, (0, 2)]
"""

from __future__ import annotations

from collections.abc import Iterator

# A world a solve found, as bit masks: (the cards it contradicts, its true shown atoms).
Witness = tuple[int, int]


def bits(mask: int) -> Iterator[int]:
    """The set bits of ``mask``, lowest first.

    >>> list(bits(0b1010))
    [2, 8]
    """
    while mask:
        bit = mask & -mask
        yield bit
        mask ^= bit


class WorldPool:
    """The latest ``size`` worlds kept, indexed by the cards they contradict and the atoms they make true."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._worlds: list[Witness] = []  # kept since the last trim, in order: world i has slot bit 1 << i
        self._dropped = 0  # worlds forgotten for good (the list is trimmed now and then, not on every keep)
        self._breaking: dict[int, int] = {}  # card bit -> the worlds (slot bits) that contradict that card (cards
        # asked about)
        self._cards_asked = 0  # the cards some question has named: only those are indexed (the generator's search
        # programs hold hundreds of cards, a world contradicts many, and its questions name few)
        self._making: dict[int, int] = {}  # atom bit -> the worlds that make that atom true (atoms asked about)
        self._asked = 0  # the atoms some question has named: only those are indexed (a world has many true atoms)

    @property
    def count(self) -> int:
        """How many worlds were ever kept."""
        return self._dropped + len(self._worlds)

    def keep(self, world: Witness) -> None:
        if len(self._worlds) >= 4 * self.size:
            self._forget(len(self._worlds) - self.size)
        slot = 1 << len(self._worlds)
        self._worlds.append(world)
        broken, true = world
        broken &= self._cards_asked
        breaking, making = self._breaking, self._making
        while broken:  # the bit loops written out, as in _fits: a proof keeps hundreds of worlds
            bit = broken & -broken
            breaking[bit] = breaking.get(bit, 0) | slot
            broken ^= bit
        true &= self._asked
        while true:
            bit = true & -true
            making[bit] |= slot
            true ^= bit

    def fitting(self, cards: int, must: int, avoid: int) -> Iterator[Witness]:
        """The kept worlds that contradict none of the ``cards`` and make every ``must`` atom true and every
        ``avoid`` atom false, latest first."""
        fits = self._fits(cards, must, avoid)
        while fits:
            top = fits.bit_length() - 1
            yield self._worlds[top]
            fits ^= 1 << top

    def latest(self, cards: int, must: int, avoid: int) -> Witness | None:
        """The first world :meth:`fitting` would give (None when none fits): the question most often asked."""
        fits = self._fits(cards, must, avoid)
        return self._worlds[fits.bit_length() - 1] if fits else None

    def latest_making(self, cards: int, atoms: list[int]) -> list[Witness | None]:
        """For each atom bit of ``atoms``: the latest kept world that contradicts none of the ``cards`` and makes
        it true (None when none does); :meth:`latest` asked once per atom, the cards' part worked out once."""
        spared = self._fits(cards, 0, 0)
        every = 0
        for atom in atoms:
            every |= atom
        if every & ~self._asked:
            self._index(every)
        found: list[Witness | None] = []
        for atom in atoms:
            fits = spared & self._making.get(atom, 0)
            found.append(self._worlds[fits.bit_length() - 1] if fits else None)
        return found

    def _fits(self, cards: int, must: int, avoid: int) -> int:
        """The slots of the kept worlds that fit (see :meth:`fitting`). The hot loop of every question: the bit
        loops are written out (no generator, no helper call)."""
        if (must | avoid) & ~self._asked:
            self._index(must | avoid)
        if cards & ~self._cards_asked:
            self._index_cards(cards)
        held = len(self._worlds)
        fits = (1 << held) - (1 << (held - self.size if held > self.size else 0))  # the latest ``size``
        breaking, making = self._breaking, self._making
        blocked = 0
        while cards:
            bit = cards & -cards
            blocked |= breaking.get(bit, 0)
            cards ^= bit
        while avoid:
            bit = avoid & -avoid
            blocked |= making.get(bit, 0)
            avoid ^= bit
        fits &= ~blocked
        while must and fits:
            bit = must & -must
            fits &= making.get(bit, 0)
            must ^= bit
        return fits

    def since(self, count: int) -> list[Witness]:
        """The worlds kept after the first ``count`` that are still kept."""
        fresh = min(self.count - count, self.size, len(self._worlds))
        return self._worlds[len(self._worlds) - fresh:] if fresh > 0 else []

    def _index(self, atoms: int) -> None:
        """Index the worlds kept so far by the ``atoms`` not yet indexed (from now on, keeping a world does)."""
        for bit in bits(atoms & ~self._asked):
            self._making[bit] = sum(1 << slot for slot, (_, true) in enumerate(self._worlds) if true & bit)
        self._asked |= atoms

    def _index_cards(self, cards: int) -> None:
        """Index the worlds kept so far by the ``cards`` not yet indexed (from now on, keeping a world does)."""
        for bit in bits(cards & ~self._cards_asked):
            slots = sum(1 << slot for slot, (broken, _) in enumerate(self._worlds) if broken & bit)
            if slots:
                self._breaking[bit] = slots
        self._cards_asked |= cards

    def _forget(self, drop: int) -> None:
        self._dropped += drop
        self._worlds = self._worlds[drop:]
        self._breaking = {bit: slots >> drop for bit, slots in self._breaking.items() if slots >> drop}
        self._making = {bit: slots >> drop for bit, slots in self._making.items()}  # asked atoms keep a key


def _union(index: dict[int, int], mask: int) -> int:
    """The union of ``index[bit]`` over the set bits of ``mask`` (the hot loop of a question: no generator)."""
    found = 0
    while mask:
        bit = mask & -mask
        found |= index.get(bit, 0)
        mask ^= bit
    return found
