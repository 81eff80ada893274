import { z } from 'zod';
import { command, pageNumber, pageSize, type CommandDeclaration } from '../../kernel/public.js';
import { PERMISSIONS } from './domain/permissions.js';
import { CreateApiKey, CreateUser, ListApiKeys, RevokeApiKey } from './operations.js';

/** `--permissions read,write` and `--ip-allowlist 10.0.0.0/8,::1`: comma lists (a repeated flag's array works too). */
const commaList = z.preprocess(
  (value) =>
    typeof value === 'string'
      ? value
          .split(',')
          .map((item) => item.trim())
          .filter((item) => item.length > 0)
      : value,
  z.array(z.string()),
);

export const identityCommands: readonly CommandDeclaration[] = [
  command({
    name: 'users create',
    summary: "Create a user in a new team and print the user's first API key (shown once)",
    scope: 'operator',
    options: z.object({
      name: z.string().trim().min(1),
      email: z.email(),
      team_name: z.string().trim().min(1).optional(),
    }),
    operation: CreateUser,
  }),
  command({
    name: 'keys create',
    summary: 'Create an API key for a member of the team (shown once)',
    scope: 'team',
    options: z.object({
      user_id: z.string().min(1).describe('The member of the team the key is for'),
      name: z.string().trim().min(1).optional(),
      permissions: commaList.pipe(z.array(z.enum(PERMISSIONS)).min(1)).optional().describe(`Comma list of ${PERMISSIONS.join(', ')}`),
      ip_allowlist: commaList.optional().describe('Comma list of addresses or CIDR ranges the key may be used from'),
      expires_at: z.iso.datetime({ offset: true }).optional().describe('ISO 8601 date-time, e.g. 2027-01-01T00:00:00Z'),
    }),
    operation: CreateApiKey,
  }),
  command({
    name: 'keys list',
    summary: "List the team's API keys (never the secrets)",
    scope: 'team',
    options: z.object({
      page: pageNumber().default(1),
      per_page: pageSize().default(20),
    }),
    operation: ListApiKeys,
  }),
  command({
    name: 'keys revoke',
    summary: 'Revoke an API key of the team',
    scope: 'team',
    options: z.object({ id: z.string().min(1).describe('The key id (keys list shows it)') }),
    operation: RevokeApiKey,
  }),
];
