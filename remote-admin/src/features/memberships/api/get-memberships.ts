import { paths, type MemberRole, type Membership, type MembershipList } from '@loupe/contracts';
import { http } from '@loupe/platform';
import { useCallback, useEffect, useState } from 'react';

export function getMemberships(
  shopId: number,
  role: MemberRole,
  signal?: AbortSignal,
): Promise<MembershipList> {
  return http.get<MembershipList>(paths.memberships(shopId), { query: { role }, signal });
}

export type MembershipsStatus = 'loading' | 'error' | 'success';

export interface UseMembershipsResult {
  status: MembershipsStatus;
  members: Membership[];
  /**
   * Puts a membership the server just returned into the list: it replaces the entry with the same id (the
   * server turns adding an existing member into a change of role), otherwise it is appended.
   */
  upsert(membership: Membership): void;
}

/** The shop's members of one role, reloaded when the shop or role changes. */
export function useMemberships(shopId: number, role: MemberRole): UseMembershipsResult {
  const [status, setStatus] = useState<MembershipsStatus>('loading');
  const [members, setMembers] = useState<Membership[]>([]);

  useEffect(() => {
    const controller = new AbortController();
    setStatus('loading');
    getMemberships(shopId, role, controller.signal).then(
      (list) => {
        if (controller.signal.aborted) return;
        setMembers(Array.isArray(list?.results) ? list.results : []);
        setStatus('success');
      },
      () => {
        if (!controller.signal.aborted) setStatus('error');
      },
    );
    return () => controller.abort();
  }, [shopId, role]);

  const upsert = useCallback((membership: Membership) => {
    setMembers((current) =>
      current.some((m) => m.id === membership.id)
        ? current.map((m) => (m.id === membership.id ? membership : m))
        : [...current, membership],
    );
  }, []);

  return { status, members, upsert };
}
