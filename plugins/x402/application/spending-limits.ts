import { inject, injectable } from 'inversify';
import { Clock, NotFoundError, UnitOfWork, type Operation, type RequestContext, type Tx } from '../../../kernel/public.js';
import { agentKeyOf, agentSubject, centsToUsd, periodsOf, TEAM_SUBJECT, usdToCents, type SpendingLimit } from '../domain/spending.js';
import { AgentRemoved, AgentUpdated, SpendingLimitsSet } from '../events.js';
import type { AgentKeyInput, AgentView, PutAgentInput, SetLimitsInput, SpendingLimitsView, TeamLimitsView } from '../operations.js';
import { SpendingRepository } from '../ports.js';

const cents = (usd: string | null) => (usd === null ? null : usdToCents(usd));

/** The views of limits, with what was spent in the windows that contain `now`. */
@injectable()
export class SpendingViews {
  constructor(@inject(SpendingRepository) private readonly spending: SpendingRepository) {}

  async all(tx: Tx, teamId: string, now: Date): Promise<SpendingLimitsView> {
    const limits = await this.spending.list(tx, teamId);
    const team = limits.find((one) => one.subject === TEAM_SUBJECT);
    const agents = limits.filter((one) => one.subject !== TEAM_SUBJECT);
    return {
      configured: team !== undefined,
      team: team ? await this.team(tx, team, now) : { daily_usd: '0.00', monthly_usd: '0.00', per_request_usd: '0.00', ...(await this.spent(tx, teamId, TEAM_SUBJECT, now)), updated_at: null },
      agents: await Promise.all(agents.map((one) => this.agent(tx, one, now))),
    };
  }

  async team(tx: Tx, limit: SpendingLimit, now: Date): Promise<TeamLimitsView> {
    return { ...limitsOf(limit), ...(await this.spent(tx, limit.teamId, limit.subject, now)), updated_at: limit.updatedAt.toISOString() };
  }

  async agent(tx: Tx, limit: SpendingLimit, now: Date): Promise<AgentView> {
    return {
      api_key_id: agentKeyOf(limit.subject),
      name: limit.name,
      ...limitsOf(limit),
      ...(await this.spent(tx, limit.teamId, limit.subject, now)),
      created_at: limit.createdAt.toISOString(),
      updated_at: limit.updatedAt.toISOString(),
    };
  }

  private async spent(tx: Tx, teamId: string, subject: string, now: Date) {
    const { day, month } = periodsOf(now);
    return { spent_today_usd: centsToUsd(await this.spending.spent(tx, teamId, subject, day))!, spent_this_month_usd: centsToUsd(await this.spending.spent(tx, teamId, subject, month))! };
  }
}

function limitsOf(limit: SpendingLimit) {
  return { daily_usd: centsToUsd(limit.dailyCents), monthly_usd: centsToUsd(limit.monthlyCents), per_request_usd: centsToUsd(limit.perRequestCents) };
}

/** GET /x402/spending-limits: the team's limits and its agents', with what was spent today and this month. */
@injectable()
export class GetSpendingLimitsOperation implements Operation<Record<string, never>, SpendingLimitsView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(SpendingViews) private readonly views: SpendingViews,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  execute(_input: Record<string, never>, ctx: RequestContext): Promise<SpendingLimitsView> {
    return this.uow.readOnly((tx) => this.views.all(tx, ctx.actor.teamId, this.clock.now()));
  }
}

/** PUT /x402/spending-limits: replaces the team's limits (a field left out is no cap). */
@injectable()
export class SetSpendingLimitsOperation implements Operation<SetLimitsInput, SpendingLimitsView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(SpendingRepository) private readonly spending: SpendingRepository,
    @inject(SpendingViews) private readonly views: SpendingViews,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  execute(input: SetLimitsInput, ctx: RequestContext): Promise<SpendingLimitsView> {
    const teamId = ctx.actor.teamId;
    return this.uow.run(async (tx) => {
      const now = this.clock.now();
      const found = await this.spending.find(tx, teamId, TEAM_SUBJECT);
      const limit: SpendingLimit = {
        teamId,
        subject: TEAM_SUBJECT,
        name: '',
        dailyCents: cents(input.daily_usd),
        monthlyCents: cents(input.monthly_usd),
        perRequestCents: cents(input.per_request_usd),
        createdAt: found?.createdAt ?? now,
        updatedAt: now,
      };
      await this.spending.put(tx, limit);
      const view = await this.views.team(tx, limit, now);
      await tx.append([{ type: SpendingLimitsSet.name, teamId, aggregateType: 'x402_spending_limits', aggregateId: teamId, payload: view }]);
      return this.views.all(tx, teamId, now);
    });
  }
}

/**
 * PUT /x402/agents/{api_key_id}: marks an API key (or a mobile session, by
 * its id) of the team as an agent with its own limits; its POST /x402/pay
 * calls count against them and the team's. The registry is x402's own, so
 * identity is unchanged; a key of another team registered here limits
 * nothing, since a call is matched by the caller's team and key together.
 */
@injectable()
export class PutAgentOperation implements Operation<PutAgentInput, AgentView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(SpendingRepository) private readonly spending: SpendingRepository,
    @inject(SpendingViews) private readonly views: SpendingViews,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  execute(input: PutAgentInput, ctx: RequestContext): Promise<AgentView> {
    const teamId = ctx.actor.teamId;
    return this.uow.run(async (tx) => {
      const now = this.clock.now();
      const subject = agentSubject(input.api_key_id);
      const found = await this.spending.find(tx, teamId, subject);
      const limit: SpendingLimit = {
        teamId,
        subject,
        name: input.name,
        dailyCents: cents(input.daily_usd),
        monthlyCents: cents(input.monthly_usd),
        perRequestCents: cents(input.per_request_usd),
        createdAt: found?.createdAt ?? now,
        updatedAt: now,
      };
      await this.spending.put(tx, limit);
      const view = await this.views.agent(tx, limit, now);
      await tx.append([{ type: AgentUpdated.name, teamId, aggregateType: 'x402_agent', aggregateId: input.api_key_id, payload: view }]);
      return view;
    });
  }
}

/** GET /x402/agents: the team's agents, oldest first. */
@injectable()
export class ListAgentsOperation implements Operation<Record<string, never>, AgentView[]> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(SpendingViews) private readonly views: SpendingViews,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(_input: Record<string, never>, ctx: RequestContext): Promise<AgentView[]> {
    return (await this.uow.readOnly((tx) => this.views.all(tx, ctx.actor.teamId, this.clock.now()))).agents;
  }
}

/** DELETE /x402/agents/{api_key_id}: the key is no agent any more (its calls count against the team's limits only). */
@injectable()
export class RemoveAgentOperation implements Operation<AgentKeyInput, AgentView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(SpendingRepository) private readonly spending: SpendingRepository,
    @inject(SpendingViews) private readonly views: SpendingViews,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  execute(input: AgentKeyInput, ctx: RequestContext): Promise<AgentView> {
    const teamId = ctx.actor.teamId;
    return this.uow.run(async (tx) => {
      const subject = agentSubject(input.api_key_id);
      const found = await this.spending.find(tx, teamId, subject);
      if (!found) throw new NotFoundError('Agent', input.api_key_id);
      const view = await this.views.agent(tx, found, this.clock.now());
      await this.spending.delete(tx, teamId, subject);
      await tx.append([{ type: AgentRemoved.name, teamId, aggregateType: 'x402_agent', aggregateId: input.api_key_id, payload: view }]);
      return view;
    });
  }
}
