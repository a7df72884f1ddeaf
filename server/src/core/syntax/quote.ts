// The one way to write a card name back as text: quick fixes, SARIF fixes, `segoc card`, `segoc infer` and every
// message that shows a name in quotes use it, so that what is printed can be pasted back (`"Maxx \"C\""`).

/** A name's characters as they go between straight quotes: `\` and `"` escaped as the lexer reads them back. */
export function escapeName(name: string): string {
  // Nearly every name has nothing to escape, and messages quote names on every check: one test, no copy.
  if (!/[\r\n\\"]/.test(name)) return name;
  // A string ends at its line's end: a line break, which no card name holds, is written as a space.
  return name.replace(/\r\n|[\r\n]/g, ' ').replace(/[\\"]/g, (c) => `\\${c}`);
}

/** A card name in straight quotes, escaped: it reads back as the same name (test/quote.test.ts). */
export function quoteName(name: string): string {
  return `"${escapeName(name)}"`;
}
