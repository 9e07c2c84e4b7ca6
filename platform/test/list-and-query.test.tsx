import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { ThemeModeProvider } from '../src/theme';
import { LocationProbe } from '../src/testing';
import { Pagination, pageCount, useListParams, type ListParams } from '../src/list';

function ListHarness({ onState }: { onState: (state: ListParams<'brand' | 'model'>) => void }) {
  const list = useListParams(['brand', 'model'] as const);
  onState(list);
  return (
    <Pagination
      page={list.page}
      pageCount={3}
      pageSize={list.pageSize}
      onPageChange={list.setPage}
      onPageSizeChange={list.setPageSize}
      label="Items pages"
    />
  );
}

function renderList(route: string) {
  let latest: ListParams<'brand' | 'model'> | undefined;
  render(
    <MemoryRouter initialEntries={[route]}>
      <ThemeModeProvider>
        <ListHarness onState={(state) => (latest = state)} />
        <LocationProbe />
      </ThemeModeProvider>
    </MemoryRouter>,
  );
  return { state: () => latest as ListParams<'brand' | 'model'> };
}

const location = () => screen.getByTestId('location').textContent;

describe('useListParams and Pagination', () => {
  it('reads page, page size and filters from the URL and builds the API query', () => {
    const { state } = renderList('/stock?page=2&page_size=25&brand=Rolex&other=kept');
    expect(state().page).toBe(2);
    expect(state().pageSize).toBe(25);
    expect(state().filters).toEqual({ brand: 'Rolex', model: '' });
    expect(state().query).toEqual({ page: '2', page_size: '25', brand: 'Rolex' });
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
  });

  it('falls back to page 1 and 10 per page for values that are not allowed', () => {
    const { state } = renderList('/stock?page=-3&page_size=7');
    expect(state().page).toBe(1);
    expect(state().pageSize).toBe(10);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
  });

  it('moves between pages with Previous and Next, Next disabled on the last page', async () => {
    renderList('/stock?page=2');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(location()).toBe('/stock?page=3');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(location()).toBe('/stock?page=2');
  });

  it('offers 10, 25, 50 and 100 items per page and a new size goes back to page 1', async () => {
    renderList('/stock?page=3&brand=Omega');
    const select = screen.getByLabelText('Items per page');
    expect([...(select as HTMLSelectElement).options].map((o) => o.value)).toEqual(['10', '25', '50', '100']);
    await userEvent.selectOptions(select, '50');
    expect(location()).toBe('/stock?brand=Omega&page_size=50');
  });

  it('a filter change and clearing the filters go back to page 1 and keep undeclared parameters', () => {
    const { state } = renderList('/stock?page=4&brand=Rolex&model=Daytona&other=kept');
    act(() => state().setFilters({ brand: 'Omega', model: '' }));
    expect(location()).toBe('/stock?brand=Omega&other=kept');
    act(() => state().setPage(2));
    act(() => state().clearFilters());
    expect(location()).toBe('/stock?other=kept');
  });

  it('counts at least one page', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
  });
});
