import { endpoints, type WantMatchList } from '@loupe/contracts';
import { api, useQuery } from '@loupe/platform';
import { wantKeys } from './want-keys';

/** How many the dashboard's card shows; the count says how many there are in all. */
export const OPEN_MATCHES_SHOWN = 10;

/** `GET /api/wants/matches/?status=open`: the shop's open matches, newest first. */
export function getOpenMatches(signal?: AbortSignal): Promise<WantMatchList> {
  return api(endpoints.wants.matches, {
    query: { status: 'open', page_size: OPEN_MATCHES_SHOWN },
    signal,
  });
}

export function useOpenMatches() {
  return useQuery({
    queryKey: wantKeys.openMatches(OPEN_MATCHES_SHOWN),
    queryFn: ({ signal }) => getOpenMatches(signal),
  });
}
