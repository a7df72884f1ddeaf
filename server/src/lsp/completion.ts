// Completion in context, from the text of the line before the cursor and the analysis of the
// document: keywords at the start of a line, players, card names (in quotes), labels, zones, phases,
// diagnostic codes after `expect illegal`, event phrases in card definitions, and two snippets.
import {
  CompletionItem,
  CompletionItemKind,
  CompletionList,
  InsertTextFormat,
  MarkupKind,
  Range as LspRange,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import {
  ACTION_PHRASES,
  ACTIVATION_PHRASES,
  Analysis,
  ATTRIBUTES,
  CARD_ACTION_VERBS,
  CARD_TYPE_NAMES,
  EVENT_PHRASES,
  escapeName,
  lex,
  modifierCompletions,
  PHASE_TIMES,
  PHASES,
  Position,
  quoteName,
  RACES,
  RULE_CODES,
  LANGUAGE_WORDS,
  ResponsesOptions,
  SUMMON_METHODS,
  SUMMON_PHRASES,
  Token,
  ZONES,
} from '../core';
import { lineAt } from './convert';
import { describeCard } from './describe';
import { firstLogicalLineAfter, playerNodes, scenarioIndexAtLine, scenarioReferences } from './query';
import { responseCompletions } from './responses';

export const COMPLETION_TRIGGERS = ['"', ' ', '《'];

// The words of the parser's table (core's LANGUAGE_WORDS), and the phrases completion offers beside them.
const SCENARIO_KEYWORDS = [
  ...LANGUAGE_WORDS.headers.words,
  ...LANGUAGE_WORDS.blocks.words,
  'battle destroys',
  'end of battle phase',
  'destroy',
  // The parts of the Damage Step (R55), as the word table's class writes each.
  ...new Set(LANGUAGE_WORDS.damageStepParts.words.map((w) => LANGUAGE_WORDS.damageStepParts.phrase!(w))),
  'end of damage step',
];
const TOP_KEYWORDS = LANGUAGE_WORDS.topLevel.words;
const EFFECT_STARTS = [
  'trigger mandatory when',
  'trigger mandatory if',
  'trigger optional when',
  'trigger optional if',
  'phase trigger mandatory',
  'phase trigger optional',
  'quick optional',
  'quick mandatory',
  'ignition',
  'continuous',
  'flip optional',
  'flip mandatory',
  'responds to',
  'alias',
  'archetype',
];
const PLAYER_VERBS = [
  'normal summons',
  'tribute summons',
  'special summons',
  'flip summons',
  ...SUMMON_METHODS.map((method) => `${method} summons`),
  'draws',
  'sets',
  'attacks',
  'attacks directly with',
  'passes',
  'takes',
];
const ACTIONS = [
  'destroy',
  'destroy all monsters',
  'destroy all spells and traps',
  'destroy all cards',
  'send',
  'discard',
  'tribute',
  'banish',
  'return',
  'shuffle',
  'special summon',
  'add',
  'set',
  'fusion summon',
  'ritual summon',
  'draw 1',
  'draw',
  'negate',
  'negate the summon',
  'pay',
  'change',
  'equip',
  'take control of',
  'banish 10 cards from deck face-down',
  'discard 1 card',
  'nothing',
];
const LINK_CLAUSES = [...LANGUAGE_WORDS.linkClauses.words.filter((w) => !w.startsWith('target') && w !== 'cost'), 'cost:', 'target', '->'];
/** Words after which a card (name or label) comes. */
const CARD_AFTER = new Set([
  ...CARD_ACTION_VERBS,
  'summon',
  'summons',
  'target',
  'targets',
  'targeting',
  'tributing',
  'using',
  'draw',
  'draws',
  'with',
  'attacks',
  'sets',
  'set',
  'face-down',
  'face-up',
]);

/** Tags of a card line: stats, then the vocabulary's attributes and monster types (one spelling each). */
const TAGS = ['level ', 'atk ', 'def ', ...ATTRIBUTES, ...RACES.filter((r) => !r.includes(' '))];

export interface CompletionOptions {
  snippets: boolean;
  /** The defaults who can act runs with (the next link's completion offers the responses there first). */
  responses?: ResponsesOptions;
}

type Context = 'top' | 'scenario' | 'card';

/** Completion items at `p`; a list marked incomplete when card names were cut (see CARD_ITEM_LIMIT). */
export function complete(analysis: Analysis, doc: TextDocument, p: Position, options: CompletionOptions): CompletionItem[] | CompletionList {
  const cards = { cut: false };
  const items = completionItems(analysis, doc, p, options, cards);
  return cards.cut ? { isIncomplete: true, items } : items;
}

function completionItems(analysis: Analysis, doc: TextDocument, p: Position, options: CompletionOptions, cardsCut: { cut: boolean }): CompletionItem[] {
  const lineText = lineAt(doc, p.line);
  const prefix = lineText.slice(0, p.character);
  const after = lineText.slice(p.character);
  const { before, quote, word, wordStart } = splitPrefix(prefix);
  if (before === undefined) return []; // in a comment
  const tokens = lex(before).lines.flatMap((l) => l.tokens);
  const w = tokens.map((t) => (t.kind === 'string' ? `"${t.text}"` : t.lower));
  const ctx = contextAt(analysis, p.line);
  const sIndex = scenarioIndexAtLine(analysis, p.line);
  const scenario = sIndex !== undefined ? analysis.file.scenarios[sIndex] : undefined;
  const players = scenario ? playerNodes(scenario).players.map((x) => x.text) : [];
  const playerSet = new Set(players.map((x) => x.toLowerCase()));
  const replace: LspRange = { start: { line: p.line, character: wordStart }, end: p };
  // A name typed in quotes: replace its closing quote too when the editor inserted it.
  if (quote) {
    const close = quote === '《' ? '》' : quote === '“' ? '”' : '"';
    if (after.startsWith(close)) replace.end = { line: p.line, character: p.character + 1 };
  }

  const items: CompletionItem[] = [];
  const keyword = (label: string, detail?: string, sort = '1') =>
    items.push({ label, kind: CompletionItemKind.Keyword, detail, sortText: `${sort}${label}`, textEdit: quote ? undefined : { range: replace, newText: label } });
  const plainItems = (labels: string[], kind: CompletionItemKind, detail?: string) => {
    for (const l of labels) items.push({ label: l, kind, detail, textEdit: quote ? undefined : { range: replace, newText: l } });
  };
  const playerItems = () => {
    for (const pl of players) items.push({ label: pl, kind: CompletionItemKind.Variable, detail: 'player', sortText: `0${pl}`, textEdit: { range: replace, newText: pl } });
  };
  const cards = () => {
    const found = cardItems(analysis, doc.uri, sIndex, replace, quote, quote ? word.slice(1) : word);
    cardsCut.cut ||= found.cut;
    return found.items;
  };
  const labelItems = () => {
    if (quote || !scenario) return;
    for (const item of scenario.items) {
      if (item.kind !== 'board') continue;
      for (const c of item.cards) {
        if (!c.label) continue;
        const name = c.ref.kind === 'name' ? c.ref.name : '';
        items.push({
          label: c.label.text,
          kind: CompletionItemKind.EnumMember,
          detail: `label: ${item.player.text}'s "${name}" (${item.zone})`,
          sortText: `0${c.label.text}`,
          textEdit: { range: replace, newText: c.label.text },
        });
      }
    }
    // Labels a name gives in an action's or a target's list (`"Sheep Token" as T1`), for the lines after it.
    for (const r of analysis.references) {
      if (r.kind !== 'label' || !r.definition || r.scenario !== sIndex! + 1 || r.range.start.line >= p.line || !r.instance || r.instance.placedAt) continue;
      items.push({
        label: r.label ?? '',
        kind: CompletionItemKind.EnumMember,
        detail: `label: ${quoteName(r.instance.name)}`,
        sortText: `0${r.label}`,
        textEdit: { range: replace, newText: r.label ?? '' },
      });
    }
  };

  // Line start.
  if (tokens.length === 0) {
    if (quote) return [];
    if (ctx === 'card') {
      for (const k of EFFECT_STARTS) keyword(k, 'effect line');
      for (const k of TOP_KEYWORDS) keyword(k, undefined, '2');
    } else if (ctx === 'scenario') {
      for (const k of SCENARIO_KEYWORDS) keyword(k);
      playerItems();
      for (const k of TOP_KEYWORDS) keyword(k, undefined, '2');
    } else {
      for (const k of TOP_KEYWORDS) keyword(k);
    }
    if (options.snippets) items.push(...snippets(replace));
    return items;
  }

  const first = w[0];
  const last = w[w.length - 1];

  // Card definitions.
  if (first === 'card') {
    if (last === ':') plainItems(CARD_TYPE_NAMES, CompletionItemKind.TypeParameter, 'card type');
    else if (last === '(' || (last === ',' && w.includes('('))) plainItems(TAGS, CompletionItemKind.Property, 'tag');
    return items;
  }
  if (first === 'trigger' || (first === 'phase' && w[1] === 'trigger') || first === 'quick' || first === 'flip' || first === 'responds') {
    if (w.includes(',')) {
      plainItems(modifierCompletions(), CompletionItemKind.Property, 'modifier');
      return items;
    }
    if (first === 'responds') {
      if (last === 'to') {
        plainItems(ACTIVATION_PHRASES, CompletionItemKind.Event, 'activation');
        plainItems(SUMMON_PHRASES, CompletionItemKind.Event, 'summon');
        plainItems(EVENT_PHRASES.filter((e) => e.startsWith('opponent')), CompletionItemKind.Event, 'event');
      } else if (w.length === 1) plainItems(['to'], CompletionItemKind.Keyword);
      return items;
    }
    if (first === 'phase') {
      if (w.length === 2) plainItems(['mandatory', 'optional'], CompletionItemKind.Keyword);
      else if (last === 'mandatory' || last === 'optional') plainItems(PHASE_TIMES, CompletionItemKind.Event, 'phase time');
      return items;
    }
    if (w.length === 1) plainItems(['mandatory', 'optional'], CompletionItemKind.Keyword);
    else if (last === 'mandatory' || last === 'optional') plainItems(first === 'quick' ? ['when'] : ['when', 'if'], CompletionItemKind.Keyword);
    else if (last === 'when' || last === 'if') {
      if (first === 'quick') plainItems(ACTIVATION_PHRASES, CompletionItemKind.Event, 'activation');
      else plainItems(EVENT_PHRASES, CompletionItemKind.Event, 'event');
    }
    return items;
  }

  // Header lines.
  if (first === 'expect') {
    if (w.length === 1) plainItems(['legal', 'illegal'], CompletionItemKind.Keyword);
    // What a link did when it resolved (language.md, "Expecting what happens").
    else if (w.length === 2 && /^cl\d+$/.test(last)) plainItems(['resolves', 'has no effect', 'negated', 'applies', 'does not apply', 'in chain'], CompletionItemKind.Keyword);
    else if (/^cl\d+$/.test(w[1]) && (last === 'applies' || last === 'apply')) plainItems([...ACTION_PHRASES], CompletionItemKind.Function, 'part of an effect');
    else if (w.length === 2 && last === 'illegal') {
      for (const c of RULE_CODES) {
        items.push({
          label: c.code,
          kind: CompletionItemKind.EnumMember,
          detail: `${c.rule} (${c.severity})`,
          documentation: c.summary,
          textEdit: quote ? undefined : { range: replace, newText: c.code },
        });
      }
    } else if (w.length === 3 && w[1] === 'illegal') plainItems(['at'], CompletionItemKind.Keyword);
    else if (w.length === 5 && w[3] === 'at') plainItems(['in chain'], CompletionItemKind.Keyword);
    return items;
  }
  if (first === 'phase' && w.length === 1) {
    plainItems([...PHASES, 'end of battle phase'], CompletionItemKind.EnumMember, 'phase');
    return items;
  }
  if (first === 'rules') {
    if (w.length === 1) plainItems(['tcg', 'ocg'], CompletionItemKind.EnumMember, 'ruleset');
    else if (w.length === 2) plainItems(['as of'], CompletionItemKind.Keyword);
    return items;
  }
  if (first === 'turn' && w.length === 1) {
    playerItems();
    return items;
  }
  if (first === 'players' || first === 'source' || first === 'scenario' || first === 'use') return items;
  if (first === 'battle') {
    if (w.length === 1) plainItems(['destroys'], CompletionItemKind.Function);
    else {
      items.push(...cards());
      labelItems();
    }
    return dedupe(items);
  }

  // Chain links: `<n> <player> <card> [clauses]`.
  if (tokens[0].kind === 'number') {
    if (w.length === 1) {
      // The whole link: who can act here first (core/responses), then the players to write one by hand.
      if (!quote) items.push(...responseCompletions(analysis, doc.getText().split(/\r?\n/), p.line, replace, options.responses ?? {}));
      playerItems();
      return items;
    }
    if (w.length === 2) {
      items.push(...cards());
      labelItems();
      return items;
    }
    return afterClause(tokens, w, items, { cards, labelItems, plainItems, playerItems, quote: !!quote, linkClauses: true });
  }

  // Board lines and game actions: `<player> ...`.
  if (playerSet.has(first) || (ctx === 'scenario' && tokens[0].kind === 'word' && w.length === 1)) {
    if (w.length === 1) {
      if (quote) return [];
      plainItems(ZONES.map((z) => `${z}:`), CompletionItemKind.EnumMember, 'zone');
      plainItems(PLAYER_VERBS, CompletionItemKind.Function, 'game action');
      return items;
    }
    if (w.length >= 3 && w[2] === ':' && (ZONES as readonly string[]).includes(w[1])) {
      if (last === ':' || last === ',' || last === 'and' || last === 'set' || last === 'face-down' || last === 'face-up') {
        items.push(...cards());
        if (!quote && last !== 'set' && last !== 'face-down' && last !== 'face-up') plainItems(last === ':' ? ['set', 'none'] : ['set'], CompletionItemKind.Keyword);
      }
      return items;
    }
    return afterClause(tokens, w, items, { cards, labelItems, plainItems, playerItems, quote: !!quote, linkClauses: false });
  }
  return afterClause(tokens, w, items, { cards, labelItems, plainItems, playerItems, quote: !!quote, linkClauses: false });
}

interface ClauseHelpers {
  cards: () => CompletionItem[];
  labelItems: () => void;
  plainItems: (labels: string[], kind: CompletionItemKind, detail?: string) => void;
  playerItems: () => void;
  quote: boolean;
  linkClauses: boolean;
}

/** Inside a link or an action: what may follow the last word. */
function afterClause(tokens: Token[], w: string[], items: CompletionItem[], h: ClauseHelpers): CompletionItem[] {
  const last = w[w.length - 1];
  const prev = w[w.length - 2];
  if (last === '->' || (last === ':' && prev === 'cost') || last === 'then' || (last === 'and' && !h.quote && w.includes('->'))) {
    if (!h.quote) h.plainItems(ACTIONS, CompletionItemKind.Function, 'action');
    return items;
  }
  if (last === 'from' || last === 'to' && (prev === 'return' || w.includes('send') || w.includes('return'))) {
    if (last === 'from') h.plainItems([...ZONES], CompletionItemKind.EnumMember, 'zone');
    else if (w.includes('send')) h.plainItems(['gy'], CompletionItemKind.EnumMember, 'zone');
    else h.plainItems(['hand', 'deck', 'extra deck'], CompletionItemKind.EnumMember, 'zone');
    return items;
  }
  if (CARD_AFTER.has(last) || last === ',' || (last === 'to' && w.includes('equip')) || (last === 'of' && w.includes('control'))) {
    items.push(...h.cards());
    h.labelItems();
    if (last === ',' && h.linkClauses && !h.quote) h.plainItems(LINK_CLAUSES, CompletionItemKind.Keyword, 'link clause');
    return dedupe(items);
  }
  if (h.linkClauses && !h.quote && (tokens[tokens.length - 1].kind === 'string' || tokens[tokens.length - 1].kind === 'word' || tokens[tokens.length - 1].kind === 'number')) {
    h.plainItems(LINK_CLAUSES, CompletionItemKind.Keyword, 'link clause');
  }
  return items;
}

function dedupe(items: CompletionItem[]): CompletionItem[] {
  const seen = new Set<string>();
  return items.filter((i) => {
    const k = `${i.kind}:${i.label}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/**
 * What a card item carries for `completionItem/resolve`: its description is made only for the item the
 * editor shows (a request listed every card of the library with its description: about 90 KB per response).
 */
interface CardItemData {
  segocCard: string;
  uri: string;
}

/**
 * The most card names one answer lists: the generated library has about 14,000 cards (and their names
 * in other languages). Beyond it the answer says it is incomplete, and the editor asks again as the
 * user types, with a longer prefix.
 */
export const CARD_ITEM_LIMIT = 300;

/**
 * Card names (inserted in quotes) that complete what is typed, from every layer (name-prefix first,
 * then word-prefix: `grave` offers "Called by the Grave"), with their type; effects when resolved.
 * Names in other languages are offered once something is typed, or always after `《`. Cards of the
 * current scenario first.
 */
function cardItems(analysis: Analysis, docUri: string, scenarioIndex: number | undefined, replace: LspRange, quote: string | undefined, typed: string): { items: CompletionItem[]; cut: boolean } {
  const inScenario = new Set<string>();
  if (scenarioIndex !== undefined) {
    for (const r of scenarioReferences(analysis, scenarioIndex)) if (r.cardKey) inScenario.add(r.cardKey);
  }
  const open = quote ?? '"';
  const close = open === '《' ? '》' : open === '“' ? '”' : '"';
  const withAliases = open === '《' || typed.trim() !== '';
  const names = analysis.cards.complete(typed, CARD_ITEM_LIMIT + 1);
  const out: CompletionItem[] = [];
  for (const { name, key, cardKey, cardType } of names.slice(0, CARD_ITEM_LIMIT)) {
    if (key !== cardKey && !withAliases) continue;
    // The generated library gives the card type with the name: its cards are built only when resolved.
    const detail = cardType ?? analysis.cards.get(name)?.cardType;
    if (detail === undefined) continue;
    const text = `${open}${nameBetween(name, open)}${close}`;
    out.push({
      // Inside a quote the user opened, the bare name; otherwise what will be inserted, quotes included.
      label: quote ? name : `${open}${name}${close}`,
      kind: CompletionItemKind.Class,
      detail,
      data: { segocCard: name, uri: docUri } satisfies CardItemData,
      sortText: `${inScenario.has(cardKey) ? '0' : '1'}${name.toLowerCase()}`,
      filterText: `${open}${name}`,
      textEdit: { range: replace, newText: text },
    });
  }
  return { items: out, cut: names.length > CARD_ITEM_LIMIT };
}

/** `completionItem/resolve`: a card item gets its description (type, effects, where it is defined). */
export function resolveCompletion(analysis: Analysis | undefined, item: CompletionItem): CompletionItem {
  const data = item.data as Partial<CardItemData> | undefined;
  if (!analysis || typeof data?.segocCard !== 'string') return item;
  const card = analysis.cards.get(data.segocCard);
  if (card) item.documentation = { kind: MarkupKind.Markdown, value: cardDocumentation(card, analysis.uri) };
  return item;
}

/** Card items' data names the document they were made for, so that resolve finds its analysis. */
export function completionItemUri(item: CompletionItem): string | undefined {
  const data = item.data as Partial<CardItemData> | undefined;
  return typeof data?.uri === 'string' ? data.uri : undefined;
}

/** Card descriptions are built once per card definition (and document), not on every request. */
const documentationCache = new WeakMap<object, { uri: string; text: string }>();
function cardDocumentation(card: Parameters<typeof describeCard>[0], uri: string): string {
  const hit = documentationCache.get(card);
  if (hit && hit.uri === uri) return hit.text;
  const text = describeCard(card, uri);
  documentationCache.set(card, { uri, text });
  return text;
}

/** The name as it goes between its quotes: 《》 take it as it is. */
function nameBetween(name: string, open: string): string {
  return open === '《' ? name : escapeName(name);
}

function snippets(replace: LspRange): CompletionItem[] {
  return [
    {
      label: 'scenario',
      kind: CompletionItemKind.Snippet,
      detail: 'a new scenario',
      insertTextFormat: InsertTextFormat.Snippet,
      sortText: '9scenario',
      textEdit: {
        range: replace,
        newText: [
          'scenario "${1:title}"',
          '  source "${2:where the example comes from}"',
          '  rules ${3|tcg,ocg|}',
          '  players ${4:Yugi}, ${5:Kaiba}',
          '  turn ${4:Yugi}',
          '',
          '  ${4:Yugi} field: "${6:Sangan}"',
          '',
          '  chain',
          '    1 ${4:Yugi} "${7:Dark Hole}" -> ${8:destroy all monsters}',
          '',
          '  expect ${9:legal}',
          '$0',
        ].join('\n'),
      },
    },
    {
      label: 'card',
      kind: CompletionItemKind.Snippet,
      detail: 'a new card definition',
      insertTextFormat: InsertTextFormat.Snippet,
      sortText: '9card',
      textEdit: {
        range: replace,
        newText: [
          'card "${1:Name}": ${2|effect monster,normal monster,normal spell,quick-play spell,continuous spell,normal trap,counter trap|}',
          '  trigger ${3|optional,mandatory|} ${4|when,if|} ${5:sent to gy}',
          '$0',
        ].join('\n'),
      },
    },
  ];
}

/**
 * Splits the text before the cursor into what precedes the word being typed, that word, and the
 * quote it opens with (a card name being typed). `before` is undefined inside a comment.
 */
export function splitPrefix(prefix: string): { before?: string; word: string; quote?: '"' | '“' | '《'; wordStart: number } {
  let inQuote: { ch: '"' | '“' | '《'; at: number } | undefined;
  for (let i = 0; i < prefix.length; i++) {
    const ch = prefix[i];
    if (inQuote) {
      if (ch === '\\') {
        i++;
        continue;
      }
      const closes = inQuote.ch === '《' ? ch === '》' : inQuote.ch === '“' ? ch === '”' || ch === '"' : ch === '"';
      if (closes) inQuote = undefined;
      continue;
    }
    if (ch === '#') return { word: '', wordStart: prefix.length };
    if (ch === '"' || ch === '“' || ch === '”' || ch === '《') inQuote = { ch: ch === '”' ? '“' : (ch as '"' | '“' | '《'), at: i };
  }
  if (inQuote) return { before: prefix.slice(0, inQuote.at), word: prefix.slice(inQuote.at), quote: inQuote.ch, wordStart: inQuote.at };
  const m = /[\p{L}\p{N}_\-]*$/u.exec(prefix)!;
  return { before: prefix.slice(0, m.index), word: m[0], wordStart: m.index };
}

/**
 * Whether the line is inside a card definition, a scenario, or at the top level: as the last logical
 * line before it that says (an error line says nothing), read backwards from there.
 */
function contextAt(analysis: Analysis, line: number): Context {
  const lines = analysis.file.lines;
  for (let k = firstLogicalLineAfter(analysis, line - 1) - 1; k >= 0; k--) {
    const l = lines[k];
    if (l.role === 'top') return l.line.head === 'scenario' ? 'scenario' : l.line.head === 'card' ? 'card' : 'top';
    if (l.role === 'card-effect') return 'card';
    if (l.role === 'scenario-item' || l.role === 'link') return 'scenario';
  }
  return 'top';
}
