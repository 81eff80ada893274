import { createCipheriv, createDecipheriv } from 'node:crypto';
import { inject, injectable } from 'inversify';
import { Random, SecretStore } from '../../../kernel/public.js';

/** Named in the SecretStore: the AES-256 key card numbers are encrypted under, kept outside the database. */
export const PAN_KEY = 'card-issuance-pan-key';

/**
 * Card numbers at rest: AES-256-GCM under a key from the SecretStore, so a
 * database dump holds no usable PAN. Sealed text is base64 of
 * iv (12 bytes) | tag (16 bytes) | ciphertext.
 */
@injectable()
export class PanVault {
  #key: Promise<Uint8Array> | undefined;

  constructor(
    @inject(SecretStore) private readonly secrets: SecretStore,
    @inject(Random) private readonly random: Random,
  ) {}

  async seal(pan: string): Promise<string> {
    const iv = this.random.bytes(12);
    const cipher = createCipheriv('aes-256-gcm', await this.#obtain(), iv);
    const body = Buffer.concat([cipher.update(pan, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
  }

  /** The PAN; throws when the text was not sealed under this key (or was altered). */
  async open(sealed: string): Promise<string> {
    const bytes = Buffer.from(sealed, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', await this.#obtain(), bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  }

  #obtain(): Promise<Uint8Array> {
    this.#key ??= this.secrets.obtain(PAN_KEY, () => this.random.bytes(32));
    return this.#key;
  }
}
