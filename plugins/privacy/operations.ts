import { z } from 'zod';
import { pageNumber, pageSize, timestamp, token, type FileAnswer, type Operation, type Page } from '../../kernel/public.js';

/** The privacy plugin's operations and the zod schema of every input and view (REST, OpenAPI and GraphQL types). */
export const PrivacyRequestView = z
  .object({
    id: z.uuid(),
    team_id: z.string().describe('The subject’s team.'),
    user_id: z.string().describe('The data subject: a user of team_id.'),
    type: z.enum(['export', 'erasure']),
    status: z.enum(['received', 'completed']).describe('received, then completed in the same unit of work (every module answers at once).'),
    modules: z.array(z.string()).describe('Modules that held data about the user (export) or changed records (erasure).'),
    requested_by_team_id: z.string().describe('The caller’s team: differs from team_id when an operator acted for a team.'),
    created_at: timestamp,
    completed_at: timestamp.nullable(),
    export_available: z.boolean().describe('Whether GET /privacy/requests/{id}/export answers the document (export requests, until the user is erased).'),
  })
  .strict()
  .meta({
    id: 'PrivacyRequest',
    example: {
      id: '6e2b1c0a-9d8f-4e7a-8b6c-5d4e3f2a1b0c',
      team_id: '3f2a7c1e-5b8d-4e9f-a6c2-1d4b7e9f0a35',
      user_id: '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
      type: 'export',
      status: 'completed',
      modules: ['identity'],
      requested_by_team_id: '3f2a7c1e-5b8d-4e9f-a6c2-1d4b7e9f0a35',
      created_at: '2026-01-15T10:00:00.000Z',
      completed_at: '2026-01-15T10:00:00.000Z',
      export_available: true,
    },
  });
export type PrivacyRequestView = z.infer<typeof PrivacyRequestView>;

export const CreatePrivacyRequestInput = z
  .object({
    user_id: z.uuid().describe('A user of the caller’s team (of team_id for an operator).'),
    type: z.enum(['export', 'erasure']),
    team_id: z.uuid().optional().describe('Operator key only: the subject’s team (default: the caller’s).'),
  })
  .strict()
  .meta({ id: 'CreatePrivacyRequestInput', example: { user_id: '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', type: 'export' } });
export type CreatePrivacyRequestInput = z.infer<typeof CreatePrivacyRequestInput>;

export const IdParams = z.object({ id: z.uuid().describe('A privacy request id') });
export type IdInput = z.infer<typeof IdParams>;
export const PageQuery = z.object({ page: pageNumber().default(1), per_page: pageSize().default(20) });
export type PageInput = z.infer<typeof PageQuery>;

export const CreatePrivacyRequest = token<Operation<CreatePrivacyRequestInput, PrivacyRequestView>>('privacy.create-request');
export const GetPrivacyRequest = token<Operation<IdInput, PrivacyRequestView>>('privacy.get-request');
export const ListPrivacyRequests = token<Operation<PageInput, Page<PrivacyRequestView>>>('privacy.list-requests');
export const GetPrivacyExport = token<Operation<IdInput, FileAnswer>>('privacy.get-export');
