// Sealing a saved game's text with AES-GCM (the browser's WebCrypto), so that nobody reads a side's
// secrets off a save, and an edited or cut text does not open.
//
// Example:
//   const body = await seal('{"board":"tutorial",…}');            // { kind: 'sealed', data: 'q3Jx…' }
//   await unseal(body.kind, body.data);                           // '{"board":"tutorial",…}'
//   const locked = await seal(json, { passphrase: 'gin and fog' }); // { kind: 'locked', data: … }
//
// Two kinds of seal:
// - 'sealed': under a key written in this file. The text cannot be read by eye or by decoding its
//   base64, but whoever studies this code can open it: it hides, it does not protect.
// - 'locked': under a key derived from a passphrase (PBKDF2-SHA-256, 600,000 rounds, a random salt
//   per save): without the passphrase nobody opens it, or forges one that opens.
// The plaintext is padded to a multiple of PAD bytes, so a save's length says little about what it
// holds (not, say, how many digits the hideout's number has).
// The IV is an HMAC of the padded plaintext (a synthetic IV): never reused for another plaintext,
// and a 'sealed' save of the same game is the same bytes every time.

/** Why a text cannot be unsealed (the save module turns it into its own message). */
export class SealError extends Error {}

export const SEAL_KINDS = ['sealed', 'locked'];
export const PBKDF2_ROUNDS = 600000;
const PAD = 512;
const SALT_BYTES = 16;
const IV_BYTES = 12;
const TAG_BYTES = 16;
// The fixed key material of 'sealed' saves: public, like all of this page's code.
const APP_SECRET = '3c89b81f428afeff0c13620cb28804f073a15a68bfe1727cc561253aa9d64c7f';

const encoder = new TextEncoder();

function subtle() {
  const api = globalThis.crypto && globalThis.crypto.subtle;
  if (!api) {
    throw new SealError('this page cannot seal or open saved games: browsers allow it only on https:// pages '
      + 'and on pages from this computer');
  }
  return api;
}

const hexBytes = (hex) => Uint8Array.from(hex.match(/../g), (h) => parseInt(h, 16));

/** Bytes as base64url without padding. */
export function toBase64(bytes) {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** base64url (no padding) as bytes; a SealError when it holds any other character. */
export function fromBase64(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) {
    throw new SealError('its sealed part holds characters a saved game never holds (it was changed or cut short)');
  }
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** An AES-GCM key and an HMAC key from 32 bytes of key material (HKDF-SHA-256). */
async function keysFrom(material) {
  const api = subtle();
  const base = await api.importKey('raw', material, 'HKDF', false, ['deriveKey']);
  const derive = (info, algorithm, usages) => api.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(0), info: encoder.encode(info) }, base, algorithm, false, usages);
  return {
    aes: await derive('gaslight-save aes', { name: 'AES-GCM', length: 256 }, ['encrypt', 'decrypt']),
    mac: await derive('gaslight-save iv', { name: 'HMAC', hash: 'SHA-256', length: 256 }, ['sign']),
  };
}

let appKeys = null;

async function keysFor(kind, salt, passphrase) {
  if (kind === 'sealed') {
    appKeys ||= keysFrom(hexBytes(APP_SECRET));
    return appKeys;
  }
  const api = subtle();
  const base = await api.importKey('raw', encoder.encode(passphrase.normalize('NFC')), 'PBKDF2', false, ['deriveBits']);
  const bits = await api.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations: PBKDF2_ROUNDS }, base, 256);
  return keysFrom(new Uint8Array(bits));
}

/** The header bound into the seal: a 'sealed' body cannot be passed off as 'locked', nor another format's. */
const associated = (prefix, kind) => encoder.encode(`${prefix}.${kind}`);

/**
 * `text` sealed: {kind, data} where data is base64url of [salt] IV ciphertext-and-tag. With a non-empty
 * passphrase the kind is 'locked'.
 */
export async function seal(text, { passphrase = '', prefix = '' } = {}) {
  const kind = passphrase ? 'locked' : 'sealed';
  const plain = encoder.encode(text);
  const padded = new Uint8Array(Math.ceil((plain.length + 1) / PAD) * PAD).fill(0x20); // JSON allows trailing spaces
  padded.set(plain);
  const salt = kind === 'locked' ? crypto.getRandomValues(new Uint8Array(SALT_BYTES)) : new Uint8Array(0);
  const keys = await keysFor(kind, salt, passphrase);
  const api = subtle();
  const iv = new Uint8Array(await api.sign('HMAC', keys.mac, padded)).slice(0, IV_BYTES);
  const sealed = new Uint8Array(await api.encrypt(
    { name: 'AES-GCM', iv, additionalData: associated(prefix, kind) }, keys.aes, padded));
  const out = new Uint8Array(salt.length + iv.length + sealed.length);
  out.set(salt);
  out.set(iv, salt.length);
  out.set(sealed, salt.length + iv.length);
  return { kind, data: toBase64(out) };
}

/** The text `seal` sealed; a SealError naming why it does not open. */
export async function unseal(kind, data, { passphrase = '', prefix = '' } = {}) {
  if (!SEAL_KINDS.includes(kind)) throw new SealError(`its seal is "${kind}", where a saved game has "sealed" or "locked"`);
  if (kind === 'locked' && !passphrase) {
    throw new SealError('it is locked with a passphrase: type the passphrase, then load it again');
  }
  const bytes = fromBase64(data);
  const saltBytes = kind === 'locked' ? SALT_BYTES : 0;
  if (bytes.length < saltBytes + IV_BYTES + TAG_BYTES) throw new SealError('it is too short to hold a game (it was cut short)');
  const salt = bytes.slice(0, saltBytes);
  const iv = bytes.slice(saltBytes, saltBytes + IV_BYTES);
  const keys = await keysFor(kind, salt, passphrase);
  let plain;
  try {
    plain = await subtle().decrypt({ name: 'AES-GCM', iv, additionalData: associated(prefix, kind) }, keys.aes,
      bytes.slice(saltBytes + IV_BYTES));
  } catch {
    throw new SealError(kind === 'locked' ? 'the passphrase is wrong, or the text was changed or cut short'
      : 'the text was changed or cut short (its seal does not open)');
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(plain);
  } catch {
    throw new SealError('its sealed part is not text');
  }
}
