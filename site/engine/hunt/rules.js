// Pure move rules of the Whitechapel hunt: each check returns null when the move is legal,
// or why it is refused (a why(...) of reasons.js, which a page words in its language).
//
// Example:
//   checkJackNormal(board, 1, 2, new Set(["k1"]))  // → null, or why('notOneStep', {circle: 2, from: 1}) …

import { crossing, json, why } from './reasons.js';

/** Parameters and options used when no resolved ruleset is given (the base game, seed 000). */
export const DEFAULT_RULES = Object.freeze({
  parameters: Object.freeze({
    nights: 4,
    moves_per_night: 15,
    time_of_crime_spaces: 5,
    police_count: 5,
    fake_patrols: 2,
    coaches_per_night: [3, 2, 2, 1],
    alleys_per_night: [2, 2, 1, 1],
    women_per_night: [8, 7, 6, 4],
    marked_women_per_night: [5, 4, 3, 1],
    victims_per_night: [1, 1, 2, 1],
    clues_per_false_clue: 5,
    letters_nights: [2, 3, 4],
    pawn_letter_pawns: ['red', 'green', 'blue'],
    pawn_letter_alternative: 'brown',
  }),
  options: Object.freeze({
    letters: false,
    false_clues: false,
    wide_area_arrest: false,
    no_special_move_onto_hideout: false,
  }),
});

/**
 * Rules the engine switches by the presence of a rule id in the resolved ruleset (a variant
 * that removes the rule turns the step off).
 */
export const RULE_FEATURES = Object.freeze({ patrol_peek: 'hunt.night.patrol-peek' });

/**
 * Merge a resolved ruleset export ({parameters, options, rules}) over the defaults. `features`
 * says which rule-id switched steps are on (all of them when the export lists no rules).
 */
export function rulesFrom(json) {
  const ids = json && Array.isArray(json.rules) ? new Set(json.rules) : null;
  const features = {};
  for (const [name, id] of Object.entries(RULE_FEATURES)) features[name] = ids === null || ids.has(id);
  return {
    parameters: { ...DEFAULT_RULES.parameters, ...((json && json.parameters) || {}) },
    options: { ...DEFAULT_RULES.options, ...((json && json.options) || {}) },
    features: { ...features, ...((json && json.features) || {}) },
  };
}

/** The value of a per-night list parameter (the last entry repeats for extra nights). */
export function perNight(list, night) {
  if (!Array.isArray(list)) return list;
  return list[Math.min(night, list.length) - 1];
}

/**
 * How many spaces the time of the crime has (V … I): the parameter is a count or the list of
 * the spaces' labels.
 */
export function timeSpaces(parameters) {
  const t = parameters.time_of_crime_spaces;
  return Array.isArray(t) ? t.length : t;
}

/** The label of the time-of-crime space after `waits` waits ("I" first when labels are given). */
export function timeLabel(parameters, waits) {
  const t = parameters.time_of_crime_spaces;
  return Array.isArray(t) ? String(t[t.length - 1 - waits]) : `${waits + 1} of ${t}`;
}

export function checkJackNormal(board, from, to, blocked) {
  if (!board.isCircle(to)) return why('notCircle', { value: json(to) });
  if (!board.adjacent(from).includes(to)) return why('notOneStep', { circle: to, from });
  if (!board.jackNormal(from, blocked).includes(to)) {
    return why('policeWay', { from, to });
  }
  return null;
}

export function checkCoach(board, from, via, to) {
  if (!board.isCircle(via) || !board.isCircle(to)) return why('coachTwo');
  if (to === from) return why('coachSame');
  if (!board.adjacent(from).includes(via)) return why('notOneStep', { circle: via, from });
  if (!board.adjacent(via).includes(to)) return why('notOneStep', { circle: to, from: via });
  return null;
}

export function checkAlley(board, from, to) {
  if (!board.isCircle(to)) return why('notCircle', { value: json(to) });
  if (!board.alleys(from).includes(to)) return why('noBlockShare', { circle: to, from });
  return null;
}

/** How many crossings a police pawn may move (the `max_police_steps` parameter, 2 by default). */
export function policeSteps(parameters) {
  const n = parameters.max_police_steps;
  return Number.isInteger(n) && n >= 0 ? n : 2;
}

export function checkPoliceMove(board, from, to, others, steps = 2) {
  if (!board.isCrossing(to)) return why('notCrossing', { value: json(to) });
  if (others.includes(to)) return why('pawnThere', { crossing: crossing(to) });
  if (!board.policeMoves(from, others, steps).includes(to)) {
    const count = steps <= 5 ? why(`steps.${steps}`) : why('steps.many', { n: steps });
    return why('tooFar', { crossing: crossing(to), steps: count, start: crossing(from) });
  }
  return null;
}

/**
 * Where a women pawn on `from` may go while Jack waits: an adjacent empty circle, not through
 * or next to a patrol token, not a crime scene. An empty list means she stays.
 */
export function womanTargets(board, from, { patrols, occupied, scenes }) {
  const tokenAt = new Set(patrols);
  // A handful of tokens, women and scenes: lists are quicker here than Sets (asked for every woman at every wait).
  const watched = (c) => patrols.some((k) => board.searchOf(k).includes(c));
  return board.jackNormal(from, tokenAt).filter((c) => !occupied.includes(c) && !watched(c) && !scenes.includes(c));
}
