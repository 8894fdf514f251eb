"""Outputs: the site, printables and engine exports, built from a checked project.

Each contributor is a function ``contribute(project, out)`` that adds pages,
printables and data files to a :class:`~toolkit.outputs.sink.BuildOutput`.
They run in this order; each owns its own module.
"""

CONTRIBUTORS: tuple[str, ...] = (
    "toolkit.outputs.home:contribute",
    "toolkit.outputs.engine:contribute",
    "toolkit.outputs.boards:contribute",
    "toolkit.outputs.rules:contribute",
    "toolkit.outputs.walton:contribute",
    "toolkit.outputs.decks:contribute",
    "toolkit.outputs.home:link_sections",
)
