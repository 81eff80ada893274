import { randomUUID } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SecretStore } from '../../ports/secret-store.js';

const NAME = /^[a-z0-9][a-z0-9-]{0,62}$/;

function checkName(name: string): void {
  if (!NAME.test(name)) throw new Error(`secret names are lower case letters, digits and dashes: ${JSON.stringify(name)}`);
}

/**
 * Secrets as hex files in one directory (mode 0700, files 0600). A new
 * secret is written whole to a temporary file and published with link(),
 * which fails if the name exists: when two processes race, the second
 * reads what the first published, never a half-written file.
 */
export class FileSecretStore implements SecretStore {
  constructor(private readonly dir: string) {}

  async obtain(name: string, create: () => Uint8Array): Promise<Uint8Array> {
    checkName(name);
    const path = join(this.dir, name);
    const existing = await this.#read(path);
    if (existing) return existing;
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const draft = join(this.dir, `.${name}.${randomUUID()}`);
    await writeFile(draft, Buffer.from(create()).toString('hex') + '\n', { mode: 0o600, flag: 'wx' });
    try {
      await link(draft, path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      await unlink(draft);
    }
    const written = await this.#read(path);
    if (!written) throw new Error(`the secret file ${path} is empty`);
    return written;
  }

  async #read(path: string): Promise<Uint8Array | undefined> {
    let text: string;
    try {
      text = (await readFile(path, 'utf8')).trim();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    if (!/^([0-9a-f]{2})+$/.test(text)) throw new Error(`the secret file ${path} is not hex`);
    return Uint8Array.from(Buffer.from(text, 'hex'));
  }
}

/** Secrets of a store that keeps nothing across restarts: they die with the process. */
export class MemorySecretStore implements SecretStore {
  readonly #secrets = new Map<string, Uint8Array>();

  async obtain(name: string, create: () => Uint8Array): Promise<Uint8Array> {
    checkName(name);
    let secret = this.#secrets.get(name);
    if (!secret) {
      secret = create();
      this.#secrets.set(name, secret);
    }
    return secret;
  }
}
