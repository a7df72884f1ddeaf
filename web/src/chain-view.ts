// The resolved-chain view beside the editor: the VS Code preview's trees (client/src/preview/html.ts)
// made into DOM nodes. It follows the diagnostics: asked of the worker once typing pauses (at once for a
// short text), and a scenario whose tree did not change keeps its nodes, so a keystroke in a long file
// redraws one scenario, not all of them.
import { buildViewModel } from '../../client/src/preview/model';
import { previewParts } from '../../client/src/preview/html';
import type { Child } from '../../client/src/preview/tree';
import type { Checker } from './checker';
import { toDom } from './preview-dom';
import type { WebPreview } from './protocol';

/** Lines beyond which the view waits for a pause in typing. */
const LONG_TEXT = 300;
const PAUSE_MS = 300;

export class ChainView {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly keys = new WeakMap<Element, string>();

  constructor(
    private readonly pane: HTMLElement,
    private readonly checker: Checker,
    private readonly currentVersion: () => number,
  ) {}

  /** Called after each check: redraws soon (at once for a short text). */
  schedule(lines: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.refresh(), lines > LONG_TEXT ? PAUSE_MS : 0);
  }

  private async refresh(): Promise<void> {
    const answer = await this.checker.request<WebPreview>({ type: 'preview' });
    if (!answer || answer.version !== this.currentVersion()) return; // a newer check schedules its own
    const { header, fileProblems, scenarios } = previewParts(buildViewModel(answer.preview));
    this.pane.dataset.version = String(answer.version);
    let main = this.pane.querySelector(':scope > main');
    if (!main) {
      main = document.createElement('main');
      this.pane.replaceChildren(main);
    }
    const head = document.createDocumentFragment();
    toDom([header, fileProblems], head);
    while (this.pane.firstChild !== main) this.pane.firstChild!.remove();
    this.pane.insertBefore(head, main);
    this.update(main, scenarios);
    this.pane.dispatchEvent(new CustomEvent('segoc-preview', { bubbles: true, detail: answer.version }));
  }

  /** Puts each scenario's nodes in place, remaking only those whose tree changed. */
  private update(main: Element, scenarios: Child[]): void {
    scenarios.forEach((tree, i) => {
      const key = JSON.stringify(tree);
      const old = main.children[i];
      if (old && this.keys.get(old) === key) return;
      const holder = document.createDocumentFragment();
      toDom(tree, holder);
      const fresh = holder.firstElementChild!;
      this.keys.set(fresh, key);
      if (old) old.replaceWith(fresh);
      else main.appendChild(fresh);
    });
    while (main.children.length > scenarios.length) main.lastElementChild!.remove();
  }
}
