// Globs of segoc.json (`cards`, `exclude`) and of the command line, matched in linear time. A glob compiled to a
// regular expression (`**/` as `(?:.*/)?`) backtracks: twelve `**/` against a path twenty folders deep took 16 s
// (fuzz turn 3, F3). Here a glob is a small automaton walked with the set of its live states: each character of
// the path advances every state once, so a match costs (path length) × (glob length) at most, whatever the glob.

/** One step of a glob: a character, `?`, `*` (within a folder), `**` (across folders), or `{a,b}` alternatives. */
type Piece =
  | { kind: 'char'; char: string }
  | { kind: 'one' }
  | { kind: 'star' }
  | { kind: 'globstar'; slash: boolean }
  | { kind: 'alt'; options: Piece[][] };

/** The glob's pieces: `{` opens alternatives only with a `}` after it, and `,` splits them only inside. */
function piecesOf(glob: string): Piece[] {
  const g = glob.replace(/\\/g, '/');
  let i = 0;
  const sequence = (depth: number): Piece[] => {
    const out: Piece[] = [];
    while (i < g.length) {
      const c = g[i];
      if (depth > 0 && (c === ',' || c === '}')) return out;
      i++;
      if (c === '{' && g.indexOf('}', i) >= 0) {
        const options: Piece[][] = [sequence(depth + 1)];
        while (g[i] === ',') {
          i++;
          options.push(sequence(depth + 1));
        }
        if (g[i] === '}') i++;
        out.push({ kind: 'alt', options });
      } else if (c === '*' && g[i] === '*') {
        i++;
        const slash = g[i] === '/';
        if (slash) i++;
        out.push({ kind: 'globstar', slash });
      } else if (c === '*') out.push({ kind: 'star' });
      else if (c === '?') out.push({ kind: 'one' });
      else out.push({ kind: 'char', char: c });
    }
    return out;
  };
  return sequence(0);
}

/**
 * The automaton: state `s` reads a character by `test[s]` and goes to `next[s]`; `loop[s]` keeps it in place on
 * a character it accepts (stars); `skip[s]` are the states it reaches without reading (ε-moves).
 */
interface Automaton {
  test: Array<((c: string) => boolean) | undefined>;
  next: number[];
  loop: Array<((c: string) => boolean) | undefined>;
  skip: number[][];
  accept: number;
}

function build(pieces: Piece[]): Automaton {
  const a: Automaton = { test: [], next: [], loop: [], skip: [], accept: 0 };
  const state = (): number => {
    a.test.push(undefined);
    a.next.push(-1);
    a.loop.push(undefined);
    a.skip.push([]);
    return a.test.length - 1;
  };
  /** Adds `pieces` after state `from`; returns the state reached at their end. */
  const add = (from: number, list: Piece[]): number => {
    let at = from;
    for (const p of list) {
      const to = state();
      if (p.kind === 'char') {
        a.test[at] = (c) => c === p.char;
        a.next[at] = to;
      } else if (p.kind === 'one') {
        a.test[at] = (c) => c !== '/';
        a.next[at] = to;
      } else if (p.kind === 'star') {
        a.loop[at] = (c) => c !== '/';
        a.skip[at].push(to);
      } else if (p.kind === 'globstar') {
        // `**/`: nothing, or anything that ends with a `/`; `**` alone: anything.
        a.loop[at] = () => true;
        if (p.slash) {
          a.test[at] = (c) => c === '/';
          a.next[at] = to;
        }
        a.skip[at].push(to);
      } else {
        for (const option of p.options) {
          const start = state();
          a.skip[at].push(start);
          a.skip[add(start, option)].push(to);
        }
      }
      at = to;
    }
    return at;
  };
  const start = state();
  a.accept = add(start, pieces);
  return a;
}

/** A test of forward-slash paths against a glob (`**`, `*`, `?`, `{a,b}`), in linear time in the path. */
export function globMatcher(glob: string): (path: string) => boolean {
  const a = build(piecesOf(glob));
  const close = (states: Set<number>): Set<number> => {
    const todo = [...states];
    while (todo.length) for (const s of a.skip[todo.pop()!]) if (!states.has(s)) todo.push(s), states.add(s);
    return states;
  };
  const first = close(new Set([0]));
  return (path) => {
    let live = first;
    for (const c of path) {
      const next = new Set<number>();
      for (const s of live) {
        if (a.loop[s]?.(c)) next.add(s);
        if (a.test[s]?.(c)) next.add(a.next[s]);
      }
      if (next.size === 0) return false;
      live = close(next);
    }
    return live.has(a.accept);
  };
}
