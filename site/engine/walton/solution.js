// What the Walton pages show once a game is over: the case's solution file (named by the case index and fetched
// only then, so a page in play never holds it) as who did it, the cards that prove it and a link to the steps.

import { el } from '../../assets/dom.js';

/** The solution of index `item` (its file relative to `base`) as a node, or null when there is none to show. */
export async function solutionNode(item, base) {
  if (!item || !item.solution) return null;
  try {
    const url = new URL(item.solution, base);
    const response = await fetch(url);
    if (!response.ok) return null;
    const found = await response.json();
    return el('section', { 'data-testid': 'solution' }, el('h3', { text: 'Who did it' }),
      el('p', { text: `${found.text}.` }),
      ...(found.proving_cards.length ? [el('p', { text: `Cards ${found.proving_cards.join(', ')} prove it together.` })] : []),
      el('p', {}, el('a', { href: new URL(found.page, url).href, text: 'How the case is solved, step by step' })));
  } catch {
    return null;  // no solution file (a case with no proven answer of its own): the page stays as it is
  }
}
