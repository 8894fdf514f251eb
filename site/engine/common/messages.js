// Which language a play page speaks, and the words every engine page shares. Messages are data: a catalogue
// per language ({en: {...}, ja: {...}}, one per game plus this common one), English the fallback for a key a
// catalogue lacks (translator in cardtext.js); the page's `lang` (MkDocs sets it: lang="ja" under /ja/) picks.
//
// Example:
//   pageLanguage(document.getElementById('gaslight-hunt'))   // 'ja' on /ja/play/…, else 'en'

import { LANGUAGES } from './cardtext.js';

/** The language of the page `node` is on: its nearest `lang` attribute, if Gaslight speaks it, else English. */
export function pageLanguage(node) {
  const holder = node && typeof node.closest === 'function' ? node.closest('[lang]') : null;
  const tag = holder ? holder.getAttribute('lang') : (typeof document !== 'undefined' ? document.documentElement.lang : '');
  const code = String(tag || '').toLowerCase().split('-')[0];
  return LANGUAGES.includes(code) ? code : 'en';
}

/** The saved-game box and other words every engine page shares. */
export const ENGINE_COMMON = {
  en: {
    savedGame: 'Saved game',
    passphrase: 'Passphrase (optional)',
    passphrasePlaceholder: 'passphrase (optional)',
    saveOrLoad: 'Save or load a game',
    save: 'Save',
    load: 'Load',
    saved: 'Saved.',
    savedLocked: 'Saved, locked with the passphrase.',
    engineFailed: 'The engine could not start: {error}',
  },
  ja: {
    savedGame: '保存したゲーム',
    passphrase: '合言葉（任意）',
    passphrasePlaceholder: '合言葉（任意）',
    saveOrLoad: 'ゲームの保存と読み込み',
    save: '保存',
    load: '読み込み',
    saved: '保存しました。',
    savedLocked: '保存し、合言葉で鍵をかけました。',
    engineFailed: 'エンジンを起動できませんでした：{error}',
  },
};
