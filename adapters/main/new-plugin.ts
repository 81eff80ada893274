import { existsSync } from 'node:fs';
import { cp, readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm run new-plugin -- <name>`: starts a module as a copy of
 * plugins/_template with the template's identity renamed everywhere: the
 * plugin and token names, table prefix, class and GraphQL type names, routes
 * and event names. What the template does (items that activate and expire)
 * is then replaced by the new module's own domain.
 */
export interface PluginNames {
  /** acme-tasks: the plugin name, token ids, routes, event names. */
  readonly kebab: string;
  /** acme_tasks: the table prefix. */
  readonly snake: string;
  /** acmeTasks: variables and GraphQL fields. */
  readonly camel: string;
  /** AcmeTasks: classes and GraphQL types. */
  readonly pascal: string;
}

const NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
const TEMPLATE = 'template';

export function pluginNames(name: string): PluginNames {
  if (!NAME.test(name)) throw new Error(`'${name}' is not a plugin name: lowercase words joined by single hyphens, e.g. acme-tasks.`);
  if (name === TEMPLATE) throw new Error(`'${TEMPLATE}' is the template's own name.`);
  const words = name.split('-');
  const capital = (word: string) => word[0]!.toUpperCase() + word.slice(1);
  return { kebab: name, snake: words.join('_'), camel: words[0]! + words.slice(1).map(capital).join(''), pascal: words.map(capital).join('') };
}

/** The template's identity renamed in one file's text, most specific form first. */
export function renameTemplate(text: string, names: PluginNames): string {
  return text
    .replace(/Template/g, names.pascal)
    .replace(/template_/g, `${names.snake}_`)
    .replace(/template(?=[A-Z0-9])/g, names.camel)
    .replace(/template/g, names.kebab);
}

/** Copies the template folder to `to` with every file renamed; refuses to overwrite. Returns the files written. */
export async function copyTemplate(from: string, to: string, name: string): Promise<string[]> {
  const names = pluginNames(name);
  if (existsSync(to)) throw new Error(`${to} exists already.`);
  await cp(from, to, { recursive: true });
  const files = (await readdir(to, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile());
  const written: string[] = [];
  for (const file of files) {
    const path = join(file.parentPath, file.name);
    await writeFile(path, renameTemplate(await readFile(path, 'utf8'), names));
    written.push(relative(to, path));
  }
  return written.sort();
}

async function main(): Promise<void> {
  const name = process.argv[2];
  if (!name) throw new Error('usage: npm run new-plugin -- <name>   (e.g. acme-tasks)');
  const root = fileURLToPath(new URL('../../../', import.meta.url));
  const to = join(root, 'plugins', name);
  const files = await copyTemplate(join(root, 'plugins', '_template'), to, name);
  const { camel } = pluginNames(name);
  process.stdout.write(
    `Created plugins/${name}/ (${files.length} files).\n` +
      `Next: enable it in plugins/index.ts ('${name}': () => import('./${name}/index.js')),\n` +
      `replace the items domain with your own (README.md in the folder walks through each file),\n` +
      `and run npm test: its contract suite and plugin.test.ts run with the rest (${camel}Plugin).\n`,
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  });
}
