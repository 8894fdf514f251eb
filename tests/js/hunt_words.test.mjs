// Issue 35 §2: one word for the women pawns everywhere a player reads, the letters named as in
// the published game, and the pawn letter offered only on a night it can be sent.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { pawnLetterSendable } from '../../site/engine/hunt/hunt.js';
import { LETTER_NAMES } from '../../site/engine/hunt/letters.js';
import { huntWords, letterIn } from '../../site/engine/hunt/messages.js';
import { logLine } from '../../site/engine/hunt/story.js';
import { view } from '../../site/engine/hunt/view.js';
import { ladderGame } from './ladder_game.mjs';

const ENGINE = new URL('../../site/engine/hunt/', import.meta.url);

test('no string a player reads says "wretched" (the rules and glossary say women pawn)', () => {
  for (const name of readdirSync(ENGINE).filter((f) => f.endsWith('.js'))) {
    const source = readFileSync(new URL(name, ENGINE), 'utf8').split('\n')
      .filter((line) => !/^\s*(\/\/|\*|\/\*)/.test(line)).join('\n');
    const strings = source.match(/(['`])(?:\\.|(?!\1)[^\\\n])*\1/g) || [];
    const said = strings.map((s) => s.replace(/\$\{[^}]*\}/g, '')).filter((s) => /wretched/i.test(s) && s !== "'wretched'");
    assert.deepEqual(said, [], name);
  }
});

test('the letters carry the names of the published game', () => {
  assert.deepEqual(LETTER_NAMES, { 1: 'Dear Boss', 2: 'Saucy Jacky', 3: 'From Hell', 4: 'Goulston Street' });
  assert.equal(letterIn(huntWords('en'), 2, LETTER_NAMES, true), 'Letter 2 (Saucy Jacky)');
  assert.equal(letterIn(huntWords('en'), 4, LETTER_NAMES), 'the pawn letter (Goulston Street)');
  assert.equal(logLine(null, { e: 'letter', letter: 3 }), 'Jack sends letter 3 (From Hell).');
});

test('an arrest reads as a sentence with one full stop', () => {
  assert.equal(logLine(null, { e: 'arrest', circles: [28], success: true }), 'Arrest on 28: Jack is caught.');
  assert.equal(logLine(null, { e: 'arrest', circles: [28], success: false }), 'Arrest on 28: nobody there.');
});

test('the pawn letter is offered only on a letter night with no letter sent yet', () => {
  const { board, go, atHunt } = ladderGame();
  const night1 = atHunt({ letters: true });
  assert.equal(night1.phase, 'jack');
  assert.equal(pawnLetterSendable(board, view(night1, 'jack')), false, 'night 1 is no letter night');
  const night2 = go(night1, [{ type: 'move', to: 4, escape: true }, { type: 'women', marked: [1, 6], unmarked: [] },
    { type: 'patrols', real: ['a', 'e'], fake: ['b'] }]);
  assert.equal(night2.night, 2);
  assert.equal(pawnLetterSendable(board, { ...night2, jack: { ...night2.jack, letterNight: 2 } }), false,
    'a letter already sent tonight');
  assert.equal(pawnLetterSendable(board, night2), true);
  assert.equal(pawnLetterSendable(board, { ...night2, options: { ...night2.options, letters: false } }), false);
});
