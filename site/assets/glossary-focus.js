// Glossary terms in the rules (<abbr title="definition">) show their definition on keyboard focus and on a tap,
// not only under a mouse: each term joins the tab order, and Material's tooltips (theme feature
// content.tooltips) show for a focused element as for a hovered one. A tap focuses the term, so it shows too.
// Loaded at the end of the page, before Material's script sets the tooltips up.
for (const term of document.querySelectorAll('.md-content abbr[title]')) {
  if (!term.hasAttribute('tabindex')) term.setAttribute('tabindex', '0');
}
