// Why 24's engine refuses an action, in each language: data, not strings in code. The engine says why as a key and
// values (`why('notInHand', { card: 'a1', seat: seat(2) })`); the page renders it in its language
// (`reasonText(t, game, state, why)`), and the engine's English `reason` is the same rendering in English, made
// only when read, so saves, bots and tests read as before.
//
// Example:
//   reasonText(translator(TWENTYFOUR_REASONS, 'ja'), game, state, why('over'))   // 'ゲームは終わっています'
//
// A value is a plain number or string (put in as it is), or one of: `seat(i)` (the seat's detective, and whose),
// `listOf([...])` ("a, b"), `phase(id)` (the phase's name).

import { refusalOf, sayReason, translator } from '../common/cardtext.js';

export const TWENTYFOUR_REASONS = {
  en: {
    'why.over': 'the game is over',
    'why.badAction': 'an action is an object with a "type"',
    'why.notNow': '"{type}" is not possible now: this is {phase} ({actions})',
    'why.notYourTurn': "it is {seat}'s turn, not {other}'s",
    'why.placeAll': 'place one action card on each of the {cols} incidents (a list of {cols} card ids, incident 1 first)',
    'why.notInHand': "{card} is not in {seat}'s hand",
    'why.dice': 'a challenge rolls {dice} or both: name them in "dice", each once',
    'why.pick': 'pick "first" or "second": the place whose card you take',
    'why.notWonList': '{card} is not an incident card {seat} won this season ({won})',
    'why.standOnce': 'name the cards for the stand in "stand", each once (the rest go to the co-op row)',
    'why.notWon': '{card} is not an incident card {seat} won this season',
    'phase.place': 'the investigation (each player places one action card face down on every incident)',
    'phase.challenge': 'the judgement (challenge or pass, weakest first)',
    'phase.pick': 'first pick (take the first- or the second-place card)',
    'phase.discard': 'giving up an incident card won this season after a serious injury or death',
    'phase.set': 'the season end (set the cards won into the stand or the co-op row)',
    'phase.over': 'the end of the game',
    'value.seat': '{name} (seat {n})',
    'value.standIn': '{name} (stand-in)',
    'value.emptySeat': 'seat {n}',
    'value.separator': ', ',
  },
  ja: {
    'why.over': 'ゲームは終わっています',
    'why.badAction': 'アクションは "type" を持つオブジェクトです',
    'why.notNow': '今は「{type}」はできません。今は{phase}です（{actions}）',
    'why.notYourTurn': '今は{seat}の番で、{other}の番ではありません',
    'why.placeAll': '{cols}件の事件それぞれにアクションカードを1枚ずつ置いてください（カードIDを{cols}個、事件1から順に）',
    'why.notInHand': '{card}は{seat}の手札にありません',
    'why.dice': 'チャレンジで振るのは{dice}のどちらか、または両方です。"dice" にそれぞれ1回ずつ挙げてください',
    'why.pick': '"first" か "second" を選んでください（カードを取る順位）',
    'why.notWonList': '{card}は{seat}が今シーズン獲得した事件カードではありません（{won}）',
    'why.standOnce': 'スタンドに置くカードを "stand" にそれぞれ1回ずつ挙げてください（残りは協力列に置きます）',
    'why.notWon': '{card}は{seat}が今シーズン獲得した事件カードではありません',
    'phase.place': '捜査（各プレイヤーがすべての事件にアクションカードを1枚ずつ裏向きで置く）',
    'phase.challenge': '判定（弱い順にチャレンジかパス）',
    'phase.pick': '先取り（1位か2位のカードを取る）',
    'phase.discard': '重傷または死亡による、今シーズン獲得した事件カードの放棄',
    'phase.set': 'シーズンの終わり（獲得したカードをスタンドか協力列に置く）',
    'phase.over': 'ゲームの終わり',
    'value.seat': '{name}（席{n}）',
    'value.standIn': '{name}（代役）',
    'value.emptySeat': '席{n}',
    'value.separator': '、',
  },
};

/** A reason: a key of TWENTYFOUR_REASONS (`why.` in front) and its values. */
export const why = (key, values = {}) => ({ key: `why.${key}`, values });
/** Value kinds a reason may hold, each rendered in the page's language. */
export const seat = (i) => ({ seat: i });
export const listOf = (items) => ({ list: items });
export const phase = (id) => ({ phase: id });

/** The English words (the engine's own `reason` texts are these, rendered). */
export const ENGLISH = translator(TWENTYFOUR_REASONS, 'en');

/** A seat as a refusal names it: its detective and whose it is ("Kestrel (seat 2)", 「ケストレル（席2）」). */
export function seatIn(t, game, state, i) {
  const s = state.seats[i];
  if (!s) return t('value.emptySeat', { n: i + 1 });
  const name = game.detective[s.detective].name;
  return s.npc ? t('value.standIn', { name }) : t('value.seat', { name, n: i + 1 });
}

function valueText(t, game, state, value) {
  if (value === null || typeof value !== 'object') return String(value);
  if (Object.hasOwn(value, 'seat')) return seatIn(t, game, state, value.seat);
  if (Object.hasOwn(value, 'list')) return value.list.map((v) => valueText(t, game, state, v)).join(t('value.separator'));
  if (Object.hasOwn(value, 'phase')) return t(`phase.${value.phase}`);
  return String(value);
}

/** A reason in `t`'s language (a translator holding TWENTYFOUR_REASONS); a plain string is shown as it is. */
export function reasonText(t, game, state, reason) {
  return sayReason(t, reason, (value) => valueText(t, game, state, value));
}

/** A refusal whose English `reason` is made only when read, its `why` for the page's language. */
export function refusal(game, state, reason) {
  return refusalOf(reason, () => reasonText(ENGLISH, game, state, reason));
}
