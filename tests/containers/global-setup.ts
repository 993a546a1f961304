/**
 * Before the container journey: the production settings, the three shop images built from the
 * repository's Dockerfiles on the local base images, and the compose run started service by
 * service, each waited for until healthy. What it measured (build and start times, image
 * sizes) goes to facts.json in the journey's folder, for docs/containers.md.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureSampleAssets } from '../../commerce-service/src/dev/sample-assets.ts';
import { freePort } from '../support/stack.js';
import {
  compose,
  podman,
  PROJECT,
  REPO_DIR,
  removeProject,
  waitHealthy,
} from './support/compose.js';
import {
  journeySettings,
  unsetComposeVariables,
  writeEnvFile,
} from './support/journey-settings.js';

const SHOP_IMAGES = ['cms', 'commerce-service', 'storefront'] as const;
/** Started in this order, as compose's depends_on conditions ask (podman-compose 1.0 ignores them). */
const START_ORDER = [
  ['postgres', 'redis', 'stand-ins'],
  ['cms', 'commerce-service'],
  ['storefront'],
  ['nginx'],
] as const;

const seconds = (ms: number) => Math.round(ms / 100) / 10;

export default async function globalSetup() {
  if (existsSync(path.join(REPO_DIR, '.env'))) {
    throw new Error(
      'The container journey runs on settings of its own, but podman-compose would also read the .env at the repository root: move it away while the journey runs',
    );
  }
  // A folder of the caller's (JOURNEY_WORK_DIR) is kept; one made here goes at teardown.
  const ownFolder = !process.env.JOURNEY_WORK_DIR;
  const workDir = process.env.JOURNEY_WORK_DIR ?? mkdtempSync(path.join(tmpdir(), 'aba-journey-'));
  const settings = journeySettings(workDir, {
    http: await freePort(),
    cms: await freePort(),
    pay: await freePort(),
  });
  ensureSampleAssets(settings.EBOOKS_DIR);
  mkdirSync(settings.JOURNEY_MAIL_DIR, { recursive: true });
  const envFile = path.join(workDir, '.env');
  writeEnvFile(envFile, settings);
  const composeFiles = ['docker-compose.yml', 'tests/containers/compose.stand-ins.yml'];
  Object.assign(
    process.env,
    settings,
    unsetComposeVariables(
      composeFiles.map((file) => path.join(REPO_DIR, file)),
      settings,
    ),
    { JOURNEY_WORK_DIR: workDir, JOURNEY_REMOVE_WORK_DIR: ownFolder ? '1' : '' },
  );
  console.log(`container journey: project ${PROJECT}, settings in ${envFile}`);
  // The README's check before the first start: it must pass on what the journey runs.
  execFileSync('npm', ['run', '--silent', 'doctor', '--', '--compose', envFile], {
    cwd: REPO_DIR,
    stdio: 'inherit',
  });

  removeProject();
  try {
    await buildAndStart(workDir);
  } catch (error) {
    // Playwright runs no teardown for a setup that failed: the journey's leftovers go here.
    if (process.env.JOURNEY_KEEP !== '1') removeProject();
    throw error;
  }
}

/** Builds the three images and starts the services group by group, recording what it took. */
async function buildAndStart(workDir: string) {
  const facts: Record<string, unknown> = { builds: {}, starts: {}, sizes: {} };
  for (const service of SHOP_IMAGES) {
    const started = Date.now();
    compose(['build', service]);
    (facts.builds as Record<string, number>)[service] = seconds(Date.now() - started);
    console.log(`container journey: ${service} image built in ${seconds(Date.now() - started)} s`);
  }
  for (const group of START_ORDER) {
    const started = Date.now();
    compose(['up', '-d', '--no-build', ...group]);
    for (const service of group) {
      await waitHealthy(service);
      (facts.starts as Record<string, number>)[service] = seconds(Date.now() - started);
      console.log(
        `container journey: ${service} healthy ${seconds(Date.now() - started)} s after its start`,
      );
    }
  }
  for (const service of SHOP_IMAGES) {
    const bytes = Number(
      podman(['image', 'inspect', '--format', '{{.Size}}', `${PROJECT}_${service}`]).trim(),
    );
    (facts.sizes as Record<string, number>)[service] = Math.round(bytes / 1e6);
  }
  writeFileSync(path.join(workDir, 'facts.json'), JSON.stringify(facts, null, 2));
  console.log(`container journey: ${JSON.stringify(facts)}`);
}
