/**
 * Debounces search by coalescing instead of waiting: one search runs at a time, and text typed meanwhile
 * collapses into a single follow-up search with the newest text. The first keystroke is answered at once,
 * a fast typist never queues more than one search, and stale answers are dropped.
 */
export function latestOnly<Input, Output>(
  task: (input: Input) => Promise<Output>,
  deliver: (input: Input, output: Output) => void,
  fail: (input: Input, error: unknown) => void,
): { run(input: Input): void; cancel(): void } {
  let running = false;
  let waiting: { input: Input } | undefined;
  let generation = 0;

  async function start(input: Input, mine: number) {
    running = true;
    try {
      const output = await task(input);
      if (mine === generation && !waiting) deliver(input, output);
    } catch (error) {
      if (mine === generation && !waiting) fail(input, error);
    } finally {
      running = false;
      if (waiting) {
        const next = waiting.input;
        waiting = undefined;
        void start(next, generation);
      }
    }
  }

  return {
    run(input) {
      if (running) waiting = { input };
      else void start(input, generation);
    },
    /** Forgets anything running or waiting: their answers will not be delivered. */
    cancel() {
      generation += 1;
      waiting = undefined;
    },
  };
}
