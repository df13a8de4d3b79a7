import { describe, expect, it } from 'vitest';
import { latestOnly } from './latest.ts';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('latestOnly', () => {
  it('runs the first input at once and coalesces what arrives meanwhile into one follow-up', async () => {
    const started: string[] = [];
    const delivered: string[] = [];
    const gates = new Map<string, ReturnType<typeof deferred<string>>>();
    const runner = latestOnly(
      (input: string) => {
        started.push(input);
        const gate = deferred<string>();
        gates.set(input, gate);
        return gate.promise;
      },
      (_input, output) => delivered.push(output),
      () => {},
    );
    runner.run('c');
    runner.run('ch');
    runner.run('cha');
    runner.run('chat');
    expect(started).toEqual(['c']);
    gates.get('c')!.resolve('results for c');
    await Promise.resolve();
    await Promise.resolve();
    // The stale answer for "c" is dropped; only the newest text runs next.
    expect(delivered).toEqual([]);
    expect(started).toEqual(['c', 'chat']);
    gates.get('chat')!.resolve('results for chat');
    await Promise.resolve();
    expect(delivered).toEqual(['results for chat']);
  });

  it('drops everything after cancel', async () => {
    const delivered: string[] = [];
    const gate = deferred<string>();
    const runner = latestOnly(
      () => gate.promise,
      (_i, o: string) => delivered.push(o),
      () => {},
    );
    runner.run('x');
    runner.cancel();
    gate.resolve('late');
    await Promise.resolve();
    await Promise.resolve();
    expect(delivered).toEqual([]);
  });

  it('runs input typed after a cancel once the cancelled search ends', async () => {
    const delivered: string[] = [];
    const gate = deferred<string>();
    const runner = latestOnly(
      (input: string) => (input === 'old' ? gate.promise : Promise.resolve(`results for ${input}`)),
      (_i, o) => delivered.push(o),
      () => {},
    );
    runner.run('old');
    runner.cancel();
    runner.run('new');
    gate.resolve('stale');
    await new Promise((r) => setTimeout(r, 0));
    expect(delivered).toEqual(['results for new']);
  });

  it('reports a failure of the newest search', async () => {
    const failed: unknown[] = [];
    const runner = latestOnly(
      () => Promise.reject(new Error('offline')),
      () => {},
      (_i, error) => failed.push(error),
    );
    runner.run('x');
    await new Promise((r) => setTimeout(r, 0));
    expect(failed).toHaveLength(1);
  });
});
