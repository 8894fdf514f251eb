// The Walton table's cards as cards: a face (number, value, speaker, what they say, the references it shows),
// a face-down offer as a stack (how many, worth how much: all the turn player may know of it), and a chip for a
// reference to name. Every text goes in as text, never as HTML: card texts and names are the designer's data.
//
//   cardFace(card, refName, { onTap: () => pick(card.number), pressed: false })   // a card to tap
//   offerStack({ name: 'Ada', count: 2, value: 3 }, { pressed: true, paid: 1 })     // Ada's offer, 1 of 3 paid

import { el } from '../../assets/dom.js';
import { ENGLISH, countIn } from './messages.js';

/** What a card says without its speaker's name in front (the face names the speaker above it): `Name: “…”` in
 *  English, `名前「…」` in Japanese. */
export function quoteOf(card) {
  if (!card.speaker || !card.text.startsWith(card.speaker)) return card.text;
  const rest = card.text.slice(card.speaker.length);
  if (rest.startsWith(': ')) return rest.slice(2);
  return rest.startsWith('「') ? rest : card.text;
}

/** A card's face: a button when `onTap` is given (aria-pressed tells its state), else a plain block.
 *  `note` is a short line at its foot (what the card does in the choice at hand, e.g. "pays Ada"). */
export function cardFace(card, refName, { onTap = null, pressed = false, disabled = false, note = '', testid = '', t = ENGLISH } = {}) {
  const node = el(onTap ? 'button' : 'div', { class: 'gl-wcard', 'data-card': String(card.number), 'data-type': card.type || '' });
  if (testid) node.dataset.testid = testid;
  if (onTap) {
    node.type = 'button';
    node.addEventListener('click', onTap);
    node.setAttribute('aria-pressed', String(pressed));
    node.disabled = disabled;
  }
  node.append(
    el('span', { class: 'gl-wcard-band' },
      el('span', { class: 'gl-wcard-number', text: t('cardNumber', { n: card.number }) }),
      el('span', { class: 'gl-wcard-value', text: t('cardWorth', { value: card.value }) })),
    el('span', { class: 'gl-wcard-speaker', text: card.speaker || '' }),
    el('span', { class: 'gl-wcard-text', text: quoteOf(card) }),
    el('span', { class: 'gl-wcard-refs', text: card.refs.map(refName).join(t('refs.separator')) }),
    el('span', { class: 'gl-wcard-note', text: note }));
  return node;
}

/** Set a card button's state in place (a tap changes only what it changes: focus stays where it is). */
export function markCard(node, pressed, note = '') {
  node.setAttribute('aria-pressed', String(pressed));
  node.querySelector('.gl-wcard-note').textContent = note;
}

/** A face-down offer: the offering seat, how many cards and their total value; a button when `onTap` is given.
 *  `paid` (a number) adds what the turn player has put against it so far. */
export function offerStack({ name, count, value }, { onTap = null, pressed = false, paid = null, testid = '', t = ENGLISH } = {}) {
  const node = el(onTap ? 'button' : 'div', { class: 'gl-wstack' });
  if (testid) node.dataset.testid = testid;
  if (onTap) {
    node.type = 'button';
    node.addEventListener('click', onTap);
    node.setAttribute('aria-pressed', String(pressed));
  }
  node.append(el('span', { class: 'gl-wstack-backs', 'aria-hidden': 'true' },
    ...Array.from({ length: Math.min(count, 4) }, () => el('span', { class: 'gl-wstack-back' }))),
  el('span', { class: 'gl-wstack-name', text: name }),
  el('span', { class: 'gl-wstack-count', text: t('stackCount', { cards: countIn(t, count, 'card'), value }) }),
  el('span', { class: 'gl-wstack-paid', text: paid === null ? '' : paidText(paid, value, t) }));
  return node;
}

/** What is paid against an offer worth `value`: "pay 2 of 3", "paid 4 of 3 ✓", "not taken". */
export function paidText(paid, value, t = ENGLISH) {
  if (!paid) return t('notTaken');
  return t(paid >= value ? 'paidEnough' : 'payPart', { paid, value });
}

/** A suspect or room to name: a toggle button. */
export function refChip(id, name, onTap) {
  const node = el('button', { type: 'button', class: 'gl-wchip', 'data-ref': id, 'data-testid': `ref-${id}`, 'aria-pressed': 'false', text: name });
  node.addEventListener('click', onTap);
  return node;
}
