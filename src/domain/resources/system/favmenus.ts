import { int, ref, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

/**
 * A user's favourite menu entries; the sidebar offers them instead of the full menu when there are more than 4. Owned
 * by the account, so every role can be granted its own favourites only.
 */
export const favmenus = resource({
  name: 'favmenus', api: '/favmenus', kind: 'master', menu: ['/favmenus/list'],
  search: ['path', 'title'], display: 'title', owner: 'account_id',
  labels: {
    zh: { name: '收藏菜单', fields: { account_id: '账号', path: '菜单路径', title: '标题', icon: '图标', color: '颜色', sort: '排序' } },
    en: { name: 'Favorite menus', menu: 'Favourite menus', fields: { account_id: 'Account', path: 'Menu path',
      title: 'Title', icon: 'Icon', color: 'Color', sort: 'Order' } },
    es: { name: 'Menús favoritos', fields: { account_id: 'Cuenta', path: 'Ruta del menú', title: 'Título',
      icon: 'Icono', color: 'Color', sort: 'Orden' } },
    ja: { name: 'お気に入りメニュー', fields: { account_id: 'アカウント', path: 'メニューパス', title: 'タイトル', icon: 'アイコン', color: '色',
      sort: '表示順' } },
  },
  place: { group: 'system', order: 330, icon: 'IconStar' },
  fields: {
    account_id: ref('accounts', { required: true }),
    path: text({ required: true, max: 200 }),
    title: text({ max: 100 }),
    icon: text({ max: 100 }),
    color: text({ max: 30 }),
    sort: int({ default: 0 }),
  },
  list: ['account_id', 'path', 'title', 'sort'],
  sort: 'sort',
});
