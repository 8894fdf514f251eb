// Walton case, solo: load a case export ("gaslight-walton/1"), ask about two references a turn
// and receive the matching cards, mark an investigation sheet, submit an answer and check it
// against the case's salted SHA-256 (the page never holds the solution).
//
// Example (Node or browser):
//   let solo = newSolo(caseJson, 7);                 // a shuffled deck, six cards in hand
//   const r = ask(solo, caseJson, 'ann', 'library');  // {ok, solo, dealt: [card numbers]} or {ok: false, reason, why}
//   await checkAnswer(caseJson, { culprit: 'ann', motive: 'money', weapon: 'knife' })  // → true | false
//
// Solo rules (ours; the seed describes the table game): the deck is the case's cards,
// shuffled by seed; you start with six. Each turn you name two references (two suspects, two
// rooms, or one of each) and receive up to three cards from the deck that mention either; if
// none is left, you draw three cards instead. An empty deck can be asked nothing. A wrong answer sits out as
// the seed's table does with the app: you answer again only after your next question, so every guess costs a
// turn and the deck bounds them. With the deck empty and a wrong answer sitting out, the case goes unsolved.

import { el } from '../../assets/dom.js';
import { pageLanguage } from '../common/messages.js';
import { answerDigest, answerLine } from './answers.js';
import { ENGLISH, countIn, refusal, refusalIn, sayIn, waltonWords, why } from './messages.js';
import { shuffle, seedRng } from '../common/rng.js';
import { investigationSheet } from './sheet.js';
import { solutionNode } from './solution.js';
import { quoteOf } from './tablecards.js';

export { answerLine };

export const CASE_FORMAT = 'gaslight-walton/1';
export const SOLO_FORMAT = 'gaslight-walton-solo/1';
const START_HAND = 6;
const PER_TURN = 3;

/** Every reference a player may ask about: suspects and rooms, by id. */
export function references(caseJson) {
  return [
    ...caseJson.mansion.suspects.map((s) => ({ id: s.id, name: s.name, kind: 'suspect' })),
    ...caseJson.mansion.rooms.map((r) => ({ id: r.id, name: r.name, kind: 'room' })),
  ];
}

/** A new solo game: seeded deck order, the first six cards in hand. */
export function newSolo(caseJson, seed = 0) {
  if (!caseJson || caseJson.format !== CASE_FORMAT) throw new Error(`not a Walton case export: expected format "${CASE_FORMAT}"`);
  const [deck] = shuffle(seedRng(seed), caseJson.cards.map((c) => c.number));
  return { format: SOLO_FORMAT, case: caseJson.id, turn: 0, hand: deck.slice(0, START_HAND), deck: deck.slice(START_HAND),
    asked: [], sheet: {}, answers: [], solved: false, answerFrom: 0 };
}

/** Ask about two references; returns {ok: true, solo, dealt} or {ok: false, reason} (`why`: the reason as data). */
export function ask(solo, caseJson, a, b) {
  const known = new Set(references(caseJson).map((r) => r.id));
  for (const ref of [a, b]) {
    if (!known.has(ref)) return refusal(why('notRef', { ref }));
  }
  if (a === b) return refusal(why('twoRefs'));
  if (solo.solved) return refusal(why('solved'));
  if (!solo.deck.length) return refusal(why('deckEmpty'));
  const byNumber = new Map(caseJson.cards.map((c) => [c.number, c]));
  const matching = solo.deck.filter((n) => byNumber.get(n).refs.some((r) => r === a || r === b)).slice(0, PER_TURN);
  const dealt = matching.length ? matching : solo.deck.slice(0, PER_TURN);
  const rest = solo.deck.filter((n) => !dealt.includes(n));
  return {
    ok: true,
    dealt,
    solo: { ...solo, turn: solo.turn + 1, hand: [...solo.hand, ...dealt], deck: rest, asked: [...solo.asked, [a, b]] },
  };
}

/** Why the player may not answer now (in `t`'s language, English unless asked), or null when they may. */
export function answerRefused(solo, t = ENGLISH) {
  const reason = answerRefusedWhy(solo);
  return reason === null ? null : sayIn(t, reason);
}

function answerRefusedWhy(solo) {
  if (solo.solved) return why('solved');
  if (solo.turn < (solo.answerFrom || 0)) return why(solo.deck.length ? 'sitsOut' : 'sitsOutEmpty');
  return null;
}

/** The game after an answer that was `right` or not (a wrong one sits out until the next question). */
export function recordAnswer(solo, answer, right) {
  return { ...solo, answers: [...solo.answers, answerLine(answer)], solved: right,
    answerFrom: right ? solo.answerFrom : solo.turn + 1 };
}

/** True when nothing more can happen: solved, or out of questions with a wrong answer sitting out. */
export const soloOver = (solo) => solo.solved || (solo.deck.length === 0 && answerRefused(solo) !== null);

/** True when `answer` is the case's answer (checked against the salted hash). */
export async function checkAnswer(caseJson, answer) {
  return (await answerDigest(caseJson.answer_check, answer)) === caseJson.answer_check.sha256;
}

// ------------------------------------------------------------------ the page

class WaltonApp {
  constructor(root, index, base, lang = 'en') {
    this.t = waltonWords(lang);
    this.root = root;
    this.index = index;
    this.base = base;
    this.caseJson = null;
    this.solo = null;
    this.drawPicker();
  }

  drawPicker() {
    const t = this.t;
    const select = el('select', { 'data-testid': 'case', 'aria-label': t('caseLabel') });
    for (const item of this.index) select.append(el('option', { value: item.file, text: t('caseOption', { title: item.title, level: item.difficulty }) }));
    const seed = el('input', { type: 'number', value: '1', 'aria-label': t('seedLabel') });
    const start = el('button', { type: 'button', text: t('openCase'), 'data-testid': 'open' });
    start.addEventListener('click', async () => {
      const response = await fetch(new URL(select.value, this.base));
      this.caseJson = await response.json();
      this.item = this.index.find((item) => item.file === select.value) || null;
      this.solo = newSolo(this.caseJson, Number(seed.value) || 0);
      // Built once per case: the questions and the answer being written keep their choices across turns.
      this.questions = this.questionForm();
      this.form = this.answerForm();
      this.draw();
    });
    this.message = el('p', { role: 'alert', 'data-testid': 'message' });
    this.body = el('div');
    this.root.replaceChildren(el('p', {}, select, ' ', el('label', { text: t('seedWord') }, seed), ' ', start), this.message, this.body);
  }

  say(text) { this.message.textContent = text; }

  questionForm() {
    const t = this.t;
    const refs = references(this.caseJson);
    const pick = (label) => {
      const s = el('select', { 'aria-label': label });
      for (const r of refs) s.append(el('option', { value: r.id, text: t('refOption', { name: r.name, kind: t(`ref.${r.kind}`) }) }));
      return s;
    };
    const a = pick(t('firstRef'));
    const b = pick(t('secondRef'));
    if (refs.length > 1) b.value = refs[1].id;
    this.askButton = el('button', { type: 'button', text: t('ask'), 'data-testid': 'ask' });
    this.askButton.addEventListener('click', () => {
      const r = ask(this.solo, this.caseJson, a.value, b.value);
      if (!r.ok) { this.say(t('refusedSolo', { reason: refusalIn(t, r) })); return; }
      this.solo = r.solo;
      this.say(t('received', { cards: countIn(t, r.dealt.length, 'card'), numbers: r.dealt.join(t('list.separator')) }));
      this.draw();
    });
    return el('p', {}, a, ' ', b, ' ', this.askButton);
  }

  draw() {
    const t = this.t;
    const c = this.caseJson;
    const over = soloOver(this.solo);
    this.askButton.disabled = over || !this.solo.deck.length;
    this.submit.disabled = answerRefused(this.solo) !== null;
    const guesses = this.solo.answers.length;
    this.body.replaceChildren(
      el('h2', { text: c.title }),
      c.who_may_lie ? el('p', { class: 'gl-liars', text: t('whoMayLie', { text: c.who_may_lie }) }) : '',
      el('p', { 'data-testid': 'solo-status', text: t('soloStatus', { turn: this.solo.turn, hand: countIn(t, this.solo.hand.length, 'card'),
        deck: countIn(t, this.solo.deck.length, 'card'), answers: countIn(t, guesses, 'answer') }) }),
      this.questions, this.handTable(), this.sheet(), this.form);
    if (over) this.revealSolution();
  }

  handTable() {
    const byNumber = new Map(this.caseJson.cards.map((x) => [x.number, x]));
    const names = new Map(references(this.caseJson).map((r) => [r.id, r.name]));
    const rows = [...this.solo.hand].sort((x, y) => x - y).map((n) => {
      const card = byNumber.get(n);
      const refs = card.refs.map((r) => names.get(r) ?? r).join(this.t('list.separator'));
      // The card's text opens with its speaker, who has a column of their own.
      const said = quoteOf(card);
      return el('tr', { 'data-card': n }, el('td', { text: String(n) }), el('td', { text: String(card.value) }),
        el('td', { text: card.speaker || '' }), el('td', { text: said }), el('td', { text: refs }));
    });
    return el('table', { class: 'gl-hand', 'data-testid': 'hand' },
      el('thead', {}, el('tr', {}, ...['card', 'value', 'speaker', 'text', 'refs'].map((col) => el('th', { text: this.t(`col.${col}`) })))),
      el('tbody', {}, ...rows));
  }

  sheet() {
    return investigationSheet(this.caseJson, this.solo.sheet, (key, mark) => {
      this.solo = { ...this.solo, sheet: { ...this.solo.sheet, [key]: mark } };
    }, { t: this.t });
  }

  answerForm() {
    const t = this.t;
    const m = this.caseJson.mansion;
    // Every list starts blank: an answer is chosen, never the lists' first entries by default.
    const fill = (s, blank, options) => {
      s.replaceChildren(el('option', { value: '', text: blank }), ...options.map(([value, text]) => el('option', { value, text })));
      return s;
    };
    const select = (label, blank, options) => fill(el('select', { 'aria-label': label, 'data-testid': `answer-${label}` }), blank, options);
    const motivesOf = (id) => (m.suspects.find((x) => x.id === id)?.motives || []).map((mo) => [mo.id, mo.name]);
    const suspects = m.suspects.map((x) => [x.id, x.name]);
    const culprit = select('culprit', t('culpritBlank'), suspects);
    const motive = select('motive', t('motiveFirst'), []);
    const weapon = select('weapon', t('weaponBlank'), m.weapons.map((w) => [w.id, w.name]));
    const helper = this.caseJson.logic.may_have_accomplice;
    const accomplice = select('accomplice', t('accompliceBlank'), [['none', t('noAccomplice')], ...suspects]);
    const accompliceMotive = select('accomplice-motive', t('theirMotiveBlank'), []);
    const verdict = el('p', { 'data-testid': 'verdict', role: 'status' });
    this.submit = el('button', { type: 'button', text: t('submit'), 'data-testid': 'submit' });
    const complete = () => culprit.value && motive.value && weapon.value
      && (!helper || (accomplice.value && (accomplice.value === 'none' || accompliceMotive.value)));
    culprit.addEventListener('change', () => fill(motive, t('motiveBlank'), motivesOf(culprit.value)));
    accomplice.addEventListener('change', () => {
      fill(accompliceMotive, t('theirMotiveBlank'), motivesOf(accomplice.value));
      accompliceMotive.hidden = accomplice.value === 'none' || !accomplice.value;
    });
    accompliceMotive.hidden = true;
    this.submit.addEventListener('click', async () => {
      const refused = answerRefused(this.solo, t);
      if (refused) { verdict.textContent = t('notNow', { reason: refused }); return; }
      if (!complete()) { verdict.textContent = t(helper ? 'chooseFirstHelper' : 'chooseFirst'); return; }
      const helped = helper && accomplice.value !== 'none';
      const answer = { culprit: culprit.value, motive: motive.value, weapon: weapon.value,
        accomplice: helped ? accomplice.value : null, accompliceMotive: helped ? accompliceMotive.value : null };
      const right = await checkAnswer(this.caseJson, answer);
      this.solo = recordAnswer(this.solo, answer, right);
      const sitsOut = answerRefused(this.solo, t) || '';
      const reason = t.lang === 'en' ? `${sitsOut.charAt(0).toUpperCase()}${sitsOut.slice(1)}` : sitsOut;
      verdict.textContent = right ? t('solvedAfter', { turns: countIn(t, this.solo.turn, 'turn') })
        : t('notRight', { why: sitsOut ? t('whyEnd', { why: reason }) : '' });
      this.draw();
    });
    return el('fieldset', {}, el('legend', { text: t('yourAnswer') }), culprit, motive, weapon,
      ...(helper ? [accomplice, accompliceMotive] : []), this.submit, verdict);
  }

  /** Once the game is over, the solution (a file of its own, fetched only now) and the case's steps. */
  async revealSolution() {
    if (this.body.querySelector('[data-testid=solution]')) return;
    const node = await solutionNode(this.item, this.base, this.t);
    if (node && !this.body.querySelector('[data-testid=solution]')) this.body.append(node);
  }
}

async function main() {
  if (typeof document === 'undefined') return;
  const root = document.getElementById('gaslight-walton');
  if (!root) return;
  const t = waltonWords(pageLanguage(root));
  try {
    const url = new URL(root.dataset.index, document.baseURI);
    const response = await fetch(url);
    if (!response.ok) throw new Error(t('cannotLoad', { url, status: response.status }));
    new WaltonApp(root, (await response.json()).items, url, t.lang);
  } catch (err) {
    root.textContent = t('engineFailed', { error: err.message });
  }
}

main();
