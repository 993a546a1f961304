/**
 * nginx serving pages as static files: the fastest this machine serves a page, which the
 * benchmarks hold the shop's cached pages against.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.mjs';

/** nginx on a free port serving `files` (name → HTML), one worker, logging nothing. */
export async function startNginx(files) {
  const directory = mkdtempSync(path.join(tmpdir(), 'bench-nginx-'));
  // nginx's worker runs as an unprivileged user, which must read the pages.
  chmodSync(directory, 0o755);
  mkdirSync(path.join(directory, 'html'));
  for (const [name, html] of Object.entries(files)) {
    writeFileSync(path.join(directory, 'html', `${name}.html`), html);
  }
  const port = await freePort();
  writeFileSync(
    path.join(directory, 'nginx.conf'),
    `worker_processes 1;
daemon off;
pid ${directory}/nginx.pid;
error_log ${directory}/error.log;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${directory}/body;
  proxy_temp_path ${directory}/proxy;
  fastcgi_temp_path ${directory}/fastcgi;
  uwsgi_temp_path ${directory}/uwsgi;
  scgi_temp_path ${directory}/scgi;
  server {
    listen 127.0.0.1:${port};
    root ${directory}/html;
    default_type text/html;
  }
}
`,
  );
  const child = spawn('nginx', ['-c', path.join(directory, 'nginx.conf'), '-p', directory], {
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 50; attempt += 1) {
    try {
      await fetch(url);
      break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    url,
    stop() {
      child.kill('SIGTERM');
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

export const hasNginx =
  spawnSync('sh', ['-c', 'command -v nginx'], { stdio: 'ignore' }).status === 0;
