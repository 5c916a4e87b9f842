import { createSelectSchema } from 'drizzle-zod';
import { z } from 'zod';
import { POSTBACK_TRIGGERS, POSTBACK_TYPES } from '../constants/catalogue.ts';
import { MESSAGES } from '../constants/errors.ts';
import { postbacks } from '../tables/postbacks.ts';
import { defineCall, emptyBody, idSchema } from './define.ts';

const postbackRow = createSelectSchema(postbacks);

/** A postback (dashboards §3). */
export const postbackSchema = postbackRow.pick({
  postbackID: true,
  postbackName: true,
  postbackURL: true,
  postbackType: true,
  postbackTrigger: true,
});
export type Postback = z.infer<typeof postbackSchema>;

/** The fields of an added or edited postback (dashboards §5). The URL may carry placeholders such as {lead_id}. */
const postbackFields = {
  postbackName: z
    .string({ error: MESSAGES.postbackNameMissing })
    .trim()
    .min(1, MESSAGES.postbackNameMissing)
    .max(100),
  postbackURL: z
    .string({ error: MESSAGES.postbackUrlMissing })
    .trim()
    .min(1, { error: MESSAGES.postbackUrlMissing, abort: true })
    .max(2000)
    .regex(/^https?:\/\/[^\s/?#]+/i, 'Postback URL must start with http:// or https://'),
  postbackType: z.enum(POSTBACK_TYPES).default('default'),
  postbackTrigger: z.enum(POSTBACK_TRIGGERS),
};

/** The session user's postbacks: URLs called when their leads hit a trigger. */
export const postbackCalls = {
  addPostback: defineCall({
    path: '/postback/addPostback',
    method: 'POST',
    summary: 'Add a postback for the session user',
    spec: 'D',
    callers: ['verified'],
    request: z.object(postbackFields),
    response: postbackSchema,
  }),
  deletePostback: defineCall({
    path: '/postback/deletePostback',
    method: 'POST',
    summary: 'Delete one of the own postbacks',
    spec: 'D',
    callers: ['verified'],
    request: z.object({ postbackID: idSchema }),
    response: z.null(),
  }),
  editPostback: defineCall({
    path: '/postback/editPostback',
    method: 'POST',
    summary: 'Edit one of the own postbacks',
    spec: 'D',
    callers: ['verified'],
    request: z.object({ postbackID: idSchema, ...postbackFields }),
    response: postbackSchema,
  }),
  getAllPostbacks: defineCall({
    path: '/postback/getAllPostbacks',
    method: 'POST',
    summary: "The session user's postbacks",
    spec: 'D',
    callers: ['verified'],
    request: emptyBody,
    response: z.array(postbackSchema),
  }),
};
