#!/usr/bin/env node
// Writes the notices of the packages bundled into dist/ at the end of LICENSE (README, "Install"):
// the packages esbuild's metafile names (`npm run build` writes it), each with its licence file as
// shipped. Run after a dependency changes: `node .ci/notices.js`; test/bundle.test.ts checks that
// every bundled package has its notice.
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const marker = '\n========================================================================\nPackages bundled into teamctl\n';
const metafile = JSON.parse(readFileSync(join(root, 'node_modules/.cache/teamctl/meta.json'), 'utf8'));

/** The packages whose files the bundle holds, by the folder of each. */
export function bundledPackages(inputs) {
  const folders = new Set();
  for (const input of inputs) {
    const m = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input);
    if (m) folders.add(m[1]);
  }
  return [...folders].sort();
}

// saxes ships no licence file: its package.json says ISC, and its README names its authors.
const isc = (holder) => `ISC License\n\nCopyright (c) ${holder}\n\nPermission to use, copy, modify, and/or distribute this software for any\npurpose with or without fee is hereby granted, provided that the above\ncopyright notice and this permission notice appear in all copies.\n\nTHE SOFTWARE IS PROVIDED "AS IS" AND THE AUTHOR DISCLAIMS ALL WARRANTIES\nWITH REGARD TO THIS SOFTWARE INCLUDING ALL IMPLIED WARRANTIES OF\nMERCHANTABILITY AND FITNESS. IN NO EVENT SHALL THE AUTHOR BE LIABLE FOR\nANY SPECIAL, DIRECT, INDIRECT, OR CONSEQUENTIAL DAMAGES OR ANY DAMAGES\nWHATSOEVER RESULTING FROM LOSS OF USE, DATA OR PROFITS, WHETHER IN AN\nACTION OF CONTRACT, NEGLIGENCE OR OTHER TORTIOUS ACTION, ARISING OUT OF\nOR IN CONNECTION WITH THE USE OR PERFORMANCE OF THIS SOFTWARE.\n`;

function notice(folder) {
  const pkg = JSON.parse(readFileSync(join(root, folder, 'package.json'), 'utf8'));
  const file = readdirSync(join(root, folder)).find((f) => /^(licen[cs]e|copying)/i.test(f));
  const text = file ? readFileSync(join(root, folder, file), 'utf8').trim() + '\n' : isc(typeof pkg.author === 'string' ? pkg.author : pkg.author?.name);
  return `\n------------------------------------------------------------------------\n${pkg.name} ${pkg.version} (${pkg.license})\n------------------------------------------------------------------------\n\n${text}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const licensePath = join(root, 'LICENSE');
  const license = readFileSync(licensePath, 'utf8');
  const head = license.includes(marker) ? license.slice(0, license.indexOf(marker)) : license;
  const packages = bundledPackages(Object.keys(metafile.inputs)).filter((f) => existsSync(join(root, f, 'package.json')));
  const intro = '========================================================================\n\n`npm run build` bundles these packages into dist/; their notices follow.\n';
  writeFileSync(licensePath, head + marker + intro + packages.map(notice).join(''));
}
