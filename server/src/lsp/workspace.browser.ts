// workspace.ts for the Web Worker: there is no file system to scan, so no project file (segoc.json) and
// no workspace card files are read; a scenario sees its own cards, the files it `use`s (read through
// the client: host/web/workspace-files.ts) and the libraries. Watched-file events still reach this
// index: a changed file is read again on its next `use`. The class keeps workspace.ts's surface (the
// server and the navigation call it the same way; test/webext/siblings.test.ts compares the two).
import { CardDef, CardSource } from '../core';
import { forgetWorkspaceFile } from '../host/web/workspace-files';
import { canonicalUri } from './uri';

export class WorkspaceIndex {
  private folders: string[] = [];
  /** Never bumped: no workspace card definition is read in the browser. */
  generation = 0;

  constructor(private readonly log: (message: string) => void = () => undefined) {}

  setFolders(uris: string[]): void {
    this.folders = [...uris];
  }

  projectRules(): 'tcg' | 'ocg' | undefined {
    return undefined;
  }

  /** No project file is read in the browser: strict comes from the `segoc.strict` setting alone. */
  projectStrict(): boolean {
    return false;
  }

  /** No project folder to keep a symbolic link inside: a file's own folder (the browser reads no disk). */
  rootOf(file: string): string {
    return file.replace(/[\\/][^\\/]*$/, '') || '/';
  }

  folderPaths(): string[] {
    return [...this.folders];
  }

  contains(uri: string): boolean {
    return this.folders.some((f) => uri === f || uri.startsWith(f.endsWith('/') ? f : `${f}/`));
  }

  async scan(): Promise<boolean> {
    if (this.folders.length) this.log('segoc: VS Code for the Web: the workspace card files and segoc.json are not read (each file sees its own cards, its `use` files and the libraries)');
    return false;
  }

  updateFromEditor(_uri: string, _text: string): boolean {
    return false;
  }

  closedInEditor(uri: string): boolean {
    forgetWorkspaceFile(canonicalUri(uri));
    return false;
  }

  async fileEvent(uri: string, _deleted: boolean): Promise<boolean> {
    forgetWorkspaceFile(canonicalUri(uri));
    return false;
  }

  cardSources(): CardSource[] {
    return [];
  }

  definitionIn(_uri: string, _matches: (def: CardDef) => boolean): CardDef | undefined {
    return undefined;
  }

  fileCount(): number {
    return 0;
  }
}

