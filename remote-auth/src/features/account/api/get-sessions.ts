import { endpoints, type ResponseOf } from '@loupe/contracts';
import { api, queryKeys, queryOptions, useQuery } from '@loupe/platform';

type SessionList = ResponseOf<typeof endpoints.sessions.list>;

export const SESSIONS_LOAD_FAILED = 'Failed to load your sessions.';

/** The signed-in user's own sessions: no user id in the key, since the cache is emptied when the user changes. */
export const sessionKeys = queryKeys.sessions;

export function getSessions(signal?: AbortSignal): Promise<SessionList> {
  return api(endpoints.sessions.list, { signal });
}

export const sessionsQueryOptions = () =>
  queryOptions({ queryKey: sessionKeys.lists(), queryFn: ({ signal }) => getSessions(signal) });

/** Every live session of the signed-in user, this one included (so the list is never empty once loaded). */
export const useSessions = () => useQuery(sessionsQueryOptions());
