/**
 * Server messages of the help articles (docs/sales-office.md §5), in the four languages; merged into the catalog
 * (catalog.ts). zh gives the keys, the compiler holds the other languages to them.
 */
const zh = {
  faq_key: '文章键只能由字母、数字和下划线组成（最多 60 个字符，不能为 index）',
  faq_screen: '所属页面须为以 / 开头的页面路径（如 /orders/edit/:id），多个用空格或逗号分隔',
} as const;

type Keys = keyof typeof zh;
type Same = Readonly<Record<Keys, string>>;

export const HELP_MESSAGES: { zh: typeof zh; en: Same; es: Same; ja: Same } = {
  zh,
  en: {
    faq_key: 'The article key may hold only letters, digits and underscores (at most 60 characters, not index)',
    faq_screen: 'Screens must be page paths starting with / (like /orders/edit/:id), several separated by spaces or commas',
  },
  es: {
    faq_key: 'La clave del artículo solo admite letras, cifras y guiones bajos (60 caracteres como máximo, no index)',
    faq_screen: 'Las pantallas deben ser rutas que empiezan por / (como /orders/edit/:id), varias separadas por espacios o comas',
  },
  ja: {
    faq_key: '記事キーは英数字とアンダースコアのみ使えます（60 文字以内、index は不可）',
    faq_screen: '対象画面は / で始まる画面パス（例 /orders/edit/:id）で、複数ある場合は空白かカンマで区切ってください',
  },
};
