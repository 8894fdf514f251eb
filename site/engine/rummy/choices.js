// What a Ripper rummy seat may do now, as the play page offers it: only actions the engine accepts. Every choice is
// tried through `apply` (a pure function), so the page never offers a move the rules refuse, and needs no second
// copy of the rules.
//
// Example:
//   const c = choices(game, state, seat, ['crimson-keepsake#1', 'crimson-keepsake#2']);
//   c.meld          // the meld action of the two selected cards, or null when it is not legal
//   c.forCard       // for one selected card: its legal lay-offs, gavel plays and discard
//
// `state` is the engine's; the page calls this only for the seat on screen, and what it returns holds only that
// seat's own cards and public facts (the seat's hand, the table, Scotland Yard's cards it may pick from).

import { apply, toMove } from './engine.js';

const legal = (game, state, action) => apply(game, state, action).ok;

/** Per card: the lay-offs (wild cards: one per suspect), gavel plays (an alibi: one per suspect it covers), discard. */
function cardChoices(game, state, seat, id) {
  const c = game.cards[id];
  const out = { layoffs: [], gavels: [], discard: null };
  const suspects = game.suspects.map((s) => s.id);
  const layoffs = c.kind === 'wild' ? suspects.map((suspect) => ({ type: 'layoff', seat, card: id, suspect }))
    : [{ type: 'layoff', seat, card: id }];
  out.layoffs = layoffs.filter((a) => legal(game, state, a));
  const gavels = c.kind === 'alibi' && c.also ? [c.suit, c.also].map((suspect) => ({ type: 'gavel', seat, card: id, suspect }))
    : [{ type: 'gavel', seat, card: id }];
  out.gavels = gavels.filter((a) => legal(game, state, a));
  const discard = { type: 'discard', seat, card: id };
  if (legal(game, state, discard)) out.discard = discard;
  return out;
}

/**
 * The seat's legal actions now. `selected`: the cards the person has tapped (a meld is tried with them all; the
 * actions of one card when one is selected). Empty lists and nulls when it is not the seat's move.
 */
export function choices(game, state, seat, selected = []) {
  const none = { phase: state.phase, draw: [], vote: null, ballots: [], escape: null, pass: null, meld: null, forCard: null,
    picks: [], keep: null, sceneGavel: null, playable: [] };
  if (toMove(state) !== seat) return none;
  const out = { ...none };
  const tryIt = (action) => (legal(game, state, action) ? action : null);
  const hand = state.held[seat];
  out.escape = tryIt({ type: 'escape', seat });
  switch (state.phase) {
    case 'draw':
      out.draw = ['file', 'yard'].map((from) => tryIt({ type: 'draw', seat, from })).filter(Boolean);
      out.vote = tryIt({ type: 'vote', seat });
      break;
    case 'voting':
      out.ballots = game.suspects.map((s) => ({ type: 'ballot', seat, suspect: s.id }));
      break;
    case 'window':
      out.pass = { type: 'pass', seat };
      break;
    case 'scene':
      out.picks = [...new Set(state.yard)].map((card) => tryIt({ type: 'pick', seat, card })).filter(Boolean);
      break;
    case 'sceneGavel':
      out.keep = { type: 'keep', seat };
      out.sceneGavel = cardChoices(game, state, seat, state.step.picked).gavels;
      break;
    case 'play': {
      const chosen = selected.filter((id) => hand.includes(id));
      if (chosen.length >= 2) out.meld = tryIt({ type: 'meld', seat, cards: chosen });
      if (chosen.length === 1) out.forCard = { card: chosen[0], ...cardChoices(game, state, seat, chosen[0]) };
      // Which cards may be played on the table now (a lay-off or a gavel card): the page marks them.
      out.playable = hand.filter((id) => {
        const c = cardChoices(game, state, seat, id);
        return c.layoffs.length > 0 || c.gavels.length > 0;
      });
      break;
    }
    default:
      break;
  }
  return out;
}

/**
 * The move nobody need be asked for in a window: a seat that does not hold the Ripper Escape can only pass. A holder
 * follows its standing order ('play' at once, 'pass', or 'ask'); 'ask' holds only when the seat may be asked now
 * (`canAsk`: it is already on screen, or it is the only person at the table), else it passes, so no handover out
 * of turn tells the table who holds the Escape. Null when the seat must choose.
 */
export function forcedWindowMove(game, state, seat, { canAsk = true, standing = 'ask' } = {}) {
  if (state.phase !== 'window' || toMove(state) !== seat) return null;
  const escape = { type: 'escape', seat };
  if (!legal(game, state, escape)) return { type: 'pass', seat };
  if (standing === 'play') return escape;
  if (standing === 'ask' && canAsk) return null;
  return { type: 'pass', seat };
}
