// Coalesces bursts of calls: `trigger()` runs the task at most once per `intervalMs`, soon after
// the first call of a burst (leading edge) and once more after the burst (trailing edge), never
// twice at the same time.

export class Throttle {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private last = 0;
  private running = false;
  private again = false;
  private disposed = false;

  constructor(
    private readonly task: () => Promise<void> | void,
    private readonly intervalMs: number,
  ) {}

  trigger(): void {
    if (this.disposed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) return;
    const wait = Math.max(0, this.last + this.intervalMs - Date.now());
    this.timer = setTimeout(() => void this.run(), wait);
  }

  private async run(): Promise<void> {
    this.timer = undefined;
    if (this.disposed) return;
    this.running = true;
    this.last = Date.now();
    try {
      await this.task();
    } catch {
      // the task reports its own errors
    } finally {
      this.running = false;
    }
    if (this.again) {
      this.again = false;
      this.trigger();
    }
  }

  dispose(): void {
    this.disposed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
