// csv-stringify, teamctl's one CSV writer (-o csv, --report files, glossary export). Loading it
// through this module tells the last check on what is written how CSV quotes a token (`"` as `""`
// inside a quoted cell; `teamctl help environment`, "Talking to the service").
import { stringify } from 'csv-stringify/sync';
import { addEscaper } from '../redact.js';

export { stringify };

addEscaper('CSV', (value) => stringify([[value]], { eof: false }));
