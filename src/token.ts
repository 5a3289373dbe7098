// What teamctl accepts as a token (README, "auth"). A token is redacted wherever it could be
// written, so it must be long enough that redaction never cuts into unrelated data (a 4-character
// token would turn ada@example.com into ada@***ple.com), and sendable as a header value.
import { UsageError } from './errors.js';

/** The fewest characters of a token: shorter ones could not be redacted safely. */
export const minTokenLength = 16;
/** The most: bearer tokens are far shorter; anything longer is not a token. */
export const maxTokenLength = 4096;

// A bearer token's alphabet (RFC 6750, b64token): what `auth login` stores.
const bearerAlphabet = /^[A-Za-z0-9\-._~+/]+=*$/;
// What an HTTP header value can carry: visible ASCII.
const headerSafe = /^[\x21-\x7e]+$/;

/**
 * Refuses a token that cannot be used or kept out of output. `login` is strict (the bearer-token
 * alphabet); a token from TEAMCTL_TOKEN or a config file need only be sendable.
 */
export function checkToken(value: string, source: string, strict: boolean): void {
  const refuse = (why: string): never => {
    throw new UsageError(`the token from ${source} ${why}; nothing was ${strict ? 'stored' : 'sent'}`);
  };
  if (value.length < minTokenLength) refuse(`has ${value.length} characters: a token has at least ${minTokenLength}`);
  if (value.length > maxTokenLength) refuse(`has ${value.length} characters: a token has at most ${maxTokenLength}`);
  if (strict ? !bearerAlphabet.test(value) : !headerSafe.test(value)) {
    refuse(strict ? 'has characters a bearer token cannot have (letters, digits and - . _ ~ + / only, = at the end)' : 'has white space, control or non-ASCII characters, which a request header cannot carry');
  }
}
