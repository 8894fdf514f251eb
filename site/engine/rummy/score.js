// Scoring a Ripper rummy hand: the engine's end-of-hand table in the scoring calculator's JSON shape, scored
// by the calculator itself (site/assets/calculators/rummy.js), so the engine and the calculator page share one
// implementation; tests/decks/test_calculators_agree.py and tests/decks/test_rummy_engine.py hold that one
// equal to the Python scoring (gaslight.domain.scoring.rummy).
//
// Example:
//   const { input, result } = scoreEnd(game, state, 'out', { out: 1 });
//   result.scores['1'].total   // seat 1's score for the hand

import { findJack, gameWinner, scoreHand } from '../../assets/calculators/rummy.js';

/** The calculator's rule numbers from the game's parameters (the played Escape's own points when one was played). */
export function calculatorRules(game, escapePoints = game.parameters.ripper_escape_points) {
  const p = game.parameters;
  return {
    vote_bonus: p.vote_points,
    escape_points: escapePoints,
    jack_multiplier: p.jack_multiplier,
    escape_in_hand_per_victim: p.escape_penalty_per_victim,
    game_target: p.target_score,
  };
}

const SUSPECT_KINDS = new Set(['evidence', 'wild', 'suspect', 'alibi']);

function tableCard(game, { id, suit }) {
  const c = game.cards[id];
  return SUSPECT_KINDS.has(c.kind) ? { kind: c.kind, points: c.points, suspect: suit } : { kind: c.kind, points: c.points };
}

/** The hand as the calculator reads it: seat i is the player named String(i). */
export function scoreInput(game, s, endedBy, { out = null, escaper = null } = {}) {
  const players = [];
  for (let seat = 0; seat < s.players; seat += 1) {
    players.push({
      name: String(seat),
      table: s.table[seat].map((entry) => tableCard(game, entry)),
      hand: s.held[seat].map((id) => ({ kind: game.cards[id].kind, points: game.cards[id].points })),
      vote: s.ballots ? s.ballots[seat] : null,
      went_out: seat === out,
      played_escape: seat === escaper,
    });
  }
  return { players, ranks: game.ranks, ended_by: endedBy };
}

/**
 * Score the hand that ends now. With the escape_votes option, a "Jack escapes" hand still pays the vote
 * points to whoever named the suspect who would have been Jack (the open-votes variant).
 */
export function scoreEnd(game, s, endedBy, ids = {}) {
  const input = scoreInput(game, s, endedBy, ids);
  const escapeCard = ids.escapeCard ? game.cards[ids.escapeCard].points : undefined;
  const result = scoreHand(input, calculatorRules(game, escapeCard));
  if (result.mode === 'escape' && game.options.escape_votes && s.ballots) {
    const wouldBe = findJack(input);
    for (const p of input.players) {
      if (wouldBe !== null && p.vote === wouldBe) {
        const score = result.scores[p.name];
        score.vote += game.parameters.vote_points;
        score.total += game.parameters.vote_points;
      }
    }
  }
  return { input, result };
}

/** The winning seat once a total reaches the target with no tie at the top; null while the game goes on. */
export function winnerOf(game, totals) {
  const named = Object.fromEntries(totals.map((t, seat) => [String(seat), t]));
  const found = gameWinner(named, calculatorRules(game));
  return found === null ? null : Number(found);
}
