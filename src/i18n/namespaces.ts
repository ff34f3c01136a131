import { api } from './api';
import { dashboard } from './dashboard';
import type { Namespace } from './define';
import { login } from './login';
import { menu } from './menu';
import { pages } from './pages';
import { shell } from './shell';

/**
 * Every UI namespace. Each namespace is one file holding its four languages, owned by the feature that uses it.
 * Add a namespace here when you add its file.
 */
export const NAMESPACES: Record<string, Namespace> = { api, dashboard, login, menu, pages, shell };
