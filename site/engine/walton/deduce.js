// What a set of Walton cards allows: every answer (culprit, motive, weapon, accomplice and motive) that some
// hidden world fits, by the case logic of `toolkit/gaslight/domain/walton/encoding.lp`, read over the given cards
// only — as a player reads the cards they have seen, taking the design guarantees (the culprit's motive has two
// testimonies and a circumstantial clue; a servant names the accomplice) to speak of those cards. Over a whole
// deck this is the solver's own reading: the test suite runs both on the bundled cases and on random hands.
//
//   const book = casebook(caseJson);             // the case's logic and cards, indexed once
//   answers(book, [3, 17, 42])                   // → [{culprit, motive, weapon, accomplice, accompliceMotive}, …]
//   answers(book, seen, { guarantees: false })   // only what the cards themselves rule out
//
// A world: who did it with which motive and weapon, who helped (or nobody), where everyone started and the
// culprit's route (a path along passages from his start room, through the weapon's room, to the crime scene).
// Start rooms only meet equalities ("together", the accomplice beside the culprit) and one-room limits, so they
// are solved exactly by merging suspects into groups; a route only matters through the set of rooms it touches.

export const MAX_ROOMS = 30;
const MAX_ROUTES = 100_000;

/** The case's logic and cards, indexed for `answers`; throws on a mansion too large for the reasoner. */
export function casebook(caseJson) {
  const logic = caseJson.logic;
  if (!logic) throw new Error('this case export carries no case logic (rebuild it with a current Gaslight)');
  const rooms = Object.keys(logic.exits);
  if (rooms.length > MAX_ROOMS) throw new Error(`the bots reason about mansions of up to ${MAX_ROOMS} rooms; this one has ${rooms.length}`);
  const bit = new Map(rooms.map((r, i) => [r, 2 ** i]));
  const suspects = caseJson.mansion.suspects.map((s) => ({ id: s.id, motives: s.motives.map((m) => m.id) }));
  const cards = new Map(caseJson.cards.map((c) => [c.number, { by: c.by, claims: c.claims, refs: c.refs }]));
  const routes = new Map(logic.start_rooms.map((s) => [s, routeMasks(logic, bit, s)]));
  const weapons = logic.weapons.map((w) => ({ ...w, bit: bit.get(w.room) ?? 0 }));
  return { logic, bit, suspects, cards, routes, weapons, servants: new Set(logic.servants), free: logic.reading === 'free' };
}

/** The distinct room sets of every simple path from `start` to the crime scene. */
function routeMasks(logic, bit, start) {
  const found = new Set();
  const walk = (room, mask) => {
    if (room === logic.crime_scene) { found.add(mask); return; }
    if (found.size > MAX_ROUTES) throw new Error(`the mansion has more than ${MAX_ROUTES} routes to the crime scene`);
    for (const next of logic.exits[room] ?? []) if (!(mask & bit.get(next))) walk(next, mask + bit.get(next));
  };
  walk(start, bit.get(start));
  return [...found];
}

// ------------------------------------------------------------------ who must tell the truth

const SELF_START = new Set(['in_room', 'not_in_room']);
const about = (claim) => (claim.suspects ? [claim.suspects[0], claim.suspects.at(-1)] : [claim.suspect]);

/** 'must' (the claim holds), 'room' (only the room it names is true) or 'free', for speaker `by`. */
function obligation(book, by, claim, culprit, accomplice) {
  if (by !== culprit && by !== accomplice) return 'must';
  if (SELF_START.has(claim.type) && claim.suspect === by) return 'must';
  if (book.free) return 'free';
  const alibi = claim.type === 'seen_in_room' || claim.type === 'together';
  if (by === culprit) return alibi && about(claim).includes(by) ? 'room' : 'free';
  return alibi && about(claim).includes(culprit) ? 'room' : 'must';
}

// ------------------------------------------------------------------ answers

/** Every answer the cards numbered `seen` allow, in a stable order. `guarantees: false` leaves out the two
 *  guarantees that speak of the whole deck (motive testimonies, a servant naming the accomplice). */
export function answers(book, seen, { guarantees = true } = {}) {
  const found = [];
  for (const { culprit, helper, world } of worlds(book, seen, guarantees)) {
    const motives = culprit.motives.filter((m) => world.murderMotive(m));
    const theirs = helper ? helper.motives.filter((m) => world.helperMotive(m)) : [null];
    for (const weapon of world.weapons) {
      for (const motive of motives) {
        for (const accompliceMotive of theirs) {
          found.push({ culprit: culprit.id, motive, weapon, accomplice: helper?.id ?? null, accompliceMotive });
        }
      }
    }
  }
  return found;
}

/** What `answers` would allow, field by field, without listing every answer: the values each field still
 *  allows, and the motives still open for each culprit. */
export function summary(book, seen, { guarantees = true } = {}) {
  const open = { culprit: new Set(), motive: new Set(), weapon: new Set(), accomplice: new Set(), accompliceMotive: new Set() };
  const motivesOf = new Map();
  for (const { culprit, helper, world } of worlds(book, seen, guarantees)) {
    const motives = culprit.motives.filter((m) => world.murderMotive(m));
    const theirs = helper ? helper.motives.filter((m) => world.helperMotive(m)) : [null];
    if (!motives.length || !theirs.length) continue;
    open.culprit.add(culprit.id);
    open.accomplice.add(helper?.id ?? null);
    for (const m of motives) open.motive.add(m);
    for (const m of theirs) open.accompliceMotive.add(m);
    for (const w of world.weapons) open.weapon.add(w);
    motivesOf.set(culprit.id, new Set([...(motivesOf.get(culprit.id) ?? []), ...motives]));
  }
  return { ...Object.fromEntries(Object.entries(open).map(([k, v]) => [k, [...v]])), motivesOf };
}

/** The answers the cards themselves allow (no guarantees) that show the most of what the guarantees promise —
 *  two testimonies and a clue for the motive, a servant naming the accomplice — with that support (4 is all of it).
 *  A player's best guess when the cards that would prove it are out of reach. */
export function likeliest(book, seen) {
  let best = [];
  let most = -1;
  for (const { culprit, helper, world } of worlds(book, seen, false)) {
    const theirs = helper ? helper.motives.filter((m) => world.helperMotive(m)) : [null];
    for (const motive of culprit.motives.filter((m) => world.murderMotive(m))) {
      const support = world.support(motive);
      if (support < most) continue;
      if (support > most) { best = []; most = support; }
      for (const weapon of world.weapons) {
        for (const accompliceMotive of theirs) best.push({ culprit: culprit.id, motive, weapon, accomplice: helper?.id ?? null, accompliceMotive });
      }
    }
  }
  return { answers: best, support: most };
}

/** Each culprit and accomplice (or none) some world fits, with what that world allows. */
function* worlds(book, seen, guarantees) {
  const cards = [...new Set(seen)].filter((n) => book.cards.has(n)).map((n) => ({ n, ...book.cards.get(n) }));
  for (const culprit of book.suspects) {
    const helpers = book.logic.may_have_accomplice ? [null, ...book.suspects.filter((s) => s !== culprit)] : [null];
    for (const helper of helpers) {
      const world = worldFor(book, cards, culprit.id, helper?.id ?? null, guarantees);
      if (world) yield { culprit, helper, world };
    }
  }
}

/** For one culprit and accomplice: null when no world fits, else the weapons and motive tests that do. */
function worldFor(book, cards, culprit, accomplice, guarantees) {
  const starts = new StartRooms(book);
  if (accomplice) starts.same(accomplice, culprit);
  const limits = { need: 0, avoid: 0, notWeaponRoom: 0, traces: [], noTraces: [], notWeapons: new Set(), eliminated: new Set() };
  for (const { by, claims } of cards) {
    for (const claim of claims) {
      const duty = obligation(book, by, claim, culprit, accomplice);
      if (duty === 'free') continue;
      if (!apply(book, claim, duty, culprit, accomplice, starts, limits)) return null;
    }
  }
  const home = starts.rooms(culprit);
  if (!home) return null;
  const liar = (by) => by === culprit || by === accomplice;
  const names = (c, type, suspect, motive) => c.claims.some((x) => x.type === type && x.suspect === suspect && x.motive === motive);
  const told = (type, suspect, motive) => cards.filter((c) => !liar(c.by) && names(c, type, suspect, motive)).length;
  const named = !accomplice || cards.some((c) => book.servants.has(c.by)
    && c.claims.some((x) => x.type === 'conspiring' && x.suspect === accomplice));
  if (guarantees && !named) return null;
  const weapons = book.weapons.filter((w) => !limits.notWeapons.has(w.id)
    && limits.traces.every((t) => w.traces.includes(t)) && !limits.noTraces.some((t) => w.traces.includes(t))
    && !(w.bit & limits.notWeaponRoom)
    && home.some((room) => book.routes.get(room).some((mask) => (mask & w.bit)
      && (mask & limits.need) === limits.need && !(mask & limits.avoid))))
    .map((w) => w.id);
  if (!weapons.length) return null;
  // neither the culprit nor the accomplice reveals the other's motive
  const revealed = (suspect, motive, by) => by !== null && cards.some((c) => c.by === by
    && (names(c, 'motive_testimony', suspect, motive) || names(c, 'motive_clue', suspect, motive)));
  return {
    weapons,
    murderMotive: (m) => !limits.eliminated.has(`${culprit}\u0000${m}`) && !revealed(culprit, m, accomplice)
      && (!guarantees || (told('motive_testimony', culprit, m) >= 2 && told('motive_clue', culprit, m) >= 1)),
    helperMotive: (m) => !limits.eliminated.has(`${accomplice}\u0000${m}`) && !revealed(accomplice, m, culprit),
    // how much of what the guarantees promise the cards show: two testimonies, a clue, a servant naming the helper
    support: (m) => Math.min(2, told('motive_testimony', culprit, m)) + Math.min(1, told('motive_clue', culprit, m))
      + (named ? 1 : 0),
  };
}

/** Record what one claim demands; false when it cannot hold in any world with this culprit and accomplice. */
function apply(book, claim, duty, culprit, accomplice, starts, limits) {
  const bit = (room) => book.bit.get(room) ?? 0;
  switch (claim.type) {
    case 'in_room': return starts.only(claim.suspect, claim.room);
    case 'not_in_room': return starts.not(claim.suspect, claim.room);
    case 'seen_in_room':
      if (duty === 'must' && claim.suspect === culprit) return false;
      return starts.only(claim.suspect, claim.room);
    case 'together': {
      const [a, b] = about(claim);
      if (duty === 'must' && (a === culprit || b === culprit)) return false;
      return starts.same(a, b);
    }
    case 'motive_eliminated': limits.eliminated.add(`${claim.suspect}\u0000${claim.motive}`); return true;
    case 'trace_found': limits.traces.push(claim.trace); return true;
    case 'trace_absent': limits.noTraces.push(claim.trace); return true;
    case 'weapon_not_used': limits.notWeapons.add(claim.weapon); return true;
    case 'may_have_passed':
      if (about(claim).includes(culprit)) limits.need |= bit(claim.room);
      else limits.notWeaponRoom |= bit(claim.room);
      return true;
    case 'room_undisturbed': limits.avoid |= bit(claim.room); return true;
    case 'not_culprit': return claim.suspect !== culprit;
    case 'not_accomplice': return claim.suspect !== accomplice;
    case 'acted_alone': return accomplice === null;
    default: return true; // testimonies, clues and conspiring always hold
  }
}

/** Start rooms as groups of suspects who started together, each group with the rooms still open to it. */
class StartRooms {
  constructor(book) {
    this.all = book.logic.start_rooms;
    this.parent = new Map();
    this.open = new Map();
  }

  root(s) {
    let r = s;
    while (this.parent.has(r)) r = this.parent.get(r);
    return r;
  }

  roomsOf(r) { return this.open.get(r) ?? this.all; }

  narrow(s, keep) {
    const r = this.root(s);
    const left = this.roomsOf(r).filter(keep);
    this.open.set(r, left);
    return left.length > 0;
  }

  only(s, room) { return this.narrow(s, (x) => x === room); }

  not(s, room) { return this.narrow(s, (x) => x !== room); }

  same(a, b) {
    const [ra, rb] = [this.root(a), this.root(b)];
    if (ra === rb) return true;
    const theirs = this.roomsOf(rb);
    this.parent.set(rb, ra);
    return this.narrow(ra, (x) => theirs.includes(x));
  }

  /** The rooms `s` may have started in (null when none). */
  rooms(s) {
    const left = this.roomsOf(this.root(s));
    return left.length ? left : null;
  }
}
