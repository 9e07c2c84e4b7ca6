import type { ModuleContext } from '../../kernel/context';
import type { ItemsRepository } from '../inventory';
import type { SaleRecordRepos } from '../sales';
import type { ExpensesRepository, QuickSalesRepository } from './entries-repository';
import type { FinanceDashboardRepository } from './finance-dashboard-repository';
import type { PinsRepository } from './pins-repository';
import type { ReportsRepository } from './reports-repository';

/**
 * The repositories the finance module works with: its entries, reports, dashboard and pins; a quick sale's
 * records, which the sales module writes in the entry's transaction; the stock's client names for its buyer.
 */
export interface FinanceRepos extends SaleRecordRepos {
  expenses: ExpensesRepository;
  quickSales: QuickSalesRepository;
  reports: ReportsRepository;
  financeDashboard: FinanceDashboardRepository;
  pins: PinsRepository;
  items: ItemsRepository;
}

export type FinanceContext = ModuleContext<FinanceRepos>;
