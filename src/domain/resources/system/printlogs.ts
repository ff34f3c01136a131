import { enumOf, int, json, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

/**
 * The print log: every print of labels or documents — who (the row's `created_by`), what (`category` and the printed
 * rows' ids), when (`created_at`) and how (the browser's print dialog or a job for the local helper). Written by the
 * server when it hands out a print (`POST /prints/do/`), never by a client's save.
 */
export const printlogs = resource({
  name: 'printlogs', api: '/prints/logs', kind: 'document', menu: ['/prints/loglist'],
  search: ['title', 'template'], display: 'title', paging: 'server',
  labels: {
    zh: { name: '打印日志', fields: { title: '内容', category: '类别', ids: '记录', count: '份数', how: '方式', template: '模板',
      printer: '打印机' },
      enums: { how: { browser: '浏览器打印', helper: '本地助手', preview: '预览' } } },
    en: { name: 'Print log', fields: { title: 'Content', category: 'Category', ids: 'Records', count: 'Copies',
      how: 'How', template: 'Template', printer: 'Printer' },
      enums: { how: { browser: 'Browser print', helper: 'Local helper', preview: 'Preview' } } },
    es: { name: 'Registro de impresión', fields: { title: 'Contenido', category: 'Categoría', ids: 'Registros',
      count: 'Copias', how: 'Modo', template: 'Plantilla', printer: 'Impresora' },
      enums: { how: { browser: 'Impresión del navegador', helper: 'Asistente local', preview: 'Vista previa' } } },
    ja: { name: '印刷ログ', fields: { title: '内容', category: '分類', ids: 'レコード', count: '部数', how: '方法', template: 'テンプレート',
      printer: 'プリンター' },
      enums: { how: { browser: 'ブラウザー印刷', helper: 'ローカルヘルパー', preview: 'プレビュー' } } },
  },
  place: { group: 'system', order: 510, icon: 'IconHistory' },
  fields: {
    title: text({ max: 200, readOnly: true }),
    category: text({ max: 40, readOnly: true }),
    ids: json({ maxBytes: 64 * 1024, readOnly: true }),
    count: int({ readOnly: true }),
    how: enumOf(['browser', 'helper', 'preview'], { readOnly: true }),
    template: text({ max: 100, readOnly: true }),
    printer: text({ max: 100, readOnly: true }),
  },
  list: ['title', 'category', 'count', 'how', 'template', 'printer'],
  sort: '-id',
});
