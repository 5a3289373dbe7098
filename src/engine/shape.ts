// Checking the shape of JSON that came from outside (a saved plan someone may have edited or
// truncated): each check names the path of the field that is wrong, so the error can say where.
import { UsageError } from '../errors.js';

export class ShapeError extends Error {}

export type Json = unknown;

/**
 * `value` as an object; with `members`, the members its schema names: any other is refused by
 * name, so what a reviewer reads in the file is all that is applied.
 */
export function object(value: Json, path: string, members?: readonly string[]): Record<string, Json> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new ShapeError(`${path} is not an object`);
  const unknown = members === undefined ? undefined : Object.keys(value).find((key) => !members.includes(key));
  if (unknown !== undefined) throw new ShapeError(`${path}.${unknown} is not a member of a plan (${path} has ${members?.join(', ')})`);
  return value as Record<string, Json>;
}

export function array(value: Json, path: string): Json[] {
  if (!Array.isArray(value)) throw new ShapeError(`${path} is not a list`);
  return value;
}

export function string(value: Json, path: string): string {
  if (typeof value !== 'string') throw new ShapeError(`${path} is not a string`);
  return value;
}

export function stringOrNull(value: Json, path: string): string | null {
  return value === null ? null : string(value, path);
}

export function wholeNumber(value: Json, path: string, min = 0): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min) throw new ShapeError(`${path} is not a whole number of at least ${min}`);
  return value;
}

/** A number of days as `--reinvite-after` takes it: 0 to 3650, a fraction too. */
export function days(value: Json, path: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 3650) throw new ShapeError(`${path} is not a number of days from 0 to 3650`);
  return value;
}

export function boolean(value: Json, path: string): boolean {
  if (typeof value !== 'boolean') throw new ShapeError(`${path} is not true or false`);
  return value;
}

export function oneOf<T extends string>(value: Json, path: string, allowed: readonly T[]): T {
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) throw new ShapeError(`${path} is not one of ${allowed.join(', ')}`);
  return value as T;
}

/** Runs `check`, turning a shape problem into the usage error for `file` (exit 2). */
export function checked<T>(file: string, check: () => T): T {
  try {
    return check();
  } catch (err) {
    if (err instanceof ShapeError) {
      throw new UsageError(`${file} is not a valid teamctl plan: ${err.message}`, { hint: 'make the plan again with --plan-out; a plan file is not meant to be edited' });
    }
    throw err;
  }
}
