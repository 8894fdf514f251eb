// The investigation sheet on screen, as on paper: suspects with their motives, rooms, weapons with their traces,
// and who helped. Each box cycles through blank, ✗, ✓ and ? when clicked; the marks belong to the page (a seat's
// own notes), never to the game state.
//
//   const box = investigationSheet(caseJson, marks, (key, mark) => { marks = { ...marks, [key]: mark }; }, { t });

import { el } from '../../assets/dom.js';
import { ENGLISH } from './messages.js';

export const MARKS = ['', '✗', '✓', '?'];

/** The next mark after `mark` (blank → ✗ → ✓ → ? → blank). */
export const nextMark = (mark) => MARKS[(MARKS.indexOf(mark || '') + 1) % MARKS.length];

/** A <details> holding the sheet; `onMark(key, mark)` hears every change (keys: `suspect:<id>`,
 *  `motive:<suspect>:<motive>`, `room:<id>`, `weapon:<id>`, `accomplice:<id>`). */
export function investigationSheet(caseJson, marks, onMark, { accomplice = true, t = ENGLISH } = {}) {
  const m = caseJson.mansion;
  const current = { ...marks };
  const cell = (key, label) => {
    const button = el('button', { type: 'button', class: 'gl-mark', 'data-sheet': key, 'aria-label': label, text: current[key] || '·' });
    button.addEventListener('click', () => {
      current[key] = nextMark(current[key]);
      button.textContent = current[key] || '·';
      onMark(key, current[key]);
    });
    return button;
  };
  const row = (name, key, extra = []) => el('tr', {}, el('th', { text: name, scope: 'row' }), el('td', {}, cell(key, name)), ...extra);
  const part = (title, rows) => [el('tr', {}, el('th', { colspan: '3', class: 'gl-sheet-part', text: title })), ...rows];
  return el('details', { open: '', class: 'gl-sheet', 'data-testid': 'sheet' }, el('summary', { text: t('sheetTitle') }),
    el('table', {},
      ...part(t('sheetSuspects'), m.suspects.map((s) => row(s.name, `suspect:${s.id}`, [el('td', {},
        ...s.motives.map((mo) => el('span', { class: 'gl-motive' }, `${mo.name} `, cell(`motive:${s.id}:${mo.id}`, t('motiveOf', { suspect: s.name, motive: mo.name })))))]))),
      ...part(t('sheetRooms'), m.rooms.map((r) => row(r.name, `room:${r.id}`))),
      ...part(t('sheetWeapons'), m.weapons.map((w) => row(w.name, `weapon:${w.id}`, [el('td', { text: w.traces.join(t('list.separator')) })]))),
      ...(accomplice ? part(t('sheetAccomplice'), m.suspects.map((s) => row(s.name, `accomplice:${s.id}`))) : [])));
}
