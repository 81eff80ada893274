import { z } from 'zod';
import { eventType } from '../contract/event.js';

const payload = z.object({
  workflow_id: z.string(),
  workflow: z.string(),
  step: z.string().nullable(),
  status: z.string(),
  error: z.string().nullable(),
});
export type WorkflowEventPayload = z.infer<typeof payload>;

const common = { version: 1, group: 'Workflow', payload, webhook: true } as const;

/** The kernel's workflow events, emitted for runs started with emitEvents. */
export const workflowEvents = [
  eventType({ ...common, name: 'workflow.started', description: 'A workflow run was started.', emittedBy: 'any operation that starts a workflow with events (POST /transfers with workflow_enabled)' }),
  eventType({ ...common, name: 'workflow.step_completed', description: 'A workflow step committed.', emittedBy: 'workflow runner' }),
  eventType({ ...common, name: 'workflow.completed', description: 'Every step of the workflow committed.', emittedBy: 'workflow runner' }),
  eventType({ ...common, name: 'workflow.failed', description: 'A step failed for good; completed steps were compensated.', emittedBy: 'workflow runner' }),
  eventType({ ...common, name: 'workflow.timeout', description: 'The run passed its deadline; completed steps were compensated.', emittedBy: 'workflow runner' }),
  eventType({ ...common, name: 'workflow.compensation_executed', description: 'One completed step was compensated (a real reversing movement).', emittedBy: 'workflow runner' }),
];
