import { defineNamespace } from './define';

/** UI strings of the login and session pages (keys `login.*`). */
export const login = defineNamespace({
  title: '登录',
  username: '用户名',
  password: '密码',
  server: '服务器',
  server_local: '本机',
  server_test: '{{name}}（测试）',
  submit: '登录',
  remember: '记住用户名',
  required: '必填',
  verification_failed: 'Verification failed, please Login again.',
  roles_required: 'getInfo: roles must be a non-null array!',
  logged_out_title: '您已退出登录',
  logged_out_body: '您已退出登录，可以取消以停留在此页面，或重新登录',
  relogin: '重新登录',
  cancel: '取消',
  logging_in: '正在登录…',
}, {
  en: {
    title: 'Log in', username: 'Username', password: 'Password', server: 'Server', server_local: 'This server', server_test: '{{name}} (test)',
    submit: 'Log in', remember: 'Remember username', required: 'Required',
    verification_failed: 'Verification failed, please Login again.',
    roles_required: 'getInfo: roles must be a non-null array!',
    logged_out_title: 'You have been logged out',
    logged_out_body: 'You have been logged out, you can cancel to stay on this page, or log in again',
    relogin: 'Re-Login', cancel: 'Cancel', logging_in: 'Logging in…',
  },
  es: {
    title: 'Iniciar sesión', username: 'Usuario', password: 'Contraseña', server: 'Servidor', server_local: 'Este servidor', server_test: '{{name}} (prueba)',
    submit: 'Entrar', remember: 'Recordar usuario', required: 'Obligatorio',
    verification_failed: 'La verificación falló, inicie sesión de nuevo.',
    roles_required: 'getInfo: los roles deben ser una lista no vacía',
    logged_out_title: 'Se ha cerrado la sesión',
    logged_out_body: 'Se ha cerrado la sesión; puede cancelar para quedarse en esta página o volver a iniciar sesión',
    relogin: 'Volver a entrar', cancel: 'Cancelar', logging_in: 'Iniciando sesión…',
  },
  ja: {
    title: 'ログイン', username: 'ユーザー名', password: 'パスワード', server: 'サーバー', server_local: 'このサーバー', server_test: '{{name}}（テスト）',
    submit: 'ログイン', remember: 'ユーザー名を記憶', required: '必須項目です',
    verification_failed: '認証に失敗しました。再度ログインしてください。',
    roles_required: 'getInfo: ロールは空でない配列である必要があります',
    logged_out_title: 'ログアウトされました',
    logged_out_body: 'ログアウトされました。キャンセルしてこのページに留まるか、再ログインしてください',
    relogin: '再ログイン', cancel: 'キャンセル', logging_in: 'ログイン中…',
  },
});
