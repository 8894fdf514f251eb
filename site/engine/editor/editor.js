// The board editor: draw or change a board on screen. Every change is checked at once in the page by
// boardcheck.js, which finds what `gaslight check` finds (a conformance test runs both on the same boards).
// Under `gaslight serve` it opens the project's board files, has the toolkit check the whole file too (its schema
// as well) and saves back into the file, keeping its comments; on the published site it opens the site's boards
// and hands the result over as YAML. The server puts a token for this run in the page (<meta
// name="gaslight-editor-token">) and answers only requests that send it back; a page without one (the published
// site) never asks the server. A save names the version of the file the page opened: a file changed on disk
// since is not overwritten, and the page offers to reload it or to overwrite it deliberately.
//
// Every edit can be undone and redone (the Undo and Redo buttons, Ctrl/⌘+Z, Ctrl/⌘+Shift+Z or Ctrl+Y; history.js
// says how): a drag is one step. The history lasts until another board is opened or started; a save makes the
// saved board the base the page compares with, and undo still steps back past it in the page.
//
// The board is plain data, as board.yaml holds it: {kind, id, title, unit, canvas, circles: [{number, at,
// flags}], crossings: [{id, at, flags}], segments: [[a, b] | {between, via}], places, districts}.

import { el } from '../../assets/dom.js';
import { pageLanguage } from '../common/messages.js';
import { checkBoard, textIn, writtenNames } from './boardcheck.js';
import { createHistory, historyKey } from './history.js';
import { editorWords } from './messages.js';

const SVGNS = 'http://www.w3.org/2000/svg';
const API = '/_gaslight/';
const TOKEN_HEADER = 'X-Gaslight-Token';
const TOOLS = ['select', 'circle', 'crossing', 'line', 'flag', 'delete', 'place', 'district']; // named by messages.js
const CHECK_DELAY_MS = 120; // the server's check waits for a pause in the editing
const LIVE_CHECK_MS = 25; // boards this quick to check are checked while a node is dragged

const svg = (tag, attrs = {}) => {
  const node = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
};
const ends = (s) => (Array.isArray(s) ? s : s.between);
const via = (s) => (Array.isArray(s) ? [] : s.via ?? []);
const same = (a, b) => String(a) === String(b);
const round = (v) => Math.round(v * 10) / 10;

/** Text with `inline code` as nodes: the parts between backticks in <code>, everything as text, never markup. */
export function withCode(text) {
  return String(text).split('`').map((part, i) => (i % 2 ? el('code', { text: part }) : part)).filter((p) => p !== '');
}

/** A new, empty board of the given size. */
export function emptyBoard(id, width, height, unit = 'mm') {
  return { kind: 'board', id, title: id, unit, canvas: { width, height }, circles: [], crossings: [], segments: [] };
}

/** The board as YAML text, one item per line (the published site has no server to save with). */
export function toYaml(board) {
  const flow = (v) => {
    if (Array.isArray(v)) return `[${v.map(flow).join(', ')}]`;
    if (v && typeof v === 'object') return `{${Object.entries(v).map(([k, x]) => `${k}: ${flow(x)}`).join(', ')}}`;
    if (typeof v === 'string' && (!/^[A-Za-z][\w -]*$/.test(v) || /^(true|false|null)$/i.test(v))) return JSON.stringify(v);
    return String(v);
  };
  const lines = ['# Drawn in Gaslight\'s board editor.'];
  for (const [key, value] of Object.entries(board)) {
    if (Array.isArray(value) && value.length) lines.push(`${key}:`, ...value.map((item) => `  - ${flow(item)}`));
    else lines.push(`${key}: ${flow(value)}`);
  }
  return `${lines.join('\n')}\n`;
}

class Editor {
  constructor(root) {
    this.root = root;
    this.language = pageLanguage(root);
    this.t = editorWords(this.language); // the page's language (lang="ja" under /ja/)
    this.server = false;
    this.board = null;
    this.file = null;
    this.tool = 'select';
    this.pending = null; // a line or district being drawn
    this.problems = [];
    this.checks = 0;
    this.version = null; // the version of the file the page opened (a hash of its bytes)
    this.token = document.querySelector('meta[name="gaslight-editor-token"]')?.content ?? null;
    this.history = null;
  }

  /** A request to `gaslight serve`, with this run's token. */
  ask(action, body) {
    const headers = { [TOKEN_HEADER]: this.token };
    if (body === undefined) return fetch(`${API}${action}`, { headers });
    return fetch(`${API}${action}`, { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  }

  async start() {
    this.message = el('p', { role: 'status', 'data-testid': 'editor-message' });
    this.opener = el('div', { class: 'gl-editor-open' });
    this.body = el('div');
    this.root.replaceChildren(this.opener, this.message, this.body);
    document.addEventListener('keydown', (e) => this.key(e));
    if (this.token) {
      const response = await this.ask('boards');
      const answer = await response.json();
      if (!response.ok) { this.say(answer.error); return; }
      this.server = true;
      this.drawOpener(answer.boards.map((b) => ({ value: b.file,
        text: b.error ? this.t('cannotOpen', { file: b.file, error: b.error.split('\n')[0] })
          : this.t('boardOption', { title: b.title, file: b.file }) })));
    } else {
      const index = await (await fetch(new URL(this.root.dataset.boards, document.baseURI))).json();
      this.siteBoards = new URL(this.root.dataset.boards, document.baseURI);
      this.drawOpener(index.items.map((b) => ({ value: b.source, text: b.title })));
      this.say(this.t('fromSite'));
    }
  }

  say(text) { this.message.replaceChildren(...withCode(text)); }

  /** Ctrl/⌘+Z, Ctrl/⌘+Shift+Z, Ctrl+Y anywhere on the page but in a text field (which keeps its own undo). */
  key(event) {
    const action = historyKey(event);
    if (!action || !this.history || event.target.closest?.('input, textarea, select, [contenteditable]')) return;
    event.preventDefault();
    this.step(action);
  }

  /** Undo or redo one step: the board as it was, checked again. */
  step(action) {
    const state = action === 'undo' ? this.history.undo() : this.history.redo();
    if (state === null) return;
    this.board = JSON.parse(state);
    this.pending = null;
    this.changed();
  }

  drawOpener(choices) {
    const t = this.t;
    const pick = el('select', { 'aria-label': t('boardLabel'), 'data-testid': 'editor-board' });
    for (const c of choices) pick.append(el('option', { value: c.value, text: c.text }));
    const open = el('button', { type: 'button', text: t('open'), 'data-testid': 'editor-open' });
    open.addEventListener('click', () => this.open(pick.value));
    const name = el('input', { type: 'text', value: 'boards/new-board.yaml', 'aria-label': t('newFile'), 'data-testid': 'editor-new-file' });
    const width = el('input', { type: 'number', value: '200', 'aria-label': t('width'), 'data-testid': 'editor-width' });
    const height = el('input', { type: 'number', value: '150', 'aria-label': t('height'), 'data-testid': 'editor-height' });
    const fresh = el('button', { type: 'button', text: t('newBoard'), 'data-testid': 'editor-new' });
    fresh.addEventListener('click', () => {
      const id = name.value.split('/').pop().replace(/\.ya?ml$/, '') || 'new-board';
      this.file = this.server ? name.value : null;
      this.isNew = true;
      this.version = null;
      this.load(emptyBoard(id, Number(width.value) || 200, Number(height.value) || 150));
    });
    this.opener.replaceChildren(el('p', {}, pick, ' ', open),
      el('p', {}, ...(this.server ? [name, ' '] : []), t('widthWord'), width, t('heightWord'), height, ' ', fresh));
  }

  async open(file) {
    if (this.server) {
      const response = await this.ask(`board?file=${encodeURIComponent(file)}`);
      const answer = await response.json();
      if (!response.ok) { this.say(answer.error); return; }
      this.file = answer.file;
      this.isNew = false;
      this.version = answer.version;
      this.load(answer.data);
      this.say(this.t('opened', { file: answer.file }));
    } else {
      this.load(await (await fetch(new URL(file, this.siteBoards))).json()); // the board as its file holds it
    }
  }

  load(board) {
    this.board = structuredClone(board);
    this.history = createHistory(JSON.stringify(this.board));
    this.pending = null;
    this.view = { x: -10, y: -10, w: board.canvas.width + 20, h: board.canvas.height + 20 };
    this.drawTools();
    this.changed();
  }

  // ---------------------------------------------------------------- screen

  drawTools() {
    const t = this.t;
    const buttons = TOOLS.map((id) => {
      const b = el('button', { type: 'button', text: t(`tool.${id}`), 'data-testid': `tool-${id}`, 'aria-pressed': String(id === this.tool) });
      b.addEventListener('click', () => { this.tool = id; this.pending = null; this.drawTools(); this.draw(); });
      return b;
    });
    this.nameInput = el('input', { type: 'text', placeholder: t('namePlaceholder'), 'aria-label': t('nameLabel'), 'data-testid': 'editor-name' });
    const zoom = (f) => () => { const v = this.view; this.view = { x: v.x + v.w * (1 - f) / 2, y: v.y + v.h * (1 - f) / 2, w: v.w * f, h: v.h * f }; this.draw(); };
    const save = this.server ? [this.button(t('save'), 'editor-save', () => this.save())] : [];
    this.undoButton = this.button(t('undo'), 'editor-undo', () => this.step('undo'));
    this.redoButton = this.button(t('redo'), 'editor-redo', () => this.step('redo'));
    this.undoButton.setAttribute('aria-keyshortcuts', 'Control+Z Meta+Z');
    this.undoButton.title = t('undoTitle');
    this.redoButton.setAttribute('aria-keyshortcuts', 'Control+Shift+Z Meta+Shift+Z Control+Y');
    this.redoButton.title = t('redoTitle');
    this.canvas = svg('svg', { class: 'gl-board gl-editor', 'data-testid': 'editor-map' });
    this.canvas.addEventListener('pointerdown', (e) => this.pointerDown(e));
    this.canvas.addEventListener('pointermove', (e) => this.pointerMove(e));
    this.canvas.addEventListener('pointerup', () => this.pointerUp());
    this.canvas.addEventListener('wheel', (e) => { e.preventDefault(); zoom(e.deltaY > 0 ? 1.2 : 1 / 1.2)(); }, { passive: false });
    this.list = el('ol', { class: 'gl-problems', 'data-testid': 'editor-problems' });
    this.yaml = el('textarea', { class: 'gl-save', rows: '8', readonly: '', 'aria-label': 'YAML', 'data-testid': 'editor-yaml' });
    this.body.replaceChildren(
      el('p', { class: 'gl-tools' }, ...buttons, ' ', this.nameInput, ' ', this.button('+', 'zoom-in', zoom(1 / 1.25)),
        this.button('−', 'zoom-out', zoom(1.25)), ' ', this.undoButton, this.redoButton, ' ', ...save),
      el('p', { 'data-testid': 'editor-summary' }), this.canvas,
      el('h3', { text: t('problems') }), this.list,
      el('details', {}, el('summary', { text: t('asYaml') }), this.yaml));
  }

  button(text, id, onClick) {
    const b = el('button', { type: 'button', text, 'data-testid': id });
    b.addEventListener('click', onClick);
    return b;
  }

  position(ref) {
    const node = typeof ref === 'number' ? this.board.circles.find((c) => c.number === ref)
      : this.board.crossings.find((c) => same(c.id, ref)) ?? this.board.circles.find((c) => same(c.number, ref));
    return node?.at;
  }

  draw() {
    if (!this.canvas) return;
    const b = this.board;
    const r = Math.max(1.5, Math.min(b.canvas.width, b.canvas.height) / 60);
    const v = this.view;
    this.canvas.setAttribute('viewBox', `${v.x} ${v.y} ${v.w} ${v.h}`);
    this.canvas.style.aspectRatio = `${b.canvas.width + 20} / ${b.canvas.height + 20}`; // the map's shape, no bands
    const parts = [svg('rect', { x: 0, y: 0, width: b.canvas.width, height: b.canvas.height, fill: '#faf7f0', 'data-kind': 'canvas' })];
    (b.districts ?? []).forEach((d, i) => {
      parts.push(svg('polygon', { points: d.area.map((p) => p.join(',')).join(' '), class: 'gl-district', 'data-district': i }));
    });
    b.segments.forEach((s, i) => {
      const [a, c] = ends(s);
      const pts = [this.position(a), ...via(s), this.position(c)].filter(Boolean);
      parts.push(svg('polyline', { points: pts.map((p) => p.join(',')).join(' '), class: 'gl-edit-line', 'data-segment': i, 'stroke-width': r * 0.35 }));
    });
    for (const c of b.crossings) {
      const yellow = (c.flags ?? []).includes('yellow');
      parts.push(svg('rect', { x: c.at[0] - r * 0.6, y: c.at[1] - r * 0.6, width: r * 1.2, height: r * 1.2, class: `gl-edit-node${yellow ? ' yellow' : ''}`, 'data-node': c.id, fill: '#222', stroke: yellow ? '#e5b700' : 'none', 'stroke-width': r * 0.3 }));
    }
    for (const c of b.circles) {
      const red = (c.flags ?? []).includes('red');
      const g = svg('g', { 'data-node': c.number, class: 'gl-edit-node' });
      g.append(svg('circle', { cx: c.at[0], cy: c.at[1], r, fill: red ? '#b3262d' : '#fff', stroke: '#222', 'stroke-width': r * 0.12 }));
      const t = svg('text', { x: c.at[0], y: c.at[1] + r * 0.35, 'font-size': r, 'text-anchor': 'middle', fill: red ? '#fff' : '#222' });
      t.textContent = String(c.number);
      g.append(t);
      parts.push(g);
    }
    for (const p of b.places ?? []) {
      const at = this.position(p.crossing);
      if (!at) continue;
      const t = svg('text', { x: at[0] + r, y: at[1] - r, 'font-size': r * 0.9, class: 'gl-place' });
      t.textContent = textIn(p.name, this.language);
      parts.push(t);
    }
    if (this.tool === 'select' || this.tool === 'delete') {
      (b.districts ?? []).forEach((d, i) => d.area.forEach((p, k) => parts.push(svg('rect', {
        x: p[0] - r * 0.4, y: p[1] - r * 0.4, width: r * 0.8, height: r * 0.8, class: 'gl-corner', 'data-corner': `${i}:${k}` }))));
    }
    if (this.pending?.points?.length) {
      parts.push(svg('polyline', { points: this.pending.points.map((p) => p.join(',')).join(' '), class: 'gl-edit-pending', 'stroke-width': r * 0.3 }));
    }
    this.problems.filter((p) => p.point).forEach((p, i) => {
      parts.push(svg('circle', { cx: p.point[0], cy: p.point[1], r: r * 2, class: `gl-edit-problem ${p.severity}`, 'data-problem': i, 'stroke-width': r * 0.25 }));
    });
    this.canvas.replaceChildren(...parts);
    this.body.querySelector('[data-testid=editor-summary]').textContent =
      this.t('summary', { title: textIn(b.title, this.language), circles: b.circles.length, crossings: b.crossings.length,
        lines: b.segments.length, tool: this.t(`tool.${this.tool}`) });
  }

  // ---------------------------------------------------------------- pointer

  at(event) {
    const box = this.canvas.getBoundingClientRect();
    const v = this.view;
    const scale = Math.max(v.w / box.width, v.h / box.height); // preserveAspectRatio meet
    const ox = (box.width * scale - v.w) / 2;
    const oy = (box.height * scale - v.h) / 2;
    return [round(v.x + (event.clientX - box.left) * scale - ox), round(v.y + (event.clientY - box.top) * scale - oy)];
  }

  hit(event) {
    const target = event.target.closest('[data-node],[data-segment],[data-corner],[data-district]');
    if (!target) return null;
    if (target.dataset.segment !== undefined) return { segment: Number(target.dataset.segment) };
    if (target.dataset.corner !== undefined) return { corner: target.dataset.corner.split(':').map(Number) };
    if (target.dataset.district !== undefined) return { district: Number(target.dataset.district) };
    const raw = target.dataset.node;
    const circle = this.board.circles.find((c) => String(c.number) === raw && target.tagName !== 'rect');
    return { node: circle ? circle.number : raw };
  }

  pointerDown(event) {
    const point = this.at(event);
    const hit = this.hit(event);
    const b = this.board;
    switch (this.tool) {
      case 'select':
        if (hit?.node !== undefined) this.dragging = hit.node;
        else if (hit?.corner) this.draggingCorner = hit.corner;
        else this.panning = { from: [event.clientX, event.clientY], view: { ...this.view } };
        return;
      case 'circle':
        if (hit) return;
        b.circles.push({ number: Math.max(0, ...b.circles.map((c) => c.number)) + 1, at: point });
        break;
      case 'crossing': {
        if (hit) return;
        let n = b.crossings.length + 1;
        while (b.crossings.some((c) => c.id === `k${n}`)) n += 1;
        b.crossings.push({ id: `k${n}`, at: point });
        break;
      }
      case 'line':
        if (hit?.node === undefined) { if (this.pending) this.pending.points.push(point); this.draw(); return; }
        if (!this.pending) { this.pending = { from: hit.node, points: [this.position(hit.node)] }; this.draw(); return; }
        if (same(hit.node, this.pending.from)) return;
        {
          const bends = this.pending.points.slice(1);
          b.segments.push(bends.length ? { between: [this.pending.from, hit.node], via: bends } : [this.pending.from, hit.node]);
          this.pending = null;
        }
        break;
      case 'flag':
        if (hit?.node === undefined) return;
        this.toggleFlag(hit.node);
        break;
      case 'delete':
        if (hit?.segment !== undefined) b.segments.splice(hit.segment, 1);
        else if (hit?.node !== undefined) this.remove(hit.node);
        else if (hit?.corner && b.districts[hit.corner[0]].area.length > 3) b.districts[hit.corner[0]].area.splice(hit.corner[1], 1);
        else if (hit?.district !== undefined || hit?.corner) b.districts.splice(hit.district ?? hit.corner[0], 1);
        else return;
        if (b.districts && !b.districts.length) delete b.districts;
        break;
      case 'place': {
        const name = this.nameInput.value.trim();
        if (hit?.node === undefined || typeof hit.node === 'number' || !name) { this.say(this.t('pickCrossing')); return; }
        b.places = [...(b.places ?? []).filter((p) => !writtenNames(p.name).includes(name)), { name, crossing: hit.node }];
        break;
      }
      case 'district': {
        const name = this.nameInput.value.trim();
        if (!name) { this.say(this.t('districtName')); return; }
        if (!this.pending) { this.pending = { points: [point] }; this.draw(); return; }
        const first = this.pending.points[0];
        const r = Math.min(b.canvas.width, b.canvas.height) / 40;
        if (this.pending.points.length >= 3 && Math.hypot(point[0] - first[0], point[1] - first[1]) < r) {
          const districts = b.districts ?? [];
          let n = districts.length + 1;
          while (districts.some((d) => d.id === `D${n}`)) n += 1;
          b.districts = [...districts, { id: `D${n}`, name, area: this.pending.points }];
          this.pending = null;
          break;
        }
        this.pending.points.push(point);
        this.draw();
        return;
      }
      default: return;
    }
    this.changed();
  }

  pointerMove(event) {
    if (this.dragging !== undefined && this.dragging !== null) {
      const node = typeof this.dragging === 'number' ? this.board.circles.find((c) => c.number === this.dragging)
        : this.board.crossings.find((c) => same(c.id, this.dragging));
      if (node) { node.at = this.at(event); this.moved = true; this.liveCheck(); }
    } else if (this.draggingCorner) {
      const [d, k] = this.draggingCorner;
      this.board.districts[d].area[k] = this.at(event);
      this.moved = true;
      this.liveCheck();
    } else if (this.panning) {
      const box = this.canvas.getBoundingClientRect();
      const v = this.panning.view;
      const scale = Math.max(v.w / box.width, v.h / box.height);
      this.view = { ...v, x: v.x - (event.clientX - this.panning.from[0]) * scale, y: v.y - (event.clientY - this.panning.from[1]) * scale };
      this.draw();
    }
  }

  pointerUp() {
    if (this.moved) this.changed();
    this.dragging = null;
    this.draggingCorner = null;
    this.panning = null;
    this.moved = false;
  }

  toggleFlag(ref) {
    const circle = typeof ref === 'number' ? this.board.circles.find((c) => c.number === ref) : null;
    const node = circle ?? this.board.crossings.find((c) => same(c.id, ref));
    const flag = circle ? 'red' : 'yellow';
    const has = (node.flags ?? []).includes(flag);
    if (has) delete node.flags; else node.flags = [flag];
  }

  remove(ref) {
    const b = this.board;
    b.circles = b.circles.filter((c) => !(typeof ref === 'number' && c.number === ref));
    b.crossings = b.crossings.filter((c) => !(typeof ref !== 'number' && same(c.id, ref)));
    b.segments = b.segments.filter((s) => !ends(s).some((e) => same(e, ref)));
    if (b.places) b.places = b.places.filter((p) => !same(p.crossing, ref));
  }

  // ---------------------------------------------------------------- checks and saving

  changed() {
    this.history.commit(JSON.stringify(this.board)); // nothing new after an undo or redo: no step is added
    this.drawHistory();
    this.checkHere();
    this.yaml.value = toYaml(this.board);
    if (!this.server) return;
    this.root.dataset.checking = '1';
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.check(), CHECK_DELAY_MS);
  }

  drawHistory() {
    this.undoButton.disabled = !this.history.canUndo;
    this.redoButton.disabled = !this.history.canRedo;
    const { back, forward } = this.history.steps;
    this.root.dataset.history = `${back}/${forward}`;
    if (this.history.dirty) this.root.dataset.unsaved = '1'; else delete this.root.dataset.unsaved;
  }

  /** The checks in the page, at once: what `gaslight check` finds in the drawing. */
  checkHere() {
    const started = performance.now();
    this.problems = checkBoard(this.board);
    this.checkMs = performance.now() - started;
    this.root.dataset.checkMs = this.checkMs.toFixed(1);
    this.drawProblems();
    this.root.dataset.shownMs = (performance.now() - started).toFixed(1); // checked, listed and drawn
  }

  /** While a node is dragged: check as it moves on boards quick to check, else only draw. */
  liveCheck() {
    if (this.checkMs !== undefined && this.checkMs < LIVE_CHECK_MS) this.checkHere(); else this.draw();
  }

  /** The toolkit's own check of the whole file (its schema too), when `gaslight serve` is there to ask. */
  async check() {
    const asked = ++this.checks;
    this.root.dataset.checking = '1';
    const response = await this.ask('check', { data: this.board });
    const answer = await response.json();
    if (asked !== this.checks) return; // a later change has its own check on the way
    delete this.root.dataset.checking;
    if (!response.ok) { this.say(answer.error); return; }
    if (answer.stopped) { this.say(answer.stopped); return; } // the page's own checks stay listed
    this.problems = answer.problems ?? [];
    this.drawProblems();
  }

  drawProblems() {
    this.list.replaceChildren(...(this.problems.length ? this.problems.map((p) => el('li', { class: p.severity,
      text: `${p.severity}: ${p.path ? `${p.path}: ` : ''}${p.message}${p.fix ? ` (fix: ${p.fix})` : ''}` }))
      : [el('li', { class: 'clean', text: this.t('clean') })]));
    this.root.dataset.problems = String(this.problems.filter((p) => p.severity === 'error').length);
    this.draw();
  }

  async save(version = this.version) {
    const sent = this.history.current; // edits made while the save is on its way are not in the file
    const response = await this.ask('save', { file: this.file, data: this.board, version });
    const answer = await response.json();
    if (response.status === 409) { this.conflict(answer); return; }
    if (!response.ok) {
      if (answer.problems) { this.problems = answer.problems; this.drawProblems(); }
      this.say(this.t('notSaved', { error: answer.error }));
      return;
    }
    this.isNew = false;
    this.version = answer.version;
    this.history.markSaved(sent); // the saved board is the new base; undo still steps back past it in the page
    this.drawHistory();
    this.problems = answer.problems;
    this.drawProblems();
    this.say(answer.stopped ? this.t('savedStopped', { file: answer.saved, stopped: answer.stopped }) : this.t('saved', { file: answer.saved }));
  }

  /** The file changed on disk since the page opened it: nothing was saved; reload it, or overwrite it knowingly. */
  conflict(answer) {
    const reload = this.button(this.t('reload'), 'editor-reload', () => this.open(this.file));
    const overwrite = this.button(this.t('overwrite'), 'editor-overwrite', () => this.save(answer.version));
    this.message.replaceChildren(this.t('notSavedThen', { error: answer.error }), reload, ' ', overwrite);
  }
}

if (typeof document !== 'undefined') {
  const root = document.getElementById('gaslight-editor');
  if (root) new Editor(root).start().catch((err) => { root.textContent = editorWords(pageLanguage(root))('cannotStart', { error: err.message }); });
}
