import type { Purchase, ShopSettings } from '@loupe/contracts';

/** Fixtures of issue 22's buy-ins, shaped as the service answers them. */

export const SELLER = { id: 9, name: 'Harriet Cole', email: 'harriet@example.com', status: 'active' };

/** Harriet's client record, with the postal address a purchase invoice prints. */
export const SELLER_RECORD = {
  ...SELLER,
  phone: '',
  addressLine1: '12 Mill Lane',
  addressLine2: '',
  town: 'Bath',
  postcode: 'BA1 1AA',
  country: 'United Kingdom',
};

export function purchase(id: number, overrides: Partial<Purchase> = {}): Purchase {
  return {
    id,
    number: id,
    reference: `PUR-${String(id).padStart(6, '0')}`,
    status: 'completed',
    date: '2026-11-20',
    sellerId: 9,
    sellerName: 'Harriet Cole',
    sellerAddress: ['12 Mill Lane', 'Bath', 'BA1 1AA', 'United Kingdom'],
    sellerKind: 'private',
    totalGbp: 6200,
    lines: [
      {
        id: 501,
        itemId: 41,
        stockNumber: 1042,
        stockType: 'Watches',
        brand: 'Rolex',
        model: 'Submariner',
        serial: 'SUB-778',
        description: 'Steel, 2019',
        priceGbp: 6000,
        intake: {
          conditionGrade: 'very_good',
          box: true,
          papers: true,
          warrantyCard: false,
          serviceHistory: false,
          extraLinks: true,
          notes: 'Light desk-diving marks',
        },
        registerCheck: {
          provider: 'The Watch Register',
          searchReference: 'TWR-55120',
          checkedOn: '2026-11-20',
          result: 'clear',
          certificateName: 'twr-55120.pdf',
        },
      },
      {
        id: 502,
        itemId: 42,
        stockNumber: 1043,
        stockType: 'Accessories',
        brand: '',
        model: '',
        serial: 'STRAP-1',
        description: 'Leather strap',
        priceGbp: 200,
        intake: {
          conditionGrade: null,
          box: false,
          papers: false,
          warrantyCard: false,
          serviceHistory: false,
          extraLinks: false,
          notes: '',
        },
        registerCheck: null,
      },
    ],
    payments: [
      {
        id: 1,
        method: 'Bank Transfer',
        amount: 6000,
        currency: 'GBP',
        exchangeRate: 1,
        amountGbp: 6000,
        date: '2026-11-20',
        reversalOf: null,
      },
      {
        id: 2,
        method: 'Cash',
        amount: 250,
        currency: 'EUR',
        exchangeRate: 0.8,
        amountGbp: 200,
        date: '2026-11-20',
        reversalOf: null,
      },
    ],
    voidedOn: null,
    voidReason: '',
    notes: '',
    createdBy: 'platinum',
    createdAt: '2026-11-20T10:00:00Z',
    source: 'buy_in',
    outstanding: [],
    ...overrides,
  };
}

/** The shop's settings as far as a buy-in reads them: a register check from £1,000. */
export const SETTINGS = {
  shopId: 1,
  shopName: 'Loupe Demo',
  purchaseRegisterCheckThresholdGbp: 1000,
} as unknown as ShopSettings;
