// No stack trace from any input (`teamctl help reliability`, "Reliability"): every reader of a
// file a user hands teamctl — user files and rosters (CSV, TSV, teamctl's JSON and NDJSON,
// .xlsx), glossary files in every layout (delimited, JSON, NDJSON, TBX, MultiTerm, .xlsx) and the
// plan-file loader with each kind's body — is driven with random bytes and with random shapes of
// what it reads. Each reading succeeds or fails with a TeamctlError (one line, an exit code);
// any other exception fails the property with its stack; and the file is closed either way.
// CI-sized: a few hundred cases, a few seconds.
import fc from 'fast-check';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TeamctlError } from '../../src/errors.js';
import { checked } from '../../src/engine/shape.js';
import type { Json } from '../../src/engine/shape.js';
import { parsePlanFile } from '../../src/engine/planFile.js';
import { readGlossaryFile } from '../../src/files/glossary/read.js';
import { delimitedLayouts } from '../../src/files/glossary/registry.js';
import { readUserFile } from '../../src/files/users.js';
import { glossaryPlanBody } from '../../src/glossary/savedPlan.js';
import { membersPlanBody } from '../../src/members/savedPlan.js';
import { orgPlanBody } from '../../src/organization/savedPlan.js';
import { teamsPlanBody } from '../../src/teams/savedPlan.js';
import { openFiles } from '../helpers/fds.js';

const dir = mkdtempSync(join(tmpdir(), 'teamctl-fuzz-'));
let n = 0;
/** A file named `*.<ext>` holding `bytes`. */
const file = (ext: string, bytes: Uint8Array | string): string => {
  const path = join(dir, `f${n++}.${ext}`);
  writeFileSync(path, bytes);
  return path;
};

/** The descriptors this process has open on `path`. */
const openOn = (path: string): string[] => openFiles().filter((target) => target === path);

/**
 * Whether a reading ended as promised: a value, or a TeamctlError, and the file it read (if any)
 * closed either way. Anything else is rethrown.
 */
async function settles(read: () => Promise<unknown>, path?: string): Promise<true> {
  try {
    await read();
  } catch (err) {
    if (!(err instanceof TeamctlError)) throw err;
    expect(err.message.length).toBeGreaterThan(0);
  }
  if (path !== undefined) expect(openOn(path)).toEqual([]);
  return true;
}

/** Reads the file `*.<ext>` holding `bytes` with `read`: it settles, and leaves it closed. */
const reads = (ext: string, bytes: Uint8Array | string, read: (path: string) => Promise<unknown>): Promise<true> => {
  const path = file(ext, bytes);
  return settles(() => read(path), path);
};

const runs = { numRuns: 120 };

// Characters that break readers: quotes, delimiters, line ends, a BOM, NUL and controls, markup,
// invisible and astral characters, lone surrogates.
const nasty = fc.constantFrom('"', '""', ',', ';', '\t', '\n', '\r\n', '\r', '\uFEFF', '\u0000', '\u001b[2J', '<', '>', '&', '&#0;', ']]>', '{', '}', '[', ']', ':', '\\', '\u202e', '\u00ad', '😀', '\ud800', 'e\u0301', ' ', '=', '#TYPE x');
const cell = fc.oneof(fc.string({ maxLength: 12 }), nasty, fc.constantFrom('user@example.com', 'u_123', 'owner', 'member', 'admin', 'eng', 'en', 'fr', 'true', '0', '-1', '1e999'));
const userHeads = ['email', 'id', 'user', 'role', 'team', 'orgRole', 'Email Address [Required]', 'EmailAddress', 'Status', 'status', 'name', 'login', 'sso'];
const glossaryHeads = [...new Set([...delimitedLayouts.flatMap((l) => [...(l.termColumns ?? []), ...(l.metadata ?? [])]), 'en', 'fr', 'de', 'ja', 'key', 'id', 'en-US', 'Term [en]', 'source', 'target', 'term', 'translation'])];

/** Delimited text: a header from `heads` (or none), rows of cells, joined by a random delimiter. */
const delimited = (heads: readonly string[]) =>
  fc
    .record({
      header: fc.array(fc.oneof(fc.constantFrom(...heads), cell), { minLength: 0, maxLength: 6 }),
      rows: fc.array(fc.array(cell, { maxLength: 7 }), { maxLength: 12 }),
      sep: fc.constantFrom(',', ';', '\t'),
      end: fc.constantFrom('\n', '\r\n', ''),
      quote: fc.boolean(),
    })
    .map(({ header, rows, sep, end, quote }) =>
      [header, ...rows].map((r) => r.map((c) => (quote && c.includes(sep) ? `"${c.replaceAll('"', '""')}"` : c)).join(sep)).join('\n') + end,
    );

/** JSON values whose object keys are the ones a reader looks for (and others). */
const shaped = (keys: readonly string[]): fc.Arbitrary<unknown> =>
  fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), nasty),
      fc.array(tie('value'), { maxLength: 4 }),
      fc.dictionary(fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 6 })), tie('value'), { maxKeys: 6 }),
    ),
  })).value;

const memberKeys = ['organization', 'user', 'email', 'id', 'displayName', 'role', 'team', 'members', 'items', 'next', 'page'];
/** NDJSON or JSON text of `values`, or its first `cut` characters (truncated). */
const jsonText = (keys: readonly string[]) =>
  fc.record({ values: fc.array(shaped(keys), { minLength: 1, maxLength: 5 }), nd: fc.boolean(), cut: fc.option(fc.nat(), { nil: undefined }) }).map(({ values, nd, cut }) => {
    const text = nd ? values.map((v) => JSON.stringify(v)).join('\n') : JSON.stringify(values.length === 1 ? values[0] : values);
    return cut === undefined ? text : text.slice(0, cut % (text.length + 1));
  });

const xmlText = fc
  .record({
    root: fc.constantFrom('martif', 'tbx', 'mtf', 'conceptGrp', 'x'),
    langs: fc.array(fc.record({ lang: fc.oneof(fc.constantFrom('en', 'fr', 'de', ''), cell), term: cell }), { maxLength: 4 }),
    extra: fc.array(cell, { maxLength: 3 }),
    cut: fc.option(fc.nat(), { nil: undefined }),
  })
  .map(({ root, langs, extra, cut }) => {
    const sets = langs.map((l) => `<langSet xml:lang="${l.lang}"><tig><term>${l.term}</term></tig></langSet><languageGrp><language lang="${l.lang}" type="x"/><termGrp><term>${l.term}</term></termGrp></languageGrp>`);
    const text = `<?xml version="1.0"?>\n<${root} type="TBX-Basic"><text><body><termEntry id="t1">${sets.join('')}${extra.join('')}</termEntry></body></text></${root}>`;
    return cut === undefined ? text : text.slice(0, cut % (text.length + 1));
  });

const xlsx = readFileSync(join(import.meta.dirname, '../fixtures/real/xlsx/tealeg-testcelltypes.xlsx'));
/** A real .xlsx with some of its bytes changed, cut or not. */
const mutatedXlsx = fc
  .record({ changes: fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 8 }), cut: fc.option(fc.nat(), { nil: undefined }) })
  .map(({ changes, cut }) => {
    const bytes = Uint8Array.from(xlsx);
    for (const [at, value] of changes) bytes[at % bytes.length] = value;
    return cut === undefined ? bytes : bytes.subarray(0, cut % bytes.length);
  });

const userOptions = fc.record({ readRoles: fc.boolean(), dropInactive: fc.boolean(), orgRoles: fc.boolean() });

describe('user files and rosters', () => {
  it('random bytes, under any extension', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 600 }), fc.constantFrom('csv', 'tsv', 'txt', 'json', 'xlsx'), userOptions, (bytes, ext, opts) => reads(ext, bytes, (path) => readUserFile(path, opts))),
      runs,
    );
  });

  it('delimited text of user columns, teamctl JSON and NDJSON shapes', async () => {
    const text = fc.oneof(delimited(userHeads), jsonText(memberKeys));
    await fc.assert(
      fc.asyncProperty(text, fc.constantFrom('csv', 'tsv', 'txt'), userOptions, (t, ext, opts) => reads(ext, t, (path) => readUserFile(path, opts))),
      runs,
    );
  });

  it('a real .xlsx with bytes changed', async () => {
    await fc.assert(
      fc.asyncProperty(mutatedXlsx, userOptions, (bytes, opts) => reads('xlsx', bytes, (path) => readUserFile(path, opts))),
      { numRuns: 40 },
    );
  });
});

describe('glossary files, every layout', () => {
  const glossaryOptions = fc.record({ key: fc.option(fc.constantFrom('en', 'fr', 'xx'), { nil: undefined }), languages: fc.option(fc.constantFrom('en,fr', 'de'), { nil: undefined }) });

  it('random bytes, under any extension', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 600 }), fc.constantFrom('csv', 'tsv', 'json', 'ndjson', 'tbx', 'xml', 'xlsx'), (bytes, ext) => reads(ext, bytes, (path) => readGlossaryFile(path))),
      runs,
    );
  });

  it('delimited layouts, JSON and NDJSON, TBX and MultiTerm shapes', async () => {
    const shapes = fc.oneof(
      fc.tuple(delimited(glossaryHeads), fc.constantFrom('csv', 'tsv', 'txt')),
      fc.tuple(jsonText([...glossaryHeads, 'translations', 'entries', 'items']), fc.constantFrom('json', 'ndjson')),
      fc.tuple(xmlText, fc.constantFrom('tbx', 'xml')),
    );
    await fc.assert(
      fc.asyncProperty(shapes, glossaryOptions, ([text, ext], opts) => reads(ext, text, (path) => readGlossaryFile(path, { ...(opts.key ? { key: opts.key } : {}), ...(opts.languages ? { languages: opts.languages.split(',') } : {}) }))),
      runs,
    );
  });

  it('a real .xlsx with bytes changed', async () => {
    await fc.assert(
      fc.asyncProperty(mutatedXlsx, (bytes) => reads('xlsx', bytes, (path) => readGlossaryFile(path))),
      { numRuns: 40 },
    );
  });
});

describe('the plan-file loader', () => {
  const bodies: Record<string, (value: Json) => unknown> = {
    members: (v) => membersPlanBody(v),
    organization: orgPlanBody,
    teams: teamsPlanBody,
    glossary: glossaryPlanBody,
  };
  /** The plan as `apply` reads it: the file, then its kind's body, checked. */
  const load = (text: Uint8Array | string, path: string) =>
    settles(async () => {
      const plan = parsePlanFile(typeof text === 'string' ? text : Buffer.from(text), path);
      const body = bodies[plan.kind];
      if (body) checked(path, () => body(plan.body as Json));
    });
  const planKeys = ['format', 'version', 'kind', 'baseUrl', 'organization', 'command', 'createdAt', 'id', 'body', 'teams', 'team', 'state', 'digest', 'members', 'plan', 'add', 'remove', 'roleChanges', 'unchanged', 'notMember', 'notInRoster', 'kept', 'keptNamed', 'user', 'role', 'roleAsked', 'pruned', 'from', 'to', 'changes', 'action', 'options', 'force', 'maxRemovals', 'maxOrgRemovals', 'minOwners', 'concurrency', 'invitations', 'invitees', 'batchSize', 'email', 'operations', 'operation', 'entries', 'translations', 'terms', 'key', 'title', 'conflicts', 'deletions', 'maxDeletions', 'rerequestAfterDays'];

  it('random bytes', async () => {
    await fc.assert(fc.asyncProperty(fc.uint8Array({ maxLength: 400 }), (bytes) => load(bytes, 'plan.json')), runs);
  });

  it('plan-like shapes of every kind, whole or cut short', async () => {
    const plan = fc
      .record({
        kind: fc.constantFrom('members', 'organization', 'teams', 'glossary', 'other'),
        version: fc.oneof(fc.constant(1), fc.integer({ min: -2, max: 3 }), fc.double()),
        body: shaped(planKeys),
        extra: fc.dictionary(fc.constantFrom(...planKeys), shaped(planKeys), { maxKeys: 3 }),
        cut: fc.option(fc.nat(), { nil: undefined }),
      })
      .map(({ kind, version, body, extra, cut }) => {
        const text = JSON.stringify({ format: 'teamctl-plan', version, kind, baseUrl: 'http://127.0.0.1:1/v1', organization: 'acme', command: 'members add', createdAt: '2026-01-01T00:00:00Z', ...extra, body });
        return cut === undefined ? text : text.slice(0, cut % (text.length + 1));
      });
    await fc.assert(fc.asyncProperty(plan, (text) => load(text, 'plan.json')), { numRuns: 300 });
  });
});
