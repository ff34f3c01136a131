import { ActionIcon, Anchor, Center, Drawer, Loader, Tooltip } from '@mantine/core';
import { IconHelp } from '@tabler/icons-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { findMenuItem } from '../../domain/menu/flatten';
import { helpFor } from '../../domain/rules/help';
import { catalogLang } from '../../resources/form/prepare-save';
import { useHelpArticles } from '../../ui/help/use-help-articles';
import { useMenu } from '../../ui/stores';

// The renderer (markdown-it, DOMPurify) loads with the first article opened, not with the shell.
const ArticleView = lazy(() => import('../../ui/help/ArticleView').then(m => ({ default: m.ArticleView })));

/**
 * The header's help button (docs/sales-office.md §5, decision 284): shown on a screen when an active article names
 * its route pattern (`/orders/edit/:id`), found by helpFor in the reader's language, else Chinese, else any, from the
 * offline copy (so it works with no network). It opens the article in a drawer beside the screen, which keeps what
 * the user was typing; the drawer links to the article's own page, `/faq/{key}`.
 */
export function HelpButton() {
  const { t, i18n } = useTranslation();
  const lang = catalogLang(i18n.language);
  const { pathname } = useLocation();
  const flat = useMenu(s => s.flat);
  const pattern = useMemo(() => findMenuItem(flat, pathname)?.path, [flat, pathname]);
  const articles = useHelpArticles();
  const found = useMemo(
    () => (pattern && articles.data ? helpFor(pattern, lang, articles.data.rows) : null),
    [pattern, lang, articles.data]);
  const [opened, setOpened] = useState<string | null>(null);
  if (!found) return null;
  const open = opened === pathname;
  return (
    <>
      <Tooltip label={t('help.button')}>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('help.button')} data-testid="help-button"
          data-key={found.article.key} onClick={() => setOpened(pathname)}>
          <IconHelp size={20} stroke={1.6} />
        </ActionIcon>
      </Tooltip>
      <Drawer opened={open} onClose={() => setOpened(null)} position="right" size="lg" title={t('help.button')}
        data-testid="help-drawer">
        <Suspense fallback={<Center py="xl"><Loader /></Center>}>
          <ArticleView found={found} lang={lang} />
        </Suspense>
        <Anchor component={Link} to={`/faq/${found.article.key}`} size="sm" mt="md" display="block" onClick={() => setOpened(null)}
          data-testid="help-open-page">
          {t('help.open_page')}
        </Anchor>
      </Drawer>
    </>
  );
}
