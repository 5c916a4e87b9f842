import { authCalls } from '@leadmesh/schema';
import { bindEach } from '../../lib/call.ts';
import { RATE_LIMITS } from '../../lib/rate-limit.ts';
import * as h from './auth.handlers.ts';

export const authRoutes = bindEach(authCalls, h, {
  // The per-account lockout lives in the handler: it counts failures of the account the login names.
  login: { limits: [{ rule: RATE_LIMITS.loginPerIp, by: 'ip', failuresOnly: true }] },
  sendUniqueToken: {
    limits: [
      { rule: RATE_LIMITS.resetSendPerIp, by: 'ip' },
      { rule: RATE_LIMITS.resetSendPerEmail, by: (input) => input.Email.trim().toLowerCase() },
    ],
  },
  resetPassword: { limits: [{ rule: RATE_LIMITS.resetTryPerIp, by: 'ip' }] },
  contact: { limits: [{ rule: RATE_LIMITS.contactPerIp, by: 'ip' }] },
});
