// Semantic tokens, from the lexer's tokens, the comments and the analysis' references: card names are
// types, players variables, labels and zones enum members, actions functions.
import { SemanticTokens, SemanticTokensBuilder, SemanticTokensLegend } from 'vscode-languageserver/node';
import { Analysis, Range, Token } from '../core';
import { ACTIONS, KEYWORDS, PHASES, ZONES } from './token-words';

export const TOKEN_TYPES = ['keyword', 'string', 'number', 'variable', 'type', 'enumMember', 'function', 'comment', 'operator'] as const;
export const TOKEN_MODIFIERS = ['declaration', 'readonly'] as const;
export const LEGEND: SemanticTokensLegend = { tokenTypes: [...TOKEN_TYPES], tokenModifiers: [...TOKEN_MODIFIERS] };

type TokenType = (typeof TOKEN_TYPES)[number];
const TYPE_INDEX = new Map<TokenType, number>(TOKEN_TYPES.map((t, i) => [t, i]));
const DECLARATION = 1 << 0;
const READONLY = 1 << 1;

interface Span {
  line: number;
  start: number;
  length: number;
  type: number;
  modifiers: number;
}

export function semanticTokens(analysis: Analysis, restrict?: Range): SemanticTokens {
  const spans: Span[] = [];
  const byStart = new Map<string, { type: TokenType; modifiers: number }>();
  const key = (r: Range) => `${r.start.line}:${r.start.character}`;
  for (const r of analysis.references) {
    if (r.range.start.line !== r.range.end.line) continue;
    const t: TokenType = r.kind === 'card' ? 'type' : r.kind === 'player' ? 'variable' : 'enumMember';
    byStart.set(key(r.range), { type: t, modifiers: r.definition ? DECLARATION : 0 });
  }
  // Card definitions of this file: the name is a type declaration.
  for (const c of analysis.file.cards) {
    byStart.set(key(c.name.range), { type: 'type', modifiers: DECLARATION });
    for (const a of c.aliases) byStart.set(key(a.name.range), { type: 'type', modifiers: DECLARATION | READONLY });
  }
  const players = new Set<string>();
  for (const sc of analysis.scenarios) for (const p of sc.players) players.add(p.toLowerCase());

  const push = (r: Range, type: TokenType, modifiers = 0) => {
    if (r.start.line !== r.end.line || r.end.character <= r.start.character) return;
    spans.push({ line: r.start.line, start: r.start.character, length: r.end.character - r.start.character, type: TYPE_INDEX.get(type)!, modifiers });
  };

  for (const info of analysis.file.lines) {
    const tokens = info.line.tokens;
    const isEffectLine = info.role === 'card-effect';
    for (let i = 0; i < tokens.length; i++) {
      const t = tokens[i];
      const known = byStart.get(key(t.range));
      if (known) {
        push(t.range, known.type, known.modifiers);
        continue;
      }
      const type = classify(t, tokens, i, players, isEffectLine);
      if (type) push(t.range, type);
    }
    for (const c of info.line.comments) push(c.range, 'comment');
  }
  for (const c of analysis.file.comments) push(c.range, 'comment');

  spans.sort((a, b) => a.line - b.line || a.start - b.start);
  const builder = new SemanticTokensBuilder();
  let lastLine = -1;
  let lastEnd = -1;
  for (const s of spans) {
    if (restrict && (s.line < restrict.start.line || s.line > restrict.end.line)) continue;
    if (s.line === lastLine && s.start < lastEnd) continue; // never overlap
    builder.push(s.line, s.start, s.length, s.type, s.modifiers);
    lastLine = s.line;
    lastEnd = s.start + s.length;
  }
  return builder.build();
}

function classify(t: Token, tokens: Token[], i: number, players: Set<string>, isEffectLine: boolean): TokenType | undefined {
  switch (t.kind) {
    case 'string':
      return 'string';
    case 'number':
      return 'number';
    case 'punct':
      return t.text === '->' ? 'operator' : undefined;
    case 'possessive':
      return 'variable';
    case 'word': {
      const w = t.lower;
      if (i === 0 && /^cl\d+$/.test(w)) return 'number';
      if (!isEffectLine && players.has(w)) return 'variable';
      // A phase line's word is a phase, even one that is also an action (`phase damage`).
      if (i > 0 && tokens[0]?.lower === 'phase' && PHASES.has(w)) return 'enumMember';
      if (KEYWORDS.has(w)) return 'keyword';
      if (ZONES.has(w)) return 'enumMember';
      if (!isEffectLine && ACTIONS.has(w)) return 'function';
      if (tokens[0]?.lower === 'expect' && i === 2) return 'enumMember';
      return undefined;
    }
    default:
      return undefined;
  }
}
