/**
 * A bare Next.js app, built and started beside the shop in the same benchmark run: the floor
 * the shop's pages are compared with. `/` is a page with nothing in it (a heading); `/pressed`
 * is rendered per request, as the admin area is, and holds one button that counts its presses
 * (the least a page needs to answer a press: the framework and React, hydrated); each entry
 * of `staticFiles` becomes a static route that Next prerenders at build time and serves from
 * its cache, byte for byte the given HTML (the shop's own pages, to compare like with like).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../scripts/lib/paths.mjs';
import { freePort } from './free-port.mjs';

const NEXT_BIN = path.join(ROOT, 'node_modules/next/dist/bin/next');
// Outside the storefront: Turbopack built a page inside it with the storefront's own
// instrumentation.ts and proxy.ts, so the "bare" page ran the shop's start-up checks (which
// stop a production server without the shop's secrets) and its proxy. Next.js renders with
// the React it ships, so the app needs no node_modules of its own. Ignored by git.
const BARE_APP = path.join(ROOT, '.tmp/bare-next');

function run(command, args, options) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${command} failed:\n${output}`)),
    );
  });
}

const write = (file, text) => {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
};

/**
 * @param {{ staticFiles?: Record<string, string> }} options route name (e.g. `home`) → HTML
 * @returns {Promise<{ url: string, stop(): void }>}
 */
export async function startBareNextApp({ staticFiles = {} } = {}) {
  rmSync(BARE_APP, { recursive: true, force: true });
  write(path.join(BARE_APP, 'package.json'), '{ "private": true }\n');
  // The repository root holds node_modules; Turbopack must be allowed to read from it.
  write(
    path.join(BARE_APP, 'next.config.mjs'),
    `export default { turbopack: { root: ${JSON.stringify(ROOT)} }, outputFileTracingRoot: ${JSON.stringify(ROOT)} };\n`,
  );
  write(
    path.join(BARE_APP, 'app/layout.js'),
    'export default function Layout({ children }) {\n  return <html lang="en"><body>{children}</body></html>;\n}\n',
  );
  write(
    path.join(BARE_APP, 'app/page.js'),
    'export default function Page() {\n  return <main><h1>Hello</h1></main>;\n}\n',
  );
  write(
    path.join(BARE_APP, 'app/pressed/press-count.js'),
    [
      "'use client';",
      "import { useState } from 'react';",
      'export function PressCount() {',
      '  const [presses, setPresses] = useState(0);',
      '  return <button onClick={() => setPresses(presses + 1)}>Pressed {presses} times</button>;',
      '}',
      '',
    ].join('\n'),
  );
  write(
    path.join(BARE_APP, 'app/pressed/page.js'),
    [
      "import { PressCount } from './press-count';",
      "export const dynamic = 'force-dynamic';",
      'export default function Page() {',
      '  return <main><h1>Hello</h1><PressCount /></main>;',
      '}',
      '',
    ].join('\n'),
  );
  for (const [name, html] of Object.entries(staticFiles)) {
    write(path.join(BARE_APP, `app/static/${name}/page.html`), html);
    write(
      path.join(BARE_APP, `app/static/${name}/route.js`),
      [
        "import { readFileSync } from 'node:fs';",
        "export const dynamic = 'force-static';",
        'export function GET() {',
        `  return new Response(readFileSync(${JSON.stringify(path.join(BARE_APP, `app/static/${name}/page.html`))}), {`,
        "    headers: { 'content-type': 'text/html; charset=utf-8' },",
        '  });',
        '}',
        '',
      ].join('\n'),
    );
  }
  const env = { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' };
  await run(process.execPath, [NEXT_BIN, 'build', BARE_APP], { cwd: BARE_APP, env });
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [NEXT_BIN, 'start', BARE_APP, '-H', '127.0.0.1', '-p', `${port}`],
    { cwd: BARE_APP, stdio: 'ignore', detached: true, env },
  );
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      if ((await fetch(url)).ok) break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  return {
    url,
    stop: () => {
      process.kill(-child.pid, 'SIGTERM');
      rmSync(BARE_APP, { recursive: true, force: true });
    },
  };
}
