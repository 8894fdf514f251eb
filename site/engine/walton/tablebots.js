// Bots for the Walton table (table.js). A bot sees only its seat's view — its hand, the cards it has seen, the
// cards laid face up — and reasons over those cards with the case logic (deduce.js):
//
//   const book = casebook(caseJson);
//   const move = await botMove(view(state, seat), game, book);   // then act(state, game, move)
//
// It names the references that would narrow what it still does not know, offers the cheapest cards that show
// a named reference, takes every offer it can pay for with its cheapest cards, keeps its most valuable cards,
// and solves when the cards it has seen leave one answer (the design guarantees read over those cards, as a
// player reads them: that can be wrong, and then the bot is out like anyone else).

import { answerDigest } from './answers.js';
import { answers, likeliest, summary } from './deduce.js';

/** Every card a seat's view shows it: its notes, the cards laid face up, the hands of seats that are out. */
export function cardsSeen(view) {
  const me = view.seats[view.you];
  const shown = view.seats.flatMap((s, i) => (i !== view.you && s.hand ? s.hand : []));
  return [...new Set([...me.seen, ...view.faceUp, ...shown])].sort((a, b) => a - b);
}

/** What the seen cards leave open: `answers` read with the guarantees (may be empty, or one wrong answer when
 *  the cards seen so far mislead) and `open` without them (always holds the true answer); `said` counts the
 *  seen cards naming each reference. */
export function knowledge(view, book) {
  const seen = cardsSeen(view);
  const key = seen.join(',');
  const memo = remembered(book);
  if (!memo.has(key)) {
    if (memo.size >= MEMO_SIZE) memo.delete(memo.keys().next().value);
    const said = new Map(); // how many of the seen cards name each reference
    for (const n of seen) for (const r of book.cards.get(n).refs) said.set(r, (said.get(r) ?? 0) + 1);
    memo.set(key, { answers: answers(book, seen), open: summary(book, seen, { guarantees: false }), said });
  }
  return { seen, ...memo.get(key) };
}

// What a set of seen cards allows, by case: a seat asks several times between two changes of what it has seen.
const MEMO_SIZE = 64;
const MEMOS = new WeakMap();
function remembered(book) {
  if (!MEMOS.has(book)) MEMOS.set(book, new Map());
  return MEMOS.get(book);
}

/** The bot's move for the seat `view.you` (one of `view.toMove`). */
export async function botMove(view, game, book, { careful = 6 } = {}) {
  const seat = view.you;
  const hand = view.seats[seat].hand;
  switch (view.phase) {
    case 'investigate': return { type: 'investigate', seat, targets: chooseTargets(view, game, book) };
    case 'offer': return { type: 'offer', seat, cards: chooseOffer(hand, view.targets, game) };
    case 'exchange': return { type: 'exchange', seat, payments: choosePayments(hand, view.offers, game) };
    case 'solve': return { type: 'solve', seat, solve: verdict(view, game, book, careful) !== null };
    case 'answer': {
      const found = verdict(view, game, book, careful);
      return { type: 'answer', seat, digest: found ? await answerDigest(game.check, found) : '' };
    }
    // the cards held longest go (a hand lists cards in the order they came): cards keep moving round the table
    case 'discard': return { type: 'discard', seat, cards: hand.slice(0, hand.length - view.rules.keep) };
    default: throw new Error(`no bot move in phase ${view.phase}`);
  }
}

/** The answer to give now, or null to keep investigating: the one answer left when the bot is sure of it;
 *  when no answer meets the guarantees and nothing more can be drawn, the best supported guess if only one is. */
export function verdict(view, game, book, careful) {
  const known = knowledge(view, book);
  if (sure(known, game, careful)) return known.answers[0];
  if (known.answers.length || view.deck + view.discard > 0) return null;
  const guess = likeliest(book, known.seen);
  return guess.answers.length === 1 ? guess.answers[0] : null;
}

/** Solve now? One answer left; a careful bot also wants every other suspect cleared by the cards themselves. */
function sure(known, game, careful) {
  if (known.answers.length !== 1) return false;
  const { said } = known;
  const [{ culprit, motive }] = known.answers;
  // how much a seat wants to have heard of a suspect fades as it sees more of the deck (the whole deck is proof)
  const fade = Math.min(1, 2 * (1 - known.seen.length / game.cards.size));
  const heard = (s, times) => (said.get(s) ?? 0) >= times * fade;
  const otherMotives = [...(known.open.motivesOf.get(culprit) ?? [])].some((m) => m !== motive);
  return known.open.culprit.every((s) => s === culprit || heard(s, careful)) && (!otherMotives || heard(culprit, 2 * careful));
}

const RECENT_TURNS = 2;
const byValue = (cards, game) => [...cards].sort((a, b) => game.cards.get(a).value - game.cards.get(b).value || a - b);

/** References scored by what is still open about them, less what the seen cards already say of them and
 *  less again when this seat named them on one of its last turns (so a seat that learns nothing asks anew). */
function chooseTargets(view, game, book) {
  const { open, said } = knowledge(view, book);
  const weaponRooms = new Set(book.weapons.filter((w) => open.weapon.includes(w.id)).map((w) => w.room));
  const lately = new Set(view.named.filter((t) => t.seat === view.you).slice(-RECENT_TURNS).flatMap((t) => t.targets));
  const score = (id, ref) => {
    let worth = 0;
    if (ref.kind === 'suspect') worth += (open.culprit.includes(id) ? 3 : 0) + (open.accomplice.includes(id) ? 1 : 0);
    else worth += (weaponRooms.has(id) ? 2 : 0) + 0.5;
    return worth - 0.4 * (said.get(id) ?? 0) - (lately.has(id) ? 2 : 0);
  };
  const ranked = [...game.refs].map(([id, ref]) => [id, score(id, ref)]).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  return ranked.slice(0, view.rules.referencesPerTurn).map(([id]) => id);
}

/** The two cheapest cards in hand that show a named reference (none when no card does). */
function chooseOffer(hand, targets, game) {
  const fit = hand.filter((n) => game.cards.get(n).refs.some((r) => targets.includes(r)));
  return byValue(fit, game).slice(0, 2);
}

/** Pay for the cheapest offers first, each with the cheapest set of cards left that is worth enough. */
function choosePayments(hand, offers, game) {
  const payments = {};
  let left = [...hand];
  for (const deal of [...offers].sort((a, b) => a.value - b.value || a.seat - b.seat)) {
    const paid = cheapestCovering(left, deal.value, game);
    if (!paid) continue;
    payments[deal.seat] = paid;
    left = left.filter((n) => !paid.includes(n));
  }
  return payments;
}

/** The set of cards worth at least `value` with the least total (fewest cards on a tie); null when none is. */
export function cheapestCovering(hand, value, game) {
  const cards = byValue(hand, game).slice(0, 14); // 2^14 sets at most; the dearest cards are never the cheapest
  let best = null;
  const worth = cards.map((n) => game.cards.get(n).value);
  for (let mask = 1; mask < 2 ** cards.length; mask += 1) {
    let total = 0;
    let count = 0;
    for (let i = 0; i < cards.length; i += 1) if (mask & (2 ** i)) { total += worth[i]; count += 1; }
    if (total >= value && (!best || total < best.total || (total === best.total && count < best.count))) best = { mask, total, count };
  }
  return best ? cards.filter((_, i) => best.mask & (2 ** i)) : null;
}
