// Levenshtein distance of one looked-up key against many names, 32 rows of the table per machine word
// (Myers 1999, in Hyyrö's form for the whole-string distance, with blocks for keys over 32 characters).
// "Did you mean" compares an unknown name with the generated library's 42,000 names: a word operation
// per character of each name instead of a row of the table, so a search takes a millisecond or two.

/** A looked-up key prepared once: for each character, the bits of the positions where it occurs. */
export class BitPattern {
  readonly length: number;
  private readonly blocks: number;
  private readonly ascii: Array<Int32Array | undefined> = new Array(128);
  private readonly other = new Map<number, Int32Array>();
  private readonly pv: Int32Array;
  private readonly mv: Int32Array;
  /** The bit of the key's last character in the last block: the row whose value is the distance. */
  private readonly lastBit: number;

  constructor(key: string) {
    this.length = key.length;
    this.blocks = Math.max(1, Math.ceil(key.length / 32));
    this.pv = new Int32Array(this.blocks);
    this.mv = new Int32Array(this.blocks);
    this.lastBit = 1 << ((key.length - 1) & 31);
    for (let i = 0; i < key.length; i++) {
      const c = key.charCodeAt(i);
      let eq = c < 128 ? this.ascii[c] : this.other.get(c);
      if (!eq) {
        eq = new Int32Array(this.blocks);
        if (c < 128) this.ascii[c] = eq;
        else this.other.set(c, eq);
      }
      eq[i >>> 5] |= 1 << (i & 31);
    }
  }

  /**
   * The distance between the key and `text.slice(start, end)` (read in place), or `limit + 1` as soon
   * as it must exceed `limit` (the same answer as a full table, below the limit).
   */
  distance(text: string, start: number, end: number, limit: number): number {
    const m = this.length;
    const n = end - start;
    if (Math.abs(m - n) > limit) return limit + 1;
    if (m === 0) return n;
    if (this.blocks === 1) return this.distanceOneBlock(text, start, end, limit);
    const { pv, mv, blocks, lastBit } = this;
    pv.fill(-1);
    mv.fill(0);
    let score = m;
    const last = blocks - 1;
    for (let j = 0; j < n; j++) {
      const c = text.charCodeAt(start + j);
      const eqs = c < 128 ? this.ascii[c] : this.other.get(c);
      // The horizontal difference entering the block from above: +1 in row 0 (the empty key).
      let hin = 1;
      for (let b = 0; b < blocks; b++) {
        let eq = eqs ? eqs[b] : 0;
        const Pv = pv[b];
        const Mv = mv[b];
        const Xv = eq | Mv;
        if (hin < 0) eq |= 1;
        const Xh = (((eq & Pv) + Pv) ^ Pv) | eq;
        let Ph = Mv | ~(Xh | Pv);
        let Mh = Pv & Xh;
        const top = b === last ? lastBit : 1 << 31;
        const hout = Ph & top ? 1 : Mh & top ? -1 : 0;
        Ph <<= 1;
        Mh <<= 1;
        if (hin < 0) Mh |= 1;
        else if (hin > 0) Ph |= 1;
        pv[b] = Mh | ~(Xv | Ph);
        mv[b] = Ph & Xv;
        hin = hout;
      }
      score += hin;
      // Each remaining character lowers the distance by one at most.
      if (score - (n - j - 1) > limit) return limit + 1;
    }
    return score;
  }

  /**
   * The distance between the key and the closest beginning of `text.slice(start, end)` (the key typed as the
   * start of a longer name: "ash blosom" for "ash blossom and joyous spring"), or `limit + 1` once out of
   * reach. Keys of 32 characters or fewer (longer ones: `limit + 1`).
   */
  prefixDistance(text: string, start: number, end: number, limit: number): number {
    const m = this.length;
    if (this.blocks !== 1 || m === 0) return limit + 1;
    // A beginning within `limit` edits is at most m + limit characters long.
    const n = Math.min(end - start, m + limit);
    if (n < m - limit) return limit + 1;
    return this.oneBlock(text, start, n, limit, true);
  }

  /** distance() for keys of 32 characters or fewer (most names): one word, no block loop. */
  private distanceOneBlock(text: string, start: number, end: number, limit: number): number {
    return this.oneBlock(text, start, end - start, limit, false);
  }

  /**
   * The table's last row over the first `n` characters of the text, one column per character: its last value
   * (the whole distance), or with `beginning` its smallest (the distance to the closest beginning).
   */
  private oneBlock(text: string, start: number, n: number, limit: number, beginning: boolean): number {
    const lastBit = this.lastBit;
    let pv = -1;
    let mv = 0;
    let score = this.length;
    let best = limit + 1;
    for (let j = 0; j < n; j++) {
      const c = text.charCodeAt(start + j);
      const eqs = c < 128 ? this.ascii[c] : this.other.get(c);
      const eq = eqs ? eqs[0] : 0;
      const xv = eq | mv;
      const xh = (((eq & pv) + pv) ^ pv) | eq;
      let ph = mv | ~(xh | pv);
      let mh = pv & xh;
      if (ph & lastBit) score++;
      else if (mh & lastBit) score--;
      ph = (ph << 1) | 1;
      mh <<= 1;
      pv = mh | ~(xv | ph);
      mv = ph & xv;
      // The score is the distance of the key to the first j + 1 characters.
      if (beginning && score < best) best = score;
      // Each remaining character lowers the distance by one at most.
      if (score - (n - j - 1) > limit) return beginning ? best : limit + 1;
    }
    return beginning ? best : score;
  }
}

/** The set of characters of a key as 32 bits (characters that share a bit only make the bound weaker). */
export function letterMask(key: string): number {
  let mask = 0;
  for (let i = 0; i < key.length; i++) mask |= 1 << key.charCodeAt(i) % 32;
  return mask;
}

/**
 * The bits set in x. One edit adds or removes at most one character of each key's set of characters:
 * keys whose sets differ by more than twice the limit are out of reach (a cheap bound before the distance).
 */
export function popCount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
