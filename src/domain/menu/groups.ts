import type { Lang } from '../messages/langs';
import type { IconName } from './icon-names';

/**
 * The groups of the sidebar, in order (spec §2). Each group's entries are the declared resources and the pages
 * (pages.ts) that name it in their place, sorted by their `order`. `path` only names the group (its pages carry
 * absolute paths); `title` is its key under `menu.` in the UI.
 */
export interface MenuGroup {
  id: string;
  path: string;
  icon: IconName;
  title: string;
  labels: Readonly<Record<Lang, string>>;
}

export const MENU_GROUPS = [
  { id: 'console', path: '/', icon: 'IconGauge', title: 'console',
    labels: { zh: '控制台', en: 'Console', es: 'Consola', ja: 'コンソール' } },
  { id: 'production', path: '/production', icon: 'IconBuildingFactory2', title: 'production',
    labels: { zh: '生产', en: 'Production', es: 'Producción', ja: '生産' } },
  { id: 'formula', path: '/formula', icon: 'IconFlask', title: 'formulas_group',
    labels: { zh: '配方工艺', en: 'Formulation', es: 'Formulación', ja: '配合管理' } },
  { id: 'warehouse', path: '/warehouse', icon: 'IconBuildingWarehouse', title: 'warehouse_group',
    labels: { zh: '仓库', en: 'Warehouse', es: 'Almacén', ja: '倉庫' } },
  { id: 'semi', path: '/semi', icon: 'IconStack', title: 'semi_group',
    labels: { zh: '半成品', en: 'Semi-finished', es: 'Intermedios', ja: '半製品' } },
  { id: 'finished', path: '/finished', icon: 'IconPackage', title: 'finished_group',
    labels: { zh: '成品', en: 'Finished goods', es: 'Productos terminados', ja: '製品' } },
  { id: 'shift', path: '/shift', icon: 'IconTransfer', title: 'shifts_group',
    labels: { zh: '调拨', en: 'Transfers', es: 'Traspasos', ja: '振替' } },
  { id: 'sales', path: '/sales', icon: 'IconShoppingCart', title: 'sales_group',
    labels: { zh: '销售', en: 'Sales', es: 'Ventas', ja: '販売' } },
  { id: 'people', path: '/people', icon: 'IconUsersGroup', title: 'people_group',
    labels: { zh: '人员', en: 'People', es: 'Personas', ja: '人員' } },
  { id: 'device', path: '/device', icon: 'IconSettingsAutomation', title: 'devices_group',
    labels: { zh: '设备', en: 'Equipment', es: 'Equipos', ja: '設備' } },
  { id: 'finance', path: '/finance', icon: 'IconCash', title: 'finance_group',
    labels: { zh: '财务', en: 'Finance', es: 'Finanzas', ja: '財務' } },
  { id: 'supplier', path: '/supplier', icon: 'IconTruck', title: 'suppliers_group',
    labels: { zh: '采购', en: 'Purchasing', es: 'Compras', ja: '購買' } },
  { id: 'report', path: '/report', icon: 'IconReport', title: 'reports_group',
    labels: { zh: '报表', en: 'Reports', es: 'Informes', ja: 'レポート' } },
  { id: 'category', path: '/category', icon: 'IconCategory2', title: 'categories_group',
    labels: { zh: '分类', en: 'Categories', es: 'Categorías', ja: '分類' } },
  { id: 'system', path: '/system', icon: 'IconSettings', title: 'system_group',
    labels: { zh: '系统设置', en: 'System settings', es: 'Configuración del sistema', ja: 'システム設定' } },
  { id: 'energy', path: '/energy', icon: 'IconBolt', title: 'energy_group',
    labels: { zh: '能源', en: 'Energy', es: 'Energía', ja: 'エネルギー' } },
  { id: 'alert', path: '/alert', icon: 'IconAlertTriangle', title: 'alerts_group',
    labels: { zh: '预警', en: 'Alerts', es: 'Alertas', ja: 'アラート' } },
  { id: 'query', path: '/query', icon: 'IconZoomQuestion', title: 'queries_group',
    labels: { zh: '查询', en: 'Queries', es: 'Consultas', ja: '照会' } },
  { id: 'machine', path: '/machine', icon: 'IconDeviceTablet', title: 'machine_group',
    labels: { zh: '工业机', en: 'Industrial PC', es: 'PC industrial', ja: '産業用端末' } },
] as const satisfies readonly MenuGroup[];

export type MenuGroupId = (typeof MENU_GROUPS)[number]['id'];
