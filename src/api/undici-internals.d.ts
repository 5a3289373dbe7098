// undici's internal files that the transport loads (src/api/transport.ts): CommonJS modules
// without types of their own; their shapes are given where they are used.
declare module 'undici/lib/api/api-request.js';
declare module 'undici/lib/dispatcher/agent.js';
