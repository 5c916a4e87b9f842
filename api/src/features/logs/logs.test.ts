import * as t from '@leadmesh/schema/tables';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../test/harness.ts';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ RATE_LIMIT_DISABLED: 'true' });
});
afterAll(async () => {
  await api.close();
});

describe('admin logs', () => {
  it('pages by 100 newest first with level names, gives a dump on demand, and removes all leaving one trace', async () => {
    const { user, client } = await api.loggedIn('logadmin', { isAdmin: true, isVerified: true });
    await api.db.insert(t.logs).values(
      Array.from({ length: 130 }, (_, n) => ({
        LogLevel: n % 4,
        Context: 'test/logs',
        Log: `entry ${n} [n:${n}]`,
        Dump: n === 129 ? JSON.stringify({ n }) : null,
      })),
    );
    const first = await client.call('/logs/getLogs', {
      paginationOffset: 0,
      Filters: [{ name: 'Context', op: 'eq', value: 'test/logs' }],
    });
    const rows = (
      first.data as { DBData: { ID: number; Log: string; LogLevelName: string; LogDumpPresent: boolean }[] }
    ).DBData;
    expect(rows).toHaveLength(100);
    expect(rows[0]).toMatchObject({
      Log: 'entry 129 [n:129]',
      LogDumpPresent: true,
      LogLevelName: 'warning',
    });
    const second = await client.call('/logs/getLogs', {
      offset: 100,
      filters: [{ name: 'Context', op: 'eq', value: 'test/logs' }],
    });
    expect((second.data as { DBData: unknown[] }).DBData).toHaveLength(30);
    expect((await client.call('/logs/getLogDump', { ID: rows[0].ID })).data).toEqual({
      ID: rows[0].ID,
      Dump: '{"n":129}',
    });
    expect((await client.call('/logs/getLogDump', { ID: rows[1].ID })).data).toBe('NOT_FOUND');
    expect((await client.call('/logs/removeAllLogs', {})).status).toBe('ok');
    const left = await api.db.select().from(t.logs);
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ Context: 'logs/removeAllLogs', User: user.ID });
  });
});
