"""What several foundation tests set up the same way: a fresh `gaslight init` project on disk, a free port."""

from __future__ import annotations

import socket
from pathlib import Path

from gaslight.commands.init import project_files


def new_project(folder: Path, title: str = "Requests") -> Path:
    """The files `gaslight init` writes for ``title``, in ``folder/game``; returns that folder."""
    root = folder / "game"
    for path, text in project_files(root, title).items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])
