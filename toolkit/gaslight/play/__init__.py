"""Play without a browser: each game's engine runs under Node.js, and its self-play or playtest report.

A module per game, as ``site/engine/`` has a folder per game: ``hunt`` (bot self-play on a board, ``gaslight
balance``), ``walton`` (bots at a case's table, ``gaslight playtest CASE``), ``rummy`` and ``twentyfour`` (the
card games' data and self-play); ``node`` runs an engine script and splits games over workers for all of them.
"""
