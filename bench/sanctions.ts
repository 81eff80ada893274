import { performance } from 'node:perf_hooks';
import { parseListContent } from '../plugins/regtech/application/list-parsing.js';
import { ScreeningIndex } from '../plugins/regtech/application/screening-index.js';

/**
 * Sanctions screening at the size of the real OFAC SDN list: a generated
 * sdn.csv of 15,000 entries (individuals and entities, names of two to four
 * words built from syllables) and an alt.csv of 10,000 aliases, parsed,
 * indexed, then 2,000 screenings: half listed names with a typo or in
 * another order, half names on no list. Prints the time of each phase and
 * ms per screening. `npm run bench:sanctions`.
 */
const ENTRIES = 15_000;
const ALIASES = 10_000;
const SCREENINGS = 2_000;

// A seeded generator (mulberry32), so every run screens the same names.
let seed = 0x5eed;
function random(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
}
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const SYLLABLES = ['al', 'ba', 'ker', 'mo', 'ham', 'med', 'ri', 'son', 'chol', 'ra', 'shid', 'pe', 'tro', 'vich', 'an', 'dre', 'ko', 'va', 'lu', 'is', 'gar', 'cia', 'na', 'zim', 'tan', 'ov', 'el', 'fa', 'rid', 'yu', 'suf', 'de', 'mir', 'sa', 'lim', 'to', 'qu', 'in', 'ha', 'kim'];
const word = () => Array.from({ length: 2 + Math.floor(random() * 2) }, () => pick(SYLLABLES)).join('');
const name = () => Array.from({ length: 2 + Math.floor(random() * 3) }, word).join(' ');
const upper = (text: string) => text.toUpperCase();

const names: string[] = [];
const sdn: string[] = [];
for (let id = 1; id <= ENTRIES; id += 1) {
  const full = name();
  names.push(full);
  const [last, ...rest] = full.split(' ');
  const individual = random() < 0.6;
  const year = 1940 + Math.floor(random() * 60);
  sdn.push(`${id},"${upper(last!)}, ${rest.join(' ')}",${individual ? 'individual' : '-0- '},[SDGT],-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,${individual ? `"DOB ${year}; nationality Iran."` : '-0- '}`);
}
const alt = Array.from({ length: ALIASES }, (_, index) => `${1 + Math.floor(random() * ENTRIES)},${index + 1},"aka","${upper(name())}",-0- `);

function typo(text: string): string {
  const at = 1 + Math.floor(random() * (text.length - 2));
  return text.slice(0, at) + text[at + 1] + text[at] + text.slice(at + 2);
}
const queries = Array.from({ length: SCREENINGS }, (_, index) => {
  if (index % 2 === 1) return name();
  const listed = pick(names);
  return index % 4 === 0 ? typo(listed) : listed.split(' ').reverse().join(' ');
});

const time = <T>(label: string, work: () => T): T => {
  const start = performance.now();
  const result = work();
  console.log(`${label}: ${(performance.now() - start).toFixed(0)} ms`);
  return result;
};

const content = { sdn: sdn.join('\n'), alt: alt.join('\n'), add: '' };
console.log(`list: ${ENTRIES} entries, ${ALIASES} aliases, sdn.csv ${(content.sdn.length / 1e6).toFixed(1)} MB`);
const parsed = time('parse', () => parseListContent('ofac_sdn', 'csv', content));
const index = time('index', () => new ScreeningIndex([parsed.list]));
console.log(`indexed names: ${index.size}`);
index.search(queries[0]!, {}, 0.92, 20);
let matched = 0;
const start = performance.now();
for (const query of queries) if (index.search(query, {}, 0.92, 20).length > 0) matched += 1;
const elapsed = performance.now() - start;
const missed = queries.filter((q, i) => i % 2 === 0 && index.search(q, {}, 0.92, 20).length === 0);
console.log(`missed listed: ${missed.length}`, missed.slice(0, 6));
console.log(`screenings: ${SCREENINGS} in ${elapsed.toFixed(0)} ms, ${(elapsed / SCREENINGS).toFixed(2)} ms each; ${matched} with a match (${SCREENINGS / 2} were listed names)`);
