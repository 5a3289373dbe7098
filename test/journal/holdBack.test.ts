import { describe, expect, it } from 'vitest';
import { Context } from '../../src/context.js';
import { UsageError } from '../../src/errors.js';
import { holdBackWaiter, parseHoldBack } from '../../src/journal/holdBack.js';
import { fakeStreams } from '../helpers/streams.js';

describe('parseHoldBack', () => {
  it('defaults to 60 s and settling; --hold-back in whole seconds, 0 to a day; --no-settle', () => {
    expect(parseHoldBack({})).toEqual({ holdBackMs: 60_000, settle: true });
    expect(parseHoldBack({ holdBack: '0', settle: false })).toEqual({ holdBackMs: 0, settle: false });
    expect(parseHoldBack({ holdBack: ' 86400 ' })).toEqual({ holdBackMs: 86_400_000, settle: true });
    for (const bad of ['', '-5', '2.5', '1e3', '86401', 'ten']) expect(() => parseHoldBack({ holdBack: bad })).toThrow(UsageError);
     expect(() => parseHoldBack({ holdBack: '2.5' })).toThrow('--hold-back takes a whole number of seconds from 0 to 86400, not "2.5"');
  });
});

describe('holdBackWaiter', () => {
  const run = async (tty: boolean, ms: number) => {
    const waits: number[] = [];
    const streams = fakeStreams({ stderrIsTTY: tty });
    const ctx = new Context({ streams, env: {}, sleep: async (w: number) => void waits.push(w) }, { color: false });
    await holdBackWaiter(ctx)(ms, 3);
    return { waits, err: streams.err() };
  };

  it('off a terminal: one line, one wait of the whole time', async () => {
    const { waits, err } = await run(false, 2500);
    expect(waits).toEqual([2500]);
    expect(err).toBe('3 glossary operations with an unknown outcome held back: waiting 3s for the hold-back time to pass, then listing the glossary to settle them (--no-settle leaves them to a later run)\n');
  });

  it('on a terminal: the line, then a countdown redrawn each second, cleared at the end', async () => {
    const { waits, err } = await run(true, 2500);
    expect(waits).toEqual([1000, 1000, 500]);
    expect(err).toContain('waiting 3s for the hold-back time to pass');
    expect(err).toContain('\r\u001b[2K  settling in 3s\r\u001b[2K  settling in 2s\r\u001b[2K  settling in 1s\r\u001b[2K');
  });
});

describe('holdBackWaiter, interrupted', () => {
  it('on a terminal, an interruption during the countdown ends it at once: no further second waited', async () => {
    const waits: number[] = [];
    const streams = fakeStreams({ stderrIsTTY: true });
    // The second second of the countdown is interrupted (Ctrl-C): no third one.
    const sleep = async (w: number): Promise<void> => {
      waits.push(w);
      if (waits.length === 2) ctx.interruptRequests(0);
    };
    const ctx: Context = new Context({ streams, env: {}, sleep }, { color: false });
    await holdBackWaiter(ctx)(3600_000, 1);
    expect(waits).toEqual([1000, 1000]);
    expect(streams.err()).toContain('\r\u001b[2K  settling in 3600s\r\u001b[2K  settling in 3599s\r\u001b[2K');
    expect(streams.err()).not.toContain('settling in 3598s');
  });

  it('an interruption before the wait: it does not wait at all', async () => {
    const waits: number[] = [];
    const ctx = new Context({ streams: fakeStreams({ stderrIsTTY: false }), env: {}, sleep: async (w: number) => void waits.push(w) }, { color: false });
    ctx.interruptRequests(0);
    await holdBackWaiter(ctx)(60_000, 1);
    expect(waits).toEqual([]);
  });
});
