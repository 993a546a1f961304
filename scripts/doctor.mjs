#!/usr/bin/env node
/**
 * `npm run doctor [-- [--compose] [env-file]]`: every production requirement of the three
 * services, each passed or failed with what to do, for the settings they will get. Exits 1
 * when one failed. The checks are the services' own, the ones they run when they start with
 * NODE_ENV=production (commerce-service/src/production-settings.ts,
 * storefront/lib/production-settings.ts, cms/src/env.ts).
 *
 * Without --compose every service gets the same variables: the environment, over the env file
 * when one is given (as `npm start` and most process managers pass one environment to all).
 * With --compose (env file default `.env`) each service gets what docker-compose.yml gives it,
 * interpolated from the env file and the environment as docker-compose does; a folder the
 * compose file mounts into a service is checked on this machine.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { tsImport } from 'tsx/esm/api';
import { parse as parseYaml } from 'yaml';
import { assertSupportedNode } from './lib/node-version.mjs';
import { ROOT } from './lib/paths.mjs';

assertSupportedNode();

/** docker-compose's `${NAME}`, `${NAME:-default}`, `${NAME-default}`, `${NAME:?error}`, `${NAME?error}`, `$$`. */
const VARIABLE =
  /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?)([-?])([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g;

function interpolate(text, vars, refusals) {
  return String(text).replace(VARIABLE, (match, braced, colon, operator, argument, bare) => {
    if (match === '$$') return '$';
    const name = braced ?? bare;
    const value = vars[name];
    const missing = colon ? !value : value === undefined;
    if (operator === '-') return missing ? argument : value;
    if (operator === '?' && missing) {
      refusals.push({ variable: name, message: argument || `${name} is required` });
      return '';
    }
    return value ?? '';
  });
}

/** Each service's environment as docker-compose.yml gives it, and what compose itself refuses. */
function composeEnvironments(composeFile, vars) {
  const compose = parseYaml(readFileSync(composeFile, 'utf8'));
  const refusals = [];
  const services = {};
  for (const [name, service] of Object.entries(compose.services ?? {})) {
    const env = {};
    for (const [key, value] of Object.entries(service.environment ?? {}))
      env[key] = interpolate(value ?? '', vars, refusals);
    // A mounted host folder is checked where it is on this machine.
    for (const volume of service.volumes ?? []) {
      const [source = '', target = ''] = interpolate(volume, vars, refusals).split(':');
      if (!source.startsWith('.') && !source.startsWith('/')) continue;
      for (const [key, value] of Object.entries(env)) {
        if (value === target || value.startsWith(`${target}/`))
          env[key] = path.resolve(path.dirname(composeFile), source) + value.slice(target.length);
      }
    }
    services[name] = env;
  }
  const unique = new Map(refusals.map((refusal) => [refusal.variable, refusal]));
  return { services, refusals: [...unique.values()] };
}

async function serviceChecks(env) {
  const load = (file) => tsImport(path.join(ROOT, file), import.meta.url);
  const commerce = await load('commerce-service/src/production-settings.ts');
  const storefront = await load('storefront/lib/production-settings.ts');
  const cms = await load('cms/src/env.ts');
  const cmsChecks = () => {
    try {
      return cms.checkProductionSettings(cms.parseCmsEnv(env.cms));
    } catch (error) {
      return [
        {
          variable: 'configuration',
          requirement: 'Every variable is valid',
          problem: error.message,
        },
      ];
    }
  };
  return [
    ['commerce-service', commerce.checkProductionSettings(env.commerce)],
    ['storefront', storefront.checkProductionSettings(env.storefront)],
    ['cms', cmsChecks()],
  ];
}

function parseArguments(argv) {
  const compose = argv.includes('--compose');
  const files = argv.filter((argument) => argument !== '--compose');
  if (files.length > 1 || files.some((file) => file.startsWith('-'))) {
    console.error('Usage: npm run doctor -- [--compose] [env-file]');
    process.exit(2);
  }
  return { compose, envFile: files[0] ?? (compose ? '.env' : undefined) };
}

function readVariables(envFile) {
  if (!envFile) return { ...process.env };
  if (!existsSync(envFile)) {
    console.error(`doctor: ${envFile} does not exist`);
    process.exit(2);
  }
  // The environment wins over the file, as with docker-compose and `npm start`.
  return { ...parseEnv(readFileSync(envFile, 'utf8')), ...process.env };
}

const STATUS = { passed: 'passed ', failed: 'FAILED ', warning: 'warning' };

function printChecks(title, checks) {
  console.log(`\n${title}`);
  for (const check of checks) {
    const status = !check.problem ? 'passed' : check.warning ? 'warning' : 'failed';
    console.log(`  ${STATUS[status]}  ${check.requirement}`);
    if (check.problem) console.log(`           ${check.problem}`);
  }
}

async function main() {
  const { compose, envFile } = parseArguments(process.argv.slice(2));
  const vars = readVariables(envFile);
  let env = { commerce: vars, storefront: vars, cms: vars };
  let composeChecks = [];
  if (compose) {
    const composed = composeEnvironments(path.join(ROOT, 'docker-compose.yml'), vars);
    env = {
      commerce: composed.services['commerce-service'],
      storefront: composed.services.storefront,
      cms: composed.services.cms,
    };
    composeChecks = composed.refusals.map((refusal) => ({
      variable: refusal.variable,
      requirement: `${refusal.variable} is set in ${envFile}`,
      problem: refusal.message,
    }));
  }
  const sections = await serviceChecks(env);
  // A variable that a service's own check already names as failed is listed there only.
  const failedInServices = new Set(
    sections
      .flatMap(([, checks]) => checks.filter((check) => check.problem))
      .map((c) => c.variable),
  );
  const composeOnly = composeChecks.filter((check) => !failedInServices.has(check.variable));
  if (compose) sections.unshift(['docker-compose.yml', composeOnly]);

  console.log(
    `Production settings of the shop${compose ? ` as docker-compose.yml runs it with ${envFile}` : envFile ? ` with ${envFile}` : ''}:`,
  );
  for (const [title, checks] of sections) if (checks.length > 0) printChecks(title, checks);
  const all = sections.flatMap(([, checks]) => checks);
  const failed = all.filter((check) => check.problem && !check.warning).length;
  const warned = all.filter((check) => check.problem && check.warning).length;
  console.log(
    `\n${all.length - failed - warned} passed, ${failed} failed, ${warned} warning${warned === 1 ? '' : 's'}: ${failed === 0 ? 'ready to go live.' : 'fix what failed before going live.'}`,
  );
  process.exitCode = failed === 0 ? 0 : 1;
}

await main();
