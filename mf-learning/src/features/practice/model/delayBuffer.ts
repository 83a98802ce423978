/**
 * The delayed camera: frames (or anything) kept with the clock time they were taken, and handed
 * back `delay` seconds later, so a student who just came down from the silks sees the move she
 * did. Frames older than the one shown are dropped (and closed by the caller through `onDrop`).
 */
export class DelayBuffer<T> {
  private items: Array<{ at: number; value: T }> = [];

  constructor(
    private delayMs: number,
    /** frames kept at most (a 20 s delay at 30 fps is 600); the oldest go first */
    private readonly capacity = 1200,
    private readonly onDrop: (value: T) => void = () => {},
  ) {}

  get size(): number {
    return this.items.length;
  }

  /** Changing the delay starts again: what was kept was for another delay. */
  setDelay(seconds: number): void {
    this.delayMs = seconds * 1000;
    this.clear();
  }

  push(value: T, now: number): void {
    this.items.push({ at: now, value });
    while (this.items.length > this.capacity) this.onDrop(this.items.shift()!.value);
  }

  /**
   * The newest frame taken at least `delay` before `now` (null while the delay fills), dropping
   * the older ones.
   */
  take(now: number): T | null {
    const due = now - this.delayMs;
    let idx = -1;
    for (let i = 0; i < this.items.length && this.items[i]!.at <= due; i++) idx = i;
    if (idx === -1) return null;
    for (let i = 0; i < idx; i++) this.onDrop(this.items[i]!.value);
    this.items = this.items.slice(idx);
    return this.items[0]!.value;
  }

  /** Seconds until the first delayed frame is due (0 once showing). */
  waiting(now: number): number {
    const first = this.items[0];
    if (!first) return this.delayMs / 1000;
    return Math.max(0, (first.at + this.delayMs - now) / 1000);
  }

  clear(): void {
    for (const i of this.items) this.onDrop(i.value);
    this.items = [];
  }
}
