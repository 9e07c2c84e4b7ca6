import { useId } from 'react';
import styled from 'styled-components';
import { Button } from '../ui/button';
import type { ListController } from './list-controller';
import { PAGE_SIZES, type PageSize } from './list-params';

const Bar = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  margin-top: ${({ theme }) => theme.space(4)};
`;

const Group = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
`;

const Select = styled.select`
  padding: ${({ theme }) => `${theme.space(1)} ${theme.space(2)}`};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
  color: inherit;
`;

export interface PaginationProps {
  page: number;
  pageCount: number;
  pageSize: PageSize;
  onPageChange(page: number): void;
  onPageSizeChange(size: PageSize): void;
  /** Names the navigation landmark, e.g. "Clients pages". */
  label?: string;
}

/** Previous / Next, "Page X of Y" and the items-per-page choice (SPEC §2 list behaviour, §9). */
export function Pagination({
  page,
  pageCount,
  pageSize,
  onPageChange,
  onPageSizeChange,
  label = 'Pages',
}: PaginationProps) {
  const sizeId = useId();
  return (
    <Bar aria-label={label}>
      <Group>
        <Button variant="secondary" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
          Previous
        </Button>
        <span aria-live="polite">
          Page {page} of {pageCount}
        </span>
        <Button variant="secondary" disabled={page >= pageCount} onClick={() => onPageChange(page + 1)}>
          Next
        </Button>
      </Group>
      <Group>
        <label htmlFor={sizeId}>Items per page</label>
        <Select
          id={sizeId}
          value={pageSize}
          onChange={(event) => onPageSizeChange(Number(event.target.value) as PageSize)}
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </Select>
      </Group>
    </Bar>
  );
}

/** What ListPagination reads of a list controller. */
export type PagedList = Pick<
  ListController<unknown, string>,
  'page' | 'pageCount' | 'pageSize' | 'setPage' | 'setPageSize'
>;

/** A list controller's Pagination: every list page wired it the same way, prop by prop. */
export function ListPagination({ list, label }: { list: PagedList; label?: string }) {
  return (
    <Pagination
      label={label}
      page={list.page}
      pageCount={list.pageCount}
      pageSize={list.pageSize}
      onPageChange={list.setPage}
      onPageSizeChange={list.setPageSize}
    />
  );
}
