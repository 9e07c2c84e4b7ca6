import { resourceKeys } from '@loupe/platform';

/*
 * Every query about wants lives under the `wants` root (the endpoint group's resource), so a want saved or
 * removed, a match e-mailed or dismissed refreshes the client's list, its matches and the dashboard's card.
 * Built here rather than read from the platform's `queryKeys`: the platform is the shell's shared copy, and a
 * shell built before the wants existed has no key for them; the keys are the same either way.
 */
const keys = resourceKeys('wants');

export const wantKeys = {
  ...keys,
  client: (clientId: number) => [...keys.all, 'client', clientId] as const,
  clientMatches: (clientId: number) => [...keys.all, 'client', clientId, 'matches', 'open'] as const,
  openMatches: (pageSize: number) => [...keys.all, 'matches', 'open', { page_size: pageSize }] as const,
  email: (matchId: number) => [...keys.all, 'matches', matchId, 'email'] as const,
};
