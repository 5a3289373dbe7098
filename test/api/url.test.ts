import { describe, expect, it } from 'vitest';
import { parseBaseUrl } from '../../src/api/url.js';
import { UsageError } from '../../src/errors.js';

describe('parseBaseUrl', () => {
  it('appends /v1 once', () => {
    expect(parseBaseUrl('https://api.example.com')).toEqual({ origin: 'https://api.example.com', prefix: '/v1' });
    expect(parseBaseUrl('https://api.example.com/')).toEqual({ origin: 'https://api.example.com', prefix: '/v1' });
    expect(parseBaseUrl('https://api.example.com/v1')).toEqual({ origin: 'https://api.example.com', prefix: '/v1' });
    expect(parseBaseUrl('https://api.example.com/v1/')).toEqual({ origin: 'https://api.example.com', prefix: '/v1' });
    expect(parseBaseUrl('https://example.com/api')).toEqual({ origin: 'https://example.com', prefix: '/api/v1' });
  });
  it.each(['http://127.0.0.1:8080', 'http://localhost:1', 'http://127.5.6.7', 'http://[::1]:9000', 'http://sandbox.localhost'])(
    'allows plain http to loopback %s',
    (url) => {
      expect(() => parseBaseUrl(url)).not.toThrow();
    },
  );
  it.each(['http://example.com', 'http://10.0.0.1', 'http://192.168.1.10:8080', 'http://[2001:db8::1]', 'http://localhost.example.com'])(
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
