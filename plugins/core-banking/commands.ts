import { z } from 'zod';
import { command, pageNumber, pageSize, type CommandDeclaration } from '../../kernel/public.js';
import { AuditLedger, ListAccounts } from './operations.js';

/** `npm run bank -- accounts list --team <team id> [--page n] [--per-page n]`, `npm run bank -- ledger audit` */
export const coreBankingCommands: readonly CommandDeclaration[] = [
  command({
    name: 'accounts list',
    summary: "List a team's accounts",
    options: z.strictObject({
      page: pageNumber().optional(),
      per_page: pageSize().optional(),
    }),
    operation: ListAccounts,
    scope: 'team',
  }),
  command({
    name: 'ledger audit',
    summary: "Check the ledger's invariants over every team (exit 0 either way; see ok and problems)",
    options: z.strictObject({}),
    operation: AuditLedger,
    scope: 'operator',
  }),
];
