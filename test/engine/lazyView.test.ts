// A run's rows and Markdown are built only when an output asks for them (src/engine/run.ts).
import { describe, expect, it } from 'vitest';
import { lazyView } from '../../src/engine/run.js';

describe('lazyView', () => {
  it('builds the rows once, and only when rows or doc are read', () => {
    let built = 0;
    const view = lazyView(
      () => {
        built++;
        return [1, 2, 3];
      },
      (rows) => ({ title: `${rows.length} rows`, sections: [] }),
      { json: { ok: true } },
    );
    expect(view.json).toEqual({ ok: true });
    expect(built).toBe(0);
    expect(view.doc.title).toBe('3 rows');
    expect(view.rows).toEqual([1, 2, 3]);
    expect(built).toBe(1);
  });
});
