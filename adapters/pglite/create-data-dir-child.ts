import { PGlite } from '@electric-sql/pglite';

/**
 * Entry point of the child process that `createDataDirIfMissing` starts:
 * PGlite runs initdb into the directory given as the one argument, closes
 * it (PostgreSQL's shutdown checkpoint) and exits at once, so no timer
 * PGlite left behind can keep the child, and the parent waiting on it, alive.
 */
const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: create-data-dir-child <data directory>');
const pglite = await PGlite.create(dataDir);
await pglite.close();
process.exit(0);
