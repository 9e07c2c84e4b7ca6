import type { Queryable } from './db/database';
import { AuditRepository } from './modules/audit';
import { SessionsRepository } from './modules/auth/sessions-repository';
import { UsersRepository } from './modules/auth/users-repository';
import { AmlRepository } from './modules/compliance/aml-repository';
import { SanctionsRepository } from './modules/compliance/sanctions-repository';
import { ErasureRequestsRepository } from './modules/compliance/erasure-repository';
import { RetentionRepository } from './modules/compliance/retention-repository';
import { ClientInvoicePdfs } from './modules/documents/pdf/client-invoice-pdfs';
import { RiskRepository } from './modules/compliance/risk-repository';
import { ClientDocumentsRepository } from './modules/clients/client-documents-repository';
import { ClientsRepository } from './modules/clients/clients-repository';
import { LedgerRepository } from './modules/clients/ledger-repository';
import { ExpensesRepository, QuickSalesRepository } from './modules/finance/entries-repository';
import { FinanceDashboardRepository } from './modules/finance/finance-dashboard-repository';
import { PinsRepository } from './modules/finance/pins-repository';
import { ReportsRepository } from './modules/finance/reports-repository';
import { CheckoutsRepository } from './modules/inventory/checkouts-repository';
import { ConsignmentsRepository } from './modules/inventory/consignments-repository';
import { ItemsRepository } from './modules/inventory/items-repository';
import { MembershipsRepository } from './modules/shops/memberships-repository';
import { InvoicesRepository } from './modules/documents/invoices-repository';
import { SettingsRepository } from './modules/documents/settings-repository';
import { SuspicionRepository } from './modules/compliance/suspicion-repository';
import { SummaryRepository } from './modules/compliance/summary-repository';
import { StockTakesRepository } from './modules/stock/stock-takes-repository';
import { DealDocumentsRepository } from './modules/sales/deal-documents-repository';
import { DealsRepository } from './modules/sales/deals-repository';
import { SaleDocumentsRepository } from './modules/sales/sale-documents-repository';
import { PurchasesRepository } from './modules/purchases/purchases-repository';
import { StorefrontRepository } from './modules/storefront/storefront-repository';
import { CatalogueRepository } from './modules/catalogue/catalogue-repository';
import { WorkshopRepository } from './modules/workshop/workshop-repository';
import { WorkshopMoneyRepository } from './modules/workshop/money-repository';
import { WantsRepository } from './modules/wants/wants-repository';
import { EnquiriesRepository } from './modules/enquiries/enquiries-repository';
import { MarketplaceRepository } from './modules/marketplace/marketplace-repository';

/**
 * One repository per table (or read model), all on the same connection: the database for plain reads, or one
 * transaction so that a service's writes commit together.
 */
export function createRepositories(db: Queryable, now: () => Date = () => new Date()) {
  return {
    audit: new AuditRepository(db),
    users: new UsersRepository(db),
    sessions: new SessionsRepository(db),
    memberships: new MembershipsRepository(db),
    clients: new ClientsRepository(db),
    clientDocuments: new ClientDocumentsRepository(db),
    ledger: new LedgerRepository(db),
    items: new ItemsRepository(db, now),
    checkouts: new CheckoutsRepository(db),
    consignments: new ConsignmentsRepository(db),
    expenses: new ExpensesRepository(db),
    quickSales: new QuickSalesRepository(db),
    reports: new ReportsRepository(db),
    financeDashboard: new FinanceDashboardRepository(db),
    pins: new PinsRepository(db),
    invoices: new InvoicesRepository(db),
    settings: new SettingsRepository(db),
    stockTakes: new StockTakesRepository(db),
    aml: new AmlRepository(db),
    // Internal suspicious activity reports (issue 25 item 1): the nominated officer's register.
    suspicions: new SuspicionRepository(db),
    summary: new SummaryRepository(db),
    // Sanctions screening (issue 25 item 2): the UK list, its imports, the clients' screenings.
    sanctions: new SanctionsRepository(db),
    // Retention and erasure (issue 25 item 3): clocks and legal holds, erasure requests, a client's invoice PDFs.
    retention: new RetentionRepository(db),
    erasureRequests: new ErasureRequestsRepository(db),
    invoicePdfs: new ClientInvoicePdfs(db),
    // Client risk ratings, enhanced due diligence and the firm-wide risk assessment (issue 25 item 1).
    risk: new RiskRepository(db),
    // The sales module (issue 20): deals, their sale rows and documents.
    deals: new DealsRepository(db),
    dealDocuments: new DealDocumentsRepository(db),
    saleDocuments: new SaleDocumentsRepository(db),
    // The purchases module (issue 22): buy-ins, their lines, register checks and payments out.
    purchases: new PurchasesRepository(db),
    // The catalogue module (issue 22): the shop's brands and models.
    catalogue: new CatalogueRepository(db),
    // The workshop module (issue 23): repair and service jobs, their estimates, photos and stage moves.
    workshop: new WorkshopRepository(db),
    // The workshop's money (issue 23 item 5): a job's sales deal, stock items' repair costs, uncollected notices.
    workshopMoney: new WorkshopMoneyRepository(db),
    // The wants module (issue 24 item 5): clients' wanted lists and their matches with stock.
    wants: new WantsRepository(db),
    // The storefront (issue 24 item 1): the shop's public address and its items' listings; the public reads.
    storefront: new StorefrontRepository(db),
    // The enquiries module (issue 24 item 2): website enquiries and the staff's replies.
    enquiries: new EnquiriesRepository(db),
    // The marketplace module (issue 24 items 3-4): feed tokens and the Chrono24 sale reports.
    marketplace: new MarketplaceRepository(db),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
