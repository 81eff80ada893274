import type { Bind } from 'inversify';
import { AssetCatalog, BankingRecords, Clock, definePlugin, Ids, LedgerJournal, operation, TransactionHistory, UnitOfWork, type PluginContext } from '../../kernel/public.js';
import { MemoryMessageRepository } from './adapters/memory/memory-message-repository.js';
import { iso20022Migrations } from './adapters/sql/migrations.js';
import { SqlMessageRepository } from './adapters/sql/sql-message-repository.js';
import { ExportCamt053Operation } from './application/export-statement.js';
import { ExportPacs008Operation } from './application/export-transfer.js';
import { GetMessageDocumentOperation, GetMessageOperation, ListMessagesOperation } from './application/messages.js';
import { ValidateDocumentOperation } from './application/validate.js';
import { Iso20022Config, iso20022ConfigSchema } from './config.js';
import { iso20022Events } from './events.js';
import { iso20022Graphql } from './graphql/iso20022.js';
import { iso20022Routes, iso20022RouteTags } from './http.js';
import { ExportCamt053, ExportPacs008, GetMessage, GetMessageDocument, ListMessages, ValidateDocument } from './operations.js';
import { MessageRepository } from './ports.js';

/**
 * ISO 20022 (docs/iso20022.md): the team's settled transfers as pacs.008 and
 * account statements as camt.053, read through core banking's ports and
 * issued once (message ids stored), and the validation of uploaded
 * documents. It moves no money and writes nothing of other modules.
 */
export const iso20022Plugin = definePlugin({
  name: 'iso20022',
  version: '0.1.0',
  kernel: '^2.3.0',
  description: 'ISO 20022 messages: transfers as pacs.008, statements as camt.053, validation of uploaded documents.',
  dependsOn: ['core-banking'],
  provides: [],
  requires: [UnitOfWork, BankingRecords, TransactionHistory, LedgerJournal, AssetCatalog, Clock, Ids],
  config: iso20022ConfigSchema,
  register(bind: Bind, ctx: PluginContext<Iso20022Config>) {
    bind(Iso20022Config).toConstantValue(ctx.config);
  },
  operations: [
    operation(ExportPacs008, ExportPacs008Operation),
    operation(ExportCamt053, ExportCamt053Operation),
    operation(GetMessage, GetMessageOperation),
    operation(GetMessageDocument, GetMessageDocumentOperation),
    operation(ListMessages, ListMessagesOperation),
    operation(ValidateDocument, ValidateDocumentOperation),
  ],
  persistence: {
    memory: (bind: Bind) => bind(MessageRepository).to(MemoryMessageRepository).inSingletonScope(),
    sql: (bind: Bind) => bind(MessageRepository).to(SqlMessageRepository),
  },
  migrations: iso20022Migrations,
  routes: iso20022Routes,
  routeTags: iso20022RouteTags,
  events: iso20022Events,
  graphql: iso20022Graphql,
});

export default iso20022Plugin;
