import { endpoints, type MemberRole, type QueryOf, type ResponseOf } from '@loupe/contracts';
import { api, queryKeys, queryOptions, useQuery } from '@loupe/platform';

type MembershipList = ResponseOf<typeof endpoints.memberships.list>;

export const membershipKeys = queryKeys.memberships;

/** One shop's members of one role: the shop is in the path, the role in the query string. */
export interface MembershipsQuery {
  shopId: number;
  role: MemberRole;
}

export function getMemberships(
  { shopId, role }: MembershipsQuery,
  signal?: AbortSignal,
): Promise<MembershipList> {
  const query: QueryOf<typeof endpoints.memberships.list> = { role };
  return api(endpoints.memberships.list, { params: { shopId }, query, signal });
}

export const membershipsQueryOptions = (query: MembershipsQuery) =>
  queryOptions({
    queryKey: membershipKeys.list(query),
    queryFn: ({ signal }) => getMemberships(query, signal),
  });

/** The shop's members of one role, from the cache when this screen was shown a moment ago. */
export const useMemberships = (query: MembershipsQuery) => useQuery(membershipsQueryOptions(query));
