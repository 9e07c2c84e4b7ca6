import type { ClientOrdering } from '@loupe/contracts';
import { Button, ChoiceField, ListSearch } from '@loupe/platform';
import styled from 'styled-components';
import type { ClientFilter } from '../../../api/get-clients';
import {
  BALANCE_CHOICE_LABELS,
  BALANCE_CHOICES,
  ORDERING_CHOICE_LABELS,
  ORDERING_CHOICES,
  STATUS_CHOICE_LABELS,
  STATUS_CHOICES,
} from '../lib/list-options';

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(4)};
  /* The fields share a line with buttons, which keep no space under them: neither do the fields here. */
  > div,
  form div {
    margin-bottom: 0;
  }
`;

// The search box shares the toolbar's row: it keeps no space under it, and does not wrap its button.
const Search = styled(ListSearch)`
  flex-wrap: nowrap;
  margin-bottom: 0;
  input {
    width: 240px;
  }
`;

/** The value in the URL if the box offers it, else the box's first choice (any, or the default order). */
function choiceOf<T extends string>(choices: readonly [T, ...T[]], value: string): T {
  return (choices as readonly string[]).includes(value) ? (value as T) : choices[0];
}

interface ClientToolbarProps {
  filters: Record<ClientFilter, string>;
  setFilters(next: Partial<Record<ClientFilter, string>>): void;
  clearFilters(): void;
  ordering: ClientOrdering;
  setOrdering(ordering: ClientOrdering): void;
}

/** Search, the Status and Balance filters, the order, and Clear Filters while any filter is set. */
export function ClientToolbar({
  filters,
  setFilters,
  clearFilters,
  ordering,
  setOrdering,
}: ClientToolbarProps) {
  const filtered = Boolean(filters.search || filters.status || filters.balance);
  return (
    <Toolbar>
      <Search
        name="Clients"
        label="Search clients"
        placeholder="Name, email or phone"
        value={filters.search}
        onSearch={(search) => setFilters({ search })}
      />
      <ChoiceField
        label="Status"
        value={choiceOf(STATUS_CHOICES, filters.status)}
        options={STATUS_CHOICES}
        labels={STATUS_CHOICE_LABELS}
        onChange={(status) => setFilters({ status })}
      />
      <ChoiceField
        label="Balance"
        value={choiceOf(BALANCE_CHOICES, filters.balance)}
        options={BALANCE_CHOICES}
        labels={BALANCE_CHOICE_LABELS}
        onChange={(balance) => setFilters({ balance })}
      />
      <ChoiceField
        label="Sort by"
        value={choiceOf(ORDERING_CHOICES, ordering)}
        options={ORDERING_CHOICES}
        labels={ORDERING_CHOICE_LABELS}
        onChange={setOrdering}
      />
      {filtered ? (
        <Button variant="ghost" onClick={clearFilters}>
          Clear Filters
        </Button>
      ) : null}
    </Toolbar>
  );
}
