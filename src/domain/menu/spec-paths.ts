/**
 * Every route of spec §2 inside the shell, transcribed for the route-tree test (`a|b` and "each list, edit, create"
 * expanded; `{id}` written `:id`). Test data only.
 */
const crud = (...bases: string[]) => bases.flatMap(b => [`${b}/list`, `${b}/edit/:id`, `${b}/create`]);

export const SPEC_PATHS: readonly string[] = [
  // under the root
  '/dashboard', '/approvals/edit/:id', '/approvals/create', '/accounts/profile', '/faq/:id',
  // production
  '/orders/create', '/orders/list', '/orders/cards/list', '/cards/prints', '/devices/arranges', '/orders/cards_nodes',
  '/orders/edit/:id', '/cards/query/:id', '/persons/works/list', '/works/edit/:id', '/reports/works',
  // formulas
  ...crud('/formulas', '/prearranges', '/dutylogs'), '/formulas/items', '/reports/formulas',
  // warehouses
  '/inventory/list', '/inventory/real', '/inventory/edit/:id', '/inventory/create', '/warehouses/in', '/warehouses/move',
  '/warehouses/count', '/warehouses/out', '/itemlogs/list' /* spec: '/itemlogs/list/', see route-tree.ts */, ...crud('/items', '/subitems'), '/items/query',
  ...crud('/customeritems', '/suits'), '/reports/warehouses',
  // semi-finished
  '/warehouses/in_temp', '/inventory/list_temp', '/warehouses/prepackings', '/warehouses/packingpres', '/predetails/list',
  '/predetails/edit/:id', '/reports/predetails',
  // finished goods
  '/inventorydetails/edit/:id', '/warehouses/checkin2', '/warehouses/checkout', '/deliveries/list2', '/deliveries/list',
  '/pages/pages_in', '/pages/pages_out', '/deliveries/edit/:id', '/deliveries/create', '/inventorydetails/summary',
  '/inventorydetails/summary/:qs', '/inventorydetails/persons', '/inventorydetails/list', '/warehouses/cards',
  '/warehouses/packings', '/inventorydetails/qc', '/deliveryrequests/list', '/baddetails/list', '/inventorydetails/flow',
  '/reports/products',
  // transfers
  '/shifts/card', '/shifts/create', '/shifts/predetail', '/shifts/detail', '/shifts/edit/:id',
  // sales
  ...crud('/contracts', '/customercategories', '/customers'), '/forms/categories', '/forms/list/:category_id',
  '/forms/edit/:id', '/forms/create', '/tasks/list', '/tasks/query', '/tasks/edit/:id', '/persontask/edit/:id',
  '/tasks/create', '/persontasklogs/edit/:id', '/persontasklogs/create',
  // people (the check-in page is one path: the demo roles hold `/persons/checkin`)
  '/persons/checkin', ...crud('/departments', '/personcategories', '/persons'),
  // devices
  ...crud('/computers'), '/devices/list', '/devices/list_status', '/devices/edit/:id', '/devices/create',
  ...crud('/devicemaintenances'),
  // finance
  '/payments/deliveries_all', '/payments/deliverypackings', '/payments/build2', '/payments/deliveries/:id',
  '/payments/bills', '/bills/edit/:id', '/payments/edit/:id', '/payments/create', '/payments/bills_other',
  ...crud('/payouts', '/invoices'), '/payments/list', '/payments/balances', '/payments/upload-excel', ...crud('/banks'),
  '/fees/list', '/fees/excel', '/fees/edit/:id', '/fees/create',
  // suppliers
  ...crud('/suppliers'),
  // reports
  '/reports/compass', '/reports/reports', '/reports/dataviews', '/reports/dataview/:id', '/reports/report/:id',
  '/dataviewer/list', '/dataviewer/view/:id', '/dataviewer/edit/:id', '/dataviewer/create',
  // categories
  ...crud('/itemcategories', '/feecategories', '/formcategories', '/formulacategories'),
  // system settings
  ...crud('/configs', '/worknodes', '/workflows', '/warehouses', '/warerooms'), '/warestatus/edit/:id', '/warestatus/create',
  ...crud('/warepositions', '/shelves', '/details', '/cards', '/cardnodes', '/favmenus', '/wages', '/roles'),
  '/prints/list', '/prints/loglist', '/prints/logview/:id', '/prints/edit/:id', '/prints/design/:id',
  '/prints/designhtml/:id', '/prints/choose/:category/:kid', '/prints/create', '/history/list/:table_name/:kid',
  ...crud('/journals'), '/data/importdata',
  // energy, alerts, queries
  '/meters/list', '/meters/read', '/meters/edit/:id', '/meters/create', '/inventory/warn', '/inventory/warn1',
  '/query/orders', '/query/cards', '/query/inventories', '/query/inventorydetails', '/query/deliveries', '/query/bills',
  // industrial machine
  '/orders/tap3', '/persons/taplogs', '/inventorydetails/create', '/inventorydetails/precheck',
];
