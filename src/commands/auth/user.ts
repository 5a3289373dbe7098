// What the auth commands say of a token and of its user (README, "auth").
import type { User } from '../../api/types.js';
import { oneLine } from '../../output/terminal.js';

export function maskToken(token: string): string {
  return token.length <= 4 ? '****' : `****${token.slice(-4)}`;
}

/** A user as people read it: name <e-mail> (id). */
export function describeUser(user: User): string {
  return oneLine(`${user.displayName}${user.email ? ` <${user.email}>` : ''} (${user.id})`);
}
