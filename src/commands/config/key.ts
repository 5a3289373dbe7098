// The checks of `config get|set|unset`: which keys exist, and what a value may be (README, "auth and config").
// The token is not a config key: it is stored by `auth login` only.
import { UsageError } from '../../errors.js';
import { parseBaseUrl } from '../../api/url.js';
import { configKeys, isConfigKey, type ConfigKey } from '../../config/store.js';
import { isOutputFormat, outputFormats } from '../../settings.js';

export function checkKey(key: string): ConfigKey {
  if (key.trim().toLowerCase() === 'token') {
    throw new UsageError('the token is not a config key: store it with `teamctl auth login` (read from stdin or a hidden prompt, so it never shows in your shell history)', {
      hint: 'echo "$TOKEN" | teamctl auth login --with-token',
    });
  }
  if (!isConfigKey(key)) throw new UsageError(`unknown config key ${JSON.stringify(key)}: expected one of ${configKeys.join(', ')}`);
  return key;
}

export function checkValue(key: ConfigKey, value: string): void {
  if (value.trim() === '') throw new UsageError(`${key} cannot be empty; use \`teamctl config unset ${key}\``);
  if (key === 'base-url') parseBaseUrl(value);
  if (key === 'keep') {
    // Users, comma-separated: each an e-mail or an id, as --keep takes them.
    const bad = value.split(',').map((v) => v.trim()).filter((v) => v === '' || /[\s\p{Cc}]/u.test(v));
    if (bad.length > 0) throw new UsageError(`keep takes users (e-mails or ids) separated by commas, not ${JSON.stringify(value)}`);
  }
  if (key === 'output' && !isOutputFormat(value)) {
    throw new UsageError(`unknown output format ${JSON.stringify(value)}: expected one of ${outputFormats.join(', ')}`);
  }
}
