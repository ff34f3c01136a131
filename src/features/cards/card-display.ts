import { LANGS, type Lang } from '../../domain/messages/catalog';
import { cardName } from '../../domain/rules/card-name';

/** The UI language as one of ours; anything else (a variant i18next reports) is the default, zh. */
function langOf(language: string): Lang {
  const code = language.slice(0, 2);
  return (LANGS as readonly string[]).includes(code) ? code as Lang : 'zh';
}

/** A card's display name (DESIGN §8) in the UI language, from a row whose fields may be missing. */
export function cardTitle(card: Readonly<Record<string, unknown>>, language: string): string {
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  return cardName({ show_id: text(card.show_id), order_show_id: text(card.order_show_id) }, langOf(language));
}
