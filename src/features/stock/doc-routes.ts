import type { StockDocKind } from '../../domain/rules/stock';

/**
 * What each document route of the stock menu enters (docs/stock.md "Screens", decision 174): one screen, its kind fixed
 * by the route, its header fields and line columns chosen here. The screen never asks which kind: a storekeeper who
 * opens 入库 writes goods in.
 */
export type HeaderField = 'warehouse_id' | 'to_warehouse_id' | 'supplier_id' | 'customer_id' | 'department_id' | 'card_id' | 'detail_id';
export type LineColumn = 'card' | 'item' | 'quantity' | 'position' | 'to_position' | 'lot' | 'unit_cost';

export interface DocRoute {
  kind: StockDocKind;
  /** Header fields besides the date and the remark, in order. */
  header: readonly HeaderField[];
  columns: readonly LineColumn[];
  /** Lines proposed from: the formula of the header's card or order line (`formula`), the stock of its card (`card_stock`). */
  propose?: 'formula' | 'card_stock';
  /** Where a document of this route opens (its menu path; a transfer opens at /shifts/edit/:id). */
  path: string;
}

const TRANSFER_COLUMNS: readonly LineColumn[] = ['item', 'quantity', 'position', 'lot', 'to_position'];

export const DOC_ROUTES: Readonly<Record<string, DocRoute>> = {
  '/warehouses/in': { kind: 'in', path: '/warehouses/in', header: ['warehouse_id', 'supplier_id'],
    columns: ['item', 'quantity', 'position', 'lot', 'unit_cost'] },
  '/warehouses/out': { kind: 'out', path: '/warehouses/out', header: ['warehouse_id', 'card_id', 'detail_id', 'department_id', 'customer_id'],
    columns: ['item', 'quantity', 'position', 'lot'], propose: 'formula' },
  '/warehouses/move': { kind: 'move', path: '/warehouses/move', header: ['warehouse_id'], columns: ['item', 'quantity', 'position', 'lot', 'to_position'] },
  '/warehouses/in_temp': { kind: 'in_temp', path: '/warehouses/in_temp', header: ['warehouse_id', 'department_id'],
    columns: ['card', 'item', 'quantity', 'position'] },
  '/shifts/create': { kind: 'transfer', path: '/shifts/create', header: ['warehouse_id', 'to_warehouse_id'], columns: TRANSFER_COLUMNS },
  '/shifts/card': { kind: 'transfer', path: '/shifts/card', header: ['warehouse_id', 'to_warehouse_id', 'card_id'], columns: TRANSFER_COLUMNS,
    propose: 'card_stock' },
  '/shifts/predetail': { kind: 'transfer', path: '/shifts/predetail', header: ['warehouse_id', 'to_warehouse_id'],
    columns: ['card', 'item', 'quantity', 'position', 'to_position'] },
  '/shifts/edit/:id': { kind: 'transfer', path: '/shifts/create', header: ['warehouse_id', 'to_warehouse_id', 'card_id'], columns: TRANSFER_COLUMNS },
};

/** The route a pathname enters (`/shifts/edit/12` is `/shifts/edit/:id`). */
export function docRouteOf(pathname: string): DocRoute | undefined {
  const path = pathname.replace(/\/+$/, '');
  if (/^\/shifts\/edit\/[^/]+$/.test(path)) return DOC_ROUTES['/shifts/edit/:id'];
  return DOC_ROUTES[path];
}
