"""``gaslight new KIND PATH``: a valid, commented starter file with the schema modeline.

Inside a project the modeline points at the project's schema copy
(``.gaslight/schemas``, written when missing) and the new file's id is made
from its file name, kept distinct from every id the project already uses.
"""

from __future__ import annotations

import argparse
import os
import re
from collections.abc import Iterator, Sequence
from pathlib import Path

from gaslight.commands.context import project_config
from gaslight.commands.schemas import LOCAL_SCHEMAS, modeline, write_schemas
from gaslight.config import ProjectConfig
from gaslight.errors import EXIT_OK, UsageError, UserError
from gaslight.languages import main_language
from gaslight.resources import STARTER_DIR

SCHEMAS = {"board": "board.schema.json", "case": "case.schema.json", "deck": "deck.schema.json",
           "mansion": "mansion.schema.json", "ruleset": "ruleset.schema.json"}
_ID_LINE = re.compile(r"^id:\s*(\S+)", re.MULTILINE)


def slug(stem: str) -> str:
    """A file name as an id: ``My Board 2`` → ``my-board-2`` (ids start with a letter).

    >>> slug("My Board 2"), slug("2nd-night")
    ('my-board-2', 'x-2nd-night')
    """
    text = re.sub(r"[^a-z0-9_.-]+", "-", stem.lower()).strip("-") or "new"
    return text if text[0].isalpha() else f"x-{text}"


SMALL_WORDS = frozenset("a an and as at but by for in nor of on or the to with".split())


def headline(stem: str) -> str:
    """A file or folder name as a title: each word capitalised, small words after the first kept small.

    >>> headline("the-gardener's-ledger"), headline("oil_and_chalk"), headline("Fog Street")
    ("The Gardener's Ledger", 'Oil and Chalk', 'Fog Street')
    """
    words = stem.replace("-", " ").replace("_", " ").split()
    return " ".join(word.lower() if position and word.lower() in SMALL_WORDS else word[:1].upper() + word[1:]
                    for position, word in enumerate(words))


def project_texts(config: ProjectConfig, skip: Path | None = None) -> Iterator[str]:
    """The text of each of the project's own scenario files but ``skip`` (read as text: fast, and works on broken
    files)."""
    from gaslight.discover import walk

    found = walk(config.content, ignore_root=config.root, exclude=config.exclude, prune=(config.output,))
    for path in found.scenarios:
        if skip is not None and path.resolve() == skip.resolve():
            continue
        try:
            yield path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue


def used_ids(config: ProjectConfig) -> set[str]:
    """Every top-level id in the project's own files (a text scan)."""
    return {match.group(1).strip("'\"") for text in project_texts(config) if (match := _ID_LINE.search(text))}


def fresh_id(stem: str, taken: set[str]) -> str:
    """``stem`` as an id, numbered when the project already has it.

    >>> fresh_id("market", {"market", "market-2"})
    'market-3'
    """
    base = slug(stem)
    candidate, n = base, 1
    while candidate in taken:
        n += 1
        candidate = f"{base}-{n}"
    return candidate


def with_header(body: str, first_line: str, new_id: str | None) -> str:
    """``body`` with its modeline replaced by ``first_line`` and its top-level id by ``new_id``."""
    lines = body.splitlines()
    if lines and lines[0].startswith("# yaml-language-server:"):
        lines = lines[1:]
    text = "\n".join([first_line, *lines]) + "\n"
    if new_id is not None:
        text = _ID_LINE.sub(f"id: {new_id}", text, count=1)
    return text


def check_circles(kind: str, circles: int | None) -> None:
    """``--circles`` only for a board, and within what the generator draws in seconds (a usage error if not)."""
    if circles is None:
        return
    from gaslight.domain.board.generate import MAX_CIRCLES, MIN_CIRCLES

    if kind != "board":
        raise UsageError("--circles only applies to 'gaslight new board'")
    if circles < MIN_CIRCLES:
        raise UsageError(f"--circles must be at least {MIN_CIRCLES}")
    if circles > MAX_CIRCLES:
        raise UsageError(f"--circles must be at most {MAX_CIRCLES} (it takes {MIN_CIRCLES} to {MAX_CIRCLES}; "
                         "a larger map would take minutes to draw)")


def starter_body(kind: str, target: Path, circles: int | None, seed: int) -> str:
    check_circles(kind, circles)
    if circles is not None:
        from gaslight.domain.board.generate import generate_board_yaml
        from gaslight.domain.board.street_map import GenerationError

        try:
            return generate_board_yaml(circles=circles, seed=seed, board_id=target.stem)
        except GenerationError as exc:
            raise UserError(f"{exc}; try another --seed") from None
    return (STARTER_DIR / f"{kind}.yaml").read_text(encoding="utf-8")


def starter_text(kind: str, target: Path, circles: int | None = None, seed: int = 1,
                 project_root: Path | None = None, new_id: str | None = None) -> str:
    """The starter for ``kind`` written at ``target``: its modeline relative to the file (and ``new_id``).

    A new ruleset is a game of its own: its ``game`` takes the new id too, so two never share a site section.
    """
    text = with_header(starter_body(kind, target, circles, seed), modeline(target, SCHEMAS[kind], project_root), new_id)
    if kind == "ruleset" and new_id is not None:
        text = re.sub(r"^game: my-game\b", f"game: {new_id}", text, count=1, flags=re.MULTILINE)
    return text


BOARD_SEED = 1  # a generated board without --seed: the same map every time, as before
SEEDS = 100_000  # fresh case seeds are drawn below this: short enough to type back


def fresh_seed() -> int:
    """A seed for a case drafted without ``--seed``: every draft a new plot (a fixed default gave every new case
    the same culprit, motive and weapon).

    >>> 0 <= fresh_seed() < SEEDS
    True
    """
    return int.from_bytes(os.urandom(4), "big") % SEEDS


STARTER_MANSION = "walton-house"  # the mansion the commented starter case (starters/case.yaml) is set in


def project_mansions(config: ProjectConfig) -> dict[str, Path]:
    """The project's mansion files by id, found by a text scan of each file's header (a drafted case needs its
    mansion only: loading the whole project took most of a small case's time; the generator checks the file)."""
    from gaslight.discover import UNREADABLE, read_header, walk

    found = walk(config.content, ignore_root=config.root, exclude=config.exclude, prune=(config.output,))
    mansions: dict[str, Path] = {}
    for path in found.scenarios:
        header = read_header(path)
        if header.kind == "mansion":
            mansions.setdefault(header.id if header.id and header.id != UNREADABLE else path.stem, path)
    return mansions


def _mansion_file(config: ProjectConfig | None, choice: str | None, mansions: dict[str, Path] | None = None) -> Path:
    """The mansion a generated case is set in: a file, an id of the project, or the project's only mansion
    (``mansions``: the project's, when they are found already)."""
    if choice and Path(choice).is_file():
        return Path(choice)
    if config is None:
        raise UsageError("--difficulty needs a mansion: name its file with --mansion, or work inside a project")
    mansions = project_mansions(config) if mansions is None else mansions
    if choice:
        if choice not in mansions:
            raise UserError(f"no mansion '{choice}' in this project")
        mansions = {choice: mansions[choice]}
    if len(mansions) != 1:
        names = ", ".join(sorted(mansions)) or "none"
        raise UserError(f"a drafted case needs one mansion; the project has {names} (pick one with --mansion, "
                        "or add one with `gaslight new mansion`)")
    return next(iter(mansions.values()))


def card_language(args: argparse.Namespace, config: ProjectConfig | None) -> str:
    """The language a drafted case's cards are written in: ``--lang``, else the project's first language when the
    cards have phrasings in it, else English.

    >>> card_language(argparse.Namespace(lang="ja"), None), card_language(argparse.Namespace(lang=None), None)
    ('ja', 'en')
    """
    from gaslight.domain.walton.generate import CARD_LANGUAGES

    if getattr(args, "lang", None):
        return str(args.lang)
    first = main_language(config)
    return first if first in CARD_LANGUAGES else "en"


def japanese_title(house: str, texts: Sequence[str]) -> str:
    """A drafted case's Japanese title: the mansion's case, numbered when one of ``texts`` (the project's files)
    already has that title, so the site's list tells the drafts apart until the designer names them.

    >>> japanese_title("ウォルトン邸", []), japanese_title("ウォルトン邸", ['title: {en: A, ja: ウォルトン邸の事件}'])
    ('ウォルトン邸の事件', 'ウォルトン邸の事件（その2）')
    """
    title, n = f"{house}の事件", 1
    while any(re.search(re.escape(title) + r"(?=[\"'},\n]|$)", text) for text in texts):
        n += 1
        title = f"{house}の事件（その{n}）"
    return title


def title_args(target: Path, config: ProjectConfig | None, mansion: Path, language: str) -> list[str]:
    """The generator's title for a case drafted at ``target``: in English the file name as a title ("Case Three");
    with Japanese cards a Japanese one (:func:`japanese_title`), and in a project that has English too a map of
    both, in the project's order, so no language's pages go without it."""
    from gaslight.domain.walton.generate import CARD_LANGUAGES
    from gaslight.languages import pick
    from gaslight.yamlio import parse_file

    doc, _ = parse_file(mansion, str(mansion))
    house = doc.data.get("title") if doc is not None and isinstance(doc.data, dict) else None
    if language == "en" or not house:  # an unreadable mansion: the generator says what is wrong with it
        return ["--title", headline(target.stem)]
    codes = [code for code in (config.languages if config else ()) if code in CARD_LANGUAGES]
    codes += [] if language in codes else [language]
    texts = list(project_texts(config, target)) if config is not None else []
    titles = {"en": headline(target.stem), "ja": japanese_title(str(pick(house, "ja")), texts)}
    if len(codes) == 1:
        return ["--title", titles[language]]
    return [arg for code in codes for arg in ("--title-in", code, titles[code])]


def generate_case(args: argparse.Namespace, target: Path, config: ProjectConfig | None,
                  mansions: dict[str, Path] | None = None) -> int:
    """``gaslight new case PATH --difficulty X``: the case generator, in a mansion of the project."""
    from gaslight.domain.walton.generate import main as generate

    mansion = _mansion_file(config, args.mansion, mansions)
    seed = fresh_seed() if args.seed is None else args.seed
    argv = ["--difficulty", args.difficulty, "--seed", str(seed), "--out", str(target),
            "--mansion", str(mansion)]
    language = card_language(args, config)
    argv += title_args(target, config, mansion, language)
    if config is not None and args.path:
        argv += ["--id", fresh_id(target.stem, used_ids(config) - _own_id(target))]
    if config is not None and target.parent.is_dir():
        argv += ["--vary-from", str(target.parent)]  # a new case of a set finds its culprit another way
    if language != "en":
        argv += ["--lang", language]  # English keeps the generator's own default (the same bytes as before)
    code = generate([*argv, "--force"] if args.force else argv)
    if code == 0 and config is not None:
        target.write_text(with_header(target.read_text(encoding="utf-8"),
                                      modeline(target, SCHEMAS["case"], config.root), None),
                          encoding="utf-8", newline="\n")
        if not any(mansion.resolve().is_relative_to(folder) for folder in config.content):
            print(f"note: the case is set in {mansion}, which is not among the project's files, so `gaslight check` "
                  "will not find its mansion; copy that file into the project (each mansion of a project has an "
                  "id of its own)")
    if code == 0 and args.seed is None:  # the file's header names it too, but a designer reads the terminal
        print(f"seed {seed}; pass --seed {seed} to draft it again")
    return code


def _own_id(target: Path) -> set[str]:
    """The id of the file being replaced (with --force) does not count as taken."""
    if not target.is_file():
        return set()
    match = _ID_LINE.search(target.read_text(encoding="utf-8", errors="replace"))
    return {match.group(1)} if match else set()


def write_starter(args: argparse.Namespace) -> int:
    target = Path(args.path)
    if target.is_dir():
        raise UsageError(f"{target} is a folder; name the file to write, such as {target / f'new-{args.kind}.yaml'}")
    if target.exists() and not args.force:
        raise UsageError(f"{target} already exists (use --force to overwrite)")
    check_circles(args.kind, args.circles)
    if args.mansion and args.kind != "case":
        raise UsageError("--mansion only applies to 'gaslight new case'")
    if getattr(args, "lang", None) and args.kind != "case":
        raise UsageError("--lang only applies to 'gaslight new case'")
    config = project_config(args, near=[target.parent] if target.parent.exists() else [])
    if config is not None and not (config.root / LOCAL_SCHEMAS).is_dir():
        write_schemas(config.root)
    if args.difficulty is not None and args.kind != "case":
        raise UsageError("--difficulty only applies to 'gaslight new case'")
    if args.kind == "case":
        # The commented starter is set in the bundled house: in another mansion, a drafted case checks clean at once.
        # The starter's comments and cards are English: cards in another language are drafted.
        level = args.difficulty or ("I" if args.mansion or card_language(args, config) != "en" else None)
        mansions = None
        if level is None and config is not None:
            mansions = project_mansions(config)
            if STARTER_MANSION not in mansions:
                print(f"the commented starter case is set in the bundled mansion '{STARTER_MANSION}', which this "
                      "project does not have; drafting an easy case in the project's mansion instead "
                      "(--difficulty picks another level)")
                level = "I"
        if level is not None:
            return generate_case(argparse.Namespace(**{**vars(args), "difficulty": level}), target, config, mansions)
    new_id = fresh_id(target.stem, used_ids(config) - _own_id(target)) if config is not None else None
    seed = BOARD_SEED if args.seed is None else args.seed
    text = starter_text(args.kind, target, args.circles, seed, config.root if config else None, new_id)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text, encoding="utf-8", newline="\n")
    print(f"wrote {target}; check it with: gaslight check {target}")
    return EXIT_OK
