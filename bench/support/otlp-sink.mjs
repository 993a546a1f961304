/**
 * An OTLP/HTTP receiver that only takes what it is sent and answers 200, for the telemetry
 * bench: what the services pay to export spans, with nothing of the receiver's own work in the
 * figures. Counts the exports and their bytes so the bench can say spans were sent.
 */
import http from 'node:http';

export async function startOtlpSink() {
  let exports = 0;
  let bytes = 0;
  const server = http.createServer((request, response) => {
    request.on('data', (chunk) => (bytes += chunk.length));
    request.on('end', () => {
      exports += 1;
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{}');
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    received: () => ({ exports, bytes }),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
