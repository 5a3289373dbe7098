// What teamctl accepts as a token (README, "auth"). A token must be sendable as a header value.
// It is redacted wherever it could be written, so one teamctl works with must be long enough that
// redaction never cuts into unrelated data (a 4-character token would turn ada@example.com into
// ada@***ple.com): a shorter one is first shown to the service, and one it refuses is exit 4 like
// any refused token; one it accepts is refused here (shortTokenAccepted).
import { UsageError } from './errors.js';

/** The fewest characters of a token teamctl works with: shorter ones could not be redacted safely. */
export const minTokenLength = 16;
/** The most: bearer tokens are far shorter; anything longer is not a token. */
export const maxTokenLength = 4096;

// A bearer token's alphabet (RFC 6750, b64token): what `auth login` stores.
const bearerAlphabet = /^[A-Za-z0-9\-._~+/]+=*$/;
// What an HTTP header value can carry: visible ASCII.
const headerSafe = /^[\x21-\x7e]+$/;

/**
 * Refuses a token that cannot be sent. `login` is strict (the bearer-token alphabet); a token from
 * TEAMCTL_TOKEN or a config file need only be sendable. A short one is not refused here: whether
 * the service takes it is asked first (isShortToken).
 */
export function checkToken(value: string, source: string, strict: boolean): void {
  const refuse = (why: string): never => {
    throw new UsageError(`the token from ${source} ${why}; nothing was ${strict ? 'stored' : 'sent'}`);
  };
  if (value.length > maxTokenLength) refuse(`has ${value.length} characters: a token has at most ${maxTokenLength}`);
  if (strict ? !bearerAlphabet.test(value) : !headerSafe.test(value)) {
    refuse(strict ? 'has characters a bearer token cannot have (letters, digits and - . _ ~ + / only, = at the end)' : 'has white space, control or non-ASCII characters, which a request header cannot carry');
  }
}

/** A token too short to redact safely: the service is asked whether it takes it before anything else. */
export const isShortToken = (value: string): boolean => value.length < minTokenLength;

/** A short token the service accepts: refused all the same, since output could not be kept free of it. */
export function shortTokenAccepted(value: string, source: string, done: 'stored' | 'changed'): UsageError {
  return new UsageError(
    `the token from ${source} has ${value.length} characters: the service accepts it, but teamctl works only with tokens of at least ${minTokenLength}, which it can keep out of output; nothing was ${done}`,
    { hint: 'create a longer token in the service' },
  );
}
