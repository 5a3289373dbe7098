// Waits that a stop ends at once (src/waits.ts): real timers cleared, injected sleeps raced, and
// SIGINT or SIGTERM heard while a wait listens for them.
import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { listenForStop, stoppableSleep } from '../src/waits.js';

describe('stoppableSleep', () => {
  it('an injected sleep runs to its end when nothing stops it', async () => {
    const slept: number[] = [];
    await stoppableSleep(new AbortController().signal, async (ms) => void slept.push(ms))(1500);
    expect(slept).toEqual([1500]);
  });

  it('a stop ends a wait under way: the injected sleep, never resolved, is left behind', async () => {
    const stop = new AbortController();
    let asked = 0;
    const wait = stoppableSleep(stop.signal, (ms) => ((asked = ms), new Promise<void>(() => {})))(3_600_000);
    expect(asked).toBe(3_600_000);
    stop.abort();
    await expect(wait).resolves.toBeUndefined();
  });

  it('once stopped, no wait starts at all', async () => {
    const stop = new AbortController();
    stop.abort();
    let asked = false;
    await stoppableSleep(stop.signal, async () => void (asked = true))(1000);
    expect(asked).toBe(false);
  });

  it('a real timer is cleared by the stop: nothing is left to keep the process alive', async () => {
    const stop = new AbortController();
    const before = process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
    const wait = stoppableSleep(stop.signal)(3_600_000);
    expect(process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length).toBe(before + 1);
    stop.abort();
    await wait;
    expect(process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length).toBe(before);
  });

  it('a real timer ends by itself when nothing stops it', async () => {
    await expect(stoppableSleep(new AbortController().signal)(1)).resolves.toBeUndefined();
  });

  it('an injected sleep that fails fails the wait, and a later stop changes nothing', async () => {
    const stop = new AbortController();
    const wait = stoppableSleep(stop.signal, () => Promise.reject(new Error('clock broke')))(10);
    await expect(wait).rejects.toThrow('clock broke');
    stop.abort();
  });

  it('an injected sleep that rejects with something else than an Error: an Error of its text', async () => {
    const wait = stoppableSleep(new AbortController().signal, () => Promise.reject('no clock' as unknown as Error))(10);
    await expect(wait).rejects.toThrow(new Error('no clock'));
  });
});

describe('stoppableSleep leaves no listener on the stop behind', () => {
  it('after a wait that ended by itself, one stopped, and one whose sleep failed', async () => {
    const stop = new AbortController();
    await stoppableSleep(stop.signal, async () => {})(10);
    await stoppableSleep(stop.signal)(1);
    await expect(stoppableSleep(stop.signal, () => Promise.reject(new Error('x')))(10)).rejects.toThrow('x');
    expect(getEventListeners(stop.signal, 'abort')).toHaveLength(0);
    const stopped = new AbortController();
    const wait = stoppableSleep(stopped.signal, () => new Promise<void>(() => {}))(10);
    expect(getEventListeners(stopped.signal, 'abort')).toHaveLength(1);
    stopped.abort();
    await wait;
    expect(getEventListeners(stopped.signal, 'abort')).toHaveLength(0);
  });
});

describe('listenForStop', () => {
  it('hears the first of SIGTERM and SIGINT, keeps it, and stops listening when disposed', async () => {
    const before = [process.listenerCount('SIGINT'), process.listenerCount('SIGTERM')];
    const stop = listenForStop();
    expect([process.listenerCount('SIGINT'), process.listenerCount('SIGTERM')]).toEqual([before[0]! + 1, before[1]! + 1]);
    expect(stop.received).toBeUndefined();
    process.emit('SIGTERM', 'SIGTERM');
    process.emit('SIGINT', 'SIGINT');
    await expect(stop.heard).resolves.toBe('SIGTERM');
    expect(stop.received).toBe('SIGTERM');
    stop.dispose();
    expect([process.listenerCount('SIGINT'), process.listenerCount('SIGTERM')]).toEqual(before);
  });

  it('SIGINT first: SIGINT', async () => {
    const stop = listenForStop();
    process.emit('SIGINT', 'SIGINT');
    await expect(stop.heard).resolves.toBe('SIGINT');
    expect(stop.received).toBe('SIGINT');
    stop.dispose();
  });
});

describe('listenForStop, told of each signal', () => {
  it('each signal is passed on, the first marked first', () => {
    const told: [string, boolean][] = [];
    const stop = listenForStop((signal, first) => told.push([signal, first]));
    process.emit('SIGINT', 'SIGINT');
    process.emit('SIGTERM', 'SIGTERM');
    stop.dispose();
    process.emit('SIGTERM', 'SIGTERM'); // no longer listened to by it
    expect(told).toEqual([
      ['SIGINT', true],
      ['SIGTERM', false],
    ]);
    expect(stop.received).toBe('SIGINT');
  });
});
