import { useQuery } from '@loupe/platform';
import { dealsQueryOptions, type DealListQuery } from './get-deals';

/** The dashboard shows the first page: the reserved deals past their collect-by day. */
const OVERDUE: DealListQuery = { page: 1, page_size: 10, overdue: 'true' };

/** `GET /api/deals/?overdue=true`, under the deals' key, so any deal's change refreshes the card. */
export const useOverdueLayaways = () => useQuery(dealsQueryOptions(OVERDUE));
