import { userCalls } from '@leadmesh/schema';
import { bindEach } from '../../lib/call.ts';
import { RATE_LIMITS } from '../../lib/rate-limit.ts';
import * as h from './users.handlers.ts';

export const userRoutes = bindEach(userCalls, h, {
  createUser: { limits: [{ rule: RATE_LIMITS.signUpPerIp, by: 'ip' }] },
  changePassword: { owns: [{ user: 'id', bypass: [] }] },
  getSingleUser: { owns: [{ account: 'ID' }] },
  editUser: { owns: [{ account: 'id' }] },
  verifyPublisher: { owns: [{ account: 'ID' }] },
});
