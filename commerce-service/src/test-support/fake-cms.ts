/**
 * A stand-in for the CMS's side of the member resources (docs/product.md#member-resources): its
 * one read for the commerce service and the resources' files under /uploads, both answering only
 * the shared secret, as the real CMS does (cms/src/api/member-resource); and the newsletter
 * issues' read and the reviews' delivery and erasure (docs/product.md#keeping-in-touch). Each test sets the
 * published resources and files; every request is recorded.
 */
import { createServer, type Server } from 'node:http';

export interface FakeCmsFile {
  body: Buffer;
  mime: string;
}

export interface FakeCms {
  url: string;
  /** What `GET /api/member-resources/for-commerce` answers, as the CMS shapes it. */
  resources: unknown[];
  /** The files under /uploads, by path. */
  files: Map<string, FakeCmsFile>;
  /** What `GET /api/newsletter-issues/for-commerce` answers. */
  issues: unknown[];
  /** The reviews posted to `POST /api/reviews/from-commerce`, as sent. */
  reviews: Record<string, unknown>[];
  /** The submissions taken back by `DELETE /api/reviews/from-commerce/{id}`, in turn. */
  erased: string[];
  /** Each request's path and whether it carried the secret. */
  requests: { path: string; withSecret: boolean }[];
  close(): Promise<void>;
}

export async function startFakeCms(secret: string): Promise<FakeCms> {
  const cms: Omit<FakeCms, 'url' | 'close'> = {
    resources: [],
    files: new Map(),
    issues: [],
    reviews: [],
    erased: [],
    requests: [],
  };
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://cms').pathname;
    const withSecret = request.headers['x-member-content-secret'] === secret;
    cms.requests.push({ path, withSecret });
    if (path === '/api/member-resources/for-commerce') {
      if (!withSecret) return response.writeHead(401).end('{}');
      return response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ resources: cms.resources }));
    }
    if (path === '/api/newsletter-issues/for-commerce') {
      if (!withSecret) return response.writeHead(401).end('{}');
      return response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ issues: cms.issues }));
    }
    if (path === '/api/reviews/from-commerce' && request.method === 'POST') {
      if (!withSecret) return response.writeHead(401).end('{}');
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        cms.reviews.push(JSON.parse(body) as Record<string, unknown>);
        response
          .writeHead(201, { 'content-type': 'application/json' })
          .end(JSON.stringify({ documentId: `review${cms.reviews.length}` }));
      });
      return;
    }
    const erasing = /^\/api\/reviews\/from-commerce\/([\w-]+)$/.exec(path);
    if (erasing && request.method === 'DELETE') {
      if (!withSecret) return response.writeHead(401).end('{}');
      cms.erased.push(erasing[1] as string);
      cms.reviews = cms.reviews.filter((review) => review.submissionId !== erasing[1]);
      return response.writeHead(204).end();
    }
    const file = cms.files.get(path);
    if (!file || !withSecret) return response.writeHead(404).end('Not Found');
    response.writeHead(200, { 'content-type': file.mime, 'content-length': file.body.length });
    response.end(file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return Object.assign(cms, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
