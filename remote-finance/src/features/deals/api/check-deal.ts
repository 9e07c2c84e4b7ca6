import { endpoints, type DealCreate, type ResponseOf } from '@loupe/contracts';
import { api } from '@loupe/platform';
import { useCallback, useEffect, useRef, useState } from 'react';

export type DealCheck = ResponseOf<typeof endpoints.deals.check>;

/**
 * `POST /api/deals/check/`: the same body as the create, nothing saved → the totals and the AML guard's answer
 * (null when it would accept the deal's cash), so the screen can show a refusal before anyone confirms.
 */
export function checkDeal(body: DealCreate, signal?: AbortSignal): Promise<DealCheck> {
  return api(endpoints.deals.check, { body, signal });
}

export interface DealCheckState {
  /** The answer to the last check of what is on screen now, or null (none yet, or the deal changed since). */
  result: DealCheck | null;
  /** Why the last explicit check failed (a 400 names the fields), or null. */
  error: unknown;
  checking: boolean;
}

/**
 * The deal's check, asked for explicitly (the Check button) or by the screen when what the AML guard judges
 * changes. A newer check aborts an older one still under way, so an answer always belongs to what was asked
 * last; `clear` forgets the answer when the deal changes under it.
 */
export function useDealCheck() {
  const [state, setState] = useState<DealCheckState>({ result: null, error: null, checking: false });
  const current = useRef<AbortController | null>(null);

  useEffect(() => () => current.current?.abort(), []);

  const clear = useCallback(() => {
    current.current?.abort();
    current.current = null;
    setState({ result: null, error: null, checking: false });
  }, []);

  const run = useCallback(async (body: DealCreate, { quiet = false } = {}): Promise<DealCheck | null> => {
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    setState((previous) => ({ ...previous, checking: true, error: null }));
    try {
      const result = await checkDeal(body, controller.signal);
      if (controller.signal.aborted) return null;
      setState({ result, error: null, checking: false });
      return result;
    } catch (error) {
      if (controller.signal.aborted) return null;
      // A check the screen ran by itself fails quietly: the deal is still being typed.
      setState({ result: null, error: quiet ? null : error, checking: false });
      return null;
    }
  }, []);

  return { ...state, run, clear };
}
