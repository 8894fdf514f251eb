// The hunt engine's refusals and game-over reasons are data (site/engine/hunt/reasons.js): every reason the
// engine gives has a message in English and Japanese with the same {names}; the engine's English `reason` is
// unchanged; a Japanese page renders a refusal and the end of a game in Japanese, crossing names included.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

import { HUNT_REASONS, reasonText, targetLabelIn, targetNameIn } from '../../site/engine/hunt/reasons.js';
import { huntWords } from '../../site/engine/hunt/messages.js';
import { gameOverBox } from '../../site/engine/hunt/ending.js';
import { CONTROLS } from '../../site/engine/hunt/controls.js';
import { logLines } from '../../site/engine/hunt/story.js';
import { apply } from '../../site/engine/hunt/hunt.js';
import { ladderGame } from './ladder_game.mjs';

const source = (name) => readFileSync(new URL(`../../site/engine/hunt/${name}`, import.meta.url), 'utf8');
const names = (text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const ja = huntWords('ja');

test('every reason the engine gives has an English message', () => {
  const engine = ['hunt.js', 'actions.js', 'rules.js', 'letters.js'].map(source).join('\n');
  const keys = [...engine.matchAll(/\bwhy\('([\w.]+)'/g)].map((m) => (m[1].includes('.') ? m[1] : `why.${m[1]}`));
  assert.ok(keys.length > 55, `only ${keys.length} reasons found`);
  assert.deepEqual(keys.filter((key) => !Object.hasOwn(HUNT_REASONS.en, key)), []);
  const phases = Object.keys((/PHASES = \{([^]*?)\n\};/.exec(source('hunt.js')) || [])[1]
    .split('\n').reduce((o, line) => { const m = /^\s+(\w+): \{/.exec(line); if (m) o[m[1]] = 1; return o; }, {}));
  assert.equal(phases.length, 14);
  assert.deepEqual(phases.filter((p) => !Object.hasOwn(HUNT_REASONS.en, `phase.${p}`)), []);
});

test('Japanese has every reason with the same {names}, in Japanese', () => {
  assert.deepEqual(Object.keys(HUNT_REASONS.ja).sort(), Object.keys(HUNT_REASONS.en).sort());
  for (const [key, text] of Object.entries(HUNT_REASONS.en)) {
    assert.deepEqual(names(HUNT_REASONS.ja[key]), names(text), key);
    if (!['target.marks', 'list.separator'].includes(key)) assert.match(HUNT_REASONS.ja[key], /[ぁ-んァ-ン一-龯、（]/, key);
  }
});

test('a refusal in Japanese on a Japanese page, the same refusal in English as before', () => {
  const { board, fresh, atHunt, go, no } = ladderGame();
  const red = apply(board, fresh(), { type: 'hideout', circle: 1 });
  assert.equal(red.reason, 'circle 1 is red: the hideout must be a circle that is not red');
  assert.equal(reasonText(ja, board, red.why), '円1は赤い円です。隠れ家は赤くない円でなければなりません');
  assert.equal(ja('refused', { reason: reasonText(ja, board, red.why) }),
    'できません：円1は赤い円です。隠れ家は赤くない円でなければなりません');
  const hunt = atHunt();
  const far = apply(board, hunt, { type: 'move', to: 1 });
  assert.equal(far.reason, 'every way from 5 to 1 passes a crossing held by police');
  assert.equal(reasonText(ja, board, far.why), '円5から円1への道はどれも警官コマのいる交差点を通ります');
  const jump = apply(board, hunt, { type: 'move', to: 3 });
  assert.equal(jump.reason, 'circle 3 is not one step from 5');
  assert.equal(reasonText(ja, board, jump.why), '円3は円5から1歩の円ではありません');
  // A crossing named in Japanese (its place's name is the scenario's own), and the phase named in the refusal.
  const moved = go(hunt, [{ type: 'move', to: 6 }, { type: 'policeMove', to: 'd' }, { type: 'policeMove', to: 'g' }, { type: 'pass' }]);
  const notNext = apply(board, moved, { type: 'search', circle: 1 });
  assert.equal(notNext.reason, 'circle 1 is not next to Goulston Street');
  assert.equal(reasonText(ja, board, notNext.why), '円1はGoulston Streetの隣ではありません');
  const wrongTime = apply(board, hunt, { type: 'kill', victims: [1] });
  assert.equal(wrongTime.reason, '"kill" is not possible now: this is Jack\'s move (move, coach, alley)');
  assert.equal(reasonText(ja, board, wrongTime.why), '「kill」は今はできません。今はジャックの移動です（move、coach、alley）');
  assert.equal(no(hunt, { type: 'hideout', circle: 4 }).startsWith('"hideout" is not possible now'), true);
});

test('the end of a game in Japanese: the status, the prompt and the game-over box', () => {
  const { board, go, atHunt, no } = ladderGame();
  const over = go(atHunt(), [{ type: 'move', to: 6 }, { type: 'policeMove', to: 'd' }, { type: 'policeMove', to: 'g' },
    { type: 'pass' }, { type: 'arrest', circle: 6 }]);
  assert.equal(over.reason, 'Jack is arrested on circle 6 on night 1');
  assert.equal(reasonText(ja, board, over.why), 'ジャックは第1夜に円6で逮捕されました');
  assert.equal(ja('over.prompt', { reason: reasonText(ja, board, over.why) }), 'ゲーム終了：ジャックは第1夜に円6で逮捕されました。');
  assert.match(textOf(withFakeDocument(() => gameOverBox(over, ja))), /ジャックは第1夜に円6で逮捕されました。ジャックの隠れ家は円4。/);
  const after = apply(board, over, { type: 'pass' });
  assert.equal(no(over, { type: 'pass' }), 'the game is over: Jack is arrested on circle 6 on night 1');
  assert.equal(reasonText(ja, board, after.why), 'ゲームは終わっています：ジャックは第1夜に円6で逮捕されました');
});

test('crossings and board choices are named in the page language', () => {
  const { board, atHunt } = ladderGame();
  assert.equal(targetNameIn(ja, board, 4), '円4');
  assert.equal(targetNameIn(ja, board, 'a'), '円1と2のあいだの交差点');
  assert.equal(targetNameIn(ja, board, 'g'), 'Goulston Street（円5と6のあいだの交差点）');
  assert.equal(targetLabelIn(ja, board, 3, ['gl-circle', 'red', 'woman', 'marked', 'target']), '円3 — 赤い円、印つきの婦人トークン');
  assert.equal(targetLabelIn(huntWords('en'), board, 3, ['gl-circle', 'red', 'woman', 'marked', 'target']),
    'Circle 3 — red, marked women token');
  assert.deepEqual(logLines(board, [{ e: 'patrol', at: 'd', real: true }], ja), ['円2と5のそばの交差点の巡回警官トークンをめくった：本物。']);
  const moved = apply(board, atHunt(), { type: 'move', to: 6 });
  assert.ok(moved.ok, moved.reason);
  assert.equal(CONTROLS.policeMove({ t: ja, board }, moved.state),
    '捜査員：円1と2のそばの交差点の黄のコマを動かしてください（交差点0〜2個。とどまるなら今の交差点をクリック）。');
});

/** Runs `make` with a document just big enough for dom.js's el() (node has none). */
function withFakeDocument(make) {
  const node = (tag) => ({ tag, children: [], textContent: '', setAttribute() {}, addEventListener() {},
    append(...kids) { this.children.push(...kids); } });
  globalThis.document = { createElementNS: (ns, tag) => node(tag), createElement: node };
  try { return make(); } finally { delete globalThis.document; }
}

/** Every text under a fake node, in order. */
function textOf(n) {
  return typeof n === 'string' ? n : [n.textContent, ...n.children.map(textOf)].join('');
}
