import { command, type CommandDeclaration } from '../../kernel/public.js';
import { ListSanctionsLists, LoadSanctionsListFileInput, LoadSanctionsListFile } from './operations.js';
import { z } from 'zod';

/**
 * npm run bank -- regtech load-list --source un_sc --file consolidated.xml
 * npm run bank -- regtech load-list --source ofac_sdn --file ./sdn/        (the folder with sdn.csv, alt.csv, add.csv)
 * npm run bank -- regtech lists
 */
export const regtechCommands: readonly CommandDeclaration[] = [
  command({ name: 'regtech load-list', summary: "Replace a source's sanctions list with a file's (atomically; a bad file changes nothing)", options: LoadSanctionsListFileInput, operation: LoadSanctionsListFile, scope: 'operator' }),
  command({ name: 'regtech lists', summary: 'The loaded sanctions lists: version, entries, age', options: z.strictObject({}), operation: ListSanctionsLists, scope: 'operator' }),
];
