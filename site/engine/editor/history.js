// The board editor's undo and redo: a pure module (no DOM), so `node --test` checks it as the page uses it.
//
// The editor commits the board after every edit (a click that adds, deletes, flags or names something, or a
// whole drag from pointer down to pointer up), so one drag is one step however many times the pointer moved.
// Each state is kept as its JSON text: a snapshot nothing can change afterwards, compared by plain equality.
//
// Saving does not cut the history. After a save the saved board is the new base that `dirty` is measured
// from; undo still steps back past it in the page (the file keeps what was saved until the next save), and
// `dirty` then says the page differs from the file again. Opening or starting a board begins a new history.
//
// Memory is bounded: at most `maxSteps` steps back, and at most `maxChars` characters of snapshots; the oldest
// steps go first (a very large board keeps fewer steps, never none: the last edit can always be undone).
//
//   const h = createHistory('{"n":1}');
//   h.commit('{"n":2}');      // true: a new step
//   h.undo();                 // '{"n":1}'
//   h.redo();                 // '{"n":2}'

export const MAX_STEPS = 200;
export const MAX_CHARS = 64 * 1024 * 1024; // about 128 MB of UTF-16 snapshots at most

/**
 * A history that starts at `initial` (a snapshot string). Returns an object with `commit(state)` (true when
 * the state differs from the current one and became a new step; redo is then cleared), `undo()` and
 * `redo()` (the state to show, or null when there is none), `canUndo`, `canRedo`, `current`, `markSaved(state)`
 * (the state written, the current one by default) and `dirty` (the current state is not the one last saved, or the initial one before any save).
 */
export function createHistory(initial, { maxSteps = MAX_STEPS, maxChars = MAX_CHARS } = {}) {
  if (typeof initial !== 'string') throw new TypeError('a history keeps snapshot strings');
  let current = initial;
  let saved = initial;
  const back = []; // older states, the newest last
  const forward = []; // states undone, the next redo last
  const size = (list) => list.reduce((total, s) => total + s.length, 0);

  const trim = () => {
    while (back.length > maxSteps) back.shift();
    while (back.length > 1 && size(back) + size(forward) + current.length > maxChars) back.shift();
  };

  return {
    get current() { return current; },
    get canUndo() { return back.length > 0; },
    get canRedo() { return forward.length > 0; },
    get dirty() { return current !== saved; },
    get steps() { return { back: back.length, forward: forward.length }; },
    commit(state) {
      if (typeof state !== 'string') throw new TypeError('a history keeps snapshot strings');
      if (state === current) return false;
      back.push(current);
      forward.length = 0;
      current = state;
      trim();
      return true;
    },
    undo() {
      if (!back.length) return null;
      forward.push(current);
      current = back.pop();
      return current;
    },
    redo() {
      if (!forward.length) return null;
      back.push(current);
      current = forward.pop();
      return current;
    },
    markSaved(state = current) { saved = state; },
  };
}

/** Which history action a key press asks for: 'undo', 'redo' or null (Ctrl or ⌘ with Z, Shift+Z or Y). */
export function historyKey(event) {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return null;
  const key = String(event.key).toLowerCase();
  if (key === 'z') return event.shiftKey ? 'redo' : 'undo';
  if (key === 'y' && !event.shiftKey) return 'redo';
  return null;
}
