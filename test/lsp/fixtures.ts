// Documents the language server tests open. Line numbers matter: the tests point at them.
export const ILLEGAL = [
  'card "Test Monster": effect monster (beast, earth, level 4)', // 0
  '  trigger optional when summoned', // 1
  '', // 2
  'scenario "Kaiba first"', // 3
  '  rules tcg', // 4
  '  players Yugi, Kaiba', // 5
  '  turn Yugi', // 6
  '', // 7
  '  Yugi field: "Sangan", "Peten the Dark Clown" as peten', // 8
  '  Kaiba field: "Sangan", "Peten the Dark Clown"', // 9
  '  Yugi hand: "Test Monster"', // 10
  '', // 11
  '  chain', // 12
  '    1 Yugi "Dark Hole" -> destroy all monsters', // 13
  '', // 14
  '  chain', // 15
  '    1 Kaiba "Sangan"', // 16
  '    2 Yugi "Sangan"', // 17
  '    3 Yugi peten', // 18
  '    4 Kaiba "Peten the Dark Clown"', // 19
  '',
].join('\n');

/** The same scenario in the legal order (CL1 and CL2 swapped). */
export const LEGAL = ILLEGAL.replace('    1 Kaiba "Sangan"\n    2 Yugi "Sangan"', '    1 Yugi "Sangan"\n    2 Kaiba "Sangan"');

/** A typo in a card name and in a player name. */
export const TYPOS = [
  'scenario "typos"', // 0
  '  players Yugi, Kaiba', // 1
  '  turn Yugi', // 2
  '  Yugi field: "Sangn"', // 3
  '  chain', // 4
  '    1 Kaibo "Dark Hole" -> destroy all monsters', // 5
  '',
].join('\n');

/** Written without care for spacing: the formatter's input. */
export const MESSY = [
  'scenario   "messy"   # a comment',
  'players Yugi ,Kaiba',
  '     turn Yugi',
  'Yugi field : "Sangan"',
  '',
  '',
  '',
  'chain',
  '1 Yugi "Dark Hole"->destroy all monsters',
  '  expect legal',
].join('\n');

export const MESSY_FORMATTED = [
  'scenario "messy"  # a comment',
  '  players Yugi, Kaiba',
  '  turn Yugi',
  '  Yugi field: "Sangan"',
  '',
  '  chain',
  '    1 Yugi "Dark Hole" -> destroy all monsters',
  '  expect legal',
  '',
].join('\n');
