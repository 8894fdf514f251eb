// The blocks of a planar board drawing, as shapely's polygonize_full finds them on the Python side: segments
// that lead to a dead end (dangles) and bridges (cut edges) are reported and left out; the faces left are walked
// edge by edge, split where a walk passes a node twice, and the rings that go round the outside of a part are
// holes of the smallest block around them. Each block's anchor is GEOS's interior point (a scan line through
// the middle of its height), so block ids (b1, b2, … by anchor) and the points in messages agree with Python.

import { boxOfLine as boxOf, keyOf, midpoint, pointInArea, sortedRefs } from './boardgeom.js';


function signedArea(ring) {
  let sum = 0;
  for (let i = 1; i < ring.length; i += 1) sum += ring[i - 1][0] * ring[i][1] - ring[i][0] * ring[i - 1][1];
  return sum / 2;
}

/** GEOS's InteriorPointArea: the middle of the widest stretch of a scan line between vertex heights. */
export function interiorPoint(rings) {
  const box = boxOf(rings[0]);
  const centre = (box[1] + box[3]) / 2;
  let [lo, hi] = [box[1], box[3]];
  for (const ring of rings) {
    for (const [, y] of ring) {
      if (y <= centre) { if (y > lo) lo = y; } else if (y < hi) hi = y;
    }
  }
  const scan = (hi + lo) / 2;
  const crossings = [];
  for (const ring of rings) {
    const b = boxOf(ring);
    if (scan < b[1] || scan > b[3]) continue;
    for (let i = 1; i < ring.length; i += 1) {
      const [p0, p1] = [ring[i - 1], ring[i]];
      if ((p0[1] > scan && p1[1] > scan) || (p0[1] < scan && p1[1] < scan)) continue;
      if (p0[1] === p1[1] || (p0[1] === scan && p1[1] < scan) || (p1[1] === scan && p0[1] < scan)) continue;
      crossings.push(p0[0] === p1[0] ? p0[0] : p0[0] + (scan - p0[1]) / ((p1[1] - p0[1]) / (p1[0] - p0[0])));
    }
  }
  crossings.sort((a, b) => a - b);
  let point = [rings[0][0][0], rings[0][0][1]];
  let width = 0;
  for (let i = 0; i + 1 < crossings.length; i += 2) {
    if (crossings[i + 1] - crossings[i] > width) {
      width = crossings[i + 1] - crossings[i];
      point = [(crossings[i] + crossings[i + 1]) / 2, scan];
    }
  }
  return point;
}

/** Half-edges 2e (first point to last) and 2e+1 (back) of each live edge, sorted by angle round each vertex,
 * and the closed walks that follow each face's edge (the next edge is the one just clockwise of the way back). */
function faceWalks(edges, live, vertexCount) {
  const around = Array.from({ length: vertexCount }, () => []);
  const half = [];
  for (const e of live) {
    const { points, va, vb } = edges[e];
    const n = points.length;
    half[2 * e] = { from: va, to: vb, angle: Math.atan2(points[1][1] - points[0][1], points[1][0] - points[0][0]) };
    half[2 * e + 1] = { from: vb, to: va, angle: Math.atan2(points[n - 2][1] - points[n - 1][1], points[n - 2][0] - points[n - 1][0]) };
    around[va].push(2 * e);
    around[vb].push(2 * e + 1);
  }
  const place = new Map();
  for (const list of around) {
    list.sort((a, b) => half[a].angle - half[b].angle);
    list.forEach((h, i) => place.set(h, i));
  }
  const next = (h) => {
    const list = around[half[h].to];
    return list[(place.get(h ^ 1) - 1 + list.length) % list.length];
  };
  const walks = [];
  const walked = new Set();
  for (const e of live) {
    for (const start of [2 * e, 2 * e + 1]) {
      if (walked.has(start)) continue;
      const walk = [];
      for (let h = start; !walked.has(h); h = next(h)) { walked.add(h); walk.push(h); }
      walks.push(walk);
    }
  }
  return { half, walks };
}

/** Split a closed walk of half-edges where it passes a vertex twice: the minimal rings, as half-edge lists. */
function minimalRings(walk, half) {
  const rings = [];
  const stack = [];
  const at = new Map();
  for (const h of walk) {
    const from = half[h].from;
    if (at.has(from)) {
      const loop = stack.splice(at.get(from));
      for (const g of loop) at.delete(half[g].from);
      rings.push(loop);
    }
    at.set(from, stack.length);
    stack.push(h);
  }
  if (stack.length) rings.push(stack);
  return rings;
}

function ringCoords(ring, edges) {
  const coords = [];
  for (const h of ring) {
    const pts = edges[h >> 1].points;
    const line = h & 1 ? [...pts].reverse() : pts;
    if (!coords.length) coords.push(line[0]);
    for (let i = 1; i < line.length; i += 1) coords.push(line[i]);
  }
  return coords;
}

function removeDangles(edges, vertexCount) {
  const ends = Array.from({ length: vertexCount }, () => []);
  edges.forEach((edge, e) => { ends[edge.va].push(e); ends[edge.vb].push(e); });
  const live = new Set(edges.keys());
  const degree = (v) => ends[v].filter((e) => live.has(e)).length;
  const dangles = [];
  const stack = ends.map((_, v) => v).filter((v) => degree(v) === 1);
  while (stack.length) {
    const v = stack.pop();
    if (degree(v) !== 1) continue;
    const e = ends[v].find((x) => live.has(x));
    live.delete(e);
    dangles.push(e);
    for (const w of [edges[e].va, edges[e].vb]) if (degree(w) === 1) stack.push(w);
  }
  return { live, dangles };
}

function reportLoose(drawn, dangles, cuts, found) {
  const loose = [...dangles.map((e) => ['dangle', e]), ...cuts.map((e) => ['cut-edge', e])]
    .sort((a, b) => (a[0] === 'dangle' ? 0 : 1) - (b[0] === 'dangle' ? 0 : 1) || drawn[a[1]].index - drawn[b[1]].index);
  for (const [code, e] of loose) {
    const d = drawn[e];
    found.error(code, d.path, `segment ${d.label} ${code === 'dangle' ? 'leads to a dead end and borders no block' : 'is a bridge between two parts of the map and borders no block'}`,
      code === 'dangle' ? 'join its loose end to another node so it closes a block, or remove it' : 'add a segment that closes a block beside it, or remove it',
      midpoint(d.points));
  }
}

/** The blocks of the drawing [{circles, crossings, boundary, holes, anchor, id}]; dead ends and bridges are reported. */
export function faces(board, drawn, found) {
  if (!drawn.length) return [];
  // vertices: nodes by position (two nodes drawn on one spot are one vertex, as for shapely)
  const vertexAt = new Map();
  const vertexOf = board.nodes.map((n) => {
    const key = `${n.at[0]},${n.at[1]}`;
    if (!vertexAt.has(key)) vertexAt.set(key, vertexAt.size);
    return vertexAt.get(key);
  });
  const refsAt = Array.from({ length: vertexAt.size }, () => []);
  const placeOf = [];
  board.nodes.forEach((n, i) => { refsAt[vertexOf[i]].push(n.ref); placeOf[vertexOf[i]] = n.at; });
  const edges = drawn.map((d) => ({ points: d.points, va: vertexOf[d.ia], vb: vertexOf[d.ib] }));
  const { live, dangles } = removeDangles(edges, vertexAt.size);
  const first = faceWalks(edges, [...live], vertexAt.size);
  const walkOf = new Map();
  first.walks.forEach((walk, w) => walk.forEach((h) => walkOf.set(h, w)));
  const cuts = [...live].filter((e) => walkOf.get(2 * e) === walkOf.get(2 * e + 1));
  reportLoose(drawn, dangles, cuts, found);
  for (const e of cuts) live.delete(e);
  const { half, walks } = faceWalks(edges, [...live], vertexAt.size);
  const shells = [];
  const holes = [];
  for (const walk of walks) {
    for (const ring of minimalRings(walk, half)) {
      const coords = ringCoords(ring, edges);
      const area = signedArea(coords);
      const item = { coords, vertices: ring.map((h) => half[h].from), area, box: boxOf(coords), holes: [] };
      if (area > 0) shells.push(item); else if (area < 0) holes.push(item);
    }
  }
  for (const hole of holes) {
    let best = null;
    for (const shell of shells) {
      const [sb, hb] = [shell.box, hole.box];
      if (sb.every((v, i) => v === hb[i]) || !(sb[0] <= hb[0] && sb[1] <= hb[1] && sb[2] >= hb[2] && sb[3] >= hb[3])) continue;
      const test = hole.vertices.find((v) => !shell.vertices.includes(v));
      if (test !== undefined && pointInArea(placeOf[test], shell.coords) && (!best || best.area > shell.area)) best = shell;
    }
    if (best) best.holes.push(hole);
  }
  const blocks = shells.map((shell) => {
    const refs = sortedRefs([...shell.vertices, ...shell.holes.flatMap((h) => h.vertices)].flatMap((v) => refsAt[v]), board.crossingOrder);
    const anchor = interiorPoint([shell.coords, ...shell.holes.map((h) => h.coords)]);
    return {
      circles: refs.filter((r) => typeof r === 'number'),
      crossings: refs.filter((r) => typeof r !== 'number'),
      boundary: [...new Map(shell.vertices.flatMap((v) => refsAt[v]).map((r) => [keyOf(r), r])).values()],
      holes: shell.holes.length,
      anchor,
      order: [Number(anchor[1].toFixed(6)), Number(anchor[0].toFixed(6))],
    };
  });
  blocks.sort((a, b) => a.order[0] - b.order[0] || a.order[1] - b.order[1]);
  return blocks.map((b, i) => ({ ...b, id: `b${i + 1}` }));
}
