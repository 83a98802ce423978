import { plansOpening, type PublicPlan } from './memberships.js';

const plan = (id: string, over: Partial<PublicPlan>): PublicPlan => ({
  _id: id,
  name: id,
  description: '',
  price: 19,
  interval: 'month',
  includesAll: false,
  items: [],
  ...over,
});

describe('plansOpening', () => {
  const all = plan('all', { includesAll: true });
  const one = plan('one', { items: [{ itemType: 'course', itemId: 'c1', title: 'Telas' }] });
  const other = plan('other', { items: [{ itemType: 'formation', itemId: 'c1', title: 'F' }] });

  it('finds the plans that open everything and those listing the item, of its type', () => {
    expect(plansOpening([all, one, other], 'course', 'c1').map((p) => p._id)).toEqual([
      'all',
      'one',
    ]);
    expect(plansOpening([one, other], 'course', 'c2')).toEqual([]);
    expect(plansOpening([other], 'formation', 'c1').map((p) => p._id)).toEqual(['other']);
  });
});
