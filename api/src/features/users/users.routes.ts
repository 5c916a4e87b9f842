import { userCalls } from '@leadmesh/schema';
import { bind } from '../../lib/call.ts';
import { RATE_LIMITS } from '../../lib/rate-limit.ts';
import * as h from './users.handlers.ts';

export const userRoutes = [
  bind(userCalls.createUser, h.createUser, { limits: [{ rule: RATE_LIMITS.signUpPerIp, by: 'ip' }] }),
  bind(userCalls.setTheme, h.setTheme),
  bind(userCalls.changePassword, h.changePassword, { owns: [{ user: 'id', bypass: [] }] }),
  bind(userCalls.getSingleUser, h.getSingleUser, { owns: [{ account: 'ID' }] }),
  bind(userCalls.editUser, h.editUser, { owns: [{ account: 'id' }] }),
  bind(userCalls.confirmEmailChange, h.confirmEmailChange),
  bind(userCalls.getAllUsers, h.getAllUsers),
  bind(userCalls.deleteUser, h.deleteUser),
  bind(userCalls.verifyPublisher, h.verifyPublisher, { owns: [{ account: 'ID' }] }),
];
