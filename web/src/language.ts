// The segoc language for CodeMirror: a stream tokenizer over the word table of the language server's
// semantic tokens (server/src/lsp/token-words.ts), so both editors colour the same words. Strings are
// card names ("…", “…”, 《…》), `#` starts a comment, numbers are link numbers and stats.
import { StreamLanguage, StringStream } from '@codemirror/language';
import { ACTIONS, KEYWORDS, PHASES, ZONES } from '../../server/src/lsp/token-words';

const CLOSE: Record<string, string> = { '"': '"', '“': '”', '《': '》' };

interface State {
  /** The closing quote of a name that goes on (names do not cross lines, but a typo may leave one open). */
  inName?: string;
}

function name(stream: StringStream, state: State): string {
  const close = state.inName!;
  while (!stream.eol()) {
    const c = stream.next();
    if (c === '\\') stream.next();
    else if (c === close) {
      state.inName = undefined;
      break;
    }
  }
  if (stream.eol()) state.inName = undefined;
  return 'string';
}

export const segocLanguage = StreamLanguage.define<State>({
  name: 'segoc',
  startState: () => ({}),
  token(stream, state) {
    if (state.inName) return name(stream, state);
    if (stream.eatSpace()) return null;
    const c = stream.peek()!;
    if (c === '#') {
      stream.skipToEnd();
      return 'comment';
    }
    if (CLOSE[c]) {
      stream.next();
      state.inName = CLOSE[c];
      return name(stream, state);
    }
    if (stream.match('->')) return 'operator';
    if (stream.match(/^\d+(?![\p{L}\p{N}_-])/u)) return 'number';
    if (stream.match(/^[\p{L}\p{N}_][\p{L}\p{N}_-]*/u)) {
      const w = stream.current().toLowerCase();
      if (/^cl\d+$/.test(w)) return 'number';
      if (KEYWORDS.has(w)) return 'keyword';
      if (ZONES.has(w) || PHASES.has(w)) return 'atom';
      if (ACTIONS.has(w)) return 'variableName.function';
      if (stream.match(/^['’]s\b/)) return 'variableName';
      return null;
    }
    stream.next();
    return null;
  },
  languageData: { commentTokens: { line: '#' } },
});
