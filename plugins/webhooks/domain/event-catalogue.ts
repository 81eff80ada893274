/**
 * Every event type of the interface specification, grouped as it groups
 * them, plus test.webhook. Subscriptions may name any of these (a module not
 * enabled yet simply emits nothing), and GET /webhooks/events lists them.
 */
export const SPEC_EVENT_GROUPS: ReadonlyArray<{ readonly group: string; readonly names: readonly string[] }> = [
  { group: 'Account', names: ['account.created', 'account.updated', 'account.balance_updated', 'account.frozen', 'account.unfrozen', 'account.closed'] },
  { group: 'Transfer', names: ['transfer.created', 'transfer.pending', 'transfer.completed', 'transfer.failed', 'transfer.reversed', 'transfer.expired'] },
  {
    group: 'Workflow',
    names: ['workflow.started', 'workflow.step_completed', 'workflow.completed', 'workflow.failed', 'workflow.timeout', 'workflow.compensation_executed'],
  },
  {
    group: 'System',
    names: ['system.maintenance_start', 'system.maintenance_end', 'system.rate_limit_warning', 'system.api_key_expiring', 'system.security_alert', 'system.status_change'],
  },
  { group: 'Cross-chain', names: ['bridge.initiated', 'bridge.completed', 'bridge.failed', 'swap.completed'] },
  { group: 'DeFi', names: ['position.opened', 'position.closed', 'position.liquidation_warning', 'yield.harvested'] },
  { group: 'Regulatory', names: ['compliance.report.generated', 'compliance.violation.detected', 'travel_rule.check.completed'] },
  { group: 'Mobile payment', names: ['payment_intent.created', 'payment_intent.completed', 'payment_intent.expired'] },
  { group: 'Partner', names: ['partner.onboarded', 'sdk.generated', 'widget.deployed'] },
  { group: 'Test', names: ['test.webhook'] },
];

export const TEST_EVENT = 'test.webhook';
export const ALL_EVENTS = '*';
