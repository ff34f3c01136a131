import { datetime, enumOf, ref, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

/**
 * 消息 (spec §1 "messages", docs/reports.md "Messages"): what the system tells one user — swipes rejected on the
 * shop floor (to whoever resolves them), an order of theirs confirmed or finished (to its salesperson). Written by the
 * server only (no create page); each user sees, marks read (`read_at`) and deletes only their own (`owner`,
 * `ownerOnly`: every caller is scoped to its own, an admin included). The texts are written at the time of the event
 * in the recipient's language (accounts.language: the one it last used the app in; zh until then).
 */
export const messages = resource({
  name: 'messages', api: '/messages', kind: 'master', menu: ['/messages/list'], createPage: false,
  search: ['title', 'body'], display: 'title', paging: 'server', owner: 'account_id', ownerOnly: true,
  labels: {
    zh: { name: '消息', fields: { account_id: '收件人', kind: '类型', title: '标题', body: '内容', link: '链接', read_at: '已读时间' },
      enums: { kind: { deadletters: '刷卡被拒绝', order_confirmed: '订单已确认', order_finished: '订单已完工', stock_low: '低于最低库存', note: '通知', form_flagged: '表单超限' } } },
    en: { name: 'Messages', fields: { account_id: 'Recipient', kind: 'Type', title: 'Title', body: 'Text', link: 'Link', read_at: 'Read at' },
      enums: { kind: { deadletters: 'Swipes rejected', order_confirmed: 'Order confirmed', order_finished: 'Order finished', stock_low: 'Below minimum stock', note: 'Notice', form_flagged: 'Form out of limits' } } },
    es: { name: 'Mensajes', fields: { account_id: 'Destinatario', kind: 'Tipo', title: 'Título', body: 'Texto', link: 'Enlace',
      read_at: 'Leído el' },
      enums: { kind: { deadletters: 'Fichajes rechazados', order_confirmed: 'Pedido confirmado', order_finished: 'Pedido terminado',
        stock_low: 'Por debajo del mínimo', note: 'Aviso', form_flagged: 'Formulario fuera de límites' } } },
    ja: { name: 'メッセージ', fields: { account_id: '宛先', kind: '種別', title: '件名', body: '本文', link: 'リンク', read_at: '既読日時' },
      enums: { kind: { deadletters: '打刻の拒否', order_confirmed: '受注確認', order_finished: '受注完了', stock_low: '最低在庫割れ', note: 'お知らせ', form_flagged: 'フォーム規格外' } } },
  },
  fields: {
    account_id: ref('accounts', { required: true, readOnly: true }),
    kind: enumOf(['deadletters', 'order_confirmed', 'order_finished', 'stock_low', 'note', 'form_flagged'], { required: true, default: 'note', readOnly: true }),
    title: text({ required: true, max: 200, readOnly: true }),
    body: text({ max: 2000, multiline: true, readOnly: true }),
    link: text({ max: 300, readOnly: true }),
    read_at: datetime(),
  },
  list: ['kind', 'title', 'body', 'read_at'],
  sort: '-id',
});
