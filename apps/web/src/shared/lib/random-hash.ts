const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A random string of letters and digits (default length 8), from crypto.getRandomValues. */
export function randomHash(length = 8): string {
  const bytes = new Uint8Array(length);
  crypto.getRandomValues(bytes);
  let out = '';
  for (const b of bytes) out += ALPHABET[b % ALPHABET.length];
  return out;
}
