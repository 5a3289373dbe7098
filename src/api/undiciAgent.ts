// undici's request API and its Agent, the two files the transport loads (src/api/transport.ts),
// in one module: one chunk of the bundle for both, and what they need of undici.
export { default as request } from 'undici/lib/api/api-request.js';
export { default as Agent } from 'undici/lib/dispatcher/agent.js';
