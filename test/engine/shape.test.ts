// The shape checks of a saved plan (src/engine/shape.ts): each names the path of the wrong field,
// and `checked` turns that into the plan's usage error (exit 2) with how to make a good one.
import { describe, expect, it } from 'vitest';
import { ShapeError, array, boolean, checked, object, oneOf, string, stringOrNull, wholeNumber } from '../../src/engine/shape.js';
import { UsageError } from '../../src/errors.js';

describe('shape checks', () => {
  it('name the path and what was expected', () => {
    expect(() => object([], 'body')).toThrow(new ShapeError('body is not an object'));
    expect(() => object(null, 'body')).toThrow(new ShapeError('body is not an object'));
    expect(() => array({}, 'body.teams')).toThrow(new ShapeError('body.teams is not a list'));
    expect(() => string(1, 'body.team')).toThrow(new ShapeError('body.team is not a string'));
    expect(() => stringOrNull(undefined, 'body.max')).toThrow(new ShapeError('body.max is not a string'));
    expect(stringOrNull(null, 'body.max')).toBeNull();
    expect(() => wholeNumber(1.5, 'body.n', 1)).toThrow(new ShapeError('body.n is not a whole number of at least 1'));
    expect(() => wholeNumber(0, 'body.n', 1)).toThrow(new ShapeError('body.n is not a whole number of at least 1'));
    expect(wholeNumber(0, 'body.n')).toBe(0);
    expect(() => boolean('true', 'body.force')).toThrow(new ShapeError('body.force is not true or false'));
    expect(() => oneOf('admin', 'body.role', ['owner', 'member'])).toThrow(new ShapeError('body.role is not one of owner, member'));
    expect(() => oneOf(1, 'body.role', ['owner', 'member'])).toThrow(new ShapeError('body.role is not one of owner, member'));
    expect(oneOf('owner', 'body.role', ['owner', 'member'])).toBe('owner');
  });

  it('an object with the members its schema names: any other member is refused by its path; fewer are the fields\' own checks', () => {
    expect(() => object({ team: 'a', note: 1 }, 'body.teams[0]', ['team', 'plan'])).toThrow(new ShapeError('body.teams[0].note is not a member of a plan (body.teams[0] has team, plan)'));
    expect(object({ team: 'a' }, 'body.teams[0]', ['team', 'plan'])).toEqual({ team: 'a' });
    expect(object({ any: 1 }, 'body.state.entries')).toEqual({ any: 1 });
  });

  it('checked: a shape problem is the plan file\'s usage error; any other error goes through', () => {
    let caught: unknown;
    try {
      checked('plan.json', () => string(3, 'body.team'));
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(UsageError);
    expect((caught as UsageError).message).toBe('plan.json is not a valid teamctl plan: body.team is not a string');
    expect((caught as UsageError).hint).toBe('make the plan again with --plan-out; a plan file is not meant to be edited');
    expect(() => checked('plan.json', () => { throw new RangeError('bug'); })).toThrow(RangeError);
    expect(checked('plan.json', () => 7)).toBe(7);
  });
});
