import pg from 'pg';
import type { Logger } from '../../ports/logger.js';
import { EVENTS_CHANNEL } from '../sql/consumer-migrations.js';
import type { EventsListener } from '../sql/sql-consumer-store.js';
import { postgresTypes } from './postgres-types.js';

const RECONNECT_MS = 1_000;

/**
 * LISTEN on a dedicated connection (a pooled one would be handed back and
 * lose the subscription). A dropped connection is reopened; until then the
 * consumers' poll still finds every event, only later.
 */
export function postgresEventsListener(databaseUrl: string, logger: Logger): EventsListener {
  return async (onNotify, onState) => {
    let client: pg.Client | undefined;
    let stopped = false;
    let timer: NodeJS.Timeout | undefined;
    const connect = async (): Promise<void> => {
      const next = new pg.Client({ connectionString: databaseUrl, types: postgresTypes });
      next.on('notification', () => onNotify());
      next.on('error', (error) => {
        logger.warn('events listener connection lost', { error });
        onState('disconnected');
        void next.end().catch(() => undefined);
        if (!stopped) timer = setTimeout(() => void connect().catch(() => undefined), RECONNECT_MS);
      });
      try {
        await next.connect();
        await next.query(`LISTEN ${EVENTS_CHANNEL}`);
      } catch (error) {
        onState('disconnected');
        void next.end().catch(() => undefined);
        if (!stopped) timer = setTimeout(() => void connect().catch(() => undefined), RECONNECT_MS);
        throw error;
      }
      client = next;
      onState('listen');
      // Commits made while we were not listening.
      onNotify();
    };
    await connect().catch((error: unknown) => logger.warn('events listener could not connect', { error }));
    return async () => {
      stopped = true;
      clearTimeout(timer);
      await client?.end().catch(() => undefined);
      onState('disconnected');
    };
  };
}
