// A Walton answer as the toolkit hashes it, and its salted digest: the page checks an answer against the
// case's `answer_check` without ever holding the solution.
//
//   answerLine({ culprit: 'ann', motive: 'money', weapon: 'knife' })   // 'ann|money|knife|-|-'
//   await answerDigest({ salt, sha256 }, fields) === sha256            // right answer

/** The answer line the toolkit hashes: ids joined by "|", "-" for no accomplice. */
export function answerLine({ culprit, motive, weapon, accomplice = null, accompliceMotive = null }) {
  return [culprit, motive, weapon, accomplice || '-', accomplice ? (accompliceMotive || '-') : '-'].join('|');
}

/** SHA-256 (hex) of the case's salt and the answer line. */
export async function answerDigest(check, fields) {
  const data = new TextEncoder().encode(`${check.salt}:${answerLine(fields)}`);
  const digest = await globalThis.crypto.subtle.digest('SHA-256', data);
  return [...new Uint8Array(digest)].map((x) => x.toString(16).padStart(2, '0')).join('');
}
