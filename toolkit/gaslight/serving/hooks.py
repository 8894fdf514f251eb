"""MkDocs hooks of ``gaslight serve``'s builds (its generated MkDocs config names this file).

Every save builds with a new MkDocs environment, which compiled every template again (about a second of each
save): the compiled templates are kept beside the generated config, in the server's scratch folder, and Jinja
compiles again only a template whose source changed (it keys them by name and source checksum).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemBytecodeCache

COMPILED = "compiled-templates"


def on_env(env: Environment, config: Any, files: Any) -> Environment:
    """MkDocs' ``on_env`` event: the environment keeps compiled templates in the scratch folder."""
    folder = Path(config.config_file_path).parent / COMPILED
    folder.mkdir(exist_ok=True)
    env.bytecode_cache = FileSystemBytecodeCache(str(folder))
    return env
