import { authCalls } from '@leadmesh/schema';
import { bind } from '../../lib/call.ts';
import { RATE_LIMITS } from '../../lib/rate-limit.ts';
import * as h from './auth.handlers.ts';

export const authRoutes = [
  bind(authCalls.csrf, h.csrf),
  bind(authCalls.checkLogin, h.checkLogin),
  // The per-account lockout lives in the handler: it counts failures of the account the login names.
  bind(authCalls.login, h.login, {
    limits: [{ rule: RATE_LIMITS.loginPerIp, by: 'ip', failuresOnly: true }],
  }),
  bind(authCalls.logout, h.logout),
  bind(authCalls.sendUniqueToken, h.sendUniqueToken, {
    limits: [
      { rule: RATE_LIMITS.resetSendPerIp, by: 'ip' },
      { rule: RATE_LIMITS.resetSendPerEmail, by: (input) => input.Email.trim().toLowerCase() },
    ],
  }),
  bind(authCalls.resetPassword, h.resetPasswordHandler, {
    limits: [{ rule: RATE_LIMITS.resetTryPerIp, by: 'ip' }],
  }),
  bind(authCalls.contact, h.contact, { limits: [{ rule: RATE_LIMITS.contactPerIp, by: 'ip' }] }),
];
