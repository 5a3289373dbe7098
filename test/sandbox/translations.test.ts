// The sandbox's translations (`teamctl help translations`, "The sandbox"): GET …/translations as
// the published `Translation` with its paging, POST …/run answered 204 and counted at once, 404
// for an unknown translation, statuses moving on with the store's clock, and the data file.
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { SandboxStore } from '../../src/sandbox/store.js';

let sandbox: Sandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

async function call(method: string, path: string): Promise<{ status: number; body: unknown }> {
  const s = sandbox as Sandbox;
  const res = await fetch(`${s.url}/v1${path}`, { method, headers: { authorization: `Bearer ${s.token}` } });
  const text = await res.text();
  return { status: res.status, body: text === '' ? undefined : JSON.parse(text) };
}

describe('sandbox translations', () => {
  it('lists every field the published Translation requires, in pages', async () => {
    sandbox = await startSandbox({ port: 0 });
    const first = await call('GET', '/orgs/acme/translations?limit=2');
    expect(first.status).toBe(200);
    const page = first.body as { items: Record<string, unknown>[]; next?: { page: string }; count: number };
    expect(page.count).toBe(5);
    expect(page.items).toHaveLength(2);
    for (const field of ['object', 'id', 'status', 'source', 'language', 'instructions', 'createdAt', 'updatedAt', 'stats', 'permissions', 'urls']) expect(page.items[0]).toHaveProperty(field);
    expect(page.items[0]).toMatchObject({ object: 'translation', id: 'tr-api-de', status: 'completed', source: { space: 'space-api', language: 'en' }, language: 'de', stats: { runs: 3 } });
    expect(Object.keys(page.items[0]?.stats as object).sort()).toEqual(['latestPages', 'latestRunDuration', 'latestWords', 'runs', 'totalDuration', 'totalPages', 'totalWords']);
    const rest = await call('GET', `/orgs/acme/translations?limit=2&page=${page.next?.page ?? ''}`);
    expect((rest.body as { items: { id: string }[] }).items.map((t) => t.id)).toEqual(['tr-api-ja', 'tr-guidelines-pt-br']);
    expect((await call('GET', '/orgs/nope/translations')).status).toBe(404);
  });

  it('a run is 204, counted at once; pending, running, then completed on the store clock; 404 for an unknown translation', async () => {
    sandbox = await startSandbox({ port: 0 });
    let clock = Date.parse('2026-12-07T10:00:00Z');
    sandbox.store.translations.now = () => clock;
    const run = await call('POST', '/orgs/acme/translations/tr-api-ja/run');
    expect(run).toEqual({ status: 204, body: undefined });
    const ja = sandbox.store.translations.get('acme', 'tr-api-ja');
    expect(ja).toMatchObject({ runs: 2, lastRunAt: '2026-12-07T10:00:00.000Z', updatedAt: '2026-12-07T10:00:00.000Z' });
    const status = () => sandbox!.store.translations.status(ja!);
    expect(status()).toBe('pending');
    clock += 5_000;
    expect(status()).toBe('running');
    clock += 60_000;
    expect(status()).toBe('completed');
    expect((await call('POST', '/orgs/acme/translations/tr-nope/run')).status).toBe(404);
    expect((await call('GET', '/orgs/acme/translations/tr-api-ja/run')).status).toBe(405);
  });

  it('the data file keeps translations and their runs; the empty seed has none', async () => {
    const store = new SandboxStore();
    store.createOrganization('o');
    store.translations.add('o', { id: 't', source: { space: 's', language: 'en' }, language: 'fr', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', runs: 0, words: 1, pages: 1 });
    store.translations.run('o', 't');
    const copy = SandboxStore.fromJSON(JSON.parse(JSON.stringify(store.toJSON())));
    expect(copy.translations.list('o')).toEqual(store.translations.list('o'));
    expect(() => SandboxStore.fromJSON({ version: 1, organizations: [{ id: 'o', users: [], teams: [], glossary: [], translations: [{ id: 't' }] }] })).toThrow(/not one the sandbox wrote/);
    sandbox = await startSandbox({ port: 0, seed: 'empty' });
    expect((await call('GET', '/orgs/acme/translations')).body).toMatchObject({ items: [], count: 0 });
  });
});
