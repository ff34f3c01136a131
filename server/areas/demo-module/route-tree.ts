/**
 * The demo module's route tree (`GET routes`): the pages of the mock's sample admin, in the shape its client reads
 * (`path`, `component`, `redirect`, `name`, `meta: {title, icon, roles}`, `children`, `hidden`, `alwaysShow`) — a
 * shortened copy of vue-element-admin's `mock/role/routes.js`, its sample data and nothing of IPOS's menu. The seed
 * gives each demo role its part of it (server/seed/demo-module.ts); `GET routes` answers it whole, as the mock does.
 */
export interface DemoRoute {
  path: string;
  component?: string;
  redirect?: string;
  name?: string;
  hidden?: boolean;
  alwaysShow?: boolean;
  meta?: { title: string; icon?: string; roles?: string[]; affix?: boolean; noCache?: boolean };
  children?: DemoRoute[];
}

/** Pages every role sees (the mock's `constantRoutes`). */
export const CONSTANT_ROUTES: readonly DemoRoute[] = [
  { path: '/redirect', component: 'layout/Layout', hidden: true,
    children: [{ path: '/redirect/:path*', component: 'views/redirect/index' }] },
  { path: '/login', component: 'views/login/index', hidden: true },
  { path: '/auth-redirect', component: 'views/login/auth-redirect', hidden: true },
  { path: '/404', component: 'views/error-page/404', hidden: true },
  { path: '/401', component: 'views/error-page/401', hidden: true },
  { path: '', component: 'layout/Layout', redirect: 'dashboard',
    children: [{ path: 'dashboard', component: 'views/dashboard/index', name: 'Dashboard',
      meta: { title: 'dashboard', icon: 'dashboard', affix: true } }] },
  { path: '/documentation', component: 'layout/Layout',
    children: [{ path: 'index', component: 'views/documentation/index', name: 'Documentation',
      meta: { title: 'documentation', icon: 'documentation', affix: true } }] },
  { path: '/guide', component: 'layout/Layout', redirect: '/guide/index',
    children: [{ path: 'index', component: 'views/guide/index', name: 'Guide',
      meta: { title: 'guide', icon: 'guide', noCache: true } }] },
];

/** Pages by role (the mock's `asyncRoutes`): `meta.roles` names who may see one; none, anybody. */
export const ASYNC_ROUTES: readonly DemoRoute[] = [
  { path: '/permission', component: 'layout/Layout', redirect: '/permission/index', alwaysShow: true,
    meta: { title: 'permission', icon: 'lock', roles: ['admin', 'editor'] },
    children: [
      { path: 'page', component: 'views/permission/page', name: 'PagePermission',
        meta: { title: 'pagePermission', roles: ['admin'] } },
      { path: 'directive', component: 'views/permission/directive', name: 'DirectivePermission',
        meta: { title: 'directivePermission' } },
      { path: 'role', component: 'views/permission/role', name: 'RolePermission',
        meta: { title: 'rolePermission', roles: ['admin'] } },
    ] },
  { path: '/icon', component: 'layout/Layout',
    children: [{ path: 'index', component: 'views/icons/index', name: 'Icons',
      meta: { title: 'icons', icon: 'icon', noCache: true } }] },
  { path: '/example', component: 'layout/Layout', redirect: '/example/list', name: 'Example',
    meta: { title: 'example', icon: 'example' },
    children: [
      { path: 'create', component: 'views/example/create', name: 'CreateArticle', meta: { title: 'createArticle', icon: 'edit' } },
      { path: 'edit/:id(\\d+)', component: 'views/example/edit', name: 'EditArticle', hidden: true,
        meta: { title: 'editArticle', noCache: true } },
      { path: 'list', component: 'views/example/list', name: 'ArticleList', meta: { title: 'articleList', icon: 'list' } },
    ] },
  { path: '/table', component: 'layout/Layout', redirect: '/table/complex-table', name: 'Table',
    meta: { title: 'Table', icon: 'table' },
    children: [
      { path: 'dynamic-table', component: 'views/table/dynamic-table/index', name: 'DynamicTable', meta: { title: 'dynamicTable' } },
      { path: 'drag-table', component: 'views/table/drag-table', name: 'DragTable', meta: { title: 'dragTable' } },
      { path: 'inline-edit-table', component: 'views/table/inline-edit-table', name: 'InlineEditTable', meta: { title: 'inlineEditTable' } },
      { path: 'complex-table', component: 'views/table/complex-table', name: 'ComplexTable', meta: { title: 'complexTable' } },
    ] },
  { path: '/tab', component: 'layout/Layout',
    children: [{ path: 'index', component: 'views/tab/index', name: 'Tab', meta: { title: 'tab', icon: 'tab' } }] },
  { path: '/error', component: 'layout/Layout', redirect: 'noRedirect', name: 'ErrorPages',
    meta: { title: 'errorPages', icon: '404' },
    children: [
      { path: '401', component: 'views/error-page/401', name: 'Page401', meta: { title: 'page401', noCache: true } },
      { path: '404', component: 'views/error-page/404', name: 'Page404', meta: { title: 'page404', noCache: true } },
    ] },
  { path: '/error-log', component: 'layout/Layout', redirect: 'noRedirect',
    children: [{ path: 'log', component: 'views/error-log/index', name: 'ErrorLog', meta: { title: 'errorLog', icon: 'bug' } }] },
  { path: '/excel', component: 'layout/Layout', redirect: '/excel/export-excel', name: 'Excel',
    meta: { title: 'excel', icon: 'excel' },
    children: [
      { path: 'export-excel', component: 'views/excel/export-excel', name: 'ExportExcel', meta: { title: 'exportExcel' } },
      { path: 'upload-excel', component: 'views/excel/upload-excel', name: 'UploadExcel', meta: { title: 'uploadExcel' } },
    ] },
  { path: '*', redirect: '/404', hidden: true },
];

/** The whole tree, as `GET routes` answers it. */
export const ALL_ROUTES: readonly DemoRoute[] = [...CONSTANT_ROUTES, ...ASYNC_ROUTES];

/**
 * The part of the tree a role sees (spec §6): a route is kept when it names no roles or names this one, and its
 * children are filtered the same way; `admin` sees everything.
 */
export function routesOfRole(role: string, routes: readonly DemoRoute[] = ALL_ROUTES): DemoRoute[] {
  if (role === 'admin') return structuredClone([...routes]);
  const out: DemoRoute[] = [];
  for (const r of routes) {
    if (r.meta?.roles && !r.meta.roles.includes(role)) continue;
    out.push(r.children ? { ...structuredClone(r), children: routesOfRole(role, r.children) } : structuredClone(r));
  }
  return out;
}
