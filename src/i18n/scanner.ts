import { defineNamespace } from './define';

/** UI strings of the scanners (keys `scanner.*`, src/ui/scanner): the camera scanner and the kiosk's sound. */
export const scanner = defineNamespace({
  camera: {
    label: '摄像头扫码',
    starting: '正在打开摄像头…',
    hint: '将摄像头对准条码或二维码',
    retry: '重试',
    errors: {
      insecure: '摄像头只能在安全连接（HTTPS）下使用。请联系管理员为本系统启用 HTTPS，或改用扫码枪。',
      unsupported: '此浏览器无法使用摄像头。请改用扫码枪，或使用新版 Chrome、Edge 或 Safari。',
      denied: '没有使用摄像头的权限。请在浏览器的网站设置中允许使用摄像头，然后点击“重试”。',
      no_camera: '没有找到摄像头。',
      in_use: '摄像头正被其他程序使用。请关闭该程序后点击“重试”。',
      decoder: '条码识别组件无法加载。请在联网时打开一次本页面；仍不行请联系管理员。',
      unknown: '摄像头无法打开：{{detail}}',
    },
  },
  sound: {
    mute: '静音',
    unmute: '打开声音',
  },
}, {
  en: {
    camera: {
      label: 'Camera scanner',
      starting: 'Starting the camera…',
      hint: 'Point the camera at the barcode or QR code',
      retry: 'Try again',
      errors: {
        insecure: 'The camera works only over a secure connection (HTTPS). Ask your administrator to enable HTTPS for this system, or use a barcode scanner.',
        unsupported: 'This browser cannot use the camera. Use a barcode scanner, or a recent Chrome, Edge or Safari.',
        denied: 'Camera access is not allowed. Allow the camera in the browser’s site settings, then choose “Try again”.',
        no_camera: 'No camera was found.',
        in_use: 'Another program is using the camera. Close it, then choose “Try again”.',
        decoder: 'The barcode reader could not be loaded. Open this page once while online; if it still fails, contact your administrator.',
        unknown: 'The camera could not be opened: {{detail}}',
      },
    },
    sound: {
      mute: 'Mute',
      unmute: 'Sound on',
    },
  },
  es: {
    camera: {
      label: 'Escáner con cámara',
      starting: 'Abriendo la cámara…',
      hint: 'Apunte la cámara al código de barras o QR',
      retry: 'Reintentar',
      errors: {
        insecure: 'La cámara solo funciona con una conexión segura (HTTPS). Pida al administrador que active HTTPS en este sistema, o use un lector de códigos.',
        unsupported: 'Este navegador no puede usar la cámara. Use un lector de códigos, o una versión reciente de Chrome, Edge o Safari.',
        denied: 'No hay permiso para usar la cámara. Permita la cámara en la configuración del sitio del navegador y pulse «Reintentar».',
        no_camera: 'No se encontró ninguna cámara.',
        in_use: 'Otro programa está usando la cámara. Ciérrelo y pulse «Reintentar».',
        decoder: 'No se pudo cargar el lector de códigos. Abra esta página una vez con conexión; si sigue fallando, contacte con el administrador.',
        unknown: 'No se pudo abrir la cámara: {{detail}}',
      },
    },
    sound: {
      mute: 'Silenciar',
      unmute: 'Activar sonido',
    },
  },
  ja: {
    camera: {
      label: 'カメラで読み取り',
      starting: 'カメラを起動しています…',
      hint: 'バーコードまたは QR コードにカメラを向けてください',
      retry: '再試行',
      errors: {
        insecure: 'カメラは安全な接続（HTTPS）でのみ使用できます。管理者に HTTPS の有効化を依頼するか、バーコードスキャナーを使用してください。',
        unsupported: 'このブラウザーではカメラを使用できません。バーコードスキャナーか、最新の Chrome、Edge、Safari を使用してください。',
        denied: 'カメラの使用が許可されていません。ブラウザーのサイト設定でカメラを許可し、「再試行」を押してください。',
        no_camera: 'カメラが見つかりません。',
        in_use: '別のプログラムがカメラを使用しています。そのプログラムを閉じてから「再試行」を押してください。',
        decoder: 'バーコード読み取り機能を読み込めませんでした。オンラインの状態でこのページを一度開いてください。それでも失敗する場合は管理者に連絡してください。',
        unknown: 'カメラを開けませんでした：{{detail}}',
      },
    },
    sound: {
      mute: 'ミュート',
      unmute: 'サウンドをオン',
    },
  },
});
