// The generator's inputs at the commits the library is pinned to (server/cards/generated/manifest.json), so that
// regenerating reproduces the committed library unless a rule changed, as pinned npm inputs do for
// TypeScript-DOM-lib-generator. A source comes from, in order:
//   --texts DIR / --scripts DIR       a checkout you made (it must be at the pinned commit, unless --update);
//   --texts-git DIR / --scripts-git   any git directory holding the pinned commit (a bare mirror will do): the
//                                     files the generator reads are exported from it, no network;
//   the network                       a shallow fetch of the pinned commit from the source's repository.
// Exported and fetched trees are kept under node_modules/.cache/segoc-card-sources/<name>-<commit>/.
'use strict';
const fs = require('fs');
const path = require('path');
const { execFileSync } = require('child_process');

const root = path.resolve(__dirname, '..', '..');
const CACHE = path.join(root, 'node_modules', '.cache', 'segoc-card-sources');

/** The two sources: what the generator reads of each, and the manifest's key for it. */
const SOURCES = {
  texts: { name: 'yaml-yugi', repository: 'https://github.com/DawnbrandBots/yaml-yugi', paths: ['data/cards'] },
  // The archetypes' set codes by constant name (SET_FIENDSMITH), to name the archetype a condition checks (IsSetCard).
  scripts: { name: 'CardScripts', repository: 'https://github.com/ProjectIgnis/CardScripts', paths: ['official', 'archetype_setcode_constants.lua'] },
};

function git(args, options = {}) {
  return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 30, ...options }).trim();
}

/** The commit and date of a checkout's HEAD, or undefined for a tree without git. */
function headOf(dir) {
  try {
    const [commit, date] = git(['-C', dir, 'log', '-1', '--format=%H %cI']).split(' ');
    return { commit, date };
  } catch {
    return undefined;
  }
}

/** The commits the library is pinned to: { texts: { commit, date }, scripts: {...} }. */
function pinned(manifestFile) {
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  return { texts: manifest.sources.texts, scripts: manifest.sources.scripts };
}

/**
 * The directory of one source at its pinned commit, and that commit. `given`: the options for it (`dir`, `gitDir`,
 * `commit`: "<sha> <date>" for an exported tree), `update`: take a checkout's HEAD as the new pin.
 */
function sourceAt(kind, pin, given, update, log = () => {}) {
  const source = SOURCES[kind];
  if (given.dir) {
    if (given.commit) {
      const [commit, date = 'unknown'] = given.commit.split(/\s+/);
      return { dir: given.dir, commit, date };
    }
    const head = headOf(given.dir);
    if (!head) throw new Error(`${given.dir} is not a git checkout: give its commit as --${kind}-commit "<sha> <date>"`);
    if (head.commit !== pin.commit && !update) {
      throw new Error(
        `${given.dir} is at ${source.name} ${head.commit.slice(0, 7)}, the library is pinned to ${pin.commit.slice(0, 7)}: ` +
          `check out ${pin.commit} there (or leave out --${kind} and the generator fetches it), or pass --update to move the pin`,
      );
    }
    return { dir: given.dir, ...head };
  }
  if (update) throw new Error(`--update takes new checkouts: give --texts and --scripts`);
  const dir = path.join(CACHE, `${source.name}-${pin.commit}`);
  const done = path.join(dir, '.segoc-complete');
  // A cached export made before a path was added to the source is exported again.
  if (fs.existsSync(done) && source.paths.every((p) => fs.existsSync(path.join(dir, p)))) return { dir, commit: pin.commit, date: pin.date };
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const why = [];
  if (given.gitDir) {
    try {
      log(`exporting ${source.name} ${pin.commit.slice(0, 7)} from ${given.gitDir}`);
      const tar = execFileSync('git', ['--git-dir', given.gitDir, 'archive', '--format=tar', pin.commit, ...source.paths], { maxBuffer: 1 << 30, stdio: ['ignore', 'pipe', 'pipe'] });
      execFileSync('tar', ['-x', '-C', dir], { input: tar, stdio: ['pipe', 'ignore', 'pipe'] });
      fs.writeFileSync(done, pin.commit + '\n');
      return { dir, commit: pin.commit, date: pin.date };
    } catch (e) {
      why.push(`${given.gitDir}: ${firstLine(e)}`);
    }
  }
  try {
    log(`fetching ${source.name} ${pin.commit.slice(0, 7)} from ${source.repository}`);
    git(['init', '-q', dir]);
    git(['-C', dir, 'fetch', '-q', '--depth', '1', source.repository, pin.commit], { timeout: 10 * 60 * 1000 });
    git(['-C', dir, 'checkout', '-q', 'FETCH_HEAD']);
    fs.writeFileSync(done, pin.commit + '\n');
    return { dir, commit: pin.commit, date: pin.date };
  } catch (e) {
    why.push(`${source.repository}: ${firstLine(e)}`);
  }
  fs.rmSync(dir, { recursive: true, force: true });
  throw new Error(
    `cannot get ${source.name} at the pinned commit ${pin.commit} (${why.join('; ')}). ` +
      `Fetch ${source.repository} at ${pin.commit} where there is a network and pass --${kind} <checkout>, ` +
      `or pass --${kind}-git <git directory holding that commit>`,
  );
}

function firstLine(e) {
  const text = String((e.stderr && e.stderr.toString()) || e.message || e);
  return text.trim().split('\n').pop();
}

module.exports = { SOURCES, pinned, sourceAt, CACHE };
