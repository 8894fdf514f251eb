// What one seat of 24 may see of the game, and nothing more.
//
// Example:
//   const seen = view(game, state, 1);   // seat 1's view (null: the table, what every player sees)
//   seen.deck                            // undefined: only seen.deckCount
//   seen.seats[0].hand                   // undefined for another seat: only seen.seats[0].handCount
//
// Hidden from a seat: the other seats' hands and their committed but unrevealed choices (the cards of a
// round until all have placed, the second cards until their incident is judged, stand or co-op until all
// have set), the stand-in's pile and its unrevealed cards, the deck's order, the incident cards dealt face
// down (unless the seat's sharp-eyes skill applies), the seed and the random generator. Once the game is
// over every view shows all but the generator. A view shares the state's lists: treat it as read-only.

import { SKILLS, skillOf } from './rules.js';

export const VIEW_FORMAT = 'gaslight-twentyfour-view/1';

function seatView(state, x, mine) {
  const secondShown = state.revealed.second;
  const plays = x.plays.map(([a, b], i) => [state.revealed.first || mine ? a : null, secondShown[i] || mine ? b : null]);
  const out = {
    detective: x.detective, npc: x.npc, handCount: x.hand.length, pileCount: x.pile.length, committed: x.commit !== null,
    plays, damage: x.damage, injured: x.injured, dead: x.dead, out: x.out, deathPoints: x.deathPoints,
    won: x.won, stand: x.stand, coop: x.coop, assists: x.assists,
  };
  if (mine) { out.hand = x.hand; out.commit = x.commit; }
  return out;
}

/** `state` as seat `seat` (an index of a player's seat, or null for the table) may see it. */
export function view(game, state, seat) {
  if (seat !== null && !(Number.isInteger(seat) && state.seats[seat] && !state.seats[seat].npc)) {
    throw new Error(`unknown seat ${JSON.stringify(seat)}: use a player's seat index or null for the table`);
  }
  // Every key written out: V8 builds such a literal in one step, where `{ ...state }` copies key by key.
  const copy = {
    format: VIEW_FORMAT, seat, setup: { detectives: state.setup.detectives, npc: state.setup.npc },
    season: state.season, phase: state.phase, round: state.round, incident: state.incident, turn: state.turn,
    seats: null, deckCount: state.deck.length, discard: state.discard, layout: state.layout, faceDown: state.faceDown,
    revealed: state.revealed, outcome: state.outcome, judge: state.judge, pending: state.pending, supply: state.supply,
    standIns: state.standIns, log: state.log, stats: state.stats, result: state.result,
  };
  if (state.phase === 'over') {
    copy.seats = state.seats.map((x) => seatView(state, x, true));
    return copy;
  }
  const sharp = seat !== null && skillOf(game, state.seats[seat], state.season) === SKILLS.sharpEyes;
  if (!sharp) copy.layout = state.layout.map((row, r) => row.map((id, c) => (state.faceDown[r][c] ? null : id)));
  copy.seats = state.seats.map((x, i) => seatView(state, x, i === seat));
  return copy;
}
