import { lazy } from 'react';
import { resourceScreens, type Screen } from '../../resources/resource-screens';

/**
 * The screen of each menu path (the route tree's full path, `:id` included). Every screen is lazy-loaded so the
 * login page carries none of them (DESIGN §2). The generic list / edit / create screens of every declared resource
 * come first; a hand-written screen listed below replaces the generic one of its path only.
 */
const MONITOR = lazy(() => import('../../features/reports/MonitorRoute'));
const STOCK_DOC = lazy(() => import('../../features/stock/StockDocEntry'));
const PACKING = lazy(() => import('../../features/packing/PackingScreen'));
const STOCK_NOTES = lazy(() => import('../../features/packing/StockNotes'));
// One component for both addresses of a delivery note, so a note created at /deliveries/create keeps its editor when
// its address becomes /deliveries/edit/:id (DeliveryEntry.tsx).
const DELIVERY_ENTRY = lazy(() => import('../../features/delivery/DeliveryEntry'));
const RECONCILE = lazy(() => import('../../features/finance-bills/ReconcileScreen'));

export const SCREENS: Record<string, Screen> = {
  ...resourceScreens(),
  '/dashboard': lazy(() => import('../../features/dashboard/Dashboard')),
  '/todos/list': lazy(() => import('../../features/todos/TodoList')),
  '/messages/list': lazy(() => import('../../features/messages/MessagesList')),
  '/accounts/profile': lazy(() => import('../../features/profile/ProfilePage')),
  // Help articles (docs/sales-office.md §5): an article by its key, the index, and the editor with its preview.
  '/faq/:id': lazy(() => import('../../features/help/FaqPage')),
  '/faq/index': lazy(() => import('../../features/help/FaqIndex')),
  '/faqs/edit/:id': lazy(() => import('../../features/help/FaqEditor').then(m => ({ default: m.FaqEdit }))),
  '/faqs/create': lazy(() => import('../../features/help/FaqEditor').then(m => ({ default: m.FaqCreate }))),
  '/data/importdata': lazy(() => import('../../resources/import/ImportPage')),
  // The fees' import: the generic import of one resource (docs/finance.md "fees").
  '/fees/excel': lazy(() => import('./FeesImportPage')),
  // The bank accounts under their balances (docs/finance.md "6. Payouts, invoices, fees").
  '/banks/list': lazy(() => import('../../features/finance-payfees/BanksScreen')),
  // An invoice's form with its void button (docs/finance.md "invoices").
  '/invoices/edit/:id': lazy(() => import('../../features/finance-payfees/InvoiceEdit')),
  '/devices/list_status': lazy(() => import('../../features/devices/DeviceStatusBoard')),
  // A terminal's form with the button that issues its one-time enrolment code (docs/shopfloor.md "Kiosk identity").
  '/computers/edit/:id': lazy(() => import('../../features/devices/ComputerEdit')),
  '/devices/arranges': lazy(() => import('../../features/scheduling/SchedulingBoard')),
  // A contract with its lines and files (docs/sales-office.md §1); its list is the generic one.
  '/contracts/create': lazy(() => import('../../features/contracts/ContractEntry')),
  '/contracts/edit/:id': lazy(() => import('../../features/contracts/ContractEntry')),
  '/orders/create': lazy(() => import('../../features/orders/OrderEntry')),
  '/orders/edit/:id': lazy(() => import('../../features/orders/OrderEntry')),
  '/orders/cards/list': lazy(() => import('../../features/cards/CardsList')),
  // By process: the live queue and the output report, composed by the app (ByProcess.tsx).
  '/orders/cards_nodes': lazy(() => import('./ByProcess')),
  '/cards/query/:id': lazy(() => import('../../features/cards/CardLife')),
  '/cards/prints': lazy(() => import('../../features/cards/CardPrints')),
  '/formulas/create': lazy(() => import('../../features/formulas/FormulaEntry')),
  '/formulas/edit/:id': lazy(() => import('../../features/formulas/FormulaEntry')),
  '/formulas/items': lazy(() => import('../../features/formulas/FormulaItems')),
  '/reports/formulas': lazy(() => import('../../features/formulas/FormulaRequirement')),
  '/persons/works/list': lazy(() => import('../../features/piece-work/WorksList')),
  '/reports/works': lazy(() => import('../../features/piece-work/WorksReport')),
  // The monitoring screens (src/features/reports/monitors.ts): one generic screen, its declaration chosen by path.
  '/orders/cards_customers': MONITOR,
  '/orders/cards_salers': MONITOR,
  '/devices/stat': MONITOR,
  '/items/stat': MONITOR,
  '/reports/products': MONITOR,
  '/reports/production': MONITOR,
  // The stock views (docs/stock.md "Views"): the stock report and the semi-finished inspections on the monitoring
  // screen, stock by place and lot as a query, an item's stock everywhere, the semi-finished stock by card.
  '/reports/warehouses': MONITOR,
  '/reports/predetails': MONITOR,
  '/query/inventories': lazy(() => import('../../features/reports/QueryScreen')),
  '/items/query': lazy(() => import('../../features/stock-views/ItemQuery')),
  '/inventory/list_temp': lazy(() => import('../../features/stock-views/SemiStock')),
  '/query/orders': lazy(() => import('../../features/reports/QueryScreen')),
  '/query/cards': lazy(() => import('../../features/reports/QueryScreen')),
  '/query/inventorydetails': lazy(() => import('../../features/reports/QueryScreen')),
  '/orders/cards_find': lazy(() => import('../../features/reports/QueryScreen')),
  '/sync/deadletters': lazy(() => import('../../features/shopfloor/DeadLetters')),
  '/orders/tap3': lazy(() => import('../../features/shopfloor/KioskScreen')),
  // The swipe log and its figures, composed by the app (TapLogsPage.tsx).
  '/persons/taplogs': lazy(() => import('./TapLogsPage')),
  '/inventorydetails/precheck': lazy(() => import('../../features/shopfloor/PrecheckScreen')),
  '/inventorydetails/create': lazy(() => import('../../features/shopfloor/InspectScreen')),
  // The stocktake, counted on a handheld offline (docs/stock.md "Stocktake").
  '/warehouses/count': lazy(() => import('../../features/stocktake/StocktakeScreen')),
  // The driver's phone: the customer signs for a delivery, offline at the dock (docs/delivery.md "Proof of delivery").
  '/deliveries/sign': lazy(() => import('../../features/proof-of-delivery/DeliverySignScreen')),
  // The stock documents (docs/stock.md "Screens"): one entry screen, its kind fixed by the path (decision 174).
  '/warehouses/in': STOCK_DOC,
  '/warehouses/out': STOCK_DOC,
  '/warehouses/move': STOCK_DOC,
  '/warehouses/in_temp': STOCK_DOC,
  '/shifts/create': STOCK_DOC,
  '/shifts/card': STOCK_DOC,
  '/shifts/predetail': STOCK_DOC,
  '/shifts/edit/:id': STOCK_DOC,
  '/shifts/detail': lazy(() => import('../../features/stock/ShiftsList')),
  // Stock alerts and the limits of an item in a warehouse (docs/stock.md "Alerts", decision 188).
  '/inventory/warn': lazy(() => import('../../features/stock-alerts/StockAlerts')),
  '/inventory/warn1': lazy(() => import('../../features/stock-alerts/StockAlerts')),
  '/inventory/edit/:id': lazy(() => import('../../features/stock-alerts/StockLimitEntry')),
  '/inventory/create': lazy(() => import('../../features/stock-alerts/StockLimitEntry')),
  // The finished-goods views (docs/delivery.md "Finished-goods views"): three reports on the monitoring screen (the
  // summary also at its saved address), the stock by card, a lot's flow; and the trace (decisions 208–210).
  '/inventorydetails/summary': MONITOR,
  '/inventorydetails/summary/:qs': MONITOR,
  '/inventorydetails/persons': MONITOR,
  '/inventorydetails/qc': MONITOR,
  '/warehouses/cards': lazy(() => import('../../features/trace/FinishedCards')),
  '/inventorydetails/flow': lazy(() => import('../../features/trace/LotFlow')),
  '/trace': lazy(() => import('../../features/trace/TraceScreen')),
  // Finished goods in and packing (docs/delivery.md "Check-in", "Packing", "Receipt and issue notes"): the stage packed
  // and the note printed are fixed by the path.
  '/warehouses/checkin2': lazy(() => import('../../features/packing/CheckinScreen')),
  '/warehouses/prepackings': PACKING,
  '/warehouses/packings': PACKING,
  '/warehouses/packingpres': lazy(() => import('../../features/packing/PackingRecords')),
  '/pages/pages_in': STOCK_NOTES,
  '/pages/pages_out': STOCK_NOTES,
  // Delivery (docs/delivery.md "Screens"): requests, delivery notes and their lines, the check-out by scanning, the query.
  // The bank statement import (docs/finance.md "4. Bank statement import").
  '/payments/upload-excel': lazy(() => import('../../features/finance-statement/StatementImport')),
  '/deliveryrequests/list': lazy(() => import('../../features/delivery/RequestsScreen')),
  '/deliveries/list': lazy(() => import('../../features/delivery/DeliveriesList')),
  '/deliveries/create': DELIVERY_ENTRY,
  '/deliveries/edit/:id': DELIVERY_ENTRY,
  '/deliveries/list2': lazy(() => import('../../features/delivery/DeliveryLines')),
  '/warehouses/checkout': lazy(() => import('../../features/delivery/CheckoutScreen')),
  '/query/deliveries': lazy(() => import('../../features/delivery/DeliveryQuery')),
  // Finance bills (docs/finance.md "Reconciliation", "Bills"): the reconciliation of deliveries (all customers, one, by
  // package), building a bill, a bill and its lines, bills by hand, and the query of bills.
  '/payments/deliveries_all': RECONCILE,
  '/payments/deliveries/:id': RECONCILE,
  '/payments/deliverypackings': RECONCILE,
  '/payments/build2': lazy(() => import('../../features/finance-bills/BuildBill')),
  '/payments/bills': lazy(() => import('../../features/finance-bills/BillsList')),
  '/bills/edit/:id': lazy(() => import('../../features/finance-bills/BillEntry')),
  '/payments/bills_other': lazy(() => import('../../features/finance-bills/BillsOther')),
  '/query/bills': lazy(() => import('../../features/reports/QueryScreen')),
  // Receipts (docs/finance.md "Receipts and allocations", "Balances and aging"): a receipt beside its allocation panel,
  // the customers' balances and aging.
  '/payments/create': lazy(() => import('../../features/finance-receipts/ReceiptCreate')),
  '/payments/edit/:id': lazy(() => import('../../features/finance-receipts/ReceiptEntry')),
  '/payments/balances': lazy(() => import('../../features/finance-receipts/BalancesScreen')),
  // Forms (docs/sales-office.md "Forms"): the categories with their counts, a category's forms, a form with its review.
  '/forms/categories': lazy(() => import('../../features/forms/FormCategories')),
  '/forms/list/:category_id': lazy(() => import('../../features/forms/FormsList')),
  '/forms/edit/:id': lazy(() => import('../../features/forms/FormView')),
  '/forms/create': lazy(() => import('./FormFillPage')),
};
