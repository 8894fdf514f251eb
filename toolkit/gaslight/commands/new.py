"""``gaslight new KIND PATH``: a valid, commented starter file with the schema modeline."""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from gaslight.errors import EXIT_OK, UsageError
from gaslight.kinds import KINDS, resolve
from gaslight.resources import BUNDLED_DIR, SCHEMA_DIR, STARTER_DIR


def modeline(target: Path, kind: str) -> str:
    schema = SCHEMA_DIR / KINDS[kind].schema
    rel = os.path.relpath(schema, target.resolve().parent)
    return f"# yaml-language-server: $schema={Path(rel).as_posix()}"


def starter_text(kind: str, target: Path, circles: int | None = None, seed: int = 1) -> str:
    """The starter for ``kind``, with a modeline relative to ``target``."""
    if circles is not None:
        if kind != "board":
            raise UsageError("--circles only applies to 'gaslight new board'")
        if circles < 4:
            raise UsageError("--circles must be at least 4")
        generate = resolve("gaslight.domain.board.generate:generate_board_yaml")
        body = generate(circles=circles, seed=seed, board_id=target.stem)
    else:
        body = (STARTER_DIR / KINDS[kind].starter).read_text(encoding="utf-8")
    lines = body.splitlines()
    if lines and lines[0].startswith("# yaml-language-server:"):
        lines = lines[1:]
    return "\n".join([modeline(target, kind), *lines]) + "\n"


def generate_case(target: Path, difficulty: str, seed: int, force: bool) -> int:
    """``gaslight new case PATH --difficulty X``: the case generator, beside the bundled mansion."""
    from gaslight.domain.walton.generate import main as generate

    argv = ["--difficulty", difficulty, "--seed", str(seed), "--out", str(target),
            "--mansion", str(BUNDLED_DIR / "walton" / "mansion.yaml")]
    return generate([*argv, "--force"] if force else argv)


def write_starter(args: argparse.Namespace) -> int:
    target = Path(args.path)
    if target.exists() and not args.force:
        raise UsageError(f"{target} already exists (use --force to overwrite)")
    if args.difficulty is not None:
        if args.kind != "case":
            raise UsageError("--difficulty only applies to 'gaslight new case'")
        return generate_case(target, args.difficulty, args.seed, args.force)
    text = starter_text(args.kind, target, args.circles, args.seed)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text, encoding="utf-8")
    print(f"wrote {target}; check it with: gaslight check {target}")
    return EXIT_OK
