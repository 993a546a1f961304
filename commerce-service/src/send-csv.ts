/**
 * Sends rows as a CSV download, streamed a batch at a time as the rows arrive: a header row,
 * a byte order mark for spreadsheets, and a cell that starts like a formula written as text,
 * so a spreadsheet never runs it.
 */
import { Readable, pipeline } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyReply, FastifyRequest } from 'fastify';

export function sendCsv(
  request: FastifyRequest,
  reply: FastifyReply,
  {
    rows,
    columns,
    fileName,
  }: { rows: AsyncIterable<object>; columns: readonly string[]; fileName: string },
) {
  const csv = stringify({
    header: true,
    columns: [...columns],
    bom: true,
    escape_formulas: true,
    cast: { boolean: (value) => String(value) },
  });
  // A failure half-way ends the download cut short: the client sees it did not complete.
  pipeline(Readable.from(rows), csv, (error) => {
    if (error) request.log.error({ err: error, fileName }, 'a CSV export stopped');
  });
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(csv);
}
