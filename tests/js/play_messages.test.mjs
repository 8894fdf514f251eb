// The play pages' words are data (issue 38): the Walton table and solo pages (walton/messages.js), the board editor
// (editor/messages.js), and Ripper rummy's and 24's refusals (rummy/reasons.js, twentyfour/reasons.js). For each
// catalogue: Japanese has every English key with the same {names} and is Japanese; every key the code asks for is in
// English and none is left unused; the engines' refusals and the Walton log render in Japanese from the same data
// as their unchanged English.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

import { WALTON_MESSAGES, sayIn, waltonWords } from '../../site/engine/walton/messages.js';
import { EDITOR_MESSAGES, editorWords } from '../../site/engine/editor/messages.js';
import { RUMMY_REASONS, reasonText as rummyReason } from '../../site/engine/rummy/reasons.js';
import { TWENTYFOUR_REASONS, reasonText as twentyfourReason } from '../../site/engine/twentyfour/reasons.js';
import { MESSAGES as RUMMY_MESSAGES } from '../../site/engine/rummy/messages.js';
import { MESSAGES as TWENTYFOUR_MESSAGES } from '../../site/engine/twentyfour/messages.js';
import { merged, translator } from '../../site/engine/common/cardtext.js';
import { ENGINE_COMMON } from '../../site/engine/common/messages.js';
import { act, newTable, prepare } from '../../site/engine/walton/table.js';
import { answerRefused, ask, newSolo, recordAnswer } from '../../site/engine/walton/walton.js';
import { apply as rummyApply } from '../../site/engine/rummy/engine.js';
import { apply as twentyfourApply } from '../../site/engine/twentyfour/engine.js';
import { E, GAME as RUMMY_GAME, rig } from './rummy_helpers.mjs';
import { GAME as TWENTYFOUR_GAME } from './twentyfour_game.mjs';
import { newGame as newTwentyfour } from '../../site/engine/twentyfour/engine.js';

// The {names} a message fills (Japanese may say one twice: 「{name}から逃げ、{name}は…」).
const names = (text) => [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort();
const source = (path) => readFileSync(new URL(`../../site/engine/${path}`, import.meta.url), 'utf8');
// A value Japanese writes with no Japanese character of its own (a separator, a quote mark around a name).
const NO_WORDS = new Set(['news.separator']);

const CATALOGUES = [
  ['Walton', WALTON_MESSAGES], ['editor', EDITOR_MESSAGES], ['rummy refusals', RUMMY_REASONS],
  ['24 refusals', TWENTYFOUR_REASONS], ['rummy page', RUMMY_MESSAGES], ['24 page', TWENTYFOUR_MESSAGES],
];

for (const [name, catalogue] of CATALOGUES) {
  test(`the ${name} catalogue: Japanese has every English key, with the same {names}, and is Japanese`, () => {
    assert.deepEqual(Object.keys(catalogue.ja).sort(), Object.keys(catalogue.en).sort());
    for (const [key, text] of Object.entries(catalogue.en)) {
      assert.deepEqual(names(catalogue.ja[key]), names(text), key);
      if (!NO_WORDS.has(key) && /[A-Za-z]/.test(text.replace(/\{\w+\}/g, ''))) assert.match(catalogue.ja[key], /[ぁ-んァ-ン一-龯、。：「（／]/, key);
    }
  });
}

/** Every string literal in `code` (a key chosen between, t(done ? 'a' : 'b'), is one of them). */
const quoted = (code) => new Set([...code.matchAll(/'([\w.-]+)'/g)].map((m) => m[1]));

/** The keys `code` asks a translator for: t('key'), w('key'), words('key'), and quoted dotted keys. */
function asked(code) {
  return new Set([...code.matchAll(/\b(?:t|w|words|this\.t|this\.words)\('([\w.-]+)'/g),
    ...code.matchAll(/'((?:log|why|prompt|solution|tool|kind|tab|ref|col|phase|yourMove|count)\.[\w.-]+)'/g)]
    .map((m) => m[1]));
}

test('every key the Walton pages ask for is in English, and none is left unused', () => {
  const code = ['walton/tableui.js', 'walton/tablemoves.js', 'walton/tablecards.js', 'walton/sheet.js',
    'walton/solution.js', 'walton/walton.js'].map(source).join('\n');
  // The engine's refusals and log: refuse('key'), why('key'), note(…, 'log.key').
  const engine = source('walton/table.js') + source('walton/walton.js');
  const reasons = [...engine.matchAll(/\b(?:refuse|why)\('(\w+)'/g)].map((m) => `why.${m[1]}`);
  const keys = new Set([...asked(code), ...asked(engine), ...reasons]);
  assert.ok(keys.size > 150, `only ${keys.size} keys found`);
  const english = WALTON_MESSAGES.en;
  assert.deepEqual([...keys].filter((key) => !Object.hasOwn(english, key) && !Object.hasOwn(ENGINE_COMMON.en, key)), []);
  // Keys the code builds from data: a phase, a tab, a kind of seat or reference, a column, a count's noun.
  const built = /^(yourMove|tab|kind|ref|col|phase|count|prompt\.(oneOffer|solve|answer))\./;
  const mentioned = quoted(`${code}\n${engine}\n${source('walton/messages.js').split('export function waltonWords')[1]}`);
  assert.deepEqual(Object.keys(english).filter((key) => !mentioned.has(key) && !mentioned.has(key.replace(/^why\./, ''))
    && !built.test(key)), []);
});

test('every key the editor asks for is in English, and none is left unused', () => {
  const keys = asked(source('editor/editor.js'));
  assert.ok(keys.size > 28, `only ${keys.size} keys found`);
  assert.deepEqual([...keys].filter((key) => !Object.hasOwn(EDITOR_MESSAGES.en, key)), []);
  const mentioned = quoted(source('editor/editor.js'));
  assert.deepEqual(Object.keys(EDITOR_MESSAGES.en).filter((key) => !mentioned.has(key) && !key.startsWith('tool.')), []);
});

for (const [game, file, catalogue] of [['rummy', 'rummy/engine.js', RUMMY_REASONS],
  ['24', 'twentyfour/engine.js', TWENTYFOUR_REASONS]]) {
  test(`every reason ${game}'s engine gives has an English message, and every phase a name`, () => {
    const code = source(file);
    const keys = [...code.matchAll(/\bwhy\('(\w+)'/g)].map((m) => `why.${m[1]}`);
    assert.ok(keys.length > (game === 'rummy' ? 30 : 10), `only ${keys.length} reasons found`);
    assert.deepEqual(keys.filter((key) => !Object.hasOwn(catalogue.en, key)), []);
    const phases = [...(/PHASES = \{([^]*?)\n\};/.exec(code)[1]).matchAll(/^\s+(\w+): \{/gm)].map((m) => `phase.${m[1]}`);
    assert.deepEqual(phases.filter((key) => !Object.hasOwn(catalogue.en, key)), []);
    const used = new Set([...keys, ...phases]);
    assert.deepEqual(Object.keys(catalogue.en).filter((key) => /^why\./.test(key) && !used.has(key)), []);
  });
}

// ---------------------------------------------------------------- the Walton table and solo in Japanese

const hash = (text) => createHash('sha256').update(text).digest('hex');
const CASE = {
  format: 'gaslight-walton/1', id: 'mini', title: 'Mini', difficulty: 'C',
  mansion: {
    suspects: [['ann', 'アン'], ['bob', 'ボブ']].map(([id, name]) => ({ id, name, motives: [{ id: 'money', name: '金' }] })),
    rooms: [['den', '書斎'], ['hall', '玄関']].map(([id, name]) => ({ id, name })),
    weapons: [{ id: 'knife', name: 'ナイフ', traces: ['切り傷'] }],
  },
  cards: Array.from({ length: 30 }, (_, i) => ({ number: i + 1, type: 'fact', value: (i % 3) + 1, speaker: '', text: `card ${i + 1}`,
    refs: [['ann', 'bob', 'den', 'hall'][i % 4]] })),
  answer_check: { salt: 's', sha256: hash('s:ann|money|knife|-|-') },
};
const GAME = prepare(CASE);
const ja = waltonWords('ja');

test('a Walton table refusal in Japanese, the same refusal in English as before', () => {
  const table = newTable(GAME, ['Ada', 'Basil', 'Clara'], 1);
  const cases = [
    [{ type: 'investigate', seat: 1, targets: ['ann', 'den'] }, "it is not Basil's move", '今はBasilさんの番ではありません'],
    [{ type: 'investigate', seat: 0, targets: ['ann'] }, 'name 2 references', '名前を2つ挙げてください'],
    [{ type: 'investigate', seat: 0, targets: ['ann', 'attic'] }, 'that is neither a suspect nor a room of this case',
      'それはこの事件の容疑者でも部屋でもありません'],
    [{ type: 'offer', seat: 0, cards: [] }, 'now is the time to investigate, not to offer', '今は「捜査」の時です（「申し出」はできません）'],
  ];
  for (const [move, english, japanese] of cases) {
    const r = act(table, GAME, move);
    assert.deepEqual(r, { ok: false, reason: english });
    assert.equal(sayIn(ja, r.why), japanese);
  }
});

test("the Walton table's log in Japanese, from the same entries as its English log", () => {
  let s = newTable(GAME, ['Ada', 'Basil', 'Clara'], 1);
  for (const move of [{ type: 'investigate', seat: 0, targets: ['ann', 'den'] }, { type: 'offer', seat: 2, cards: [] },
    { type: 'offer', seat: 1, cards: [] }, { type: 'exchange', seat: 0, payments: {} }]) {
    const r = act(s, GAME, move);
    assert.ok(r.ok, r.reason);
    s = r.state;
  }
  assert.deepEqual(s.log, ['Ada names アン, 書斎.', 'Clara makes no offer.', 'Basil makes no offer.', 'Nobody offered: Ada draws 3 cards.']);
  assert.deepEqual(s.said.map((entry) => sayIn(ja, entry)), ['Adaさんがアン、書斎を挙げた。', 'Claraさんは何も差し出さなかった。',
    'Basilさんは何も差し出さなかった。', '申し出がなかったので、Adaさんが3枚引いた。']);
  assert.deepEqual(s.said.map((entry) => sayIn(waltonWords('en'), entry)), s.log);
});

test('the solo page refuses in Japanese; its English refusals are as before', () => {
  const solo = newSolo(CASE, 1);
  const same = ask(solo, CASE, 'ann', 'ann');
  assert.deepEqual(same, { ok: false, reason: 'name two different references' });
  assert.equal(sayIn(ja, same.why), '異なる名前を2つ挙げてください');
  assert.equal(sayIn(ja, ask(solo, CASE, 'ann', 'attic').why), '「attic」はこの事件の容疑者でも部屋でもありません');
  const wrong = recordAnswer(solo, { culprit: 'bob', motive: 'money', weapon: 'knife' }, false);
  assert.equal(answerRefused(wrong), 'a wrong answer sits out: ask once more before you answer again');
  assert.equal(answerRefused(wrong, ja), '誤答のため休みです。もう1回質問してから解答してください');
});

// ---------------------------------------------------------------- the card games' refusals in Japanese

test("Ripper rummy's refusals in Japanese, the same refusals in English as before", () => {
  const jaRummy = translator(merged(RUMMY_REASONS, RUMMY_MESSAGES), 'ja');
  const s = rig({ phase: 'draw', hands: [[E('crimson')], [E('crimson', 2)]], yard: [] });
  const empty = rummyApply(RUMMY_GAME, s, { type: 'draw', seat: s.turn, from: 'yard' });
  assert.equal(empty.reason, 'Scotland Yard is empty: draw from the case file');
  assert.equal(rummyReason(jaRummy, RUMMY_GAME, empty.why), 'スコットランドヤードは空です。捜査ファイルから引いてください');
  const early = rummyApply(RUMMY_GAME, s, { type: 'discard', seat: s.turn, card: 'x' });
  assert.equal(early.reason, '"discard" is not possible now: this is the start of a turn (vote, draw, escape)');
  assert.equal(rummyReason(jaRummy, RUMMY_GAME, early.why), '今は「discard」はできません。今はターンのはじめです（vote, draw, escape）');
  const over = rummyApply(RUMMY_GAME, { ...s, phase: 'over', winner: 1, totals: [10, 120, 30], handNumber: 4 }, { type: 'pass' });
  assert.equal(over.reason, 'the game is over: seat 1 wins with 120 points after 4 hands');
  assert.equal(rummyReason(jaRummy, RUMMY_GAME, over.why), 'ゲームは終わっています：4ハンドで席1が120点で勝ちました');
});

test("24's refusals in Japanese, the same refusals in English as before", () => {
  const jaTwentyfour = translator(merged(TWENTYFOUR_REASONS, TWENTYFOUR_MESSAGES), 'ja');
  const s = newTwentyfour(TWENTYFOUR_GAME, { seed: 1, players: 3 });
  const r = twentyfourApply(TWENTYFOUR_GAME, s, { type: 'place', seat: 0, cards: ['nope', 1, 2, 3, 4] });
  assert.equal(r.reason, '"nope" is not in Hound (seat 1)\'s hand');
  assert.equal(twentyfourReason(jaTwentyfour, TWENTYFOUR_GAME, s, r.why), '"nope"はHound（席1）の手札にありません');
  const wrong = twentyfourApply(TWENTYFOUR_GAME, s, { type: 'pick', seat: 0, card: 'first' });
  assert.equal(twentyfourReason(jaTwentyfour, TWENTYFOUR_GAME, s, wrong.why).startsWith('今は「pick」はできません。今は捜査（'), true);
});

test("the editor's words in Japanese, English where Japanese lacks a key", () => {
  assert.equal(editorWords('ja')('summary', { title: 'East End', circles: 3, crossings: 2, lines: 4, tool: '移動' }),
    'East End・円3個、交差点2個、線4本・ツール：移動');
  assert.equal(editorWords('en')('tool.select'), 'Move');
  assert.equal(editorWords('ja')('save'), '保存');
});
