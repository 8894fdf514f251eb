// Ripper rummy bots at two strengths. A bot decides from its seat's view alone (view.js): its own hand, the
// public table and the counts; it never sees the state, so it cannot know another hand or the case file.
//
// Example:
//   const action = botMove(game, view(state, seat), 'sharp');   // then apply(game, state, action)
//
// 'easy' plays greedily: every meld and lay-off it can, the first gavel card it can play, the Escape as soon as
// it may, the highest card it does not need. 'sharp' plays its cards as eagerly (measured: holding gavel cards
// back loses) but weighs them: it holds back the victim that would open the Escape to others, covers with an
// alibi the suspect its rivals built, takes a victim or the Escape from Scotland Yard, calls a vote when Jack
// looks settled, plays the Escape only when it scores more than the arrest would, and keeps what may meld.
// Both are deterministic: the same view gives the same move.

import { EVIDENCE, LETTERS } from './rules.js';

export const STRENGTHS = Object.freeze(['easy', 'sharp']);

const TABLE_SUSPECT = new Set(['evidence', 'wild', 'suspect', 'alibi']);

/** What the bot reads off its view, once per decision. */
function reading(game, v) {
  const cards = game.cards;
  const melded = new Set(v.melds.map((m) => m.suit));
  const totals = {};
  const mine = {};
  for (let seat = 0; seat < v.players; seat += 1) {
    for (const { id, suit } of v.table[seat]) {
      const c = cards[id];
      if (!TABLE_SUSPECT.has(c.kind)) continue;
      totals[suit] = (totals[suit] || 0) + c.points;
      if (seat === v.you) mine[suit] = (mine[suit] || 0) + c.points;
    }
  }
  const covered = v.alibi ? v.alibi.suit : null;
  let jack = null;
  let second = 0;
  for (const suit of Object.keys(totals)) {
    if (suit === covered || totals[suit] <= 0) continue;
    if (jack === null || totals[suit] > totals[jack] || (totals[suit] === totals[jack] && game.ranks[suit] < game.ranks[jack])) {
      if (jack !== null) second = Math.max(second, totals[jack]);
      jack = suit;
    } else {
      second = Math.max(second, totals[suit]);
    }
  }
  const need = game.parameters.victims_for_escape;
  const hand = v.hand;
  const escapeCard = hand.find((id) => cards[id].kind === 'escape') ?? null;
  return { cards, melded, totals, mine, covered, jack, margin: jack === null ? 0 : totals[jack] - second, need, hand,
    escapeCard, escapeOpen: game.hasEscape && v.victims >= need };
}

const suitOfEvidence = (c) => (c.kind === 'letter' ? LETTERS : c.suit);

/** A meld the hand can lay down now (evidence of one suspect, wild cards filling up; or letters), or null. */
function findMeld(game, v, r) {
  if (v.victims === 0) return null;
  const size = game.parameters.meld_size;
  const bySuit = new Map();
  const wilds = [];
  for (const id of r.hand) {
    const c = r.cards[id];
    if (c.kind === 'wild') wilds.push(id);
    else if (c.kind === 'evidence' || c.kind === 'letter') {
      const suit = suitOfEvidence(c);
      if (!bySuit.has(suit)) bySuit.set(suit, []);
      bySuit.get(suit).push(id);
    }
  }
  const room = r.hand.length - 1; // a card stays for the discard
  for (const [suit, ids] of bySuit) {
    const fill = suit === LETTERS ? [] : wilds;
    if (ids.length + fill.length < size) continue;
    const take = Math.min(ids.length, room);
    const cards = ids.slice(0, take);
    for (let i = 0; cards.length < size && i < fill.length && cards.length < room; i += 1) cards.push(fill[i]);
    if (cards.length >= size) return { type: 'meld', seat: v.you, cards };
  }
  return null;
}

/** A lay-off the hand can make now, or null (wild evidence goes on Jack's meld when it can). */
function findLayoff(game, v, r) {
  if (v.victims === 0 || r.hand.length < 2) return null;
  for (const id of r.hand) {
    const c = r.cards[id];
    if (!EVIDENCE.has(c.kind)) continue;
    if (c.kind === 'wild') {
      const targets = [...r.melded].filter((s) => s !== LETTERS).sort();
      if (targets.length === 0) continue;
      const suspect = r.jack !== null && r.melded.has(r.jack) ? r.jack : targets[0];
      return { type: 'layoff', seat: v.you, card: id, suspect };
    }
    if (r.melded.has(suitOfEvidence(c))) return { type: 'layoff', seat: v.you, card: id };
  }
  return null;
}

/** Would one more victim open the Escape while the bot does not hold it? */
const opensEscapeForOthers = (game, v, r) => game.hasEscape && !r.escapeCard && v.victims + 1 >= r.need;

/** The action that plays gavel card `id` now, or null when it cannot or the bot does not want to. */
function gavelPlay(game, v, r, id, strength) {
  const c = r.cards[id];
  const sharp = strength === 'sharp';
  const act = { type: 'gavel', seat: v.you, card: id };
  switch (c.kind) {
    case 'victim':
    case 'strike': // a strike may turn up that victim
      // The victim that opens the Escape helps whoever holds it: a sharp bot opens it only for itself.
      return sharp && opensEscapeForOthers(game, v, r) ? null : act;
    case 'scene':
      return act;
    case 'suspect':
      return r.melded.has(c.suit) ? act : null;
    case 'alibi': {
      const options = [c.suit, c.also].filter((s) => s && r.melded.has(s));
      if (options.length === 0) return null;
      // A sharp bot covers the suspect whose evidence is most the rivals'.
      const edge = (s) => (r.totals[s] || 0) - 2 * (r.mine[s] || 0);
      const pick = sharp ? options.reduce((a, b) => (edge(b) > edge(a) ? b : a)) : options[0];
      return { ...act, suspect: pick };
    }
    case 'resigns': {
      if (!sharp) return act;
      // Worth it when it empties the bot's own hand, or pushes victims out towards the Escape it holds.
      const rest = r.hand.filter((x) => x !== id);
      const allVictims = rest.length > 0 && rest.every((x) => r.cards[x].kind === 'victim');
      const toward = r.escapeCard && v.victims < r.need && rest.some((x) => r.cards[x].kind === 'victim');
      return allVictims || toward ? act : null;
    }
    default:
      return null;
  }
}

function chooseGavel(game, v, r, strength) {
  if (v.step.gavel || r.hand.length < 2) return null;
  for (const id of r.hand) {
    const c = r.cards[id];
    if (c.kind === 'escape' || EVIDENCE.has(c.kind) || id === v.step.kept) continue;
    const act = gavelPlay(game, v, r, id, strength);
    if (act) return act;
  }
  return null;
}

/** My score if Jack were caught now, against the best rival's, roughly (unknown hands cost 4 a card). */
function arrestEdge(game, v, r) {
  const mult = game.parameters.jack_multiplier;
  const score = (seat) => v.table[seat].reduce((sum, { id, suit }) => {
    const c = r.cards[id];
    const doubled = (c.kind === 'evidence' || c.kind === 'wild' || c.kind === 'suspect') && suit === r.jack;
    return sum + c.points * (doubled ? mult : 1);
  }, 0);
  let own = score(v.you);
  for (const id of r.hand) {
    own -= r.cards[id].kind === 'escape' ? game.parameters.escape_penalty_per_victim * v.victims : r.cards[id].points;
  }
  let rival = -Infinity;
  for (let seat = 0; seat < v.players; seat += 1) if (seat !== v.you) rival = Math.max(rival, score(seat) - 4 * v.handCounts[seat]);
  return own - rival;
}

function escapeEdge(game, v, r) {
  const kept = (seat) => v.table[seat].reduce((sum, { id }) => {
    const k = r.cards[id].kind;
    return sum + (k === 'victim' || k === 'scene' ? r.cards[id].points : 0);
  }, 0);
  let rival = -Infinity;
  for (let seat = 0; seat < v.players; seat += 1) if (seat !== v.you) rival = Math.max(rival, kept(seat));
  return r.cards[r.escapeCard].points + kept(v.you) - rival;
}

function wantsEscape(game, v, r, strength) {
  if (!r.escapeCard || !r.escapeOpen) return false;
  return strength === 'easy' || escapeEdge(game, v, r) >= arrestEdge(game, v, r);
}

/** How much the bot wants to keep a card (the lowest goes to Scotland Yard). */
function keepValue(game, v, r, id, strength) {
  const c = r.cards[id];
  if (strength === 'easy') {
    if (c.kind === 'escape') return 1000;
    const pair = EVIDENCE.has(c.kind) && c.kind !== 'wild'
      && r.hand.filter((x) => x !== id && r.cards[x].kind === c.kind && r.cards[x].suit === c.suit).length > 0;
    return (pair || c.kind === 'wild' ? 100 : 0) - c.points;
  }
  switch (c.kind) {
    case 'escape': return 1000;
    case 'victim': return opensEscapeForOthers(game, v, r) ? 2 : 40;
    case 'wild': return 30;
    case 'evidence':
    case 'letter': {
      const suit = suitOfEvidence(c);
      const same = r.hand.filter((x) => x !== id && EVIDENCE.has(r.cards[x].kind) && r.cards[x].kind !== 'wild'
        && suitOfEvidence(r.cards[x]) === suit).length;
      return 10 * same + (r.melded.has(suit) ? 25 : 0) + (suit === r.jack ? 5 : 0) - c.points;
    }
    case 'suspect':
    case 'alibi': return (r.melded.has(c.suit) || (c.also && r.melded.has(c.also)) ? 12 : 3) - c.points;
    case 'scene': return 8 - c.points / 2;
    case 'strike': return 10;
    default: return 4 - c.points;
  }
}

function chooseDiscard(game, v, r, strength) {
  let best = null;
  let bestValue = Infinity;
  for (const id of r.hand) {
    const value = keepValue(game, v, r, id, strength);
    if (value < bestValue) { best = id; bestValue = value; }
  }
  return { type: 'discard', seat: v.you, card: best };
}

/** Would the top of Scotland Yard be played at once this turn? */
function yardHelps(game, v, r, strength) {
  const top = v.yardTop;
  if (top === null) return false;
  const c = r.cards[top];
  if (c.kind === 'escape') return strength === 'sharp';
  if (c.kind === 'victim') return strength === 'sharp' && !opensEscapeForOthers(game, v, r);
  if (!EVIDENCE.has(c.kind) || v.victims === 0) return false;
  if (c.kind === 'wild') return [...r.melded].some((s) => s !== LETTERS);
  const suit = suitOfEvidence(c);
  if (r.melded.has(suit)) return true;
  const size = game.parameters.meld_size;
  const same = r.hand.filter((x) => EVIDENCE.has(r.cards[x].kind) && (r.cards[x].kind === 'wild' ? suit !== LETTERS
    : suitOfEvidence(r.cards[x]) === suit)).length;
  return same + 1 >= size && r.hand.length >= size;
}

function ballotFor(game, r) {
  if (r.jack !== null) return r.jack;
  return game.suspects.reduce((a, b) => (b.rank < a.rank ? b : a)).id;
}

/** The move of the seat `v.you` (the seat to move) from its view. */
export function botMove(game, v, strength = 'sharp') {
  if (!STRENGTHS.includes(strength)) throw new Error(`unknown bot strength ${JSON.stringify(strength)}: use ${STRENGTHS.join(' or ')}`);
  if (v.toMove !== v.you) throw new Error(`seat ${v.you} is not to move (seat ${v.toMove} is)`);
  const r = reading(game, v);
  const seat = v.you;
  switch (v.phase) {
    case 'window':
      return wantsEscape(game, v, r, strength) ? { type: 'escape', seat } : { type: 'pass', seat };
    case 'voting':
      return { type: 'ballot', seat, suspect: ballotFor(game, r) };
    case 'draw': {
      if (wantsEscape(game, v, r, strength)) return { type: 'escape', seat };
      if (strength === 'sharp' && game.options.vote && v.vote === null && r.jack !== null && r.margin >= 10
        && v.melds.some((m) => m.seat === seat)) return { type: 'vote', seat };
      const fromYard = v.yardTop !== null && (v.caseFile === 0 || yardHelps(game, v, r, strength));
      return { type: 'draw', seat, from: fromYard ? 'yard' : 'file' };
    }
    case 'play':
      if (wantsEscape(game, v, r, strength)) return { type: 'escape', seat };
      return chooseGavel(game, v, r, strength) || findMeld(game, v, r) || findLayoff(game, v, r)
        || chooseDiscard(game, v, r, strength);
    case 'scene':
      return { type: 'pick', seat, card: choosePick(game, v, r, strength) };
    case 'sceneGavel': {
      const act = gavelPlay(game, v, r, v.step.picked, strength);
      return act || { type: 'keep', seat };
    }
    default:
      throw new Error(`no bot move in phase ${v.phase}`);
  }
}

function choosePick(game, v, r, strength) {
  const open = v.lookThrough.filter((id) => r.cards[id].kind !== 'scene');
  if (strength === 'easy') return open[0];
  const value = (id) => {
    const c = r.cards[id];
    if (c.kind === 'victim') return gavelPlay(game, v, r, id, strength) ? 50 : 0;
    if (c.kind === 'escape') return v.victims + 2 >= r.need ? 60 : 5;
    if (c.kind === 'wild') return 30;
    if (EVIDENCE.has(c.kind)) return r.melded.has(suitOfEvidence(c)) ? 35 : 10 - c.points;
    return -c.points;
  };
  let best = open[0];
  for (const id of open) if (value(id) > value(best)) best = id;
  return best;
}
