import { createElement } from 'react';
import type { IconName } from '../../domain/menu/icon-names';
import {
  IconActivity, IconAddressBook, IconAdjustments, IconAlertCircle, IconAlertOctagon, IconAlertSquare,
  IconAlertTriangle, IconArchive, IconArrowsExchange, IconArrowsRightLeft, IconBolt, IconBox, IconBoxMultiple,
  IconBuildingBank, IconBuildingFactory2, IconBuildingWarehouse, IconCalendarPlus, IconCalendarTime, IconCards,
  IconCash, IconCashBanknote, IconCategory, IconCategory2, IconChartBar, IconChartDots, IconChecklist, IconChecks,
  IconCircleCheck, IconClipboardCheck, IconClipboardList, IconCoin, IconCompass, IconCurrencyYuan,
  IconDatabaseImport, IconDeviceDesktop, IconDeviceTablet, IconDoor, IconEngine, IconFileCertificate, IconFileExport,
  IconFileImport, IconFileInvoice, IconFilePlus, IconFileSpreadsheet, IconFingerprint, IconFlask, IconFlask2,
  IconForms, IconGauge, IconGitBranch, IconHistory, IconId, IconLayoutDashboard, IconLayoutRows, IconList,
  IconListCheck, IconListDetails, IconMapPin, IconMessage, IconNotebook, IconPackage, IconPackageExport,
  IconPackageImport, IconPackages, IconPencil, IconPrinter, IconPuzzle, IconReceipt, IconReceipt2, IconReceiptTax,
  IconReport, IconReportAnalytics, IconRoute, IconScale, IconSearch, IconSend, IconSettings, IconSettingsAutomation,
  IconShieldCheck, IconShieldLock, IconShoppingCart, IconSignature, IconSitemap, IconStack, IconStack2, IconStar,
  IconSum, IconTable, IconTags, IconTimeline, IconToggleRight, IconTool, IconTransfer, IconTruck, IconTruckDelivery,
  IconUser, IconUserCircle, IconUserCog, IconUsers, IconUsersGroup, IconZoomQuestion,
  IconPoint, type TablerIcon,
} from '@tabler/icons-react';

/**
 * The icons the menu may name (`meta.icon`, favourite menus), imported one by one: importing the whole set by name
 * would put thousands of icons in the bundle. A name missing here renders the fallback; add an icon here when the
 * route tree starts using it (a test checks the tree against this map).
 */
export const MENU_ICONS: Readonly<Record<IconName, TablerIcon>> = {
  IconActivity, IconAddressBook, IconAdjustments, IconAlertCircle, IconAlertOctagon, IconAlertSquare,
  IconAlertTriangle, IconArchive, IconArrowsExchange, IconArrowsRightLeft, IconBolt, IconBox, IconBoxMultiple,
  IconBuildingBank, IconBuildingFactory2, IconBuildingWarehouse, IconCalendarPlus, IconCalendarTime, IconCards,
  IconCash, IconCashBanknote, IconCategory, IconCategory2, IconChartBar, IconChartDots, IconChecklist, IconChecks,
  IconCircleCheck, IconClipboardCheck, IconClipboardList, IconCoin, IconCompass, IconCurrencyYuan,
  IconDatabaseImport, IconDeviceDesktop, IconDeviceTablet, IconDoor, IconEngine, IconFileCertificate, IconFileExport,
  IconFileImport, IconFileInvoice, IconFilePlus, IconFileSpreadsheet, IconFingerprint, IconFlask, IconFlask2,
  IconForms, IconGauge, IconGitBranch, IconHistory, IconId, IconLayoutDashboard, IconLayoutRows, IconList,
  IconListCheck, IconListDetails, IconMapPin, IconMessage, IconNotebook, IconPackage, IconPackageExport,
  IconPackageImport, IconPackages, IconPencil, IconPrinter, IconPuzzle, IconReceipt, IconReceipt2, IconReceiptTax,
  IconReport, IconReportAnalytics, IconRoute, IconScale, IconSearch, IconSend, IconSettings, IconSettingsAutomation,
  IconShieldCheck, IconShieldLock, IconShoppingCart, IconSignature, IconSitemap, IconStack, IconStack2, IconStar,
  IconSum, IconTable, IconTags, IconTimeline, IconToggleRight, IconTool, IconTransfer, IconTruck, IconTruckDelivery,
  IconUser, IconUserCircle, IconUserCog, IconUsers, IconUsersGroup, IconZoomQuestion,
};

/** Shown for an unknown or missing icon name (e.g. a favourite saved with an icon this build lacks). */
export const FALLBACK_ICON: TablerIcon = IconPoint;

export function menuIcon(name: string | undefined): TablerIcon {
  return (name !== undefined && Object.hasOwn(MENU_ICONS, name) ? MENU_ICONS[name as IconName] : undefined) ?? FALLBACK_ICON;
}

export interface MenuIconProps {
  name: string | undefined;
  size?: number | string;
  color?: string;
  stroke?: number;
}

/** Renders the Tabler icon a menu entry names. */
export function MenuIcon({ name, size = 18, color, stroke = 1.75 }: MenuIconProps) {
  // createElement, not JSX on a local: the icon is one of the fixed components above, never one made in render.
  return createElement(menuIcon(name), { size, color, stroke, 'aria-hidden': true });
}
