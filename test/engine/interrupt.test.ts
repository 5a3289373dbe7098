// The first and second signal of a run (`teamctl help interruptions`, "Interruptions"): the first is noted and reported
// once; a second one exits at once with the code of its own signal; disposing stops listening.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { watchInterrupts } from '../../src/engine/interrupt.js';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('watchInterrupts', () => {
  it('notes the first signal once; a second exits with its own code (130 for SIGINT, 143 for SIGTERM)', () => {
    // process.exit never returns: the stand-in throws, as far as the handler can tell the same.
    vi.spyOn(process, 'exit').mockImplementation(((code: number) => {
      throw new Error(`exit ${code}`);
    }) as typeof process.exit);
    const seen: string[] = [];
    const interrupts = watchInterrupts((signal) => seen.push(signal));
    try {
      expect(interrupts.received).toBeUndefined();
      process.emit('SIGTERM', 'SIGTERM');
      expect(interrupts.received).toBe('SIGTERM');
      expect(seen).toEqual(['SIGTERM']);
      expect(() => process.emit('SIGINT', 'SIGINT')).toThrow('exit 130');
      expect(() => process.emit('SIGTERM', 'SIGTERM')).toThrow('exit 143');
      expect(seen).toEqual(['SIGTERM']);
      expect(interrupts.received).toBe('SIGTERM');
    } finally {
      interrupts.dispose();
    }
  });

  it('stops listening once disposed', () => {
    const before = [process.listenerCount('SIGINT'), process.listenerCount('SIGTERM')];
    const seen: string[] = [];
    const interrupts = watchInterrupts((signal) => seen.push(signal));
    expect([process.listenerCount('SIGINT'), process.listenerCount('SIGTERM')]).toEqual([before[0]! + 1, before[1]! + 1]);
    interrupts.dispose();
    expect([process.listenerCount('SIGINT'), process.listenerCount('SIGTERM')]).toEqual(before);
    expect(seen).toEqual([]);
  });
});
