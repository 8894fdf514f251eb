// The move at hand on the Walton table, one decision per screen: what to tap (references, cards, offers), the
// running choice against what the rules ask, and the confirm button beside it, enabled only once the choice is one
// the rules take (table.js still checks every move). Each panel is {prompt, controls, bar, hand}: `hand` is true
// when the controls are the seat's own hand (then the screen shows no second copy of it).
//
//   const panel = movePanel(ctx);   // ctx: {v, game, caseJson, card(n), refName(id), perform(move), t (messages.js)}

import { el } from '../../assets/dom.js';
import { answerDigest } from './answers.js';
import { cardFace, markCard, offerStack, paidText, refChip } from './tablecards.js';
import { ENGLISH, andIn, countIn } from './messages.js';

const NO_ACCOMPLICE_LEVELS = new Set(['I', 'A', 'B']);

function button(text, testid, onClick, cls = '') {
  const b = el('button', { type: 'button', text, 'data-testid': testid, class: cls });
  b.addEventListener('click', onClick);
  return b;
}

/** The line beside the confirm button that says where the choice stands; screen readers hear each change. */
const tally = () => el('span', { class: 'gl-wbar-tally', 'data-testid': 'tally', 'aria-live': 'polite' });

const sorted = (cards) => [...cards].sort((a, b) => a - b);

export function movePanel(ctx) {
  const panels = { investigate, offer, exchange, solve, answer, discard };
  return panels[ctx.v.phase]({ t: ENGLISH, ...ctx });
}

function investigate(ctx) {
  const { v, game, perform, t } = ctx;
  const wanted = v.rules.referencesPerTurn;
  const chosen = [];
  const chips = [];
  const count = tally();
  const go = button(t('nameThem'), 'investigate', () => perform({ type: 'investigate', seat: v.you, targets: [...chosen] }), 'gl-primary');
  const refresh = () => {
    for (const chip of chips) {
      const on = chosen.includes(chip.dataset.ref);
      chip.setAttribute('aria-pressed', String(on));
      chip.disabled = !on && chosen.length >= wanted;
    }
    count.textContent = t('namedCount', { n: chosen.length, wanted });
    go.disabled = chosen.length !== wanted;
  };
  const group = (kind, title) => el('div', { class: 'gl-wchips', role: 'group', 'aria-label': title },
    el('span', { class: 'gl-wchips-title', text: title }),
    ...[...game.refs].filter(([, r]) => r.kind === kind).map(([id, r]) => {
      const chip = refChip(id, r.name, () => {
        const at = chosen.indexOf(id);
        if (at >= 0) chosen.splice(at, 1); else if (chosen.length < wanted) chosen.push(id);
        refresh();
      });
      chips.push(chip);
      return chip;
    }));
  refresh();
  return { prompt: t('prompt.investigate', { refs: countIn(t, wanted, 'reference') }),
    controls: [group('suspect', t('suspects')), group('room', t('rooms'))], bar: [count, go], hand: false };
}

/** Hand cards to tap on and off; `note(n, on)` words a chosen card's foot; `onChange(chosen)` after every tap. */
function pickCards(ctx, cards, { allowed = () => true, note = () => ctx.t('chosen'), onChange }) {
  const chosen = new Set();
  const nodes = sorted(cards).map((n) => {
    const node = cardFace(ctx.card(n), ctx.refName, {
      testid: `card-${n}`, disabled: !allowed(n), t: ctx.t,
      onTap: () => {
        if (chosen.has(n)) chosen.delete(n); else chosen.add(n);
        markCard(node, chosen.has(n), chosen.has(n) ? note(n) : '');
        onChange(chosen);
      },
    });
    return node;
  });
  return { nodes, chosen };
}

function offer(ctx) {
  const { v, game, perform, refName, t } = ctx;
  const shows = (n) => game.cards.get(n).refs.some((r) => v.targets.includes(r));
  const hand = v.seats[v.you].hand;
  const turn = v.seats[v.turn].name;
  const count = tally();
  let picked = new Set();
  const give = button(t('offerButton'), 'offer', () => perform({ type: 'offer', seat: v.you, cards: sorted(picked) }), 'gl-primary');
  const none = button(t('offerNothing'), 'offer-none', () => perform({ type: 'offer', seat: v.you, cards: [] }));
  const refresh = (chosen) => {
    picked = chosen;
    const value = [...chosen].reduce((sum, n) => sum + game.cards.get(n).value, 0);
    give.disabled = !chosen.size;
    give.textContent = chosen.size ? t('offerCards', { cards: countIn(t, chosen.size, 'card'), value }) : t('offerButton');
    count.textContent = chosen.size ? t('faceDownWorth', { cards: countIn(t, chosen.size, 'card'), value })
      : t('mayOffer', { cards: countIn(t, hand.filter(shows).length, 'card') });
  };
  const { nodes } = pickCards(ctx, hand, { allowed: shows, note: () => t('offered'), onChange: refresh });
  refresh(new Set());
  return { prompt: t('prompt.offer', { turn, refs: andIn(t, v.targets.map(refName)) }),
  controls: [el('div', { class: 'gl-whand', 'data-testid': 'hand' }, ...nodes)], bar: [count, give, none], hand: true };
}

function exchange(ctx) {
  const { v, game, perform, t } = ctx;
  if (!v.offers.length) {
    return { prompt: t('prompt.nobodyOffered'), controls: [],
      bar: [button(t('drawCards', { cards: countIn(t, v.rules.drawIfNoOffer, 'card') }), 'exchange', () => perform({ type: 'exchange', seat: v.you, payments: {} }), 'gl-primary')],
      hand: false };
  }
  const valueOf = (n) => game.cards.get(n).value;
  const pays = new Map(); // card → the seat whose offer it pays for
  let active = v.offers[0].seat;
  const seatName = (s) => v.seats[s].name;
  const paidFor = (s) => [...pays].filter(([, to]) => to === s).reduce((sum, [n]) => sum + valueOf(n), 0);
  const count = tally();
  const go = button(t('makeExchange'), 'exchange', () => {
    const payments = {};
    for (const [n, to] of pays) payments[to] = [...(payments[to] || []), n];
    return perform({ type: 'exchange', seat: v.you, payments });
  }, 'gl-primary');
  const stacks = v.offers.map((o) => {
    const stack = offerStack({ name: seatName(o.seat), count: o.count, value: o.value }, {
      testid: `offer-${o.seat}`, pressed: o.seat === active, paid: 0, t,
      onTap: () => { active = o.seat; refresh(); },
    });
    return [o, stack];
  });
  const cards = sorted(v.seats[v.you].hand).map((n) => {
    const node = cardFace(ctx.card(n), ctx.refName, {
      testid: `card-${n}`, t,
      onTap: () => {
        if (pays.get(n) === active) pays.delete(n); else pays.set(n, active);
        refresh();
      },
    });
    return [n, node];
  });
  const refresh = () => {
    for (const [o, stack] of stacks) {
      stack.setAttribute('aria-pressed', String(o.seat === active));
      stack.querySelector('.gl-wstack-paid').textContent = paidText(paidFor(o.seat), o.value, t);
      stack.classList.toggle('gl-wenough', paidFor(o.seat) >= o.value);
    }
    for (const [n, node] of cards) markCard(node, pays.has(n), pays.has(n) ? t('paysFor', { name: seatName(pays.get(n)) }) : '');
    const short = v.offers.filter((o) => paidFor(o.seat) > 0 && paidFor(o.seat) < o.value);
    const taken = v.offers.filter((o) => paidFor(o.seat) >= o.value);
    const price = v.offers.find((o) => o.seat === active).value;
    go.disabled = short.length > 0;
    const taking = taken.length + short.length;
    go.textContent = taking ? t('takeOffers', { offers: countIn(t, taking, 'offer') }) : t('takeNothing');
    count.textContent = short.length
      ? t('shortOffer', { name: seatName(short[0].seat), paid: paidFor(short[0].seat), value: short[0].value,
        more: short[0].value - paidFor(short[0].seat) })
      : t('activeOffer', { name: seatName(active), paid: paidText(paidFor(active), price, t) });
  };
  refresh();
  const [only] = v.offers;
  const prompt = v.offers.length > 1 ? t('prompt.manyOffers')
    : t(`prompt.oneOffer.${only.count === 1 ? 'one' : 'many'}`, { name: seatName(only.seat), cards: countIn(t, only.count, 'card'),
      value: only.value });
  const noted = v.rules.twoPlayerDiscards ? t('twoPlayerNoted') : '';
  return { prompt: prompt + noted,
    controls: [el('div', { class: 'gl-wstacks', 'data-testid': 'offers' }, ...stacks.map(([, s]) => s)),
      el('div', { class: 'gl-whand', 'data-testid': 'hand' }, ...cards.map(([, node]) => node))],
    bar: [count, go], hand: true };
}

function solve({ v, perform, t }) {
  return { prompt: t(v.rules.appCheck ? 'prompt.solve.app' : 'prompt.solve.game'), controls: [],
  bar: [button(t('keepInvestigating'), 'solve-no', () => perform({ type: 'solve', seat: v.you, solve: false })),
    button(t('solveCase'), 'solve-yes', () => perform({ type: 'solve', seat: v.you, solve: true }), 'gl-primary')],
  hand: false };
}

function discard(ctx) {
  const { v, perform, t } = ctx;
  const hand = v.seats[v.you].hand;
  const need = hand.length - v.rules.keep;
  const count = tally();
  let picked = new Set();
  const go = button(t('discardCards', { cards: countIn(t, need, 'card') }), 'discard', () => perform({ type: 'discard', seat: v.you, cards: sorted(picked) }), 'gl-primary');
  const refresh = (chosen) => {
    picked = chosen;
    go.disabled = chosen.size !== need;
    count.textContent = t('chosenCount', { n: chosen.size, need });
  };
  const { nodes } = pickCards(ctx, hand, { note: () => t('discardNote'), onChange: refresh });
  refresh(new Set());
  return { prompt: t('prompt.discard', { keep: countIn(t, v.rules.keep, 'card'), need: countIn(t, need, 'card') }),
    controls: [el('div', { class: 'gl-whand', 'data-testid': 'hand' }, ...nodes)], bar: [count, go], hand: true };
}

function answer({ v, game, caseJson, perform, t }) {
  const m = caseJson.mansion;
  // Every list starts on a blank choice: an accusation is chosen, never the list's first entries by default.
  const pick = (label, id, blank, options) => {
    const s = el('select', { 'aria-label': label, 'data-testid': `answer-${id}` });
    s.append(el('option', { value: '', text: blank }));
    for (const [value, text] of options) s.append(el('option', { value, text }));
    return s;
  };
  const motivesOf = (suspectId) => (m.suspects.find((x) => x.id === suspectId)?.motives || []).map((mo) => [mo.id, mo.name]);
  const refill = (select, blank, options) => {
    select.replaceChildren(el('option', { value: '', text: blank }), ...options.map(([value, text]) => el('option', { value, text })));
  };
  const suspects = m.suspects.map((x) => [x.id, x.name]);
  const culprit = pick(t('culprit'), 'culprit', t('culpritBlank'), suspects);
  const motive = pick(t('motive'), 'motive', t('motiveFirst'), []);
  const weapon = pick(t('weapon'), 'weapon', t('weaponBlank'), m.weapons.map((w) => [w.id, w.name]));
  const helper = !NO_ACCOMPLICE_LEVELS.has(caseJson.difficulty);
  const accomplice = pick(t('accomplice'), 'accomplice', t('accompliceBlank'), [['none', t('nobodyHelped')], ...suspects]);
  const theirs = pick(t('theirMotive'), 'accomplice-motive', t('theirMotiveBlank'), []);
  const go = button(t('accuse'), 'accuse', async () => {
    const said = { culprit: culprit.value, motive: motive.value, weapon: weapon.value,
      accomplice: helper && accomplice.value !== 'none' ? accomplice.value : null,
      accompliceMotive: helper && accomplice.value !== 'none' ? theirs.value : null };
    await perform({ type: 'answer', seat: v.you, digest: await answerDigest(game.check, said) });
  }, 'gl-primary');
  const ready = () => {
    const helped = helper && accomplice.value && accomplice.value !== 'none';
    go.disabled = !(culprit.value && motive.value && weapon.value && (!helper || accomplice.value) && (!helped || theirs.value));
    theirs.hidden = !helped;
  };
  culprit.addEventListener('change', () => { refill(motive, t('motiveBlank'), motivesOf(culprit.value)); ready(); });
  accomplice.addEventListener('change', () => { refill(theirs, t('theirMotiveBlank'), motivesOf(accomplice.value)); ready(); });
  for (const select of [motive, weapon, theirs]) select.addEventListener('change', ready);
  ready();
  return { prompt: t(v.rules.appCheck ? 'prompt.answer.app' : 'prompt.answer.game'),
    controls: [el('div', { class: 'gl-wanswer' }, culprit, motive, weapon, ...(helper ? [accomplice, theirs] : []))],
    bar: [go], hand: false };
}
