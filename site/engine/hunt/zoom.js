// Zoom and pan for the SVG board. The wheel and a two-finger pinch zoom around the pointer, a drag
// pans, and + / − / 0 and the arrow keys work while the board has focus. Only the viewBox changes,
// so circles and crossings still take clicks; a drag of more than a few pixels is not a click.
//
// Example:
//   const zoom = new ZoomPan(svgElement, 796, 574);
//   zoom.zoomAt(2, 398, 287);   // twice as close, around the board's centre
//   zoom.reset();               // the whole board again

const DRAG_PIXELS = 5;
/** The smallest circle number a phone player can read, in CSS pixels. */
export const READABLE_PX = 12.5;

export class ZoomPan {
  constructor(svg, width, height, maxScale = 8) {
    this.svg = svg;
    this.width = width;
    this.height = height;
    this.maxScale = maxScale;
    this.pointers = new Map();
    this.reset();
    this.listen();
  }

  get scale() { return this.width / this.box.w; }

  reset() {
    this.box = { x: 0, y: 0, w: this.width, h: this.height };
    this.apply();
  }

  apply() {
    const { x, y, w, h } = this.box;
    this.svg.setAttribute('viewBox', `${x} ${y} ${w} ${h}`);
    this.svg.dataset.zoom = this.scale.toFixed(2);
    // How big, in board units, a label must be to show READABLE_PX tall now (the page's CSS may use it).
    const r = this.svg.getBoundingClientRect();
    if (r.width > 0 && r.height > 0) this.svg.style.setProperty('--gl-readable', `${(READABLE_PX * Math.max(w / r.width, h / r.height)).toFixed(3)}px`);
  }

  /** Zoom by `factor` (> 1 closer) keeping the board point (cx, cy) where it is on screen. */
  zoomAt(factor, cx, cy) {
    const scale = Math.min(this.maxScale, Math.max(1, this.scale * factor));
    const w = this.width / scale;
    const h = this.height / scale;
    const fx = (cx - this.box.x) / this.box.w;
    const fy = (cy - this.box.y) / this.box.h;
    this.box = { x: cx - fx * w, y: cy - fy * h, w, h };
    this.clamp();
  }

  /**
   * Show the board points `points` (pairs), padded by `pad`, as close as fits but no closer than
   * `most` times; the whole board when they spread over most of it.
   */
  fit(points, pad, most) {
    if (points.length === 0) return;
    const xs = points.map((p) => p[0]);
    const ys = points.map((p) => p[1]);
    const x0 = Math.min(...xs) - pad;
    const y0 = Math.min(...ys) - pad;
    const w = Math.max(...xs) + pad - x0;
    const h = Math.max(...ys) + pad - y0;
    const scale = Math.min(most, this.maxScale, this.width / w, this.height / h);
    if (scale < 1.3) { this.reset(); return; }
    this.box = { w: this.width / scale, h: this.height / scale, x: 0, y: 0 };
    this.box.x = x0 + w / 2 - this.box.w / 2;
    this.box.y = y0 + h / 2 - this.box.h / 2;
    this.clamp();
  }

  /** Move the view by (dx, dy) in board units. */
  pan(dx, dy) {
    this.box = { ...this.box, x: this.box.x + dx, y: this.box.y + dy };
    this.clamp();
  }

  clamp() {
    const { w, h } = this.box;
    this.box.x = Math.min(Math.max(this.box.x, 0), this.width - w);
    this.box.y = Math.min(Math.max(this.box.y, 0), this.height - h);
    this.apply();
  }

  /** Board units per screen pixel, and the board point under the screen point (px, py). */
  toBoard(px, py) {
    const r = this.svg.getBoundingClientRect();
    const unit = Math.max(this.box.w / (r.width || 1), this.box.h / (r.height || 1));
    const offsetX = (r.width * unit - this.box.w) / 2;
    const offsetY = (r.height * unit - this.box.h) / 2;
    return { unit, x: this.box.x + (px - r.left) * unit - offsetX, y: this.box.y + (py - r.top) * unit - offsetY };
  }

  centre() { return { x: this.box.x + this.box.w / 2, y: this.box.y + this.box.h / 2 }; }

  listen() {
    const svg = this.svg;
    svg.addEventListener('wheel', (event) => {
      event.preventDefault();
      const at = this.toBoard(event.clientX, event.clientY);
      this.zoomAt(Math.exp(-event.deltaY * 0.0015), at.x, at.y);
    }, { passive: false });
    svg.addEventListener('pointerdown', (event) => {
      this.pointers.set(event.pointerId, { x: event.clientX, y: event.clientY, startX: event.clientX, startY: event.clientY });
      this.dragged = false;
    });
    svg.addEventListener('pointermove', (event) => this.moved(event));
    for (const end of ['pointerup', 'pointercancel', 'pointerleave']) {
      svg.addEventListener(end, (event) => this.pointers.delete(event.pointerId));
    }
    // A drag ends with a click on whatever is under the pointer: swallow it.
    svg.addEventListener('click', (event) => {
      if (this.dragged) { event.stopPropagation(); event.preventDefault(); this.dragged = false; }
    }, true);
    svg.addEventListener('keydown', (event) => this.key(event));
  }

  moved(event) {
    const p = this.pointers.get(event.pointerId);
    if (!p) return;
    if (this.pointers.size === 2) {
      const [a, b] = [...this.pointers.values()];
      const before = Math.hypot(a.x - b.x, a.y - b.y);
      p.x = event.clientX;
      p.y = event.clientY;
      const after = Math.hypot(a.x - b.x, a.y - b.y);
      const mid = this.toBoard((a.x + b.x) / 2, (a.y + b.y) / 2);
      if (before > 0) this.zoomAt(after / before, mid.x, mid.y);
      this.dragged = true;
      return;
    }
    if (!this.dragged && Math.hypot(event.clientX - p.startX, event.clientY - p.startY) < DRAG_PIXELS) return;
    if (!this.dragged && this.scale <= 1) return; // nothing to pan on the whole board
    const { unit } = this.toBoard(event.clientX, event.clientY);
    this.pan((p.x - event.clientX) * unit, (p.y - event.clientY) * unit);
    p.x = event.clientX;
    p.y = event.clientY;
    this.dragged = true;
  }

  key(event) {
    const c = this.centre();
    const step = this.box.w / 8;
    const actions = {
      '+': () => this.zoomAt(1.5, c.x, c.y), '=': () => this.zoomAt(1.5, c.x, c.y), '-': () => this.zoomAt(1 / 1.5, c.x, c.y),
      0: () => this.reset(), ArrowLeft: () => this.pan(-step, 0), ArrowRight: () => this.pan(step, 0),
      ArrowUp: () => this.pan(0, -step), ArrowDown: () => this.pan(0, step),
    };
    const act = actions[event.key];
    if (!act || (event.key.startsWith('Arrow') && this.scale <= 1)) return; // arrows scroll the page then
    event.preventDefault();
    act();
  }
}
