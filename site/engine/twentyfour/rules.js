// 24's game data: the ruleset's parameters and the deck's cards, checked and compiled for the engine.
//
// Example:
//   const game = prepare(json);   // json: the "gaslight-twentyfour/1" file the site ships (see
//                                 // toolkit/gaslight/play/twentyfour.py, which writes it from a deck and ruleset)
//   game.P.seasons                // 3
//   game.hours['kestrel-hero']    // null: Hero Time has no hours
//
// Every number the engine plays by is a parameter here (the ruleset's, a variant's or a designer's own);
// the cards come from the deck by group: `incident`, `detective`, `action` (a card without hours is
// Hero Time), `assist` and `bonus`. A file that cannot be played is refused whole, every problem named.

export const GAME_FORMAT = 'gaslight-twentyfour/1';

/** Cards a detective puts on each incident in a season: the source's two rounds, a fixed part of the game. */
export const ROUNDS = 2;

/** The skills the engine plays, by the `skill_id` a detective card carries. */
export const SKILLS = Object.freeze({
  sharpEyes: 'sharp-eyes', // sees the incident cards dealt face down
  steadyNerves: 'steady-nerves', // a clashing Hero Time counts hero_clash_skill_value
  loneHunter: 'lone-hunter', // may challenge when strongest; scores its stand when dead
  firstPick: 'first-pick', // first place may take the second-place card instead
  toughness: 'toughness', // injured or killed only at tough_injury_threshold
});
const KNOWN_SKILLS = new Set(Object.values(SKILLS));

/** The seed's values: used for a parameter a ruleset does not declare. */
export const DEFAULT_PARAMETERS = Object.freeze({
  detectives: 5,
  players_min: 3,
  players_max: 5,
  stand_in_players: 3,
  seasons: 3,
  incidents_per_season: 5,
  places: 2,
  hidden_column: 5,
  mastermind_value: 6,
  hours_per_season: 24,
  assist_cards: 14,
  assist_points: 1,
  coop_set_size: 3,
  coop_bonus_per_card: 1,
  die_faces: 8,
  green_bonus: [1, 2],
  red_bonus: [2, 3],
  green_damage: 1,
  red_damage: 2,
  injury_threshold: 2,
  tough_injury_threshold: 3,
  death_bonus_base: 6,
  hero_clash_value: 0,
  hero_clash_skill_value: 3,
  arrest_from_season: 2,
  skills_from_season: 2,
});

/** Bounds on game data, far above any real game, so no file makes the engine slow or its numbers inexact. */
export const LIMITS = Object.freeze({ number: 1000000, incidents: 10000, detectives: 64, actions: 200 });

const POSITIVE = ['seasons', 'incidents_per_season', 'places', 'hidden_column', 'players_min', 'players_max', 'die_faces',
  'injury_threshold', 'tough_injury_threshold', 'arrest_from_season', 'skills_from_season', 'coop_set_size'];
const NON_NEGATIVE = ['stand_in_players', 'mastermind_value', 'assist_cards', 'assist_points', 'coop_bonus_per_card',
  'green_damage', 'red_damage', 'death_bonus_base', 'hero_clash_value', 'hero_clash_skill_value'];
const PAIRS = ['green_bonus', 'red_bonus'];

/** Game data the engine cannot play; `problems` lists every reason. */
export class GameDataError extends Error {
  constructor(problems) {
    super(`the 24 game data cannot be played: ${problems.join('; ')}`);
    this.name = 'GameDataError';
    this.problems = problems;
  }
}

const isInt = (v) => Number.isInteger(v);
const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * A value from outside (a saved action, a game data file) as short JSON-like text for a message: strings
 * cut to 60 characters, lists and objects to 5 items and 3 levels, so no input makes a message huge or
 * its writing fail (a list nested 60,000 deep, an object whose toString is not a function).
 *   shown('kestrel-6h') → '"kestrel-6h"'      shown([1, [2, [3, [4]]]]) → '[1,[2,[3,…]]]'
 */
export function shown(value, depth = 0) {
  if (typeof value === 'string') return JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return JSON.stringify(value);
  if (typeof value !== 'object') return typeof value;
  if (depth >= 3) return '…';
  const more = (n) => (n > 5 ? ',…' : '');
  if (Array.isArray(value)) return `[${value.slice(0, 5).map((v) => shown(v, depth + 1)).join(',')}${more(value.length)}]`;
  const keys = Object.keys(value);
  return `{${keys.slice(0, 5).map((k) => `${shown(k)}:${shown(value[k], depth + 1)}`).join(',')}${more(keys.length)}}`;
}
const text = shown;

const inRange = (v, low) => isInt(v) && v >= low && v <= LIMITS.number;

function checkParameters(P, problems) {
  for (const [names, low] of [[POSITIVE, 1], [NON_NEGATIVE, 0]]) {
    for (const name of names) {
      if (!inRange(P[name], low)) problems.push(`parameter ${name} must be a whole number from ${low} to ${LIMITS.number} (it is ${text(P[name])})`);
    }
  }
  for (const name of PAIRS) {
    const v = P[name];
    if (!Array.isArray(v) || v.length !== 2 || !v.every((x) => inRange(x, 0))) {
      problems.push(`parameter ${name} must list two whole numbers, the bonus of a success and of a great success (it is ${text(v)})`);
    }
  }
  if (isInt(P.players_min) && isInt(P.players_max) && P.players_min > P.players_max) {
    problems.push(`parameter players_min (${P.players_min}) is more than players_max (${P.players_max})`);
  }
  if (isInt(P.hidden_column) && isInt(P.incidents_per_season) && P.hidden_column > P.incidents_per_season) {
    problems.push(`parameter hidden_column (${P.hidden_column}) is beyond the last incident (${P.incidents_per_season})`);
  }
}

function checkIncidents(data, P, suitIds, problems) {
  const incidents = Array.isArray(data.incidents) ? data.incidents : [];
  if (!Array.isArray(data.incidents)) problems.push('incidents must be a list of cards');
  if (incidents.length > LIMITS.incidents) {
    problems.push(`the deck has ${incidents.length} incident cards, more than the engine's ${LIMITS.incidents}`);
    return [];
  }
  for (const [i, c] of incidents.entries()) {
    if (!isObject(c) || typeof c.id !== 'string' || !suitIds.has(c.suit) || !inRange(c.value, 0)) {
      problems.push(`incident ${i + 1} (${text(c && c.id)}) needs an id, a suit from the suits list and a whole-number value`);
    }
  }
  const layout = P.incidents_per_season * P.places;
  if (isInt(layout) && incidents.length < P.seasons * layout) {
    problems.push(`the deck has ${incidents.length} incident cards; ${P.seasons} seasons of ${layout} need at least ${P.seasons * layout}`);
  }
  return incidents;
}

function checkDetectives(data, P, problems) {
  const detectives = Array.isArray(data.detectives) ? data.detectives : [];
  if (!Array.isArray(data.detectives)) problems.push('detectives must be a list');
  if (detectives.length > LIMITS.detectives) {
    problems.push(`the deck has ${detectives.length} detectives, more than the engine's ${LIMITS.detectives}`);
    return [];
  }
  const needed = ROUNDS * P.incidents_per_season;
  const numbers = new Set();
  const ids = new Set();
  for (const d of detectives) {
    const name = text(d && d.id);
    if (!isObject(d) || typeof d.id !== 'string' || !inRange(d.number, 0) || !Array.isArray(d.actions)) {
      problems.push(`detective ${name} needs an id, a registration number and a list of action cards`);
      continue;
    }
    if (ids.has(d.id)) problems.push(`detective ${name} is listed twice`);
    if (numbers.has(d.number)) problems.push(`detective ${name}: registration number ${d.number} is used twice`);
    ids.add(d.id);
    numbers.add(d.number);
    if (d.skill && !KNOWN_SKILLS.has(d.skill)) {
      problems.push(`detective ${name}: skill ${text(d.skill)} is not one the engine plays (${[...KNOWN_SKILLS].join(', ')})`);
    }
    if (d.actions.length > LIMITS.actions) {
      problems.push(`detective ${name} has ${d.actions.length} action cards, more than the engine's ${LIMITS.actions}`);
      continue;
    }
    if (d.actions.length < needed) {
      problems.push(`detective ${name} has ${d.actions.length} action cards; ${ROUNDS} rounds of ${P.incidents_per_season} incidents need ${needed}`);
    }
    for (const a of d.actions) {
      if (!isObject(a) || typeof a.id !== 'string' || !(a.hours === null || inRange(a.hours, 0))) {
        problems.push(`detective ${name}: action card ${text(a && a.id)} needs an id and hours (null for Hero Time)`);
      }
    }
  }
  if (isInt(P.players_max) && detectives.length < P.players_max) {
    problems.push(`${P.players_max} players need ${P.players_max} detectives; the deck has ${detectives.length}`);
  }
  return detectives;
}

function checkUnique(incidents, detectives, problems) {
  const seen = new Set();
  const twice = [];
  for (const c of [...incidents, ...detectives.flatMap((d) => d.actions)]) {
    if (seen.has(c.id)) twice.push(c.id);
    seen.add(c.id);
  }
  for (const id of twice.slice(0, 5)) problems.push(`card id ${text(id)} is used twice`);
  if (twice.length > 5) problems.push(`and ${twice.length - 5} more card ids are used twice`);
}

/**
 * The compiled game: `P` (parameters), `dice`, `incident` (id → card), `detective` (id → detective),
 * `hours` (action card id → hours, null for Hero Time), `owner` (action card id → detective id).
 * Throws a GameDataError naming every problem.
 */
export function prepare(data) {
  if (!isObject(data)) throw new GameDataError(['the game data is not a JSON object']);
  if (data.format !== GAME_FORMAT) throw new GameDataError([`its format is ${text(data.format)}, not "${GAME_FORMAT}"`]);
  const problems = [];
  const P = { ...DEFAULT_PARAMETERS, ...(isObject(data.parameters) ? data.parameters : {}) };
  checkParameters(P, problems);
  const suits = Array.isArray(data.suits) ? data.suits : [];
  const suitIds = new Set(suits.map((s) => s && s.id));
  if (suits.length === 0) problems.push('suits must list the incident suits');
  // The cards are counted against the parameters: only once those are sound.
  const sound = problems.length === 0;
  const incidents = sound ? checkIncidents(data, P, suitIds, problems) : [];
  const detectives = sound ? checkDetectives(data, P, problems) : [];
  const bonus = isObject(data.bonus_cards) ? data.bonus_cards : {};
  for (const die of ['green', 'red']) {
    if (bonus[die] !== undefined && !inRange(bonus[die], 0)) problems.push(`bonus_cards.${die} must be a whole number from 0 to ${LIMITS.number}`);
  }
  if (problems.length === 0) checkUnique(incidents, detectives, problems);
  if (problems.length) throw new GameDataError(problems);

  const incident = Object.create(null);
  for (const c of incidents) incident[c.id] = { id: c.id, card: c.card || c.id, suit: c.suit, value: c.value, mastermind: c.value === P.mastermind_value };
  const detective = Object.create(null);
  const hours = Object.create(null);
  const owner = Object.create(null);
  for (const d of detectives) {
    detective[d.id] = { id: d.id, name: d.name || d.id, number: d.number, skill: d.skill || '', actions: d.actions.map((a) => a.id) };
    for (const a of d.actions) { hours[a.id] = a.hours; owner[a.id] = d.id; }
  }
  const dice = [
    { id: 'green', faces: P.die_faces, success: P.green_bonus[0], great: P.green_bonus[1], damage: P.green_damage },
    { id: 'red', faces: P.die_faces, success: P.red_bonus[0], great: P.red_bonus[1], damage: P.red_damage },
  ];
  return Object.freeze({
    data, P: Object.freeze(P), dice, incident, detective, hours, owner,
    incidentIds: incidents.map((c) => c.id),
    detectiveIds: detectives.map((d) => d.id),
    bonusCards: { green: bonus.green || 0, red: bonus.red || 0 },
    suitName: Object.fromEntries(suits.map((s) => [s.id, s.name || s.id])),
  });
}

/** Whether detective skills apply in `season`. */
export const skillsOn = (game, season) => season >= game.P.skills_from_season;

/** The skill a seat plays with in `season` ('' for the stand-in, and before skills apply). */
export function skillOf(game, seat, season) {
  return !seat.npc && skillsOn(game, season) ? game.detective[seat.detective].skill : '';
}

/** The scoring calculator's rules from the game's parameters (one scoring for the engine and the calculator). */
export function scoringRules(game) {
  const P = game.P;
  return {
    assist_points: P.assist_points, set_size: P.coop_set_size, set_bonus_per_card: P.coop_bonus_per_card,
    assists_join_sets: true, incidents_per_season: P.incidents_per_season, death_bonus_base: P.death_bonus_base,
    lone_hunter_skill: SKILLS.loneHunter,
  };
}
