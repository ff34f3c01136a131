/** A place of stock as the packing screen shows it (a `stocklots` row: a lot at a location, loose or in a package). */
export interface PlaceRow {
  id: number;
  lot: string;
  item: string;
  position: string;
  package_id: number | null;
  quantity: number;
}

/** A lot waiting to be packed: its place, and how much of it goes in (null: not typed). */
export interface PendingLot { place: PlaceRow; quantity: number | null }

/**
 * The waiting lots after a lot is scanned (docs/delivery.md "Packing"): each of its loose places in the store, whole
 * (the storekeeper lowers it for a part), once. Nothing is added when the lot is already waiting (`duplicate`), already
 * in the package (`in_package`), or has nothing loose in the store (`none`: not checked in here, or packed elsewhere).
 */
export function addPlaces(pending: readonly PendingLot[], places: readonly PlaceRow[], packageId: number):
  PendingLot[] | 'duplicate' | 'in_package' | 'none' {
  const loose = places.filter(p => p.package_id === null && p.quantity > 0);
  const fresh = loose.filter(p => !pending.some(x => x.place.id === p.id));
  if (fresh.length > 0) return [...pending, ...fresh.map(p => ({ place: p, quantity: p.quantity }))];
  if (loose.length > 0) return 'duplicate';
  return places.some(p => p.package_id === packageId && p.quantity > 0) ? 'in_package' : 'none';
}
