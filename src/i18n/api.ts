import { defineNamespace } from './define';

/**
 * UI strings of the request layer (keys `api.*`, used by src/api). The zh texts of the error catalogue are the exact
 * ones of spec §8; the server's own messages (`msg`) arrive already localized and are not listed here.
 */
export const api = defineNamespace({
  success: '操作成功',
  network_error: '连接服务器出错',
  config_error: '服务器配置不正确404',
  server_error: '服务器执行出错500',
  http_error: '请求失败（HTTP {{status}}）',
  needlogin: '需要重新登录',
  busy: '正在执行，请勿重复点击',
}, {
  en: {
    success: 'Operation successful',
    network_error: 'Error connecting to the server',
    config_error: 'The server is not configured correctly (404)',
    server_error: 'Server execution error (500)',
    http_error: 'Request failed (HTTP {{status}})',
    needlogin: 'Please log in again',
    busy: 'Executing, please do not click repeatedly',
  },
  es: {
    success: 'Operación correcta',
    network_error: 'Error al conectar con el servidor',
    config_error: 'El servidor no está configurado correctamente (404)',
    server_error: 'Error de ejecución en el servidor (500)',
    http_error: 'La solicitud falló (HTTP {{status}})',
    needlogin: 'Vuelva a iniciar sesión',
    busy: 'En ejecución, no haga clic repetidamente',
  },
  ja: {
    success: '操作が完了しました',
    network_error: 'サーバーへの接続でエラーが発生しました',
    config_error: 'サーバーの設定が正しくありません (404)',
    server_error: 'サーバーの実行でエラーが発生しました (500)',
    http_error: 'リクエストに失敗しました (HTTP {{status}})',
    needlogin: '再ログインが必要です',
    busy: '実行中です。繰り返しクリックしないでください',
  },
});
