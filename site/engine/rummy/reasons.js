// Why Ripper rummy's engine refuses an action, in each language: data, not strings in code. The engine says why
// as a key and values (`why('notInHand', { card: card(id) })`); the page renders it in its language
// (`reasonText(t, game, why)`), and the engine's English `reason` is the same rendering in English, made only
// when read, so saves, bots and tests read as before.
//
// Example:
//   reasonText(translator(RUMMY_REASONS, 'ja'), game, why('meldSize', { size: 3 }))   // 'メルドには証拠カードが3枚以上必要です'
//
// A value is a plain number or string (put in as it is), or one of: `card(id)` (the card's name, quoted),
// `suit(id)` (a suspect's name, or the letters), `either([...])` ("a or b"), `listOf([...])` ("a, b"),
// `phase(id)` (the phase's name), or another reason (`ending(...)`: a phrase of its own).

import { refusalOf, sayReason, translator } from '../common/cardtext.js';
import { LETTERS } from './rules.js';

export const RUMMY_REASONS = {
  en: {
    'why.over': 'the game is over: {reason}',
    'over.won': 'seat {seat} wins with {points} points after {hands} hands',
    'over.stopped': 'the game stopped after {hands} hands without a winner',
    'why.badAction': 'an action is an object with a "type" and a "seat"',
    'why.notNow': '"{type}" is not possible now: this is {phase} ({actions})',
    'why.notYourMove': "it is seat {who}'s move, not seat {seat}'s",
    'why.noCard': 'there is no card {card} in this deck',
    'why.notInHand': '{card} is not in your hand',
    'why.keepOne': 'keep a card to discard: a play may not empty your hand',
    'why.noVictim': 'nobody may play evidence until a victim is on the table',
    'why.noVote': 'this variant is played without the vote',
    'why.voted': 'there has already been a vote this hand (one vote a hand)',
    'why.voteMeld': 'to call a vote you need a meld of your own on the table',
    'why.ballot': 'vote for one of the suspects ({suspects}); letters and the Ripper Escape cannot be named',
    'why.yardEmpty': 'Scotland Yard is empty: draw from the case file',
    'why.fileEmpty': 'the case file is empty: draw from Scotland Yard',
    'why.drawFrom': 'draw from "file" (the case file) or "yard" (the top of Scotland Yard)',
    'why.meldOnce': 'a meld names each card once',
    'why.meldSize': 'a meld is at least {size} evidence cards',
    'why.meldEvidence': '{card} is not evidence: only evidence cards form melds',
    'why.meldLetters': 'letters meld only with other letters',
    'why.meldWild': 'a meld needs evidence against its suspect, not wild cards alone',
    'why.meldOneSuspect': "a meld's evidence must all be against one suspect",
    'why.layoffEvidence': '{card} is not evidence: only evidence is laid off',
    'why.layoffSuspect': 'say which suspect\'s meld the wild evidence joins ("suspect"); it cannot join letters',
    'why.layoffNoMeld': 'there is no meld against {suit} on the table to lay off on',
    'why.sceneCard': 'play the card you took from Scotland Yard ({card}) or keep it',
    'why.notGavel': '{card} is not a gavel card',
    'why.keptCard': '{card} was taken with a scene and kept: it waits until your next turn',
    'why.oneGavel': 'you have already played a gavel card this turn (one a turn)',
    'why.notInYard': '{card} is not in Scotland Yard',
    'why.sceneScene': 'a scene takes any card from Scotland Yard but another scene',
    'why.noEscape': 'this deck has no Ripper Escape',
    'why.escapeVictims': 'the Ripper Escape needs {need} victims on the table (there are {victims})',
    'why.noEscapeHeld': 'you do not hold the Ripper Escape',
    'why.suspectMeld': 'play a suspect card only once a meld against {suit} is on the table',
    'why.alibiCovers': 'this alibi covers {suits}',
    'why.alibiMeld': 'play an alibi only once a meld against {suit} is on the table',
    'phase.draw': 'the start of a turn',
    'phase.voting': 'the vote',
    'phase.play': 'the play of a turn',
    'phase.scene': 'the scene: taking a card from Scotland Yard',
    'phase.sceneGavel': 'the choice to play the gavel card taken with the scene or keep it',
    'phase.window': 'the chance to play the Ripper Escape out of turn',
    'phase.over': 'the end of the game',
    'value.card': '"{name}"',
    'value.letters': 'the letters',
    'value.separator': ', ',
    'value.or': '{list} or {last}',
  },
  ja: {
    'why.over': 'ゲームは終わっています：{reason}',
    'over.won': '{hands}ハンドで席{seat}が{points}点で勝ちました',
    'over.stopped': '{hands}ハンドで勝者が決まらず、ゲームを打ち切りました',
    'why.badAction': 'アクションは "type" と "seat" を持つオブジェクトです',
    'why.notNow': '今は「{type}」はできません。今は{phase}です（{actions}）',
    'why.notYourMove': '今は席{who}の番で、席{seat}の番ではありません',
    'why.noCard': 'このデッキに{card}というカードはありません',
    'why.notInHand': '{card}は手札にありません',
    'why.keepOne': '捨てるカードを1枚残してください。プレイで手札を空にはできません',
    'why.noVictim': '被害者がテーブルに出るまで、誰も証拠を出せません',
    'why.noVote': 'このバリアントでは投票をしません',
    'why.voted': 'このハンドではもう投票がありました（投票は1ハンドに1回）',
    'why.voteMeld': '投票を呼びかけるには、テーブルに自分のメルドが必要です',
    'why.ballot': '容疑者のひとり（{suspects}）に投票してください。手紙とリッパーの逃亡は選べません',
    'why.yardEmpty': 'スコットランドヤードは空です。捜査ファイルから引いてください',
    'why.fileEmpty': '捜査ファイルは空です。スコットランドヤードから引いてください',
    'why.drawFrom': '"file"（捜査ファイル）か "yard"（スコットランドヤードの一番上）から引いてください',
    'why.meldOnce': 'メルドでは同じカードを1回だけ挙げてください',
    'why.meldSize': 'メルドには証拠カードが{size}枚以上必要です',
    'why.meldEvidence': '{card}は証拠ではありません。メルドにできるのは証拠カードだけです',
    'why.meldLetters': '手紙は手紙どうしでしかメルドできません',
    'why.meldWild': 'メルドには容疑者に対する証拠が必要です。ワイルドカードだけではできません',
    'why.meldOneSuspect': 'メルドの証拠はすべて同じ容疑者に対するものでなければなりません',
    'why.layoffEvidence': '{card}は証拠ではありません。付け足せるのは証拠だけです',
    'why.layoffSuspect': 'ワイルドの証拠をどの容疑者のメルドに付け足すか（"suspect"）を指定してください。手紙には付け足せません',
    'why.layoffNoMeld': 'テーブルに{suit}に対するメルドがないので付け足せません',
    'why.sceneCard': 'スコットランドヤードから取ったカード（{card}）を出すか、持っておいてください',
    'why.notGavel': '{card}はギャベルカードではありません',
    'why.keptCard': '{card}は現場カードで取って持っておいたカードです。次のターンまで出せません',
    'why.oneGavel': 'このターンはもうギャベルカードを出しました（1ターンに1枚）',
    'why.notInYard': '{card}はスコットランドヤードにありません',
    'why.sceneScene': '現場カードで取れるのは、スコットランドヤードの現場以外のカードです',
    'why.noEscape': 'このデッキにはリッパーの逃亡がありません',
    'why.escapeVictims': 'リッパーの逃亡にはテーブルに被害者が{need}人必要です（今は{victims}人）',
    'why.noEscapeHeld': 'リッパーの逃亡を持っていません',
    'why.suspectMeld': '容疑者カードは、テーブルに{suit}に対するメルドがあるときだけ出せます',
    'why.alibiCovers': 'このアリバイが守るのは{suits}です',
    'why.alibiMeld': 'アリバイは、テーブルに{suit}に対するメルドがあるときだけ出せます',
    'phase.draw': 'ターンのはじめ',
    'phase.voting': '投票',
    'phase.play': 'ターンのプレイ',
    'phase.scene': '現場カードでスコットランドヤードからカードを取るところ',
    'phase.sceneGavel': '現場カードで取ったギャベルカードを出すか持っておくかの選択',
    'phase.window': '手番外でリッパーの逃亡を出せる機会',
    'phase.over': 'ゲームの終わり',
    'value.card': '「{name}」',
    'value.letters': '手紙',
    'value.separator': '、',
    'value.or': '{list}または{last}',
  },
};

/** A reason: a key of RUMMY_REASONS (`why.` in front) and its values. */
export const why = (key, values = {}) => ({ key: `why.${key}`, values });
/** How a game ended (`over.` in front): the state's `reason`, and what a refusal after the end says. */
export const ending = (key, values = {}) => ({ key: `over.${key}`, values });
/** Value kinds a reason may hold, each rendered in the page's language. */
export const card = (id) => ({ card: id });
export const suit = (id) => ({ suit: id });
export const either = (items) => ({ either: items });
export const listOf = (items) => ({ list: items });
export const phase = (id) => ({ phase: id });

/** The English words (the engine's own `reason` texts are these, rendered). */
export const ENGLISH = translator(RUMMY_REASONS, 'en');

function valueText(t, game, value) {
  if (value === null || typeof value !== 'object') return String(value);
  if (Object.hasOwn(value, 'key')) return reasonText(t, game, value);
  if (Object.hasOwn(value, 'card')) return t('value.card', { name: game.cards[value.card].name });
  if (Object.hasOwn(value, 'suit')) {
    return value.suit === LETTERS ? t('value.letters') : game.suitNames[value.suit] || value.suit;
  }
  if (Object.hasOwn(value, 'either')) {
    const words = value.either.map((v) => valueText(t, game, v));
    if (words.length <= 1) return words.join('');
    return t('value.or', { list: words.slice(0, -1).join(t('value.separator')), last: words[words.length - 1] });
  }
  if (Object.hasOwn(value, 'list')) return value.list.map((v) => valueText(t, game, v)).join(', ');
  if (Object.hasOwn(value, 'phase')) return t(`phase.${value.phase}`);
  return String(value);
}

/** A reason in `t`'s language (a translator holding RUMMY_REASONS); a plain string is shown as it is. */
export function reasonText(t, game, reason) {
  return sayReason(t, reason, (value) => valueText(t, game, value));
}

/** A refusal whose English `reason` is made only when read, its `why` for the page's language. */
export function refusal(game, reason) {
  return refusalOf(reason, () => reasonText(ENGLISH, game, reason));
}
