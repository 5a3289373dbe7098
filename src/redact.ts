// Secrets that teamctl must never write anywhere (README, "Talking to the service"). The token is
// registered as soon as it is known, and every stream and every file teamctl writes passes
// through `redact`. Module state on purpose: the leak this prevents is a writer that forgot to
// ask a context for its redactor, so there is nothing to forget.
//
// Writers that escape (Markdown, XML, CSV, JSON, the terminal) call `redact` before escaping,
// since an escape can split a secret; the spellings below are the last check on what is written,
// should an escaper ever forget.
const secrets = new Set<string>();

/** The ways an escaping writer could spell `secret`: JSON, XML, CSV and Markdown. */
function spellings(secret: string): string[] {
  const json = JSON.stringify(secret).slice(1, -1);
  const xml = secret.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
  const csv = secret.replace(/"/g, '""');
  const markdown = secret.replace(/\\/g, '\\\\').replace(/[|`*_[\]#~!()]/g, (c) => `\\${c}`);
  const markdownInTable = secret.replace(/\|/g, '\\|');
  return [secret, json, xml, csv, markdown, markdownInTable];
}

/** Registers a secret in every spelling a writer could give it. */
export function addSecret(secret: string): void {
  if (secret.length < 4) return;
  for (const spelling of spellings(secret)) secrets.add(spelling);
}

/** `text` with every registered secret replaced by `***`. */
export function redact(text: string): string {
  let out = text;
  for (const secret of secrets) if (out.includes(secret)) out = out.split(secret).join('***');
  return out;
}
