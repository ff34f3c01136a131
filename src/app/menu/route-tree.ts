import type { MenuNode } from './menu-types';

/**
 * The client's complete route tree (spec §2), posted to the server, which answers with the part the role may see
 * (DESIGN §5). Rules:
 * - Full paths are exactly the spec's paths: the roles' menu paths (server/db/seed/org.ts) and the resources' `menu`
 *   paths (src/domain/resources) are compared with them verbatim. Leaves carry absolute paths, so the full path is
 *   the path as written and a group's path only names the group.
 * - A node with `children` is a group of the sidebar; only leaves are pages.
 * - Every visible page has `meta.title` (an i18n key `menu.*`) and `meta.icon` (a Tabler icon name, see icons.tsx).
 * - Edit and create pages are hidden and name their list in `meta.activeMenu`: the sidebar highlights the list,
 *   and the server keeps them for every role that holds the list.
 * - Routes reached from everywhere (FAQ, row history) point at `/dashboard`, which every role holds, so the server
 *   keeps them; the data they show is still checked by the API.
 */

const page = (path: string, title: string, icon: string): MenuNode => ({ path, meta: { title: `menu.${title}`, icon } });

/** A hidden page highlighting `activeMenu`; its tab/breadcrumb title is `title` after the list's title. */
const sub = (path: string, activeMenu: string, title = 'view'): MenuNode =>
  ({ path, hidden: true, meta: { title: `menu.${title}`, activeMenu } });

/** `<base>/list` visible, `<base>/edit/:id` and `<base>/create` hidden under it. */
const crud = (base: string, title: string, icon: string): MenuNode[] => {
  const list = `${base}/list`;
  return [page(list, title, icon), sub(`${base}/edit/:id`, list, 'edit'), sub(`${base}/create`, list, 'create')];
};

const group = (path: string, title: string, icon: string, children: MenuNode[]): MenuNode =>
  ({ path, meta: { title: `menu.${title}`, icon }, children });

const console_ = group('/', 'console', 'IconGauge', [
  { path: '/dashboard', name: 'Dashboard', meta: { title: 'menu.dashboard', icon: 'IconLayoutDashboard', affix: true } },
  // The spec names these three entries (§1) but does not show their routes; the paths follow the product's scheme.
  page('/todos/list', 'todos', 'IconChecklist'),
  page('/messages/list', 'messages', 'IconMessage'),
  page('/approvals/list', 'approvals', 'IconSignature'),
  sub('/approvals/edit/:id', '/approvals/list', 'edit'),
  sub('/approvals/create', '/approvals/list', 'create'),
  { path: '/accounts/profile', hidden: true, meta: { title: 'menu.profile', icon: 'IconUserCircle' } },
  sub('/faq/:id', '/dashboard', 'faq'),
]);

const production = group('/production', 'production', 'IconBuildingFactory2', [
  page('/orders/create', 'orders_create', 'IconFilePlus'),
  page('/orders/list', 'orders', 'IconClipboardList'),
  sub('/orders/edit/:id', '/orders/list', 'edit'),
  page('/orders/cards/list', 'cards', 'IconCards'),
  sub('/cards/query/:id', '/orders/cards/list', 'card_detail'),
  page('/cards/prints', 'cards_prints', 'IconPrinter'),
  page('/devices/arranges', 'schedule', 'IconCalendarTime'),
  page('/orders/cards_nodes', 'by_process', 'IconRoute'),
  page('/persons/works/list', 'works', 'IconClipboardCheck'),
  sub('/works/edit/:id', '/persons/works/list', 'edit'),
  page('/reports/works', 'production_reports', 'IconReportAnalytics'),
]);

const formulas = group('/formula', 'formulas_group', 'IconFlask', [
  ...crud('/formulas', 'formulas', 'IconFlask2'),
  ...crud('/prearranges', 'prearranges', 'IconCalendarPlus'),
  ...crud('/dutylogs', 'dutylogs', 'IconNotebook'),
  page('/formulas/items', 'formula_items', 'IconListDetails'),
  page('/reports/formulas', 'formula_reports', 'IconChartBar'),
]);

const warehouses = group('/warehouse', 'warehouse_group', 'IconBuildingWarehouse', [
  page('/inventory/list', 'inventory', 'IconPackages'),
  page('/inventory/real', 'inventory_real', 'IconStack2'),
  sub('/inventory/edit/:id', '/inventory/list', 'edit'),
  sub('/inventory/create', '/inventory/list', 'create'),
  page('/warehouses/in', 'warehouse_in', 'IconPackageImport'),
  page('/warehouses/move', 'warehouse_move', 'IconArrowsExchange'),
  page('/warehouses/count', 'warehouse_count', 'IconListCheck'),
  page('/warehouses/out', 'warehouse_out', 'IconPackageExport'),
  // The spec writes this one path with a trailing slash. Pages never end with one: a path ending with a slash is an
  // API call (DESIGN §4), which the service worker sends to the network instead of the cached shell. The matcher
  // ignores trailing slashes, so /itemlogs/list/ still finds this page.
  page('/itemlogs/list', 'itemlogs', 'IconHistory'),
  ...crud('/items', 'items', 'IconBox'),
  ...crud('/subitems', 'subitems', 'IconBoxMultiple'),
  page('/items/query', 'items_query', 'IconSearch'),
  ...crud('/customeritems', 'customeritems', 'IconTags'),
  ...crud('/suits', 'suits', 'IconPuzzle'),
  page('/reports/warehouses', 'warehouse_reports', 'IconChartBar'),
]);

const semiFinished = group('/semi', 'semi_group', 'IconStack', [
  page('/warehouses/in_temp', 'semi_in', 'IconPackageImport'),
  page('/inventory/list_temp', 'semi_inventory', 'IconPackages'),
  page('/warehouses/prepackings', 'prepackings', 'IconPackage'),
  page('/warehouses/packingpres', 'packingpres', 'IconArchive'),
  page('/predetails/list', 'predetails', 'IconList'),
  sub('/predetails/edit/:id', '/predetails/list', 'edit'),
  page('/reports/predetails', 'semi_reports', 'IconChartBar'),
]);

const finishedGoods = group('/finished', 'finished_group', 'IconPackage', [
  page('/warehouses/checkin2', 'finished_checkin', 'IconPackageImport'),
  page('/warehouses/checkout', 'finished_checkout', 'IconPackageExport'),
  page('/deliveries/list2', 'delivery_details', 'IconListDetails'),
  page('/deliveries/list', 'deliveries', 'IconTruckDelivery'),
  sub('/deliveries/edit/:id', '/deliveries/list', 'edit'),
  sub('/deliveries/create', '/deliveries/list', 'create'),
  page('/pages/pages_in', 'pages_in', 'IconFileImport'),
  page('/pages/pages_out', 'pages_out', 'IconFileExport'),
  page('/inventorydetails/summary', 'inventory_summary', 'IconSum'),
  sub('/inventorydetails/summary/:qs', '/inventorydetails/summary'),
  page('/inventorydetails/persons', 'inventory_persons', 'IconUsers'),
  page('/inventorydetails/list', 'inventorydetails', 'IconList'),
  sub('/inventorydetails/edit/:id', '/inventorydetails/list', 'edit'),
  page('/warehouses/cards', 'warehouse_cards', 'IconCards'),
  page('/warehouses/packings', 'packings', 'IconPackage'),
  page('/inventorydetails/qc', 'qc', 'IconShieldCheck'),
  page('/deliveryrequests/list', 'deliveryrequests', 'IconSend'),
  page('/baddetails/list', 'baddetails', 'IconAlertOctagon'),
  page('/inventorydetails/flow', 'inventory_flow', 'IconArrowsRightLeft'),
  page('/reports/products', 'product_reports', 'IconChartBar'),
]);

const transfers = group('/shift', 'shifts_group', 'IconTransfer', [
  page('/shifts/card', 'shift_card', 'IconCards'),
  page('/shifts/create', 'shift_create', 'IconFilePlus'),
  page('/shifts/predetail', 'shift_predetail', 'IconStack'),
  page('/shifts/detail', 'shift_detail', 'IconListDetails'),
  sub('/shifts/edit/:id', '/shifts/detail', 'edit'),
]);

const sales = group('/sales', 'sales_group', 'IconShoppingCart', [
  page('/contracts/list', 'contracts', 'IconFileCertificate'),
  sub('/contracts/edit/:id', '/contracts/list', 'edit'),
  sub('/contracts/create', '/contracts/list', 'create'),
  ...crud('/customercategories', 'customercategories', 'IconCategory'),
  ...crud('/customers', 'customers', 'IconAddressBook'),
  page('/forms/categories', 'forms', 'IconForms'),
  sub('/forms/list/:category_id', '/forms/categories', 'forms_list'),
  sub('/forms/edit/:id', '/forms/categories', 'edit'),
  sub('/forms/create', '/forms/categories', 'create'),
  page('/tasks/list', 'tasks', 'IconChecklist'),
  page('/tasks/query', 'tasks_query', 'IconSearch'),
  sub('/tasks/edit/:id', '/tasks/list', 'edit'),
  sub('/tasks/create', '/tasks/list', 'create'),
  sub('/persontask/edit/:id', '/tasks/list', 'persontask'),
  sub('/persontasklogs/edit/:id', '/tasks/list', 'persontasklog'),
  sub('/persontasklogs/create', '/tasks/list', 'persontasklog'),
]);

const people = group('/people', 'people_group', 'IconUsersGroup', [
  page('/persons/checkin', 'checkin', 'IconFingerprint'),
  ...crud('/departments', 'departments', 'IconSitemap'),
  ...crud('/personcategories', 'personcategories', 'IconCategory'),
  ...crud('/persons', 'persons', 'IconUser'),
]);

const devices = group('/device', 'devices_group', 'IconSettingsAutomation', [
  ...crud('/computers', 'computers', 'IconDeviceDesktop'),
  page('/devices/list', 'devices', 'IconEngine'),
  page('/devices/list_status', 'devices_status', 'IconActivity'),
  sub('/devices/edit/:id', '/devices/list', 'edit'),
  sub('/devices/create', '/devices/list', 'create'),
  ...crud('/devicemaintenances', 'devicemaintenances', 'IconTool'),
]);

const finance = group('/finance', 'finance_group', 'IconCash', [
  page('/payments/deliveries_all', 'payments_deliveries', 'IconTruckDelivery'),
  sub('/payments/deliveries/:id', '/payments/deliveries_all'),
  page('/payments/deliverypackings', 'payments_packings', 'IconPackage'),
  page('/payments/build2', 'payments_build', 'IconFileInvoice'),
  page('/payments/bills', 'bills', 'IconReceipt'),
  sub('/bills/edit/:id', '/payments/bills', 'edit'),
  page('/payments/bills_other', 'bills_other', 'IconReceipt2'),
  page('/payments/list', 'payments', 'IconCoin'),
  sub('/payments/edit/:id', '/payments/list', 'edit'),
  sub('/payments/create', '/payments/list', 'create'),
  page('/payments/balances', 'balances', 'IconScale'),
  page('/payments/upload-excel', 'payments_upload', 'IconFileSpreadsheet'),
  ...crud('/payouts', 'payouts', 'IconCashBanknote'),
  ...crud('/invoices', 'invoices', 'IconFileInvoice'),
  ...crud('/banks', 'banks', 'IconBuildingBank'),
  page('/fees/list', 'fees', 'IconReceiptTax'),
  page('/fees/excel', 'fees_excel', 'IconFileSpreadsheet'),
  sub('/fees/edit/:id', '/fees/list', 'edit'),
  sub('/fees/create', '/fees/list', 'create'),
]);

const suppliers = group('/supplier', 'suppliers_group', 'IconTruck', [
  ...crud('/suppliers', 'suppliers', 'IconTruck'),
]);

const reports = group('/report', 'reports_group', 'IconReport', [
  page('/reports/compass', 'compass', 'IconCompass'),
  page('/reports/reports', 'reports', 'IconReport'),
  sub('/reports/report/:id', '/reports/reports'),
  page('/reports/dataviews', 'dataviews', 'IconChartDots'),
  sub('/reports/dataview/:id', '/reports/dataviews'),
  page('/dataviewer/list', 'dataviewer', 'IconTable'),
  sub('/dataviewer/view/:id', '/dataviewer/list'),
  sub('/dataviewer/edit/:id', '/dataviewer/list', 'edit'),
  sub('/dataviewer/create', '/dataviewer/list', 'create'),
]);

const categories = group('/category', 'categories_group', 'IconCategory2', [
  ...crud('/itemcategories', 'itemcategories', 'IconBox'),
  ...crud('/feecategories', 'feecategories', 'IconReceiptTax'),
  ...crud('/formcategories', 'formcategories', 'IconForms'),
  ...crud('/formulacategories', 'formulacategories', 'IconFlask'),
]);

const system = group('/system', 'system_group', 'IconSettings', [
  ...crud('/configs', 'configs', 'IconAdjustments'),
  ...crud('/worknodes', 'worknodes', 'IconRoute'),
  ...crud('/workflows', 'workflows', 'IconGitBranch'),
  ...crud('/warehouses', 'warehouses', 'IconBuildingWarehouse'),
  ...crud('/warerooms', 'warerooms', 'IconDoor'),
  // warestatus has no list (spec §2): the create page is the entry, and the edit page highlights it.
  page('/warestatus/create', 'warestatus', 'IconToggleRight'),
  sub('/warestatus/edit/:id', '/warestatus/create', 'edit'),
  ...crud('/warepositions', 'warepositions', 'IconMapPin'),
  ...crud('/shelves', 'shelves', 'IconLayoutRows'),
  ...crud('/details', 'details', 'IconListDetails'),
  ...crud('/cards', 'cards_settings', 'IconCards'),
  ...crud('/cardnodes', 'cardnodes', 'IconTimeline'),
  ...crud('/favmenus', 'favmenus', 'IconStar'),
  ...crud('/wages', 'wages', 'IconCurrencyYuan'),
  ...crud('/roles', 'roles', 'IconShieldLock'),
  // Not in spec §2's list, but the accounts resource grants access through it (src/domain/resources/system).
  ...crud('/accounts', 'accounts', 'IconUserCog'),
  page('/prints/list', 'prints', 'IconPrinter'),
  sub('/prints/edit/:id', '/prints/list', 'edit'),
  sub('/prints/create', '/prints/list', 'create'),
  sub('/prints/design/:id', '/prints/list', 'print_design'),
  sub('/prints/designhtml/:id', '/prints/list', 'print_design'),
  sub('/prints/choose/:category/:kid', '/prints/list', 'print_choose'),
  page('/prints/loglist', 'print_logs', 'IconHistory'),
  sub('/prints/logview/:id', '/prints/loglist'),
  sub('/history/list/:table_name/:kid', '/dashboard', 'history'),
  ...crud('/journals', 'journals', 'IconNotebook'),
  page('/data/importdata', 'importdata', 'IconDatabaseImport'),
]);

const energy = group('/energy', 'energy_group', 'IconBolt', [
  page('/meters/list', 'meters', 'IconGauge'),
  page('/meters/read', 'meters_read', 'IconPencil'),
  sub('/meters/edit/:id', '/meters/list', 'edit'),
  sub('/meters/create', '/meters/list', 'create'),
]);

const alerts = group('/alert', 'alerts_group', 'IconAlertTriangle', [
  page('/inventory/warn', 'inventory_warn', 'IconAlertCircle'),
  page('/inventory/warn1', 'inventory_warn1', 'IconAlertSquare'),
]);

const queries = group('/query', 'queries_group', 'IconZoomQuestion', [
  page('/query/orders', 'query_orders', 'IconClipboardList'),
  page('/query/cards', 'query_cards', 'IconCards'),
  page('/query/inventories', 'query_inventories', 'IconPackages'),
  page('/query/inventorydetails', 'query_inventorydetails', 'IconList'),
  page('/query/deliveries', 'query_deliveries', 'IconTruckDelivery'),
  page('/query/bills', 'query_bills', 'IconReceipt'),
]);

/** Shop-floor kiosk and handheld screens (DESIGN §1); cached for offline use. */
const machine = group('/machine', 'machine_group', 'IconDeviceTablet', [
  page('/orders/tap3', 'tap', 'IconId'),
  page('/persons/taplogs', 'taplogs', 'IconListDetails'),
  page('/inventorydetails/create', 'inspect_finished', 'IconCircleCheck'),
  page('/inventorydetails/precheck', 'inspect_semi', 'IconChecks'),
]);

export const ROUTE_TREE: readonly MenuNode[] = [
  console_, production, formulas, warehouses, semiFinished, finishedGoods, transfers, sales, people, devices,
  finance, suppliers, reports, categories, system, energy, alerts, queries, machine,
];
