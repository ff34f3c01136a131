/**
 * The screen a shop-floor terminal shows (`computers.screen`, docs/shopfloor.md "Kiosk identity"): a device login
 * lands on it, and the app's home (`/`) is it for as long as the browser is that terminal (issue 30: kiosks and
 * tablets landed on the office dashboard).
 */
export const TERMINAL_SCREENS = ['tap3', 'precheck', 'inspect', 'count', 'delivery', 'forms'] as const;
export type TerminalScreen = (typeof TERMINAL_SCREENS)[number];

const PATHS: Readonly<Record<TerminalScreen, string>> = {
  tap3: '/orders/tap3',
  precheck: '/inventorydetails/precheck',
  inspect: '/inventorydetails/create',
  // A storekeeper's handheld counting stock offline (docs/stock.md "Stocktake").
  count: '/warehouses/count',
  // A driver's phone: the customer signs for a delivery, offline at the dock (docs/delivery.md "Proof of delivery").
  delivery: '/deliveries/sign',
  // A tablet filling forms offline (docs/sales-office.md "Offline fill on a tablet"): patrols, machine checks.
  forms: '/forms/create',
};

/** The path of a terminal's screen; the kiosk for a value this version does not know. */
export function terminalScreenPath(screen: unknown): string {
  return (TERMINAL_SCREENS as readonly unknown[]).includes(screen) ? PATHS[screen as TerminalScreen] : PATHS.tap3;
}
