/**
 * The texts of the messages the server writes to users (消息, server/resources/messages.ts; docs/reports.md
 * "Messages"), in the four languages: each message is written in its recipient's language (accounts.language). Merged
 * into the catalog (catalog.ts). zh gives the keys, the compiler holds the other languages to them.
 */
const zh = {
  message_deadletters_title: '终端 {device}：{count} 条刷卡被拒绝',
  message_order_confirmed_title: '订单 {order} 已确认',
  message_order_confirmed_body: '{name} 确认了订单 {order}',
  message_order_finished_title: '订单 {order} 已完工',
  message_order_finished_body: '{name} 将订单 {order} 设为已完工',
} as const;

type Keys = keyof typeof zh;
type Same = Readonly<Record<Keys, string>>;

export const INBOX_MESSAGES: { zh: typeof zh; en: Same; es: Same; ja: Same } = {
  zh,
  en: {
    message_deadletters_title: 'Terminal {device}: {count} swipe(s) rejected',
    message_order_confirmed_title: 'Order {order} confirmed',
    message_order_confirmed_body: '{name} confirmed order {order}',
    message_order_finished_title: 'Order {order} finished',
    message_order_finished_body: '{name} set order {order} to finished',
  },
  es: {
    message_deadletters_title: 'Terminal {device}: {count} fichaje(s) rechazado(s)',
    message_order_confirmed_title: 'Pedido {order} confirmado',
    message_order_confirmed_body: '{name} confirmó el pedido {order}',
    message_order_finished_title: 'Pedido {order} terminado',
    message_order_finished_body: '{name} marcó el pedido {order} como terminado',
  },
  ja: {
    message_deadletters_title: '端末 {device}：{count} 件の打刻が拒否されました',
    message_order_confirmed_title: '受注 {order} が確定されました',
    message_order_confirmed_body: '{name} が受注 {order} を確定しました',
    message_order_finished_title: '受注 {order} が完了しました',
    message_order_finished_body: '{name} が受注 {order} を完了にしました',
  },
};
