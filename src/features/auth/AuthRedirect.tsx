import { Navigate, useLocation } from 'react-router';
import { afterLoginTarget } from '../../domain/menu/route-rules';

/** `/auth-redirect?redirect=…`: lands an external sign-in (or the local helper) on the page it asked for. */
export default function AuthRedirect() {
  const { search } = useLocation();
  return <Navigate to={afterLoginTarget(search)} replace />;
}
