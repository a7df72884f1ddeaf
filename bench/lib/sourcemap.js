'use strict';
// Just enough of source maps (v3, VLQ mappings) to turn a bundle's line:column into source file:line.

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const VALUE = new Map([...B64].map((c, i) => [c, i]));

function decodeVlq(segment) {
  const out = [];
  let shift = 0;
  let value = 0;
  for (const ch of segment) {
    const digit = VALUE.get(ch);
    value += (digit & 31) << shift;
    if (digit & 32) shift += 5;
    else {
      out.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return out;
}

/** { lookup(line0, column0) -> { source, line (1-based), column } | undefined } */
function loadSourceMap(map) {
  const lines = map.mappings.split(';');
  const table = [];
  let source = 0;
  let srcLine = 0;
  let srcCol = 0;
  for (const line of lines) {
    const segs = [];
    let col = 0;
    if (line) {
      for (const seg of line.split(',')) {
        const v = decodeVlq(seg);
        col += v[0];
        if (v.length >= 4) {
          source += v[1];
          srcLine += v[2];
          srcCol += v[3];
          segs.push([col, source, srcLine, srcCol]);
        }
      }
    }
    table.push(segs);
  }
  return {
    lookup(line0, col0) {
      const segs = table[line0];
      if (!segs || !segs.length) return undefined;
      let best = segs[0];
      for (const s of segs) {
        if (s[0] <= col0) best = s;
        else break;
      }
      return { source: map.sources[best[1]], line: best[2] + 1, column: best[3] + 1 };
    },
  };
}

module.exports = { loadSourceMap };
