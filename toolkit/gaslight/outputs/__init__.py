"""Outputs: the site, printables and engine exports, built from a checked project.

Each contributor is a function ``contribute(project, out)`` that adds pages,
printables and data files to a :class:`~gaslight.outputs.sink.BuildOutput`.
They run in this order; each owns its own module.
"""

CONTRIBUTORS: tuple[str, ...] = (
    "gaslight.outputs.home:contribute",
    "gaslight.outputs.engine:contribute",
    "gaslight.outputs.boards:contribute",
    "gaslight.outputs.rules:contribute",
    "gaslight.outputs.walton:contribute",
    "gaslight.outputs.decks:contribute",
    "gaslight.outputs.home:link_sections",
)
