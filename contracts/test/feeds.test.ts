import {
  DEAL_CHANNELS,
  DEAL_CHANNEL_LABELS,
  FEED_CHANNEL_LABELS,
  feedProblems,
  feedProblemsText,
  feedTitle,
  googleCondition,
  type FeedOffer,
} from '../src/feeds';

const complete: FeedOffer = {
  stockType: 'Watches',
  brand: 'Rolex',
  model: 'Submariner',
  referenceNumber: '124060',
  year: 2021,
  box: true,
  papers: false,
  caseMaterial: 'Steel',
  dial: 'Black',
  movement: 'automatic',
  conditionGrade: 'excellent',
  publicDescription: 'A fine watch.',
  braceletMaterial: 'Steel',
  handlingDays: 2,
  priceOnRequest: false,
  price: '9500.00',
  imageIds: [7],
};

describe('feedProblems', () => {
  it('passes a complete watch in both channels', () => {
    expect(feedProblems('chrono24', complete)).toEqual([]);
    expect(feedProblems('google', complete)).toEqual([]);
  });

  it('names every Chrono24 field the import guide asks for', () => {
    const empty: FeedOffer = {
      ...complete,
      brand: ' ',
      model: '',
      referenceNumber: '',
      year: null,
      box: null,
      caseMaterial: '',
      dial: '',
      movement: null,
      conditionGrade: null,
      publicDescription: '',
      braceletMaterial: '',
      handlingDays: null,
      price: null,
      imageIds: [],
    };
    expect(feedProblems('chrono24', empty)).toEqual([
      'no price',
      'no reference number',
      'no model name',
      'no manufacturer',
      'no year of manufacture',
      'box and papers not recorded',
      'no case material',
      'no bracelet material',
      'no dial colour',
      'no winding mechanism',
      'no condition',
      'no description',
      'no handling time',
      'no photo',
    ]);
    expect(feedProblems('google', empty)).toEqual([
      'no price',
      'no brand',
      'no description',
      'no condition',
      'no photo',
    ]);
  });

  it('keeps price on request and jewellery out', () => {
    const por = { ...complete, priceOnRequest: true, price: null };
    expect(feedProblems('chrono24', por)).toEqual(['price on request']);
    expect(feedProblems('google', por)).toEqual(['price on request']);
    const ring = { ...complete, stockType: 'Jewellery' };
    expect(feedProblems('chrono24', ring)).toEqual(['not a watch']);
    expect(feedProblems('google', ring)).toEqual([]);
    expect(feedProblems('google', { ...complete, price: '0.00' })).toEqual(['no price']);
  });

  it('words the reasons as the app shows them', () => {
    expect(feedProblemsText('chrono24', ['no reference number', 'no photo'])).toBe(
      'Not in the Chrono24 feed: no reference number, no photo',
    );
    expect(feedProblemsText('google', [])).toBeNull();
    expect(FEED_CHANNEL_LABELS.google).toBe('Google Shopping');
  });

  it('titles and conditions for Google', () => {
    expect(feedTitle(complete)).toBe('Rolex Submariner 124060');
    expect(feedTitle({ ...complete, model: 'x'.repeat(300) })).toHaveLength(150);
    expect(googleCondition('unworn')).toBe('new');
    expect(googleCondition('fair')).toBe('used');
    expect(googleCondition(null)).toBeNull();
  });

  it('lists the deal channels with their labels', () => {
    expect(DEAL_CHANNELS.map((c) => DEAL_CHANNEL_LABELS[c])).toEqual([
      'Shop',
      'Phone',
      'Website enquiry',
      'Chrono24',
      'Other',
    ]);
  });
});
