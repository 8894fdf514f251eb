// The "Save or load a game" box every play page shows (the hunt's and the card games'): a text box for the
// save, an optional passphrase, Save and Load. Sealing and opening are asynchronous, so the box says it is busy
// (`data-busy`) while they work.
import { el } from '../../assets/dom.js';

/**
 * The passphrase field and the box (a <details>) around `saveBox`; `labels`: {passphrase, placeholder (default:
 * the passphrase's label), summary, help, save, load}. Returns {passphrase, saveLoad}: the page keeps both
 * for `whileBusy`.
 */
export function saveLoadBox(saveBox, labels, onSave, onLoad) {
  const passphrase = el('input', { type: 'password', autocomplete: 'off', 'aria-label': labels.passphrase,
    placeholder: labels.placeholder ?? labels.passphrase, 'data-testid': 'passphrase' });
  const saveLoad = el('details', { class: 'gl-saveload' }, el('summary', { text: labels.summary }),
    el('p', { class: 'gl-save-help', 'data-testid': 'save-help', text: labels.help }), saveBox, passphrase,
    el('button', { type: 'button', text: labels.save, 'data-testid': 'save-button', onclick: onSave }),
    el('button', { type: 'button', text: labels.load, 'data-testid': 'load-button', onclick: onLoad }));
  return { passphrase, saveLoad };
}

/** `work(passphrase)` with the box marked busy; the passphrase is cleared first (not left for the next person
 *  at the device), and an error is passed to `say`. */
export async function whileBusy({ passphrase: field, saveLoad }, say, work) {
  const passphrase = field.value;
  field.value = '';
  saveLoad.dataset.busy = '';
  try {
    await work(passphrase);
  } catch (err) {
    say(err.message);
  } finally {
    delete saveLoad.dataset.busy;
  }
}
