// A Japanese player meets one set of words for saving a game on every play page: the hunt's and the Walton pages'
// buttons (common/messages.js), the hunt's help (hunt/messages.js) and the card tables' (common/cardtext.js) say
// 保存 / 読み込み / 合言葉, never セーブ / ロード / パスフレーズ (the card tables said those, beside 合言葉 on the hunt).
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { COMMON } from '../../site/engine/common/cardtext.js';
import { ENGINE_COMMON } from '../../site/engine/common/messages.js';
import { HUNT_MESSAGES } from '../../site/engine/hunt/messages.js';

const OTHER_WORDS = /セーブ|(?<!アップ|ダウン)ロード|パスフレーズ/;

test('the save words are the same in the card tables as on the hunt and Walton pages', () => {
  for (const key of ['passphrase', 'save', 'load', 'saved', 'savedLocked']) {
    assert.equal(COMMON.ja[key], ENGINE_COMMON.ja[key], key);
  }
  assert.equal(COMMON.ja.saveBox, ENGINE_COMMON.ja.savedGame);
  assert.equal(COMMON.ja.saveLoad, ENGINE_COMMON.ja.saveOrLoad);
});

test('no Japanese text of the play pages says セーブ, ロード or パスフレーズ', () => {
  const said = [COMMON.ja, ENGINE_COMMON.ja, HUNT_MESSAGES.ja].flatMap((table) => Object.entries(table))
    .filter(([, text]) => typeof text === 'string' && OTHER_WORDS.test(text)).map(([key]) => key);
  assert.deepEqual(said, []);
});
