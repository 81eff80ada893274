import { inject, injectable } from 'inversify';
import { Clock, type Operation } from '../../../kernel/public.js';
import { SOURCE_FORMAT } from '../domain/sanctions-list.js';
import type { LoadSanctionsListFileInput, SanctionsListView } from '../operations.js';
import { ListFiles } from '../ports.js';
import { parseListContent } from './list-parsing.js';
import { SanctionsListLoader } from './sanctions-list-loader.js';
import { sanctionsListView } from './views.js';

/**
 * `regtech load-list --source … --file …` (CLI, operator): the admin route's
 * load from a file path, with no request body limit, for the real lists
 * (OFAC's sdn.csv is about 5 MB, the EU's XML about 20 MB).
 */
@injectable()
export class LoadSanctionsListFileOperation implements Operation<LoadSanctionsListFileInput, SanctionsListView> {
  constructor(
    @inject(ListFiles) private readonly files: ListFiles,
    @inject(SanctionsListLoader) private readonly loader: SanctionsListLoader,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(input: LoadSanctionsListFileInput): Promise<SanctionsListView> {
    const content = input.source === 'ofac_sdn' ? await this.files.readOfac(input.file) : await this.files.readText(input.file);
    const version = await this.loader.load(parseListContent(input.source, SOURCE_FORMAT[input.source], content));
    return sanctionsListView(version, this.clock.now());
  }
}
