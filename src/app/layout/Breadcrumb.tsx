import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { findMenuItem } from '../../domain/menu/flatten';
import { useMenu } from '../../ui/stores';
import type { FlatMenuItem } from '../../domain/menu/menu-types';
import { DASHBOARD_PATH, DASHBOARD_TITLE } from '../tabs/tabs-store';

export interface Crumb {
  /** i18n key. */
  title: string;
  /** Link target; the last crumb and the groups have none. */
  to?: string;
}

/**
 * The breadcrumb of a location (spec §2): always 控制台 → /dashboard first, then the entry's groups, then the entry;
 * an edit/create page shows its list (linked) before its own title. Groups titled like the first crumb (the console
 * group the dashboard lives in) are not repeated.
 */
export function crumbsOf(flat: readonly FlatMenuItem[], pathname: string, same: (a: string, b: string) => boolean = (a, b) => a === b): Crumb[] {
  const root: Crumb = { title: DASHBOARD_TITLE, to: DASHBOARD_PATH };
  const item = findMenuItem(flat, pathname);
  if (!item || item.path === DASHBOARD_PATH) return [root];
  const crumbs: Crumb[] = [root, ...item.parents.filter(p => !same(p, DASHBOARD_TITLE)).map(p => ({ title: p }))];
  const list = item.hidden && item.activeMenu ? flat.find(i => i.path === item.activeMenu && i !== item) : undefined;
  if (list && list.path !== DASHBOARD_PATH) crumbs.push({ title: list.title, to: list.path });
  crumbs.push({ title: item.title });
  return crumbs;
}

function useCrumbs(): Crumb[] {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const flat = useMenu(s => s.flat);
  return useMemo(() => crumbsOf(flat, pathname, (a, b) => t(a) === t(b)), [flat, pathname, t]);
}

/**
 * The page's title, the last crumb, is the screen's one `<h1>` (issue 30 item 15): the screens' own titles are
 * headings below it. It keeps the look of a crumb.
 */
function TitleCrumb({ title, truncate }: { title: string; truncate?: boolean }) {
  return <Text component="h1" size="sm" fw={400} m={0} aria-current="page" truncate={truncate} data-testid="page-title">{title}</Text>;
}

export function Breadcrumb() {
  const { t } = useTranslation();
  const crumbs = useCrumbs();
  return (
    <Breadcrumbs aria-label={t('shell.breadcrumb')} separator="/" separatorMargin={6} style={{ flexWrap: 'nowrap', overflow: 'hidden' }}>
      {crumbs.map((c, i) => (i === crumbs.length - 1
        ? <TitleCrumb key={i} title={t(c.title)} truncate />
        : c.to
          ? <Anchor key={i} component={Link} to={c.to} size="sm">{t(c.title)}</Anchor>
          : <Text key={i} size="sm" c="dimmed" truncate>{t(c.title)}</Text>))}
    </Breadcrumbs>
  );
}

/** On a phone, where the breadcrumb gives way, the page's title alone, still the screen's `<h1>`. */
export function PageTitle() {
  const { t } = useTranslation();
  const crumbs = useCrumbs();
  const last = crumbs[crumbs.length - 1];
  return last ? <TitleCrumb title={t(last.title)} truncate /> : null;
}
