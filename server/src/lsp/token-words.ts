// The words the highlighters colour: the language server's semantic tokens (semantic-tokens.ts) and the
// playground's editor (web/src/language.ts). No imports, so the page can bundle it alone; the parser's table of
// the language's words (core/syntax/words.ts) is the source, and test/grammar-words.test.ts checks that every
// word of it is here.
export const KEYWORDS = new Set([
  'scenario', 'card', 'use', 'source', 'rules', 'tcg', 'ocg', 'as', 'of', 'players', 'turn', 'phase', 'chain', 'expect',
  'legal', 'illegal', 'at', 'in', 'link', 'effect', 'from', 'cost', 'target', 'targets', 'targeting', 'then', 'and', 'set',
  'face-down', 'face-up', 'none', 'all', 'trigger', 'quick', 'ignition', 'continuous', 'flip', 'responds', 'activation', 'to', 'alias', 'archetype', 'text',
  'mandatory', 'optional', 'when', 'if', 'with', 'directly', 'tributing', 'into', 'once', 'per', 'summons', 'itself',
  'using', 'by', 'control', 'until', 'granted', 'lingering',
]);
export const ZONES = new Set(['pendulum', 'zone', 'field', 'hand', 'gy', 'graveyard', 'grave', 'banished', 'deck', 'extra', 'monsters', 'spells', 'traps', 'cards']);
export const ACTIONS = new Set([
  'destroy', 'destroys', 'send', 'sends', 'discard', 'discards', 'tribute', 'tributes', 'banish', 'banishes', 'return', 'returns',
  'shuffle', 'special', 'summon', 'add', 'adds', 'draw', 'draws', 'negate', 'negates', 'pay', 'pays', 'change', 'changes', 'equip',
  'equips', 'end', 'ends', 'nothing', 'normal', 'attacks', 'passes', 'sets', 'takes', 'take', 'damage',
  'xyz', 'synchro', 'fusion', 'ritual', 'place', 'places',
]);
export const PHASES = new Set(['draw', 'standby', 'main1', 'main2', 'battle', 'damage-step', 'damage', 'end', 'main-1', 'main-2']);
