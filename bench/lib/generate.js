'use strict';
// Deterministic benchmark inputs (a seeded PRNG), written to bench/generated/:
//   lines-100.segoc, lines-1k.segoc, lines-10k.segoc, lines-100k.segoc  scenario files of exactly that many lines
//   folder-1000/set-NN/NNNN-*.segoc                                      1,000 sample-like files
//   page-200.md                                                          a Markdown page with 200 ```segoc scenarios
//
// The scenarios are sample-like: about half are the scenarios of samples/ (rules and seeds, with their comments and
// the card definitions they need, titles numbered), the other half are built from the card library by templates
// (board wipes with 1-5 simultaneous triggers in SEGOC order or not, Tribute Summons of Monarchs, Spell Speed
// chains with Counter Traps, battles), legal and illegal, with card definitions sprinkled in and a few typos
// (unknown cards), as a write-up looks while it is being drafted.
const fs = require('fs');
const path = require('path');
const crypto = require('crypto');
const { Random } = require('./prng');
const { ROOT, GENERATED } = require('./paths');

const SEED = 0x5e60c;
/** Bump when the generator changes, so that figures are compared only between equal inputs. */
const GENERATOR_VERSION = 2;

const SIZES = [
  { name: '100', lines: 100 },
  { name: '1k', lines: 1000 },
  { name: '10k', lines: 10000 },
  { name: '100k', lines: 100000 },
];

const PLAYERS = [
  ['Yugi', 'Kaiba'],
  ['Joey', 'Mai'],
  ['Jaden', 'Chazz'],
  ['Alice', 'Bob'],
  ['Ana', 'Bruno'],
];

// Library monsters whose trigger starts when they are destroyed by a card effect and sent to the GY.
const GY_TRIGGERS = [
  { name: 'Sangan', mandatory: true },
  { name: 'Witch of the Black Forest', mandatory: true },
  { name: 'Dandylion', mandatory: true },
  { name: 'Peten the Dark Clown', mandatory: false },
  { name: 'Pinch Hopper', mandatory: false },
  { name: 'Dupe Frog', mandatory: false },
  { name: 'Botanical Girl', mandatory: false },
  { name: 'Shark Cruiser', mandatory: false },
  { name: 'Machina Peacekeeper', mandatory: false },
];
const VANILLA = ['Gemini Elf', 'Dark Magician', 'Cyber Dragon'];
const MONARCHS = [
  { name: 'Zaborg the Thunder Monarch', verb: 'destroy' },
  { name: 'Caius the Shadow Monarch', verb: 'banish' },
];
const RACES = ['warrior', 'fiend', 'beast', 'spellcaster', 'machine', 'aqua', 'dragon', 'zombie', 'plant', 'insect'];
const ATTRIBUTES = ['dark', 'light', 'earth', 'water', 'fire', 'wind'];
const ADJECTIVES = ['Silent', 'Crimson', 'Hollow', 'Gilded', 'Restless', 'Ashen', 'Verdant', 'Lunar', 'Iron', 'Wandering'];
const NOUNS = ['Warden', 'Sentinel', 'Oracle', 'Drake', 'Lancer', 'Mystic', 'Golem', 'Herald', 'Shade', 'Squire'];
const PROSE = [
  'The turn player resolves the simultaneous triggers in the order SEGOC prescribes.',
  'Both effects meet their conditions at the same time, so they start one chain together.',
  'A "when ... you can" effect misses the timing if its condition was not the last thing that happened.',
  'A Counter Trap can only be chained to by another Counter Trap.',
  'The non-turn player places their mandatory effects after the turn player’s.',
  'Cards that were tributed for the Tribute Summon are not the last thing that happened.',
];

/** The scenarios of samples/ with the comment above each and the card definitions of their file. */
function samplePool(core) {
  const files = [];
  for (const dir of ['samples/rules', 'samples/seeds']) {
    for (const f of fs.readdirSync(path.join(ROOT, dir)).sort()) if (f.endsWith('.segoc')) files.push(path.join(dir, f));
  }
  const pool = [];
  for (const rel of files) {
    const text = fs.readFileSync(path.join(ROOT, rel), 'utf8');
    const lines = text.split(/\r\n|\r|\n/);
    const { file } = core.parse(text);
    const cards = file.cards.map((c) => ({
      name: c.name ? c.name.text : lines[c.range.start.line],
      text: trimBlank(lines.slice(c.range.start.line, c.range.end.line + 1)),
    }));
    for (const sc of file.scenarios) {
      let start = sc.range.start.line;
      while (start > 0 && /^\s*#/.test(lines[start - 1])) start--;
      const body = trimBlank(lines.slice(start, sc.range.end.line + 1));
      pool.push({ source: rel, lines: body, cards });
    }
  }
  return pool;
}

function trimBlank(lines) {
  let end = lines.length;
  while (end > 0 && lines[end - 1].trim() === '') end--;
  return lines.slice(0, end);
}

/** One file (or page) being written: tracks the card definitions already emitted. */
class FileState {
  constructor(rng, id) {
    this.rng = rng;
    this.id = id;
    this.defined = new Set();
    /** Custom trigger monsters defined in this file (usable by the board-wipe template). */
    this.custom = [];
  }
}

let titleCounter = 0;

function retitle(line, suffix) {
  return line.replace(/^(\s*scenario\s+)(["“])(.*?)(["”])/, (_m, kw, open, title, close) => `${kw}${open}${title} ${suffix}${close}`);
}

/** Blocks of lines: card definitions the scenario needs, then the scenario. */
function sampleScenario(state, pool) {
  const item = state.rng.pick(pool);
  const blocks = [];
  for (const c of item.cards) {
    if (state.defined.has(c.name)) continue;
    state.defined.add(c.name);
    blocks.push(c.text);
  }
  const lines = [...item.lines];
  const i = lines.findIndex((l) => /^\s*scenario\b/.test(l));
  if (i >= 0) lines[i] = retitle(lines[i], `(#${++titleCounter})`);
  blocks.push(lines);
  return blocks;
}

function header(rng, title, players, turn, extra = []) {
  const rules = rng.chance(0.85) ? 'rules tcg' : rng.pick(['rules ocg', 'rules tcg as of 2019-06', 'rules tcg as of 2016']);
  return [
    `scenario "${title}"`,
    `  source "bench generator, seed ${SEED}, scenario ${titleCounter}"`,
    `  ${rules}`,
    `  players ${players[0]}, ${players[1]}`,
    `  turn ${turn}`,
    ...extra,
    '',
  ];
}

function quote(name) {
  return `"${name.replace(/"/g, '\\"')}"`;
}

/** A typo in a card name (a letter dropped), as a draft has it now and then. */
function maybeTypo(rng, name) {
  if (!rng.chance(0.02) || name.length < 6) return name;
  const i = rng.int(1, name.length - 2);
  return name.slice(0, i) + name.slice(i + 1);
}

/** A custom trigger monster, defined in the file (card definitions sprinkled in). */
function customCard(state) {
  const rng = state.rng;
  const name = `${rng.pick(ADJECTIVES)} ${rng.pick(NOUNS)} ${state.id}-${state.custom.length + 1}`;
  const mandatory = rng.chance(0.4);
  const event = rng.pick(['sent to gy from field', 'sent to gy', 'destroyed and sent to gy', 'destroyed by card effect']);
  const timing = mandatory ? 'if' : rng.pick(['when', 'if']);
  const lines = [
    `# A card the library does not have: only its trigger matters here.`,
    `card "${name}": effect monster (${rng.pick(RACES)}, ${rng.pick(ATTRIBUTES)}, level ${rng.int(1, 4)}, atk ${rng.int(0, 18) * 100}, def ${rng.int(0, 18) * 100})`,
    `  trigger ${mandatory ? 'mandatory' : 'optional'} ${timing} ${event}${rng.chance(0.3) ? ', includes search' : ''}`,
  ];
  state.custom.push({ name, mandatory });
  state.defined.add(name);
  return lines;
}

/** Dark Hole (or Raigeki) destroys monsters with 1-5 triggers; the chain is in SEGOC order or not. */
function boardWipe(state) {
  const rng = state.rng;
  const players = rng.pick(PLAYERS);
  const tp = rng.chance(0.7) ? 0 : 1;
  const pool = [...GY_TRIGGERS, ...state.custom];
  const total = rng.int(1, 5);
  const sides = [[], []];
  for (const t of rng.sample(pool, total)) {
    const side = rng.int(0, 1);
    if (sides[side].length < 3) sides[side].push(t);
    else sides[1 - side].push(t);
  }
  const raigeki = rng.chance(0.2);
  const wiper = raigeki ? rng.int(0, 1) : tp;
  const field = (p) => {
    const names = sides[p].map((t) => quote(t.name));
    if (rng.chance(0.4)) names.push(quote(rng.pick(VANILLA)));
    return names.length ? `  ${players[p]} field: ${names.join(', ')}` : `  ${players[p]} field: none`;
  };
  titleCounter++;
  const destroyed = raigeki ? [1 - wiper] : [0, 1];
  const triggers = [];
  for (const p of [tp, 1 - tp]) if (destroyed.includes(p)) for (const t of sides[p]) triggers.push({ ...t, player: p });
  // SEGOC: turn player's mandatory, opponent's mandatory, turn player's optional, opponent's optional.
  const rank = (t) => (t.mandatory ? 0 : 2) + (t.player === tp ? 0 : 1);
  const legal = [...triggers].sort((a, b) => rank(a) - rank(b));
  const inOrder = rng.chance(0.6);
  let links = inOrder ? legal : rng.shuffle(triggers);
  if (!inOrder && links.length > 1 && rng.chance(0.3)) links = links.slice(0, -1); // a trigger left out
  const what = raigeki ? 'Raigeki' : 'Dark Hole';
  const title = `Bench ${titleCounter}: ${what} with ${triggers.map((t) => t.name).join(', ') || 'no triggers'}`;
  const lines = [
    ...header(rng, title, players, players[tp]),
    field(0),
    field(1),
    '',
    '  chain',
    raigeki
      ? `    1 ${players[wiper]} "Raigeki" -> destroy all ${players[1 - wiper]}'s monsters`
      : `    1 ${players[wiper]} "Dark Hole" -> destroy all monsters`,
  ];
  if (links.length) {
    lines.push('', '  chain');
    links.forEach((t, i) => lines.push(`    ${i + 1} ${players[t.player]} ${quote(maybeTypo(rng, t.name))}`));
  }
  lines.push('');
  if (inOrder || links.length <= 1) lines.push('  expect legal');
  else if (rng.chance(0.5)) lines.push('  # The order here is the draft\'s: the checker says whether it is legal.');
  return lines;
}

/** A Monarch is Tribute Summoned by tributing a monster; its effect and the tributed monster's trigger chain. */
function tributeSummon(state) {
  const rng = state.rng;
  const players = rng.pick(PLAYERS);
  const [tp, op] = players;
  const monarch = rng.pick(MONARCHS);
  const tribute = rng.pick([...GY_TRIGGERS.slice(0, 5), { name: rng.pick(VANILLA), vanilla: true }]);
  const victims = rng.sample([...VANILLA, 'Mystic Tomato', 'Sangan', 'Peten the Dark Clown'], rng.int(1, 2));
  const target = victims[0];
  titleCounter++;
  const lines = [
    ...header(rng, `Bench ${titleCounter}: ${monarch.name} tributing ${tribute.name}`, players, tp),
    `  ${tp} field: ${quote(tribute.name)}`,
    `  ${op} field: ${victims.map(quote).join(', ')}`,
    '',
    `  ${tp} tribute summons ${quote(monarch.name)} tributing ${quote(tribute.name)}`,
    '',
    '  chain',
    `    1 ${tp} ${quote(monarch.name)} target ${op}'s ${quote(target)} -> ${monarch.verb} ${op}'s ${quote(target)}`,
  ];
  if (!tribute.vanilla) lines.push(`    2 ${tp} ${quote(maybeTypo(rng, tribute.name))}`);
  const follow = GY_TRIGGERS.find((t) => t.name === target);
  if (follow && monarch.verb === 'destroy') lines.push('', '  chain', `    1 ${op} ${quote(target)}`);
  lines.push('');
  if (rng.chance(0.5)) lines.push('  # Both were the turn player\'s triggers: the turn player chose the order.');
  return lines;
}

/** Spell Speeds: a Spell, responses, a Counter Trap; sometimes a Spell Speed 1 card where it may not go. */
function spellSpeedChain(state) {
  const rng = state.rng;
  const players = rng.pick(PLAYERS);
  const [tp, op] = players;
  titleCounter++;
  const steps = [
    `1 ${tp} "Monster Reborn" target "Dark Magician" -> special summon "Dark Magician"`,
    `2 ${op} "Waboku"`,
    `3 ${tp} "Mystical Space Typhoon" target "Waboku" -> destroy "Waboku"`,
    `4 ${op} "Magic Jammer" cost: discard "Kuriboh" -> negate 3`,
  ];
  const n = rng.int(1, 4);
  const links = steps.slice(0, n);
  const wrong = rng.chance(0.25);
  if (wrong) links.push(`${n + 1} ${n % 2 ? op : tp} ${rng.pick(['"Dark Hole" -> destroy all monsters', '"Raigeki"', '"Monster Reborn" target "Dark Magician"'])}`);
  const lines = [
    ...header(rng, `Bench ${titleCounter}: Spell Speeds, ${links.length} link(s)${wrong ? ' (wrong)' : ''}`, players, tp),
    `  ${tp} gy: "Dark Magician"`,
    `  ${tp} hand: "Monster Reborn", "Mystical Space Typhoon", "Dark Hole"`,
    `  ${op} field: set "Waboku", set "Magic Jammer"`,
    `  ${op} hand: "Kuriboh", "Raigeki"`,
    '',
    '  chain',
    ...links.map((l) => `    ${l}`),
    '',
    wrong ? `  expect illegal spell-speed at ${n + 1}` : '  expect legal',
  ];
  return lines;
}

/** A battle: a monster destroyed by battle and its trigger, sometimes answered from the hand. */
function battle(state) {
  const rng = state.rng;
  const players = rng.pick(PLAYERS);
  const [a, b] = rng.chance(0.5) ? players : [players[1], players[0]];
  titleCounter++;
  const defender = rng.pick(['Mystic Tomato', 'Apprentice Magician']);
  const attacker = rng.pick(VANILLA);
  const ash = rng.chance(0.4);
  const lines = [
    ...header(rng, `Bench ${titleCounter}: ${attacker} attacks ${defender}`, players, a, ['  phase battle']),
    `  ${b} field: ${quote(defender)}`,
    `  ${a} field: ${quote(attacker)}`,
    ash ? `  ${a} hand: "Ash Blossom & Joyous Spring"` : `  ${a} hand: none`,
    '',
    `  ${a} attacks ${b}'s ${quote(defender)} with ${a}'s ${quote(attacker)}`,
    `  battle destroys ${b}'s ${quote(defender)}`,
    '',
    '  chain',
    `    1 ${b} ${quote(maybeTypo(rng, defender))}`,
  ];
  if (ash) lines.push(`    2 ${a} "Ash Blossom & Joyous Spring" from hand -> negate 1`);
  return lines;
}

const TEMPLATES = [boardWipe, boardWipe, tributeSummon, spellSpeedChain, battle];

/** The next blocks of a file: a sample scenario or a template one, now and then a card definition first. */
function nextBlocks(state, pool) {
  const rng = state.rng;
  const blocks = [];
  if (rng.chance(0.06)) blocks.push(customCard(state));
  if (rng.chance(0.5)) blocks.push(...sampleScenario(state, pool));
  else {
    const lines = rng.pick(TEMPLATES)(state);
    if (rng.chance(0.3)) lines.unshift(`# ${rng.pick(PROSE)}`);
    blocks.push(lines);
  }
  return blocks;
}

/** A .segoc text of exactly `target` lines (blocks separated by a blank line, padded with comments). */
function segocFile(state, pool, target, title) {
  const out = [`# ${title}`, `# Generated by bench/lib/generate.js (seed ${SEED}); do not edit.`, ''];
  for (let attempts = 0; attempts < 20 && out.length < target; ) {
    const blocks = nextBlocks(state, pool).map(trimBlank);
    const size = blocks.reduce((n, b) => n + b.length + 1, 0);
    if (out.length + size > target) {
      attempts++;
      continue;
    }
    for (const b of blocks) out.push(...b, '');
  }
  while (out.length < target) out.push(out.length === target - 1 ? '# end' : '#');
  return out.join('\n');
}

/** A Markdown page with `count` ```segoc blocks of one scenario each (card definitions in their own blocks). */
function markdownPage(state, pool, count) {
  const rng = state.rng;
  const out = ['# Simultaneous Effects Go On Chain — generated examples', '', 'Generated by bench/lib/generate.js; every block below is checked.', ''];
  let scenarios = 0;
  while (scenarios < count) {
    const blocks = nextBlocks(state, pool).map(trimBlank);
    out.push(`## Example ${scenarios + 1}`, '', rng.pick(PROSE), '');
    const indent = rng.chance(0.2) ? '   ' : '';
    if (indent) out.push('1. The chain as the article writes it:', '');
    for (const b of blocks) {
      const isScenario = b.some((l) => /^\s*scenario\b/.test(l));
      out.push(`${indent}\`\`\`segoc`, ...b.map((l) => (l ? indent + l : l)), `${indent}\`\`\``, '');
      if (isScenario) scenarios++;
    }
  }
  return out.join('\n') + '\n';
}

function sha(text) {
  return crypto.createHash('sha256').update(text).digest('hex').slice(0, 16);
}

/**
 * Writes every input; returns the manifest. `core` is the core bundle (its `parse` reads the samples).
 * `skip100k` leaves the 100k-line file out (--quick).
 */
function generate(core, { skip100k = false } = {}) {
  titleCounter = 0;
  fs.mkdirSync(GENERATED, { recursive: true });
  const pool = samplePool(core);
  const manifest = { seed: SEED, generatorVersion: GENERATOR_VERSION, samplePool: pool.length, files: {} };
  const record = (key, file, text, extra = {}) => {
    manifest.files[key] = { path: path.relative(ROOT, file), bytes: Buffer.byteLength(text), lines: text.split('\n').length, sha256: sha(text), ...extra };
  };

  SIZES.forEach((s, i) => {
    if (skip100k && s.name === '100k') return;
    titleCounter = 0; // every input is the same whether or not the others are generated
    const state = new FileState(new Random(SEED + i), `f${s.name}`);
    const text = segocFile(state, pool, s.lines, `${s.lines} lines of scenarios`);
    const file = path.join(GENERATED, `lines-${s.name}.segoc`);
    fs.writeFileSync(file, text);
    record(`lines-${s.name}`, file, text);
  });

  const folder = path.join(GENERATED, 'folder-1000');
  fs.rmSync(folder, { recursive: true, force: true });
  const rng = new Random(SEED + 100);
  titleCounter = 0;
  let bytes = 0;
  let lines = 0;
  const hash = crypto.createHash('sha256');
  for (let i = 0; i < 1000; i++) {
    const dir = path.join(folder, `set-${String(Math.floor(i / 50)).padStart(2, '0')}`);
    if (i % 50 === 0) fs.mkdirSync(dir, { recursive: true });
    const state = new FileState(new Random(SEED + 1000 + i), `d${i}`);
    const target = rng.chance(0.1) ? rng.int(200, 450) : rng.int(20, 160);
    const text = segocFile(state, pool, target, `sample-like file ${i + 1} of 1000`);
    fs.writeFileSync(path.join(dir, `${String(i + 1).padStart(4, '0')}-scenarios.segoc`), text);
    bytes += Buffer.byteLength(text);
    lines += text.split('\n').length;
    hash.update(text);
  }
  manifest.files['folder-1000'] = { path: path.relative(ROOT, folder), files: 1000, bytes, lines, sha256: hash.digest('hex').slice(0, 16) };

  titleCounter = 0;
  const pageState = new FileState(new Random(SEED + 200), 'p');
  const page = markdownPage(pageState, pool, 200);
  const pageFile = path.join(GENERATED, 'page-200.md');
  fs.writeFileSync(pageFile, page);
  record('page-200', pageFile, page, { blocks: (page.match(/^\s*```segoc$/gm) || []).length });

  fs.writeFileSync(path.join(GENERATED, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
  return manifest;
}

module.exports = { generate, SIZES, SEED, GENERATOR_VERSION };
