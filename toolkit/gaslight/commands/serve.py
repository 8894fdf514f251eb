"""``gaslight serve``: the project's site, rebuilt as you save (see :mod:`gaslight.serve`)."""

from __future__ import annotations

import argparse

from gaslight.commands.context import require_config


def run(args: argparse.Namespace) -> int:
    from gaslight.serve import serve

    return serve(require_config(args), args.dev_addr)
