// The parser: hand-written and line-oriented. Each logical line is one statement, so a mistake
// costs exactly one located diagnostic and the next line parses as if nothing happened.
// It never throws: a statement that does not parse is recorded as an error line.
import { Diagnostic, notQuotedMessage, QuickFix, quoteFix } from '../diagnostics';
import { Range, sharedPos, spanRanges } from '../text';
import {
  Action,
  ActionSeq,
  AliasLine,
  ArchetypeLine,
  BoardCard,
  BoardStmt,
  CardDef,
  CardText,
  CardRef,
  CardSet,
  ChainBlock,
  EffectLine,
  EffectLineKind,
  ExpectStmt,
  ExpectOutcomeStmt,
  Outcome,
  NumberNode,
  GameAction,
  HeaderStmt,
  LineInfo,
  LinkStmt,
  Named,
  PHASES,
  PhaseName,
  DamageStepPart,
  Scenario,
  SourceFile,
  SUMMON_METHODS,
  SummonMethod,
  UseStmt,
  Zone,
  ZONES,
} from './ast';
import { endsWithComma, LineLexer, LogicalLine, Token } from './lexer';
import { keepLayoutOf } from '../layout';
import { checkScenario } from './scenario-checks';
import { didYouMean } from '../suggest';
import { LANGUAGE_WORDS } from './words';

export { CARD_ACTION_VERBS } from './words';
import { MODIFIER_START_WORDS, PHASE_WORDS, ZONE_WORDS } from '../words';

export interface ParseResult {
  file: SourceFile;
  diagnostics: Diagnostic[];
}

/** A `chain` line with something after it: the block is still opened so its links are kept. */
class ChainWithError {
  constructor(
    readonly block: ChainBlock,
    readonly error: ParseError,
  ) {}
}

class ParseError {
  constructor(
    readonly message: string,
    readonly range: Range,
    readonly code = 'syntax',
    readonly fix?: QuickFix,
  ) {}
  /** Keeps the object layout alive between parses, so optimized code that throws stays valid (see layout.ts). */
  static readonly keepLayout = keepLayoutOf(new ParseError('', { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }));
}

/** A cursor over the tokens of one logical line (one cursor per parse, reset for each line). */
class Cursor {
  i = 0;
  tokens: Token[] = [];
  line!: LogicalLine;
  /** Mistakes that do not stop the line from parsing (it is kept, and these are reported with it). */
  problems: ParseError[] = [];
  reset(line: LogicalLine): void {
    this.line = line;
    this.tokens = line.tokens;
    this.i = 0;
    this.problems = [];
  }
  /** Keeps the object layout alive between parses (see layout.ts). */
  static readonly keepLayout = keepLayoutOf(new Cursor());
  get done(): boolean {
    return this.i >= this.tokens.length;
  }
  peek(k = 0): Token | undefined {
    return this.tokens[this.i + k];
  }
  next(): Token | undefined {
    return this.tokens[this.i++];
  }
  /** True when the next tokens are these lower-case words (or punctuation). Fixed arity: no array per call. */
  at(w0: string, w1?: string, w2?: string, w3?: string, w4?: string): boolean {
    return (
      this.is(0, w0) &&
      (w1 === undefined || (this.is(1, w1) && (w2 === undefined || (this.is(2, w2) && (w3 === undefined || (this.is(3, w3) && (w4 === undefined || this.is(4, w4))))))))
    );
  }
  private is(k: number, word: string): boolean {
    const t = this.tokens[this.i + k];
    return !!t && (t.kind === 'word' || t.kind === 'punct' || t.kind === 'number') && t.lower === word;
  }
  eat(w0: string, w1?: string, w2?: string, w3?: string, w4?: string): boolean {
    if (!this.at(w0, w1, w2, w3, w4)) return false;
    this.i += w4 !== undefined ? 5 : w3 !== undefined ? 4 : w2 !== undefined ? 3 : w1 !== undefined ? 2 : 1;
    return true;
  }
  expect(word: string, what?: string): Token {
    const t = this.peek();
    if (t && (t.kind === 'word' || t.kind === 'punct') && t.lower === word) {
      this.i++;
      return t;
    }
    throw new ParseError(`expected ${what ?? `\`${word}\``}${t ? `, found \`${tokenText(t)}\`` : ' at the end of the line'}`, this.hereRange());
  }
  hereRange(): Range {
    const t = this.peek();
    if (t) return t.range;
    const last = this.tokens[this.tokens.length - 1];
    return last ? { start: sharedPos(last.line, last.end), end: sharedPos(last.line, last.end) } : this.line.range;
  }
  prevEnd(): Range['end'] {
    const t = this.tokens[this.i - 1] ?? this.tokens[0];
    return sharedPos(t.line, t.end);
  }
  rangeFrom(start: Token): Range {
    return { start: sharedPos(start.line, start.start), end: this.prevEnd() };
  }
  ensureEnd(): void {
    const t = this.peek();
    if (t) throw new ParseError(`unexpected \`${tokenText(t)}\` at the end of the statement`, t.range);
  }
}

function tokenText(t: Token): string {
  return t.kind === 'string' ? `"${t.text}"` : t.text;
}

/** Tokens as written: a space only where the text has one (`2016/06` stays one piece). */
function spanText(tokens: Token[]): string {
  return tokens.map((t, k) => (k > 0 && (tokens[k - 1].line !== t.line || tokens[k - 1].end < t.start) ? ' ' : '') + tokenText(t)).join('');
}

function named(t: Token): Named {
  return { text: t.text, range: t.range };
}

const EFFECT_STARTS: ReadonlySet<string> = new Set(LANGUAGE_WORDS.effectKinds.words);

/** Parses a document, or a part of one whose first line is line `lineOffset` (ranges are the document's). Never throws. */
export function parse(text: string, lineOffset = 0): ParseResult {
  return parseLines(new LineLexer(text, lineOffset));
}

/** Parses each logical line as soon as it is lexed, while its tokens are fresh (see the lexer). */
function parseLines(lexer: LineLexer): ParseResult {
  const diagnostics: Diagnostic[] = [];
  const file: SourceFile = {
    uses: [],
    cards: [],
    scenarios: [],
    lines: [],
    comments: lexer.comments,
    lineCount: 0,
  };
  let scenario: Scenario | undefined;
  let card: CardDef | undefined;
  let chain: ChainBlock | undefined;
  const c = new Cursor();

  const report = (e: ParseError) => diagnostics.push({ code: e.code, severity: 'error', message: e.message, range: e.range, ...(e.fix && { fix: [e.fix] }) });

  for (let line = lexer.next(); line; line = lexer.next()) {
    if (lexer.unterminated) reportUnterminated(line, diagnostics);
    c.reset(line);
    const first = c.peek()!;
    const info: LineInfo = { line, role: 'error' };
    file.lines.push(info);
    const openCard = card;
    try {
      // Effect lines belong to the card definition above them.
      if (first.kind === 'word' && (EFFECT_STARTS.has(first.lower) || (first.lower === 'phase' && c.at('phase', 'trigger')))) {
        if (!card) throw new ParseError('this effect line follows no `card` line', first.range, 'outside-card');
        if (first.lower === 'alias') {
          const a = parseAlias(c);
          card.aliases.push(a);
        } else if (first.lower === 'archetype') {
          card.archetypes.push(parseArchetype(c));
        } else if (first.lower === 'text') {
          card.texts.push(parseCardText(c));
        } else {
          const e = parseEffect(c);
          card.effects.push(e);
        }
        card.range = spanRanges(card.range, line.range);
        info.role = 'card-effect';
        continue;
      }
      card = undefined;
      if (first.kind === 'number') {
        if (!chain) throw new ParseError('a chain link must follow a `chain` line', first.range, 'outside-chain');
        const link = parseLink(c);
        chain.links.push(link);
        chain.range = spanRanges(chain.range, line.range);
        if (scenario) scenario.range = spanRanges(scenario.range, line.range);
        info.role = 'link';
        continue;
      }
      chain = undefined;
      if (c.at('use')) {
        file.uses.push(parseUse(c));
        info.role = 'top';
        continue;
      }
      if (c.at('card')) {
        info.role = 'top';
        try {
          card = parseCardHeader(c);
          file.cards.push(card);
        } catch (e) {
          // Keep the block open (unnamed) so its effect lines do not cascade into more errors.
          card = { kind: 'card', name: { text: '', range: first.range }, cardType: { text: '', range: first.range }, tags: [], effects: [], aliases: [], archetypes: [], texts: [], range: line.range, line };
          throw e;
        }
        continue;
      }
      if (c.at('scenario')) {
        c.next();
        const title = c.peek();
        info.role = 'top';
        if (!title || title.kind !== 'string') {
          // Open the scenario anyway, titled by the words written, so its lines still parse.
          const words = c.tokens.slice(c.i).map((t) => t.text).join(' ');
          scenario = { kind: 'scenario', title: { text: words || 'untitled', range: line.range }, items: [], range: line.range, headerRange: line.range, line };
          file.scenarios.push(scenario);
          throw new ParseError('expected the scenario title in quotes: scenario "title"', c.hereRange());
        }
        c.next();
        scenario = { kind: 'scenario', title: named(title), items: [], range: line.range, headerRange: line.range, line };
        file.scenarios.push(scenario);
        c.ensureEnd();
        continue;
      }
      if (!scenario) {
        throw new ParseError('this line must stand inside a scenario (after a `scenario "title"` line)', first.range, 'outside-scenario');
      }
      let item: ReturnType<typeof parseScenarioItem>;
      try {
        item = parseScenarioItem(c);
      } catch (e) {
        if (!(e instanceof ChainWithError)) throw e;
        // A chain line with junk after it: report it once and keep the chain open for its links.
        item = e.block;
        scenario.items.push(item);
        scenario.range = spanRanges(scenario.range, line.range);
        chain = item;
        info.role = 'scenario-item';
        throw e.error;
      }
      scenario.items.push(item);
      scenario.range = spanRanges(scenario.range, line.range);
      if (item.kind === 'chain') chain = item;
      info.role = 'scenario-item';
    } catch (e) {
      let error = e instanceof ParseError ? e : new ParseError(`internal parser problem: ${String(e)}`, line.range);
      // Under a card, a line that is no statement but reads like an effect line is a misspelt effect kind:
      // say so (not "outside-scenario"), and keep the card open for its next effect lines.
      const typo = openCard && (error.code === 'unknown-statement' || error.code === 'outside-scenario') ? effectKindTypo(line) : undefined;
      if (typo) {
        error = typo;
        card = openCard;
        info.role = 'card-effect';
      }
      report(error);
    } finally {
      for (const p of c.problems) report(p);
      line.release();
    }
  }
  for (const sc of file.scenarios) checkScenario(sc, diagnostics);
  file.lineCount = lexer.lineCount;
  return { file, diagnostics };
}

/** The words a line under a card starts with (for "did you mean" on a misspelt one). */
const EFFECT_KEYWORDS = [...EFFECT_STARTS, 'phase'];

/** An error for a line under a card whose first word is a misspelt effect kind, or undefined when it does not read so. */
function effectKindTypo(line: LogicalLine): ParseError | undefined {
  const [w, next] = line.tokens;
  if (!w || w.kind !== 'word') return undefined;
  const hint = didYouMean(w.lower, EFFECT_KEYWORDS);
  const readsLikeEffect = next && (next.lower === 'mandatory' || next.lower === 'optional' || next.lower === 'when' || next.lower === 'if');
  if (!hint && !readsLikeEffect) return undefined;
  return new ParseError(
    `unknown effect kind \`${w.text}\`${hint || ' (expected trigger, phase trigger, quick, ignition, continuous, flip, responds to, alias or text)'}`,
    w.range,
  );
}

function reportUnterminated(line: LogicalLine, diagnostics: Diagnostic[]): void {
  for (const t of line.tokens) {
    if (t.kind === 'string' && t.unterminated) {
      diagnostics.push({
        code: 'unterminated-name',
        severity: 'error',
        message: 'this card name has no closing quote',
        range: t.range,
      });
    }
  }
}

function parseUse(c: Cursor): UseStmt {
  const start = c.next()!;
  const p = c.next();
  if (!p || p.kind !== 'string') throw new ParseError('expected the path in quotes: use "cards.segoc"', p?.range ?? c.hereRange());
  c.ensureEnd();
  return { kind: 'use', path: named(p), range: c.rangeFrom(start), line: c.line };
}

function parseCardHeader(c: Cursor): CardDef {
  const start = c.next()!;
  const nameTok = c.next();
  if (!nameTok || nameTok.kind !== 'string') throw new ParseError('expected the card name in quotes', nameTok?.range ?? c.hereRange());
  c.expect(':', '`:` and the card type');
  const typeWords: Token[] = [];
  while (!c.done && !c.at('(')) typeWords.push(c.next()!);
  if (typeWords.length === 0) throw new ParseError('expected the card type (e.g. `effect monster`, `normal spell`)', c.hereRange());
  const tags: Named[] = [];
  if (c.eat('(')) {
    let words: Token[] = [];
    const flush = () => {
      if (words.length) {
        tags.push({ text: words.map((w) => w.text).join(' '), range: spanRanges(words[0].range, words[words.length - 1].range) });
      }
      words = [];
    };
    while (!c.done && !c.at(')')) {
      const t = c.next()!;
      if (t.kind === 'punct' && t.text === ',') flush();
      else words.push(t);
    }
    flush();
    c.expect(')', '`)`');
  }
  c.ensureEnd();
  const cardType: Named = {
    text: typeWords.map((w) => w.lower).join(' '),
    range: spanRanges(typeWords[0].range, typeWords[typeWords.length - 1].range),
  };
  return { kind: 'card', name: named(nameTok), cardType, tags, effects: [], aliases: [], archetypes: [], texts: [], range: c.rangeFrom(start), line: c.line };
}

function parseAlias(c: Cursor): AliasLine {
  const start = c.next()!;
  const n = c.next();
  if (!n || n.kind !== 'string') throw new ParseError('expected the other name in quotes: alias 《クリッター》', n?.range ?? c.hereRange());
  c.ensureEnd();
  return { kind: 'alias', name: named(n), range: c.rangeFrom(start), line: c.line };
}

function parseArchetype(c: Cursor): ArchetypeLine {
  const start = c.next()!;
  const n = c.next();
  if (n?.kind === 'word' && n.lower === 'none') {
    c.ensureEnd();
    return { kind: 'archetype', range: c.rangeFrom(start), line: c.line };
  }
  if (!n || n.kind !== 'string') throw new ParseError('expected the archetype in quotes, or none: archetype "HERO"', n?.range ?? c.hereRange());
  c.ensureEnd();
  return { kind: 'archetype', name: named(n), range: c.rangeFrom(start), line: c.line };
}

/** `text [pendulum] [ja|en] "..."`: a line of the card's official text. */
function parseCardText(c: Cursor): CardText {
  const start = c.next()!;
  let language: CardText['language'] = 'en';
  let pendulum = false;
  for (;;) {
    if (c.eat('pendulum')) pendulum = true;
    else if (c.eat('ja')) language = 'ja';
    else if (c.eat('en')) language = 'en';
    else break;
  }
  const t = c.next();
  if (!t || t.kind !== 'string') throw new ParseError('expected the card text in quotes: text "If this card is sent to the GY: ..." (write \\" for a quote inside it)', t?.range ?? c.hereRange());
  c.ensureEnd();
  return { kind: 'text', language, pendulum, text: t.text, range: c.rangeFrom(start), line: c.line };
}

/** Splits the rest of the line at top-level commas. */
function splitCommas(tokens: Token[]): Token[][] {
  const parts: Token[][] = [[]];
  for (const t of tokens) {
    if (t.kind === 'punct' && t.text === ',') parts.push([]);
    else parts[parts.length - 1].push(t);
  }
  return parts.filter((p) => p.length > 0);
}

function parseEffect(c: Cursor): EffectLine {
  const start = c.peek()!;
  let effectKind: EffectLineKind;
  if (c.eat('phase', 'trigger')) effectKind = 'phase-trigger';
  else if (c.eat('responds', 'to')) effectKind = 'responds';
  else {
    const w = c.next()!;
    if (w.lower === 'responds') throw new ParseError('expected `responds to`', c.hereRange());
    effectKind = w.lower as EffectLineKind;
  }
  let mandatory: boolean | undefined;
  let timing: 'when' | 'if' | undefined;
  if (effectKind !== 'responds' && effectKind !== 'activation' && effectKind !== 'ignition' && effectKind !== 'continuous') {
    if (c.eat('mandatory')) mandatory = true;
    else if (c.eat('optional')) mandatory = false;
    else if (effectKind === 'trigger' || effectKind === 'phase-trigger') {
      throw new ParseError('expected `mandatory` or `optional`', c.hereRange());
    }
  }
  if (effectKind === 'trigger') {
    if (c.eat('when')) timing = 'when';
    else if (c.eat('if')) timing = 'if';
    else throw new ParseError('expected `when` or `if` and the event', c.hereRange());
  } else if (effectKind === 'quick') {
    if (c.eat('when')) timing = 'when';
    else if (c.eat('if')) timing = 'if';
  }
  const rest = c.tokens.slice(c.i);
  c.i = c.tokens.length;
  const parts = splitCommas(rest);
  let phrase: Token[] = [];
  let modifiers: Token[][] = [];
  let alternatives: Token[][] | undefined;
  if (effectKind === 'responds') {
    alternatives = [];
    for (const p of parts) {
      if (isModifierStart(p)) modifiers.push(p);
      else alternatives.push(p);
    }
    phrase = alternatives[0] ?? [];
    if (alternatives.length === 0) throw new ParseError('expected what the card responds to, e.g. `responds to summon`', c.hereRange());
  } else if (effectKind === 'trigger' || effectKind === 'phase-trigger' || (effectKind === 'quick' && timing)) {
    // A phase time starts with `during` as an activation window does: the first part is the phrase there.
    if (parts.length === 0 || (effectKind !== 'phase-trigger' && isModifierStart(parts[0]))) {
      throw new ParseError(effectKind === 'phase-trigger' ? 'expected the phase time, e.g. `during your standby phase`' : 'expected the event', c.hereRange());
    }
    phrase = parts[0];
    modifiers = parts.slice(1);
  } else {
    modifiers = parts;
  }
  return {
    kind: 'effect',
    effectKind,
    mandatory,
    timing,
    phrase,
    alternatives,
    modifiers,
    range: c.rangeFrom(start),
    line: c.line,
  };
}

function isModifierStart(p: Token[]): boolean {
  const w = p[0];
  if (!w || w.kind !== 'word') return false;
  if (w.lower === 'spell') return p[1]?.lower === 'speed';
  if (w.lower === 'damage') return p[1]?.lower === 'step' && p.length === 2;
  // `pendulum effect` (R66); `pendulum summoned` is an event phrase.
  if (w.lower === 'pendulum') return p[1]?.lower === 'effect';
  return MODIFIER_START_WORDS.has(w.lower);
}

function parseScenarioItem(c: Cursor): HeaderStmt | BoardStmt | ChainBlock | ExpectStmt | ExpectOutcomeStmt | import('./ast').ActionStmt {
  const first = c.peek()!;
  const line = c.line;
  if (first.kind === 'word') {
    switch (first.lower) {
      case 'source': {
        c.next();
        const s = c.next();
        if (!s || s.kind !== 'string') throw new ParseError('expected the source in quotes', s?.range ?? c.hereRange());
        c.ensureEnd();
        return { kind: 'source', source: named(s), range: c.rangeFrom(first), line };
      }
      case 'rules': {
        c.next();
        const r = c.next();
        if (!r || (r.lower !== 'tcg' && r.lower !== 'ocg')) throw new ParseError('expected `tcg` or `ocg`', r?.range ?? c.hereRange());
        let asOf: Named | undefined;
        if (c.eat('as', 'of')) {
          // The rest of the line is the date, so that `as of June 2016` is one date the checker can refuse (bad-date).
          const words = c.tokens.slice(c.i);
          if (words.length === 0) throw new ParseError('expected a date (YYYY, YYYY-MM or YYYY-MM-DD)', c.hereRange(), 'bad-date');
          c.i = c.tokens.length;
          asOf = { text: spanText(words), range: spanRanges(words[0].range, words[words.length - 1].range) };
        }
        c.ensureEnd();
        return { kind: 'rules', ruleset: { text: r.lower, range: r.range }, asOf, range: c.rangeFrom(first), line };
      }
      case 'players': {
        c.next();
        const players: Named[] = [];
        while (!c.done) {
          const p = c.next()!;
          if (p.kind === 'punct' && p.text === ',') continue;
          if (p.kind === 'word' && p.lower === 'and') continue;
          if (p.kind !== 'word' && p.kind !== 'string') throw new ParseError('expected a player name', p.range);
          const twice = players.find((q) => q.text.toLowerCase() === p.text.toLowerCase());
          if (twice) c.problems.push(new ParseError(`\`${p.text}\` is named twice: a scenario has two different players, \`players Yugi, Kaiba\``, p.range));
          players.push(named(p));
        }
        // The line is kept (its names are the scenario's players) and its mistake reported on it.
        if (players.length !== 2) {
          c.problems.push(new ParseError(`a scenario has two players, \`players Yugi, Kaiba\`; this line names ${players.length}`, c.rangeFrom(first)));
        }
        return { kind: 'players', players, range: c.rangeFrom(first), line };
      }
      case 'turn': {
        c.next();
        const p = c.next();
        if (!p || (p.kind !== 'word' && p.kind !== 'string')) throw new ParseError('expected the turn player', p?.range ?? c.hereRange());
        c.ensureEnd();
        return { kind: 'turn', turn: named(p), range: c.rangeFrom(first), line };
      }
      case 'phase': {
        c.next();
        const phase = parsePhaseName(c);
        c.ensureEnd();
        return {
          kind: 'action',
          action: { kind: 'phase', phase: phase.phase, phaseRange: phase.range },
          range: c.rangeFrom(first),
          line,
        };
      }
      case 'start':
      case 'before':
      case 'during':
      case 'after': {
        const part = parseDamageStepPart(c);
        if (!part) break;
        c.ensureEnd();
        return { kind: 'action', action: { kind: 'damage-step-part', part }, range: c.rangeFrom(first), line };
      }
      case 'end': {
        const part = parseDamageStepPart(c);
        if (part) {
          c.ensureEnd();
          return { kind: 'action', action: { kind: 'damage-step-part', part }, range: c.rangeFrom(first), line };
        }
        if (c.eat('end', 'of', 'battle', 'phase') || c.eat('end', 'of', 'the', 'battle', 'phase')) {
          c.ensureEnd();
          return {
            kind: 'action',
            action: { kind: 'phase', phase: 'end-of-battle', phaseRange: c.rangeFrom(first) },
            range: c.rangeFrom(first),
            line,
          };
        }
        break;
      }
      case 'chain': {
        c.next();
        const keywordRange = first.range;
        const block: ChainBlock = { kind: 'chain', keywordRange, links: [], range: keywordRange, line };
        if (!c.done) throw new ChainWithError(block, new ParseError(`unexpected \`${tokenText(c.peek()!)}\` after \`chain\` (a chain line is just \`chain\`; its links follow on their own lines)`, c.peek()!.range));
        return block;
      }
      case 'expect':
        return parseExpect(c);
      case 'damage': {
        if (c.eat('damage', 'calculation')) {
          c.ensureEnd();
          return { kind: 'action', action: { kind: 'damage-calculation' }, range: c.rangeFrom(first), line };
        }
        break;
      }
      case 'destroy': {
        // `destroy "X" by continuous effect`: no chain, no player (Call of the Haunted's monster leaving).
        c.next();
        const cards = parseCardRefList(c);
        c.expect('by', '`by continuous effect` (a destruction by a link is written in its chain: `-> destroy "X"`)');
        c.expect('continuous', '`by continuous effect`');
        c.expect('effect', '`by continuous effect`');
        c.ensureEnd();
        return { kind: 'action', action: { kind: 'continuous-destroy', cards }, range: c.rangeFrom(first), line };
      }
      case 'battle': {
        if (c.eat('battle', 'destroys')) {
          const cards = parseCardRefList(c);
          c.ensureEnd();
          return { kind: 'action', action: { kind: 'battle-destroys', cards }, range: c.rangeFrom(first), line };
        }
        break;
      }
    }
  }
  // `<player> <zone>:` or `<player> <verb> ...`
  if (first.kind === 'word' || first.kind === 'string') {
    const second = c.peek(1);
    const third = c.peek(2);
    if (second && second.kind === 'word' && ZONE_WORDS[second.lower] && third && third.kind === 'punct' && third.text === ':') {
      return parseBoard(c);
    }
    if (second?.lower === 'pendulum' && third?.lower === 'zone' && c.peek(3)?.text === ':') return parseBoard(c);
    if (second && second.kind === 'word') {
      const a = parsePlayerAction(c);
      if (a) return a;
    }
  }
  throw new ParseError(
    `\`${tokenText(first)}\` does not start a known statement (expected a header line, a board line, a game action, \`chain\`, a link or \`expect\`)`,
    first.range,
    'unknown-statement',
  );
}

function parsePhaseName(c: Cursor): { phase: PhaseName; range: Range } {
  const start = c.peek();
  if (!start) throw new ParseError(`expected a phase: ${PHASES.join(', ')}`, c.hereRange());
  if (c.eat('end', 'of', 'battle', 'phase') || c.eat('end', 'of', 'the', 'battle', 'phase')) {
    return { phase: 'end-of-battle', range: c.rangeFrom(start) };
  }
  if (c.eat('main', '1')) return { phase: 'main1', range: c.rangeFrom(start) };
  if (c.eat('main', '2')) return { phase: 'main2', range: c.rangeFrom(start) };
  if (c.eat('damage', 'step')) return { phase: 'damage-step', range: c.rangeFrom(start) };
  c.next();
  const p = PHASE_WORDS[start.lower];
  if (!p) throw new ParseError(`unknown phase \`${start.text}\`: expected ${PHASES.join(', ')} or \`end of battle phase\``, start.range);
  c.eat('phase');
  return { phase: p, range: c.rangeFrom(start) };
}

function parseBoard(c: Cursor): BoardStmt {
  const playerTok = c.next()!;
  const zoneTok = c.next()!;
  // `Yugi pendulum zone: "X"`: on the field, in a Pendulum Zone.
  const pendulumZone = zoneTok.lower === 'pendulum' && c.eat('zone');
  c.next(); // ':'
  const cards: BoardCard[] = [];
  let explicitEmpty = false;
  let unnamed: NumberNode | undefined;
  if (c.eat('none') || c.eat('nothing') || c.eat('empty')) {
    explicitEmpty = true;
  } else {
    while (!c.done) {
      const start = c.peek()!;
      if (start.kind === 'number' && (c.peek(1)?.lower === 'cards' || c.peek(1)?.lower === 'card')) {
        // `40 cards`: cards the scenario does not name (R71).
        if (unnamed) throw new ParseError('the cards the scenario does not name are counted once on a board line (`3 cards`)', start.range);
        c.i += 2;
        unnamed = { value: Number(start.text), range: c.rangeFrom(start) };
        if (c.done) break;
        if (!c.eat(',') && !c.eat('and')) throw new ParseError('expected `,` between cards', c.hereRange());
        continue;
      }
      let faceDown = false;
      let faceUp = false;
      if (c.eat('set') || c.eat('face-down')) faceDown = true;
      else faceUp = c.eat('face-up');
      const ref = parseCardRef(c);
      refuseUnquotedName(c, ref, BOARD_WORDS);
      let label: Named | undefined;
      if (c.eat('as')) label = parseLabel(c);
      cards.push({ ref, faceDown, faceUp, label, range: c.rangeFrom(start) });
      if (c.done) break;
      if (!c.eat(',') && !c.eat('and')) throw new ParseError('expected `,` between cards', c.hereRange());
    }
  }
  return {
    kind: 'board',
    player: named(playerTok),
    zone: pendulumZone ? 'field' : ZONE_WORDS[zoneTok.lower],
    zoneRange: pendulumZone ? spanRanges(zoneTok.range, c.tokens[c.i - 2].range) : zoneTok.range,
    pendulumZone,
    cards,
    explicitEmpty,
    unnamed,
    range: c.rangeFrom(playerTok),
    line: c.line,
  };
}

function parsePlayerAction(c: Cursor): import('./ast').ActionStmt | undefined {
  const playerTok = c.peek()!;
  const verb = c.peek(1)!;
  const player = named(playerTok);
  let action: GameAction | undefined;
  const summonTypes: Record<string, 'normal' | 'tribute' | 'special' | 'flip'> = {
    normal: 'normal',
    tribute: 'tribute',
    special: 'special',
    flip: 'flip',
  };
  const method = summonMethod(verb);
  if (verb.lower === 'pendulum' && c.peek(2)?.lower === 'summons') {
    // `Yugi pendulum summons "A", "B"`: the monsters at once, by the game's procedure (R67).
    c.i += 3;
    action = { kind: 'pendulum-summon', player, cards: parseCardRefList(c) };
  } else if (method && c.peek(2)?.lower === 'summons') {
    // `Yugi link summons "X" using "A", "B"`: a Summon by its procedure, with its materials.
    c.i += 3;
    const card = parseCardRef(c);
    action = { kind: 'material-summon', player, method, card, materials: parseMaterials(c) };
  } else if (verb.lower === 'draws' && (c.peek(2)?.kind === 'string' || c.peek(3)?.kind === 'possessive' || (c.peek(2)?.kind === 'word' && isLabelEnd(c.peek(3))))) {
    // `Yugi draws "Palladium Oracle Mahad"`: the drawn card named (a link's `draw` counts or names its own).
    c.i += 2;
    action = { kind: 'draw', player, cards: parseCardRefList(c) };
  } else if (verb.lower === 'draws' && c.peek(2)?.kind === 'number' && (c.peek(3)?.lower === 'cards' || c.peek(3)?.lower === 'card')) {
    // `Yugi draws 1 card`: a draw of cards the scenario does not name (its Deck's count follows, R71).
    const count = Number(c.peek(2)!.text);
    c.i += 4;
    action = { kind: 'draw', player, cards: [], count };
  } else if (summonTypes[verb.lower] && c.peek(2)?.lower === 'summons') {
    c.i += 3;
    const card = parseCardRef(c);
    let tributes: CardRef[] | undefined;
    if (c.eat('tributing')) tributes = parseCardRefList(c);
    action = { kind: 'summon', player, summonType: summonTypes[verb.lower], card, tributes };
  } else if (verb.lower === 'summons') {
    c.i += 2;
    action = { kind: 'summon', player, summonType: 'normal', card: parseCardRef(c) };
  } else if (verb.lower === 'sets') {
    c.i += 2;
    action = { kind: 'set', player, card: parseCardRef(c) };
  } else if (verb.lower === 'attacks') {
    c.i += 2;
    if (c.eat('directly')) {
      c.expect('with', '`with` and the attacking monster');
      action = { kind: 'attack', player, attacker: parseCardRef(c) };
    } else {
      const target = parseCardRef(c);
      c.expect('with', '`with` and the attacking monster');
      action = { kind: 'attack', player, attacker: parseCardRef(c), target };
    }
  } else if (verb.lower === 'passes') {
    c.i += 2;
    action = { kind: 'pass', player };
  } else if ((verb.lower === 'takes' || verb.lower === 'take') && c.peek(2)?.kind === 'number' && c.peek(3)?.lower === 'battle') {
    // `Yugi takes 1900 battle damage` (plain `takes N damage` is an action of a link, not a game action).
    const amount = Number(c.peek(2)!.text);
    c.i += 4;
    c.expect('damage', '`battle damage`');
    action = { kind: 'battle-damage', player, amount };
  } else {
    return undefined;
  }
  c.ensureEnd();
  return { kind: 'action', action, range: c.rangeFrom(playerTok), line: c.line };
}

function parseCardRef(c: Cursor): CardRef {
  const t = c.peek();
  if (!t) throw new ParseError('expected a card ("Name", a label, or Kaiba\'s "Name")', c.hereRange());
  if (t.kind === 'string') {
    c.next();
    const r = t.range;
    return { kind: 'name', name: t.text, range: r, nameRange: r };
  }
  if (t.kind === 'word' && c.peek(1)?.kind === 'possessive') {
    const n = c.peek(2);
    if (n && n.kind === 'string') {
      c.i += 3;
      const nameRange = n.range;
      return { kind: 'name', name: n.text, owner: named(t), range: spanRanges(t.range, nameRange), nameRange };
    }
    throw new ParseError(`expected a quoted card name after \`${t.text}'s\``, n?.range ?? c.hereRange());
  }
  if (t.kind === 'word' && /^\p{L}/u.test(t.text)) {
    c.next();
    return { kind: 'label', label: t.text, range: t.range };
  }
  throw new ParseError(`expected a card ("Name", a label, or Kaiba's "Name"), found \`${tokenText(t)}\``, t.range);
}

/** A card reference of a list, and the label a name gives the copy it names (`"Sheep Token" as T1`). */
function parseLabelledRef(c: Cursor): CardRef {
  const ref = parseCardRef(c);
  if (ref.kind === 'name' && c.at('as')) {
    c.next();
    ref.label = parseLabel(c);
    ref.range = spanRanges(ref.range, ref.label.range);
  }
  return ref;
}

function parseCardRefList(c: Cursor): CardRef[] {
  const refs = [parseLabelledRef(c)];
  while (c.at(',') || c.at('and')) {
    const save = c.i;
    c.next();
    const t = c.peek();
    if (t && (t.kind === 'string' || (t.kind === 'word' && c.peek(1)?.kind === 'possessive') || (t.kind === 'word' && !RESERVED_AFTER_LIST.has(t.lower) && !ACTION_VERBS.has(t.lower) && isLabelEnd(c.peek(1))))) {
      refs.push(parseLabelledRef(c));
    } else {
      c.i = save;
      break;
    }
  }
  return refs;
}

/** Whether a card reference starts here: a name, `Kaiba's "Name"`, or a label (a word that is no keyword, where a reference can end). */
function startsCardRef(c: Cursor): boolean {
  const t = c.peek();
  if (!t) return false;
  if (t.kind === 'string') return true;
  if (t.kind !== 'word') return false;
  if (c.peek(1)?.kind === 'possessive') return true;
  return !RESERVED_AFTER_LIST.has(t.lower) && !ACTION_VERBS.has(t.lower) && t.lower !== 'card' && t.lower !== 'cards' && isLabelEnd(c.peek(1));
}

/** A bare word is a label only where a card reference can end (`Kaiba takes 300 damage` is no label). */
function isLabelEnd(next: Token | undefined): boolean {
  return !next || next.kind === 'punct' || LABEL_FOLLOWERS.has(next.lower);
}

/** Words that may follow the card of a link, and of a board line. */
const LINK_WORDS: ReadonlySet<string> = new Set([...LANGUAGE_WORDS.linkClauses.words, '->']);
const BOARD_WORDS = new Set(['as', 'and']);

/**
 * `1 Yugi Dark Hole`: a bare word then more words where only keywords may follow is a card name
 * written without quotes (a label is one word), and is said so, as a board line says.
 */
function refuseUnquotedName(c: Cursor, ref: CardRef, followers: ReadonlySet<string>): void {
  if (ref.kind !== 'label') return;
  const words: Token[] = [];
  for (let t = c.peek(); t && t.kind === 'word' && !followers.has(t.lower); t = c.peek(words.length)) words.push(t);
  if (words.length === 0) return;
  const name = [ref.label, ...words.map((w) => w.text)].join(' ');
  const range = spanRanges(ref.range, words[words.length - 1].range);
  throw new ParseError(notQuotedMessage(name), range, 'syntax', quoteFix(name, range));
}

/** A label after `as`: letters, digits, `-` and `_`, starting with a letter, and no keyword of the language. */
const LABEL = /^\p{L}[\p{L}\p{N}_-]*$/u;

function parseLabel(c: Cursor): Named {
  const l = c.next();
  if (!l || l.kind !== 'word' || !LABEL.test(l.text)) {
    throw new ParseError('expected a label (letters, digits, - and _, starting with a letter)', l?.range ?? c.hereRange());
  }
  if (RESERVED_WORDS.has(l.lower)) {
    c.problems.push(new ParseError(`\`${l.text}\` is a keyword of the language and cannot be a label; choose another name`, l.range));
  }
  return named(l);
}

const LABEL_FOLLOWERS = new Set(['and', 'then', 'target', 'targets', 'to', 'from', 'with', 'into', 'as', 'tributing', 'cost', 'using', 'by']);

const RESERVED_AFTER_LIST = new Set(['target', 'targets', 'then', 'from', 'to', 'into', 'cost', 'and', 'with', 'tributing', 'using']);

function parseLink(c: Cursor): LinkStmt {
  const numTok = c.next()!;
  const playerTok = c.next();
  if (!playerTok || (playerTok.kind !== 'word' && playerTok.kind !== 'string')) {
    throw new ParseError('expected the player who activates this link', playerTok?.range ?? c.hereRange());
  }
  // `1 "Dark Hole"` or `1 Kaiba's "Sangan"`: what stands where the player goes is the card.
  const after = c.peek();
  if ((playerTok.kind === 'string' && (!after || after.kind === 'punct' || LINK_WORDS.has(after.lower))) || after?.kind === 'possessive') {
    throw new ParseError(`this link names no player: write who activates it, e.g. \`${numTok.text} Yugi ${c.tokens.slice(1).map(tokenText).join(' ').replace(/ 's/g, "'s")}\``, playerTok.range);
  }
  const card = parseCardRef(c);
  refuseUnquotedName(c, card, LINK_WORDS);
  const link: LinkStmt = {
    kind: 'link',
    number: { value: Number(numTok.text), range: numTok.range },
    player: named(playerTok),
    card,
    effectIndex: undefined,
    from: undefined,
    toPendulumZone: undefined,
    grantedBy: undefined,
    cost: undefined,
    targets: undefined,
    actions: undefined,
    range: c.line.range,
    line: c.line,
  };
  for (;;) {
    if (c.done) break;
    if (c.eat(',')) continue;
    if (c.at('effect')) {
      c.next();
      const n = c.next();
      if (!n || n.kind !== 'number') throw new ParseError('expected the effect number: effect 2', n?.range ?? c.hereRange());
      link.effectIndex = { value: Number(n.text), range: n.range };
      continue;
    }
    if (c.at('from')) {
      const f = c.next()!;
      const z = c.next();
      if (!z || !ZONE_WORDS[z.lower]) throw new ParseError(`expected a zone (${ZONES.join(', ')})`, z?.range ?? c.hereRange());
      link.from = { zone: ZONE_WORDS[z.lower], range: spanRanges(f.range, z.range) };
      continue;
    }
    if (c.at('to')) {
      // `to pendulum zone`: the card's activation as a Pendulum Scale.
      const t = c.next()!;
      c.eat('the');
      c.expect('pendulum', '`to pendulum zone` (the card activated as a Pendulum Scale)');
      const z = c.expect('zone', '`to pendulum zone`');
      link.toPendulumZone = spanRanges(t.range, z.range);
      continue;
    }
    if (c.at('granted')) {
      // `granted by "X"`: an effect the card gained from X (R68).
      c.next();
      c.expect('by', '`granted by` and the card that grants the effect');
      link.grantedBy = parseCardRef(c);
      continue;
    }
    if (c.at('cost', ':') || c.at('cost')) {
      c.next();
      c.eat(':');
      link.cost = parseActionSeq(c, true);
      continue;
    }
    if (c.at('target') || c.at('targets') || c.at('targeting')) {
      c.next();
      link.targets = parseCardRefList(c);
      continue;
    }
    if (c.at('->')) {
      c.next();
      link.actions = parseActionSeq(c, false);
      continue;
    }
    const t = c.peek()!;
    throw new ParseError(`unexpected \`${tokenText(t)}\` in a link (expected effect, from, to pendulum zone, granted by, cost:, target or ->)`, t.range);
  }
  return link;
}

const ACTION_VERBS: ReadonlySet<string> = new Set(LANGUAGE_WORDS.actions.words);

/** Words of the language a label must not be spelled like (it would read as the keyword). */
const RESERVED_WORDS = new Set([
  ...ACTION_VERBS,
  ...RESERVED_AFTER_LIST,
  ...LABEL_FOLLOWERS,
  ...LINK_WORDS,
  ...Object.keys(ZONE_WORDS),
  ...LANGUAGE_WORDS.topLevel.words,
  ...LANGUAGE_WORDS.blocks.words,
  ...LANGUAGE_WORDS.headers.words,
  ...['legal', 'illegal'],
  ...['battle', 'end', 'all', 'none', 'nothing', 'empty', 'set', 'face-down', 'face-up', 'directly', 'summon', 'summons'],
]);

/** Parses actions joined by `,`/`and` (simultaneous) and `then` (sequential). In a cost, stops before `target`/`->`. */
function parseActionSeq(c: Cursor, inCost: boolean): ActionSeq {
  const start = c.peek();
  if (!start) throw new ParseError('expected an action (destroy, send ... to gy, special summon, negate, nothing, ...)', c.hereRange());
  const groups: Action[][] = [[]];
  for (;;) {
    groups[groups.length - 1].push(parseAction(c));
    if (c.done) break;
    if (inCost && (c.at(',', 'target') || c.at(',', '->') || c.at('target') || c.at('->') || c.at(',', 'targets'))) break;
    const joiner = c.peek()!;
    if (c.eat(',', 'then') || c.eat('then') || c.eat(',', 'and', 'then') || c.eat('and', 'then')) {
      groups.push([]);
    } else if (!(c.eat(',', 'and') || c.eat(',') || c.eat('and'))) {
      break;
    }
    if (c.done) throw new ParseError(`expected an action after \`${tokenText(joiner)}\``, c.hereRange());
  }
  return { groups, range: c.rangeFrom(start) };
}

function parseAction(c: Cursor): Action {
  const start = c.peek()!;
  const w = start.lower;
  const r = () => c.rangeFrom(start);
  // `<player> takes <n> damage`
  if ((start.kind === 'word' || start.kind === 'string') && (c.peek(1)?.lower === 'takes' || c.peek(1)?.lower === 'take')) {
    c.i += 2;
    const n = c.next();
    if (!n || n.kind !== 'number') throw new ParseError('expected the amount: Kaiba takes 1000 damage', n?.range ?? c.hereRange());
    c.eat('battle');
    c.eat('effect');
    c.expect('damage');
    return { kind: 'damage', player: named(start), amount: Number(n.text), range: r() };
  }
  switch (w) {
    case 'destroy':
    case 'destroys': {
      c.next();
      return { kind: 'destroy', cards: parseCardSet(c), range: r() };
    }
    case 'send':
    case 'sends': {
      c.next();
      const cards = parseCardSet(c);
      c.expect('to', '`to gy`');
      c.eat('the');
      const z = c.next();
      if (!z || ZONE_WORDS[z.lower] !== 'gy') throw new ParseError('expected `to gy`', z?.range ?? c.hereRange());
      return { kind: 'send-to-gy', cards, range: r() };
    }
    case 'discard':
    case 'discards': {
      c.next();
      return { kind: 'discard', cards: parseCardSet(c), range: r() };
    }
    case 'tribute':
    case 'tributes': {
      c.next();
      return { kind: 'tribute', cards: parseCardSet(c), range: r() };
    }
    case 'banish':
    case 'banishes': {
      c.next();
      return { kind: 'banish', cards: parseCardSet(c), range: r() };
    }
    case 'return':
    case 'returns': {
      c.next();
      const cards = parseCardSet(c);
      c.expect('to', '`to hand`, `to deck` or `to extra deck`');
      c.eat('the');
      const z = c.next();
      const zone = z ? ZONE_WORDS[z.lower] : undefined;
      if (zone !== 'hand' && zone !== 'deck' && zone !== 'extra') throw new ParseError('expected `to hand`, `to deck` or `to extra deck`', z?.range ?? c.hereRange());
      if (zone === 'extra') c.eat('deck');
      return { kind: 'return', cards, to: zone, range: r() };
    }
    case 'shuffle': {
      c.next();
      const cards = parseCardSet(c);
      c.expect('into', '`into deck`');
      c.eat('the');
      const z = c.next();
      if (!z || ZONE_WORDS[z.lower] !== 'deck') throw new ParseError('expected `into deck`', z?.range ?? c.hereRange());
      return { kind: 'return', cards, to: 'deck', range: r() };
    }
    case 'special': {
      c.next();
      if (!c.eat('summon') && !c.eat('summons')) throw new ParseError('expected `special summon`', c.hereRange());
      const cards = parseCardSet(c);
      return { kind: 'special-summon', cards, from: parseFromZone(c), range: r() };
    }
    case 'add':
    case 'adds': {
      c.next();
      const cards = parseCardSet(c);
      let from = parseFromZone(c);
      c.expect('to', '`to hand`');
      c.eat('the');
      const z = c.next();
      if (!z || ZONE_WORDS[z.lower] !== 'hand') throw new ParseError('expected `to hand`', z?.range ?? c.hereRange());
      from ??= parseFromZone(c);
      return { kind: 'add-to-hand', cards, from, range: r() };
    }
    case 'draw':
    case 'draws': {
      c.next();
      if (startsCardRef(c)) {
        // `draw "Palladium Oracle Mahad"`: the drawn cards named.
        const cards = parseCardRefList(c);
        return { kind: 'draw', count: cards.length, cards, range: r() };
      }
      const n = c.peek();
      let count = 1;
      if (n && n.kind === 'number') {
        count = Number(n.text);
        c.next();
      }
      c.eat('card') || c.eat('cards');
      return { kind: 'draw', count, range: r() };
    }
    case 'negate':
    case 'negates': {
      c.next();
      c.eat('the');
      // `negate the summon` (also `negate the special summon`): the Summon right before the chain (R50).
      const kindWord = c.peek(0)?.lower;
      const summonAt = kindWord === 'summon' ? 0 : ['normal', 'tribute', 'flip', 'special', ...SUMMON_METHODS].includes(kindWord ?? '') && c.peek(1)?.lower === 'summon' ? 1 : -1;
      if (summonAt >= 0) {
        c.i += summonAt + 1;
        return { kind: 'negate-summon', range: r() };
      }
      c.eat('activation');
      c.eat('of');
      c.eat('chain');
      c.eat('link');
      const n = c.next();
      let value: number | undefined;
      if (n && n.kind === 'number') value = Number(n.text);
      else if (n && /^cl\d+$/i.test(n.text)) value = Number(n.text.slice(2));
      if (value === undefined || !n) throw new ParseError('expected the link to negate: negate 2', n?.range ?? c.hereRange());
      return { kind: 'negate', link: { value, range: n.range }, range: r() };
    }
    case 'pay':
    case 'pays': {
      c.next();
      const n = c.next();
      if (!n || n.kind !== 'number') throw new ParseError('expected the amount: pay 1000 lp', n?.range ?? c.hereRange());
      c.eat('lp') || c.eat('life') && c.eat('points');
      return { kind: 'pay-lp', amount: Number(n.text), range: r() };
    }
    case 'change':
    case 'changes': {
      c.next();
      const cards = parseCardSet(c);
      c.expect('to', '`to defense position` or `to attack position`');
      // `to face-down defense position` (Book of Moon), `to face-up attack position` (R56).
      const face = c.eat('face-down') ? 'down' : c.eat('face-up') ? 'up' : undefined;
      const p = c.next();
      if (!p || (p.lower !== 'defense' && p.lower !== 'attack' && p.lower !== 'defence')) {
        throw new ParseError('expected `defense` or `attack`', p?.range ?? c.hereRange());
      }
      c.eat('position');
      if (face === 'down' && p.lower === 'attack') throw new ParseError('a face-down monster is in Defense Position: `to face-down defense position`', p.range);
      return { kind: 'change-position', cards, position: p.lower === 'attack' ? 'attack' : 'defense', face, range: r() };
    }
    case 'equip':
    case 'equips': {
      c.next();
      const card = parseCardRef(c);
      c.expect('to', '`to` and the monster');
      const to = parseCardRef(c);
      return { kind: 'equip', card, to, range: r() };
    }
    case 'take':
    case 'takes': {
      // `take control of "Sangan" until end phase` (Change of Heart), or for good (Mind Control's lasting cousins): R72.
      c.next();
      c.expect('control', '`take control of` and the cards');
      c.expect('of', '`take control of` and the cards');
      const cards = parseCardSet(c);
      const untilEnd = c.eat('until', 'the', 'end', 'phase') || c.eat('until', 'end', 'phase');
      return { kind: 'take-control', cards, untilEnd, range: r() };
    }
    case 'end':
    case 'ends': {
      // `end the battle phase` (Battle Fader: "Special Summon this card, then end the Battle Phase").
      c.next();
      c.eat('the');
      c.expect('battle', '`end the battle phase`');
      c.expect('phase', '`end the battle phase`');
      return { kind: 'end-battle-phase', range: r() };
    }
    case 'nothing': {
      c.next();
      return { kind: 'nothing', range: r() };
    }
    case 'place':
    case 'places': {
      // `place "X" in pendulum zone`: placed by the effect (no activation of the card, R66).
      c.next();
      const cards = parseCardSet(c);
      const from = parseFromZone(c);
      c.expect('in', '`in pendulum zone`');
      c.eat('the');
      c.eat('your');
      c.expect('pendulum', '`in pendulum zone`');
      c.expect('zone', '`in pendulum zone`');
      return { kind: 'place-in-pendulum-zone', cards, from, range: r() };
    }
    case 'set':
    case 'sets': {
      // `set "Vanity's Emptiness" from deck`: Set by an effect (not added to the hand).
      c.next();
      const cards = parseCardSet(c);
      return { kind: 'set', cards, from: parseFromZone(c), range: r() };
    }
  }
  const method = summonMethod(start);
  if (method && (c.peek(1)?.lower === 'summon' || c.peek(1)?.lower === 'summons')) {
    // `fusion summon "X" using "A", "B"` (Polymerization), `ritual summon "X" using "A"`.
    c.i += 2;
    const card = parseCardRef(c);
    return { kind: 'material-summon', method, card, materials: parseMaterials(c), range: r() };
  }
  throw new ParseError(
    `unknown action \`${tokenText(start)}\` (expected destroy, send ... to gy, discard, tribute, banish, return, special summon, fusion summon ... using, add ... to hand, set ... from deck, draw, negate, <player> takes N damage, pay, change, equip, place ... in pendulum zone, end the battle phase, nothing)`,
    start.range,
  );
}

/** `link`, `xyz`, `synchro`, `fusion`, `ritual`: the kind of a Summon with materials. */
function summonMethod(t: Token): SummonMethod | undefined {
  return (SUMMON_METHODS as readonly string[]).includes(t.lower) ? (t.lower as SummonMethod) : undefined;
}

/** `using "A", "B"`: the materials of a Summon. */
function parseMaterials(c: Cursor): CardRef[] {
  c.expect('using', '`using` and the materials, e.g. `link summons "Decode Talker" using "A", "B"`');
  return parseCardRefList(c);
}

/** An optional `from <zone>` (`from the deck`). */
function parseFromZone(c: Cursor): Zone | undefined {
  if (!c.eat('from')) return undefined;
  c.eat('the');
  const z = c.next();
  if (!z || !ZONE_WORDS[z.lower]) throw new ParseError('expected a zone', z?.range ?? c.hereRange());
  return ZONE_WORDS[z.lower];
}

function parseCardSet(c: Cursor): CardSet {
  const start = c.peek();
  const counted = start?.kind === 'number' ? 0 : start?.kind === 'word' && c.peek(1)?.kind === 'possessive' && c.peek(2)?.kind === 'number' ? 2 : -1;
  if (start && counted >= 0 && (c.peek(counted + 1)?.lower === 'cards' || c.peek(counted + 1)?.lower === 'card')) {
    // `10 cards from deck face-down`, `Kaiba's 1 card`: counted cards the scenario does not name (R71).
    const owner = counted ? named(start) : undefined;
    const count = Number(c.peek(counted)!.text);
    c.i += counted + 2;
    let from: Zone | undefined;
    if (c.at('from')) {
      c.next();
      c.eat('the');
      if (c.eat('top', 'of')) c.eat('the') || c.eat('your') || c.eat('their');
      const z = c.next();
      if (!z || !ZONE_WORDS[z.lower]) throw new ParseError('expected a zone: `from deck`, `from hand`, ...', z?.range ?? c.hereRange());
      from = ZONE_WORDS[z.lower];
      if (from === 'extra') c.eat('deck');
    }
    const faceDown = c.eat('face-down');
    return { kind: 'count', count, from, faceDown, owner, range: c.rangeFrom(start) };
  }
  if (start && start.lower === 'all') {
    c.next();
    let owner: Named | undefined;
    const t = c.peek();
    if (t && t.kind === 'word' && c.peek(1)?.kind === 'possessive') {
      owner = named(t);
      c.i += 2;
    }
    c.eat('face-up');
    const w = c.next();
    if (!w) throw new ParseError('expected `monsters`, `spells and traps` or `cards`', c.hereRange());
    if (w.lower === 'monsters') return { kind: 'all', what: 'monsters', owner, range: c.rangeFrom(start) };
    if (w.lower === 'cards') return { kind: 'all', what: 'cards', owner, range: c.rangeFrom(start) };
    if (w.lower === 'spells') {
      c.eat('and', 'traps') || c.eat('traps');
      return { kind: 'all', what: 'spells-and-traps', owner, range: c.rangeFrom(start) };
    }
    throw new ParseError('expected `monsters`, `spells and traps` or `cards` after `all`', w.range);
  }
  const refs = parseCardRefList(c);
  return { kind: 'refs', refs, range: c.rangeFrom(start!) };
}

function parseExpect(c: Cursor): ExpectStmt | ExpectOutcomeStmt {
  const first = c.next()!;
  const outcome = parseOutcome(c);
  if (outcome) {
    c.ensureEnd();
    return { kind: 'expect-outcome', outcome, range: c.rangeFrom(first), line: c.line };
  }
  if (c.eat('legal')) {
    c.ensureEnd();
    return { kind: 'expect', legal: true, range: c.rangeFrom(first), line: c.line };
  }
  if (!c.eat('illegal')) throw new ParseError('expected `expect legal` or `expect illegal CODE at N`', c.hereRange());
  const code = c.next();
  if (!code || code.kind !== 'word') throw new ParseError('expected a diagnostic code, e.g. segoc-order', code?.range ?? c.hereRange(), 'bad-expect');
  // Without `at`: a diagnostic on a game action's line (a Summon by its procedure), which is no link.
  if (!c.peek()) return { kind: 'expect', legal: false, code: { text: code.lower, range: code.range }, range: c.rangeFrom(first), line: c.line };
  c.expect('at', '`at` and the link number');
  c.eat('link');
  const n = c.next();
  let linkValue: number | undefined;
  if (n && n.kind === 'number') linkValue = Number(n.text);
  else if (n && /^cl\d+$/i.test(n.text)) linkValue = Number(n.text.slice(2));
  if (linkValue === undefined || !n) throw new ParseError('expected the link number', n?.range ?? c.hereRange(), 'bad-expect');
  let chain: { value: number; range: Range } | undefined;
  if (c.eat('in')) {
    c.expect('chain', '`chain` and its number');
    const k = c.next();
    if (!k || k.kind !== 'number') throw new ParseError('expected the chain number', k?.range ?? c.hereRange(), 'bad-expect');
    chain = { value: Number(k.text), range: k.range };
  }
  c.ensureEnd();
  return {
    kind: 'expect',
    legal: false,
    code: { text: code.lower, range: code.range },
    link: { value: linkValue, range: n.range },
    chain,
    range: c.rangeFrom(first),
    line: c.line,
  };
}

/** `expect CL2 negated`, `expect CL1 in chain 2 does not apply draw`, `expect "X" in gy`, `expect "X" not summoned`. */
function parseOutcome(c: Cursor): Outcome | undefined {
  const t = c.peek();
  if (!t) return undefined;
  const linkNumber = t.kind === 'word' && /^cl\d+$/i.test(t.text) ? Number(t.text.slice(2)) : undefined;
  if (linkNumber !== undefined) {
    c.next();
    const link = { value: linkNumber, range: t.range };
    let chain: NumberNode | undefined;
    if (c.eat('in')) {
      c.expect('chain', '`chain` and its number');
      const k = c.next();
      if (!k || k.kind !== 'number') throw new ParseError('expected the chain number', k?.range ?? c.hereRange(), 'bad-expect');
      chain = { value: Number(k.text), range: k.range };
    }
    if (c.eat('resolves')) return { kind: 'link', link, chain, what: 'resolves' };
    if (c.eat('negated') || c.eat('is', 'negated')) return { kind: 'link', link, chain, what: 'negated' };
    if (c.eat('has', 'no', 'effect')) return { kind: 'link', link, chain, what: 'no-effect' };
    let what: 'applies' | 'not-applied' | undefined;
    if (c.eat('applies')) what = 'applies';
    else if (c.eat('does', 'not', 'apply')) what = 'not-applied';
    if (!what) throw new ParseError('expected `resolves`, `has no effect`, `negated`, `applies <part>` or `does not apply <part>`', c.hereRange(), 'bad-expect');
    const words: Token[] = [];
    while (!c.done) words.push(c.next()!);
    if (!words.length) throw new ParseError('expected the part of the effect, e.g. `destroy`, `draw`, `special summon`', c.hereRange(), 'bad-expect');
    return { kind: 'link', link, chain, what, part: { text: words.map((w) => w.lower).join(' '), range: spanRanges(words[0].range, words[words.length - 1].range) } };
  }
  if (t.kind === 'word' && c.peek(1)?.lower === 'has' && c.peek(2)?.kind === 'number') {
    // `expect Yugi has 3 cards in hand` (R71).
    c.i += 2;
    const n = c.next()!;
    if (!c.eat('cards') && !c.eat('card')) throw new ParseError('expected `cards in <zone>`: expect Yugi has 3 cards in hand', c.hereRange(), 'bad-expect');
    c.expect('in', '`in <zone>`');
    const z = c.next();
    if (!z || !ZONE_WORDS[z.lower]) throw new ParseError(`expected a zone (${ZONES.join(', ')})`, z?.range ?? c.hereRange(), 'bad-expect');
    if (z.lower === 'extra') c.eat('deck');
    return { kind: 'count', player: named(t), count: { value: Number(n.text), range: n.range }, zone: ZONE_WORDS[z.lower], zoneRange: z.range };
  }
  // A card: `"Name"`, `Kaiba's "Name"`, or a label followed by where it is (`expect S2 in field`, `T1 not summoned`).
  const labelled = t.kind === 'word' && ['in', 'summoned', 'not'].includes(c.peek(1)?.lower ?? '') && !RESERVED_WORDS.has(t.lower);
  if (t.kind !== 'string' && !(t.kind === 'word' && c.peek(1)?.kind === 'string') && !labelled) return undefined;
  const card = parseCardRef(c);
  if (c.eat('in')) {
    const z = c.next();
    if (!z || !ZONE_WORDS[z.lower]) throw new ParseError(`expected a zone (${ZONES.join(', ')})`, z?.range ?? c.hereRange(), 'bad-expect');
    if (z.lower === 'extra') c.eat('deck');
    return { kind: 'card', card, what: 'in', zone: ZONE_WORDS[z.lower], zoneRange: z.range };
  }
  if (c.eat('summoned')) return { kind: 'card', card, what: 'summoned' };
  if (c.eat('not', 'summoned')) return { kind: 'card', card, what: 'not-summoned' };
  throw new ParseError('expected `in <zone>`, `summoned` or `not summoned` after the card', c.hereRange(), 'bad-expect');
}

const CARD_LINE = /^\s*(card|trigger|phase\s+trigger|quick|ignition|continuous|flip|responds|activation|alias|archetype|text)\b/i;

/**
 * The text with every line that cannot belong to a card definition blanked (line numbers kept):
 * the index runs on every keystroke, and parsing only the card lines of a big scenario file is cheap.
 */
export function cardLinesOnly(text: string): string {
  const lines = text.split(/\r\n|\r|\n/);
  let continues = false;
  for (let i = 0; i < lines.length; i++) {
    const keep: boolean = continues || CARD_LINE.test(lines[i]);
    if (!keep) {
      lines[i] = '';
      continues = false;
      continue;
    }
    continues = endsWithComma(lines[i]) ?? continues;
  }
  return lines.join('\n');
}

/** The card definitions of a text, parsing only the lines that can hold them (fast for big scenario files). */
export function parseCardDefinitions(text: string): import('./ast').CardDef[] {
  return parse(cardLinesOnly(text)).file.cards;
}

/** `start of damage step`, `before damage calculation`, `during ...`, `after ...`, `end of damage step` (R55). */
function parseDamageStepPart(c: Cursor): DamageStepPart | undefined {
  for (const [words, part] of DAMAGE_STEP_PARTS) if (c.eat(words[0], words[1], words[2], words[3], words[4])) return part;
  return undefined;
}

const DAMAGE_STEP_PARTS: ReadonlyArray<[[string, ...string[]], DamageStepPart]> = [
  [['start', 'of', 'damage', 'step'], 'start'],
  [['start', 'of', 'the', 'damage', 'step'], 'start'],
  [['before', 'damage', 'calculation'], 'before-calculation'],
  [['during', 'damage', 'calculation'], 'calculation'],
  [['after', 'damage', 'calculation'], 'after-calculation'],
  [['end', 'of', 'damage', 'step'], 'end'],
  [['end', 'of', 'the', 'damage', 'step'], 'end'],
];
