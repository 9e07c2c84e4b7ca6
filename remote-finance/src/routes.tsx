import type { RemoteRoutes } from '@loupe/platform';
import { AddExpensePage } from './features/entries/components/add-expense-page';
import { AddQuickSalePage } from './features/entries/components/add-quick-sale-page';
import { CompliancePage } from './features/compliance/components/compliance-page';
import { SuspicionRegisterPage } from './features/suspicions/components/suspicion-register-page';
import { ComplianceProgramme } from './features/suspicions/components/compliance-programme';
import { RiskReviewNotice } from './features/risk-assessment/components/risk-review-notice';
import { SanctionsPage } from './features/sanctions/components/sanctions-page';
import { RetentionPage } from './features/retention/components/retention-page';
import { RiskAssessmentPage } from './features/risk-assessment/components/risk-assessment-page';
import { DealListPage } from './features/deals/components/deal-list-page';
import { DealPage } from './features/deals/components/deal-page';
import { NewDealPage } from './features/deals/components/new-deal-page';
import { NewPurchasePage } from './features/purchases/components/new-purchase-page';
import { PurchaseListPage } from './features/purchases/components/purchase-list-page';
import { PurchasePage } from './features/purchases/components/purchase-page';
import { ExpenseListPage } from './features/entries/components/expense-list-page';
import { MarginReportPage } from './features/margins/components/margin-report-page';
import { InvoiceListPage } from './features/invoices/components/invoice-list-page';
import { ReportsPage } from './features/reports/components/reports-page';
import { StockBookPage } from './features/stock-book/components/stock-book-page';

/** Expenses, quick sales and reports (SPEC §2): each screen is the whole of its top-level prefix. */
const routes: RemoteRoutes = {
  '/expenses': [{ path: '', element: <AddExpensePage /> }],
  '/quicksales': [{ path: '', element: <AddQuickSalePage /> }],
  '/expenselist': [{ path: '', element: <ExpenseListPage /> }],
  '/reports': [
    { path: '', element: <ReportsPage /> },
    // Issue 14: margin by brand, linked from Reports.
    { path: 'margins', element: <MarginReportPage /> },
    // Issue 22: the HMRC stock book, its VAT figures and the accounting exports, linked from Reports.
    { path: 'stock-book', element: <StockBookPage /> },
  ],
  // Issue 13: the shop's invoices and credit notes, for every member (each of them sells).
  '/invoices': [{ path: '', element: <InvoiceListPage /> }],
  // Issue 13: the AML cash guard's report (platinum and gold; the screen tells silver why not).
  '/compliance': [
    {
      path: '',
      // Issue 25: the risk assessment's review notice and the AML programme's card, on the compliance page.
      element: <CompliancePage riskNotice={<RiskReviewNotice />} programme={<ComplianceProgramme />} />,
    },
    // Issue 25 item 1: the nominated officer's register of suspicious activity reports.
    { path: 'reports', element: <SuspicionRegisterPage /> },
    // Issue 25 item 2: the nominated officer's review of sanctions screening matches.
    { path: 'sanctions', element: <SanctionsPage /> },
    // Issue 25 item 3: clients past their five years of retention, for the nominated officer to delete.
    { path: 'retention', element: <RetentionPage /> },
    // Issue 25 item 1: the firm-wide risk assessment (MLR 2017 reg. 18), the owner's.
    { path: 'risk-assessment', element: <RiskAssessmentPage /> },
  ],
  // Issue 20: deals of several lines, part-exchange and split payments, and layaways. Here beside quick sales
  // and invoices, since a deal is a sale and issues its invoice; the stock screens' Sell opens it for more items.
  '/deals': [
    { path: '', element: <DealListPage /> },
    { path: 'new', element: <NewDealPage /> },
    { path: ':id', element: <DealPage /> },
  ],
  // Issue 22: buy-ins, the other side of the sales workflow: a purchase document numbered like an invoice, its
  // items given stock numbers, the due diligence at buy-in and the payments out through the AML guard.
  '/purchases': [
    { path: '', element: <PurchaseListPage /> },
    { path: 'new', element: <NewPurchasePage /> },
    { path: ':id', element: <PurchasePage /> },
  ],
};

export default routes;
