import { gunzipSync, unzipSync } from 'fflate';
import { extract } from 'tar-stream';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { tarGz, zip, type ArchiveFile } from './archives.js';

const FILES: ArchiveFile[] = [
  { path: 'b/second.txt', text: 'two\n' },
  { path: 'a.txt', text: 'één\n' },
  { path: 'bin/run', text: '#!/bin/sh\n', executable: true },
];

async function tarEntries(gz: Uint8Array): Promise<{ name: string; mode: number | undefined; mtime: number | undefined; text: string }[]> {
  const out: { name: string; mode: number | undefined; mtime: number | undefined; text: string }[] = [];
  const reader = extract();
  const done = (async () => {
    for await (const entry of reader) {
      const chunks: Buffer[] = [];
      for await (const chunk of entry) chunks.push(chunk as Buffer);
      out.push({ name: entry.header.name, mode: entry.header.mode, mtime: entry.header.mtime?.getTime(), text: Buffer.concat(chunks).toString('utf8') });
    }
  })();
  reader.end(Buffer.from(gunzipSync(gz)));
  await done;
  return out;
}

test('tar.gz: entries under the root, sorted, one fixed time, modes from the file, no time in the gzip header', async () => {
  const gz = await tarGz('pkg', FILES);
  assert.equal([...gz.slice(4, 8)], [0, 0, 0, 0]);
  const entries = await tarEntries(gz);
  assert.equal(entries.map((entry) => entry.name), ['pkg/a.txt', 'pkg/b/second.txt', 'pkg/bin/run']);
  assert.equal(entries.map((entry) => entry.mode), [0o644, 0o644, 0o755]);
  assert.ok(entries.every((entry) => entry.mtime === Date.UTC(2000, 0, 1)));
  assert.is(entries[0]!.text, 'één\n');
});

test('the same files in any order give the same bytes', async () => {
  const a = await tarGz('pkg', FILES);
  const b = await tarGz('pkg', [...FILES].reverse());
  assert.ok(Buffer.from(a).equals(Buffer.from(b)));
  assert.ok(Buffer.from(zip(FILES)).equals(Buffer.from(zip([...FILES].reverse()))));
});

test('zip: the same bytes in every time zone (DOS time is local time)', () => {
  const zone = process.env['TZ'];
  try {
    process.env['TZ'] = 'UTC';
    const utc = zip(FILES);
    process.env['TZ'] = 'Pacific/Kiritimati';
    const ahead = zip(FILES);
    process.env['TZ'] = 'America/Los_Angeles';
    const behind = zip(FILES);
    assert.ok(Buffer.from(utc).equals(Buffer.from(ahead)));
    assert.ok(Buffer.from(utc).equals(Buffer.from(behind)));
    assert.equal(Object.keys(unzipSync(utc)), ['a.txt', 'b/second.txt', 'bin/run']);
  } finally {
    if (zone === undefined) delete process.env['TZ'];
    else process.env['TZ'] = zone;
  }
});

test.run();
