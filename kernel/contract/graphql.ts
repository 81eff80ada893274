import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';
import { Field, Int, ObjectType } from 'type-graphql';
import { pageRequest } from './page.js';
import type { RequestContext } from './context.js';
import { INSTANT_RANGE_RULE, isWithinInstantRange } from './instant-range.js';
import type { AssetCatalog } from '../../ports/asset-catalog.js';
import type { StoredEvent } from './event.js';
import type { Operation } from './route.js';
import type { Token } from './token.js';

/**
 * How a plugin contributes to the GraphQL schema. Each contribution is one
 * domain of the spec's list (account, payment, exchange …): its type-graphql
 * resolver classes, printed to schema/<domain>.graphql. Resolvers hold no
 * injected state; they reach the plugin's operations through the context, so
 * GraphQL calls exactly what REST calls.
 */
export interface GraphqlContribution {
  /** Domain name as listed in the spec (lowercase, hyphenated). */
  readonly domain: string;
  /** type-graphql @Resolver classes; every decorator with an explicit type function. */
  readonly resolvers: readonly Function[];
  /**
   * Adds fields to a domain another enabled plugin owns (mobile adds
   * passkeys to `user`): its schema file shows them, and they exist only
   * while this plugin is enabled. A domain has one owner; an extension of a
   * domain nobody owns stops the schema's composition.
   */
  readonly extends?: boolean;
}

/**
 * What a resolver receives as its context. The adapter builds it per request
 * (or per WebSocket subscription) after authentication; the actor's team is
 * the only tenant resolvers can see (the @tenant directive, applied by the
 * adapter to every root field, refuses callers without one).
 */
export interface GraphqlContext {
  readonly request: RequestContext;
  /** Runs an operation as the caller: the same token REST routes name. */
  run<I, O>(operation: Token<Operation<I, O>>, input: NoInfer<I>): Promise<O>;
  /**
   * The asset catalogue (reference data, the same for every team, no operation).
   * Resolvers get no other port: everything else goes through operations, which scope by team.
   */
  readonly assets: AssetCatalog;
  /**
   * Live committed events of the caller's team only, from the moment of
   * subscribing, narrowed by `accept`. The iterator ends when the client
   * unsubscribes or disconnects.
   */
  events(accept: (event: StoredEvent) => boolean): AsyncIterable<StoredEvent>;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

function ymd(date: Date): string {
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The number written by the ASCII digits of `text` from `start` to `end`, or -1 if one is not a digit. */
function digits(text: string, start: number, end: number): number {
  let value = 0;
  for (let index = start; index < end; index++) {
    const digit = text.charCodeAt(index) - 48;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/**
 * `value`'s Y-m-d H:i:s read straight from its text when it is a real UTC
 * instant as `toISOString` writes it (what views carry:
 * 2026-11-22T14:05:09.123Z), else undefined. Saves building a Date per
 * timestamp of every answer; a text the Date parser would roll over (02-30)
 * is left to it, so both ways give the same answer.
 */
function utcIsoFields(value: string): string | undefined {
  if (value.length !== 24 || value[4] !== '-' || value[7] !== '-' || value[10] !== 'T' || value[13] !== ':' || value[16] !== ':' || value[19] !== '.' || value[23] !== 'Z') return undefined;
  const year = digits(value, 0, 4);
  const month = digits(value, 5, 7);
  const day = digits(value, 8, 10);
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1];
  if (year < 0 || days === undefined || day < 1 || day > days || digits(value, 20, 23) < 0) return undefined;
  const hours = digits(value, 11, 13);
  const minutes = digits(value, 14, 16);
  const seconds = digits(value, 17, 19);
  if (hours < 0 || hours > 23 || minutes < 0 || minutes > 59 || seconds < 0 || seconds > 59) return undefined;
  return `${value.slice(0, 10)} ${value.slice(11, 19)}`;
}

/** Accepts a Date or an ISO string from resolvers; anything else is a bug, reported without internals. */
function asDate(value: unknown, name: string): Date {
  const date = value instanceof Date ? value : typeof value === 'string' ? new Date(value) : undefined;
  if (!date || Number.isNaN(date.getTime())) throw new GraphQLError(`${name} cannot represent this value.`);
  return date;
}

function parseUtc(text: unknown, pattern: RegExp, name: string, shape: string): Date {
  const match = typeof text === 'string' ? pattern.exec(text) : null;
  if (!match) throw new GraphQLError(`${name} must be a string in the form ${shape} (UTC).`);
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = match.map(Number) as unknown as number[];
  const date = new Date(Date.UTC(y!, mo! - 1, d!, Number(h), Number(mi), Number(s)));
  // Reject 2026-02-30 and 25:00:00 rather than rolling them over (and 0099, which Date.UTC reads as 1999).
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo! - 1 || date.getUTCDate() !== d! || date.getUTCHours() !== Number(h) || date.getUTCMinutes() !== Number(mi)) {
    throw new GraphQLError(`${name} '${String(text)}' is not a real calendar ${name === 'Date' ? 'date' : 'time'}.`);
  }
  if (!isWithinInstantRange(date)) throw new GraphQLError(`${name} '${String(text)}' ${INSTANT_RANGE_RULE}.`);
  return date;
}

/** The spec's Date scalar: Y-m-d, UTC. */
export const DateScalar = new GraphQLScalarType({
  name: 'Date',
  description: 'A calendar date in UTC, written Y-m-d (2026-11-22).',
  serialize: (value) => ymd(asDate(value, 'Date')),
  parseValue: (value) => parseUtc(value, DATE, 'Date', 'Y-m-d'),
  parseLiteral: (ast) => parseUtc(ast.kind === Kind.STRING ? ast.value : undefined, DATE, 'Date', 'Y-m-d'),
});

/** The spec's DateTime scalar: Y-m-d H:i:s, UTC, whole seconds. */
export const DateTimeScalar = new GraphQLScalarType({
  name: 'DateTime',
  description: 'An instant in UTC, written Y-m-d H:i:s (2026-11-22 14:05:09).',
  serialize: (value) => {
    const fields = typeof value === 'string' ? utcIsoFields(value) : undefined;
    if (fields !== undefined) return fields;
    const date = asDate(value, 'DateTime');
    return `${ymd(date)} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
  },
  parseValue: (value) => parseUtc(value, DATE_TIME, 'DateTime', 'Y-m-d H:i:s'),
  parseLiteral: (ast) => parseUtc(ast.kind === Kind.STRING ? ast.value : undefined, DATE_TIME, 'DateTime', 'Y-m-d H:i:s'),
});

/** Paging info shared by every paginated list (the spec's paginatorInfo). */
@ObjectType({ description: 'Where a page sits in the whole list.' })
export class PaginatorInfo {
  @Field(() => Int, { description: 'Items in the whole list.' })
  total!: number;

  @Field(() => Int)
  currentPage!: number;

  @Field(() => Int)
  lastPage!: number;

  @Field(() => Int)
  perPage!: number;
}

/** A kernel Page as paginatorInfo. */
export function paginatorInfo(page: { page: number; perPage: number; total: number; lastPage: number }): PaginatorInfo {
  return { total: page.total, currentPage: page.page, lastPage: page.lastPage, perPage: page.perPage };
}

export interface LiveStep<U> {
  readonly messages: readonly U[];
  /** True to end the subscription after these messages. */
  readonly done?: boolean;
}

/**
 * Turns a live event stream into subscription messages. Use it instead of an
 * async generator: a generator waiting for the next event cannot be ended
 * until an event arrives, so an unsubscribed client would keep a listener
 * forever; here ending the subscription ends the wait at once. `start` runs
 * first (after the stream is listening), then `step` for every event.
 */
export function liveMessages<T, U>(
  source: AsyncIterable<T>,
  step: (item: T) => Promise<LiveStep<U>> | LiveStep<U>,
  start?: () => Promise<LiveStep<U>>,
): AsyncIterable<U> {
  return {
    [Symbol.asyncIterator](): AsyncIterator<U> {
      const events = source[Symbol.asyncIterator]();
      const queue: U[] = [];
      let started = !start;
      let finished = false;
      const end = async (): Promise<IteratorResult<U>> => {
        finished = true;
        queue.length = 0;
        await events.return?.();
        return { value: undefined, done: true };
      };
      const take = (result: LiveStep<U>): void => {
        queue.push(...result.messages);
        if (result.done) finished = true;
      };
      return {
        async next(): Promise<IteratorResult<U>> {
          try {
            if (!started) {
              started = true;
              take(await start!());
            }
            for (;;) {
              if (queue.length > 0) return { value: queue.shift()!, done: false };
              if (finished) return end();
              const event = await events.next();
              if (event.done || finished) return end();
              take(await step(event.value));
            }
          } catch (error) {
            await end();
            throw error;
          }
        },
        return: end,
      };
    },
  };
}

/**
 * GraphQL's `first` and `page` checked here, so a bad value is reported under
 * the argument's own name (operations name their REST parameters).
 */
export function pageArgs(first: number | undefined, page: number | undefined): { page: number; per_page: number } {
  const request = pageRequest(page, first, 'first');
  return { page: request.page, per_page: request.perPage };
}
