/**
 * The client's route tree as it is posted to `/accounts/my/?action=loadmenu` and comes back filtered for the role
 * (DESIGN §5). Child paths are relative to their parent unless they start with `/`. `meta.title` is an i18n key
 * (shown in the current language), `meta.icon` a Tabler icon name, `meta.activeMenu` the list page an edit/create page
 * highlights.
 */
export interface MenuNode {
  path: string;
  name?: string;
  hidden?: boolean;
  color?: string;
  meta?: { title?: string; icon?: string; activeMenu?: string; affix?: boolean };
  children?: MenuNode[];
}

/** A menu entry with its full path, for search, breadcrumbs and tabs. */
export interface FlatMenuItem {
  /** Full path, e.g. `/customers/list`. */
  path: string;
  /** i18n key of the title. */
  title: string;
  icon?: string;
  color?: string;
  hidden: boolean;
  /** i18n title keys of the ancestors, outermost first (for the breadcrumb and search results). */
  parents: string[];
  activeMenu?: string;
}
