"""Outputs: the site, printables and engine exports, built from a checked project.

Each contributor is a function ``contribute(project, out)`` that adds pages,
printables and data files to a :class:`~gaslight.outputs.sink.BuildOutput`.
They run in this order; each owns its own module.
"""

CONTRIBUTORS: tuple[str, ...] = (
    "gaslight.outputs.home:contribute",
    "gaslight.outputs.engine:contribute",
    "gaslight.outputs.tts_board:contribute",  # before boards: the board pages link what it wrote
    "gaslight.outputs.boards:contribute",
    "gaslight.outputs.balance:contribute",
    "gaslight.outputs.rules:contribute",
    "gaslight.outputs.walton:contribute",
    "gaslight.outputs.decks:contribute",
    "gaslight.outputs.home:link_sections",
)

# What each contributor reads, by kind of scenario file: the live preview re-runs a contributor only
# when a file of one of these kinds changed. A contributor not listed here re-runs on every change.
READS: dict[str, frozenset[str]] = {
    "gaslight.outputs.home:contribute": frozenset({"ruleset"}),
    "gaslight.outputs.engine:contribute": frozenset({"board", "ruleset", "mansion", "case"}),
    "gaslight.outputs.boards:contribute": frozenset({"board", "ruleset"}),
    "gaslight.outputs.balance:contribute": frozenset({"board", "ruleset"}),
    "gaslight.outputs.rules:contribute": frozenset({"ruleset"}),
    "gaslight.outputs.walton:contribute": frozenset({"ruleset", "mansion", "case"}),
    "gaslight.outputs.decks:contribute": frozenset({"deck", "ruleset", "mansion", "case"}),
    "gaslight.outputs.tts_board:contribute": frozenset({"board", "ruleset"}),
}
