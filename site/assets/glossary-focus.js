// Glossary terms in the rules (<abbr title="definition">) show their definition on hover, keyboard focus and
// a tap, not only under a mouse. The tooltip is our own and holds the definition as text: Material's
// tooltips (theme feature content.tooltips) insert a title as HTML, and a definition is a designer's text.
(() => {
  let shown = null;

  function hide() {
    if (shown) shown.hidden = true;
    shown = null;
  }

  function show(term, tip) {
    hide();
    const box = term.getBoundingClientRect();
    tip.hidden = false;
    tip.style.left = `${Math.max(4, Math.min(window.scrollX + box.left, window.scrollX + document.documentElement.clientWidth - tip.offsetWidth - 4))}px`;
    tip.style.top = `${window.scrollY + box.bottom + 6}px`;
    shown = tip;
  }

  const first = document.querySelectorAll('.gl-tooltip').length; // ids stay unique if the script runs again
  document.querySelectorAll('.md-content abbr[title]').forEach((term, index) => {
    const tip = document.createElement('div');
    tip.className = 'gl-tooltip';
    tip.id = `gl-tooltip-${first + index}`;
    tip.setAttribute('role', 'tooltip');
    tip.textContent = term.getAttribute('title');
    tip.hidden = true;
    document.body.append(tip);
    term.removeAttribute('title'); // the browser's own tooltip would show the same words a second time
    term.setAttribute('aria-describedby', tip.id);
    if (!term.hasAttribute('tabindex')) term.setAttribute('tabindex', '0');
    term.addEventListener('focus', () => show(term, tip));
    term.addEventListener('mouseenter', () => show(term, tip));
    term.addEventListener('blur', hide);
    term.addEventListener('mouseleave', () => { if (document.activeElement !== term) hide(); });
  });
  document.addEventListener('keydown', (event) => { if (event.key === 'Escape') hide(); });
})();
