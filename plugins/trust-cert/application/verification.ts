import { inject, injectable } from 'inversify';
import { Clock, FileAnswer, UnitOfWork, type Operation, type RequestContext } from '../../../kernel/public.js';
import type { AttestationClaims, InvalidReason } from '../domain/certificate.js';
import type { VerificationView, VerifyInput } from '../operations.js';
import { AttestationSigner, CertificateRepository } from '../ports.js';

const NOTHING = { certificate_id: null, user_id: null, name: null, team_id: null, verification_level: null, issuer: null, issued_at: null, expires_at: null, revoked_at: null } as const;

function claimed(claims: AttestationClaims, revokedAt: Date | null, reason: InvalidReason | null): VerificationView {
  return {
    valid: reason === null,
    reason,
    certificate_id: claims.certificateId,
    user_id: claims.subject,
    name: claims.subjectName,
    team_id: claims.teamId,
    verification_level: claims.level,
    issuer: claims.issuer,
    issued_at: claims.issuedAt.toISOString(),
    expires_at: claims.expiresAt.toISOString(),
    revoked_at: revokedAt?.toISOString() ?? null,
  };
}

/**
 * POST /trust-cert/verify, verifyCertificate: what a party presented with a
 * certificate asks. Checks the signature against the service's key, the
 * issuer, the validity window on the service's clock, then the stored
 * revocation state. Any team may verify any certificate: the token itself
 * carries its claims; the answer adds only whether it was revoked. A bad
 * token is an answer (valid: false with a reason), never an error.
 */
@injectable()
export class VerifyCertificateOperation implements Operation<VerifyInput, VerificationView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(CertificateRepository) private readonly certificates: CertificateRepository,
    @inject(AttestationSigner) private readonly signer: AttestationSigner,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(input: VerifyInput, _ctx: RequestContext): Promise<VerificationView> {
    const checked = await this.signer.verify(input.token, this.clock.now());
    if (!checked.ok) return { valid: false, reason: checked.reason, ...NOTHING };
    const { claims } = checked;
    const stored = await this.uow.readOnly((tx) => this.certificates.findForVerification(tx, claims.certificateId));
    if (!stored || stored.teamId !== claims.teamId || stored.userId !== claims.subject) return claimed(claims, null, 'unknown_certificate');
    return claimed(claims, stored.revokedAt, stored.revokedAt ? 'revoked' : null);
  }
}

/** GET /trust-cert/jwks.json: the public keys certificates are signed with, as a JWK set (RFC 7517) verifiers can load as they are. */
@injectable()
export class GetKeySetOperation implements Operation<Record<string, never>, FileAnswer> {
  constructor(@inject(AttestationSigner) private readonly signer: AttestationSigner) {}

  async execute(_input: Record<string, never>, _ctx: RequestContext): Promise<FileAnswer> {
    const body = JSON.stringify({ keys: await this.signer.publicKeys() });
    return new FileAnswer('jwks.json', 'application/jwk-set+json', new TextEncoder().encode(body), true);
  }
}
