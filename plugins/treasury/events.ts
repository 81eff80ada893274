import { eventType } from '../../kernel/public.js';
import { RebalanceView } from './operations.js';

/** Every step of a rebalance commits with one of these; the payload is the rebalance as GET answers it. */
const rebalance = { version: 1, group: 'Treasury', payload: RebalanceView, webhook: true } as const;

export const treasuryEvents = [
  eventType({ ...rebalance, name: 'treasury.rebalance.planned', description: 'A rebalance was planned: a dry run (status planned), or its bridge transfers started (status executing), or nothing had to move (followed by completed).', emittedBy: 'POST /treasury/rebalances, rebalanceTreasury' }),
  eventType({ ...rebalance, name: 'treasury.rebalance.completed', description: 'Every bridge transfer of a rebalance arrived (or nothing had to move): chains[].after says what each chain held then.', emittedBy: 'POST /treasury/rebalances, consumer treasury.rebalance-settlement' }),
  eventType({ ...rebalance, name: 'treasury.rebalance.failed', description: 'Every bridge transfer of a rebalance is final and one or more failed (refunded to their source chain); failure_reason names them.', emittedBy: 'consumer treasury.rebalance-settlement' }),
];
