import { api } from './api';
import { bills } from './bills';
import { cards } from './cards';
import { contracts } from './contracts';
import { dashboard } from './dashboard';
import { delivery } from './delivery';
import { deliverysign } from './deliverysign';
import { finishedviews } from './finishedviews';
import { devices } from './devices';
import type { Namespace } from './define';
import { forms } from './forms';
import { formsheets } from './formsheets';
import { formulas } from './formulas';
import { grid } from './grid';
import { help } from './help';
import { importexport } from './importexport';
import { lists } from './lists';
import { login } from './login';
import { offline } from './offline';
import { orderquery } from './orderquery';
import { orders } from './orders';
import { packing } from './packing';
import { payfees } from './payfees';
import { pages } from './pages';
import { piecework } from './piecework';
import { prints } from './prints';
import { receipts } from './receipts';
import { reports } from './reports';
import { scanner } from './scanner';
import { scheduling } from './scheduling';
import { shell } from './shell';
import { shopfloor } from './shopfloor';
import { statement } from './statement';
import { stockalerts } from './stockalerts';
import { stockentry } from './stockentry';
import { stocktake } from './stocktake';
import { stockviews } from './stockviews';
import { todos } from './todos';

/**
 * Every UI namespace. Each namespace is one file holding its four languages, owned by the feature that uses it.
 * Add a namespace here when you add its file.
 */
export const NAMESPACES: Record<string, Namespace> = {
  api, bills, cards, contracts, dashboard, delivery, deliverysign, devices, finishedviews, forms, formsheets, formulas, grid, help, importexport, lists, login, offline, orderquery,
  orders, packing, pages, piecework, prints, receipts, reports, scanner, scheduling, shell, shopfloor, statement, stockalerts, stockentry, stocktake, stockviews, todos,
  payfees,
};
