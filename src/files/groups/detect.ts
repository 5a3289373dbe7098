// Which identity provider wrote a group export (`teamctl help rosters`, "Groups from the identity
// provider"): each provider's header has columns no other has; the first format whose header
// matches reads the file, and teamctl's own format (a user column, maybe a group column) is the
// last resort. `--format` names the format outright.
import type { GroupExportFormat } from './types.js';
import type { GroupFormat } from './layout.js';
import { entra, entraMembers } from './entra.js';
import { google } from './google.js';
import { jumpcloud } from './jumpcloud.js';
import { okta } from './okta.js';
import { own } from './own.js';

/** The formats in the order their headers are tried: the most specific first. */
const formats: readonly GroupFormat[] = [google, okta, jumpcloud, entra, entraMembers, own];

/** The reader of a format `--format` names. */
export function formatReader(format: GroupExportFormat): GroupFormat {
  return formats.find((f) => f.format === format) ?? own;
}

/** The reader of the first format whose header `names` (headerNames) matches; teamctl's own otherwise. */
export function detectFormat(names: readonly string[]): GroupFormat {
  return formats.find((f) => f.detect(names)) ?? own;
}
