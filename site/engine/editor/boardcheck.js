// The board checks of `gaslight check`, in the browser: the loader's reference checks, the drawing (crossing and
// overlapping lines, nodes on or near streets, nodes too close, dead ends and bridges, blocks, thin blocks,
// declared blocks, districts), the move graphs and the tokens the hunt needs, with the same messages, fixes,
// YAML paths and points. The Python side (toolkit/gaslight/domain/board/) is the reference;
// tests/boards/test_boardcheck_conformance.py runs both on the same boards and compares every line.
//
// Input is board data as board.yaml holds it; nothing here touches the page, so the editor and node both use it.

import { faces } from './boardfaces.js';
import { areaFault, distanceToLine, Grid, keyOf, linesMeeting, midpoint, pointInArea, sortedRefs } from './boardgeom.js';

/** What the bundled hunt asks of a board: women and patrol tokens on night 1, victims night by night. */
export const HUNT_NEEDS = Object.freeze({
  women: 8, patrols: 7, victims: [1, 1, 2, 1], womenNights: [8, 7, 6, 4], marked: [5, 4, 3, 1], track: 19,
});

const perNightOf = (list, night) => list[Math.min(night, list.length) - 1];

/** [night, kills before it]: the first night with no women pawn when every kill falls on a red circle, or null
 * (as gaslight.domain.board.finishing.women_run_out). */
export function womenRunOut(red, needs) {
  let free = red;
  let kills = 0;
  for (let night = 1; night <= needs.victims.length; night += 1) {
    const pawns = Math.min(perNightOf(needs.womenNights, night), perNightOf(needs.marked, night), free);
    if (pawns === 0 && perNightOf(needs.victims, night) > 0) return [night, kills];
    const killed = Math.min(perNightOf(needs.victims, night), pawns);
    free -= killed;
    kills += killed;
  }
  return null;
}

function redCirclesNeeded(needs) {
  let red = 1;
  const top = needs.victims.reduce((a, b) => a + b, 0) + 1;
  while (womenRunOut(red, needs) !== null && red <= top) red += 1;
  return red;
}
const EPSILON = 1e-9;
const PLANARITY = new Set(['cross', 'overlap', 'node-on-segment', 'zero-length', 'loop']);

// ------------------------------------------------------------------ wording (findings.py)

/** Python's round(v, 2): the nearest hundredth, exact halves to the even one. */
export function round2(value) {
  const x = Number(value);
  if (Number.isInteger(x * 8) && !Number.isInteger(x * 4)) { // x = m / 8, m odd: an exact half at the third decimal
    const low = Math.floor(x * 100);
    return (low % 2 === 0 ? low : low + 1) / 100;
  }
  return Number(x.toFixed(2));
}

/** A coordinate for messages, as Python writes it: `41.5`, `20.0`, `3.33`. */
export function fmt(value) {
  const text = String(round2(value) + 0);
  return /[.e]/.test(text) ? text : `${text}.0`;
}

export const fmtPoint = (p) => `(${fmt(p[0])}, ${fmt(p[1])})`;

// A board's title and names may be written per language ({en: …, ja: …}): the text shown in `lang`, else the
// first written; and every way a name is written (the pawn letter may name a place in any language).
export const textIn = (text, lang = 'en') =>
  (text && typeof text === 'object' ? text[lang] ?? Object.values(text)[0] ?? '' : String(text ?? ''));
export const writtenNames = (text) => (text && typeof text === 'object' ? Object.values(text) : [text]);
const isCircle = (ref) => typeof ref === 'number';
const nodeName = (ref) => (isCircle(ref) ? `circle ${ref}` : `crossing ${ref}`);
const plural = (word, items) => (items.length === 1 ? word : `${word}s`);
const s = (n) => (n === 1 ? '' : 's');

function listing(items, limit = 12) {
  const shown = items.slice(0, limit).join(', ');
  return items.length > limit ? `${shown}, … (${items.length} in all)` : shown;
}

/** Python's `{x:g}` for the sizes a message quotes. */
function gfmt(x) {
  if (x === 0) return '0';
  const exponent = Math.floor(Math.log10(Math.abs(Number(x.toPrecision(6)))));
  if (exponent < -4 || exponent >= 6) {
    const [mantissa, power] = x.toExponential(5).split('e');
    const digits = mantissa.replace(/\.?0+$/, '');
    const p = Number(power);
    return `${digits}e${p < 0 ? '-' : '+'}${String(Math.abs(p)).padStart(2, '0')}`;
  }
  return String(Number(x.toPrecision(6)));
}

// ------------------------------------------------------------------ the board as the loader makes it (model.py)

class Found {
  constructor() { this.items = []; }
  add(severity, code, path, message, fix, point) {
    this.items.push({ severity, code, path, message, fix, point: point ? [Number(point[0]), Number(point[1])] : null });
  }
  error(...args) { this.add('error', ...args); }
  warning(...args) { this.add('warning', ...args); }
}

function loadBoard(data, found) {
  const keys = Object.keys(data);
  const placeOf = (group, i) => [keys.indexOf(group), i]; // where a node is written: its list, then its index
  const width = Number(data.canvas.width);
  const height = Number(data.canvas.height);
  const circles = [];
  const crossings = [];
  const numbers = new Map();
  const ids = new Map();
  data.circles.forEach((raw, i) => {
    if (numbers.has(raw.number)) {
      found.error('duplicate-number', `circles[${i}].number`, `circle number ${raw.number} is already used by circles[${numbers.get(raw.number)}]`, 'give every circle its own printed number');
      return;
    }
    numbers.set(raw.number, i);
    circles.push({ ref: raw.number, at: [Number(raw.at[0]), Number(raw.at[1])], red: (raw.flags ?? []).includes('red'), path: `circles[${i}]`, place: placeOf('circles', i) });
  });
  data.crossings.forEach((raw, i) => {
    if (ids.has(raw.id)) {
      found.error('duplicate-id', `crossings[${i}].id`, `crossing id '${raw.id}' is already used by crossings[${ids.get(raw.id)}]`, 'give every crossing its own id');
      return;
    }
    ids.set(raw.id, i);
    crossings.push({ ref: raw.id, at: [Number(raw.at[0]), Number(raw.at[1])], yellow: (raw.flags ?? []).includes('yellow'), path: `crossings[${i}]`, place: placeOf('crossings', i) });
  });
  for (const group of ['circles', 'crossings']) {
    data[group].forEach((raw, i) => {
      const [x, y] = raw.at;
      if (!(x >= 0 && x <= width && y >= 0 && y <= height)) {
        found.error('outside', `${group}[${i}].at`, `position [${x}, ${y}] lies outside the ${gfmt(width)} × ${gfmt(height)} canvas`, "move it inside the canvas or enlarge 'canvas'");
      }
    });
  }
  const known = (ref) => (isCircle(ref) ? numbers.has(ref) : ids.has(ref));
  const checkRef = (ref, path) => {
    if (known(ref)) return true;
    if (typeof ref === 'string' && /^[0-9]+$/.test(ref) && numbers.has(Number(ref))) {
      found.error('quoted', path, `'${ref}' is quoted, so it names a crossing, and there is no crossing '${ref}'`, `write circle ${Number(ref)} as a number, without quotes`);
      return false;
    }
    found.error('unknown', path, `${isCircle(ref) ? `circle ${ref}` : `crossing '${ref}'`} does not exist`, 'name a circle by its number or a crossing by its id');
    return false;
  };
  const allRefs = (refs, path) => refs.map((ref, j) => checkRef(ref, `${path}[${j}]`)).every(Boolean);
  const nodes = [...circles, ...crossings];
  const indexOf = new Map(nodes.map((n, i) => [keyOf(n.ref), i]));
  const segments = [];
  data.segments.forEach((raw, i) => {
    const list = Array.isArray(raw);
    const ends = list ? raw : raw.between;
    if (!allRefs(ends, list ? `segments[${i}]` : `segments[${i}].between`)) return;
    const bends = (list ? [] : raw.via ?? []).map((p) => [Number(p[0]), Number(p[1])]);
    const [ia, ib] = [indexOf.get(keyOf(ends[0])), indexOf.get(keyOf(ends[1]))];
    segments.push({ a: ends[0], b: ends[1], ia, ib, index: i, path: `segments[${i}]`, label: `${ends[0]}–${ends[1]}`,
      points: [nodes[ia].at, ...bends, nodes[ib].at] });
  });
  const places = (data.places ?? []).filter((raw, i) => checkRef(raw.crossing, `places[${i}].crossing`));
  const districts = (data.districts ?? []).map((raw, i) => ({ id: raw.id, area: raw.area.map((p) => [Number(p[0]), Number(p[1])]), path: `districts[${i}]` }));
  checkLetters(data, districts, places, found);
  const blocks = [];
  (data.blocks ?? []).forEach((raw, i) => {
    if (allRefs(raw.boundary, `blocks[${i}].boundary`)) blocks.push({ id: raw.id, boundary: raw.boundary, path: `blocks[${i}]` });
  });
  const thinBlocks = [];
  (data.thin_blocks ?? []).forEach((raw, i) => {
    if (allRefs(raw, `thin_blocks[${i}]`)) thinBlocks.push({ boundary: raw, path: `thin_blocks[${i}]` });
  });
  const minDistance = Number(data.min_distance ?? Math.min(width, height) / 100);
  return { id: data.id, unit: data.unit, width, height, minDistance, circles, crossings, segments, districts, blocks, thinBlocks,
    women: data.tokens?.women, patrols: data.tokens?.patrols, nodes, indexOf };
}

function checkLetters(data, districts, places, found) {
  const raw = data.letters;
  if (raw === undefined || raw === null) return;
  const ids = districts.map((d) => d.id);
  for (const key of ['first', 'second', 'third']) {
    (raw[key] ?? []).forEach((district, j) => {
      if (!ids.includes(district)) {
        found.error('letters', `letters.${key}[${j}]`, `district '${district}' does not exist`,
          `name one of the board's districts (${ids.length ? ids.join(', ') : "none: add 'districts' to the board"})`);
      }
    });
  }
  const names = places.flatMap((p) => writtenNames(p.name));
  if (raw.pawn !== undefined && raw.pawn !== null && !names.includes(raw.pawn)) {
    found.error('letters', 'letters.pawn', `place '${raw.pawn}' does not exist`,
      `name one of the board's places (${names.length ? names.join(', ') : "none: add 'places' to the board"})`);
  }
}

// ------------------------------------------------------------------ the drawing (geometry.py)

function drawnRadius(board) {
  const points = board.nodes.map((n) => n.at);
  const fallback = Math.min(board.width, board.height) / 40;
  if (points.length < 2) return Math.max(1, fallback);
  const grid = Grid.ofPoints(points);
  const gaps = points.map((p, i) => grid.nearest(p, i)).sort((a, b) => a - b);
  const middle = gaps.length >> 1;
  const gap = gaps.length % 2 ? gaps[middle] : (gaps[middle - 1] + gaps[middle]) / 2;
  return round2(gap > 0 ? gap / 3.3 : fallback);
}

function usableSegments(board, found) {
  const kept = [];
  const firstOf = new Map();
  for (const segment of board.segments) {
    const { a, b, points } = segment;
    if (a === b) {
      found.error('loop', segment.path, `segment ${segment.label} joins ${nodeName(a)} to itself`, 'join two different nodes', points[0]);
      continue;
    }
    if (points.every((p) => p[0] === points[0][0] && p[1] === points[0][1])) {
      found.error('zero-length', segment.path, `segment ${segment.label} has zero length at ${fmtPoint(points[0])}`, 'move its two nodes apart', points[0]);
      continue;
    }
    const ends = [keyOf(a), keyOf(b)].sort().join(' ');
    if (firstOf.has(ends)) {
      found.error('duplicate', segment.path, `segment ${segment.label} repeats segments[${firstOf.get(ends)}], which already joins ${a} and ${b}`,
        'keep one line between two nodes', midpoint(points));
      continue;
    }
    firstOf.set(ends, segment.index);
    kept.push(segment);
  }
  return kept;
}

/** Whether node `a` is written after node `b` in the file (or is `b`). */
const later = (a, b) => (a.place[0] !== b.place[0] ? a.place[0] > b.place[0] : a.place[1] >= b.place[1]);

function checkCloseNodes(board, found) {
  const limit = board.minDistance;
  const points = board.nodes.map((n) => n.at);
  const grid = Grid.ofPoints(points);
  for (let i = 0; i < points.length; i += 1) {
    for (const j of grid.within(points[i], limit)) {
      if (j <= i) continue;
      const [a, b] = [board.nodes[i], board.nodes[j]];
      const gap = Math.hypot(a.at[0] - b.at[0], a.at[1] - b.at[1]);
      if (gap > limit || (gap >= limit && limit > 0)) continue;
      const where = later(b, a) ? b : a;
      found.error('too-close', where.path,
        `${nodeName(a.ref)} at ${fmtPoint(a.at)} and ${nodeName(b.ref)} at ${fmtPoint(b.at)} are ${fmt(gap)} ${board.unit} apart, closer than min_distance ${fmt(limit)} ${board.unit}`,
        "move them further apart (or lower 'min_distance')", b.at);
    }
  }
}

function checkNodesOnSegments(board, drawn, found) {
  if (!board.nodes.length || !drawn.length) return;
  const tolerance = Math.max(board.minDistance / 2, drawnRadius(board), EPSILON * (board.width + board.height));
  const grid = Grid.ofLines(drawn.map((d) => d.points));
  board.nodes.forEach((node) => {
    for (const j of grid.near(node.at, tolerance)) {
      const item = drawn[j];
      if (node.ref === item.a || node.ref === item.b) continue;
      const gap = distanceToLine(node.at, item.points);
      if (gap > tolerance) continue;
      const ends = [item.points[0], item.points[item.points.length - 1]];
      if (ends.some((e) => Math.hypot(node.at[0] - e[0], node.at[1] - e[1]) < tolerance)) continue;
      const how = gap <= EPSILON * (board.width + board.height) ? 'lies on' : `is ${fmt(gap)} ${board.unit} from`;
      found.error('node-on-segment', node.path,
        `${nodeName(node.ref)} at ${fmtPoint(node.at)} ${how} segment ${item.label}, which does not end there`,
        `split the segment at the node ([${item.a}, ${node.ref}] and [${node.ref}, ${item.b}]) or move the node off the line`, node.at);
    }
  });
}

function checkCrossings(board, drawn, found) {
  const grid = Grid.ofLines(drawn.map((d) => d.points));
  const near = EPSILON * (board.width + board.height) * 10;
  drawn.forEach((first, i) => {
    for (const j of grid.touching(first.points)) {
      if (j <= i) continue;
      const second = drawn[j];
      const met = linesMeeting(first.points, second.points);
      if (!met.interiors) continue;
      const ends = [first.points[0], first.points.at(-1), second.points[0], second.points.at(-1)];
      const points = met.points.filter((p) => ends.every((e) => Math.hypot(p[0] - e[0], p[1] - e[1]) > near));
      const pair = `segments ${first.label} and ${second.label}`;
      const lowest = (list) => list.reduce((m, p) => (p[0] < m[0] || (p[0] === m[0] && p[1] < m[1]) ? p : m));
      if (met.overlaps.length) {
        const start = lowest(met.overlaps.flat());
        found.error('overlap', second.path, `${pair} overlap from ${fmtPoint(start)}`, 'draw each stretch of street once; split the segments at a shared node', start);
      } else if (points.length) {
        const where = lowest(points);
        found.error('cross', second.path, `${pair} cross at ${fmtPoint(where)}`,
          'add a crossing or circle where they meet and split both segments there, or reroute one of them', where);
      }
    }
  });
}

function sameCycle(listed, ring) {
  if (listed.length !== ring.length || new Set(listed).size !== new Set(ring).size || !listed.every((r) => ring.includes(r))) return false;
  const start = ring.indexOf(listed[0]);
  const turned = [...ring.slice(start), ...ring.slice(0, start)];
  const back = [turned[0], ...turned.slice(1).reverse()];
  return listed.every((r, k) => r === turned[k]) || listed.every((r, k) => r === back[k]);
}

function roundFrom(listed, ring) {
  const start = ring.indexOf(listed[0]);
  const ahead = [...ring.slice(start), ...ring.slice(0, start)];
  const back = [ahead[0], ...ahead.slice(1).reverse()];
  return back.includes(listed[1]) && back.indexOf(listed[1]) < ahead.indexOf(listed[1]) ? back : ahead;
}

const setKey = (refs) => [...new Set(refs.map(keyOf))].sort().join(' ');

function matchDeclared(board, blocks, found) {
  if (!board.blocks.length) return blocks;
  const order = board.crossingOrder;
  const byNodes = new Map(blocks.map((b, k) => [setKey([...b.circles, ...b.crossings]), k]));
  const byOuter = new Map(blocks.map((b, k) => [b.holes ? setKey(b.boundary) : null, k]).filter(([key]) => key !== null));
  const named = new Map();
  for (const declared of board.blocks) {
    const key = setKey(declared.boundary);
    let k = byNodes.get(key);
    if (k === undefined && byOuter.has(key)) {
      const outer = blocks[byOuter.get(key)];
      const mine = new Set(declared.boundary.map(keyOf));
      const inner = [...outer.circles, ...outer.crossings].filter((r) => !mine.has(keyOf(r)));
      found.error('declared-block', declared.path, `block ${declared.id} encloses other parts of the map, so its nodes include theirs`,
        `add the nodes of the inner ring: ${inner.join(', ')}`, null);
      continue;
    }
    if (k !== undefined && !blocks[k].holes && !sameCycle(declared.boundary, blocks[k].boundary)) {
      found.error('declared-block-order', declared.path,
        `block ${declared.id} lists its nodes out of order; going round it they are ${roundFrom(declared.boundary, blocks[k].boundary).join(', ')}`,
        'list the nodes in the order met going round the block (either way round)', null);
    }
    if (k === undefined || named.has(k)) {
      found.error('declared-block', declared.path, `block ${declared.id} (${sortedRefs(declared.boundary, order).join(', ')}) is not a face of the drawing`,
        "list the nodes around one enclosed area, or remove 'blocks' to let Gaslight compute them", null);
      continue;
    }
    k = Number(k);
    named.set(k, declared.id);
  }
  blocks.forEach((block, k) => {
    if (named.has(k)) return;
    found.error('undeclared-block', board.part('blocks'), `the block at ${fmtPoint(block.anchor)} (${[...block.circles, ...block.crossings].join(', ')}) is not declared`,
      "add it to 'blocks', or remove 'blocks' to let Gaslight compute them", block.anchor);
  });
  return blocks.map((b, k) => (named.has(k) ? { ...b, id: named.get(k) } : b));
}

function checkBlockCoverage(board, blocks, found) {
  const onBlock = new Set(blocks.flatMap((b) => b.circles));
  for (const circle of board.circles) {
    if (!onBlock.has(circle.ref)) {
      found.warning('no-block', circle.path, `circle ${circle.ref} at ${fmtPoint(circle.at)} lies on no block, so Jack can never take an alley from it`,
        'close a block around it with segments', circle.at);
    }
  }
  const meant = new Map(board.thinBlocks.map((t) => [setKey(t.boundary), t]));
  const used = new Set();
  for (const block of blocks) {
    const key = setKey([...block.circles, ...block.crossings]);
    if (block.circles.length >= 2) continue;
    if (meant.has(key)) { used.add(key); continue; }
    const edge = [...block.circles, ...block.crossings];
    const first = board.node(edge[0]);
    found.warning('thin-block', first.path,
      `block ${block.id} at ${fmtPoint(block.anchor)} has ${block.circles.length} circle${s(block.circles.length)} on its edge (${block.circles.join(', ') || 'none'}), so no alley crosses it`,
      `put at least two circles on its edge, or, if it is meant (a park, a yard), list it under 'thin_blocks': [${edge.join(', ')}]`, block.anchor);
  }
  for (const [key, declared] of meant) {
    if (!used.has(key)) {
      found.warning('thin-block-listed', declared.path, "this entry of 'thin_blocks' is no block with fewer than two circles on its edge",
        'remove it, or list the nodes around one such block', null);
    }
  }
}

function checkDistricts(board, found) {
  const owners = new Map();
  for (const district of board.districts) {
    const fault = areaFault(district.area);
    if (fault) {
      const [what, point] = fault;
      found.error('district-area', district.path, `district ${district.id}'s area is not a simple polygon (${what}${point ? ` at ${fmtPoint(point)}` : ''})`,
        'list the corners in order around the area, without crossing edges', point);
      continue;
    }
    const inside = board.crossings.filter((c) => pointInArea(c.at, district.area));
    if (!inside.length) {
      found.warning('empty-district', district.path, `district ${district.id} holds no crossing, so no patrol can ever be sent there`,
        'widen its area over some crossings', district.area[0]);
    }
    for (const crossing of inside) owners.set(crossing.ref, [...(owners.get(crossing.ref) ?? []), district.id]);
  }
  for (const crossing of board.crossings) {
    const shared = owners.get(crossing.ref) ?? [];
    if (shared.length > 1) {
      found.warning('district-overlap', crossing.path, `crossing ${crossing.ref} at ${fmtPoint(crossing.at)} lies in districts ${shared.join(', ')} (where they overlap or on their shared edge)`,
        'move the crossing or the district edges so it lies in one district', crossing.at);
    }
  }
}

// ------------------------------------------------------------------ the move graphs (graph.py)

function graphProblems(board, found) {
  const near = new Map(board.nodes.map((n) => [keyOf(n.ref), new Set()]));
  const linked = new Map(board.nodes.map((n) => [keyOf(n.ref), new Set()]));
  for (const { a, b } of board.segments) {
    linked.get(keyOf(a)).add(keyOf(b));
    linked.get(keyOf(b)).add(keyOf(a));
    if (a !== b) { near.get(keyOf(a)).add(b); near.get(keyOf(b)).add(a); }
  }
  const seen = new Set();
  const jack = [];
  const police = [];
  for (const node of board.nodes) {
    const start = keyOf(node.ref);
    if (seen.has(start)) continue;
    const part = [];
    const stack = [start];
    seen.add(start);
    while (stack.length) {
      const k = stack.pop();
      part.push(k);
      for (const next of linked.get(k)) if (!seen.has(next)) { seen.add(next); stack.push(next); }
    }
    const refs = part.map((k) => board.nodeByKey.get(k).ref);
    const circles = refs.filter(isCircle).sort((x, y) => x - y);
    const crossings = refs.filter((r) => !isCircle(r)).sort((x, y) => board.crossingOrder.get(x) - board.crossingOrder.get(y));
    if (circles.length) jack.push(circles);
    if (crossings.length) police.push(crossings);
  }
  jack.sort((x, y) => y.length - x.length || x[0] - y[0]);
  police.sort((x, y) => y.length - x.length || board.crossingOrder.get(x[0]) - board.crossingOrder.get(y[0]));
  for (const part of jack.slice(1)) {
    const first = board.node(part[0]);
    found.error('jack-split', first.path, `${plural('circle', part)} ${listing(part)} cannot be reached from circle ${jack[0][0]} by normal moves (Jack's graph falls into ${jack.length} parts)`,
      'join them to the rest of the map with segments', first.at);
  }
  for (const part of police.slice(1)) {
    const first = board.node(part[0]);
    found.error('police-split', first.path, `${plural('crossing', part)} ${listing(part)} cannot be reached from crossing ${police[0][0]} by police moves (the police graph falls into ${police.length} parts)`,
      'join them to the rest of the map with segments', first.at);
  }
  for (const circle of board.circles) {
    if (![...near.get(keyOf(circle.ref))].some((r) => !isCircle(r))) {
      found.error('unsearchable', circle.path, `circle ${circle.ref} at ${fmtPoint(circle.at)} touches no crossing, so no police pawn can search it or arrest there`,
        'join it to a crossing with a segment', circle.at);
    }
  }
  const numbers = new Set(board.circles.map((c) => c.ref));
  const missing = [];
  for (let n = 1; n <= board.circles.length; n += 1) if (!numbers.has(n)) missing.push(n);
  if (missing.length) {
    found.error('numbering', board.part('circles'), `circle numbers must run 1..${board.circles.length} without gaps; missing: ${listing(missing)}`,
      'renumber the circles 1, 2, 3, … in any order', null);
  }
  if (board.circles.length && board.circles.every((c) => c.red)) {
    found.error('no-hideout', board.part('circles'), 'every circle is red, so Jack has no hideout', 'leave at least one circle without the red flag', null);
  }
}

/** The fewest normal moves from a red circle to a circle that is not red (a hideout), if within `track`, else
 * null (as gaslight.domain.board.finishing.nearest_home): a normal move passes only crossings. */
export function nearestHome(board, track) {
  const near = new Map(board.nodes.map((n) => [keyOf(n.ref), new Set()]));
  for (const { a, b } of board.segments) {
    if (a !== b) { near.get(keyOf(a)).add(b); near.get(keyOf(b)).add(a); }
  }
  const targets = (start) => {
    const reached = new Set();
    const seen = new Set([keyOf(start)]);
    const stack = [start];
    while (stack.length) {
      for (const next of near.get(keyOf(stack.pop()))) {
        if (isCircle(next)) { if (next !== start) reached.add(next); } else if (!seen.has(keyOf(next))) { seen.add(keyOf(next)); stack.push(next); }
      }
    }
    return reached;
  };
  const red = new Set(board.circles.filter((c) => c.red).map((c) => c.ref));
  const distance = new Map([...red].map((c) => [c, 0]));
  let frontier = [...red];
  for (let d = 1; d <= track && frontier.length; d += 1) {
    const following = [];
    for (const circle of frontier) {
      for (const next of targets(circle)) {
        if (distance.has(next)) continue;
        if (!red.has(next)) return d;
        distance.set(next, d);
        following.push(next);
      }
    }
    frontier = following;
  }
  return null;
}

function checkTokens(board, needs, found) {
  const womenNeeded = board.women ?? needs.women;
  const patrolsNeeded = board.patrols ?? needs.patrols;
  const red = board.circles.filter((c) => c.red).length;
  const yellow = board.crossings.filter((c) => c.yellow).length;
  if (red < womenNeeded) {
    found.error('tokens', board.part('circles'), `the board has ${red} red circle${s(red)} but the hunt needs ${womenNeeded} (one per woman token)`,
      "add 'flags: [red]' to more circles", null);
  }
  const runOut = womenRunOut(red, { ...HUNT_NEEDS, ...needs });
  if (red >= womenNeeded && runOut !== null) {
    const [night, before] = runOut;
    found.error('tokens', board.part('circles'), `the hunt cannot finish on this board: it has ${red} red circle${s(red)} and Jack kills ${before} time${s(before)} before night ${night}; when each kill falls on a red circle, night ${night} has no women pawn for Jack to kill and the game stops`,
      `give the board at least ${redCirclesNeeded({ ...HUNT_NEEDS, ...needs })} red circles (add 'flags: [red]')`, null);
  }
  const track = needs.track ?? HUNT_NEEDS.track;
  if (red && board.circles.length > red && nearestHome(board, track) === null) {
    found.error('tokens', board.part('circles'), `the hunt cannot be won by Jack on this board: no circle that is not red (a hideout) lies within ${track} normal moves of a red circle, the longest track of a night`,
      'join the red circles to the rest of the map, or leave a circle near them without the red flag', null);
  }
  if (yellow < patrolsNeeded) {
    found.error('tokens', board.part('crossings'), `the board has ${yellow} yellow crossing${s(yellow)} but the hunt needs ${patrolsNeeded} (one per patrol token)`,
      "add 'flags: [yellow]' to more crossings", null);
  }
}

// ------------------------------------------------------------------ entry point

/** Where a problem's path stands in the file, step by step (a key's place in its mapping, an item's index): the
 * order `gaslight check` lists problems in, by line and column. */
function pathRank(data, path) {
  const rank = [];
  let node = data;
  for (const [, key, index] of path.matchAll(/\.?([A-Za-z_][\w-]*)|\[(\d+)\]/g)) {
    const keys = key !== undefined && node && typeof node === 'object' && !Array.isArray(node) ? Object.keys(node) : [];
    const at = key !== undefined ? keys.indexOf(key) : Number(index);
    rank.push(at < 0 ? keys.length : at);
    node = node?.[key ?? Number(index)];
  }
  return rank;
}

function byRank(a, b) {
  for (let i = 0; i < Math.min(a.length, b.length); i += 1) if (a[i] !== b[i]) return a[i] - b[i];
  return a.length - b.length;
}

/**
 * Every problem `gaslight check` finds in a board (with the hunt's default needs), as
 * [{severity, code, path, message, fix, point}] in the order the command lists them.
 */
export function checkBoard(data, needs = HUNT_NEEDS) {
  const found = new Found();
  const board = loadBoard(data, found);
  board.part = (key) => key; // a top-level key's problems stand at the key
  board.crossingOrder = new Map(board.crossings.map((c, i) => [c.ref, i]));
  board.nodeByKey = new Map(board.nodes.map((n) => [keyOf(n.ref), n]));
  board.node = (ref) => board.nodeByKey.get(keyOf(ref));

  if (found.items.length) return sorted(data, found.items); // as `gaslight check`: a file with errors is not drawn
  const drawn = usableSegments(board, found);
  checkCloseNodes(board, found);
  checkNodesOnSegments(board, drawn, found);
  checkCrossings(board, drawn, found);
  if (!found.items.some((p) => PLANARITY.has(p.code))) {
    const blocks = matchDeclared(board, faces(board, drawn, found), found);
    checkBlockCoverage(board, blocks, found);
  }
  checkDistricts(board, found);
  graphProblems(board, found);
  checkTokens(board, needs, found);
  return sorted(data, found.items);
}

function sorted(data, problems) {
  const ranked = problems.map((p) => [pathRank(data, p.path), p]);
  ranked.sort(([a, p], [b, q]) => byRank(a, b) || (p.path < q.path ? -1 : p.path > q.path ? 1 : 0)
    || (p.message < q.message ? -1 : p.message > q.message ? 1 : 0));
  return ranked.map(([, p]) => p);
}
