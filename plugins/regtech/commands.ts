import { command, type CommandDeclaration } from '../../kernel/public.js';
import { ClearReview, ListPendingReviews, ListSanctionsLists, LoadSanctionsListFileInput, LoadSanctionsListFile, RejectReview, ReviewDecisionInput } from './operations.js';
import { z } from 'zod';

/**
 * npm run bank -- regtech load-list --source un_sc --file consolidated.xml
 * npm run bank -- regtech load-list --source ofac_sdn --file ./sdn/        (the folder with sdn.csv, alt.csv, add.csv)
 * npm run bank -- regtech lists
 * npm run bank -- regtech reviews                                          (transactions waiting in pending_review)
 * npm run bank -- regtech clear-review --id <review_id> --note "why"      (or reject-review)
 */
export const regtechCommands: readonly CommandDeclaration[] = [
  command({ name: 'regtech load-list', summary: "Replace a source's sanctions list with a file's (atomically; a bad file changes nothing)", options: LoadSanctionsListFileInput, operation: LoadSanctionsListFile, scope: 'operator' }),
  command({ name: 'regtech reviews', summary: 'Transactions monitoring put in pending_review, every team, oldest first', options: z.strictObject({}), operation: ListPendingReviews, scope: 'operator' }),
  command({ name: 'regtech clear-review', summary: 'Clear a transaction in pending_review, with a note', options: ReviewDecisionInput, operation: ClearReview, scope: 'operator' }),
  command({ name: 'regtech reject-review', summary: 'Reject a transaction in pending_review, with a note', options: ReviewDecisionInput, operation: RejectReview, scope: 'operator' }),
  command({ name: 'regtech lists', summary: 'The loaded sanctions lists: version, entries, age', options: z.strictObject({}), operation: ListSanctionsLists, scope: 'operator' }),
];
