import { Box, Divider, NavLink, ScrollArea, Text, UnstyledButton } from '@mantine/core';
import { IconChevronRight, IconList, IconStar } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { FavMenu } from '../../data/menu/fav-menus-store';
import { groupIsComing, isComing, withoutComing } from '../../domain/menu/coming';
import { activeMenuOf, joinPath } from '../../domain/menu/flatten';
import { MenuIcon } from '../../ui/menu/icons';
import { useMenu } from '../../ui/stores';
import type { MenuNode } from '../../domain/menu/menu-types';
import { useSession } from '../../ui/stores';
import { routedScreen } from '../menu/coming';
import { useSettings } from '../settings/settings-store';
import { FavouritesPrompt } from './FavouritesPrompt';
import { offersFavourites, rememberChoice, rememberedChoice } from './favourites';

/**
 * Sidebar widths on desktop: the spec's 120 px (§9), and the wide one a user may choose in the settings drawer
 * (issue 30), where a title of every language fits on one line or two.
 */
export const SIDEBAR_WIDTHS = { narrow: 120, wide: 200 } as const;

export interface SidebarProps {
  /** Called after an entry was chosen (the mobile drawer closes). */
  onNavigate?: () => void;
  /** Loads the user's favourite menu entries (`GET /accounts/favmenus/`); without it no favourites are offered. */
  loadFavourites?: () => Promise<FavMenu[]>;
}

/**
 * The sidebar: the role's menu (or the favourites), groups as collapsible sections, the current entry highlighted.
 * Entries of screens still to come are greyed, marked `data-coming` and say so in their tooltip, or left out when
 * the user hides them (settings drawer); "still to come" is the router's answer (app/menu/coming.ts).
 */
export function Sidebar({ onNavigate, loadFavourites }: SidebarProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const tree = useMenu(s => s.tree);
  const flat = useMenu(s => s.flat);
  const logo = useSettings(s => s.sidebarLogo);
  const hideComing = useSettings(s => s.hideComing);
  const shown = useMemo(() => (hideComing ? withoutComing(tree ?? [], routedScreen) : tree ?? []), [tree, hideComing]);
  const siteName = useSession(s => s.siteName);
  const active = useMemo(() => activeMenuOf(flat, pathname) ?? pathname, [flat, pathname]);
  const fav = useFavouritesChoice(loadFavourites);

  return (
    <Box h="100%" style={{ display: 'flex', flexDirection: 'column' }}>
      {logo && (
        <UnstyledButton component={Link} to="/dashboard" onClick={onNavigate} px={8} py={10} ta="center">
          <Text fw={700} size="sm" c="brand" lineClamp={2}>{siteName || 'IPOS'}</Text>
        </UnstyledButton>
      )}
      {fav.offered && (
        <NavLink px={8} py={4} label={<Text size="xs">{t(fav.using ? 'shell.favourites.show_all' : 'shell.favourites.show_favourites')}</Text>}
          leftSection={fav.using ? <IconList size={14} /> : <IconStar size={14} />} onClick={() => fav.choose(!fav.using)} />
      )}
      {(logo || fav.offered) && <Divider />}
      {/* Vertical only: a label too long for the width is cut with an ellipsis, never scrolled sideways. */}
      <ScrollArea style={{ flex: 1 }} type="hover" scrollbarSize={6} scrollbars="y">
        <nav aria-label={t('shell.menu')} data-testid="sidebar">
          {fav.using
            ? fav.menus.filter(m => !(hideComing && isComing(m.path, routedScreen))).map(m => (
              <Leaf key={m.path} path={m.path} title={t(m.title)} icon={m.icon} color={m.color} active={m.path === active}
                coming={isComing(m.path, routedScreen)} onNavigate={onNavigate} />
            ))
            : <Nodes nodes={shown} parent="" active={active} onNavigate={onNavigate} depth={0} />}
        </nav>
      </ScrollArea>
      <FavouritesPrompt opened={fav.asking} onAnswer={fav.choose} />
    </Box>
  );
}

/**
 * Loads the favourites once and decides whether to show them: above 4 entries the user is asked (the answer is kept
 * for the session); at 4 or fewer the full menu is shown and nothing is asked.
 */
function useFavouritesChoice(load: SidebarProps['loadFavourites']) {
  const [menus, setMenus] = useState<FavMenu[]>([]);
  const [choice, setChoice] = useState<boolean | null>(() => rememberedChoice());
  useEffect(() => {
    if (!load) return;
    let live = true;
    load().then(m => { if (live) setMenus(m); }, () => { /* no favourites: the full menu */ });
    return () => { live = false; };
  }, [load]);
  const offered = offersFavourites(menus.length);
  return {
    menus,
    offered,
    asking: offered && choice === null,
    using: offered && choice === true,
    choose: (yes: boolean) => {
      rememberChoice(yes);
      setChoice(yes);
    },
  };
}

interface NodesProps {
  nodes: readonly MenuNode[];
  parent: string;
  active: string;
  depth: number;
  onNavigate?: () => void;
}

const visible = (nodes: readonly MenuNode[]) => nodes.filter(n => !n.hidden);

/** Whether the active entry is this page or inside this group. */
function contains(node: MenuNode, full: string, active: string): boolean {
  if (!node.children) return full === active;
  return node.children.some(c => contains(c, joinPath(full, c.path), active));
}

function Nodes({ nodes, parent, active, depth, onNavigate }: NodesProps) {
  const { t } = useTranslation();
  // Groups the user opened or closed by hand; the others are open exactly when they hold the active entry.
  const [toggled, setToggled] = useState<Record<string, boolean>>({});
  return visible(nodes).map(node => {
    const full = joinPath(parent, node.path);
    const title = t(node.meta?.title ?? '');
    if (!node.children) {
      return <Leaf key={full} path={full} title={title} icon={node.meta?.icon} color={node.color} active={full === active}
        coming={isComing(full, routedScreen)} onNavigate={onNavigate} />;
    }
    const shown = visible(node.children);
    if (shown.length === 0) return null;
    // A group with a single visible page shows that page directly: a section around one entry is only a detour.
    const only = shown.length === 1 ? shown[0]! : undefined;
    if (only && !only.children) {
      const p = joinPath(full, only.path);
      return (
        <Leaf key={p} path={p} title={t(only.meta?.title ?? '')} icon={only.meta?.icon ?? node.meta?.icon}
          color={only.color ?? node.color} active={p === active} coming={isComing(p, routedScreen)} onNavigate={onNavigate} />
      );
    }
    const opened = toggled[full] ?? contains(node, full, active);
    const coming = groupIsComing(node, parent, routedScreen);
    return (
      <NavLink key={full} label={<Label text={title} />} leftSection={<MenuIcon name={node.meta?.icon} size={16} color={node.color} />}
        rightSection={<IconChevronRight size={11} />} styles={NAV_STYLES} title={tooltipOf(title, coming, t)}
        opened={opened} onChange={o => setToggled(s => ({ ...s, [full]: o }))} childrenOffset={depth === 0 ? 4 : 8}
        px={4} py={6} color={node.color} data-depth={depth} data-testid={`menu-group-${full}`}
        mod={{ coming }} style={coming ? COMING_STYLE : undefined}>
        <Nodes nodes={node.children} parent={full} active={active} depth={depth + 1} onNavigate={onNavigate} />
      </NavLink>
    );
  });
}

interface LeafProps {
  path: string;
  title: string;
  icon?: string;
  color?: string;
  active: boolean;
  /** The router has no screen for it yet: it opens the pending notice. */
  coming: boolean;
  onNavigate?: () => void;
}

/**
 * A page of the menu. A coming page stays a link (its pending notice says what it will be) but is greyed and marked,
 * so it never passes for a working screen.
 */
function Leaf({ path, title, icon, color, active, coming, onNavigate }: LeafProps) {
  const { t } = useTranslation();
  return (
    <NavLink component={Link} to={path} label={<Label text={title} />} active={active} color={color} variant="light"
      leftSection={<MenuIcon name={icon} size={16} color={color} />} onClick={onNavigate} px={4} py={6} styles={NAV_STYLES}
      title={tooltipOf(title, coming, t)} mod={{ coming }} style={coming ? COMING_STYLE : undefined}
      aria-current={active ? 'page' : undefined} />
  );
}

/** The sidebar is 120 px wide by default: icons and chevrons sit close to the title to leave it room. */
const NAV_STYLES = { section: { marginInline: 0 }, body: { paddingInline: 4, minWidth: 0 } } as const;

/**
 * Greyed: the dimmed text colour, which meets AA in both schemes (a coming entry still opens its notice, so it must
 * stay readable: an opacity made it 2–3.9:1).
 */
const COMING_STYLE = { color: 'var(--mantine-color-dimmed)' } as const;

/**
 * The tooltip of an entry: always its full title (the label may be cut), and for a screen still to come the
 * pending notice's own words.
 */
function tooltipOf(title: string, coming: boolean, t: (key: string) => string): string {
  return coming ? `${title}\n${t('pages.pending_title')}` : title;
}

/**
 * A title takes at most two lines, broken between words only (CJK between characters, as it is written): a Latin
 * word is never split ("Formulatio / n" was the old complaint), and a third line would push the menu apart. Every
 * catalogue title fits so at the narrow width — the longest are shortened in the catalogues, and the browser test
 * (tests/e2e/sidebar.test.ts) measures every label in the four languages at both widths. Should a title still not fit
 * (a name from the server), the clamp cuts it with an ellipsis and the entry's tooltip gives it whole.
 */
function Label({ text }: { text: string }) {
  return <Text component="span" size="12px" lh={1.25} lineClamp={2} style={LABEL_STYLE}>{text}</Text>;
}

/** Breaks between words only; no hyphen is added (a hyphen would read as part of the title). */
const LABEL_STYLE = { overflowWrap: 'normal', wordBreak: 'normal', hyphens: 'manual' } as const;
