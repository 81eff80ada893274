import { z } from 'zod';
import { command, type CommandDeclaration } from '../../kernel/contract/command.js';
import { wholeNumber } from '../../kernel/contract/query.js';
import { ListAccounts } from './operations.js';

/** `npm run bank -- accounts list --team <team id> [--page n] [--per-page n]` */
export const coreBankingCommands: readonly CommandDeclaration[] = [
  command({
    name: 'accounts list',
    summary: "List a team's accounts",
    options: z.strictObject({
      page: wholeNumber(1, 1_000_000).optional(),
      per_page: wholeNumber(1, 100).optional(),
    }),
    operation: ListAccounts,
    scope: 'team',
  }),
];
