// A DeepL glossary read by its own codes (`bank,Bank,EN,DE`; `teamctl help glossary-files`, "Glossary file layouts"):
// DeepL's codes have no region, so `EN` stands for whichever English key the glossary uses. Each
// code becomes the glossary's key of that language when it names one key: the key itself, any case
// (`de`, `DE`), else the one key with that primary subtag (`EN` → en-US). With none, the code is
// the key (`en`); with several (en-US and en-GB) it is too, and a warning says to name the key
// with --languages.
import type { GlossaryEntry } from '../api/types.js';
import type { GlossaryFile } from '../files/glossary/read.js';
import { deeplCode } from '../files/glossary/headerless.js';

/** The file with its DeepL codes made the glossary's keys, and the warnings of codes left as they are. */
export function deeplCodesToKeys(file: GlossaryFile, existing: readonly Pick<GlossaryEntry, 'translations'>[]): { file: GlossaryFile; warnings: string[] } {
  if (file.deeplCodes !== true) return { file, warnings: [] };
  const keys = new Map<string, string>(); // lower case → first spelling met
  for (const entry of existing) for (const key of Object.keys(entry.translations)) if (!keys.has(key.toLowerCase())) keys.set(key.toLowerCase(), key);
  const renamed = new Map<string, string>();
  const warnings: string[] = [];
  for (const language of file.languages) {
    if (keys.has(language.toLowerCase())) continue;
    const same = [...keys.values()].filter((k) => deeplCode(k) === deeplCode(language));
    if (same.length === 1) renamed.set(language, same[0] as string);
    else if (same.length > 1) {
      warnings.push(`DeepL's ${deeplCode(language)} may be any of ${same.join(', ')} in this glossary: read as ${language}; name the key with --languages (e.g. --languages ${same[0]},…)`);
    }
  }
  if (renamed.size === 0) return { file, warnings };
  const key = (language: string): string => renamed.get(language) ?? language;
  const rows = file.rows.map((row) => ({ ...row, translations: Object.fromEntries(Object.entries(row.translations).map(([l, t]) => [key(l), t])) }));
  return { file: { ...file, rows, languages: file.languages.map(key), key: key(file.key) }, warnings };
}
