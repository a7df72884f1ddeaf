'use strict';
// A small seeded PRNG (mulberry32): the generated inputs are the same on every machine and run.

function mulberry32(seed) {
  let a = seed >>> 0;
  return function next() {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Random {
  constructor(seed) {
    this.next = mulberry32(seed);
  }
  /** An integer in [min, max]. */
  int(min, max) {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick(items) {
    return items[Math.floor(this.next() * items.length)];
  }
  chance(p) {
    return this.next() < p;
  }
  shuffle(items) {
    const a = [...items];
    for (let i = a.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [a[i], a[j]] = [a[j], a[i]];
    }
    return a;
  }
  /** k distinct items. */
  sample(items, k) {
    return this.shuffle(items).slice(0, Math.min(k, items.length));
  }
}

module.exports = { Random, mulberry32 };
