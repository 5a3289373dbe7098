// Secrets that teamctl must never write anywhere (README, "Talking to the service"). The token is
// registered as soon as it is known, and every stream and every file teamctl writes passes
// through `redact`. Module state on purpose: the leak this prevents is a writer that forgot to
// ask a context for its redactor, so there is nothing to forget.
const secrets = new Set<string>();

/** Registers a secret; its JSON-escaped spelling too, as a JSON report would write it. */
export function addSecret(secret: string): void {
  if (secret.length < 4) return;
  secrets.add(secret);
  const escaped = JSON.stringify(secret).slice(1, -1);
  if (escaped !== secret) secrets.add(escaped);
}

/** `text` with every registered secret replaced by `***`. */
export function redact(text: string): string {
  let out = text;
  for (const secret of secrets) if (out.includes(secret)) out = out.split(secret).join('***');
  return out;
}
