// A fault that comes back at a fixed rhythm, for rehearsals that must be the same every run:
// every n-th request (of those a filter picks) gets the same fault — a 503 that applied nothing, a
// 429, or an answer lost after the change was applied. Registered as a test hook
// (Sandbox.intercept); the counting is the sandbox's own, no random draw, no clock.
import type { InterceptAction, InterceptRequest, Interceptor } from './handler.js';

/** The faults an every-n-th hook can give. */
export type EveryNthFault = 'unavailable' | 'rate-limit' | 'lost-answer';

function actionOf(fault: EveryNthFault): InterceptAction {
  switch (fault) {
    case 'unavailable':
      return { kind: 'respond', status: 503, body: { error: { code: 503, message: 'sandbox fault: service unavailable (every n-th request); nothing was applied' } } };
    case 'rate-limit':
      return { kind: 'respond', status: 429, body: { error: { code: 429, message: 'sandbox fault: rate limited (every n-th request)' } }, headers: { 'retry-after': '1' } };
    case 'lost-answer':
      return { kind: 'applyThenReset' };
  }
}

/**
 * A hook giving `fault` to every `n`-th request that `picks` (default: every request). Requests an
 * earlier hook took are not counted: that hook decided their fate.
 */
export function everyNth(n: number, fault: EveryNthFault, picks: (req: InterceptRequest) => boolean = () => true): Interceptor {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`n must be an integer >= 1, got ${n}`);
  let seen = 0;
  return (req) => {
    if (!picks(req)) return undefined;
    seen++;
    return seen % n === 0 ? actionOf(fault) : undefined;
  };
}
