// Ripper rummy game data: checked whole with every problem named; a designer's own deck and variant play to the
// end without code.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { GameDataError, gameFrom } from '../../site/engine/rummy/rules.js';
import { runRequest, selfPlay } from '../../site/engine/rummy/selfplay.mjs';
import { DATA, dataWith } from './rummy_helpers.mjs';

/** A small deck of a designer's own: three suspects, three victims, no letters, no vote, a game to 60. */
const DESIGNER = {
  format: 'gaslight-rummy/1', id: 'small-rummy', variant: 'quick',
  parameters: { meld_size: 3, victims_for_escape: 3, victim_draw: 1, strike_reveal: 3, target_score: 60, vote_points: 0,
    jack_multiplier: 3, escape_penalty_per_victim: 1, ripper_escape_points: 20, hand_size_by_players: { 2: 6, 3: 5 } },
  options: { vote: false },
  suspects: [{ id: 'red', name: 'Red', rank: 2 }, { id: 'blue', name: 'Blue', rank: 1 }, { id: 'green', name: 'Green', rank: 3 }],
  victims: [{ id: 'v1', name: 'One' }, { id: 'v2', name: 'Two' }, { id: 'v3', name: 'Three' }],
  cards: [
    { id: 'red-ev', kind: 'evidence', suit: 'red', points: 2, copies: 4 },
    { id: 'blue-ev', kind: 'evidence', suit: 'blue', points: 3, copies: 4 },
    { id: 'green-ev', kind: 'evidence', suit: 'green', points: 4, copies: 4 },
    { id: 'tip', kind: 'wild', points: 1 },
    { id: 'sus-red', kind: 'suspect', suit: 'red', points: 6 },
    { id: 'alibi-bg', kind: 'alibi', suit: 'blue', also: 'green', points: 2 },
    ...['v1', 'v2', 'v3'].map((v) => ({ id: `victim-${v}`, kind: 'victim', suit: v, points: 3 })),
    { id: 'scene-v2', kind: 'scene', suit: 'v2', points: 7 },
    { id: 'strike', kind: 'strike', points: 0 },
    { id: 'resigns', kind: 'resigns', points: 0 },
    { id: 'escape', kind: 'escape', points: 20 },
  ],
};

test('a designer\'s own deck and variant play whole games at both strengths without code', () => {
  const game = gameFrom(DESIGNER);
  assert.equal(game.deck.length, 22);
  for (const players of [2, 3]) {
    const run = selfPlay(game, { players, bots: ['sharp', 'easy', 'easy'].slice(0, players), games: 40, seed: 3 });
    assert.deepEqual([run.illegal, run.stalled, run.games], [0, 0, 40], JSON.stringify(run.problems));
    assert.ok(run.endings['escape-card'] > 0 && run.endings.out > 0, JSON.stringify(run.endings));
  }
});

test('game data is checked whole: every problem is named at once', () => {
  const bad = {
    ...DESIGNER,
    format: 'rummy',
    parameters: { ...DESIGNER.parameters, meld_size: 1, target_score: 'many', hand_size_by_players: { 2: 6, 9: 3, 3: 0 } },
    options: { vote: 'yes', jokers: true },
    suspects: [...DESIGNER.suspects, { id: 'grey', rank: 1 }],
    cards: [...DESIGNER.cards, { id: 'odd', kind: 'joker', points: 1 }, { id: 'stray', kind: 'evidence', suit: 'v1', points: 1 },
      { id: 'tip', kind: 'wild', points: 1 }, { id: 'alibi-x', kind: 'alibi', suit: 'red', also: 'red', points: 1 }],
  };
  assert.throws(() => gameFrom(bad), (error) => {
    assert.ok(error instanceof GameDataError);
    assert.deepEqual(error.problems, [
      '"format" must be "gaslight-rummy/1" (got "rummy")',
      'parameter meld_size must be at least 2 (got 1)',
      'parameter target_score must be a whole number (got "many")',
      'hand_size_by_players: 3 players must be dealt a whole number of cards, at least 1 (got 0)',
      'hand_size_by_players: "9" is not a player count from 2 to 8',
      'option vote must be true or false (got "yes")',
      'unknown option "jokers" (the engine knows vote, escape_votes)',
      'suspects blue and grey share rank 1: a tie for Jack could not be broken',
      'card odd: unknown kind "joker" (use one of evidence, wild, letter, suspect, alibi, victim, scene, resigns, strike, escape)',
      'card stray: a evidence card needs "suit", one of the suspects (red, blue, green, grey)',
      'card tip: the id is used twice',
      'card alibi-x: "also" must name another suspect',
    ]);
    assert.ok(error.message.startsWith('the Ripper rummy game data has 12 problems: "format" must be'));
    return true;
  });
});

test('deck-wide problems: no victim, an Escape that could never be played, a deal larger than the deck', () => {
  const noVictims = DESIGNER.cards.filter((c) => c.kind !== 'victim' && c.kind !== 'scene');
  assert.throws(() => gameFrom({ ...DESIGNER, cards: noVictims }), {
    message: 'the Ripper rummy game data has 2 problems: the deck has no victim card: nobody could ever play evidence; '
      + 'victims_for_escape is 3 but the deck has only 0 victim cards: the Ripper Escape could never be played' });
  assert.throws(() => gameFrom({ ...DESIGNER, parameters: { ...DESIGNER.parameters, hand_size_by_players: { 2: 12 } } }), {
    message: 'the Ripper rummy game data has a problem: 2 players dealt 12 cards each need 25 cards (with the first card of Scotland Yard), but the deck has 22' });
  assert.throws(() => gameFrom(null), { message: 'the Ripper rummy game data has a problem: the game data must be a JSON object' });
  assert.doesNotThrow(() => gameFrom(dataWith({ parameters: { victims_for_escape: 5 } })));
});

test('self-play input is checked: the runs, the bots, the number of games', () => {
  rowsOf([
    [{ game: DATA, runs: [] }, '"runs" must list 1 to 64 runs like {"players": 3, "games": 100}'],
    [{ game: DATA, runs: [{ players: 2, bots: ['sharp'], games: 1 }] }, '"bots" must name 2 strengths, each easy or sharp'],
    [{ game: DATA, runs: [{ players: 2, games: 0 }] }, 'ask for 1 to 100000 games or hands'],
    [{ game: DATA, runs: [{ players: 6, games: 1 }] }, 'this game is for 2, 3, 4 players, not 6'],
    [null, 'the input must be a JSON object {"game": …, "runs": […]}'],
  ]);
  const answer = runRequest({ game: DATA, runs: [{ players: 2, hands: 5 }], seed: 4, record: true });
  assert.deepEqual([answer.format, answer.runs[0].hands, answer.runs[0].records.length], ['gaslight-rummy-selfplay/1', 5, 5]);
});

function rowsOf(list) {
  for (const [request, message] of list) assert.throws(() => runRequest(request), { message });
}
