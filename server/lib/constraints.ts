/**
 * The field a constraint is about, from its name: `<table>_<column>_key|fkey` (sql-shape.ts), or
 * `<table>_<column>_lower_key` for a value unique without regard to case (accounts.username, migration 0005).
 */
export function constraintField(name: string | undefined): string | undefined {
  return /^[a-z0-9]+_(.+?)(?:_lower)?_(?:key|fkey)$/.exec(name ?? '')?.[1];
}
