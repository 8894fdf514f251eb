// Pure facts of a 24 state that the engine, the views and the bots share: a seat's name, its injury threshold
// and cover, a card's hours on an incident, the ranking of an incident and the holdings the scoring reads.
//
// Example:
//   ranking({ present: [0, 1, 2], lone: -1, strength: [7, 9, 7], first: [3, 4, 5] })   // [[1], [2], [0]]

import { SKILLS, skillOf } from './rules.js';

/** 'Kestrel (seat 1)': how refusals and logs name a seat (seats count from 1 for people). */
export function seatName(game, state, seat) {
  const s = state.seats[seat];
  return s ? `${game.detective[s.detective].name} (${s.npc ? 'stand-in' : `seat ${seat + 1}`})` : `seat ${seat + 1}`;
}

/** The injury threshold of a seat this season (the toughness skill raises it). */
export function injuryThreshold(game, state, seat) {
  const P = game.P;
  return skillOf(game, state.seats[seat], state.season) === SKILLS.toughness ? P.tough_injury_threshold : P.injury_threshold;
}

/** How many cards of a seat's stand share a suit with the incident's cards (each covers one damage). */
export function cover(game, state, seat, incident) {
  const suits = new Set(state.layout.map((row) => game.incident[row[incident - 1]].suit));
  let n = 0;
  for (const id of state.seats[seat].stand) if (suits.has(game.incident[id].suit)) n += 1;
  return n;
}

/** A card's hours on an incident: Hero Time counts only in a clash (a lone one wins outright instead). */
export function cardValue(game, state, seat, id, lone) {
  const h = game.hours[id];
  if (h !== null) return h;
  if (lone === seat) return 0;
  return skillOf(game, state.seats[seat], state.season) === SKILLS.steadyNerves ? game.P.hero_clash_skill_value : game.P.hero_clash_value;
}

// A seat's standing on an incident as one number: a lone Hero Time above all, then strength, then the first card.
const SHIFT = 2 ** 20;

/** A seat's rank key on an incident (higher ranks first; equal keys tie). */
export const rankKey = (lone, strength, first) => (lone ? SHIFT * SHIFT : 0) + strength * SHIFT + first;

/** The present seats in groups from first place down: a lone Hero Time first, then strength, then the first card; a group of several is a tie. */
export function ranking(judge) {
  const key = (s) => rankKey(s === judge.lone, judge.strength[s], judge.first[s]);
  const sorted = judge.present.slice().sort((a, b) => key(b) - key(a) || a - b);
  const groups = [];
  let last = null;
  for (const s of sorted) {
    if (last && key(last[0]) === key(s)) last.push(s);
    else { last = [s]; groups.push(last); }
  }
  return groups;
}

/** What the scoring calculator reads of each player at the end (the stand-in does not score). */
export function holdings(game, state) {
  const card = (id) => ({ suit: game.incident[id].suit, value: game.incident[id].value });
  const lateSkills = game.P.seasons >= game.P.skills_from_season;
  return state.seats.filter((x) => !x.npc).map((x) => ({
    name: x.detective, stand: x.stand.map(card), coop: x.coop.map(card), assists: x.assists, died: x.dead,
    death_points: x.deathPoints, skill: lateSkills ? game.detective[x.detective].skill : '',
  }));
}
