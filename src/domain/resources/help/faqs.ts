import { bool, enumOf, int, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

/** The languages an article may be written in: the app's four (src/domain/messages/langs.ts). */
export const FAQ_LANGS = ['zh', 'en', 'es', 'ja'] as const;

/**
 * 常见问题 (docs/sales-office.md §5, decisions 283–284): help articles in Markdown, one row per key and language.
 * `/faq/{key}` opens the article in the reader's language, else Chinese, else any written (helpFor,
 * src/domain/rules/help.ts); `screen` names the route patterns it helps with (`/orders/edit/:id`; several separated
 * by spaces or commas), where the shell's header shows a help button. The server stores and serves the text only;
 * the browser renders it (src/ui/markdown/render.ts). Cached offline so the help button works on a tablet with no
 * network. The language field is `language`: `lang` is the request's own parameter (the reply's language, DESIGN §4).
 * Everyone reads the articles; admin writes them (server/seed/org.ts).
 */
export const faqs = resource({
  name: 'faqs', api: '/faqs', kind: 'master', menu: ['/faqs/list'],
  naturalKey: ['key', 'language'], search: ['key', 'title', 'screen', 'body'], display: 'title', offline: true,
  labels: {
    zh: { name: '帮助文章', fields: { key: '文章键', language: '语言', title: '标题', screen: '所属页面', body: '正文（Markdown）',
      sort: '排序', active: '启用' },
      enums: { language: { zh: '中文', en: 'English', es: 'Español', ja: '日本語' } } },
    en: { name: 'Help articles', fields: { key: 'Article key', language: 'Language', title: 'Title', screen: 'Screens',
      body: 'Text (Markdown)', sort: 'Order', active: 'Active' },
      enums: { language: { zh: '中文', en: 'English', es: 'Español', ja: '日本語' } } },
    es: { name: 'Artículos de ayuda', fields: { key: 'Clave del artículo', language: 'Idioma', title: 'Título', screen: 'Pantallas',
      body: 'Texto (Markdown)', sort: 'Orden', active: 'Activo' },
      enums: { language: { zh: '中文', en: 'English', es: 'Español', ja: '日本語' } } },
    ja: { name: 'ヘルプ記事', fields: { key: '記事キー', language: '言語', title: 'タイトル', screen: '対象画面', body: '本文（Markdown）',
      sort: '並び順', active: '有効' },
      enums: { language: { zh: '中文', en: 'English', es: 'Español', ja: '日本語' } } },
  },
  place: { group: 'system', order: 545, icon: 'IconNotebook' },
  fields: {
    key: text({ required: true, max: 60 }),
    language: enumOf(FAQ_LANGS, { required: true, default: 'zh' }),
    title: text({ required: true, max: 200 }),
    screen: text({ max: 200 }),
    body: text({ max: 20_000, multiline: true }),
    sort: int({ default: 0 }),
    active: bool({ default: true }),
  },
  list: ['key', 'language', 'title', 'screen', 'sort', 'active'],
  sort: 'sort',
});
