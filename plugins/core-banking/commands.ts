import { z } from 'zod';
import { command, type CommandDeclaration } from '../../kernel/contract/command.js';
import { ListAccounts } from './operations.js';

/** `npm run bank -- accounts list --team <team id> [--page n] [--per-page n]` */
export const coreBankingCommands: readonly CommandDeclaration[] = [
  command({
    name: 'accounts list',
    summary: "List a team's accounts",
    options: z.strictObject({
      page: z.coerce.number().int().min(1).optional(),
      per_page: z.coerce.number().int().min(1).max(100).optional(),
    }),
    operation: ListAccounts,
    scope: 'team',
  }),
];
