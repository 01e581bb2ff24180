// Ascending order of many non-negative doubles, faster than the built-in sort: a radix sort of
// their high 32 bits (Benjamini–Hochberg sorts a scan's ~50,000 pValues on every scan).

export const LITTLE_ENDIAN = new Uint8Array(new Float64Array([1]).buffer)[7] === 0x3f;

/**
 * Sorts `values` ascending: the same array Float64Array.prototype.sort() gives, faster for
 * many values (sortAscending; otherwise the built-in sort).
 */
export function ascendingUnit(values: Float64Array): void {
  const ordered = values.length < 1024 ? null : sortAscending(values, null);
  if (ordered) values.set(ordered.values.subarray(0, values.length));
  else values.sort();
}

/**
 * `values` in ascending order, each with its weight when `weights` are given (in buffers of
 * this module, good until the next call, that may be longer than the values), when every
 * value is a non-negative double (no −0, no NaN) and the machine is little-endian; null
 * otherwise. Such a double's high 32 bits, read as an unsigned integer, never decrease as it
 * grows: a least-significant-digit radix sort of those bits, less the least of them (digits
 * of 11 bits, as few as their range needs; two, of up to 12 bits and without the lowest
 * bits, when it spans up to 27 bits), orders the values but for ties in the bits sorted
 * (values within a few parts in a million of each other), which an insertion pass then
 * orders by the whole value. The passes move each key with its position (8 bytes, not a
 * value and a weight); values and weights are gathered once at the end. Should the ties be
 * too many for the insertion pass, an ordinary comparison sort does the whole.
 */
export function sortAscending(
  values: ArrayLike<number>,
  weights: ArrayLike<number> | null,
): { values: Float64Array; weights: Float64Array } | null {
  const m = values.length;
  if (!LITTLE_ENDIAN) return null;
  if (scratch.keys[0].length < m) {
    const size = Math.max(m, 2 * scratch.keys[0].length);
    scratch.keys = [new Uint32Array(size), new Uint32Array(size)];
    scratch.places = [new Uint32Array(size), new Uint32Array(size)];
    scratch.values = new Float64Array(size);
    scratch.weights = new Float64Array(size);
  }
  let [key, keyTo] = scratch.keys;
  let [place, placeTo] = scratch.places;
  let least = 0xffffffff;
  let most = 0;
  for (let i = 0; i < m; i++) {
    const v = values[i]!;
    pair[0] = v;
    const h = pairBits[1]!;
    // −0 and negatives have the sign bit; NaN fails the comparison.
    if (!(v >= 0) || h >= 0x80000000) return null;
    key[i] = h;
    place[i] = i;
    if (h < least) least = h;
    if (h > most) most = h;
  }
  const bits = m === 0 ? 0 : 32 - Math.clz32(most - least);
  const digits = bits <= 12 ? 1 : bits <= 27 ? 2 : 3;
  const digitBits = digits === 3 ? 11 : Math.min(12, Math.ceil(bits / digits));
  const drop = Math.max(0, bits - digits * digitBits);
  const mask = (1 << digitBits) - 1;
  const counts = scratch.counts;
  for (let digit = 0; digit < digits; digit++) {
    const shift = drop + digit * digitBits;
    counts.fill(0, 0, mask + 1);
    for (let i = 0; i < m; i++) counts[((key[i]! - least) >>> shift) & mask]!++;
    let total = 0;
    for (let d = 0; d <= mask; d++) {
      const c = counts[d]!;
      counts[d] = total;
      total += c;
    }
    for (let i = 0; i < m; i++) {
      const h = key[i]!;
      const at = counts[((h - least) >>> shift) & mask]!++;
      keyTo[at] = h;
      placeTo[at] = place[i]!;
    }
    [key, keyTo] = [keyTo, key];
    [place, placeTo] = [placeTo, place];
  }
  const value = scratch.values;
  const weight = scratch.weights;
  for (let i = 0; i < m; i++) {
    const from = place[i]!;
    value[i] = values[from]!;
    weight[i] = weights ? weights[from]! : 0;
  }
  // Ties in the bits sorted, by the whole value; bounded, so that many close values cannot make it quadratic.
  let moves = 0;
  for (let i = 1; i < m; i++) {
    const v = value[i]!;
    if (!(value[i - 1]! > v)) continue;
    const w = weight[i]!;
    let j = i - 1;
    while (j >= 0 && value[j]! > v) {
      value[j + 1] = value[j]!;
      weight[j + 1] = weight[j]!;
      j--;
    }
    value[j + 1] = v;
    weight[j + 1] = w;
    moves += i - 1 - j;
    if (moves > 8 * m + 64) return sortedByComparison(value, weight, m);
  }
  return { values: value, weights: weight };
}

function sortedByComparison(
  value: Float64Array,
  weight: Float64Array,
  m: number,
): { values: Float64Array; weights: Float64Array } {
  const order = Array.from({ length: m }, (_, k) => k).sort((x, y) => value[x]! - value[y]!);
  return {
    values: Float64Array.from(order, (k) => value[k]!),
    weights: Float64Array.from(order, (k) => weight[k]!),
  };
}

// Scratch of sortAscending (one call at a time): two buffers each of keys and of their
// places (the radix passes' input and output), the values and weights in order, and the
// digits' counts.
const scratch = {
  keys: [new Uint32Array(0), new Uint32Array(0)] as [Uint32Array, Uint32Array],
  places: [new Uint32Array(0), new Uint32Array(0)] as [Uint32Array, Uint32Array],
  values: new Float64Array(0),
  weights: new Float64Array(0),
  counts: new Int32Array(1 << 12),
};
const pair = new Float64Array(1);
const pairBits = new Uint32Array(pair.buffer);
