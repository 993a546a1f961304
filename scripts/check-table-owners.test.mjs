import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ownershipProblems, partOf, serviceFiles, tableWritesOf } from './check-table-owners.mjs';

const owners = { orders: 'orders', entitlements: 'orders', mail_outbox: 'mail' };
const file = (module, source) => ({
  file: `commerce-service/src/modules/${module}/repository.ts`,
  source,
});

describe('the table owners check', () => {
  it('finds Kysely’s writes and the same words in sql templates, with their lines', () => {
    const source = [
      "await trx.updateTable('orders').set({ status: 'refunded' });",
      "await db.selectFrom('entitlements').selectAll();",
      "await db.insertInto('mail_outbox').values(row);",
      'await sql`delete from entitlements where order_id = ${id}`.execute(trx);',
      "await trx.deleteFrom('orders as o');",
    ].join('\n');
    assert.deepEqual(tableWritesOf(source), [
      { table: 'orders', line: 1 },
      { table: 'mail_outbox', line: 3 },
      { table: 'orders', line: 5 },
      { table: 'entitlements', line: 4 },
    ]);
  });

  it('names a file’s part: its module, or its file of src/', () => {
    assert.equal(partOf('commerce-service/src/modules/admin-orders/refunds.ts'), 'admin-orders');
    assert.equal(partOf('commerce-service/src/jobs.ts'), 'jobs');
    assert.equal(partOf('commerce-service/src/db/availability.ts'), 'db');
  });

  it('fails a module that writes a table another owns, and passes the owner', () => {
    const violating = file('downloads', "await trx.updateTable('orders').set({ status: 'paid' });");
    assert.deepEqual(ownershipProblems([violating], owners), [
      'commerce-service/src/modules/downloads/repository.ts:1: downloads writes orders, which orders owns',
    ]);
    const owner = file('orders', "await trx.updateTable('orders').set({ status: 'paid' });");
    assert.deepEqual(ownershipProblems([owner], owners), []);
  });

  it('fails a write to a table nobody owns', () => {
    const unowned = file('orders', "await db.insertInto('secrets').values(row);");
    assert.deepEqual(ownershipProblems([unowned], owners), [
      'commerce-service/src/modules/orders/repository.ts:1: writes secrets, which table-owners.ts gives no owner',
    ]);
  });

  it('reads the service’s own code, not its tests or migrations', () => {
    const files = serviceFiles().map(({ file: name }) => name);
    assert.ok(files.includes('commerce-service/src/modules/orders/repository.ts'));
    assert.ok(!files.some((name) => name.includes('.test.') || name.includes('/migrations/')));
  });
});
