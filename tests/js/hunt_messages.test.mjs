// The hunt page's words are data (site/engine/hunt/messages.js, with the engine's common words): every key the
// page asks for exists in English, Japanese has every English key with the same {names}, a key Japanese lacks
// shows in English, and the page's lang picks the language.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

import { HUNT_MESSAGES, huntWords } from '../../site/engine/hunt/messages.js';
import { ENGINE_COMMON, pageLanguage } from '../../site/engine/common/messages.js';
import { translator } from '../../site/engine/common/cardtext.js';

const UI = readFileSync(new URL('../../site/engine/hunt/ui.js', import.meta.url), 'utf8');
const names = (text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

test('every key the hunt page asks for exists in English', () => {
  const asked = new Set([...UI.matchAll(/\bt\('([\w.]+)'/g)].map((m) => m[1]));
  assert.ok(asked.size > 30, `only ${asked.size} keys found in ui.js`);
  const english = { ...ENGINE_COMMON.en, ...HUNT_MESSAGES.en };
  assert.deepEqual([...asked].filter((key) => !Object.hasOwn(english, key)), []);
  assert.deepEqual(Object.keys(english).filter((key) => !asked.has(key) && !key.startsWith('role.')
    && !['passTo', 'ready', 'passHelp', 'nobody'].includes(key)), []);  // none left unused
});

for (const [name, catalogue] of [['hunt', HUNT_MESSAGES], ['common', ENGINE_COMMON]]) {
  test(`the ${name} catalogue: Japanese has every English key, with the same {names}, and is Japanese`, () => {
    assert.deepEqual(Object.keys(catalogue.ja).sort(), Object.keys(catalogue.en).sort());
    for (const [key, text] of Object.entries(catalogue.en)) {
      assert.deepEqual(names(catalogue.ja[key]), names(text), key);
      assert.match(catalogue.ja[key], /[ぁ-んァ-ン一-龯]/, key);
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
