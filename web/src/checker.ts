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
  /** The worker failed: no request will be answered. */
  private stopped = false;

  constructor(
    private readonly onChecked: (checked: Checked) => void,
    onFailure: (message: string) => void,
  ) {
    // A worker that cannot start (a missing worker.js) or dies: said on the page, not left as silence.
    const fail = (reason: string) => {
      onFailure(`The checker stopped (${reason}): reload the page.`);
      // Its requests will get no answer: a hover or a completion waiting on one ends with none.
      this.stopped = true;
      for (const resolve of this.waiting.values()) resolve(null);
      this.waiting.clear();
    };
    this.worker.onerror = (e) => fail(e.message || 'worker.js could not be loaded');
    const early = (window as unknown as { segocWorkerError?: string }).segocWorkerError;
    if (early !== undefined) fail(early);
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
    if (this.stopped) return Promise.resolve(null);
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
