'use strict';
// Realistic positions in a generated .segoc text: the edits of the incremental and keystroke figures,
// and the hover and completion positions.

const LINK = /^(\s+\d+\s+)([A-Za-z][\w-]*)(\s+)(["“])([^"”]+)(["”])/;
const BOARD = /^(\s+[A-Za-z][\w-]*\s+(?:field|hand|gy|banished|deck|extra):\s+)(?:set\s+)?(["“])([^"”]+)(["”])/;

/** Lines of chain links (`    2 Kaiba "Sangan"`) with the column of the card name's closing quote. */
function linkLines(lines) {
  const out = [];
  lines.forEach((text, line) => {
    const m = LINK.exec(text);
    if (!m) return;
    const nameStart = m[1].length + m[2].length + m[3].length + 1;
    out.push({
      line,
      text,
      /** Column right after `<n> <player> ` (where a card is named next). */
      afterPlayer: m[1].length + m[2].length + m[3].length,
      nameStart,
      nameEnd: nameStart + m[5].length,
    });
  });
  return out;
}

/** Card names on board lines (`  Kaiba field: "Sangan", ...`): the first name of each. */
function boardNames(lines) {
  const out = [];
  lines.forEach((text, line) => {
    const m = BOARD.exec(text);
    if (!m) return;
    const nameStart = m[1].length + m[2].length;
    out.push({ line, nameStart, nameEnd: nameStart + m[3].length });
  });
  return out;
}

/** `count` items spread evenly over the list (deterministic). */
function spread(items, count) {
  if (!items.length) return [];
  const out = [];
  for (let i = 0; i < count; i++) out.push(items[Math.floor(((i + 0.5) * items.length) / count) % items.length]);
  return out;
}

/**
 * The one-line edit of the incremental figure: a character typed into the card name of the chain link
 * nearest the middle of the file (`"Sangan"` -> `"Sangaxn"`), as in the middle of typing a name.
 */
function middleEdit(text) {
  const lines = text.split('\n');
  const links = linkLines(lines);
  const mid = lines.length / 2;
  let best = links[0];
  for (const l of links) if (Math.abs(l.line - mid) < Math.abs(best.line - mid)) best = l;
  const col = best.nameEnd - 1;
  lines[best.line] = best.text.slice(0, col) + 'x' + best.text.slice(col);
  return { text: lines.join('\n'), line: best.line, character: col };
}

module.exports = { linkLines, boardNames, spread, middleEdit };
