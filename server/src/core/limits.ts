// How much scenario text one analysis takes. An analysis keeps every scenario's results, and a report
// or a response is built from all of them: the memory grows with the scenario lines of a file (about
// 200 bytes per character in `check`'s text report, 800 in its JSON report: docs/performance.md),
// while comments and prose cost next to nothing. So a file or a page with more scenario text than
// this is not analysed at all: one `too-large` error says so, in the CLI and the editor alike.
import type { Diagnostic } from './diagnostics';
import type { Range } from './text';

/** The most characters of scenario lines (comments and blank lines not counted) analysed in one file or page. */
export const MAX_SCENARIO_CHARS = 1_000_000;

/** The characters of the lines that are neither blank nor comments (`#`): what an analysis's memory grows with. */
export function scenarioChars(text: string): number {
  let total = 0;
  let lineStart = 0;
  while (lineStart < text.length) {
    let end = text.indexOf('\n', lineStart);
    if (end < 0) end = text.length;
    let first = lineStart;
    while (first < end && isBlank(text.charCodeAt(first))) first++;
    if (first < end && text.charCodeAt(first) !== 0x23 /* # */) total += end - lineStart;
    lineStart = end + 1;
  }
  return total;
}

/** Whether a text has more scenario characters than one analysis takes (most texts are shorter than that in all). */
export function overScenarioLimit(text: string): boolean {
  return text.length > MAX_SCENARIO_CHARS && scenarioChars(text) > MAX_SCENARIO_CHARS;
}

function isBlank(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0d || c === 0x0c || c === 0xfeff;
}

/** The one error of a file or page over the limit, at `range` (its first line, or its first block). */
export function tooLargeDiagnostic(range: Range, what: 'file' | 'page'): Diagnostic {
  return {
    code: 'too-large',
    severity: 'error',
    message: `this ${what} has more than ${MAX_SCENARIO_CHARS.toLocaleString('en-US')} characters of scenario lines (comments and blank lines not counted), the most segoc checks in one ${what}: nothing in it was checked; split it into several files`,
    range,
  };
}
