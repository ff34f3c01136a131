/**
 * Server messages of the public order query (`GET /orders/query/`), in the four languages; merged into the catalog
 * (catalog.ts). zh gives the keys, the compiler holds the other languages to them. The not-found message is the one
 * answer to both an unknown order and a wrong check code, so it must not say which of the two was wrong.
 */
const zh = {
  order_query_not_found: '订单号或查询码不正确',
  order_query_limited: '查询失败次数过多，请 {minutes} 分钟后再试',
} as const;

type Keys = keyof typeof zh;
type Same = Readonly<Record<Keys, string>>;

export const ORDER_QUERY_MESSAGES: { zh: typeof zh; en: Same; es: Same; ja: Same } = {
  zh,
  en: {
    order_query_not_found: 'The order number or the check code is not correct',
    order_query_limited: 'Too many failed queries; try again in {minutes} minutes',
  },
  es: {
    order_query_not_found: 'El número de pedido o el código de consulta no es correcto',
    order_query_limited: 'Demasiadas consultas fallidas; inténtelo de nuevo en {minutes} minutos',
  },
  ja: {
    order_query_not_found: '受注番号または照会コードが正しくありません',
    order_query_limited: '照会の失敗が多すぎます。{minutes} 分後に再試行してください',
  },
};
