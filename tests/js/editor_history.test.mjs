// The board editor's undo and redo (site/engine/editor/history.js), as the page uses it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHistory, historyKey } from '../../site/engine/editor/history.js';

const board = (n) => JSON.stringify({ circles: Array.from({ length: n }, (_, i) => ({ number: i + 1, at: [i, i] })) });

test('each commit is one step: undo walks back to the start and redo forward to the end', () => {
  const h = createHistory(board(0));
  for (let n = 1; n <= 3; n += 1) assert.equal(h.commit(board(n)), true);
  assert.deepEqual(h.steps, { back: 3, forward: 0 });
  assert.equal(h.undo(), board(2));
  assert.equal(h.undo(), board(1));
  assert.equal(h.undo(), board(0));
  assert.equal(h.undo(), null, 'nothing before the board as opened');
  assert.equal(h.canUndo, false);
  assert.equal(h.redo(), board(1));
  assert.equal(h.redo(), board(2));
  assert.equal(h.redo(), board(3));
  assert.equal(h.redo(), null);
  assert.equal(h.current, board(3));
});

test('committing the same state adds no step (a redraw or an undo is not an edit)', () => {
  const h = createHistory(board(0));
  assert.equal(h.commit(board(0)), false);
  h.commit(board(1));
  h.undo();
  assert.equal(h.commit(h.current), false, 'the page commits after showing an undone state');
  assert.equal(h.canRedo, true, 'and redo is still there');
  assert.equal(h.redo(), board(1));
});

test('a new edit after an undo drops what was undone', () => {
  const h = createHistory(board(0));
  h.commit(board(1));
  h.commit(board(2));
  h.undo();
  h.commit(board(5));
  assert.equal(h.canRedo, false);
  assert.equal(h.redo(), null);
  assert.equal(h.undo(), board(1));
});

test('a save is the new base: dirty compares with it, and undo still goes back past it', () => {
  const h = createHistory(board(0));
  assert.equal(h.dirty, false);
  h.commit(board(1));
  assert.equal(h.dirty, true);
  h.markSaved();
  assert.equal(h.dirty, false);
  assert.equal(h.undo(), board(0));
  assert.equal(h.dirty, true, 'the page now differs from the file');
  h.redo();
  assert.equal(h.dirty, false);
  h.commit(board(2));
  h.markSaved(board(1)); // a save sent before the last edit: the file holds board 1
  assert.equal(h.dirty, true);
});

test('memory is bounded: at most maxSteps back, and the oldest steps go first when snapshots are too large', () => {
  const h = createHistory(board(0), { maxSteps: 5 });
  for (let n = 1; n <= 20; n += 1) h.commit(board(n));
  assert.deepEqual(h.steps, { back: 5, forward: 0 });
  let last = null;
  for (let state = h.undo(); state !== null; state = h.undo()) last = state;
  assert.equal(last, board(15), 'the five newest steps are kept');

  const big = createHistory(board(0), { maxChars: board(50).length * 3 });
  for (let n = 45; n <= 50; n += 1) big.commit(board(n));
  assert.ok(big.steps.back >= 1 && big.steps.back <= 2, `a few large snapshots only: ${big.steps.back}`);
  assert.equal(big.undo(), board(49), 'the last edit can always be undone');

  const huge = createHistory(board(0), { maxChars: 10 });
  huge.commit(board(100));
  assert.equal(huge.undo(), board(0), 'one step is kept even when a single snapshot is over the bound');
});

test('only snapshot strings are kept (an object would change under the history)', () => {
  assert.throws(() => createHistory({}), { name: 'TypeError', message: 'a history keeps snapshot strings' });
  assert.throws(() => createHistory('{}').commit({}), { name: 'TypeError', message: 'a history keeps snapshot strings' });
});

test('the keys: Ctrl or Cmd with Z undoes, with Shift+Z or Ctrl+Y redoes; other keys do nothing', () => {
  const key = (k, more = {}) => historyKey({ key: k, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...more });
  assert.equal(key('z', { ctrlKey: true }), 'undo');
  assert.equal(key('z', { metaKey: true }), 'undo');
  assert.equal(key('Z', { ctrlKey: true, shiftKey: true }), 'redo');
  assert.equal(key('z', { metaKey: true, shiftKey: true }), 'redo');
  assert.equal(key('y', { ctrlKey: true }), 'redo');
  assert.equal(key('z'), null);
  assert.equal(key('y', { ctrlKey: true, shiftKey: true }), null);
  assert.equal(key('z', { ctrlKey: true, altKey: true }), null);
  assert.equal(key('x', { ctrlKey: true }), null);
});
