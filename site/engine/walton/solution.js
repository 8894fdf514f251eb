// What the Walton pages show once a game is over: the case's solution file (named by the case index and fetched
// only then, so a page in play never holds it) as who did it, the cards that prove it and a link to the steps.

import { el } from '../../assets/dom.js';
import { ENGLISH } from './messages.js';

/** Who did it in `t`'s language: the toolkit's own sentence in English, else said from the answer's names (the
 *  solution file of a page's language names them in it). */
export function solutionText(t, found) {
  const a = found.answer || {};
  if (t.lang === 'en' || !a.culprit) return t('solutionText', { text: found.text });
  const said = a.accomplice ? t('solution.helped', { culprit: a.culprit, motive: a.motive, weapon: a.weapon,
    accomplice: a.accomplice, theirs: a.accomplice_motive }) : t('solution.alone', a);
  return t('solutionText', { text: said });
}

/** The solution of index `item` (its file relative to `base`) as a node, or null when there is none to show. */
export async function solutionNode(item, base, t = ENGLISH) {
  if (!item || !item.solution) return null;
  try {
    const url = new URL(item.solution, base);
    const response = await fetch(url);
    if (!response.ok) return null;
    const found = await response.json();
    return el('section', { 'data-testid': 'solution' }, el('h3', { text: t('whoDidIt') }),
      el('p', { text: solutionText(t, found) }),
      ...(found.proving_cards.length ? [el('p', { text: t('provingCards', { cards: found.proving_cards.join(t('list.separator')) }) })] : []),
      el('p', {}, el('a', { href: new URL(found.page, url).href, text: t('stepByStep') })));
  } catch {
    return null;  // no solution file (a case with no proven answer of its own): the page stays as it is
  }
}
