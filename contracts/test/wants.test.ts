import {
  referenceKey,
  wantMisses,
  wantSummary,
  type WantCandidate,
  type WantCriteria,
} from '../src/wants-messages';

// The wanted lists' matching rule (issue 24 item 5), written once for the server's matching and the screens.
const want = (over: Partial<WantCriteria> = {}): WantCriteria => ({
  brand: 'Rolex',
  model: '',
  reference: '',
  yearFrom: null,
  yearTo: null,
  conditionGrade: null,
  maxPrice: null,
  ...over,
});
const item = (over: Partial<WantCandidate> = {}): WantCandidate => ({
  status: 'available',
  brand: 'Rolex',
  model: 'Submariner',
  referenceNumber: '126610LN',
  year: 2020,
  conditionGrade: 'very_good',
  price: '9500.00',
  ...over,
});

describe('wantMisses', () => {
  it('matches on the brand alone, case and surrounding spaces ignored, and only an available item', () => {
    expect(wantMisses(want({ brand: ' rolex ' }), item())).toEqual([]);
    expect(wantMisses(want(), item({ brand: 'Tudor' }))).toEqual(['brand']);
    for (const status of ['sold', 'reserved', 'checked_out', 'unavailable'])
      expect(wantMisses(want(), item({ status }))).toEqual(['available']);
  });

  it('reads a reference without case, spaces or hyphens', () => {
    expect(referenceKey(' 126610-LN ')).toBe('126610ln');
    expect(wantMisses(want({ reference: '126610 ln' }), item())).toEqual([]);
    expect(wantMisses(want({ reference: '126610LV' }), item())).toEqual(['reference']);
  });

  it('takes year bounds inclusively, open at either end, and no unknown year', () => {
    expect(wantMisses(want({ yearFrom: 2020, yearTo: 2020 }), item())).toEqual([]);
    expect(wantMisses(want({ yearFrom: 2021 }), item())).toEqual(['year']);
    expect(wantMisses(want({ yearTo: 2019 }), item())).toEqual(['year']);
    expect(wantMisses(want({ yearTo: 2030 }), item({ year: null }))).toEqual(['year']);
  });

  it('takes the wanted grade or better, never an ungraded item', () => {
    expect(wantMisses(want({ conditionGrade: 'very_good' }), item())).toEqual([]);
    expect(wantMisses(want({ conditionGrade: 'good' }), item({ conditionGrade: 'unworn' }))).toEqual([]);
    expect(wantMisses(want({ conditionGrade: 'excellent' }), item())).toEqual(['condition']);
    expect(wantMisses(want({ conditionGrade: 'fair' }), item({ conditionGrade: null }))).toEqual([
      'condition',
    ]);
  });

  it('compares prices to the penny, and an item without a price is over any maximum', () => {
    expect(wantMisses(want({ maxPrice: '9500' }), item())).toEqual([]);
    expect(wantMisses(want({ maxPrice: 9499.99 }), item())).toEqual(['price']);
    expect(wantMisses(want({ maxPrice: '9500' }), item({ price: null }))).toEqual(['price']);
  });
});

describe('wantSummary', () => {
  it('says a want in one line', () => {
    expect(wantSummary(want())).toBe('Rolex');
    expect(
      wantSummary(
        want({
          model: 'Daytona',
          reference: '116500LN',
          yearFrom: 2016,
          yearTo: 2023,
          conditionGrade: 'excellent',
          maxPrice: '25000',
        }),
      ),
    ).toBe('Rolex Daytona 116500LN, 2016\u20132023, Excellent or better, up to £25,000.00');
    expect(wantSummary(want({ yearTo: 1990, conditionGrade: 'unworn' }))).toBe(
      'Rolex, 1990 or earlier, Unworn',
    );
  });
});
