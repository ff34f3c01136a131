import { describe, expect, it } from 'vitest';
import { addPlaces, type PlaceRow } from './pack-lines';

const place = (id: number, package_id: number | null, quantity = 5): PlaceRow => ({ id, lot: 'C1', item: 'Box', position: 'A1', package_id, quantity });

describe('packing lines', () => {
  it('adds every loose place of a scanned lot whole, once', () => {
    const added = addPlaces([], [place(1, null), place(2, null, 3), place(3, 9)], 7);
    expect(added).toEqual([{ place: place(1, null), quantity: 5 }, { place: place(2, null, 3), quantity: 3 }]);
    expect(addPlaces(added as never, [place(1, null), place(2, null, 3)], 7)).toBe('duplicate');
  });

  it('says when the lot is already in the package or has nothing loose in the store', () => {
    expect(addPlaces([], [place(3, 7)], 7)).toBe('in_package');
    expect(addPlaces([], [place(3, 9)], 7)).toBe('none');
    expect(addPlaces([], [place(1, null, 0)], 7)).toBe('none');
  });
});
