import type { Bind } from 'inversify';
import { Clock, definePlugin, Ids, operation, Random, SecretStore, UnitOfWork, UserDirectory, type PluginContext } from '../../kernel/public.js';
import { Ed25519AttestationSigner } from './adapters/jws/ed25519-signer.js';
import { MemoryCertificateRepository } from './adapters/memory/memory-certificate-repository.js';
import { trustCertMigrations } from './adapters/sql/migrations.js';
import { SqlCertificateRepository } from './adapters/sql/sql-certificate-repository.js';
import { GetCertificateOperation, IssueCertificateOperation, ListCertificatesOperation, RevokeCertificateOperation } from './application/certificates.js';
import { GetKeySetOperation, VerifyCertificateOperation } from './application/verification.js';
import { TrustCertConfig, trustCertConfigSchema } from './config.js';
import { trustCertEvents } from './events.js';
import { trustCertGraphql } from './graphql/trust-cert.js';
import { trustCertRoutes, trustCertRouteTags } from './http.js';
import { GetCertificate, GetKeySet, IssueCertificate, ListCertificates, RevokeCertificate, VerifyCertificate } from './operations.js';
import { AttestationSigner, CertificateRepository } from './ports.js';

/**
 * Trust certificates (docs/trust-cert.md): the service signs, as a JWS with
 * an Ed25519 key held by the SecretStore, that a team verified one of its
 * users to a level; anyone shown one verifies signature, expiry and
 * revocation, or checks it offline against the published key set.
 */
export const trustCertPlugin = definePlugin<TrustCertConfig>({
  name: 'trust-cert',
  version: '0.1.0',
  kernel: '^2.2.0',
  description: 'Signed attestations (JWS, Ed25519) of a user’s verification level: issue, verify, revoke.',
  dependsOn: ['identity'],
  provides: [],
  requires: [UnitOfWork, UserDirectory, Clock, Ids, Random, SecretStore],
  config: trustCertConfigSchema,
  register(bind: Bind, ctx: PluginContext<TrustCertConfig>) {
    bind(TrustCertConfig).toConstantValue(ctx.config);
    bind(AttestationSigner).to(Ed25519AttestationSigner).inSingletonScope();
  },
  operations: [
    operation(IssueCertificate, IssueCertificateOperation),
    operation(GetCertificate, GetCertificateOperation),
    operation(ListCertificates, ListCertificatesOperation),
    operation(RevokeCertificate, RevokeCertificateOperation),
    operation(VerifyCertificate, VerifyCertificateOperation),
    operation(GetKeySet, GetKeySetOperation),
  ],
  persistence: {
    memory: (bind: Bind) => bind(CertificateRepository).to(MemoryCertificateRepository).inSingletonScope(),
    sql: (bind: Bind) => bind(CertificateRepository).to(SqlCertificateRepository),
  },
  migrations: trustCertMigrations,
  routes: trustCertRoutes,
  routeTags: trustCertRouteTags,
  events: trustCertEvents,
  graphql: trustCertGraphql,
});

export default trustCertPlugin;
