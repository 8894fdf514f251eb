"""Rule text with parameters: ``{{ moves }}``, ``{{ coaches | join(" / ") }}``, ``{{ a + b }}``.

Rule text comes from designers' files, so it is a small expression language, not a program: names of
parameters, numbers and strings, item lookup (``hands['3']``, ``spaces[-1]``), arithmetic without powers,
comparisons, ``a if c else b``, and the filters rule text needs. Blocks (``{% for %}``), calls (``range()``),
attributes and powers are refused with a clear message, and repetition (``'x' * 10**9``) and the rendered
length are bounded, so no file can make a render hang or fill memory.

>>> render_text("{{ coaches | join('/') }} coaches; {{ hands['3'] }} cards", {"coaches": (3, 2), "hands": {"3": 9}})
'3/2 coaches; 9 cards'
>>> render_text("{% for i in range(9) %}x{% endfor %}", {})
Traceback (most recent call last):
...
gaslight.domain.rules.templates.RuleTextError: '{% … %}' blocks are not allowed in rule text (only {{ … }} placeholders)
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from jinja2 import StrictUndefined, Template, TemplateError, TemplateSyntaxError, meta, nodes
from jinja2.sandbox import ImmutableSandboxedEnvironment

from gaslight.domain.rules.model import Value, format_value

# Filters a table summary or a count in rule text can want.
FILTERS = frozenset({"join", "sum", "max", "min", "length", "first", "last", "round", "int", "abs", "sort",
                     "upper", "lower", "capitalize", "title", "default"})
# A rendered rule is a paragraph or two; a thousand times that is no rule.
MAX_RENDERED = 100_000

_ALLOWED_NODES: tuple[type[nodes.Node], ...] = (
    nodes.Template, nodes.Output, nodes.TemplateData, nodes.Name, nodes.Const, nodes.Getitem, nodes.Filter,
    nodes.Add, nodes.Sub, nodes.Mul, nodes.Div, nodes.FloorDiv, nodes.Mod, nodes.Neg, nodes.Pos, nodes.Concat,
    nodes.Compare, nodes.Operand, nodes.And, nodes.Or, nodes.Not, nodes.CondExpr, nodes.Tuple, nodes.List,
)
_REFUSED = {
    nodes.Pow: "powers (**) are not allowed in rule text",
    nodes.Call: "calls such as range() are not allowed in rule text",
    nodes.Getattr: "attributes (a.b) are not allowed in rule text; look items up with a['b']",
    nodes.Slice: "slices (a[1:3]) are not allowed in rule text; name single items, a[0]",
}


class RuleTextError(Exception):
    """Rule text that cannot be rendered with the given parameters."""


def _finalize(value: Any) -> Any:
    return format_value(value) if isinstance(value, bool | float | tuple | list | Mapping) else value


class _RuleTextEnvironment(ImmutableSandboxedEnvironment):
    """The sandbox, with repetition of text and lists bounded (``'x' * 2000000000`` would fill memory)."""

    intercepted_binops = frozenset({"*"})

    def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
        if operator == "*":
            for sequence, times in ((left, right), (right, left)):
                if isinstance(sequence, str | list | tuple) and isinstance(times, int):
                    if len(sequence) * max(times, 0) > MAX_RENDERED:
                        raise RuleTextError(f"repeating text or a list {times} times makes it too long "
                                            f"(more than {MAX_RENDERED} characters or items)")
        return super().call_binop(context, operator, left, right)


ENV = _RuleTextEnvironment(undefined=StrictUndefined, finalize=_finalize, autoescape=False,
                           keep_trailing_newline=True)


def _refusal(node: nodes.Node) -> str | None:
    """Why ``node`` may not appear in rule text (None when it may)."""
    if isinstance(node, nodes.Filter) and node.name not in FILTERS:
        return f"the filter '{node.name}' is not allowed in rule text (allowed: {', '.join(sorted(FILTERS))})"
    for kind, reason in _REFUSED.items():
        if isinstance(node, kind):
            return reason
    if isinstance(node, nodes.Stmt) and not isinstance(node, nodes.Output):
        return "'{% … %}' blocks are not allowed in rule text (only {{ … }} placeholders)"
    if not isinstance(node, _ALLOWED_NODES):
        return f"'{type(node).__name__}' expressions are not allowed in rule text"
    return None


@lru_cache(maxsize=4096)
def _parsed(text: str) -> nodes.Template:
    try:
        tree = ENV.parse(text)
    except TemplateSyntaxError as exc:
        raise RuleTextError(f"template syntax error on line {exc.lineno} of the text: {exc.message}") from exc
    for node in tree.find_all(nodes.Node):
        reason = _refusal(node)
        if reason:
            raise RuleTextError(reason)
    return tree


@lru_cache(maxsize=4096)
def _template(text: str) -> Template:
    _parsed(text)
    return ENV.from_string(text)


def unknown_names(text: str, parameters: Mapping[str, Value]) -> list[str]:
    """Names the text uses that are not parameters (sorted); none for text that cannot be parsed.

    >>> unknown_names("{{ moves }} and {{ coaches[0] }}", {"moves": 15})
    ['coaches']
    """
    used = _used_names(text)
    return sorted(name for name in used if name not in parameters)


@lru_cache(maxsize=4096)
def _used_names(text: str) -> frozenset[str]:
    """The names a rule text reads (empty when it cannot be parsed). Kept: every variant renders every rule, and
    finding the names walks Jinja's compiler over the text."""
    try:
        return frozenset(meta.find_undeclared_variables(_parsed(text)))
    except RuleTextError:
        return frozenset()


_MISSING = re.compile(r"^'?[\w ]+ object'? has no (attribute|element) (.+)$")


def _plain(message: str) -> str:
    """Jinja's wording for a missing map key or list item, in designer words."""
    found = _MISSING.match(message)
    if not found:
        return message
    what = found.group(2)
    return f"there is no item {what} (items count from 0)" if what.isdigit() else f"there is no entry {what}"


def render_text(text: str, parameters: Mapping[str, Value]) -> str:
    """Render ``{{ parameter }}`` placeholders (unknown names and refused expressions are errors).

    >>> render_text("{{ nope }}", {})
    Traceback (most recent call last):
    ...
    gaslight.domain.rules.templates.RuleTextError: 'nope' is undefined
    """
    if "{" not in text:
        return text
    try:
        rendered = _template(text).render(dict(parameters))
    except RuleTextError:
        raise
    except (TemplateError, TypeError, ValueError, ArithmeticError, LookupError, OverflowError) as exc:
        raise RuleTextError(_plain(str(getattr(exc, "message", None) or exc))) from exc
    if len(rendered) > MAX_RENDERED:
        raise RuleTextError(f"the text renders to more than {MAX_RENDERED} characters")
    return rendered
