/**
 * The Tabler icons a menu entry may name (declarations' `place.icon`, menu pages, favourite menus). The UI imports
 * exactly these (src/ui/menu/icons.tsx, checked against this list by the compiler), because importing the whole set
 * by name would put thousands of icons in the bundle. To use another icon, add its name here and there.
 */
export const MENU_ICON_NAMES = [
  'IconActivity', 'IconAddressBook', 'IconAdjustments', 'IconAlertCircle', 'IconAlertOctagon', 'IconAlertSquare',
  'IconAlertTriangle', 'IconArchive', 'IconArrowsExchange', 'IconArrowsRightLeft', 'IconBolt', 'IconBox',
  'IconBoxMultiple', 'IconBuildingBank', 'IconBuildingFactory2', 'IconBuildingWarehouse', 'IconCalendarPlus',
  'IconCalendarTime', 'IconCards', 'IconCash', 'IconCashBanknote', 'IconCategory', 'IconCategory2', 'IconChartBar',
  'IconChartDots', 'IconChecklist', 'IconChecks', 'IconCircleCheck', 'IconClipboardCheck', 'IconClipboardList',
  'IconCoin', 'IconCompass', 'IconCurrencyYuan', 'IconDatabaseImport', 'IconDeviceDesktop', 'IconDeviceTablet',
  'IconDoor', 'IconEngine', 'IconFileCertificate', 'IconFileExport', 'IconFileImport', 'IconFileInvoice',
  'IconFilePlus', 'IconFileSpreadsheet', 'IconFingerprint', 'IconFlask', 'IconFlask2', 'IconForms', 'IconGauge',
  'IconGitBranch', 'IconHistory', 'IconId', 'IconLayoutDashboard', 'IconLayoutRows', 'IconList', 'IconListCheck',
  'IconListDetails', 'IconMapPin', 'IconMessage', 'IconNotebook', 'IconPackage', 'IconPackageExport',
  'IconPackageImport', 'IconPackages', 'IconPencil', 'IconPrinter', 'IconPuzzle', 'IconReceipt', 'IconReceipt2',
  'IconReceiptTax', 'IconReport', 'IconReportAnalytics', 'IconRoute', 'IconScale', 'IconSearch', 'IconSend',
  'IconSettings', 'IconSettingsAutomation', 'IconShieldCheck', 'IconShieldLock', 'IconShoppingCart', 'IconSignature',
  'IconSitemap', 'IconStack', 'IconStack2', 'IconStar', 'IconSum', 'IconTable', 'IconTags', 'IconTimeline',
  'IconToggleRight', 'IconTool', 'IconTransfer', 'IconTruck', 'IconTruckDelivery', 'IconUser', 'IconUserCircle',
  'IconUserCog', 'IconUsers', 'IconUsersGroup', 'IconZoomQuestion',
] as const;

export type IconName = (typeof MENU_ICON_NAMES)[number];
