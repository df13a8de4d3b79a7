import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { heartbeatMs } from '../../lib/api/constants.ts';
import { heartbeatSlots, ServerSentEvents, type StreamSink } from './eventStream.ts';

class Quiet extends ServerSentEvents {
  protected opened(): void {}
  protected stopped(): void {}
}

/** A sink that counts the heartbeats written to it. */
function countingSink(): StreamSink & { beats: number } {
  return {
    beats: 0,
    write(text: string) {
      if (text === ': heartbeat\n\n') this.beats++;
      return true;
    },
    drained: () => Promise.resolve(),
    end() {},
  };
}

describe('the heartbeat of event streams', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('reaches every stream once per period, a slice of them at a time rather than all at once', () => {
    const count = 5000;
    const sinks = Array.from({ length: count }, countingSink);
    const streams = sinks.map((sink) => {
      const stream = new Quiet();
      stream.start(sink);
      return stream;
    });
    const beats = () => sinks.reduce((sum, sink) => sum + sink.beats, 0);

    let most = 0;
    for (let step = 0; step < heartbeatSlots; step++) {
      const before = beats();
      vi.advanceTimersByTime(heartbeatMs / heartbeatSlots);
      most = Math.max(most, beats() - before);
    }
    expect(most).toBe(count / heartbeatSlots);
    expect(sinks.every((sink) => sink.beats === 1)).toBe(true);

    vi.advanceTimersByTime(heartbeatMs);
    expect(sinks.every((sink) => sink.beats === 2)).toBe(true);

    for (const stream of streams) stream.stop();
    vi.advanceTimersByTime(heartbeatMs);
    expect(beats()).toBe(2 * count);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('gives a stream that opens later its heartbeat within one period too', () => {
    const sink = countingSink();
    const stream = new Quiet();
    vi.advanceTimersByTime(heartbeatMs / 3);
    stream.start(sink);
    vi.advanceTimersByTime(heartbeatMs);
    expect(sink.beats).toBe(1);
    stream.stop();
  });
});
