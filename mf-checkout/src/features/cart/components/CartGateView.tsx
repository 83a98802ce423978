import { Navigate } from 'react-router-dom';
import { Spinner } from '@circo/shared-web';
import type { CartGate } from '../hooks/useCartGate';
import { EmptyCart } from './EmptyCart';
import { LoginRequired } from './LoginRequired';

/** The screens of a cart that is not ready to show its items. */
export function CartGateView({ gate }: { gate: Exclude<CartGate, { state: 'ready' }> }) {
  switch (gate.state) {
    case 'salesPaused':
      return <Navigate to="/mantenimiento" replace />;
    case 'loading':
      return <Spinner />;
    case 'login':
      return <LoginRequired />;
    case 'empty':
      return <EmptyCart />;
  }
}
