import { api } from './api';
import { cards } from './cards';
import { dashboard } from './dashboard';
import { devices } from './devices';
import type { Namespace } from './define';
import { forms } from './forms';
import { formulas } from './formulas';
import { grid } from './grid';
import { importexport } from './importexport';
import { lists } from './lists';
import { login } from './login';
import { offline } from './offline';
import { orderquery } from './orderquery';
import { orders } from './orders';
import { pages } from './pages';
import { piecework } from './piecework';
import { prints } from './prints';
import { reports } from './reports';
import { scanner } from './scanner';
import { scheduling } from './scheduling';
import { shell } from './shell';
import { shopfloor } from './shopfloor';
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
  api, cards, dashboard, devices, forms, formulas, grid, importexport, lists, login, offline, orderquery, orders, pages, piecework, prints, reports, scanner, scheduling, shell, shopfloor, stockalerts, stockentry, stocktake, stockviews, todos,
};
