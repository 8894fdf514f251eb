// The card games' play pages, their pure parts: the language and its messages, the rummy moves a seat is offered
// (exactly those the engine accepts), the Escape out of turn, and 24's draft of a round and dice odds.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { COMMON, merged, pickLanguage, translator } from '../../site/engine/common/cardtext.js';
import { choices, forcedWindowMove } from '../../site/engine/rummy/choices.js';
import { apply } from '../../site/engine/rummy/engine.js';
import { MESSAGES as RUMMY_MESSAGES } from '../../site/engine/rummy/messages.js';
import { evidenceTotals } from '../../site/engine/rummy/page.js';
import { view } from '../../site/engine/rummy/view.js';
import { assign, emptyDraft, odds, unassign, unplaced } from '../../site/engine/twentyfour/choices.js';
import { MESSAGES as TWENTYFOUR_MESSAGES } from '../../site/engine/twentyfour/messages.js';
import { botGame, E, ESCAPE, GAME, L, rig, V, W } from './rummy_helpers.mjs';
import { GAME as GAME24 } from './twentyfour_game.mjs';

test('the page speaks the language asked for, then the one chosen before, then the browser\'s, else English', () => {
  assert.equal(pickLanguage({ search: '?lang=ja', stored: 'en', languages: ['en-GB'] }), 'ja');
  assert.equal(pickLanguage({ search: '?lang=fr', stored: 'ja', languages: ['en-GB'] }), 'ja');
  assert.equal(pickLanguage({ search: '', stored: null, languages: ['fr-FR', 'ja-JP', 'en'] }), 'ja');
  assert.equal(pickLanguage({ search: '', stored: 'xx', languages: ['fr-FR'] }), 'en');
  const t = translator({ en: { hi: 'Hello, {name}', only: 'English only' }, ja: { hi: '{name}さん、こんにちは' } }, 'ja');
  assert.equal(t('hi', { name: '<b>Ann</b>' }), '<b>Ann</b>さん、こんにちは');
  assert.equal(t('only'), 'English only');
  assert.equal(t('missing.key'), 'missing.key');
  assert.equal(t('hi', {}), '{name}さん、こんにちは', 'a value not given leaves its place visible');
});

test('every message of the card pages is in both languages, with the same places to fill', () => {
  for (const catalogue of [COMMON, merged(COMMON, RUMMY_MESSAGES), merged(COMMON, TWENTYFOUR_MESSAGES)]) {
    assert.deepEqual(Object.keys(catalogue.ja).sort(), Object.keys(catalogue.en).sort());
    for (const key of Object.keys(catalogue.en)) {
      const places = (text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      assert.deepEqual([...new Set(places(catalogue.ja[key]))], [...new Set(places(catalogue.en[key]))], key);
    }
  }
});

test('rummy: a meld is offered only for cards the engine melds, and one card\'s plays are exactly its legal ones', () => {
  // The bundled rules: a meld is at least 3 cards.
  const s = rig({ players: 2, hands: [[E('crimson', 1), E('crimson', 2), E('crimson', 3), E('ochre', 1), W(1), L(1)], [E('teal', 1), E('teal', 2)]],
    table: [[V('ada')], []], melds: [{ seat: 1, cards: [E('violet', 1), E('violet', 2), E('violet', 3)] }] });
  const three = [E('crimson', 1), E('crimson', 2), E('crimson', 3)];
  assert.deepEqual(choices(GAME, s, 0, three).meld, { type: 'meld', seat: 0, cards: three });
  assert.equal(choices(GAME, s, 0, three.slice(0, 2)).meld, null, 'two cards are too few');
  assert.equal(choices(GAME, s, 0, [...three.slice(0, 2), E('ochre', 1)]).meld, null, 'two suspects do not meld');
  assert.equal(choices(GAME, s, 0, [...three.slice(0, 2), L(1)]).meld, null, 'letters meld only with letters');
  const wild = choices(GAME, s, 0, [W(1)]).forCard;
  assert.deepEqual(wild.layoffs, [{ type: 'layoff', seat: 0, card: W(1), suspect: 'violet' }], 'a wild card joins the one meld there is');
  assert.deepEqual(wild.discard, { type: 'discard', seat: 0, card: W(1) });
  assert.deepEqual(choices(GAME, s, 0, [E('crimson', 1)]).forCard.layoffs, [], 'no crimson meld to lay off on');
  assert.deepEqual(choices(GAME, s, 0, []).playable, [W(1)]);
  assert.equal(choices(GAME, s, 1, [E('teal', 1), E('teal', 2)]).meld, null, 'not seat 1\'s move: nothing is offered');
});

test('rummy: through whole bot games every move offered is accepted, and the bots\' own move is always offered', () => {
  for (const seed of [3, 4]) {
    botGame({ players: 3, seed, visit(state, seat, action) {
      const selected = action.type === 'meld' ? action.cards : action.card ? [action.card] : [];
      const c = choices(GAME, state, seat, selected);
      const offered = [...c.draw, c.vote, ...c.ballots, c.escape, c.pass, c.meld, c.keep, ...c.picks, ...(c.sceneGavel || []),
        ...(c.forCard ? [...c.forCard.layoffs, ...c.forCard.gavels, c.forCard.discard] : [])].filter(Boolean);
      for (const a of offered) assert.ok(apply(GAME, state, a).ok, `${JSON.stringify(a)} was offered but refused`);
      // An alibi named for its own suspect is the alibi played plainly.
      const plain = (a) => ({ ...a, suspect: a.card && a.suspect === GAME.cards[a.card].suit ? null : a.suspect ?? null });
      const same = (a) => JSON.stringify(plain(a)) === JSON.stringify(plain(action));
      if (action.type !== 'ballot') assert.ok(offered.some(same), `the bot's ${JSON.stringify(action)} was not offered`);
    } });
  }
});

test('rummy: out of turn, only a holder of the Escape is asked, and only when asking tells nobody anything', () => {
  // The bundled rules open the Escape at five victims.
  const s = rig({ players: 3, phase: 'window', hands: [[E('crimson', 1)], [ESCAPE(), E('teal', 1)], [E('ochre', 1)]],
    table: [[V('ada'), V('bess'), V('kit')], [V('maud')], [V('nell')]] });
  s.window = { seats: [0, 1, 2], at: 0, then: 'play' };
  assert.deepEqual(forcedWindowMove(GAME, s, 0), { type: 'pass', seat: 0 }, 'no Escape: pass, nobody is asked');
  s.window = { ...s.window, at: 1 };
  assert.equal(forcedWindowMove(GAME, s, 1, { canAsk: true }), null, 'on screen: asked');
  assert.deepEqual(forcedWindowMove(GAME, s, 1, { canAsk: false }), { type: 'pass', seat: 1 }, 'not on screen: keeps it');
  assert.deepEqual(forcedWindowMove(GAME, s, 1, { canAsk: false, standing: 'play' }), { type: 'escape', seat: 1 });
  assert.deepEqual(forcedWindowMove(GAME, s, 1, { canAsk: true, standing: 'pass' }), { type: 'pass', seat: 1 });
  assert.equal(forcedWindowMove(GAME, s, 0), null, 'not seat 0\'s answer');
});

test('rummy: the evidence totals and Jack as the page shows them follow the scoring\'s rule (alibi, rank on a tie)', () => {
  const s = rig({ players: 2, hands: [[E('ochre', 3)], [E('teal', 3)]], table: [[V('ada')], []],
    melds: [{ seat: 0, cards: [E('crimson', 1), E('crimson', 2)] }, { seat: 1, cards: [E('ochre', 1), E('ochre', 2)] }] });
  const { totals, jack } = evidenceTotals(GAME, view(s, 0));
  assert.equal(totals.crimson, totals.ochre);
  assert.equal(jack, GAME.ranks.crimson < GAME.ranks.ochre ? 'crimson' : 'ochre');
});

test('24: a draft fills the first empty incident, gives a card back, and counts a card held twice', () => {
  let d = emptyDraft(3);
  d = assign(d, 'a');
  d = assign(d, 'b');
  assert.deepEqual(d, ['a', 'b', null]);
  assert.deepEqual(assign(d, 'a'), d, 'a card is placed once');
  d = unassign(d, 0);
  assert.deepEqual(assign(d, 'c'), ['c', 'b', null]);
  assert.deepEqual(assign(['x', 'y'], 'z'), ['x', 'y'], 'a full draft is unchanged');
  assert.deepEqual(unplaced(['h', 'h', 'k'], ['h', null, null]), ['h', 'k']);
  const green = odds(GAME24, 3, 'green');
  assert.deepEqual(green, { success: 5 / 8, great: 1 / 8, bonus: 1, greatBonus: 2, damage: 1 });
  assert.equal(odds(GAME24, 8, 'red').success, 0);
});
