/**
 * The shop on several machines (issue 21, docs/scaling.md): nginx in front of two storefront
 * replicas and two commerce replicas, one CMS, and the machine's PostgreSQL and Redis
 * (tests/support/replicas.ts). `npm test` runs it when TEST_DATABASE_URL and TEST_REDIS_URL name
 * them (.ci/run sets both when they answer); `npm run bench:replicas` prints the same figures.
 * A storefront replica killed under load behind the front is front.spec.ts's journey.
 */
import { expect, test } from '@playwright/test';
import {
  checkoutsAcrossReplicas,
  publishAndWatch,
  signInRequestsUntilRefused,
} from '../support/replica-checks.js';
import { findNginx } from '../support/front.js';
import { startReplicas, type Replicas } from '../support/replicas.js';

const { TEST_DATABASE_URL, TEST_REDIS_URL } = process.env;

test.describe.configure({ mode: 'serial' });
test.skip(({ isMobile }) => isMobile, 'Server behaviour: checked once, on desktop.');
// On CI nginx is installed (.ci/run), and a missing one fails with what to install.
test.skip(
  !findNginx() && !process.env.CI,
  'The replicas run behind nginx: `apt-get install nginx` (Debian) to run this journey',
);
test.skip(
  !TEST_DATABASE_URL || !TEST_REDIS_URL,
  'Replicas share a PostgreSQL and a Redis: set TEST_DATABASE_URL and TEST_REDIS_URL (.ci/run does when they answer)',
);

let replicas: Replicas;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  replicas = await startReplicas({
    redisUrl: TEST_REDIS_URL ?? '',
    postgresUrl: TEST_DATABASE_URL ?? '',
  });
});

test.afterAll(async () => {
  await replicas?.stop();
});

test('a publish in the CMS shows on every storefront replica within 2 s', async () => {
  const delays = await publishAndWatch(replicas);
  expect(delays).toHaveLength(2);
  for (const delay of delays) expect(delay).toBeLessThanOrEqual(2_000);
});

test('sign-in code requests spread over the replicas are refused at the limit of one (10)', async () => {
  expect(await signInRequestsUntilRefused(replicas)).toBe(11);
});

test('1,000 concurrent checkouts paid across the commerce replicas make exactly 1,000 orders and e-mails', async () => {
  test.setTimeout(240_000);
  const result = await checkoutsAcrossReplicas(replicas, { count: 1000 });
  expect(result).toMatchObject({ orders: 1000, mails: 1000, buyers: 1000 });
});
