// The police bot plays from public information only: given two games that the police cannot tell
// apart (the same public log, pawns and tokens) but in which Jack's hideout, position, routes and
// the women's marks differ, it makes the same choices. And it is a stronger player than the bot
// that only heads for the nearest circle where Jack may be.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { loadBoard } from '../../site/engine/hunt/board.js';
import { JackBot, PoliceBot } from '../../site/engine/hunt/bots.js';
import { actor, apply, newGame } from '../../site/engine/hunt/hunt.js';
import { Rng } from '../../site/engine/common/rng.js';
import { rulesFrom } from '../../site/engine/hunt/rules.js';
import { playGame } from '../../site/engine/hunt/selfplay.mjs';
import { view } from '../../site/engine/hunt/view.js';

const gen195 = loadBoard(JSON.parse(readFileSync(new URL('./fixtures/gen195.board.json', import.meta.url), 'utf8')));
const OPTIONAL = rulesFrom({ options: { letters: true, false_clues: true, wide_area_arrest: true } });

/**
 * A deep copy of `state` with every hidden fact changed: another hideout, position and route for
 * Jack tonight and on the earlier nights, the women's marks turned over. (A deep copy also gives
 * the copy log entries of its own, so no tracker is shared between the two games.)
 */
function otherHiddenFacts(state) {
  const copy = JSON.parse(JSON.stringify(state));
  const others = gen195.circles.filter((c) => c !== state.jack.hideout && c !== state.jack.pos);
  copy.jack.hideout = others[0];
  copy.jack.pos = others[1];
  copy.jack.route = others.slice(2, 2 + state.jack.route.length);
  for (const night of copy.nights) night.route = night.route.map((_, i) => others[i + 5]);
  for (const woman of copy.women) woman.marked = !woman.marked;
  return copy;
}

/**
 * Play a bot game; at every police decision a second police bot (`twin`) is asked the same
 * question about the game with other hidden facts, as `see` shows it. Returns the decisions on
 * which the two differed, and how many police decisions there were.
 */
function compare(seed, rules, twin, see) {
  const bots = { jack: new JackBot(gen195), police: new PoliceBot(gen195) };
  let state = newGame({ board: gen195, rules, seed });
  const differ = [];
  let decisions = 0;
  while (state.phase !== 'over') {
    const who = actor(state);
    const rng = new Rng(state.rng);
    const action = bots[who].act(view(state, who), rng);
    if (who === 'police') {
      decisions += 1;
      const other = otherHiddenFacts(state);
      const twinRng = new Rng(state.rng);
      const answer = twin.act(see(other), twinRng);
      if (JSON.stringify(answer) !== JSON.stringify(action) || JSON.stringify(twinRng.state) !== JSON.stringify(rng.state)) differ.push([state.phase, action, answer]);
    }
    const result = apply(gen195, state, action);
    assert.ok(result.ok, result.reason);
    state = result.state;
    state.rng = rng.state;
  }
  return { differ, decisions };
}

test('the police bot makes the same choices in games that differ only in what the police cannot see', () => {
  for (const [seed, rules] of [[11, null], [12, null], [13, OPTIONAL], [14, OPTIONAL]]) {
    const { differ, decisions } = compare(seed, rules, new PoliceBot(gen195), (s) => view(s, 'police'));
    assert.ok(decisions > 20, `game ${seed}: ${decisions} police decisions`);
    assert.deepEqual(differ, [], `game ${seed}`);
  }
});

/** A police bot that peeks: it arrests Jack wherever he is when it can see him. */
class PeekingPoliceBot extends PoliceBot {
  act(v, rng) {
    if (v.phase === 'policeAction' && v.jack.pos !== undefined && v.turn.searched.length === 0) return { type: 'arrest', circle: v.jack.pos };
    return super.act(v, rng);
  }
}

test('the comparison catches a police bot that reads hidden facts', () => {
  const { differ } = compare(11, null, new PeekingPoliceBot(gen195), (s) => s);
  assert.ok(differ.length > 0);
  const [phase, fair, peeked] = differ[0];
  assert.equal(phase, 'policeAction');
  assert.equal(peeked.type, 'arrest');
  assert.notDeepEqual(fair, peeked);
});

const GAMES = 60;

function jackWins(police) {
  const jack = new JackBot(gen195);
  let wins = 0;
  for (let g = 0; g < GAMES; g += 1) if (playGame(gen195, null, 500 + g, { jack, police }).state.winner === 'jack') wins += 1;
  return wins;
}

test('a police bot that only heads for the nearest circle where Jack may be lets Jack win more games', () => {
  const full = jackWins(new PoliceBot(gen195));
  const nearest = jackWins(new PoliceBot(gen195, { weights: { cover: 0, block: 0, hideouts: 0 } }));
  assert.ok(nearest > full, `${nearest} wins against the nearest-circle bot, ${full} against the full bot`);
});
