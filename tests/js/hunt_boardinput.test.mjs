// The hunt board without a mouse (issue 35): choices named for assistive technology, the arrow keys' next
// choice, and which choice a tap near the board's small marks takes.
import assert from 'node:assert/strict';
import test from 'node:test';

import { loadBoard } from '../../site/engine/hunt/board.js';
import { nearestChoice, nextInDirection, TAP_REACH, targetLabel, targetName } from '../../site/engine/hunt/boardinput.js';
import { beginPawnLetter, pawnLetterStage, pickForPawnLetter } from '../../site/engine/hunt/choices.js';
import { boardJson } from './helpers.mjs';

const board = loadBoard(boardJson({
  circles: [41, 57, 60], crossings: ['k1', 'k2', 'k3'],
  segments: [[41, 'k1'], ['k1', 57], [60, 'k2'], ['k2', 'k3']],
  places: [{ name: 'Ropewalk Market', crossing: 'k1' }],
}));

test('circles and crossings are named as a player says them, with what lies on them', () => {
  assert.equal(targetName(board, 42), 'Circle 42');
  assert.equal(targetName(board, 'k2'), 'Crossing by 60');
  assert.equal(targetName(board, 'k1'), 'Ropewalk Market (crossing between 41 and 57)');
  assert.equal(targetName(board, 'k3'), 'Crossing near 60');
  assert.equal(targetLabel(board, 41, ['gl-circle', 'red', 'woman', 'marked', 'target']), 'Circle 41 — red, marked women token');
  assert.equal(targetLabel(board, 'k2', ['gl-crossing', 'patrol', 'target'], 'red pawn'), 'Crossing by 60 — patrol token, red pawn');
  assert.equal(targetLabel(board, 57, ['gl-circle', 'target']), 'Circle 57');
});

test('an arrow key goes to the nearest choice that way, and to none when nothing lies that way', () => {
  const choices = [['a', [10, 0]], ['b', [30, 1]], ['c', [0, 10]], ['d', [-10, 0]], ['e', [12, 30]]];
  assert.equal(nextInDirection([0, 0], [1, 0], choices), 'a');
  assert.equal(nextInDirection([0, 0], [0, 1], choices), 'c');
  assert.equal(nextInDirection([0, 0], [-1, 0], choices), 'd');
  assert.equal(nextInDirection([0, 0], [0, -1], choices), null);
});

test('a tap takes the nearest choice within reach, asks for a closer look between two, and takes none far off', () => {
  const choices = new Map([['k1', [0, 0]], ['k2', [30, 0]], ['k3', [6, 0]]]);
  assert.equal(TAP_REACH, 22);
  assert.deepEqual(nearestChoice([28, 5], choices, TAP_REACH), { pick: 'k2' });
  assert.deepEqual(nearestChoice([3, 1], choices, TAP_REACH), { close: ['k1', 'k3'] });
  assert.equal(nearestChoice([60, 60], choices, TAP_REACH), null);
});

test('the pawn letter takes its only place at once and its pawn from the board', () => {
  const view = { pawns: ['k1', 'k2', 'k3'], parameters: { pawn_letter_pawns: ['red', 'green'] } };
  const pending = { pawnLetter: false, letterPlace: '', letterPawn: null };
  assert.equal(pawnLetterStage(pending), null);
  beginPawnLetter(board, view, pending);
  assert.deepEqual(pending, { pawnLetter: true, letterPlace: 'Ropewalk Market', letterPawn: null });
  assert.equal(pawnLetterStage(pending), 'pawn');
  assert.equal(pickForPawnLetter(board, view, pending, 'k1'), 'letter.pawnNotPawn');
  assert.equal(pickForPawnLetter(board, view, pending, 'k3'), null);
  assert.deepEqual([pending.letterPawn, pawnLetterStage(pending)], [2, null]);
});
