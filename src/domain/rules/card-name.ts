/** A card's display name (spec §3, DESIGN §8): 'card no. {show_id} / order {order_show_id}', localized. */
import type { Lang } from '../messages/catalog';

const PATTERN: Readonly<Record<Lang, string>> = {
  zh: '卡号 {show_id} / 订单 {order_show_id}',
  en: 'card no. {show_id} / order {order_show_id}',
  es: 'tarjeta n.º {show_id} / pedido {order_show_id}',
  ja: 'カード番号 {show_id} / 受注 {order_show_id}',
};

export function cardName(card: { show_id?: string | null; order_show_id?: string | null }, lang: Lang = 'en'): string {
  return PATTERN[lang].replace('{show_id}', card.show_id ?? '').replace('{order_show_id}', card.order_show_id ?? '');
}
