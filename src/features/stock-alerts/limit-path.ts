/**
 * Where an item in a warehouse is shown with its limits (decision 188): its balance's page `/inventory/edit/:id` once it
 * has moved there, else `/inventory/create` with the item and warehouse chosen (it has no balance row to name).
 */
export function limitPathOf(r: { inventory_id: number | null; item_id: number; warehouse_id: number }): string {
  return r.inventory_id !== null ? `/inventory/edit/${r.inventory_id}`
    : `/inventory/create?item_id=${r.item_id}&warehouse_id=${r.warehouse_id}`;
}

/** The limits' values as the form sends them: an empty box is no limit (null), a number is kept at its 4 decimals. */
export function limitValues(min: number | string, max: number | string, remark: string): Record<string, unknown> {
  const num = (v: number | string) => (v === '' || v === null ? null : Number(v));
  return { min_quantity: num(min), max_quantity: num(max), remark: remark.trim() === '' ? null : remark.trim() };
}

/** A positive whole number from a link's parameter (`?item_id=12`), or null. */
export function positiveParam(v: string | null): number | null {
  const x = Number(v);
  return v !== null && v.trim() !== '' && Number.isInteger(x) && x > 0 ? x : null;
}
