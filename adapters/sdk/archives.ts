import { gzipSync, zipSync, type Zippable } from 'fflate';
import { pack } from 'tar-stream';

/**
 * Deterministic archives of generated files: entries sorted by path, one
 * fixed time, fixed modes and owners, so the same files give the same
 * bytes on any machine and in any time zone. tar-stream writes the tar
 * (ustar), fflate compresses it and writes zips: both pure JavaScript, so
 * the output does not follow the zlib that a Node release bundles.
 */
export interface ArchiveFile {
  /** Relative path with `/` separators. */
  readonly path: string;
  readonly text: string;
  /** Executable scripts get 0755. */
  readonly executable?: boolean;
}

/** 2000-01-01T00:00:00Z: every entry's time (zip's DOS time starts in 1980, so not the Unix epoch). */
const FIXED_TIME = Date.UTC(2000, 0, 1);

function sorted(files: readonly ArchiveFile[]): ArchiveFile[] {
  return [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** A `.tar.gz` of the files under `root/` (npm packs under `package/`, an sdist under `<name>-<version>/`). */
export async function tarGz(root: string, files: readonly ArchiveFile[]): Promise<Uint8Array> {
  const tar = pack();
  const chunks: Buffer[] = [];
  const collected = (async () => {
    for await (const chunk of tar) chunks.push(chunk as Buffer);
  })();
  for (const file of sorted(files)) {
    await new Promise<void>((resolve, reject) =>
      tar.entry(
        {
          name: `${root}/${file.path}`,
          mode: file.executable ? 0o755 : 0o644,
          mtime: new Date(FIXED_TIME),
          uid: 0,
          gid: 0,
          uname: '',
          gname: '',
          type: 'file',
        },
        Buffer.from(file.text, 'utf8'),
        (error) => (error ? reject(error) : resolve()),
      ),
    );
  }
  tar.finalize();
  await collected;
  // mtime 0: no time in the gzip header either.
  return gzipSync(Buffer.concat(chunks), { level: 9, mtime: 0 });
}

/** A `.zip` of the files at its root (Composer's artifact repositories read composer.json there). */
export function zip(files: readonly ArchiveFile[]): Uint8Array {
  const fixed = new Date(FIXED_TIME);
  // DOS time is local time: a Date whose local fields are the fixed UTC ones gives the same bytes in every time zone.
  const local = new Date(fixed.getUTCFullYear(), fixed.getUTCMonth(), fixed.getUTCDate(), 0, 0, 0);
  const entries: Zippable = {};
  for (const file of sorted(files)) {
    entries[file.path] = [new TextEncoder().encode(file.text), { level: 9, mtime: local, os: 3, attrs: (file.executable ? 0o100755 : 0o100644) << 16 }];
  }
  return zipSync(entries, { level: 9, mtime: local });
}
