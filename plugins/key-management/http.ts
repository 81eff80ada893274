import { z } from 'zod';
import { route, type RouteDeclaration, type RouteTag } from '../../kernel/public.js';
import {
  CreateRecoveryKey,
  createRecoveryKeyInput,
  GetRecoveryKey,
  idInput,
  ListReconstructions,
  ListRecoveryKeys,
  listInput,
  ReconstructKey,
  reconstructedView,
  reconstructionView,
  recoveryKeyView,
  sharesBody,
  splitKeyView,
  VerifyShares,
} from './operations.js';

export const keyManagementRouteTags: readonly RouteTag[] = [
  { name: 'Key management', description: 'Recovery keys split into Shamir shares, verification and reconstruction from a threshold of them, and the log of every attempt ([key-management.md](key-management.md)).' },
];
const tags = ['Key management'];
const v2 = ['v2'] as const;

export const keyManagementRoutes: readonly RouteDeclaration[] = [
  route({
    method: 'POST',
    path: '/key-management/recovery-keys',
    prefixes: v2,
    access: 'write',
    body: createRecoveryKeyInput,
    response: splitKeyView,
    responseHasSecret: true,
    status: 201,
    operation: CreateRecoveryKey,
    summary: 'Make a recovery key and split it into shares',
    description: 'A 32-byte key split into `shares` (2–255), any `threshold` of which rebuild it. Key and shares are answered this once; the service keeps only the key’s fingerprint.',
    tags,
  }),
  route({ method: 'GET', path: '/key-management/recovery-keys', prefixes: v2, access: 'read', query: listInput, response: z.array(recoveryKeyView), operation: ListRecoveryKeys, summary: 'List the team’s recovery keys', description: 'Newest first, paginated by page and per_page.', tags }),
  route({ method: 'GET', path: '/key-management/recovery-keys/:id', prefixes: v2, access: 'read', params: idInput, response: recoveryKeyView, operation: GetRecoveryKey, summary: 'Get a recovery key', description: '404 for another team’s or an unknown key.', tags }),
  route({
    method: 'POST',
    path: '/key-management/recovery-keys/:id/verify',
    prefixes: v2,
    access: 'write',
    params: idInput,
    body: sharesBody,
    response: reconstructionView,
    operation: VerifyShares,
    summary: 'Check that shares rebuild a recovery key',
    description: 'Answers `matches` without revealing the key, and records the attempt. Malformed or duplicate shares are a 422 that records nothing.',
    tags,
  }),
  route({
    method: 'POST',
    path: '/key-management/recovery-keys/:id/reconstruct',
    prefixes: v2,
    access: 'write',
    params: idInput,
    body: sharesBody,
    response: reconstructedView,
    responseHasSecret: true,
    operation: ReconstructKey,
    summary: 'Rebuild a recovery key from a threshold of shares',
    description: 'The key (base64url) when the shares rebuild the one fingerprinted, else `matches: false` and `key: null`; every attempt is recorded.',
    tags,
  }),
  route({
    method: 'GET',
    path: '/key-management/recovery-keys/:id/reconstructions',
    prefixes: v2,
    access: 'read',
    params: idInput,
    query: listInput,
    response: z.array(reconstructionView),
    operation: ListReconstructions,
    summary: 'The log of a recovery key’s verifications and reconstructions',
    description: 'Newest first; 404 for another team’s key.',
    tags,
  }),
];
