/**
 * Runs the three services together with `concurrently` (prefixed logs, Ctrl-C stops all),
 * and prints the addresses and the CMS sign-in once every service answers.
 */
import { createServer } from 'node:net';
import concurrently from 'concurrently';
import waitOn from 'wait-on';
import { HOST, developmentAdmin, serviceDefinitions } from './services.mjs';

function assertPortFree(port, service) {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', () =>
      reject(
        new Error(
          `Port ${port} on ${HOST} is already in use, so the ${service} cannot start: stop whatever listens there and try again.`,
        ),
      ),
    );
    probe.listen(port, HOST, () => probe.close(resolve));
  });
}

export async function runServices({ mode, dataDir }) {
  const services = serviceDefinitions({ mode, dataDir });
  for (const service of services)
    await assertPortFree(Number(service.env.PORT ?? new URL(service.url).port), service.name);

  const started = Date.now();
  const { result } = concurrently(
    services.map(({ name, command, cwd, env }) => ({ name, command, cwd, env })),
    {
      prefix: 'name',
      prefixColors: ['magenta', 'cyan', 'green'],
      killOthersOn: ['failure', 'success'],
      handleInput: false,
    },
  );

  // The storefront's pages read from the other two, so it is asked last.
  const storefront = services.find((service) => service.name === 'storefront');
  const backends = services.filter((service) => service !== storefront);
  const wait = (resources) => waitOn({ resources, timeout: 10 * 60_000, interval: 500 });
  wait(backends.map((service) => service.readyUrl))
    .then(() => wait([storefront.readyUrl]))
    .then(() => printBanner(services, (Date.now() - started) / 1000))
    .catch(() =>
      console.error('The services did not all answer within 10 minutes; see the logs above.'),
    );

  try {
    await result;
  } catch {
    // A service stopped: concurrently has stopped the others and printed why.
    process.exitCode = process.exitCode ?? 1;
  }
}

function printBanner(services, seconds) {
  const admin = developmentAdmin();
  const email = process.env.CMS_ADMIN_EMAIL || admin.email;
  const password = process.env.CMS_ADMIN_PASSWORD
    ? '(the CMS_ADMIN_PASSWORD you set)'
    : admin.password;
  const byName = Object.fromEntries(services.map((service) => [service.name, service.url]));
  console.log(`
  The shop is running (all three services answered after ${seconds.toFixed(1)} s):

    Storefront        ${byName.storefront}
    Commerce API      ${byName.commerce}
    CMS admin         ${byName.cms}
      sign in with    ${email} / ${password}

  Press Ctrl-C to stop all three.
`);
}
