'use strict';

function sorted(values) {
  return [...values].sort((a, b) => a - b);
}

/** Nearest-rank percentile (p in 0..100) of the values. */
function percentile(values, p) {
  if (!values.length) return NaN;
  const s = sorted(values);
  const rank = Math.ceil((p / 100) * s.length);
  return s[Math.min(s.length - 1, Math.max(0, rank - 1))];
}

function median(values) {
  if (!values.length) return NaN;
  const s = sorted(values);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** median, min, max (and p50/p95 when there are enough samples) of timings in ms. */
function summarize(values) {
  const s = sorted(values);
  const out = { median: median(s), min: s[0], max: s[s.length - 1], runs: s.length };
  if (s.length >= 20) {
    out.p50 = percentile(s, 50);
    out.p95 = percentile(s, 95);
  }
  return out;
}

/** Milliseconds since `start` (a process.hrtime.bigint() value). */
function since(start) {
  return Number(process.hrtime.bigint() - start) / 1e6;
}

module.exports = { percentile, median, summarize, since };
