/** `users create --team-name Acme --dry-run` → words ['users','create'], flags {team_name:'Acme', dry_run:true}. */
export interface ParsedArgv {
  readonly words: readonly string[];
  readonly flags: Readonly<Record<string, string | true>>;
}

export function parseArgv(argv: readonly string[]): ParsedArgv {
  const words: string[] = [];
  const flags: Record<string, string | true> = {};
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index]!;
    if (!arg.startsWith('--')) {
      words.push(arg);
      continue;
    }
    const [rawName, inline] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    const name = rawName.replace(/-/g, '_');
    if (inline !== undefined) flags[name] = inline;
    else if (index + 1 < argv.length && !argv[index + 1]!.startsWith('--')) flags[name] = argv[++index]!;
    else flags[name] = true;
  }
  return { words, flags };
}
