// The scenario cut at a point, parsed once (who can act, issue 30). Every probe at a point writes its link lines
// after the same prefix; parsing the prefix again for each of them was a third of a point's time. The prefix is
// parsed once and each probe's lines are parsed alone, at their own line numbers, and joined to its open chain:
// the Scenario the parser gives the whole text, built from two parses. Where the prefix does not end in an open
// chain that the lines would simply join (a parse error on its last line, a line ending in `,` that the next one
// would continue), the whole text is parsed as before.
import { ChainBlock, Scenario } from '../syntax/ast';
import { parse } from '../syntax/parser';
import { spanRanges } from '../text';

export class CutScenario {
  private readonly lineCount: number;
  /** The prefix parsed, when probe lines can be joined to its last chain; undefined: parse each probe whole. */
  private readonly base?: { sc: Scenario; open: ChainBlock };

  constructor(
    private readonly prefix: string,
    private readonly startLine: number,
  ) {
    const lines = prefix.split('\n');
    this.lineCount = lines.length;
    const parsed = parse(prefix, startLine);
    const sc = parsed.file.scenarios[0];
    const open = sc?.items[sc.items.length - 1];
    const last = parsed.file.lines[parsed.file.lines.length - 1];
    const lastText = lines.filter((l) => l.trim()).pop() ?? '';
    // The chain stays open for the next link line only when the last line was its `chain` line or one of its links.
    const joins = open?.kind === 'chain' && last && (last.role === 'link' || (last.role === 'scenario-item' && last.line === open.line)) && !/[,#]/.test(lastText);
    if (sc && open?.kind === 'chain' && joins && parsed.file.scenarios.length === 1) this.base = { sc, open };
  }

  /** The line the first written line lands on. */
  get firstWrittenLine(): number {
    return this.startLine + this.lineCount;
  }

  /** The scenario as the parser reads `prefix` followed by `written` (link lines), or undefined without one. */
  with(written: readonly string[]): Scenario | undefined {
    if (!this.base) return parse(`${this.prefix}\n${written.join('\n')}`, this.startLine).file.scenarios[0];
    const { sc, open } = this.base;
    // Two lines before the first written one: a scenario and a `chain` line, so that the links land at their lines.
    const alone = parse(`scenario "probe"\nchain\n${written.join('\n')}`, this.firstWrittenLine - 2).file.scenarios[0]?.items[0];
    if (alone?.kind !== 'chain' || !alone.links.length) return sc;
    const range = spanRanges(open.range, alone.range);
    const chain: ChainBlock = { ...open, links: [...open.links, ...alone.links], range };
    return { ...sc, items: [...sc.items.slice(0, -1), chain], range: spanRanges(sc.range, range) };
  }
}
