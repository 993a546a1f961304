/**
 * For tests that call the App Router's route handlers directly: which handlers exist under
 * `app/api`, and what Next.js answers for what a handler does (its Response; a redirect for
 * `redirect()`; a 500 for anything else it throws).
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import {
  getRedirectStatusCodeFromError,
  getURLFromRedirectError,
} from 'next/dist/client/components/redirect';
import { isRedirectError } from 'next/dist/client/components/redirect-error';

export interface ApiRoute {
  /** `/api/blogposts/[slug]`, as the folders name it. */
  pattern: string;
  file: string;
  /** The dynamic segments' names, in order. */
  params: string[];
}

/** Every `route.ts` below `appDir/api`. */
export function findApiRoutes(appDir: string): ApiRoute[] {
  return readdirSync(path.join(appDir, 'api'), { recursive: true, encoding: 'utf8' })
    .filter((file) => path.basename(file) === 'route.ts')
    .map((file) => {
      const folder = path
        .dirname(file)
        .split(path.sep)
        .filter((part) => part !== '.');
      return {
        pattern: ['/api', ...folder].join('/'),
        file: path.join(appDir, 'api', file),
        params: folder.flatMap((part) => /^\[(\w+)\]$/.exec(part)?.[1] ?? []),
      };
    })
    .sort((a, b) => a.pattern.localeCompare(b.pattern));
}

export const HTTP_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** The answer Next.js sends for a handler call: a thrown error becomes a 500 naming it. */
export async function answerOf(call: () => Promise<Response> | Response): Promise<Response> {
  try {
    return await call();
  } catch (error) {
    if (isRedirectError(error)) {
      return new Response(null, {
        status: getRedirectStatusCodeFromError(error),
        headers: { location: getURLFromRedirectError(error) as string },
      });
    }
    return new Response(`The handler threw: ${(error as Error)?.stack ?? String(error)}`, {
      status: 500,
    });
  }
}
