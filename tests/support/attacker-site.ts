/**
 * Another site for the browser: a server on this machine, reached as `localhost`, which is not
 * the same site as 127.0.0.1. (A page faked by request interception would count as a public
 * site, and Chromium keeps those from reaching local addresses at all, proving nothing.)
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test, type BrowserContext, type Page } from '@playwright/test';

/**
 * Starts the other site before the spec file's tests and stops it after them; returns the
 * function that opens `html` as a page of that site in a browser context.
 */
export function useAttackerSite(): (context: BrowserContext, html: string) => Promise<Page> {
  const attackerPages = new Map<string, string>();
  let attackerSite: Server;
  let attackerOrigin = '';

  test.beforeAll(async () => {
    attackerSite = createServer((request, response) => {
      const html = attackerPages.get(request.url ?? '');
      response.writeHead(html ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
      response.end(html ? `<!doctype html><html><body>${html}</body></html>` : '');
    });
    await new Promise<void>((resolve) => attackerSite.listen(0, '127.0.0.1', resolve));
    attackerOrigin = `http://localhost:${(attackerSite.address() as AddressInfo).port}`;
  });

  test.afterAll(() => new Promise<void>((resolve) => attackerSite.close(() => resolve())));

  /** Opens `html` as a page of the other site in this browser context. */
  return async function attackerPage(context: BrowserContext, html: string): Promise<Page> {
    const path = `/prize-${attackerPages.size + 1}.html`;
    attackerPages.set(path, html);
    const page = await context.newPage();
    await page.goto(`${attackerOrigin}${path}`);
    return page;
  };
}
