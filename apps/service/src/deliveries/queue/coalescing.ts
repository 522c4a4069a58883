/** Two ways the worker folds many requests for work into few runs of it. */

/**
 * Runs `pass` one at a time. Asked while a pass runs, it runs once more after that pass (however
 * often it was asked meanwhile); a pass that answers true asks for the next itself.
 */
export class SerialPasses {
  private running = false;
  private again = false;
  private current: Promise<void> = Promise.resolve();

  constructor(private readonly pass: () => Promise<boolean>) {}

  run(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    this.current = this.passes();
  }

  /** Resolves once no pass is running. */
  idle(): Promise<void> {
    return this.current;
  }

  private async passes(): Promise<void> {
    try {
      do {
        this.again = false;
        if (await this.pass()) this.again = true;
      } while (this.again);
    } finally {
      this.running = false;
    }
  }
}

/**
 * Collects the items added during one turn of the event loop and writes them together; each
 * `add` resolves, or rejects, with the write of its batch.
 */
export class TickBatch<T> {
  private waiting: { item: T; done: () => void; failed: (error: unknown) => void }[] = [];

  constructor(private readonly write: (items: T[]) => Promise<void>) {}

  add(item: T): Promise<void> {
    return new Promise((done, failed) => {
      if (this.waiting.length === 0) setImmediate(() => this.flush());
      this.waiting.push({ item, done, failed });
    });
  }

  private flush(): void {
    const batch = this.waiting;
    this.waiting = [];
    this.write(batch.map(({ item }) => item)).then(
      () => batch.forEach(({ done }) => done()),
      (error: unknown) => batch.forEach(({ failed }) => failed(error)),
    );
  }
}
