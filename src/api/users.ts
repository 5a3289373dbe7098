// The user a token belongs to (README, "auth"): GET /user, getAuthenticatedUser in the published
// document. Typed call, no printing, no exit codes.
import type { ApiClient } from './client.js';
import { checkAuthenticatedUser } from './shapes.js';
import type { User } from './types.js';

export async function getAuthenticatedUser(client: ApiClient): Promise<User> {
  const { data } = await client.request<unknown>('GET', '/user');
  return checkAuthenticatedUser(data, 'the answer of GET /user');
}
