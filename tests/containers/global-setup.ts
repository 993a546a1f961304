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
import { freePort } from '../support/stack.js';
import {
  compose,
  podman,
  PROJECT,
  REPO_DIR,
  removeProject,
  secondsSince,
  START_ORDER,
  startInOrder,
  waitUntilReaches,
} from './support/compose.js';
import {
  journeySettings,
  unsetComposeVariables,
  writeEnvFile,
} from './support/journey-settings.js';

const SHOP_IMAGES = ['cms', 'commerce-service', 'storefront'] as const;
/** What each shop container asks of the stand-ins: Stripe's API, the mail server, the traces. */
const STAND_IN_PORTS = [
  ['commerce-service', [12111, 1025, 4318]],
  ['storefront', [4318]],
] as const;

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
  // The commerce service's own writer of sample eBook files, as `npm start` runs it.
  execFileSync(
    process.execPath,
    [
      path.join(REPO_DIR, 'node_modules/tsx/dist/cli.mjs'),
      'src/dev/write-sample-assets.ts',
      settings.EBOOKS_DIR,
    ],
    { cwd: path.join(REPO_DIR, 'commerce-service'), stdio: 'inherit' },
  );
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
    buildAndStart(workDir);
  } catch (error) {
    // Playwright runs no teardown for a setup that failed: the journey's leftovers go here.
    if (process.env.JOURNEY_KEEP !== '1') removeProject();
    throw error;
  }
}

/** Builds the three images and starts the services group by group, recording what it took. */
function buildAndStart(workDir: string) {
  const builds: Record<string, number> = {};
  for (const service of SHOP_IMAGES) {
    const started = Date.now();
    compose(['build', service]);
    builds[service] = secondsSince(started);
    console.log(`container journey: ${service} image built in ${builds[service]} s`);
  }
  const starts = startInOrder(START_ORDER);
  for (const [service, after] of Object.entries(starts)) {
    console.log(`container journey: ${service} healthy ${after} s after its start`);
  }
  // Healthy, the shop's containers may still not reach the stand-ins by name: twice (in CI, and
  // once on a developer's machine) the first checkout's calls to Stripe's stand-in never
  // arrived, nor its spans, while the host reached the stand-ins through their published port.
  for (const [service, ports] of STAND_IN_PORTS) {
    const took = waitUntilReaches(service, 'stand-ins', ports);
    console.log(`container journey: ${service} reached the stand-ins ${took} ms after healthy`);
  }
  const sizes = Object.fromEntries(
    SHOP_IMAGES.map((service) => {
      const bytes = podman(['image', 'inspect', '--format', '{{.Size}}', `${PROJECT}_${service}`]);
      return [service, Math.round(Number(bytes.trim()) / 1e6)];
    }),
  );
  const facts = { builds, starts, sizes };
  writeFileSync(path.join(workDir, 'facts.json'), JSON.stringify(facts, null, 2));
  console.log(`container journey: ${JSON.stringify(facts)}`);
}
