"""The home page and the hand-written reference pages' place in the menu.

``contribute`` runs first (menu entries for hand-written pages);
``link_sections`` runs last and writes the home page: the project's title and
description (as text) and a link to every section the other contributors
filled, so the home page never links a page that does not exist.
"""

from __future__ import annotations

from gaslight.languages import ENGLISH, main_language, nav_translations, site_word
from gaslight.outputs.sink import GAME_SITES, BuildOutput
from gaslight.outputs.text import md_text
from gaslight.project import Project
from gaslight.resources import SITE_DIR

HOME = "index.md"
FALLBACK_DESCRIPTION = ("Scenarios checked, proven and published with Gaslight: rules, boards, cases and decks, "
                        "with printable sheets and games to play in the browser.")


RULINGS = "reference/rulings.md"
TERMINOLOGY = "reference/terminology.md"  # the hunt glossary's Japanese words; terminology.ja.md in Japanese


def contribute(project: Project, out: BuildOutput) -> None:
    reference = site_word("nav.reference")
    out.link((site_word("nav.home"),), HOME)
    out.link((reference, site_word("nav.authoring")), "reference/authoring.md")
    out.link((reference, site_word("nav.publishing")), "reference/publishing.md")
    # The rulings page discusses (and links) the rules of all four bundled games.
    games = {r.game for r in project.of_kind("ruleset")}
    languages = project.config.languages if project.config else ()
    if games >= set(GAME_SITES):
        out.page(RULINGS, (SITE_DIR / RULINGS).read_text(encoding="utf-8"), nav=(reference, site_word("nav.rulings")))
    if games >= set(GAME_SITES) or ("hunt" in games and "ja" in languages):  # the rulings page links it
        out.page(TERMINOLOGY, (SITE_DIR / TERMINOLOGY).read_text(encoding="utf-8"),
                 nav=(reference, site_word("nav.terminology")))
    for code in languages[1:]:  # hand-written pages in the project's other languages, beside their originals
        for rel in (RULINGS, TERMINOLOGY):
            translated = SITE_DIR / rel.replace(".md", f".{code}.md")
            if translated.is_file() and (out.docs / rel).is_file():
                out.page(translated.relative_to(SITE_DIR).as_posix(), translated.read_text(encoding="utf-8"))


HOME_WORDS = {
    "ja": {"sections": "セクション",
           "start": "自分のシナリオを書くには、[シナリオを書く](reference/authoring.md)から始めてください。",
           "fallback": "Gaslight で検査・証明・公開したシナリオ：ルール、ボード、事件、デッキ。印刷用シートと、"
                       "ブラウザで遊べるゲームもあります。"},
}


def section_index(out: BuildOutput, language: str = "en") -> str:
    """A Markdown list: each section with the pages directly under it (menu words in ``language``)."""
    names = {**out.label_translations.get(language, {}), **nav_translations(language)}
    lines = ["", f"## {HOME_WORDS[language]['sections']}" if language in HOME_WORDS else "## Sections", ""]
    for section in out.sections[1:]:
        entries = [(nav, rel) for nav, rel in out.nav if nav[0] == section]
        if not entries:
            continue
        links = []
        for nav, rel in entries:
            title = md_text(" › ".join(names.get(part, part) for part in nav[1:]) or names.get(section, section))
            if len(nav) <= 3:  # deeper pages are reached from their parent
                links.append(f"[{title}]({rel})")
        lines.append(f"- **{md_text(names.get(section, section))}**: " + " · ".join(links))
    return "\n".join(lines) + "\n"


def home_markdown(project: Project, out: BuildOutput) -> str:
    """The project's title, its description paragraph by paragraph (as text), then the sections."""
    description = project.config.description if project.config else ""
    paragraphs = [" ".join(p.split()) for p in (description or FALLBACK_DESCRIPTION).split("\n\n") if p.strip()]
    lines = [f"# {md_text(project.title)}", ""]
    for paragraph in paragraphs:
        lines += [md_text(paragraph), ""]
    lines.append("To write scenarios of your own, start with [Writing scenarios](reference/authoring.md).")
    return "\n".join(lines) + "\n" + section_index(out)


def translated_home(project: Project, out: BuildOutput, language: str) -> str:
    """The home page in another of the project's languages (``index.<code>.md``)."""
    assert project.config is not None
    words = HOME_WORDS.get(language, {})
    description = project.config.description_in(language) or words.get("fallback", FALLBACK_DESCRIPTION)
    lines = [f"# {md_text(project.config.title_in(language))}", ""]
    for paragraph in (" ".join(p.split()) for p in description.split("\n\n") if p.strip()):
        lines += [md_text(paragraph), ""]
    lines.append(words.get("start", "To write scenarios of your own, start with "
                                    "[Writing scenarios](reference/authoring.md)."))
    return "\n".join(lines) + "\n" + section_index(out, language)


def link_sections(project: Project, out: BuildOutput) -> None:
    main = main_language(project.config)
    # a Japanese-first project's home page speaks its main language, as its menu does
    out.page(HOME, home_markdown(project, out) if main == ENGLISH else translated_home(project, out, main))
    for code in project.config.languages[1:] if project.config else ():
        out.page(HOME.replace(".md", f".{code}.md"), translated_home(project, out, code))
