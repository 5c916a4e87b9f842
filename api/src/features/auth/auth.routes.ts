import { authCalls } from '@leadmesh/schema';
import { bind } from '../../lib/call.ts';
import * as h from './auth.handlers.ts';

export const authRoutes = [
  bind(authCalls.csrf, h.csrf),
  bind(authCalls.checkLogin, h.checkLogin),
  bind(authCalls.login, h.login),
  bind(authCalls.logout, h.logout),
  bind(authCalls.sendUniqueToken, h.sendUniqueToken),
  bind(authCalls.resetPassword, h.resetPasswordHandler),
  bind(authCalls.contact, h.contact),
];
