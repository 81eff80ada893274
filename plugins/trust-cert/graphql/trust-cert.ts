import { Arg, Ctx, Field, ID, InputType, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { DateTimeScalar, pageArgs, PaginatorInfo, paginatorInfo, type GraphqlContext, type GraphqlContribution } from '../../../kit/graphql.js';
import { GetCertificate, IssueCertificate, ListCertificates, RevokeCertificate, VerifyCertificate, type CertificateView, type IssueCertificateInput, type VerificationView } from '../operations.js';

/** operations.ts's certificateView (test/e2e/graphql-views.test.ts pairs them). */
@ObjectType('Certificate', { description: 'A signed attestation of a user’s verification level.' })
export class CertificateType {
  @Field(() => ID) id!: string;
  @Field(() => ID) user_id!: string;
  @Field(() => String, { description: 'basic, standard or enhanced.' }) verification_level!: string;
  @Field(() => String, { description: 'active, expired or revoked.' }) status!: string;
  @Field(() => String, { description: 'The compact JWS (EdDSA).' }) token!: string;
  @Field(() => DateTimeScalar) issued_at!: string;
  @Field(() => DateTimeScalar) expires_at!: string;
  @Field(() => DateTimeScalar, { nullable: true }) revoked_at!: string | null;
  @Field(() => String, { nullable: true }) revocation_reason!: string | null;
}

/** operations.ts's verificationView. */
@ObjectType('CertificateVerification', { description: 'Whether a presented certificate holds, and what it states.' })
export class CertificateVerificationType {
  @Field(() => Boolean) valid!: boolean;
  @Field(() => String, { nullable: true }) reason!: string | null;
  @Field(() => ID, { nullable: true }) certificate_id!: string | null;
  @Field(() => String, { nullable: true }) user_id!: string | null;
  @Field(() => String, { nullable: true }) name!: string | null;
  @Field(() => String, { nullable: true }) team_id!: string | null;
  @Field(() => String, { nullable: true }) verification_level!: string | null;
  @Field(() => String, { nullable: true }) issuer!: string | null;
  @Field(() => DateTimeScalar, { nullable: true }) issued_at!: string | null;
  @Field(() => DateTimeScalar, { nullable: true }) expires_at!: string | null;
  @Field(() => DateTimeScalar, { nullable: true }) revoked_at!: string | null;
}

@ObjectType('CertificatePage')
export class CertificatePage {
  @Field(() => [CertificateType]) data!: CertificateView[];
  @Field(() => PaginatorInfo) paginatorInfo!: PaginatorInfo;
}

@InputType('IssueCertificateInput')
export class IssueCertificateInputType {
  @Field(() => ID) user_id!: string;
  @Field(() => String) verification_level!: string;
  @Field(() => Int, { nullable: true }) valid_days?: number;
}

const present = (input: object) => Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined && value !== null));

/** The trust-cert domain: the same operations as the REST routes, through the context. */
@Resolver()
export class TrustCertResolver {
  @Query(() => CertificateType, { description: 'One of the team’s certificates.' })
  certificate(@Ctx() ctx: GraphqlContext, @Arg('id', () => ID) id: string): Promise<CertificateView> {
    return ctx.run(GetCertificate, { id });
  }

  @Query(() => CertificatePage, { description: 'The team’s certificates, newest first; of one user with user_id.' })
  async certificates(
    @Ctx() ctx: GraphqlContext,
    @Arg('user_id', () => ID, { nullable: true }) userId?: string,
    @Arg('first', () => Int, { nullable: true }) first?: number,
    @Arg('page', () => Int, { nullable: true }) page?: number,
  ): Promise<CertificatePage> {
    const result = await ctx.run(ListCertificates, { ...pageArgs(first, page), ...(userId ? { user_id: userId } : {}) });
    return { data: [...result.items], paginatorInfo: paginatorInfo(result) };
  }

  @Query(() => CertificateVerificationType, { description: 'Verifies a presented certificate: signature, issuer, validity, revocation.' })
  verifyCertificate(@Ctx() ctx: GraphqlContext, @Arg('token', () => String) token: string): Promise<VerificationView> {
    return ctx.run(VerifyCertificate, { token });
  }

  @Mutation(() => CertificateType, { description: 'Issues a certificate of a user’s verification level (POST /trust-cert/certificates).' })
  issueCertificate(@Ctx() ctx: GraphqlContext, @Arg('input', () => IssueCertificateInputType) input: IssueCertificateInputType): Promise<CertificateView> {
    return ctx.run(IssueCertificate, present({ ...input }) as IssueCertificateInput);
  }

  @Mutation(() => CertificateType, { description: 'Revokes a certificate.' })
  revokeCertificate(@Ctx() ctx: GraphqlContext, @Arg('id', () => ID) id: string, @Arg('reason', () => String, { nullable: true }) reason?: string): Promise<CertificateView> {
    return ctx.run(RevokeCertificate, { id, ...(reason ? { reason } : {}) });
  }
}

export const trustCertGraphql: readonly GraphqlContribution[] = [{ domain: 'trust-cert', resolvers: [TrustCertResolver] }];
