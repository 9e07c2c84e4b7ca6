import {
  ADDRESS_PART_REQUIRED,
  INVALID_UK_POSTCODE,
  NO_ADDRESS,
  checkPostalAddress,
  isUnitedKingdom,
  missingAddressParts,
  normaliseCountry,
  normaliseUkPostcode,
  postalAddressLines,
  postcodeProblem,
  type PostalAddress,
} from '../src';
import * as browser from '../src/browser';

// A client's postal address (contracts/src/address.ts, issue 22 item 4).

const address = (parts: Partial<PostalAddress>): PostalAddress => ({ ...NO_ADDRESS, ...parts });

describe('UK postcodes', () => {
  it('accepts every outward form (A9, A99, AA9, AA99, A9A, AA9A) and GIR 0AA, in standard form', () => {
    const cases: Array<[string, string]> = [
      ['M1 1AE', 'M1 1AE'],
      ['b338th', 'B33 8TH'],
      ['CR2 6XH', 'CR2 6XH'],
      ['dn55 1pt', 'DN55 1PT'],
      ['W1A 0AX', 'W1A 0AX'],
      ['  sw1a   1aa ', 'SW1A 1AA'],
      ['EC1A1BB', 'EC1A 1BB'],
      ['gir 0aa', 'GIR 0AA'],
    ];
    for (const [typed, standard] of cases)
      expect([typed, normaliseUkPostcode(typed)]).toEqual([typed, standard]);
  });

  it('refuses what is not a UK postcode', () => {
    for (const typed of [
      '',
      '12345',
      'SW1A',
      'SW1A 1A',
      'QA1 1AA',
      'SW1A 1CA',
      'AAA 1AA',
      'SW1A-1AA',
      '75008',
      'W1A 0AX X',
    ]) {
      expect([typed, normaliseUkPostcode(typed)]).toEqual([typed, null]);
    }
  });

  it('checks the format only in the United Kingdom; elsewhere a postcode is free text', () => {
    expect(postcodeProblem('75008', 'United Kingdom')).toBe(INVALID_UK_POSTCODE);
    expect(postcodeProblem('75008', 'uk')).toBe(INVALID_UK_POSTCODE);
    expect(postcodeProblem('75008', '')).toBe(INVALID_UK_POSTCODE);
    expect(postcodeProblem('75008', 'France')).toBeNull();
    expect(postcodeProblem('CH-1204', 'Switzerland')).toBeNull();
    expect(postcodeProblem('SW1A 1AA', 'United Kingdom')).toBeNull();
    expect(postcodeProblem('', 'United Kingdom')).toBeNull();
  });
});

describe('countries', () => {
  it('stores the usual names of the United Kingdom, and a blank country, as United Kingdom', () => {
    for (const name of [
      '',
      ' ',
      'UK',
      'u.k.',
      'GB',
      'great  britain',
      'England',
      'SCOTLAND',
      'Wales',
      'Northern Ireland',
    ]) {
      expect([name, normaliseCountry(name), isUnitedKingdom(name)]).toEqual([name, 'United Kingdom', true]);
    }
    expect(normaliseCountry('  Republic of   Ireland ')).toBe('Republic of Ireland');
    expect(isUnitedKingdom('Ireland')).toBe(false);
  });
});

describe('checkPostalAddress', () => {
  it('gives back a UK address trimmed, with the postcode in standard form', () => {
    expect(
      checkPostalAddress({
        addressLine1: ' 12  Hatton Garden ',
        addressLine2: '',
        town: 'London',
        postcode: 'ec1n8ax',
        country: 'England',
      }),
    ).toEqual({
      address: {
        addressLine1: '12 Hatton Garden',
        addressLine2: '',
        town: 'London',
        postcode: 'EC1N 8AX',
        country: 'United Kingdom',
      },
      problems: null,
    });
  });

  it('keeps a foreign postcode as typed', () => {
    const checked = checkPostalAddress({
      addressLine1: '8 Rue de la Paix',
      town: 'Paris',
      postcode: '75002',
      country: 'France',
    });
    expect(checked.address).toEqual({
      addressLine1: '8 Rue de la Paix',
      addressLine2: '',
      town: 'Paris',
      postcode: '75002',
      country: 'France',
    });
  });

  it('takes no address at all (every part blank), with the default country', () => {
    expect(checkPostalAddress({})).toEqual({ address: { ...NO_ADDRESS }, problems: null });
  });

  it('wants a whole address once any part is given, with per-part problems', () => {
    expect(checkPostalAddress({ postcode: 'SW1A 1AA' }).problems).toEqual({
      addressLine1: ADDRESS_PART_REQUIRED,
      town: ADDRESS_PART_REQUIRED,
    });
    expect(checkPostalAddress({ addressLine1: '1 High Street', town: 'Bath' }).problems).toEqual({
      postcode: ADDRESS_PART_REQUIRED,
    });
    // Abroad the postcode is not required.
    expect(
      checkPostalAddress({ addressLine1: 'Via Roma 1', town: 'Milano', country: 'Italy' }).problems,
    ).toBeNull();
    expect(
      checkPostalAddress({ addressLine1: '1 High Street', town: 'Bath', postcode: 'BA1' }).problems,
    ).toEqual({
      postcode: INVALID_UK_POSTCODE,
    });
  });

  it('refuses control and invisible characters and over-long parts', () => {
    const checked = checkPostalAddress({
      addressLine1: '1 High\u0007 Street',
      town: 'Ba\u200bth',
      postcode: 'BA1 1AA',
      country: 'x'.repeat(61),
    });
    expect(checked.problems).toEqual({
      addressLine1: 'Control characters are not allowed.',
      town: 'Invisible characters are not allowed.',
      country: 'Ensure this field has no more than 60 characters.',
    });
  });

  it('names what a whole address still lacks (for a purchase document)', () => {
    expect(missingAddressParts(NO_ADDRESS)).toEqual(['addressLine1', 'town', 'postcode']);
    expect(
      missingAddressParts(address({ addressLine1: 'Via Roma 1', town: 'Milano', country: 'Italy' })),
    ).toEqual([]);
  });
});

describe('postalAddressLines', () => {
  it('lays a UK address out in envelope order, without the country', () => {
    expect(
      postalAddressLines(
        address({
          addressLine1: 'Flat 2',
          addressLine2: '12 Hatton Garden',
          town: 'London',
          postcode: 'EC1N 8AX',
        }),
      ),
    ).toEqual(['Flat 2', '12 Hatton Garden', 'London', 'EC1N 8AX']);
  });

  it('leaves out blank parts and names a foreign country last', () => {
    expect(
      postalAddressLines(
        address({ addressLine1: '8 Rue de la Paix', town: 'Paris', postcode: '75002', country: 'France' }),
      ),
    ).toEqual(['8 Rue de la Paix', 'Paris', '75002', 'France']);
  });

  it('prints nothing for no address, a country alone, or a document from before addresses', () => {
    expect(postalAddressLines(NO_ADDRESS)).toEqual([]);
    expect(postalAddressLines(address({ country: 'France' }))).toEqual([]);
    expect(postalAddressLines(null)).toEqual([]);
    expect(postalAddressLines(undefined)).toEqual([]);
    expect(postalAddressLines({})).toEqual([]);
  });

  it('is in the browser view of the contracts too', () => {
    expect(browser.postalAddressLines).toBe(postalAddressLines);
    expect(browser.checkPostalAddress).toBe(checkPostalAddress);
  });
});
