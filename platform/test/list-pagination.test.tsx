import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ListPagination, type PagedList } from '../src/list';
import { ThemeModeProvider } from '../src/theme';

it('ListPagination shows the controller’s page and hands the user’s choices back to it', async () => {
  const list: PagedList = { page: 2, pageCount: 4, pageSize: 10, setPage: jest.fn(), setPageSize: jest.fn() };
  render(
    <ThemeModeProvider>
      <ListPagination list={list} label="Expense pages" />
    </ThemeModeProvider>,
  );
  const nav = screen.getByRole('navigation', { name: 'Expense pages' });
  expect(nav).toHaveTextContent('Page 2 of 4');
  await userEvent.click(screen.getByRole('button', { name: 'Next' }));
  await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
  expect(list.setPage).toHaveBeenNthCalledWith(1, 3);
  expect(list.setPage).toHaveBeenNthCalledWith(2, 1);
  await userEvent.selectOptions(screen.getByLabelText('Items per page'), '25');
  expect(list.setPageSize).toHaveBeenCalledWith(25);
});
