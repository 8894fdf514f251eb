// The end of a hunt, for both sides: who won and why, Jack's hideout, every night's route in words (the
// last night's too when the police win), and the routes drawn on the map.
//
// Example:
//   jackRoutes(view)   // → [{night: 1, route: [12, 13, 27]}, {night: 2, route: [40, 41]}]
//   gameOverBox(view)  // → <section data-testid="game-over">…</section>
//
// Only ever called with the view of a finished game: before that the police's view holds no route.

import { el } from '../../assets/dom.js';
import { countIn, huntWords } from './messages.js';
import { reasonText } from './reasons.js';

const SVG = 'http://www.w3.org/2000/svg';

/** Every night's route, the last night's too (it is not archived when the police win on it). */
export function jackRoutes(v) {
  const nights = v.nights.map((night) => ({ night: night.night, route: night.route || [] }));
  if (!nights.length || nights.at(-1).night !== v.night) nights.push({ night: v.night, route: v.jack.route || [] });
  return nights;
}

/** Who won and why, Jack's hideout, the clues found, and each night's route in words. */
export function gameOverBox(v, t = huntWords('en')) {
  const nights = jackRoutes(v);
  const clues = v.nights.reduce((sum, night) => sum + (night.log || []).filter((e) => e.e === 'search' && e.found).length, 0)
    + v.log.filter((e) => e.e === 'search' && e.found).length;
  const last = nights.at(-1);
  const caught = v.winner === 'police' && last.route.length
    ? [el('p', { 'data-testid': 'last-route', text: t('over.lastRoute', { route: last.route.join(' → ') }) })] : [];
  return el('section', { class: 'gl-over', 'data-testid': 'game-over' },
    el('h3', { text: v.winner === 'jack' ? t('jackWins') : t('over.policeWin') }),
    el('p', { text: t('over.reason', { reason: v.why ? reasonText(t, null, v.why) : v.reason, hideout: v.jack.hideout, clues: countIn(t, clues, 'clue') }) }),
    ...caught,
    el('p', { text: t('over.routesDrawn') }),
    el('ol', {}, ...nights.map((night) => el('li', { 'data-night': night.night, class: `gl-route-key night-${night.night}`,
      text: t('over.night', { night: night.night, route: night.route.length ? night.route.join(' → ') : t('over.noMove') }) }))));
}

function svg(tag, attrs) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, value] of Object.entries(attrs)) node.setAttribute(k, String(value));
  return node;
}

/**
 * The routes on the map: one line a night from the crime scene to where the night ended, its night's
 * number at its start. `position(circle)` → [x, y]; `size`: a circle's drawn radius.
 */
export function routeMap(v, position, size) {
  const layer = svg('g', { class: 'gl-routes', 'data-testid': 'route-map', 'aria-hidden': 'true' });
  for (const { night, route } of jackRoutes(v)) {
    const points = route.map(position).filter(Boolean); // a route begins on the night's crime scene
    if (points.length < 2) continue;
    layer.append(svg('polyline', { class: `gl-route night-${night}`, 'data-night': night,
      points: points.map((p) => p.join(',')).join(' ') }));
    const label = svg('text', { class: `gl-route-night night-${night}`, x: points[0][0] - size * 1.4,
      y: points[0][1] - size * 1.1, 'font-size': size * 1.3 });
    label.textContent = String(night);
    layer.append(label);
  }
  return layer;
}
