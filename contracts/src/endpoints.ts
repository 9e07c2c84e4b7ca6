// The API's endpoints, each declared once: method, route pattern and the names of its schemas. Both sides read
// this map: the server registers its routes from it (with the schema values: endpoint-schemas.ts), the browser
// builds its paths from it (pathOf) and takes its types from it (ResponseOf, BodyOf, QueryOf).
//
// Only types are imported here, never TypeBox itself: the browser bundle (browser.ts) carries this map, and
// naming schemas rather than holding them keeps the schema builder out of every page.
import { profileEndpoints, sessionEndpoints } from './account-endpoints';
import type { Endpoint } from './endpoint-types';

export * from './account-endpoints';
export * from './endpoint-paths';
export * from './endpoint-types';

export const endpoints = {
  session: sessionEndpoints,
  sessions: {
    list: { method: 'GET', path: '/api/account/sessions/', response: 'SessionList' },
    /** Ends every session of the caller but this one. */
    signOutOthers: {
      method: 'POST',
      path: '/api/account/sessions/sign-out-others/',
      response: 'SignedOutSessions',
    },
    /** Ends one of the caller's other sessions; 404 for an id that is not theirs. */
    signOut: {
      method: 'DELETE',
      path: '/api/account/sessions/:sessionId/',
      response: 'NoContent',
      status: 204,
    },
  },
  profile: profileEndpoints,
  memberships: {
    list: {
      method: 'GET',
      path: '/api/shops/:shopId/memberships/',
      query: 'MembershipQuery',
      response: 'MembershipList',
    },
    /** 201 for a new member, 200 when an existing member's role changed. */
    create: {
      method: 'POST',
      path: '/api/shops/:shopId/memberships/',
      body: 'MembershipCreate',
      response: 'Membership',
      status: [201, 200],
    },
    /** The nominated officer (MLR 2017 reg. 21(3)): anyone who manages members reads it; only the owner names one. */
    nominatedOfficer: {
      method: 'GET',
      path: '/api/shops/:shopId/nominated-officer/',
      response: 'NominatedOfficer',
    },
    setNominatedOfficer: {
      method: 'PUT',
      path: '/api/shops/:shopId/nominated-officer/',
      body: 'NominatedOfficerUpdate',
      response: 'NominatedOfficer',
    },
  },
  /** Deals (issue 20, deals.ts): several lines, split payments, part-exchange, deposits and layaway. */
  deals: {
    list: { method: 'GET', path: '/api/deals/', query: 'DealQuery', response: 'DealList' },
    create: { method: 'POST', path: '/api/deals/', body: 'DealCreate', response: 'Deal', status: 201 },
    check: { method: 'POST', path: '/api/deals/check/', body: 'DealCreate', response: 'DealCheck' },
    detail: { method: 'GET', path: '/api/deals/:id/', response: 'Deal' },
    pay: { method: 'POST', path: '/api/deals/:id/payments/', body: 'DealPaymentCreate', response: 'Deal' },
    complete: { method: 'POST', path: '/api/deals/:id/complete/', body: 'DealComplete', response: 'Deal' },
    cancel: { method: 'POST', path: '/api/deals/:id/cancel/', body: 'DealCancel', response: 'Deal' },
    void: { method: 'POST', path: '/api/deals/:id/void/', body: 'VoidRequest', response: 'Deal' },
  },
  /** Purchases — buy-ins with due diligence (issue 22, purchases.ts): the purchase invoice the seller signs. */
  purchases: {
    list: { method: 'GET', path: '/api/purchases/', query: 'PurchaseQuery', response: 'PurchaseList' },
    create: {
      method: 'POST',
      path: '/api/purchases/',
      body: 'PurchaseCreate',
      response: 'Purchase',
      status: 201,
    },
    check: {
      method: 'POST',
      path: '/api/purchases/check/',
      body: 'PurchaseCreate',
      response: 'PurchaseCheck',
    },
    detail: { method: 'GET', path: '/api/purchases/:id/', response: 'Purchase' },
    void: { method: 'POST', path: '/api/purchases/:id/void/', body: 'VoidRequest', response: 'Purchase' },
    pdf: { method: 'GET', path: '/api/purchases/:id/pdf/', response: 'FileDownload' },
    uploadCertificate: {
      method: 'POST',
      path: '/api/purchases/:id/lines/:lineId/certificate/',
      upload: 'file',
      response: 'Purchase',
      status: 201,
    },
    certificate: {
      method: 'GET',
      path: '/api/purchases/:id/lines/:lineId/certificate/',
      response: 'FileDownload',
    },
  },
  /**
   * The workshop (issue 23, workshop.ts): repair and service jobs from intake to collection, every member. Stage
   * rules: workshop-messages.ts (workshopMoveProblem).
   */
  workshop: {
    list: { method: 'GET', path: '/api/workshop/jobs/', query: 'JobQuery', response: 'JobList' },
    create: {
      method: 'POST',
      path: '/api/workshop/jobs/',
      body: 'JobInput',
      response: 'JobDetail',
      status: 201,
    },
    detail: { method: 'GET', path: '/api/workshop/jobs/:id/', response: 'JobDetail' },
    /** The promised date and the rush flag. */
    update: { method: 'PUT', path: '/api/workshop/jobs/:id/', body: 'JobUpdate', response: 'JobDetail' },
    /** 409 with workshopMoveProblem's message when the move is not allowed. */
    moveStage: {
      method: 'POST',
      path: '/api/workshop/jobs/:id/stage/',
      body: 'StageMoveInput',
      response: 'JobDetail',
    },
    /** Replaces the estimate's lines; 409 once the estimate is sent. */
    setEstimate: {
      method: 'PUT',
      path: '/api/workshop/jobs/:id/estimate/',
      body: 'EstimateSetInput',
      response: 'JobDetail',
    },
    /** A condition photo (multipart `file`: JPEG, PNG, WebP). */
    uploadPhoto: {
      method: 'POST',
      path: '/api/workshop/jobs/:id/photos/',
      upload: 'file',
      response: 'JobDetail',
      status: 201,
    },
    photo: { method: 'GET', path: '/api/workshop/jobs/:id/photos/:photoId/', response: 'FileDownload' },
    /** The papers (job-document-schemas.ts): intake receipt, estimate, bag label. */
    receiptPdf: { method: 'GET', path: '/api/workshop/jobs/:id/receipt/pdf/', response: 'FileDownload' },
    estimatePdf: { method: 'GET', path: '/api/workshop/jobs/:id/estimate/pdf/', response: 'FileDownload' },
    labelPdf: {
      method: 'GET',
      path: '/api/workshop/jobs/:id/label/pdf/',
      query: 'JobLabelQuery',
      response: 'FileDownload',
    },
  },
  /**
   * The workshop's money and uncollected pieces (issue 23 item 5, workshop-money.ts): a client's job paid through
   * the sales workflow (deposit, collection with its invoice), a stock item's repair costs and two margins, and
   * the reminders and notices of the Torts (Interference with Goods) Act 1977.
   */
  workshopMoney: {
    money: { method: 'GET', path: '/api/workshop/jobs/:id/money/', response: 'JobMoney' },
    /** The deposit (a reserved deal of the job's lines), then instalments; 409 before the estimate is fixed. */
    deposit: {
      method: 'POST',
      path: '/api/workshop/jobs/:id/deposit/',
      body: 'JobDepositCreate',
      response: 'JobMoney',
    },
    /** The last payments, the invoice and the job collected; 409 JOB_BALANCE_UNPAID with the figure. */
    collect: {
      method: 'POST',
      path: '/api/workshop/jobs/:id/collect/',
      body: 'JobCollect',
      response: 'JobMoney',
    },
    itemMargins: { method: 'GET', path: '/api/workshop/items/:id/margins/', response: 'ItemMargins' },
    uncollected: {
      method: 'GET',
      path: '/api/workshop/uncollected/',
      query: 'UncollectedQuery',
      response: 'UncollectedJobList',
    },
    remind: {
      method: 'POST',
      path: '/api/workshop/uncollected/reminders/',
      response: 'UncollectedReminders',
    },
    notice: {
      method: 'POST',
      path: '/api/workshop/jobs/:id/uncollected-notice/',
      body: 'UncollectedNoticeCreate',
      response: 'UncollectedNotice',
      status: 201,
    },
    noticePdf: {
      method: 'GET',
      path: '/api/workshop/jobs/:id/uncollected-notice/pdf/',
      response: 'FileDownload',
    },
  },
  /** The shop's outgoing e-mail (issue 23 item 4, mail.ts): the outbox, read and retried by 'viewOutbox'. */
  mail: {
    outbox: { method: 'GET', path: '/api/mail/outbox/', query: 'OutboxQuery', response: 'OutboxList' },
    message: { method: 'GET', path: '/api/mail/outbox/:id/', response: 'OutboxMessage' },
    retry: { method: 'POST', path: '/api/mail/outbox/:id/retry/', response: 'OutboxMessage' },
  },
  /**
   * The storefront (issue 24 item 1, storefront.ts): read by every member, changed with 'manageListings'. The
   * pages themselves are public: /store/{slug}/ (server/src/modules/storefront/public-routes.ts).
   */
  storefront: {
    settings: { method: 'GET', path: '/api/storefront/settings/', response: 'StorefrontSettings' },
    /** 400 for a bad address, 409 when another shop uses it. */
    updateSettings: {
      method: 'PUT',
      path: '/api/storefront/settings/',
      body: 'StorefrontSettingsUpdate',
      response: 'StorefrontSettings',
    },
    listing: { method: 'GET', path: '/api/storefront/items/:id/listing/', response: 'ItemListing' },
    updateListing: {
      method: 'PUT',
      path: '/api/storefront/items/:id/listing/',
      body: 'ItemListingUpdate',
      response: 'ItemListing',
    },
  },
  /**
   * Marketplace feeds and the Chrono24 7-day rule (issue 24 items 3-4, feeds.ts, feed-schemas.ts): channels and
   * their items need 'manageChannels'; an item's feed status and the sale reports are every member's. The feeds
   * themselves are public: GET /store/{slug}/feeds/{channel}/{token}.xml (server/src/modules/marketplace).
   */
  marketplace: {
    channels: { method: 'GET', path: '/api/marketplace/channels/', response: 'MarketplaceChannelList' },
    /** A new secret token: the old feed URL is a 404 at once. */
    rotate: {
      method: 'POST',
      path: '/api/marketplace/channels/:channel/rotate/',
      response: 'MarketplaceChannel',
    },
    channelItems: {
      method: 'GET',
      path: '/api/marketplace/channels/:channel/items/',
      query: 'MarketplaceChannelItemQuery',
      response: 'MarketplaceChannelItemList',
    },
    item: { method: 'GET', path: '/api/marketplace/items/:id/', response: 'MarketplaceItem' },
    saleReports: {
      method: 'GET',
      path: '/api/marketplace/sale-reports/',
      query: 'SaleReportQuery',
      response: 'SaleReportList',
    },
    /** 409 when the report is already done or closed. */
    saleReportDone: {
      method: 'POST',
      path: '/api/marketplace/sale-reports/:id/done/',
      response: 'SaleReport',
    },
  },
  /**
   * Website enquiries (issue 24 item 2, enquiries.ts): every member reads and answers them. The form itself is
   * public: POST /store/{slug}/items/{itemId}/enquiry (server/src/modules/enquiries).
   */
  enquiries: {
    list: { method: 'GET', path: '/api/enquiries/', query: 'EnquiryQuery', response: 'EnquiryList' },
    detail: { method: 'GET', path: '/api/enquiries/:id/', response: 'EnquiryDetail' },
    /** Sent through the mailer (or kept in the outbox); 409 when closed, 400 when there is no e-mail. */
    reply: {
      method: 'POST',
      path: '/api/enquiries/:id/reply/',
      body: 'EnquiryReply',
      response: 'EnquiryDetail',
    },
    /** Links the client with the same e-mail, or creates one; 409 when already converted or closed. */
    convert: { method: 'POST', path: '/api/enquiries/:id/convert/', response: 'EnquiryDetail' },
    close: { method: 'POST', path: '/api/enquiries/:id/close/', response: 'EnquiryDetail' },
    /** Deletes the enquiry and its replies at once, e.g. when the person asks (UK GDPR Art. 17). */
    remove: { method: 'DELETE', path: '/api/enquiries/:id/', response: 'NoContent', status: 204 },
  },
  /**
   * Wanted lists (issue 24 item 5, wants.ts, wants-messages.ts): a client's wants and their matches with stock,
   * every member; matched after every new item and price change; the prepared e-mail sent through the mail module.
   */
  wants: {
    clientWants: {
      method: 'GET',
      path: '/api/clients/:id/wants/',
      query: 'WantQuery',
      response: 'WantList',
    },
    create: {
      method: 'POST',
      path: '/api/clients/:id/wants/',
      body: 'WantInput',
      response: 'WantSaved',
      status: 201,
    },
    update: { method: 'PUT', path: '/api/wants/:id/', body: 'WantInput', response: 'WantSaved' },
    remove: { method: 'DELETE', path: '/api/wants/:id/', response: 'NoContent', status: 204 },
    matches: {
      method: 'GET',
      path: '/api/wants/matches/',
      query: 'WantMatchQuery',
      response: 'WantMatchList',
    },
    itemMatches: {
      method: 'GET',
      path: '/api/items/:id/want-matches/',
      query: 'WantMatchQuery',
      response: 'WantMatchList',
    },
    clientMatches: {
      method: 'GET',
      path: '/api/clients/:id/want-matches/',
      query: 'WantMatchQuery',
      response: 'WantMatchList',
    },
    email: { method: 'GET', path: '/api/wants/matches/:id/email/', response: 'WantMatchEmail' },
    /** 409 WANT_PROBLEMS.noEmail / itemGone / alreadyEmailed / dismissed. */
    send: {
      method: 'POST',
      path: '/api/wants/matches/:id/email/',
      body: 'WantMatchSend',
      response: 'WantMatchSent',
    },
    dismiss: { method: 'POST', path: '/api/wants/matches/:id/dismiss/', response: 'WantMatch' },
  },
  /** The shop's catalogue of brands and models (issue 22, catalogue.ts): read by all, changed by platinum. */
  catalogue: {
    list: { method: 'GET', path: '/api/catalogue/', response: 'Catalogue' },
    addBrand: {
      method: 'POST',
      path: '/api/catalogue/brands/',
      body: 'CatalogueEntryCreate',
      response: 'Catalogue',
      status: 201,
    },
    updateBrand: {
      method: 'PUT',
      path: '/api/catalogue/brands/:id/',
      body: 'CatalogueEntryUpdate',
      response: 'Catalogue',
    },
    mergeBrand: {
      method: 'POST',
      path: '/api/catalogue/brands/:id/merge/',
      body: 'CatalogueMerge',
      response: 'Catalogue',
    },
    addModel: {
      method: 'POST',
      path: '/api/catalogue/brands/:id/models/',
      body: 'CatalogueEntryCreate',
      response: 'Catalogue',
      status: 201,
    },
    updateModel: {
      method: 'PUT',
      path: '/api/catalogue/models/:id/',
      body: 'CatalogueEntryUpdate',
      response: 'Catalogue',
    },
    mergeModel: {
      method: 'POST',
      path: '/api/catalogue/models/:id/merge/',
      body: 'CatalogueMerge',
      response: 'Catalogue',
    },
  },
  items: {
    list: { method: 'GET', path: '/api/items/', query: 'ItemQuery', response: 'ItemList' },
    create: { method: 'POST', path: '/api/items/', body: 'ItemCreate', response: 'Item', status: 201 },
    summary: { method: 'GET', path: '/api/items/summary/', response: 'InventorySummary' },
    detail: { method: 'GET', path: '/api/items/:id/', response: 'Item' },
    update: { method: 'PUT', path: '/api/items/:id/', body: 'ItemUpdate', response: 'Item' },
    sell: { method: 'POST', path: '/api/items/:id/sell/', body: 'ItemSell', response: 'Item' },
    checkOut: { method: 'POST', path: '/api/items/:id/check-out/', body: 'ItemCheckOut', response: 'Item' },
    return: { method: 'POST', path: '/api/items/:id/return/', body: 'ItemReturn', response: 'Item' },
    promote: { method: 'POST', path: '/api/items/:id/promote/', body: 'ItemPromote', response: 'Item' },
    addImage: {
      method: 'POST',
      path: '/api/items/:id/images/',
      upload: 'file',
      response: 'ItemImage',
      status: 201,
    },
    image: { method: 'GET', path: '/api/items/:id/images/:imageId/', response: 'FileDownload' },
    deleteImage: {
      method: 'DELETE',
      path: '/api/items/:id/images/:imageId/',
      response: 'NoContent',
      status: 204,
    },
    /** Voids the item's standing sale (issue 12): the item goes back to the status it had before it. */
    voidSale: { method: 'POST', path: '/api/items/:id/void-sale/', body: 'VoidRequest', response: 'Item' },
    /** The shop's item with exactly this serial, or 404 (stock-takes.ts): the top bar's scanner. */
    bySerial: {
      method: 'GET',
      path: '/api/items/by-serial/',
      query: 'ItemBySerialQuery',
      response: 'ItemRow',
    },
    /** Gives a consignment item back to its supplier (issue 14): status unavailable, consignment.returnedAt set. */
    returnToSupplier: {
      method: 'POST',
      path: '/api/items/:id/return-to-supplier/',
      body: 'ReturnToSupplier',
      response: 'Item',
    },
    history: {
      method: 'GET',
      path: '/api/items/:id/history/',
      query: 'HistoryQuery',
      response: 'AuditEventList',
    },
  },
  clients: {
    list: { method: 'GET', path: '/api/clients/', query: 'ClientQuery', response: 'ClientList' },
    create: { method: 'POST', path: '/api/clients/', body: 'ClientCreate', response: 'Client', status: 201 },
    summary: { method: 'GET', path: '/api/clients/summary/', response: 'ClientSummary' },
    detail: { method: 'GET', path: '/api/clients/:id/', response: 'Client' },
    update: { method: 'PUT', path: '/api/clients/:id/', body: 'ClientUpdate', response: 'Client' },
    ledger: { method: 'GET', path: '/api/clients/:id/ledger/', query: 'LedgerQuery', response: 'LedgerList' },
    recordPayment: {
      method: 'POST',
      path: '/api/clients/:id/ledger/',
      body: 'LedgerPayment',
      response: 'LedgerPaymentResult',
      status: 201,
    },
    kycDocuments: { method: 'GET', path: '/api/clients/:id/kyc/', response: 'ClientDocumentList' },
    addKycDocument: {
      method: 'POST',
      path: '/api/clients/:id/kyc/',
      upload: 'file',
      response: 'ClientDocument',
      status: 201,
    },
    kycDocument: { method: 'GET', path: '/api/clients/:id/kyc/:docId/', response: 'FileDownload' },
    voidLedgerEntry: {
      method: 'POST',
      path: '/api/clients/:id/ledger/:entryId/void/',
      body: 'VoidRequest',
      response: 'LedgerVoidResult',
    },
    /** Records who verified the client's identity and when (customer due diligence, issue 13). */
    verify: {
      method: 'POST',
      path: '/api/clients/:id/verification/',
      body: 'ClientVerification',
      response: 'Client',
    },
    unverify: { method: 'DELETE', path: '/api/clients/:id/verification/', response: 'Client' },
    /** Every check-out of the client, open or ended, newest first (approval notes to reprint). */
    checkouts: { method: 'GET', path: '/api/clients/:id/checkouts/', response: 'ClientCheckoutList' },
    history: {
      method: 'GET',
      path: '/api/clients/:id/history/',
      query: 'HistoryQuery',
      response: 'AuditEventList',
    },
  },
  expenses: {
    list: { method: 'GET', path: '/api/expenses/', query: 'FinanceEntryQuery', response: 'ExpenseList' },
    create: {
      method: 'POST',
      path: '/api/expenses/',
      body: 'ExpenseCreate',
      response: 'Expense',
      status: 201,
    },
    /** → the original expense, now voided (its reversal is listed on the day of the void). */
    void: { method: 'POST', path: '/api/expenses/:id/void/', body: 'VoidRequest', response: 'Expense' },
  },
  quickSales: {
    list: { method: 'GET', path: '/api/quick-sales/', query: 'FinanceEntryQuery', response: 'QuickSaleList' },
    create: {
      method: 'POST',
      path: '/api/quick-sales/',
      body: 'QuickSaleCreate',
      response: 'QuickSale',
      status: 201,
    },
    void: { method: 'POST', path: '/api/quick-sales/:id/void/', body: 'VoidRequest', response: 'QuickSale' },
  },
  /** The shop's own details for its documents (issue 13): read by any member, changed by platinum. */
  settings: {
    get: { method: 'GET', path: '/api/shop/settings/', response: 'ShopSettings' },
    update: {
      method: 'PUT',
      path: '/api/shop/settings/',
      body: 'ShopSettingsUpdate',
      response: 'ShopSettings',
    },
    logo: { method: 'GET', path: '/api/shop/settings/logo/', response: 'FileDownload' },
    uploadLogo: {
      method: 'POST',
      path: '/api/shop/settings/logo/',
      upload: 'file',
      response: 'ShopSettings',
      status: 201,
    },
    deleteLogo: { method: 'DELETE', path: '/api/shop/settings/logo/', response: 'ShopSettings' },
  },
  /** Invoices and credit notes (issue 13): issued by sales and voids, never changed. */
  invoices: {
    list: { method: 'GET', path: '/api/invoices/', query: 'InvoiceQuery', response: 'InvoiceList' },
    csv: { method: 'GET', path: '/api/invoices/csv/', query: 'InvoiceQuery', response: 'FileDownload' },
    detail: { method: 'GET', path: '/api/invoices/:id/', response: 'Invoice' },
    pdf: {
      method: 'GET',
      path: '/api/invoices/:id/pdf/',
      query: 'InvoicePdfQuery',
      response: 'FileDownload',
    },
  },
  checkouts: {
    approvalNote: { method: 'GET', path: '/api/checkouts/:id/approval-note/', response: 'FileDownload' },
  },
  /** Stock labels as a PDF (issue 14): QR code of the serial, serial, brand/model and the price text. */
  labels: {
    pdf: { method: 'GET', path: '/api/labels/pdf/', query: 'LabelQuery', response: 'FileDownload' },
  },
  /** Stock-takes (issue 14): count the stock by scanning serials; rules in stock-takes.ts. */
  stockTakes: {
    list: { method: 'GET', path: '/api/stock-takes/', query: 'StockTakeQuery', response: 'StockTakeList' },
    create: {
      method: 'POST',
      path: '/api/stock-takes/',
      body: 'StockTakeCreate',
      response: 'StockTake',
      status: 201,
    },
    detail: { method: 'GET', path: '/api/stock-takes/:id/', response: 'StockTake' },
    lines: {
      method: 'GET',
      path: '/api/stock-takes/:id/lines/',
      query: 'StockTakeLineQuery',
      response: 'StockTakeLineList',
    },
    /** 201 for a new scan, 200 for a serial already scanned into the count (duplicate: true). */
    scan: {
      method: 'POST',
      path: '/api/stock-takes/:id/scans/',
      body: 'StockTakeScanCreate',
      response: 'StockTakeScanResult',
      status: [201, 200],
    },
    close: { method: 'POST', path: '/api/stock-takes/:id/close/', response: 'StockTake' },
    varianceCsv: { method: 'GET', path: '/api/stock-takes/:id/variance/csv/', response: 'FileDownload' },
    variancePdf: { method: 'GET', path: '/api/stock-takes/:id/variance/pdf/', response: 'FileDownload' },
    /** The answer is the line with its follow-up. */
    markUnavailable: {
      method: 'POST',
      path: '/api/stock-takes/:id/missing/:itemId/mark-unavailable/',
      body: 'StockTakeMarkUnavailable',
      response: 'StockTakeLine',
    },
  },
  /** The AML cash guard's report (issue 13): flagged payments and refused attempts. */
  compliance: {
    aml: { method: 'GET', path: '/api/compliance/aml/', query: 'AmlEventQuery', response: 'AmlEventList' },
    amlCsv: {
      method: 'GET',
      path: '/api/compliance/aml/csv/',
      query: 'AmlEventQuery',
      response: 'FileDownload',
    },
  },
  /** Sanctions screening (issue 25 item 2, sanctions.ts): the nominated officer's review of possible matches. */
  sanctions: {
    review: { method: 'GET', path: '/api/compliance/sanctions/', response: 'SanctionsReview' },
    decide: {
      method: 'POST',
      path: '/api/compliance/sanctions/:id/decision/',
      body: 'SanctionsDecision',
      response: 'SanctionsMatch',
    },
  },
  /**
   * Risk-based due diligence (issue 25 item 1, risk.ts): a client's risk rating and enhanced due diligence (read
   * by any member; changed by platinum and gold), the shop's EDD threshold, the firm-wide risk assessment.
   */
  risk: {
    client: { method: 'GET', path: '/api/clients/:id/risk/', response: 'ClientRisk' },
    rate: { method: 'PUT', path: '/api/clients/:id/risk/', body: 'ClientRiskUpdate', response: 'ClientRisk' },
    /** Source of funds evidence (multipart `file`). */
    addFundsEvidence: {
      method: 'POST',
      path: '/api/clients/:id/risk/source-of-funds/',
      upload: 'file',
      response: 'ClientRisk',
      status: 201,
    },
    /** Source of wealth evidence (multipart `file`). */
    addWealthEvidence: {
      method: 'POST',
      path: '/api/clients/:id/risk/source-of-wealth/',
      upload: 'file',
      response: 'ClientRisk',
      status: 201,
    },
    evidence: { method: 'GET', path: '/api/clients/:id/risk/evidence/:docId/', response: 'FileDownload' },
    approve: {
      method: 'POST',
      path: '/api/clients/:id/risk/approval/',
      body: 'EddApprovalCreate',
      response: 'ClientRisk',
    },
    settings: { method: 'GET', path: '/api/compliance/risk-settings/', response: 'RiskSettings' },
    updateSettings: {
      method: 'PUT',
      path: '/api/compliance/risk-settings/',
      body: 'RiskSettingsUpdate',
      response: 'RiskSettings',
    },
    assessments: { method: 'GET', path: '/api/compliance/risk-assessments/', response: 'RiskAssessmentList' },
    addAssessment: {
      method: 'POST',
      path: '/api/compliance/risk-assessments/',
      // The version's fields ride in the query string (RiskAssessmentQuery), read and checked by the service: the
      // upload's one part is the file, and a declared query would make this a list's GET-style filter.
      upload: 'file',
      response: 'RiskAssessment',
      status: 201,
    },
    assessmentFile: {
      method: 'GET',
      path: '/api/compliance/risk-assessments/:id/file/',
      response: 'FileDownload',
    },
  },
  /** Retention, legal holds, erasure requests and the subject access export (issue 25 item 3). */
  retention: {
    /** Clients whose retention is over, for the nominated officer's review. */
    list: { method: 'GET', path: '/api/compliance/retention/', response: 'RetentionList' },
    /** Deletes a confirmed batch (personal data erased, KYC papers deleted, audit key destroyed). */
    deleteBatch: {
      method: 'POST',
      path: '/api/compliance/retention/delete/',
      body: 'RetentionDelete',
      response: 'RetentionDeleteResult',
    },
    status: { method: 'GET', path: '/api/clients/:id/retention/', response: 'RetentionClient' },
    hold: {
      method: 'POST',
      path: '/api/clients/:id/legal-hold/',
      body: 'LegalHoldCreate',
      response: 'RetentionClient',
      status: 201,
    },
    release: { method: 'DELETE', path: '/api/clients/:id/legal-hold/', response: 'RetentionClient' },
    erasure: {
      method: 'POST',
      path: '/api/clients/:id/erasure-requests/',
      body: 'ErasureRequestCreate',
      response: 'ErasureOutcome',
      status: 201,
    },
    /** One ZIP: the client's data as JSON, KYC papers and invoice PDFs (UK GDPR Art. 15). */
    subjectAccess: { method: 'GET', path: '/api/clients/:id/subject-access/', response: 'FileDownload' },
  },
  /**
   * Internal suspicious activity reports (issue 25 item 1, suspicions.ts): any member reports; the nominated
   * officer alone lists and decides them. The annual compliance summary (owner or nominated officer).
   */
  suspicions: {
    create: {
      method: 'POST',
      path: '/api/compliance/suspicions/',
      body: 'SuspicionCreate',
      response: 'SuspicionReceipt',
      status: 201,
    },
    list: { method: 'GET', path: '/api/compliance/suspicions/', response: 'SuspicionReportList' },
    decide: {
      method: 'POST',
      path: '/api/compliance/suspicions/:id/decision/',
      body: 'SuspicionDecision',
      response: 'SuspicionReport',
    },
    summaryPdf: {
      method: 'GET',
      path: '/api/compliance/summary/pdf/',
      query: 'ComplianceSummaryQuery',
      response: 'FileDownload',
    },
  },
  /** The shop-wide audit trail (platinum only). */
  activity: {
    list: { method: 'GET', path: '/api/activity/', query: 'ActivityQuery', response: 'AuditEventList' },
    csv: { method: 'GET', path: '/api/activity/csv/', query: 'ActivityQuery', response: 'FileDownload' },
    filters: { method: 'GET', path: '/api/activity/filters/', response: 'ActivityFilters' },
  },
  reports: {
    get: { method: 'GET', path: '/api/reports/', query: 'ReportQuery', response: 'Report' },
    /** The same report as a streamed CSV download. */
    csv: { method: 'GET', path: '/api/reports/csv/', query: 'ReportQuery', response: 'FileDownload' },
    /** Sales, cost of goods sold and margin per brand over a range (issue 14). */
    margins: { method: 'GET', path: '/api/reports/margins/', query: 'MarginQuery', response: 'MarginReport' },
    marginsCsv: {
      method: 'GET',
      path: '/api/reports/margins/csv/',
      query: 'MarginQuery',
      response: 'FileDownload',
    },
  },
  /**
   * The books (issue 22, items 5 and 6): the HMRC stock book, the margin-scheme VAT figures and the accounting
   * exports of a period (books.ts). 'viewCosts' only.
   */
  books: {
    stockBook: {
      method: 'GET',
      path: '/api/books/stock-book/',
      query: 'StockBookQuery',
      response: 'StockBookPage',
    },
    stockBookCsv: {
      method: 'GET',
      path: '/api/books/stock-book/csv/',
      query: 'StockBookQuery',
      response: 'FileDownload',
    },
    stockBookPdf: {
      method: 'GET',
      path: '/api/books/stock-book/pdf/',
      query: 'StockBookQuery',
      response: 'FileDownload',
    },
    vat: { method: 'GET', path: '/api/books/vat/', query: 'BooksPeriodQuery', response: 'VatFigures' },
    exports: { method: 'GET', path: '/api/books/exports/', query: 'ExportQuery', response: 'FileDownload' },
  },
  /** Aged stock for the dashboard (issue 14): 90+ day stock, average days to sell, overdue memos. */
  stock: {
    aging: { method: 'GET', path: '/api/stock/aging/', query: 'StockAgingQuery', response: 'StockAging' },
  },
  dashboard: {
    finance: { method: 'GET', path: '/api/dashboard/finance/', response: 'FinanceDashboard' },
  },
  pins: {
    list: { method: 'GET', path: '/api/dashboard/pins/', response: 'DashboardPinList' },
    /** 201 for a new pin, 200 with the caller's existing pin of the same report. */
    create: {
      method: 'POST',
      path: '/api/dashboard/pins/',
      body: 'DashboardPinCreate',
      response: 'DashboardPin',
      status: [201, 200],
    },
    delete: { method: 'DELETE', path: '/api/dashboard/pins/:id/', response: 'NoContent', status: 204 },
  },
  /** One search (issue 21, search.ts): items, clients and invoices matching q, up to 8 of each. */
  search: {
    query: { method: 'GET', path: '/api/search/', query: 'SearchQuery', response: 'SearchResults' },
  },
} as const satisfies Record<string, Record<string, Endpoint>>;

export type Endpoints = typeof endpoints;
