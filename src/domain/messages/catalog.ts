/**
 * Messages the server sends (envelope `msg` and per-field `errors`), in the four languages. The client shows them as
 * they come, so the server picks the language from the request (`lang` parameter, else Accept-Language, else zh).
 * `{name}` placeholders are filled by `translate`.
 */
export const LANGS = ['zh', 'en', 'es', 'ja'] as const;
export type Lang = (typeof LANGS)[number];

export const zh = {
  ok: '操作成功',
  invalid_input: '提交的数据有误，请检查标红的字段',
  required: '必填',
  too_long: '不能超过 {max} 个字符',
  too_short: '至少 {min} 个字符',
  too_many: '最多 {max} 项',
  not_number: '请输入数字',
  not_integer: '请输入整数',
  too_small: '不能小于 {min}',
  too_big: '不能大于 {max}',
  invalid_choice: '请从列表中选择',
  invalid_date: '日期格式不正确',
  invalid_value: '值不正确',
  invalid_json: '数据格式不正确（应为 JSON）',
  unknown_field: '未知字段',
  ref_missing: '引用的记录不存在',
  duplicate: '已存在相同的值',
  bad_request: '请求参数错误',
  bad_filter: '筛选条件不正确',
  bad_sort: '排序字段不正确',
  not_found: '记录不存在',
  route_not_found: '接口不存在',
  stale_version: '该记录已被 {by} 于 {at} 修改，请刷新后再保存',
  referenced: '无法删除：仍被以下记录引用：{list}',
  not_cancelable: '该资源不能作废',
  not_deletable: '该资源不能删除，请使用作废',
  already_canceled: '该记录已作废',
  login_failed: '用户名或密码错误',
  login_disabled: '该账号已停用',
  rate_limited: '登录尝试过于频繁，请 {minutes} 分钟后再试',
  needlogin: '需要重新登录',
  token_invalid: '登录凭证无效，请重新登录',
  session_revoked: '您已在其他地方退出或修改了密码，请重新登录',
  token_expired: '登录已过期，请重新登录',
  forbidden: '没有权限',
  password_wrong: '原密码不正确',
  file_too_large: '文件太大（最大 {max}）',
  file_expired: '文件不存在或已过期',
  too_many_rows: '行数太多（最多 {max} 行）',
  server_error: '服务器执行出错500',
  system_row: '系统内置记录不能删除',
} as const;

export type MessageKey = keyof typeof zh;
export type Catalog = Record<MessageKey, string>;

export const en: Catalog = {
  ok: 'OK',
  invalid_input: 'Some fields are not valid; please check the marked fields',
  required: 'Required',
  too_long: 'At most {max} characters',
  too_short: 'At least {min} characters',
  too_many: 'At most {max} items',
  not_number: 'Enter a number',
  not_integer: 'Enter a whole number',
  too_small: 'Must not be less than {min}',
  too_big: 'Must not be more than {max}',
  invalid_choice: 'Choose a value from the list',
  invalid_date: 'Invalid date',
  invalid_value: 'Invalid value',
  invalid_json: 'Malformed data (JSON expected)',
  unknown_field: 'Unknown field',
  ref_missing: 'The referenced record does not exist',
  duplicate: 'This value already exists',
  bad_request: 'Invalid request parameters',
  bad_filter: 'Invalid filter',
  bad_sort: 'Invalid sort field',
  not_found: 'Record not found',
  route_not_found: 'No such API',
  stale_version: 'This record was changed by {by} at {at}; reload it before saving',
  referenced: 'Cannot delete: still referenced by {list}',
  not_cancelable: 'This resource cannot be cancelled',
  not_deletable: 'This resource cannot be deleted; cancel it instead',
  already_canceled: 'This record is already cancelled',
  login_failed: 'Wrong username or password',
  login_disabled: 'This account is disabled',
  rate_limited: 'Too many login attempts; try again in {minutes} minutes',
  needlogin: 'Please log in again',
  token_invalid: 'Invalid login token; please log in again',
  session_revoked: 'You were logged out elsewhere or your password changed; please log in again',
  token_expired: 'Your login has expired; please log in again',
  forbidden: 'Permission denied',
  password_wrong: 'The current password is wrong',
  file_too_large: 'File too large (at most {max})',
  file_expired: 'The file does not exist or has expired',
  too_many_rows: 'Too many rows (at most {max})',
  server_error: 'Server error 500',
  system_row: 'A built-in record cannot be deleted',
};

export const es: Catalog = {
  ok: 'Operación correcta',
  invalid_input: 'Hay campos no válidos; revise los campos marcados',
  required: 'Obligatorio',
  too_long: 'Como máximo {max} caracteres',
  too_short: 'Como mínimo {min} caracteres',
  too_many: 'Como máximo {max} elementos',
  not_number: 'Introduzca un número',
  not_integer: 'Introduzca un número entero',
  too_small: 'No puede ser menor que {min}',
  too_big: 'No puede ser mayor que {max}',
  invalid_choice: 'Elija un valor de la lista',
  invalid_date: 'Fecha no válida',
  invalid_value: 'Valor no válido',
  invalid_json: 'Datos mal formados (se esperaba JSON)',
  unknown_field: 'Campo desconocido',
  ref_missing: 'El registro referenciado no existe',
  duplicate: 'Este valor ya existe',
  bad_request: 'Parámetros de la solicitud no válidos',
  bad_filter: 'Filtro no válido',
  bad_sort: 'Campo de orden no válido',
  not_found: 'Registro no encontrado',
  route_not_found: 'No existe esa API',
  stale_version: '{by} modificó este registro el {at}; recárguelo antes de guardar',
  referenced: 'No se puede eliminar: aún lo referencian {list}',
  not_cancelable: 'Este recurso no se puede anular',
  not_deletable: 'Este recurso no se puede eliminar; anúlelo',
  already_canceled: 'Este registro ya está anulado',
  login_failed: 'Usuario o contraseña incorrectos',
  login_disabled: 'Esta cuenta está desactivada',
  rate_limited: 'Demasiados intentos de acceso; inténtelo de nuevo en {minutes} minutos',
  needlogin: 'Vuelva a iniciar sesión',
  token_invalid: 'Credencial no válida; vuelva a iniciar sesión',
  session_revoked: 'Se cerró la sesión en otro lugar o cambió la contraseña; vuelva a iniciar sesión',
  token_expired: 'La sesión ha caducado; vuelva a iniciar sesión',
  forbidden: 'Permiso denegado',
  password_wrong: 'La contraseña actual es incorrecta',
  file_too_large: 'Archivo demasiado grande (máximo {max})',
  file_expired: 'El archivo no existe o ha caducado',
  too_many_rows: 'Demasiadas filas (máximo {max})',
  server_error: 'Error del servidor 500',
  system_row: 'Un registro del sistema no se puede eliminar',
};

export const ja: Catalog = {
  ok: '操作が完了しました',
  invalid_input: '入力内容に誤りがあります。赤く表示された項目を確認してください',
  required: '必須項目です',
  too_long: '{max} 文字以内で入力してください',
  too_short: '{min} 文字以上で入力してください',
  too_many: '{max} 件以内にしてください',
  not_number: '数値を入力してください',
  not_integer: '整数を入力してください',
  too_small: '{min} 以上にしてください',
  too_big: '{max} 以下にしてください',
  invalid_choice: 'リストから選択してください',
  invalid_date: '日付の形式が正しくありません',
  invalid_value: '値が正しくありません',
  invalid_json: 'データ形式が正しくありません（JSON が必要です）',
  unknown_field: '不明な項目です',
  ref_missing: '参照先のレコードが存在しません',
  duplicate: '同じ値が既に存在します',
  bad_request: 'リクエストのパラメータが正しくありません',
  bad_filter: '絞り込み条件が正しくありません',
  bad_sort: '並べ替え項目が正しくありません',
  not_found: 'レコードが見つかりません',
  route_not_found: 'API が存在しません',
  stale_version: 'このレコードは {by} によって {at} に変更されました。再読み込みしてから保存してください',
  referenced: '削除できません：次のレコードから参照されています：{list}',
  not_cancelable: 'このリソースは取り消せません',
  not_deletable: 'このリソースは削除できません。取り消してください',
  already_canceled: 'このレコードは既に取り消されています',
  login_failed: 'ユーザー名またはパスワードが正しくありません',
  login_disabled: 'このアカウントは無効です',
  rate_limited: 'ログインの試行が多すぎます。{minutes} 分後に再試行してください',
  needlogin: '再ログインが必要です',
  token_invalid: 'ログイン情報が無効です。再ログインしてください',
  session_revoked: '別の場所でログアウトしたか、パスワードが変更されました。再ログインしてください',
  token_expired: 'ログインの有効期限が切れました。再ログインしてください',
  forbidden: '権限がありません',
  password_wrong: '現在のパスワードが正しくありません',
  file_too_large: 'ファイルが大きすぎます（最大 {max}）',
  file_expired: 'ファイルが存在しないか、期限切れです',
  too_many_rows: '行数が多すぎます（最大 {max} 行）',
  server_error: 'サーバーエラー 500',
  system_row: 'システム既定のレコードは削除できません',
};

const CATALOGS: Record<Lang, Catalog> = { zh, en, es, ja };

export function translate(lang: Lang, key: MessageKey, params: Record<string, string | number> = {}): string {
  return CATALOGS[lang][key].replace(/\{(\w+)\}/g, (m, p: string) => (p in params ? String(params[p]) : m));
}

/** Picks a supported language from a `lang` parameter or an Accept-Language header; zh when none matches. */
export function pickLang(...candidates: (string | undefined)[]): Lang {
  for (const c of candidates) {
    if (!c) continue;
    for (const part of c.split(',')) {
      const code = part.split(';')[0]!.trim().slice(0, 2).toLowerCase();
      if ((LANGS as readonly string[]).includes(code)) return code as Lang;
    }
  }
  return 'zh';
}
