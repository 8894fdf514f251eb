"""The rules site: for every ruleset a rules page, a page per variant and a "what it changes" page.

Page paths (relative to the docs root), for a game's folder ``hunt``:

- ``hunt/rules.md`` — the default rules: summary, printables, variants, parameters, options,
  the numbered rules (``## 2.3 Coach {#hunt.jack.coach}``) and glossary tooltips;
- ``hunt/variants/<variant-id>.md`` — the effective rules of one variant;
- ``hunt/variants/<variant-id>-changes.md`` — what the variant changes, from :func:`diff`.

Rule text is the designer's Markdown: it is rendered as Markdown, but raw HTML and
attribute lists are neutralised by :func:`safe_markdown`. Every other scenario
text (titles in tables, descriptions) goes through :func:`~gaslight.outputs.text.md_text`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping

from gaslight.domain.rules.ruleset import Ruleset, diff, format_value, load_localized, resolve
from gaslight.domain.rules.variants import Change, EffectiveRule, EffectiveRuleset
from gaslight.languages import has_text_in, main_language, site_word, translated_page
from gaslight.outputs import sheets
from gaslight.outputs.labels import printed_language
from gaslight.outputs.sink import BuildOutput, GameSite, game_sites
from gaslight.outputs.sink import page_link as link
from gaslight.outputs.text import md_text
from gaslight.project import Project

# The words a rules page puts around the designer's text, per language (English: as the pages always had).
WORDS: Mapping[str, Mapping[str, str]] = {
    "en": {"rules": "{title}: rules", "printables": "Printables", "variants": "Variants",
           "parameters": "Parameters", "options": "Optional rules",
           "see": "Where the source documents disagree or say nothing, these rules follow the [rulings]({link}); "
                  "the other reading is offered as a variant.",
           "optional": "*Optional rule: {name} ({state}).*", "on": "in use in these rules",
           "off": "not in use in these rules", "yes": "yes", "no": "no",
           "parameters_head": "| Parameter | Name in rule text | Value | Meaning |",
           "options_head": "| Optional rule | In use | What it does |",
           "default": "default"},
    "ja": {"rules": "{title}：ルール", "printables": "印刷物", "variants": "バリアント",
           "parameters": "パラメーター", "options": "オプションルール",
           "see": "元の資料どうしが食い違う点や何も言っていない点は、[裁定]({link})に従います。"
                  "もう一方の読み方はバリアントとして用意しています。",
           "optional": "*オプションルール：{name}（{state}）。*",
           "on": "このルールでは使用", "off": "このルールでは不使用",
           "yes": "使用", "no": "不使用",
           "parameters_head": "| パラメーター | ルール文中の名前 | 値 | 意味 |",
           "options_head": "| オプションルール | 使用 | 内容 |",
           "default": "既定値"},
}

# Code spans and fenced code blocks are kept as written; everything else is escaped.
_CODE = re.compile(r"(```.*?```|~~~.*?~~~|`[^`\n]+`)", re.DOTALL)


def safe_markdown(text: str) -> str:
    """Designer Markdown with raw HTML shown as text and attribute lists disabled.

    >>> safe_markdown("**Bold** <script>alert(1)</script> {: onclick=x } `<b>`")
    '**Bold** &lt;script>alert(1)&lt;/script> \\\\{: onclick=x \\\\} `<b>`'
    """
    parts = _CODE.split(text)
    for i in range(0, len(parts), 2):
        parts[i] = parts[i].replace("<", "&lt;").replace("{", "\\{").replace("}", "\\}")
    return "".join(parts)


def variant_page(site: GameSite, variant_id: str) -> str:
    return f"{site.folder}/variants/{variant_id}.md"


def changes_page(site: GameSite, variant_id: str) -> str:
    return f"{site.folder}/variants/{variant_id}-changes.md"


# --- glossary tooltips ----------------------------------------------------------------------

def _forms(term: str) -> list[str]:
    """The spellings a tooltip should catch: as written, capitalised, plural."""
    plural = term + ("es" if re.search(r"(s|x|ch|sh)$", term) else "s")
    forms = [term, term[:1].upper() + term[1:], plural, plural[:1].upper() + plural[1:]]
    return list(dict.fromkeys(forms))


def abbreviations(effective: EffectiveRuleset) -> str:
    """Material tooltips: ``*[Term]: definition`` lines for every glossary term.

    >>> from gaslight.domain.rules.ruleset import GlossaryEntry
    >>> from gaslight.diagnostics import Location
    >>> e = EffectiveRuleset("r", "hunt", "R", None, "Default", {}, {}, (),
    ...                      (GlossaryEntry("coach", "coach", "Two steps.", Location("f")),))
    >>> print(abbreviations(e))
    *[coach]: Two steps.
    *[Coach]: Two steps.
    *[coaches]: Two steps.
    *[Coaches]: Two steps.
    """
    lines = []
    for entry in effective.glossary:
        term = re.sub(r"[\[\]\n]", " ", entry.term).strip()
        definition = " ".join(entry.definition.split())
        lines.extend(f"*[{form}]: {definition}" for form in _forms(term))
    return "\n".join(lines)


# --- page parts -----------------------------------------------------------------------------

def rule_markdown(rule: EffectiveRule, option_titles: Mapping[str, str],
                  words: Mapping[str, str] = WORDS["en"]) -> str:
    """One numbered rule as a heading with a stable anchor, then its text."""
    level = "#" * min(rule.depth + 1, 6)
    parts = [f"{level} {rule.number} {md_text(rule.title)} {{#{rule.id}}}"]
    if rule.option is not None:
        name = md_text(option_titles.get(rule.option, rule.option))
        parts.append(words["optional"].format(name=name, state=words["on"] if rule.active else words["off"]))
    if rule.text.strip():
        parts.append(safe_markdown(rule.text.strip()))
    parts.extend(rule_markdown(child, option_titles, words) for child in rule.rules)
    return "\n\n".join(parts)


def rules_markdown(effective: EffectiveRuleset, option_titles: Mapping[str, str],
                   words: Mapping[str, str] = WORDS["en"]) -> str:
    return "\n\n".join(rule_markdown(rule, option_titles, words) for rule in effective.rules)


def parameters_table(ruleset: Ruleset, effective: EffectiveRuleset, words: Mapping[str, str] = WORDS["en"]) -> str:
    """The parameters as a table; values that differ from the default are marked."""
    if not ruleset.parameters:
        return ""
    rows = [words["parameters_head"], "|---|---|---|---|"]
    for parameter in ruleset.parameters:
        value = effective.parameters[parameter.name]
        shown = md_text(format_value(value))
        if value != parameter.default:
            shown = f"**{shown}** ({words['default']} {md_text(format_value(parameter.default))})"
        rows.append(f"| {md_text(parameter.title)} | `{parameter.name}` | {shown} | {md_text(parameter.description)} |")
    return "\n".join(rows)


def options_table(ruleset: Ruleset, effective: EffectiveRuleset, words: Mapping[str, str] = WORDS["en"]) -> str:
    if not ruleset.options:
        return ""
    rows = [words["options_head"], "|---|---|---|"]
    for option in ruleset.options:
        on = words["yes"] if effective.options[option.name] else words["no"]
        rows.append(f"| {md_text(option.title)} | {on} | {md_text(option.description)} |")
    return "\n".join(rows)


def printables_list(page: str, printables: Iterable[sheets.Published], language: str = "en") -> str:
    """Each printable with a link per paper, the paper named in ``language`` (as the Walton pages name it)."""
    lines = []
    for item in printables:
        files = ", ".join(f"[{site_word(f'walton.paper.{size}', language)}]({link(page, path)})"
                          for size, path in item.paths)
        lines.append(f"- {md_text(item.title)}: {files}")
    return "\n".join(lines)


def variants_table(ruleset: Ruleset, site: GameSite, page: str, language: str = "en") -> str:
    if not ruleset.variants:
        return ""
    rows = [site_word("variants.head", language), "|---|---|---|"]
    for variant in ruleset.variants:
        rules = link(page, variant_page(site, variant.id))
        changes = link(page, changes_page(site, variant.id))
        rows.append(f"| [{md_text(variant.title)}]({rules}) | {md_text(variant.description)} | "
                    f"[{site_word('variants.changes_link', language)}]({changes}) |")
    return "\n".join(rows)


def _section(heading: str, body: str) -> str:
    return f"## {heading}\n\n{body}" if body else ""


def _join(*parts: str) -> str:
    return "\n\n".join(part for part in parts if part) + "\n"


# --- pages ----------------------------------------------------------------------------------

RULINGS_PAGE = "reference/rulings.md"


def rules_page(ruleset: Ruleset, site: GameSite, printables: Iterable[sheets.Published],
               rulings: bool = False, language: str = "en") -> str:
    """The default rules of a game; ``rulings``: link the rulings page (when the site has one).

    ``language``: the words around the designer's text (the ruleset itself is read in that language by
    the caller).
    """
    page = f"{site.folder}/rules.md"
    words = WORDS.get(language, WORDS["en"])
    effective = resolve(ruleset)
    titles = {o.name: o.title for o in ruleset.options}
    see = words["see"].format(link=link(page, RULINGS_PAGE))
    return _join(
        f"# {words['rules'].format(title=md_text(ruleset.title))}",
        safe_markdown(ruleset.summary.strip()),
        see if rulings else "",
        _section(words["printables"], printables_list(page, printables, language)),
        _section(words["variants"], variants_table(ruleset, site, page, language)),
        _section(words["parameters"], parameters_table(ruleset, effective, words)),
        _section(words["options"], options_table(ruleset, effective, words)),
        rules_markdown(effective, titles, words),
        abbreviations(effective),
    )


def variant_rules_page(ruleset: Ruleset, site: GameSite, variant_id: str,
                       printables: Iterable[sheets.Published], language: str = "en") -> str:
    """The complete rules with one variant (the words around the designer's text in ``language``)."""
    page = variant_page(site, variant_id)
    words = WORDS.get(language, WORDS["en"])
    variant = ruleset.variant(variant_id)
    effective = resolve(ruleset, variant_id)
    titles = {o.name: o.title for o in ruleset.options}
    intro = site_word("page.variant_intro", language, ruleset=md_text(ruleset.title), variant=md_text(variant.title),
                      changes=link(page, changes_page(site, variant_id)), rules=link(page, f"{site.folder}/rules.md"))
    return _join(
        "# " + site_word("page.variant_rules", language, ruleset=md_text(ruleset.title),
                         variant=md_text(variant.title)),
        md_text(variant.description),
        intro,
        _section(words["printables"], printables_list(page, printables, language)),
        _section(words["parameters"], parameters_table(ruleset, effective, words)),
        _section(words["options"], options_table(ruleset, effective, words)),
        rules_markdown(effective, titles, words),
        abbreviations(effective),
    )


def _indent(text: str) -> str:
    return "\n".join(f"    {line}" if line else "" for line in text.splitlines())


def _tabs(before: str, after: str, language: str = "en") -> str:
    empty = site_word("changes.no_text", language)
    return (f'=== "{site_word("changes.default_tab", language)}"\n\n{_indent(safe_markdown(before) or empty)}\n\n'
            f'=== "{site_word("changes.variant_tab", language)}"\n\n{_indent(safe_markdown(after) or empty)}')


def _action(action: str, language: str) -> str:
    """How a change is named in ``language`` (``action.<the domain's English>`` in the site tables).

    >>> _action("reworded by parameters", "ja"), _action("removed", "en")
    ('パラメーターによる書き換え', 'removed')
    """
    return site_word(f"action.{action}", language)


def change_markdown(change: Change, base: EffectiveRuleset, new: EffectiveRuleset, rules_link: str,
                    default_link: str, language: str = "en") -> str:
    """One rule change: heading, what happened, and the text before and after."""
    empty = site_word("changes.no_text", language)
    action = _action(change.action, language)
    if change.action == "removed":
        old = base.rule(change.key)
        return (f"### [{old.number} {md_text(old.title)}]({default_link}#{old.id}) — {action}\n\n"
                f"{safe_markdown(old.text.strip()) or empty}")
    rule = new.rule(change.key)
    heading = f"### [{rule.number} {md_text(rule.title)}]({rules_link}#{rule.id}) — {action}"
    if change.action == "added":
        return f"{heading}\n\n{safe_markdown(rule.text.strip()) or empty}"
    if change.action in ("replaced", "reworded by parameters"):
        old = base.rule(change.key)
        title_note = ""
        if old.title != rule.title:
            title_note = site_word("changes.title_note", language, old=md_text(old.title),
                                   new=md_text(rule.title)) + "\n\n"
        return f"{heading}\n\n{title_note}{_tabs(old.text.strip(), rule.text.strip(), language)}"
    return f"{heading}\n\n{md_text(change.before)} → {md_text(change.after)}"


def _switch(value: str, language: str) -> str:
    """An optional rule's state as :func:`format_value` writes it (yes/no), in ``language``."""
    return site_word(f"value.{value}", language) if value in ("yes", "no") else value


def changes_markdown(ruleset: Ruleset, site: GameSite, variant_id: str, language: str = "en") -> str:
    """The "what this variant changes" page body, parameter by parameter and rule by rule."""
    page = changes_page(site, variant_id)
    changes = diff(ruleset, variant_id)
    base, new = resolve(ruleset), resolve(ruleset, variant_id)
    rules_link = link(page, variant_page(site, variant_id))
    default_link = link(page, f"{site.folder}/rules.md")
    params = [c for c in changes if c.kind == "parameter"]
    options = [c for c in changes if c.kind == "option"]
    rules = [c for c in changes if c.kind == "rule"]
    parts = []
    if params:
        rows = [site_word("changes.parameter_head", language), "|---|---|---|"]
        rows += [f"| {md_text(c.title)} (`{c.key}`) | {md_text(c.before)} | **{md_text(c.after)}** |" for c in params]
        parts.append(_section(site_word("changes.parameters", language), "\n".join(rows)))
    if options:
        rows = [site_word("changes.option_head", language), "|---|---|---|"]
        rows += [f"| {md_text(c.title)} | {_switch(c.before, language)} | **{_switch(c.after, language)}** |"
                 for c in options]
        parts.append(_section(site_word("changes.options", language), "\n".join(rows)))
    if rules:
        body = "\n\n".join(change_markdown(c, base, new, rules_link, default_link, language) for c in rules)
        parts.append(_section(site_word("changes.rules", language), body))
    if not changes:
        parts.append(site_word("changes.nothing", language))
    return "\n\n".join(parts)


def changes_page_text(ruleset: Ruleset, site: GameSite, variant_id: str, language: str = "en") -> str:
    page = changes_page(site, variant_id)
    variant = ruleset.variant(variant_id)
    includes = site_word("changes.list_joiner", language).join(
        f"[{md_text(ruleset.variant(ref.id).title)}]({link(page, variant_page(site, ref.id))})"
        for ref in variant.includes)
    intro = site_word("changes.intro", language, rules=link(page, f"{site.folder}/rules.md"),
                      variant=link(page, variant_page(site, variant_id)))
    return _join(
        "# " + site_word("page.changes_title", language, variant=md_text(variant.title)),
        md_text(variant.description),
        site_word("changes.includes", language, includes=includes) if includes else "",
        intro,
        changes_markdown(ruleset, site, variant_id, language),
        abbreviations(resolve(ruleset, variant_id)),
    )


# --- the export for the browser engine ------------------------------------------------------

def _plain(value: object) -> object:
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    return value


def ruleset_json(effective: EffectiveRuleset) -> dict[str, object]:
    """The resolved parameters and options the engine reads (``export/rulesets/<id>/<variant>.json``).

    >>> e = EffectiveRuleset("hunt", "hunt", "Hunt", None, "Default", {"moves_per_night": 15, "coaches": (3, 2)},
    ...                      {"letters": False}, (), ())
    >>> ruleset_json(e)["parameters"]
    {'coaches': [3, 2], 'moves_per_night': 15}
    """
    return {
        "format": "gaslight-ruleset/1",
        "ruleset": effective.ruleset_id,
        "game": effective.game,
        "variant": effective.variant_id,
        "parameters": {k: _plain(v) for k, v in sorted(effective.parameters.items())},
        "options": dict(sorted(effective.options.items())),
    }


def export_rel(effective: EffectiveRuleset) -> str:
    return f"rulesets/{effective.ruleset_id}/{effective.variant_id or 'default'}.json"


def export_ruleset(out: BuildOutput, effective: EffectiveRuleset) -> str:
    data = json.dumps(ruleset_json(effective), indent=2, ensure_ascii=False) + "\n"
    return out.export(export_rel(effective), data)


# --- the contributor ------------------------------------------------------------------------

def contribute_ruleset(ruleset: Ruleset, out: BuildOutput, site: GameSite | None = None,
                       queue: sheets.PrintQueue | None = None, language: str = "en") -> None:
    """Every page and printable of one ruleset, in its site section (by default: its own game's), their fixed
    words in ``language`` (the project's main language).

    Its PDFs go on ``queue`` (drawn by its owner); without one they are drawn before this returns.
    """
    pending = queue if queue is not None else sheets.PrintQueue()
    site = site or game_sites([ruleset])[ruleset.id]
    out.add_section(site.section)
    titles = sheets.titles_for(ruleset)
    default = resolve(ruleset)
    variants: dict[str | None, EffectiveRuleset] = {None: default}
    variants.update({variant.id: resolve(ruleset, variant.id) for variant in ruleset.variants})
    export_ruleset(out, default)
    printed = printed_language(language)
    default_printables = sheets.publish(out, site.folder, default, titles, None, variants, pending, language=printed)
    rulings = (out.docs / RULINGS_PAGE).is_file()
    out.page(f"{site.folder}/rules.md", rules_page(ruleset, site, default_printables, rulings, language),
             nav=(site.section, site_word("nav.rules")))
    for variant in ruleset.variants:
        effective = variants[variant.id]
        export_ruleset(out, effective)
        printables = sheets.publish(out, site.folder, effective, titles, default_printables, variants, pending,
                                    language=printed)
        nav_base = (site.section, site_word("nav.variants"), variant.title)  # the site stage escapes menu titles
        out.page(variant_page(site, variant.id), variant_rules_page(ruleset, site, variant.id, printables, language),
                 nav=(*nav_base, site_word("nav.rules")))
        out.page(changes_page(site, variant.id), changes_page_text(ruleset, site, variant.id, language),
                 nav=(*nav_base, site_word("nav.changes")))
    if queue is None:
        pending.draw(out)


def contribute_translations(project: Project, ruleset: Ruleset, out: BuildOutput, site: GameSite,
                            queue: sheets.PrintQueue) -> None:
    """The rules page (``rules.<code>.md``, beside ``rules.md`` for mkdocs-static-i18n), its variants' pages and
    play aids (``print/<game>/<code>/``) in each other language of the project the ruleset has text in; the
    menu shows the variants' (and a game of the designer's own's) titles in that language."""
    languages = project.config.languages if project.config else ()
    doc = next((d for d in project.documents if d.file == ruleset.location.file), None)
    if doc is None or ruleset.extends is not None:
        return  # an extending ruleset is whole only once merged with its base: its main language's pages serve
    rulings = (out.docs / RULINGS_PAGE).is_file()
    for code in languages[1:]:
        if not has_text_in(doc.data, code):
            continue
        localized = load_localized(doc, code)
        if localized is None:
            continue
        effective = resolve(localized)
        titles = sheets.titles_for(localized)
        variants: dict[str | None, EffectiveRuleset] = {None: effective}
        variants.update({variant.id: resolve(localized, variant.id) for variant in localized.variants})
        folder = f"{site.folder}/{code}"
        printables = sheets.publish(out, folder, effective, titles, None, variants, queue, language=code)
        out.page(f"{site.folder}/rules.{code}.md", rules_page(localized, site, printables, rulings, code))
        if site.section == ruleset.title:  # a game of the designer's own: its section is named by its title
            out.translate_label(code, site.section, localized.title)
        for main, variant in zip(ruleset.variants, localized.variants, strict=True):
            out.translate_label(code, main.title, variant.title)
            shown = sheets.publish(out, folder, variants[variant.id], titles, printables, variants, queue,
                                   language=code)
            out.page(translated_page(variant_page(site, variant.id), code),
                     variant_rules_page(localized, site, variant.id, shown, code))
            out.page(translated_page(changes_page(site, variant.id), code),
                     changes_page_text(localized, site, variant.id, code))


def contribute(project: Project, out: BuildOutput) -> None:
    """Rules pages, variant pages, change pages and printables for every ruleset (and its translations)."""
    sites = game_sites(project.of_kind("ruleset"))
    queue = sheets.PrintQueue()
    main = main_language(project.config)
    for ruleset in sorted(project.of_kind("ruleset"), key=lambda r: r.id):
        contribute_ruleset(ruleset, out, sites[ruleset.id], queue, main)
        contribute_translations(project, ruleset, out, sites[ruleset.id], queue)
    queue.draw(out)
