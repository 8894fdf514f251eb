// Choosing on the board without a mouse: the legal choices of the decision at hand are one tab stop
// (a roving focus: the arrow keys move among them on the map, Page Down and Page Up go through each in
// turn, Enter or Space picks), each named for assistive
// technology ("Circle 42", "Crossing between 41 and 57"), every other circle and crossing out of the
// tab order; and on a touch screen a tap that lands near a choice takes the nearest one.
//
// Example:
//   const keys = new BoardKeys(svgElement, (id) => pick(id));
//   keys.install(new Map([[42, gElement], ['k3', otherG]]), board);   // after each drawing of the board
//   targetName(board, 'k3')   // → "Crossing between 41 and 57"

import { ENGLISH, targetLabelIn, targetNameIn } from './reasons.js';

/** How far (CSS px) from a choice a tap still takes it: half of the 44 px a finger needs. */
export const TAP_REACH = 22;

/** What a circle or crossing is called for a player who cannot see the board, in `t`'s language (reasons.js). */
export function targetName(board, id, t = ENGLISH) {
  return targetNameIn(t, board, id);
}

/** "Circle 42 — red, women token": the target's name and what lies on it, from its board classes. */
export function targetLabel(board, id, classes, pawn = '', t = ENGLISH) {
  return targetLabelIn(t, board, id, classes, pawn);
}

// Arrow key → the direction it looks in (screen y grows downwards, as the board's does).
const DIRECTIONS = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] };

/**
 * The choice to move to from `from` (an [x, y]) in direction `dir`: the nearest in a cone either side of
 * the direction, distance along it counting less than distance across; null when none lies that way.
 */
export function nextInDirection(from, dir, candidates) {
  let best = null;
  let bestScore = Infinity;
  for (const [id, [x, y]] of candidates) {
    const dx = x - from[0];
    const dy = y - from[1];
    const along = dx * dir[0] + dy * dir[1];
    const across = Math.abs(dx * dir[1] - dy * dir[0]);
    if (along <= 0 || across > along * 2) continue;
    const score = along + across * 2;
    if (score < bestScore) { bestScore = score; best = id; }
  }
  return best;
}

/**
 * The choice a tap at board point `at` takes: `{pick: id}`, `{close: [id, id]}` when two choices lie
 * about as near (the player should zoom), or null when none is within `reach` board units.
 */
export function nearestChoice(at, candidates, reach) {
  const near = [...candidates].map(([id, [x, y]]) => ({ id, d: Math.hypot(x - at[0], y - at[1]) }))
    .filter((c) => c.d <= reach).sort((a, b) => a.d - b.d);
  if (!near.length) return null;
  if (near.length > 1 && near[1].d - near[0].d < reach / 2) return { close: [near[0].id, near[1].id] };
  return { pick: near[0].id };
}

export class BoardKeys {
  /** `onPick(id)`: what choosing the circle or crossing `id` does; `onFocus(id)`: the arrow keys moved to it. */
  constructor(svg, onPick, onFocus = () => {}) {
    this.svg = svg;
    this.onPick = onPick;
    this.onFocus = onFocus; // the choice now focused (the page brings it into view)
    this.current = null; // the choice holding the tab stop
    this.nodes = new Map();
    this.places = new Map();
  }

  /** Whether the keyboard is on the board (a choice or the map itself) before it is drawn again. */
  focused() { return typeof document !== 'undefined' && this.svg.contains(document.activeElement); }

  /**
   * Make `nodes` (id → the drawn <g>, the current decision's legal choices) the board's one tab stop;
   * `places` gives each one's board point. `refocus`: the keyboard was on the board, so it stays there.
   */
  install(nodes, places, refocus) {
    this.nodes = nodes;
    this.places = places;
    if (!nodes.has(this.current)) this.current = nodes.size ? nodes.keys().next().value : null;
    for (const [id, node] of nodes) {
      node.setAttribute('tabindex', id === this.current ? '0' : '-1');
      node.setAttribute('role', 'button');
      node.addEventListener('keydown', (event) => this.key(event, id));
      node.addEventListener('focus', () => this.take(id));
    }
    if (refocus) (this.current === null ? this.svg : nodes.get(this.current)).focus();
  }

  /** Give the tab stop to `id`. */
  take(id) {
    if (id === this.current || !this.nodes.has(id)) return;
    const old = this.nodes.get(this.current);
    if (old) old.setAttribute('tabindex', '-1');
    this.current = id;
    this.nodes.get(id).setAttribute('tabindex', '0');
  }

  key(event, id) {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      event.stopPropagation();
      this.onPick(id);
      return;
    }
    const ids = [...this.nodes.keys()];
    let next = null;
    if (event.key === 'Home') next = ids[0];
    else if (event.key === 'End') next = ids.at(-1);
    else if (event.key === 'PageDown' || event.key === 'PageUp') { // every choice in turn, wrapping round
      next = ids[(ids.indexOf(id) + (event.key === 'PageDown' ? 1 : -1) + ids.length) % ids.length];
    }
    else if (DIRECTIONS[event.key]) {
      const others = [...this.places].filter(([other]) => other !== id && this.nodes.has(other));
      // Nothing further that way: the next (or previous) choice in order, so every choice is reachable.
      const step = event.key === 'ArrowRight' || event.key === 'ArrowDown' ? 1 : -1;
      next = nextInDirection(this.places.get(id), DIRECTIONS[event.key], others)
        ?? ids[(ids.indexOf(id) + step + ids.length) % ids.length];
    } else return;
    event.preventDefault();
    event.stopPropagation(); // the map's own arrow keys pan: not while a choice has the focus
    this.take(next);
    this.nodes.get(next).focus();
    this.onFocus(next);
  }
}

/**
 * On a touch screen a tap takes the choice nearest to where the finger touched, within TAP_REACH px
 * (`onPick(id)`); when two lie about as near, `onClose([id, id], at)` (the page zooms in there). A mouse
 * click is taken as it lands. `choices()` → the Map id → [x, y].
 */
export function tapToNearest(svg, zoom, choices, onPick, onClose) {
  let down = null; // where the finger touched: the click that follows is moved onto a node by the browser
  svg.addEventListener('pointerdown', (event) => {
    down = event.pointerType === 'touch' ? { x: event.clientX, y: event.clientY } : null;
  }, true);
  svg.addEventListener('click', (event) => {
    if (event.defaultPrevented || !down) return; // a drag that panned (zoom.js), or a mouse
    const at = zoom.toBoard(down.x, down.y);
    const choice = nearestChoice([at.x, at.y], choices(), TAP_REACH * at.unit);
    if (!choice) return; // nothing near: the circle or crossing under the finger says why it is no choice
    event.stopPropagation();
    event.preventDefault();
    if (choice.pick !== undefined) onPick(choice.pick);
    else onClose(choice.close, at);
  }, true);
}
