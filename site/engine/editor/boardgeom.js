// Plane geometry for the board checks: where straight edges and polylines meet, distances, a district's
// fault, and a uniform grid that keeps the checks near n log n. The formulas follow the ones the Python side
// relies on (GEOS for distances, toolkit/gaslight/domain/board/districts.py for edges), so messages agree.

const cross = (o, a, b) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
const between = (p, a, b) => Math.min(a[0], b[0]) <= p[0] && p[0] <= Math.max(a[0], b[0])
  && Math.min(a[1], b[1]) <= p[1] && p[1] <= Math.max(a[1], b[1]);
const samePoint = (p, q) => p[0] === q[0] && p[1] === q[1];

/** A node's key: circles are numbers, crossings strings, and circle 3 is not crossing "3". */
export const keyOf = (ref) => (typeof ref === 'number' ? `c${ref}` : `k${ref}`);

/** Node references once each, as the toolkit lists them: circles by number, then crossings in file order. */
export function sortedRefs(refs, order) {
  const unique = [...new Map(refs.map((r) => [keyOf(r), r])).values()];
  return [...unique.filter((r) => typeof r === 'number').sort((a, b) => a - b),
    ...unique.filter((r) => typeof r !== 'number').sort((a, b) => order.get(a) - order.get(b))];
}

/** Whether `p` lies in the polygon `area` (corners, closed or not); its edge counts as inside. */
export function pointInArea(p, area) {
  let inside = false;
  for (let i = 0, j = area.length - 1; i < area.length; j = i, i += 1) {
    const [a, b] = [area[j], area[i]];
    if (cross(a, b, p) === 0 && between(p, a, b)) return true;
    if ((a[1] > p[1]) !== (b[1] > p[1]) && p[0] < a[0] + ((p[1] - a[1]) * (b[0] - a[0])) / (b[1] - a[1])) inside = !inside;
  }
  return inside;
}
const lower = (p, q) => p[0] - q[0] || p[1] - q[1];

/** Where two straight edges meet: [], [point], or the two ends of the stretch they share (districts.edges_meet). */
export function edgesMeet(a1, a2, b1, b2) {
  const d1 = cross(b1, b2, a1);
  const d2 = cross(b1, b2, a2);
  const d3 = cross(a1, a2, b1);
  const d4 = cross(a1, a2, b2);
  if (d1 === 0 && d2 === 0 && d3 === 0 && d4 === 0) {
    const ends = [...[a1, a2].filter((p) => between(p, b1, b2)), ...[b1, b2].filter((p) => between(p, a1, a2))]
      .map((p) => [p[0], p[1]]).sort(lower).filter((p, i, all) => i === 0 || !samePoint(p, all[i - 1]));
    return ends.length > 1 ? [ends[0], ends[ends.length - 1]] : ends;
  }
  if ((d1 > 0 && d2 > 0) || (d1 < 0 && d2 < 0) || (d3 > 0 && d4 > 0) || (d3 < 0 && d4 < 0)) return [];
  for (const [d, p] of [[d1, a1], [d2, a2], [d3, b1], [d4, b2]]) if (d === 0) return [[p[0], p[1]]];
  const t = d1 / (d1 - d2);
  return [[a1[0] + t * (a2[0] - a1[0]), a1[1] + t * (a2[1] - a1[1])]];
}

/**
 * How two polylines meet: `points` (every single point), `overlaps` (shared stretches as [from, to]) and
 * `interiors` (whether they meet other than at an end of either: what DE-9IM `T********` asks).
 */
export function linesMeeting(first, second) {
  const points = [];
  const overlaps = [];
  let interiors = false;
  const endOf = (line, p) => samePoint(p, line[0]) || samePoint(p, line[line.length - 1]);
  for (let i = 1; i < first.length; i += 1) {
    for (let j = 1; j < second.length; j += 1) {
      const met = edgesMeet(first[i - 1], first[i], second[j - 1], second[j]);
      if (met.length === 2) { overlaps.push(met); interiors = true; }
      if (met.length === 1) {
        points.push(met[0]);
        if (!endOf(first, met[0]) && !endOf(second, met[0])) interiors = true;
      }
    }
  }
  return { points, overlaps, interiors };
}

/** GEOS's distance from a point to a straight edge. */
function toEdge(p, a, b) {
  if (samePoint(a, b)) return Math.hypot(p[0] - a[0], p[1] - a[1]);
  const len2 = (b[0] - a[0]) ** 2 + (b[1] - a[1]) ** 2;
  const r = ((p[0] - a[0]) * (b[0] - a[0]) + (p[1] - a[1]) * (b[1] - a[1])) / len2;
  if (r <= 0) return Math.hypot(p[0] - a[0], p[1] - a[1]);
  if (r >= 1) return Math.hypot(p[0] - b[0], p[1] - b[1]);
  const s = ((a[1] - p[1]) * (b[0] - a[0]) - (a[0] - p[0]) * (b[1] - a[1])) / len2;
  return Math.abs(s) * Math.sqrt(len2);
}

export function distanceToLine(p, line) {
  let best = Infinity;
  for (let i = 1; i < line.length; i += 1) best = Math.min(best, toEdge(p, line[i - 1], line[i]));
  return best;
}

/** The point half way along a polyline. */
export function midpoint(line) {
  const lengths = line.slice(1).map((p, i) => Math.hypot(p[0] - line[i][0], p[1] - line[i][1]));
  let left = lengths.reduce((a, b) => a + b, 0) / 2;
  for (let i = 0; i < lengths.length; i += 1) {
    if (left <= lengths[i] && lengths[i] > 0) {
      const f = left / lengths[i];
      return [line[i][0] + f * (line[i + 1][0] - line[i][0]), line[i][1] + f * (line[i + 1][1] - line[i][1])];
    }
    left -= lengths[i];
  }
  return line[line.length - 1];
}

/** Why a district's corners are not a simple polygon (districts.area_fault): [what, point | null] or null. */
export function areaFault(area) {
  let corners = area.map((p) => [Number(p[0]), Number(p[1])]);
  if (corners.length > 1) corners = corners.filter((p, i) => !samePoint(p, corners[(i + corners.length - 1) % corners.length]));
  if (new Set(corners.map((p) => `${p[0]},${p[1]}`)).size < 3) return ['fewer than three different corners', null];
  const n = corners.length;
  const edges = corners.map((p, i) => [p, corners[(i + 1) % n]]);
  const faults = [];
  for (let i = 0; i < n; i += 1) {
    for (let j = i + 1; j < n; j += 1) {
      let met = edgesMeet(...edges[i], ...edges[j]);
      if (j === i + 1 || (i === 0 && j === n - 1)) {
        const shared = j === i + 1 ? edges[i][1] : edges[i][0];
        if (met.length === 1 && samePoint(met[0], shared)) met = [];
      }
      faults.push(...met);
    }
  }
  return faults.length ? ['self-intersection', faults.sort(lower)[0]] : null;
}

/** A uniform grid over points or polylines' boxes, for the neighbour questions of the checks. */
export class Grid {
  constructor(boxes, size) {
    this.boxes = boxes;
    this.size = size;
    this.cells = new Map();
    this.stamp = new Uint32Array(boxes.length);
    this.round = 0;
    boxes.forEach((box, i) => this.eachKey(box, (key) => {
      const cell = this.cells.get(key);
      if (cell) cell.push(i); else this.cells.set(key, [i]);
    }));
  }

  static cellFor(boxes) {
    const all = boxes.reduce((a, b) => [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])]);
    const extent = Math.max(all[2] - all[0], all[3] - all[1], 1e-9);
    const typical = boxes.reduce((sum, b) => sum + Math.max(b[2] - b[0], b[3] - b[1]), 0) / boxes.length;
    return Math.max(typical, extent / Math.sqrt(boxes.length), extent / 256);
  }

  static ofPoints(points) {
    const boxes = points.map((p) => [p[0], p[1], p[0], p[1]]);
    return new Grid(boxes, points.length ? Grid.cellFor(boxes) : 1);
  }

  static ofLines(lines) {
    const boxes = lines.map(boxOfLine);
    return new Grid(boxes, lines.length ? Grid.cellFor(boxes) : 1);
  }

  cell(v) { return Math.floor(v / this.size); }

  eachKey(box, visit) {
    const [x0, y0, x1, y1] = [this.cell(box[0]), this.cell(box[1]), this.cell(box[2]), this.cell(box[3])];
    for (let x = x0; x <= x1; x += 1) for (let y = y0; y <= y1; y += 1) visit(x * 4194304 + y);
  }

  /** Items whose box meets `box`, each once. */
  query(box) {
    const found = [];
    this.round += 1;
    const span = (this.cell(box[2]) - this.cell(box[0]) + 1) * (this.cell(box[3]) - this.cell(box[1]) + 1);
    const visit = (cell) => {
      for (const i of cell) {
        if (this.stamp[i] === this.round) continue;
        this.stamp[i] = this.round;
        const b = this.boxes[i];
        if (b[0] <= box[2] && box[0] <= b[2] && b[1] <= box[3] && box[1] <= b[3]) found.push(i);
      }
    };
    if (!(span <= this.cells.size)) for (const cell of this.cells.values()) visit(cell); // a box wider than the grid
    else this.eachKey(box, (key) => visit(this.cells.get(key) ?? []));
    return found;
  }

  /** Points no further than `r` from `p`. */
  within(p, r) {
    return this.query([p[0] - r, p[1] - r, p[0] + r, p[1] + r]).filter((i) => Math.hypot(this.boxes[i][0] - p[0], this.boxes[i][1] - p[1]) <= r);
  }

  /** Lines whose box comes within `r` of `p`. */
  near(p, r) { return this.query([p[0] - r, p[1] - r, p[0] + r, p[1] + r]); }

  /** Lines whose box meets the box of `line`. */
  touching(line) { return this.query(boxOfLine(line)); }

  /** The distance from point `i` (at `p`) to the nearest other point, growing the search ring by ring. */
  nearest(p, i) {
    const [cx, cy] = [this.cell(p[0]), this.cell(p[1])];
    let best = Infinity;
    const span = this.boxes.length + 2;
    const look = (x, y) => {
      for (const j of this.cells.get(x * 4194304 + y) ?? []) {
        if (j !== i) best = Math.min(best, Math.hypot(this.boxes[j][0] - p[0], this.boxes[j][1] - p[1]));
      }
    };
    for (let ring = 0; ring <= span; ring += 1) {
      if (ring === 0) look(cx, cy);
      for (let k = -ring; k <= ring && ring > 0; k += 1) {
        look(cx + k, cy - ring);
        look(cx + k, cy + ring);
        if (k > -ring && k < ring) { look(cx - ring, cy + k); look(cx + ring, cy + k); }
      }
      if (best <= ring * this.size) return best;
    }
    return best;
  }
}

/** The bounding box [x0, y0, x1, y1] of a polyline or ring. */
export function boxOfLine(line) {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y] of line) {
    if (x < x0) x0 = x;
    if (y < y0) y0 = y;
    if (x > x1) x1 = x;
    if (y > y1) y1 = y;
  }
  return [x0, y0, x1, y1];
}
