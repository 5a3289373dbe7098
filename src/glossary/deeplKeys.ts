// A DeepL glossary read by its own codes (`bank,Bank,EN,DE`; `teamctl help glossary-files`, "Glossary file layouts"):
// DeepL's codes have no region, so `EN` stands for whichever English key the glossary uses. Each
// code becomes the glossary's key of that language when it names one key: the key itself, any case
// (`de`, `DE`), else the one key with that primary subtag (`EN` → en-US). With none, the code is
// the key (`en`); with several (en-US and en-GB) the file is refused (exit 2, nothing sent): which
// one it means is said with --languages, as the export's own --languages says it.
import type { GlossaryEntry } from '../api/types.js';
import { UsageError } from '../errors.js';
import type { GlossaryFile } from '../files/glossary/read.js';
import { deeplCode } from '../files/glossary/headerless.js';

/** The file with its DeepL codes made the glossary's keys; a code that stands for several keys is refused. */
export function deeplCodesToKeys(file: GlossaryFile, existing: readonly Pick<GlossaryEntry, 'translations'>[], name = 'the file'): GlossaryFile {
  if (file.deeplCodes !== true) return file;
  const keys = new Map<string, string>(); // lower case → first spelling met
  for (const entry of existing) for (const key of Object.keys(entry.translations)) if (!keys.has(key.toLowerCase())) keys.set(key.toLowerCase(), key);
  const renamed = new Map<string, string>();
  const several: { code: string; keys: string[] }[] = [];
  for (const language of file.languages) {
    if (keys.has(language.toLowerCase())) continue;
    const same = [...keys.values()].filter((k) => deeplCode(k) === deeplCode(language));
    if (same.length === 1) renamed.set(language, same[0] as string);
    else if (same.length > 1) several.push({ code: deeplCode(language), keys: same });
  }
  const key = (language: string): string => renamed.get(language) ?? language;
  if (several.length > 0) {
    const example = file.languages.map((l) => several.find((s) => s.code === deeplCode(l))?.keys[0] ?? keys.get(l.toLowerCase()) ?? key(l)).join(',');
    const which = several.map((s) => `${s.code} stands for ${s.keys.join(' and ')}`).join('; ');
    throw new UsageError(`${name} is a DeepL glossary, whose codes have no region, and in this glossary ${which}: name the languages with --languages (e.g. --languages ${example}); nothing was sent`);
  }
  if (renamed.size === 0) return file;
  const rows = file.rows.map((row) => ({ ...row, translations: Object.fromEntries(Object.entries(row.translations).map(([l, t]) => [key(l), t])) }));
  return { ...file, rows, languages: file.languages.map(key), key: key(file.key) };
}
