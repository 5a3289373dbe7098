import { describe, expect, it } from 'vitest';
import { UsageError } from '../src/errors.js';
import { missingSetting, profileName, requireSetting, resolveOutputFormat, resolveSetting, resolveTimeoutMs, teamNames } from '../src/settings.js';

describe('settings precedence: flag > environment > profile config > default', () => {
  const config = { 'base-url': 'https://config.example', org: 'config-org', team: 'config-team' };
  const env = { TEAMCTL_BASE_URL: 'https://env.example', TEAMCTL_ORG: 'env-org' };
  it('takes the flag first', () => {
    expect(resolveSetting('org', { org: 'flag-org' }, env, config)).toEqual({ value: 'flag-org', source: 'flag' });
    expect(resolveSetting('base-url', { baseUrl: 'https://flag.example' }, env, config)).toEqual({ value: 'https://flag.example', source: 'flag' });
  });
  it('then the environment', () => {
    expect(resolveSetting('org', {}, env, config)).toEqual({ value: 'env-org', source: 'environment' });
  });
  it('then the profile config', () => {
    expect(resolveSetting('team', {}, env, config)).toEqual({ value: 'config-team', source: 'config' });
  });
  it('then nothing', () => {
    expect(resolveSetting('team', {}, {}, {})).toBeUndefined();
  });
  it('refuses empty values instead of falling back to the next source', () => {
    expect(() => resolveSetting('org', { org: '' }, {}, { org: 'c' })).toThrow('--org is empty; give a value or leave the flag out');
    expect(() => resolveSetting('team', {}, { TEAMCTL_TEAM: ' ' }, { team: 'c' })).toThrow('TEAMCTL_TEAM is set but empty; give it a value or unset it');
    expect(() => resolveSetting('base-url', { baseUrl: '' }, {}, {})).toThrow(UsageError);
    expect(resolveSetting('org', {}, {}, { org: 'c' })).toEqual({ value: 'c', source: 'config' });
  });
  it('refuses organizations that would change a request path, naming where they came from', () => {
    for (const org of ['..', '.', 'a/b', 'a\\b', 'a?b', 'a#b', 'a\u0000b', 'a\nb']) {
      expect(() => requireSetting('org', { org }, {}, {}, 'default')).toThrow(/^invalid organization .* \(from --org\): .*; nothing was sent$/);
    }
    expect(() => requireSetting('org', {}, { TEAMCTL_ORG: '../x' }, {}, 'default')).toThrow(/\(from TEAMCTL_ORG\): it contains "\/"/);
  });
  it('takes a team by its id or its title: any text but an empty one or one with a control character (it is matched, never put in a path)', () => {
    for (const team of ['design team (EU)', 'R&D / Platform', '..', 'a?b#c']) expect(requireSetting('team', { team }, {}, {}, 'default').value).toBe(team);
    const names = (value: string) => teamNames({ value, source: 'flag' });
    expect(names('a, b,a')).toEqual(['a', 'b']);
    // Repeated --team (joined by a line break): one team per flag, commas included.
    expect(names('Sales, EMEA\nb')).toEqual(['Sales, EMEA', 'b']);
    expect(() => names('a,,b')).toThrow('invalid team "" in "a,,b": it is empty; nothing was sent');
    expect(() => names('a\u001b[8mb')).toThrow(/^invalid team "a\\u001b\[8mb" in .*: it contains a control character; nothing was sent$/);
  });
  it('refuses an empty profile instead of falling back to another one', () => {
    expect(() => profileName({ profile: '' }, { TEAMCTL_PROFILE: 'prod' })).toThrow('--profile is empty; give a value or leave the flag out');
    expect(() => profileName({}, { TEAMCTL_PROFILE: ' ' })).toThrow('TEAMCTL_PROFILE is set but empty');
  });
  it('takes profile names like ids: letters, digits, - _ . — never __proto__, constructor or prototype — naming the source', () => {
    expect(profileName({ profile: 'prod-eu.2_a' }, {})).toBe('prod-eu.2_a');
    expect(() => profileName({}, { TEAMCTL_PROFILE: '__proto__' })).toThrow(/^invalid profile name "__proto__" \(from TEAMCTL_PROFILE\): a profile name is letters, digits/);
    expect(() => profileName({ profile: 'constructor' }, { TEAMCTL_PROFILE: 'ok' })).toThrow(/^invalid profile name "constructor" \(from --profile\)/);
    for (const bad of ['prototype', 'a b', 'prod/eu', 'x\u001b[31m', 'é']) expect(() => profileName({ profile: bad }, {})).toThrow(/^invalid profile name/);
  });

  it('picks the profile from --profile, then TEAMCTL_PROFILE, then "default"', () => {
    expect(profileName({ profile: 'a' }, { TEAMCTL_PROFILE: 'b' })).toBe('a');
    expect(profileName({}, { TEAMCTL_PROFILE: 'b' })).toBe('b');
    expect(profileName({}, {})).toBe('default');
  });
  it('names the flag, the variable and the config key of a missing setting', () => {
    const err = missingSetting('team', 'default');
    expect(err).toBeInstanceOf(UsageError);
    expect(err.exitCode).toBe(2);
    expect(err.message).toContain('--team <id>');
    expect(err.message).toContain('TEAMCTL_TEAM');
    expect(err.message).toContain('config set team');
    expect(missingSetting('base-url', 'staging').message).toContain('teamctl --profile staging config set base-url <url>');
  });
});

describe('output format', () => {
  it('defaults to table on a terminal and tsv otherwise', () => {
    expect(resolveOutputFormat({}, {}, true)).toBe('table');
    expect(resolveOutputFormat({}, {}, false)).toBe('tsv');
  });
  it('-o beats --json beats the profile', () => {
    expect(resolveOutputFormat({ output: 'csv', json: true }, { output: 'ndjson' }, true)).toBe('csv');
    expect(resolveOutputFormat({ json: true }, { output: 'ndjson' }, true)).toBe('json');
    expect(resolveOutputFormat({}, { output: 'ndjson' }, true)).toBe('ndjson');
  });
  it('refuses an unknown format', () => {
    expect(() => resolveOutputFormat({}, { output: 'xml' }, true)).toThrow(UsageError);
  });
});

describe('--timeout', () => {
  it('is 30 s by default and given in seconds', () => {
    expect(resolveTimeoutMs({})).toBe(30_000);
    expect(resolveTimeoutMs({ timeout: '2.5' })).toBe(2500);
    expect(() => resolveTimeoutMs({ timeout: '0' })).toThrow(UsageError);
    expect(() => resolveTimeoutMs({ timeout: 'x' })).toThrow(UsageError);
  });
});
