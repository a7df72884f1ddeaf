// The page's side of the checker worker (web/src/worker.ts): sends each version of the text, hands the
// checks to a listener, and turns requests (hover, completion, copy) into promises.
import type { FromWorker, ToWorker } from './protocol';

type Checked = Extract<FromWorker, { type: 'checked' }>;
type Request = Extract<ToWorker, { id: number }>;
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;

export class Checker {
  /** Started by boot.js ahead of this script, or here when it did not run. */
  private readonly worker: Worker = (window as unknown as { segocWorker?: Worker }).segocWorker ?? new Worker('worker.js');
  private nextId = 1;
  private readonly waiting = new Map<number, (result: unknown) => void>();

  constructor(
    private readonly onChecked: (checked: Checked) => void,
    onFailure: (message: string) => void,
  ) {
    // A worker that cannot start (a missing worker.js) or dies: said on the page, not left as silence.
    this.worker.onerror = (e) => onFailure(`The checker stopped (${e.message || 'worker.js could not be loaded'}): reload the page.`);
    this.worker.onmessage = (e: MessageEvent<FromWorker>) => {
      const m = e.data;
      if (m.type === 'checked') this.onChecked(m);
      else {
        this.waiting.get(m.id)?.(m.result);
        this.waiting.delete(m.id);
      }
    };
  }

  text(version: number, text: string): void {
    this.post({ type: 'text', version, text });
  }

  request<T>(message: WithoutId<Request>): Promise<T | null> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.waiting.set(id, (r) => resolve(r as T | null));
      this.post({ ...message, id } as Request);
    });
  }

  private post(message: ToWorker): void {
    this.worker.postMessage(message);
  }
}
