import { injectable } from 'inversify';
import { pageOffset, type PageRequest, type Slice, type Tx } from '../../../../kernel/public.js';
import { putUndoable } from '../../../../kit/memory.js';
import type { CertificateRecord } from '../../domain/certificate.js';
import type { CertificateRepository } from '../../ports.js';

/** Certificates in a Map in insertion order; every write is undone if its unit of work rolls back. */
@injectable()
export class MemoryCertificateRepository implements CertificateRepository {
  readonly #certificates = new Map<string, CertificateRecord>();

  async insert(tx: Tx, certificate: CertificateRecord): Promise<void> {
    putUndoable(tx, this.#certificates, certificate.id, certificate);
  }

  async find(_tx: Tx, teamId: string, id: string): Promise<CertificateRecord | undefined> {
    const found = this.#certificates.get(id);
    return found?.teamId === teamId ? found : undefined;
  }

  async findForVerification(_tx: Tx, id: string): Promise<CertificateRecord | undefined> {
    return this.#certificates.get(id);
  }

  async list(_tx: Tx, teamId: string, page: PageRequest, userId?: string): Promise<Slice<CertificateRecord>> {
    const rows = [...this.#certificates.values()].filter((one) => one.teamId === teamId && (userId === undefined || one.userId === userId)).reverse();
    const start = pageOffset(page);
    return { items: rows.slice(start, start + page.perPage), total: rows.length };
  }

  async revoke(tx: Tx, teamId: string, id: string, at: Date, reason: string | null): Promise<CertificateRecord | undefined> {
    const found = await this.find(tx, teamId, id);
    if (!found || found.revokedAt) return undefined;
    const revoked: CertificateRecord = { ...found, revokedAt: at, revocationReason: reason };
    putUndoable(tx, this.#certificates, id, revoked);
    return revoked;
  }
}
