// The hunt page's words are data (site/engine/hunt/messages.js, with the engine's common words): every key the
// page asks for exists in English, Japanese has every English key with the same {names}, a key Japanese lacks
// shows in English, and the page's lang picks the language.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

import { HUNT_MESSAGES, huntWords } from '../../site/engine/hunt/messages.js';
import { ENGINE_COMMON, pageLanguage } from '../../site/engine/common/messages.js';
import { translator } from '../../site/engine/common/cardtext.js';

const source = (name) => readFileSync(new URL(`../../site/engine/hunt/${name}`, import.meta.url), 'utf8');
const UI = ['ui.js', 'boarddraw.js', 'boardclicks.js', 'controls.js', 'story.js', 'ending.js', 'choices.js']
  .map(source).join('\n');
// Keys built from data: a pawn's colour, a move's kind, a letter's name, a list's words (messages.js's helpers).
const BUILT = /^(colour|kind|letter|list|role|count|log\.jack|summary)\./;
const names = (text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

test('the page says nothing that is not in the word tables (a sentence written in a module shows in English)', () => {
  const written = [...UI.matchAll(/\bsay\(\s*[`'"][^`'"]*[A-Za-z]{3}/g)].map((m) => m[0]);
  assert.deepEqual(written, []);
  const refusals = [...source('choices.js').matchAll(/return\s+[`'"]([^`'"]*\s[^`'"]*)[`'"]/g)].map((m) => m[1]);
  assert.deepEqual(refusals, []);  // choices.js returns the keys of its refusals, not sentences
});

test('every key the hunt page asks for exists in English', () => {
  // t('key') calls, and the dotted keys a call chooses between (app.t(started ? 'button.stopSearching' : …)).
  const asked = new Set([...UI.matchAll(/\bt\('([\w.]+)'/g), ...UI.matchAll(/'([a-z]+\.[a-zA-Z]+)'/g)].map((m) => m[1]));
  assert.ok(asked.size > 90, `only ${asked.size} keys found in the page's modules`);
  const english = { ...ENGINE_COMMON.en, ...HUNT_MESSAGES.en };
  assert.deepEqual([...asked].filter((key) => !Object.hasOwn(english, key)), []);
  assert.deepEqual(Object.keys(english).filter((key) => !asked.has(key) && !BUILT.test(key)
    && !['passTo', 'ready', 'passHelp', 'nobody'].includes(key)), []);  // none left unused
});

for (const [name, catalogue] of [['hunt', HUNT_MESSAGES], ['common', ENGINE_COMMON]]) {
  test(`the ${name} catalogue: Japanese has every English key, with the same {names}, and is Japanese`, () => {
    assert.deepEqual(Object.keys(catalogue.ja).sort(), Object.keys(catalogue.en).sort());
    for (const [key, text] of Object.entries(catalogue.en)) {
      assert.deepEqual(names(catalogue.ja[key]), names(text), key);
      assert.match(catalogue.ja[key], /[ぁ-んァ-ン一-龯、]/, key);
    }
  });
}

test('the hunt words in each language, English where Japanese lacks a key', () => {
  assert.equal(huntWords('ja')('nightOf', { night: 2, nights: 4 }), '第2夜（全4夜）');
  assert.equal(huntWords('en')('nightOf', { night: 2, nights: 4 }), 'Night 2 of 4');
  assert.equal(huntWords('ja')('save'), '保存');
  const partial = translator({ en: HUNT_MESSAGES.en, ja: { wholeBoard: '全体を表示' } }, 'ja');
  assert.equal(partial('wholeBoard'), '全体を表示');
  assert.equal(partial('startGame'), 'Start a game');
});

test("the page's lang picks the language; an unknown one is English", () => {
  const at = (lang) => ({ closest: () => ({ getAttribute: () => lang }) });
  assert.equal(pageLanguage(at('ja')), 'ja');
  assert.equal(pageLanguage(at('ja-JP')), 'ja');
  assert.equal(pageLanguage(at('fr')), 'en');
  assert.equal(pageLanguage(at('')), 'en');
});

test('the log and the end of a game in Japanese; English as before', async () => {
  const { logLines } = await import('../../site/engine/hunt/story.js');
  const { gameOverBox } = await import('../../site/engine/hunt/ending.js');
  const board = { crossingWhere: () => ({}) };  // a crossing with nothing near: named by its id
  const events = [{ e: 'head', pawn: 1 }, { e: 'scenes', circles: [3, 4], moves: 15 }, { e: 'jack', kind: 'coach' },
    { e: 'search', circle: 5, found: true }, { e: 'patrol', at: 'k1', real: false }, { e: 'women', circles: [1, 2, 3] }];
  assert.deepEqual(logLines(board, events, huntWords('ja')), [
    '今夜は赤のコマの担当者が捜査を指揮します。', '犯行現場：円3と4。移動トラックは15マス。', 'ジャックが移動した（馬車）。',
    '円5を捜索：手がかりあり。', '交差点k1の巡回警官トークンをめくった：無地。', '婦人は今、円1、2と3にいる。']);
  assert.deepEqual(logLines(board, events), [
    "The red pawn's player heads the investigation tonight.", 'Crime scenes: 3 and 4; 15 moves on the track.',
    'Jack moves (by coach).', 'Search on 5: a clue.', 'Patrol token on crossing k1 turned over: blank.',
    'The women now stand on 1, 2 and 3.']);
  assert.equal(typeof gameOverBox, 'function');
});

test("each phase's prompt in Japanese, through the page's words", async () => {
  const { CONTROLS } = await import('../../site/engine/hunt/controls.js');
  const app = { t: huntWords('ja') };
  assert.equal(CONTROLS.hideout(app), 'ジャック：隠れ家を選んでください（赤い円以外のどの円でも）。');
  assert.equal(CONTROLS.revealPatrol(app), 'ジャック：巡回警官トークンを1枚めくってください（クリック）。');
  assert.equal(CONTROLS.moveWomen(app, { wretched: [7], turn: { woman: 0 } }),
    '捜査員：円7の婦人コマを動かしてください（光っている円をクリック）。');
  assert.equal(CONTROLS.hideout({ t: huntWords('en') }), 'Jack: choose your hideout (any circle that is not red).');
});
