import type { HasScreen } from '../../domain/menu/coming';
import { SCREENS } from '../routing/screens';

/**
 * The one answer to "does this page exist": the router's table of screens (MenuRoute shows the pending notice for a
 * menu page without an entry there). Sidebar, header search and dashboard all ask this, so a page stops being marked
 * as coming the moment its screen is routed, with no list to keep by hand.
 */
export const routedScreen: HasScreen = path => Object.hasOwn(SCREENS, path);
