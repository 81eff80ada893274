import { readFile, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { injectable } from 'inversify';
import { ValidationError } from '../../../../kernel/public.js';
import type { ListFiles } from '../../ports.js';

/**
 * List files from the local file system, for the CLI. OFAC's three files are
 * read from the folder given, or from beside the sdn.csv given, by the names
 * the Treasury publishes them under (either case: SDN.CSV or sdn.csv).
 */
@injectable()
export class NodeListFiles implements ListFiles {
  async readText(path: string): Promise<string> {
    try {
      return await readFile(path, 'utf8');
    } catch (error) {
      throw ValidationError.field('/file', `cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    }
  }

  async readOfac(path: string): Promise<{ sdn: string; alt: string; add: string }> {
    const folder = (await isFolder(path)) ? path : dirname(path);
    const sdnPath = folder === path ? join(folder, 'sdn.csv') : path;
    const beside = async (name: string) => {
      for (const candidate of [name, name.toUpperCase()]) {
        const full = join(folder, candidate);
        if (await exists(full)) return this.readText(full);
      }
      throw ValidationError.field('/file', `${name} is not in ${folder} (OFAC's list is sdn.csv, alt.csv and add.csv side by side)`);
    };
    return {
      sdn: folder === path ? await beside(basename(sdnPath)) : await this.readText(sdnPath),
      alt: await beside('alt.csv'),
      add: await beside('add.csv'),
    };
  }
}

async function isFolder(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}
