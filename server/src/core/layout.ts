// V8 object layouts: the only place where core shapes objects for the engine's speed rather than for
// meaning (measured in docs/performance.md: cold 10k-line check 175-189 -> 123 ms median for the kept
// instances, about 7 % fewer instructions for the uniform copies).
//
// 1. One layout per kind. Objects of one kind written with every field (undefined where absent) in one
//    order share one hidden class, so the engine's reads of them (cards and their effects, event patterns and
//    filters: cards/uniform.ts; the game events of a timeline: engine/state.ts) stay monomorphic. Each copy is typed
//    with every key of its type (`EveryField`, or `KeysOfUnion` for a union): a field added to the
//    type and left out here fails to compile instead of being dropped.
// 2. One idle instance per hot class, kept for the process (`keepLayoutOf`). V8 holds the layouts of
//    class instances weakly: without a live instance a full collection between two analyses frees
//    the layout and discards every method optimized against it (measured: the median parse of 10k
//    lines 2-3 times slower). test/layout.test.ts checks that the classes register theirs.
//
// A leaf: it imports nothing. The copies themselves live beside their types (cards/uniform.ts for cards,
// engine/state.ts for events) and use the helpers below, so this module never learns what a card or an event is.

/** Every field of T, optional ones included: a copy typed with it fails to compile when it leaves one out. */
export type EveryField<T> = { [K in keyof Required<T>]: T[K] };
/** Every key of every variant of a union. */
export type KeysOfUnion<T> = T extends unknown ? keyof T : never;
/** Omit applied to each variant of a union. */
export type DistOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

const kept: object[] = [];

/** Keeps `idle` alive for the process, so the layout of its class survives full collections (see 2. above). */
export function keepLayoutOf<T extends object>(idle: T): T {
  kept.push(idle);
  return idle;
}

/** The instances kept so far (for the test that every hot class registers one). */
export function keptLayouts(): readonly object[] {
  return kept;
}
