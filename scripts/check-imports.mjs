/**
 * The import rules of .dependency-cruiser.cjs, and the import map of
 * docs/adr/0024-packages-and-layers.md (which workspace imports which, which commerce module
 * uses which) as the code has it. `npm run lint` runs it: a broken rule, or a map in the ADR
 * that differs from the code, fails. --write rewrites the map in the ADR instead.
 *
 *   node scripts/check-imports.mjs [--write]
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PACKAGES, ROOT, SERVICES } from './lib/paths.mjs';
import TEST_CODE_PATTERNS from './lib/test-code.cjs';

export const CRUISED = [
  'packages',
  'commerce-service/src',
  'storefront',
  'cms/src',
  'cms/config',
  'tests',
  'bench',
  'scripts',
];
const ADR = path.join(ROOT, 'docs/adr/0024-packages-and-layers.md');
const START = '<!-- import-map:start: written by `node scripts/check-imports.mjs --write` -->';
const END = '<!-- import-map:end -->';
const WORKSPACES = [...PACKAGES, ...SERVICES, 'tests'];
const TEST_CODE = new RegExp(TEST_CODE_PATTERNS.join('|'));

const workspaceOf = (file) => WORKSPACES.find((name) => file.startsWith(`${name}/`));
const moduleOf = (file) => /^commerce-service\/src\/modules\/([^/]+)\//.exec(file)?.[1];

function cruise() {
  const result = spawnSync(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs'),
      '--config',
      '.dependency-cruiser.cjs',
      '--output-type',
      'json',
      ...CRUISED,
    ],
    { cwd: ROOT, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
  );
  if (!result.stdout) throw new Error(result.stderr);
  return JSON.parse(result.stdout);
}

/** Each broken rule, one line each, as dependency-cruiser names it. */
function violations(summary) {
  return summary.violations.map(
    ({ rule, from, to, cycle }) =>
      `${rule.name}: ${from} → ${to}${cycle ? ` (circle: ${cycle.map((step) => step.name ?? step).join(' → ')})` : ''}`,
  );
}

/** `a → b, c` lines of a map from names to the names they use. */
function lines(map) {
  return [...map.keys()].sort().map((name) => {
    const used = [...map.get(name)].sort();
    return `- \`${name}\` → ${used.length > 0 ? used.map((item) => `\`${item}\``).join(', ') : 'nothing of ours'}`;
  });
}

export function importMap(modules) {
  const shipped = new Map(WORKSPACES.map((name) => [name, new Set()]));
  const tested = new Map(WORKSPACES.map((name) => [name, new Set()]));
  const commerceModules = new Map();
  for (const { source, dependencies } of modules) {
    const from = workspaceOf(source);
    if (!from) continue;
    const fromModule = moduleOf(source);
    if (fromModule && !TEST_CODE.test(source) && !commerceModules.has(fromModule))
      commerceModules.set(fromModule, new Set());
    for (const { resolved } of dependencies) {
      const to = workspaceOf(resolved);
      if (to && to !== from) {
        (TEST_CODE.test(source) ? tested : shipped).get(from).add(to);
      }
      const toModule = moduleOf(resolved);
      if (fromModule && toModule && toModule !== fromModule && !TEST_CODE.test(source))
        commerceModules.get(fromModule).add(toModule);
    }
  }
  for (const [name, used] of tested) for (const item of shipped.get(name)) used.delete(item);
  return [
    'What each workspace imports in the code it ships:',
    '',
    ...lines(new Map([...shipped].filter(([name]) => name !== 'tests'))),
    '',
    'And, in addition, in its tests:',
    '',
    ...lines(new Map([...tested].filter(([, used]) => used.size > 0))),
    '',
    'Which commerce module uses which (through its service.ts; type-only imports included):',
    '',
    ...lines(commerceModules),
  ].join('\n');
}

function main() {
  const { modules, summary } = cruise();
  const broken = violations(summary);
  if (broken.length > 0) {
    for (const line of broken) console.error(line);
    console.error(`\n${broken.length} import(s) break the rules of .dependency-cruiser.cjs.`);
    process.exit(1);
  }
  const adr = readFileSync(ADR, 'utf8');
  const start = adr.indexOf(START);
  const end = adr.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${ADR} lacks the ${START} … ${END} markers`);
  const current = `${START}\n${importMap(modules)}\n${END}`;
  if (adr.slice(start, end + END.length) === current) return;
  if (process.argv[2] === '--write') {
    writeFileSync(ADR, adr.slice(0, start) + current + adr.slice(end + END.length));
    console.log(`Wrote the import map into ${path.relative(ROOT, ADR)}.`);
    return;
  }
  console.error(
    `${path.relative(ROOT, ADR)}: the import map no longer matches the code; run \`node scripts/check-imports.mjs --write\` and read what changed.`,
  );
  process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
