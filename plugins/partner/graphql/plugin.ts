import { Ctx, Field, ObjectType, Query, Resolver } from 'type-graphql';
import type { GraphqlContext } from '../../../kit/graphql.js';
import { ListCallerModules, type ModuleAccessView } from '../operations.js';

/** The plugin domain: the modules and partner plugins of this service and which of them the caller may use. */
@ObjectType('ModuleAccess')
export class ModuleAccess {
  @Field(() => String, { description: 'The module as BANK_MODULES (or BANK_PLUGINS) names it.' })
  name!: string;
  @Field(() => Boolean)
  enabled!: boolean;
  @Field(() => String, { description: 'enabled, always_on, module_not_enabled (the partner did not choose it) or feature_disabled (its white-label switched it off for tenants).' })
  reason!: string;
}

@Resolver()
export class PluginResolver {
  @Query(() => [ModuleAccess], { description: 'Every module of the service with whether the caller’s key may use it (the rules the partner gate enforces).' })
  modules(@Ctx() ctx: GraphqlContext): Promise<ModuleAccessView[]> {
    return ctx.run(ListCallerModules, {});
  }
}
