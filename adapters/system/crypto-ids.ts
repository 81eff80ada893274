import { randomUUID } from 'node:crypto';
import type { Ids } from '../../ports/ids.js';

export class CryptoIds implements Ids {
  uuid(): string {
    return randomUUID();
  }
}
