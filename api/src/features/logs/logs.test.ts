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

  it('a scroll by level reads in id order and continues where its last page ended when newer lines arrive', async () => {
    const { client } = await api.loggedIn('logscroller', { isAdmin: true, isVerified: true });
    await api.db
      .insert(t.logs)
      .values(
        Array.from({ length: 250 }, (_, n) => ({ LogLevel: 3, Context: 'test/scroll', Log: `scroll ${n}` })),
      );
    const page = async (offset: number) =>
      (
        (
          await client.call('/logs/getLogs', {
            paginationOffset: offset,
            Filters: [{ name: 'LogLevel', op: 'in', value: [3] }],
          })
        ).data as { DBData: { ID: number; Log: string }[] }
      ).DBData;
    const first = await page(0);
    expect(first).toHaveLength(100);
    const ids = first.map((r) => r.ID);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    // Newer lines arrive during the scroll: the next page continues after the rows already shown.
    await api.db.insert(t.logs).values({ LogLevel: 3, Context: 'test/scroll', Log: 'newer' });
    const second = await page(100);
    expect(second[0].ID).toBeLessThan(ids.at(-1)!);
    expect(second.map((r) => r.Log)).not.toContain(first.at(-1)!.Log);
    const third = await page(200);
    expect(third.length).toBeGreaterThan(0);
    expect(third[0].ID).toBeLessThan(second.at(-1)!.ID);
  });
});
