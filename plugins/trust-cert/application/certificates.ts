import { inject, injectable } from 'inversify';
import { Clock, Ids, listPage, NotFoundError, pageRequest, UnitOfWork, UserDirectory, type Operation, type Page, type RequestContext } from '../../../kernel/public.js';
import { TrustCertConfig } from '../config.js';
import { expiryOf, requireRevocable, type CertificateRecord } from '../domain/certificate.js';
import { CertificateIssued, CertificateRevoked } from '../events.js';
import type { CertificateView, IdInput, IssueCertificateInput, ListInput, RevokeInput } from '../operations.js';
import { AttestationSigner, CertificateRepository } from '../ports.js';
import { certificateView } from './views.js';

/**
 * POST /trust-cert/certificates, issueCertificate: signs the team's
 * statement that one of its users is verified to a level (404 for a user
 * of another team) and stores it, with its event, in one unit of work.
 */
@injectable()
export class IssueCertificateOperation implements Operation<IssueCertificateInput, CertificateView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(CertificateRepository) private readonly certificates: CertificateRepository,
    @inject(UserDirectory) private readonly users: UserDirectory,
    @inject(AttestationSigner) private readonly signer: AttestationSigner,
    @inject(TrustCertConfig) private readonly config: TrustCertConfig,
    @inject(Clock) private readonly clock: Clock,
    @inject(Ids) private readonly ids: Ids,
  ) {}

  execute(input: IssueCertificateInput, ctx: RequestContext): Promise<CertificateView> {
    const teamId = ctx.actor.teamId;
    // JWT times are whole seconds: the record keeps the same instants as the token.
    const issuedAt = new Date(Math.floor(this.clock.now().getTime() / 1000) * 1000);
    const expiresAt = expiryOf(issuedAt, input.valid_days ?? this.config.default_valid_days);
    return this.uow.run(async (tx) => {
      const user = await this.users.findById(tx, teamId, input.user_id);
      if (!user) throw new NotFoundError('user', input.user_id, { pointer: '/user_id' });
      const id = this.ids.uuid();
      const token = await this.signer.sign({ issuer: this.config.issuer, certificateId: id, subject: user.id, subjectName: user.name, teamId, level: input.verification_level, issuedAt, expiresAt });
      const certificate: CertificateRecord = { id, teamId, userId: user.id, level: input.verification_level, token, issuedAt, expiresAt, revokedAt: null, revocationReason: null };
      await this.certificates.insert(tx, certificate);
      const view = certificateView(certificate, issuedAt);
      await tx.append([{ type: CertificateIssued.name, teamId, aggregateType: 'trust_certificate', aggregateId: id, payload: view }]);
      return view;
    });
  }
}

/** GET /trust-cert/certificates/{id}, certificate(id): 404 for another team's. */
@injectable()
export class GetCertificateOperation implements Operation<IdInput, CertificateView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(CertificateRepository) private readonly certificates: CertificateRepository,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  execute(input: IdInput, ctx: RequestContext): Promise<CertificateView> {
    return this.uow.readOnly(async (tx) => {
      const certificate = await this.certificates.find(tx, ctx.actor.teamId, input.id);
      if (!certificate) throw new NotFoundError('certificate', input.id, { parameter: 'id' });
      return certificateView(certificate, this.clock.now());
    });
  }
}

/** GET /trust-cert/certificates, certificates: newest first, of one user with user_id. */
@injectable()
export class ListCertificatesOperation implements Operation<ListInput, Page<CertificateView>> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(CertificateRepository) private readonly certificates: CertificateRepository,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  execute(input: ListInput, ctx: RequestContext): Promise<Page<CertificateView>> {
    const now = this.clock.now();
    return listPage(
      this.uow,
      pageRequest(input.page, input.per_page),
      (one: CertificateRecord) => certificateView(one, now),
      (tx, page) => this.certificates.list(tx, ctx.actor.teamId, page, input.user_id),
    );
  }
}

/** POST /trust-cert/certificates/{id}/revoke, revokeCertificate: 404 for another team's, 409 certificate_revoked. */
@injectable()
export class RevokeCertificateOperation implements Operation<RevokeInput, CertificateView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(CertificateRepository) private readonly certificates: CertificateRepository,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  execute(input: RevokeInput, ctx: RequestContext): Promise<CertificateView> {
    const teamId = ctx.actor.teamId;
    return this.uow.run(async (tx) => {
      const now = this.clock.now();
      const revoked = await this.certificates.revoke(tx, teamId, input.id, now, input.reason ?? null);
      if (!revoked) {
        const known = await this.certificates.find(tx, teamId, input.id);
        if (!known) throw new NotFoundError('certificate', input.id, { parameter: 'id' });
        requireRevocable(known);
      }
      const view = certificateView(revoked!, now);
      await tx.append([{ type: CertificateRevoked.name, teamId, aggregateType: 'trust_certificate', aggregateId: input.id, payload: view }]);
      return view;
    });
  }
}
