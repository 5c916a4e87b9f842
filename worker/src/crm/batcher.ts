/**
 * Groups the database work of concurrent jobs: each job submits its item and waits; one run at a
 * time takes everything submitted so far (up to `max`) and answers each item. Under load the jobs
 * of a worker share one transaction per step instead of one each; alone, a job waits one tick.
 */
export class MicroBatcher<I, O> {
  private pending: { item: I; resolve: (value: O) => void; reject: (error: unknown) => void }[] = [];
  private running = false;
  private scheduled = false;

  constructor(
    private readonly run: (items: I[]) => Promise<O[]>,
    private readonly max = 100,
  ) {}

  submit(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.pending.push({ item, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.running || this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    if (this.running || this.pending.length === 0) return;
    this.running = true;
    const batch = this.pending.splice(0, this.max);
    try {
      const results = await this.run(batch.map((b) => b.item));
      batch.forEach((b, i) => {
        b.resolve(results[i]);
      });
    } catch (error) {
      for (const b of batch) b.reject(error);
    } finally {
      this.running = false;
      if (this.pending.length > 0) this.schedule();
    }
  }
}
