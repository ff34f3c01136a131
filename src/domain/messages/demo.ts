/**
 * Server messages of the demo module (`/prod-api`, docs/sales-office.md §6): its refusals in IPOS's envelope, in the
 * four languages; merged into the catalog (catalog.ts). zh gives the keys, the compiler holds the other languages to
 * them. The mock's own answers (`Account and password are incorrect.` …) are its exact English bodies, not these.
 */
const zh = {
  demo_importance: '重要性须为 1、2 或 3',
  demo_page: '页码须为正整数',
  demo_limit: '每页条数须为 1 到 100 之间的整数',
  demo_not_found: '示例文章不存在',
  demo_role_not_found: '示例角色不存在',
  demo_title: '请填写标题（不超过 200 字）',
  demo_forecast: '预测值须在 0 到 100 之间，最多两位小数',
  demo_type: '类型须为 CN、US、JP 或 EU',
  demo_status: '状态须为 published 或 draft',
  demo_image: '图片须为本站路径（以 / 开头）',
  demo_role_name: '请填写角色名称（不超过 100 字）',
} as const;

type Keys = keyof typeof zh;

export const DEMO_MESSAGES: Readonly<Record<'zh' | 'en' | 'es' | 'ja', Readonly<Record<Keys, string>>>> = {
  zh,
  en: {
    demo_importance: 'Importance must be 1, 2 or 3',
    demo_page: 'The page must be a whole number from 1',
    demo_limit: 'The page size must be a whole number from 1 to 100',
    demo_not_found: 'No such sample article',
    demo_role_not_found: 'No such sample role',
    demo_title: 'Enter a title (at most 200 characters)',
    demo_forecast: 'The forecast must be between 0 and 100, with at most two decimals',
    demo_type: 'The type must be CN, US, JP or EU',
    demo_status: 'The status must be published or draft',
    demo_image: 'The image must be a path on this site (starting with /)',
    demo_role_name: 'Enter the role\'s name (at most 100 characters)',
  },
  es: {
    demo_importance: 'La importancia debe ser 1, 2 o 3',
    demo_page: 'La página debe ser un número entero desde 1',
    demo_limit: 'El tamaño de página debe ser un número entero de 1 a 100',
    demo_not_found: 'No existe ese artículo de ejemplo',
    demo_role_not_found: 'No existe ese rol de ejemplo',
    demo_title: 'Escriba un título (200 caracteres como máximo)',
    demo_forecast: 'La previsión debe estar entre 0 y 100, con dos decimales como máximo',
    demo_type: 'El tipo debe ser CN, US, JP o EU',
    demo_status: 'El estado debe ser published o draft',
    demo_image: 'La imagen debe ser una ruta de este sitio (que empiece por /)',
    demo_role_name: 'Escriba el nombre del rol (100 caracteres como máximo)',
  },
  ja: {
    demo_importance: '重要度は 1、2、3 のいずれかにしてください',
    demo_page: 'ページは 1 以上の整数にしてください',
    demo_limit: '1 ページの件数は 1〜100 の整数にしてください',
    demo_not_found: 'そのサンプル記事はありません',
    demo_role_not_found: 'そのサンプルロールはありません',
    demo_title: 'タイトルを入力してください（200 文字以内）',
    demo_forecast: '予測値は 0〜100、小数点以下 2 桁までにしてください',
    demo_type: '種類は CN、US、JP、EU のいずれかにしてください',
    demo_status: '状態は published または draft にしてください',
    demo_image: '画像はこのサイトのパス（/ で始まる）にしてください',
    demo_role_name: 'ロール名を入力してください（100 文字以内）',
  },
};
