import { z } from 'zod';
import { PASSWORD_MAX } from '../constants/limits.ts';
import { defineCall } from './define.ts';
import { emptyBody, idSchema } from './fields.ts';
import { passwordSchema, sessionDataSchema } from './users.ts';

export const authCalls = {
  csrf: defineCall({
    path: '/api/csrf',
    method: 'PUT',
    summary: 'A CSRF token to send as X-XSRF-TOKEN on every state-changing call (also set as a cookie)',
    spec: 'A',
    callers: ['anyone'],
    request: emptyBody,
    response: z.object({ token: z.string() }),
  }),
  checkLogin: defineCall({
    path: '/auth/checkLogin',
    method: 'POST',
    summary: "Is the session valid? Answers the session's user data",
    spec: 'P',
    callers: ['anyone'],
    request: z.object({ BoundUser: idSchema.nullable().optional() }),
    response: sessionDataSchema,
  }),
  login: defineCall({
    path: '/auth/login',
    method: 'POST',
    summary: 'Log in with username (or e-mail) and password; sets a new session cookie',
    spec: 'P',
    callers: ['anyone'],
    request: z.object({
      username: z.string().trim().min(1).max(254),
      password: z
        .string()
        .min(1)
        .max(PASSWORD_MAX * 4),
    }),
    response: sessionDataSchema,
  }),
  logout: defineCall({
    path: '/auth/logout',
    method: 'GET',
    summary: 'End the session (the session id stops working at once)',
    spec: 'P',
    callers: ['session'],
    request: emptyBody,
    response: z.null(),
  }),
  sendUniqueToken: defineCall({
    path: '/auth/sendUniqueToken',
    method: 'POST',
    summary:
      'Mail a password-reset code (valid 15 minutes); the answer never tells whether the e-mail exists',
    spec: 'P',
    callers: ['anyone'],
    request: z.object({ Email: z.string().trim().max(254) }),
    response: z.null(),
  }),
  resetPassword: defineCall({
    path: '/auth/resetPassword',
    method: 'POST',
    summary: 'Set a new password with a mailed code',
    spec: 'P',
    callers: ['anyone'],
    request: z.object({
      Email: z.string().trim().max(254),
      Token: z.string().trim().min(1).max(64),
      NewPassword: passwordSchema,
    }),
    response: z.null(),
  }),
  contact: defineCall({
    path: '/email/contact',
    method: 'POST',
    summary: 'Get-in-touch form and conference meeting requests',
    spec: 'P',
    callers: ['anyone'],
    request: z.object({
      Name: z.string().trim().min(1).max(200),
      EMail: z.email().max(254),
      Message: z.string().trim().max(5000).optional().nullable(),
      /** Conference meeting request: city and wished time. */
      City: z.string().trim().max(32).optional().nullable(),
      date: z.string().trim().max(100).optional().nullable(),
    }),
    response: z.null(),
  }),
};

export { idSchema };
