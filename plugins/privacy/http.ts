import { z } from 'zod';
import { route, type RouteDeclaration, type RouteTag } from '../../kernel/public.js';
import { CreatePrivacyRequest, CreatePrivacyRequestInput, GetPrivacyExport, GetPrivacyRequest, IdParams, ListPrivacyRequests, PageQuery, PrivacyRequestView } from './operations.js';

export const privacyRouteTags: readonly RouteTag[] = [
  { name: 'Privacy', description: 'GDPR data-subject requests for a user of the team: an export of their personal data, or an erasure that pseudonymises it (money is never touched).' },
];
const tags = privacyRouteTags.map(({ name }) => name);
const v2 = ['v2'] as const;

export const privacyRoutes: readonly RouteDeclaration[] = [
  route({
    method: 'POST',
    path: '/privacy/requests',
    prefixes: v2,
    access: 'write',
    body: CreatePrivacyRequestInput,
    response: PrivacyRequestView,
    status: 201,
    operation: CreatePrivacyRequest,
    operationId: 'createPrivacyRequest',
    summary: 'File a data-subject request (export or erasure)',
    description:
      'For a user of the caller’s team (an operator key may name another team in team_id; 403 operator_only otherwise). Completed at once: an export collects every module’s section into a JSON document (GET …/export); an erasure replaces the user’s names, emails and free text with an alias in every module and deletes earlier export documents, leaving balances and ledger movements intact. 404 for an unknown user or another team’s.',
    tags,
  }),
  route({
    method: 'GET',
    path: '/privacy/requests',
    prefixes: v2,
    access: 'read',
    query: PageQuery,
    response: z.array(PrivacyRequestView),
    operation: ListPrivacyRequests,
    operationId: 'listPrivacyRequests',
    summary: 'The team’s data-subject requests, newest first',
    description: 'Paginated by page and per_page; an operator key sees every team’s.',
    tags,
  }),
  route({
    method: 'GET',
    path: '/privacy/requests/:id',
    prefixes: v2,
    access: 'read',
    params: IdParams,
    response: PrivacyRequestView,
    operation: GetPrivacyRequest,
    operationId: 'getPrivacyRequest',
    summary: 'A data-subject request',
    description: '404 for an unknown id or another team’s request.',
    tags,
  }),
  route({
    method: 'GET',
    path: '/privacy/requests/:id/export',
    prefixes: v2,
    access: 'read',
    params: IdParams,
    produces: ['application/json'],
    operation: GetPrivacyExport,
    operationId: 'getPrivacyExport',
    summary: 'An export request’s document (a JSON file)',
    description: 'The user’s personal data, one section per module, as a download. 409 not_an_export for an erasure, 409 export_erased once the user was erased; 404 for an unknown id or another team’s.',
    tags,
  }),
];
