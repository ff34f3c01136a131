/**
 * Messages of the proof of delivery (docs/delivery.md "Proof of delivery"): why a driver's `sign` fact is refused —
 * kept with its dead letter, shown on the phone and to supervisors. In the four languages; merged into the catalog
 * (catalog.ts). zh gives the keys, the compiler holds the other languages to them.
 */
const zh = {
  delivery_sign_not_allowed: '该账号不能签收送货单',
  delivery_sign_unknown: '送货单不存在',
  delivery_sign_not_shipped: '送货单 {no} 还没有发货，不能签收',
  delivery_sign_canceled: '送货单 {no} 已作废，不能签收',
  delivery_sign_already_signed: '送货单 {no} 已由 {signer} 于 {at} 签收',
  delivery_sign_file_missing: '签收的签名或照片文件不存在：{field}',
};

type Same = Readonly<Record<keyof typeof zh, string>>;

export const PROOF_OF_DELIVERY_MESSAGES: { zh: typeof zh; en: Same; es: Same; ja: Same } = {
  zh,
  en: {
    delivery_sign_not_allowed: 'This account may not sign for deliveries',
    delivery_sign_unknown: 'The delivery note does not exist',
    delivery_sign_not_shipped: 'Delivery note {no} has not been shipped: it cannot be signed for',
    delivery_sign_canceled: 'Delivery note {no} is cancelled: it cannot be signed for',
    delivery_sign_already_signed: 'Delivery note {no} was already signed for by {signer} at {at}',
    delivery_sign_file_missing: 'The signature or photo of the receipt does not exist: {field}',
  },
  es: {
    delivery_sign_not_allowed: 'Esta cuenta no puede firmar albaranes',
    delivery_sign_unknown: 'El albarán no existe',
    delivery_sign_not_shipped: 'El albarán {no} no se ha enviado: no se puede firmar',
    delivery_sign_canceled: 'El albarán {no} está anulado: no se puede firmar',
    delivery_sign_already_signed: 'El albarán {no} ya lo firmó {signer} el {at}',
    delivery_sign_file_missing: 'La firma o la foto de la entrega no existe: {field}',
  },
  ja: {
    delivery_sign_not_allowed: 'このアカウントは納品書に受領サインできません',
    delivery_sign_unknown: '納品書が存在しません',
    delivery_sign_not_shipped: '納品書 {no} はまだ出荷されていないため、受領サインできません',
    delivery_sign_canceled: '納品書 {no} は取り消されているため、受領サインできません',
    delivery_sign_already_signed: '納品書 {no} は {at} に {signer} が受領サイン済みです',
    delivery_sign_file_missing: '受領の署名または写真のファイルが存在しません：{field}',
  },
};
