import { Badge, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { orders } from '../../domain/resources/orders/orders';
import { ORDER_STATUSES, transitionsFrom, type OrderStatus, type OrderTransition } from '../../domain/rules/order-status';
import { useCan } from '../../ui/data/use-permissions';

export interface StatusBarProps {
  status: OrderStatus;
  canceled: boolean;
  busy: boolean;
  /** Why no move may be made now (unsaved changes, offline); the buttons show it. */
  blocked?: string;
  onTransition: (to: OrderStatus) => void;
}

const ORDER_FLOW: readonly OrderStatus[] = ORDER_STATUSES;
const COLORS: Record<OrderStatus, string> = { draft: 'gray', confirmed: 'blue', producing: 'orange', finished: 'green', shipped: 'teal' };

/**
 * The order's status and the moves it allows (src/domain/rules/order-status.ts), each only for a role granted its
 * action on orders. The server checks the move again and says why it refuses one.
 */
export function StatusBar(p: StatusBarProps) {
  const { t } = useTranslation();
  const allowed: Record<OrderTransition['action'], boolean> = {
    confirm: useCan(orders, 'confirm'),
    produce: useCan(orders, 'produce'),
    finish: useCan(orders, 'finish'),
    ship: useCan(orders, 'ship'),
  };
  const moves = p.canceled ? [] : transitionsFrom(p.status).filter(m => allowed[m.action]);
  return (
    <Group gap="xs" data-testid="order-status-bar">
      <Text size="sm">{t('resources.orders.fields.status')}:</Text>
      <Badge color={p.canceled ? 'red' : COLORS[p.status]} variant="light" data-testid="order-status" data-status={p.status}>
        {p.canceled ? t('orders.canceled') : t(`resources.orders.enums.status.${p.status}`)}
      </Badge>
      {moves.map(m => (
        // Moves back (unconfirm, reopen, unship) are the quieter buttons.
        <Button key={m.to} size="xs" variant={ORDER_FLOW.indexOf(m.to) < ORDER_FLOW.indexOf(m.from) ? 'default' : 'light'}
          disabled={p.busy || !!p.blocked} onClick={() => p.onTransition(m.to)} data-testid={`order-to-${m.to}`}>
          {t(`orders.transitions.${m.from}_${m.to}`)}
        </Button>
      ))}
      {p.blocked && moves.length > 0 && <Text size="xs" c="dimmed" data-testid="order-status-blocked">{p.blocked}</Text>}
    </Group>
  );
}
