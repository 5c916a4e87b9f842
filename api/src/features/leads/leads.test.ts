import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../test/harness.ts';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ RATE_LIMIT_DISABLED: 'true' });
});
afterAll(async () => {
  await api.close();
});

it('/leads/getStatusCodes answers the nine status names to any session', async () => {
  const { client } = await api.loggedIn('statuses1');
  const answer = await client.call('/leads/getStatusCodes', {});
  expect(answer.data).toEqual({
    '-2': 'Retrying',
    '-1': 'Lead processing',
    '0': 'Waiting',
    '1': 'Lead in progress',
    '2': 'Lead confirmed',
    '3': 'Lead rejected',
    '4': 'Bad lead',
    '5': 'Unknown CRM error',
    '6': 'Processing lead',
  });
  expect((await api.client().call('/leads/getStatusCodes', {})).data).toBe('NOT_LOGGED_IN');
});
