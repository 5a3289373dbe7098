import { describe, expect, it } from 'vitest';
import { isLoopback, parseBaseUrl } from '../../src/api/url.js';
import { UsageError } from '../../src/errors.js';

describe('parseBaseUrl', () => {
  it('appends /v1 once', () => {
    expect(parseBaseUrl('https://api.example.com')).toEqual({ origin: 'https://api.example.com', prefix: '/v1' });
    expect(parseBaseUrl('https://api.example.com/')).toEqual({ origin: 'https://api.example.com', prefix: '/v1' });
    expect(parseBaseUrl('https://api.example.com/v1')).toEqual({ origin: 'https://api.example.com', prefix: '/v1' });
    expect(parseBaseUrl('https://api.example.com/v1/')).toEqual({ origin: 'https://api.example.com', prefix: '/v1' });
    expect(parseBaseUrl('https://example.com/api')).toEqual({ origin: 'https://example.com', prefix: '/api/v1' });
  });
  it.each(['http://127.0.0.1:8080', 'http://localhost:1', 'http://LocalHost:1', 'http://127.5.6.7', 'http://127.1', 'http://[::1]:9000', 'http://[0:0:0:0:0:0:0:1]', 'http://[::ffff:127.0.0.1]:2'])(
    'allows plain http to loopback %s',
    (url) => {
      expect(() => parseBaseUrl(url)).not.toThrow();
    },
  );
  it.each([
    'http://example.com',
    'http://10.0.0.1',
    'http://192.168.1.10:8080',
    'http://[2001:db8::1]',
    'http://localhost.example.com',
    'http://foo.localhost',
    'http://sandbox.localhost:8787',
    'http://localhost.:1',
    'http://127.0.0.1.example.com',
    'http://[::2]',
    'http://[::ffff:10.0.0.1]',
    'http://0.0.0.0:8787',
  ])(
    'refuses plain http to %s',
    (url) => {
      expect(() => parseBaseUrl(url)).toThrow(UsageError);
      expect(() => parseBaseUrl(url)).toThrow(/refusing plain http/);
    },
  );
  it.each(['ftp://example.com', 'not a url', 'https://user:pw@example.com', 'https://example.com/?a=1'])('refuses %s', (url) => {
    expect(() => parseBaseUrl(url)).toThrow(UsageError);
  });
});

// The one test of loopback (`teamctl help environment`, "Talking to the service"): plain http, the proxy and the
// journal's origin all ask it; nothing is resolved.
describe('isLoopback', () => {
  it.each(['localhost', 'LOCALHOST', '127.0.0.1', '127.255.0.9', '::1', '[::1]', '[::ffff:7f00:1]', '::ffff:127.0.0.1'])('%s is loopback', (host) => {
    expect(isLoopback(host)).toBe(true);
  });
  it.each(['foo.localhost', 'localhost.', 'localhost.example.com', 'mylocalhost', '128.0.0.1', '0.0.0.0', '::2', '[::ffff:a00:1]', '127.0.0.1.example.com', ''])('%s is not', (host) => {
    expect(isLoopback(host)).toBe(false);
  });
});
