// Identifiers in URL paths (`teamctl help environment`, "Talking to the service"): an organization, team, user or
// entry id becomes one path segment and can never change the path's shape. `.` and `..` would be
// resolved by any normalising proxy or server (`teams/../members` is the organization's members),
// and `/ \ ? #` or control characters would end the segment, so such values are refused before
// any request (exit 2); everything else is percent-encoded.
import { UsageError } from '../errors.js';

/** Why `value` cannot be an identifier in a path, or undefined when it can. */
export function identifierProblem(value: string): string | undefined {
  if (value === '') return 'it is empty';
  if (value === '.' || value === '..') return `"${value}" would change the path`;
  // eslint-disable-next-line no-control-regex
  const bad = /[/\\?#\u0000-\u001f\u007f-\u009f]/.exec(value);
  if (bad) return '/\\?#'.includes(bad[0]) ? `it contains "${bad[0]}"` : 'it contains a control character';
  return undefined;
}

/**
 * Why `name` names no team (README, "Teams by id or title"): what cannot be an id in a path
 * (`.`, `..`, `/ \\ ? #`, a control character) cannot name a team by its title either, so the
 * value is refused before any request, as an organization id is.
 */
export function teamNameProblem(name: string): string | undefined {
  return identifierProblem(name);
}

/** Throws the usage error for an identifier that cannot be a path segment. */
export function checkIdentifier(value: string, what: string): void {
  const problem = identifierProblem(value);
  if (problem !== undefined) throw new UsageError(`invalid ${what} ${JSON.stringify(value)}: ${problem}; nothing was sent`);
}

/** `value` as one encoded path segment; refuses anything that could change the path's shape. */
export function pathSegment(value: string, what: string): string {
  checkIdentifier(value, what);
  return encodeURIComponent(value);
}
