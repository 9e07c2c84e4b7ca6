import type { Catalogue } from '@loupe/contracts';
import { apiTestbed } from '../../helper';

// The demo shop's catalogue and the watches of its reference brands (issue 22, item 3).
const { as } = apiTestbed({ demo: new Date('2026-03-01T09:00:00Z'), per: 'file', clock: true });

describe('the demo catalogue', () => {
  it('holds watches of brands beyond the specification’s three, counted against their catalogue entries', async () => {
    const silver = await as('silver');
    const catalogue = (await silver.get('/api/catalogue/')).json() as Catalogue;
    expect(catalogue.brands.length).toBeGreaterThanOrEqual(40);
    const count = (brand: string, model: string) =>
      catalogue.brands.find((b) => b.name === brand)?.models.find((m) => m.name === model)?.itemCount;
    expect(count('Patek Philippe', 'Nautilus')).toBeGreaterThanOrEqual(1);
    expect(count('Rolex', 'Sea-Dweller')).toBeGreaterThanOrEqual(1);
    expect(count('Audemars Piguet', 'Royal Oak')).toBeGreaterThanOrEqual(1);
    const found = await silver.get('/api/items/?brand=Patek%20Philippe&model=Nautilus');
    expect(found.json().results[0]).toMatchObject({
      brand: 'Patek Philippe',
      model: 'Nautilus',
      referenceNumber: '5711/1A-010',
    });
  });
});
