// What a route of the sandbox's service is (service.ts, access-routes.ts): path segments after /v1,
// `:` marking a parameter, and a handler per method.
import type { Incoming, Reply } from './http.js';
import type { ServiceContext } from './service-context.js';

export type Handler = (ctx: ServiceContext, params: string[], inc: Incoming) => Reply;

export interface Route {
  /** Path segments after /v1; `:` marks a parameter. */
  pattern: string[];
  methods: Record<string, Handler>;
}
