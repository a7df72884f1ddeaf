// The workspace index: the card definitions of the .segoc files of the workspace folders, so that a
// scenario can name a card defined in a card file of its project (segoc.json, read as the CLI reads
// it: host/project.ts). Scanned with fs when the client is initialized, kept current from the editor
// (open/change/close) and from watched-file events. Every change that alters a card definition or
// the project bumps `generation`, which invalidates the cached analyses.
import * as fs from 'fs';
import * as path from 'path';
import { CardDef, CardSource, definitionSignature, parseCardDefinitions, tooLargeToCheck } from '../core';
import { isInside, readTextFile } from '../host/text-file';
import { canonicalUri, isFileUri, pathToUri, resolveRelative, uriToPath } from './uri';
import { cardFilesProblem, cardPathsOf, isProjectCardFile, loadProject, projectCardFiles, ProjectSetup } from '../host/project';

const MAX_FILES = 20000;
/** The workspace scan reads every .segoc file of the folders in the background: larger ones are left out of it. */
const MAX_BYTES = 8 * 1024 * 1024;

interface Entry {
  /** Canonical URI. */
  uri: string;
  defs: CardDef[];
  signature: string;
  fromEditor: boolean;
}

export class WorkspaceIndex {
  private folders: string[] = [];
  /** The project of each folder (its segoc.json, or the defaults). */
  private projects: ProjectSetup[] = [];
  /** The project folder of each folder outside the workspace folders that a file was asked about (see rootOf). */
  private readonly outsideRoots = new Map<string, string>();
  private readonly entries = new Map<string, Entry>();
  /** Bumped whenever a card definition of the workspace changes. */
  generation = 0;

  constructor(private readonly log: (message: string) => void = () => undefined) {}

  setFolders(uris: string[]): void {
    this.folders = uris.map((u) => uriToPath(u)).filter((p): p is string => !!p).map((p) => path.resolve(p));
    this.loadProjects();
  }

  /** Reads the folders' project files; a broken one is logged and its defaults are used. */
  private loadProjects(): void {
    this.outsideRoots.clear();
    this.projects = this.folders.map((f) => loadProject(f));
    for (const p of this.projects) if (p.error) this.log(`segoc: ${p.file}: ${p.error}`);
  }

  /**
   * The project folder of a file (a symbolic link may not lead out of it): that of the workspace
   * folder holding it, else the folder of the nearest segoc.json, else the file's own folder.
   */
  rootOf(file: string): string {
    const abs = path.resolve(file);
    const i = this.folders.findIndex((f) => isInside(abs, f));
    if (i >= 0) return this.projects[i].root;
    // Outside every workspace folder: found once per folder (it is asked on every analysis of a file with `use`
    // lines, and finding it reads segoc.json files up to /), and found again when the project files are reloaded.
    const dir = path.dirname(abs);
    let root = this.outsideRoots.get(dir);
    if (root === undefined) this.outsideRoots.set(dir, (root = loadProject(dir).root));
    return root;
  }

  /**
   * The card files that the project files name (`"cards": ["defs.segoc", "lib"]`), as the CLI finds
   * them (host/project.ts cardFilesOf): a file named there counts even when it is a symbolic link inside
   * the project folder, which the folder walk passes over, and so does a folder named there. The named
   * folders are walked here in the background, like the workspace folders (a second walk of the same
   * folder finds files that `scan` has seen: they are read once). Its problems are logged.
   */
  private async namedCardFiles(): Promise<string[]> {
    const out: string[] = [];
    for (const setup of this.projects) {
      const { files, folders, missing, refused } = cardPathsOf(setup);
      const problem = cardFilesProblem(missing, refused);
      if (problem) this.log(`segoc: ${setup.file}: ${problem}`);
      const found = [...files];
      for (const folder of folders) await walk(folder, found);
      out.push(...projectCardFiles(setup, found));
    }
    return out;
  }

  /** The ruleset the project file sets for scenarios without a `rules` line (it wins over the editor setting). */
  projectRules(): 'tcg' | 'ocg' | undefined {
    return this.projects.find((p) => p.project.rules)?.project.rules;
  }

  /** Whether a project file asks for strict checking (every assumption an error). */
  projectStrict(): boolean {
    return this.projects.some((p) => p.project.strict === true);
  }

  /** Whether a file is a card file of the project of a folder that holds it. */
  private isCardFile(uri: string): boolean {
    const p = uriToPath(uri);
    return !!p && this.projects.some((setup) => isProjectCardFile(setup, p));
  }

  folderPaths(): string[] {
    return [...this.folders];
  }

  /** Whether a file URI lies inside one of the workspace folders. */
  contains(uri: string): boolean {
    const p = uriToPath(uri);
    if (!p) return false;
    const abs = path.resolve(p);
    return this.folders.some((f) => abs === f || abs.startsWith(f.endsWith(path.sep) ? f : f + path.sep));
  }

  /** Reads every .segoc file of the folders. Returns true when card definitions were added or changed. */
  async scan(): Promise<boolean> {
    const files: string[] = [];
    for (const f of this.folders) await walk(f, files);
    files.push(...(await this.namedCardFiles()));
    let changed = false;
    const seen = new Set<string>();
    for (const [i, file] of files.entries()) {
      // Requests are answered between reads: the scan runs in the background.
      if (i % 50 === 49) await new Promise((resolve) => setImmediate(resolve));
      const uri = canonicalUri(pathToUri(file));
      if (seen.has(uri)) continue;
      seen.add(uri);
      if (this.entries.get(uri)?.fromEditor) continue;
      const text = this.readFromDisk(file);
      if (text === undefined) continue;
      if (this.set(uri, text, false)) changed = true;
    }
    // Files that disappeared since the last scan.
    for (const [uri, e] of [...this.entries]) {
      if (!e.fromEditor && !seen.has(uri)) {
        this.entries.delete(uri);
        if (e.defs.length) changed = true;
      }
    }
    if (changed) this.generation++;
    return changed;
  }

  /** The editor's text of a workspace file (open or changed). Returns true when its cards changed. */
  updateFromEditor(uri: string, text: string): boolean {
    if (!this.isIndexed(uri)) return false;
    const changed = this.set(canonicalUri(uri), text, true);
    if (changed) this.generation++;
    return changed;
  }

  /** The editor closed the file: the disk content counts again. */
  closedInEditor(uri: string): boolean {
    if (!this.isIndexed(uri)) return false;
    return this.reloadFromDisk(uri);
  }

  /** A watched-file event (created, changed or deleted). Open files are left to the editor. */
  async fileEvent(uri: string, deleted: boolean): Promise<boolean> {
    if (/(^|\/)segoc\.json$/i.test(uri)) {
      // A project file changed: which files are card files, and the default ruleset, may differ now;
      // a file or folder it now names may be a link the folder walk passed over. Scanned again in the
      // background, as at start-up (never a synchronous walk of the card folders).
      this.loadProjects();
      await this.scan();
      this.generation++;
      return true;
    }
    if (!/\.segoc$/i.test(uri) || !this.isIndexed(uri)) return false;
    const key = canonicalUri(uri);
    if (this.entries.get(key)?.fromEditor) return false;
    if (deleted) {
      const e = this.entries.get(key);
      this.entries.delete(key);
      if (e && e.defs.length) {
        this.generation++;
        return true;
      }
      return false;
    }
    return this.reloadFromDisk(uri);
  }

  /**
   * Card sources for `analyze`: the project's card files (the analysed file itself is skipped by core,
   * by URI). Other files' definitions apply to themselves and to the files that `use` them.
   */
  cardSources(): CardSource[] {
    const out: CardSource[] = [];
    for (const e of this.entries.values()) if (e.defs.length && this.isCardFile(e.uri)) out.push({ uri: e.uri, kind: 'workspace', defs: e.defs });
    return out;
  }

  /** The current definition of a card in a workspace file (ranges move as the file is edited). */
  definitionIn(uri: string, matches: (def: CardDef) => boolean): CardDef | undefined {
    const e = this.entries.get(canonicalUri(uri));
    return e?.defs.find(matches);
  }

  fileCount(): number {
    return this.entries.size;
  }

  /** A .segoc file inside a folder, not under node_modules or a dot folder (as the scan sees them). */
  private isIndexed(uri: string): boolean {
    if (!isFileUri(uri) || !/\.segoc$/i.test(uri)) return false;
    const p = uriToPath(uri);
    if (!p) return false;
    const abs = path.resolve(p);
    return this.folders.some((f) => {
      const rel = path.relative(f, abs);
      if (!rel || rel.startsWith('..') || path.isAbsolute(rel)) return false;
      return rel.split(/[\\/]/).every((seg) => seg !== 'node_modules' && !seg.startsWith('.'));
    });
  }

  private reloadFromDisk(uri: string): boolean {
    const key = canonicalUri(uri);
    const p = uriToPath(uri);
    const text = p ? this.readFromDisk(p) : undefined;
    let changed: boolean;
    if (text === undefined) {
      const e = this.entries.get(key);
      this.entries.delete(key);
      changed = !!e && e.defs.length > 0;
    } else {
      changed = this.set(key, text, false);
    }
    if (changed) this.generation++;
    return changed;
  }

  /** A workspace file's text, read as every file is (host/text-file.ts); undefined when it cannot be read. */
  private readFromDisk(file: string): string | undefined {
    const read = readTextFile(file, { maxBytes: MAX_BYTES, root: this.rootOf(file) });
    return 'text' in read ? read.text : undefined;
  }

  /** Stores a file's cards; true when its card definitions differ from before. */
  private set(uri: string, text: string, fromEditor: boolean): boolean {
    let defs: CardDef[] = [];
    try {
      // A file past the analysis limit is not analysed (core says so in its diagnostics): nor are its cards read.
      if (!tooLargeToCheck(text)) defs = parseCardDefinitions(text);
    } catch (e) {
      this.log(`segoc: cannot parse ${uri}: ${String(e)}`);
    }
    const signature = cardSignature(defs);
    const old = this.entries.get(uri);
    this.entries.set(uri, { uri, defs, signature, fromEditor });
    return old ? old.signature !== signature : defs.length > 0;
  }
}

/** What the cards of a file mean, independent of where they stand (lines may move without a change). */
export function cardSignature(defs: CardDef[]): string {
  return defs.map(definitionSignature).join('\n\n');
}

async function walk(dir: string, out: string[]): Promise<void> {
  if (out.length >= MAX_FILES) return;
  let entries: fs.Dirent[];
  try {
    entries = await fs.promises.readdir(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries) {
    if (out.length >= MAX_FILES) return;
    if (e.name === 'node_modules' || e.name.startsWith('.')) continue;
    const p = path.join(dir, e.name);
    if (e.isDirectory()) await walk(p, out);
    else if (e.isFile() && e.name.toLowerCase().endsWith('.segoc')) out.push(p);
  }
}


