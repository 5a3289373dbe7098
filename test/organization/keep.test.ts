// Protected users (`teamctl help organization`, "Organization roles and leavers"): the config key `keep` read as
// --keep takes it (commas, spaces, empty parts), a bad value refused naming the key, and the
// warning for a kept user named for removal, word for word.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Context } from '../../src/context.js';
import { InputFileError } from '../../src/errors.js';
import { configuredKeep, warnKeptNamed } from '../../src/organization/keep.js';
import { fakeStreams } from '../helpers/streams.js';

async function contextWith(keep: string | undefined) {
  const streams = fakeStreams();
  const ctx = new Context({ streams, env: { TEAMCTL_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'teamctl-keep-')) } }, { color: false });
  if (keep !== undefined) await ctx.store.update(ctx.profileName, (p) => (p.keep = keep));
  return { ctx, warnings: () => streams.err() };
}

describe('configuredKeep', () => {
  it('is nobody without the key', async () => {
    const { ctx } = await contextWith(undefined);
    expect(configuredKeep(ctx)).toEqual([]);
  });

  it('reads e-mails and ids separated by commas, spaces around them and empty parts left out', async () => {
    const { ctx } = await contextWith(' a@example.com,, u00003 , ,B@Example.com,');
    expect(configuredKeep(ctx)).toEqual([
      { key: 'a@example.com', kind: 'email', line: 0 },
      { key: 'u00003', kind: 'id', line: 0 },
      { key: 'B@Example.com', kind: 'email', line: 0 },
    ]);
  });

  it('refuses a bad value naming the key and its place among the users it names', async () => {
    const { ctx } = await contextWith('a@example.com, ,not an id');
    let thrown: unknown;
    try {
      configuredKeep(ctx);
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(InputFileError);
    expect((thrown as InputFileError).problems).toEqual([{ file: 'the config key keep', line: 2, message: 'invalid user id "not an id" (ids contain no spaces)' }]);
  });
});

describe('warnKeptNamed', () => {
  const keep = [
    { key: 'A@example.com', kind: 'email' as const, line: 0 },
    { key: 'u7', kind: 'id' as const, line: 0 },
  ];

  it('warns for each user named for removal whom keep protects, by e-mail in any case or by id', async () => {
    const { ctx, warnings } = await contextWith(undefined);
    warnKeptNamed(ctx, [{ id: 'u1', email: 'a@EXAMPLE.com' }, { id: 'u2', email: 'b@example.com' }, { id: 'u7', email: null }, { id: null, email: 'u7@example.com' }], keep);
    expect(warnings()).toBe(
      'warning: a@EXAMPLE.com is kept (protected), but named for removal: removed anyway\n' + 'warning: u7 is kept (protected), but named for removal: removed anyway\n',
    );
  });

  it('says nothing when nobody is kept or no kept user is named', async () => {
    const { ctx, warnings } = await contextWith(undefined);
    warnKeptNamed(ctx, [{ id: 'u1', email: 'a@example.com' }], []);
    warnKeptNamed(ctx, [{ id: 'u2', email: 'b@example.com' }], keep);
    expect(warnings()).toBe('');
  });
});
