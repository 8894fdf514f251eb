"""Boards of the Whitechapel hunt: model, geometry, graph, checks, moves, generator, export."""
