import { type Caller, currentSigningSecrets, type SecretBox } from '@leadmesh/core';
import type { Db } from '@leadmesh/db';
import { INSPECTOR_PATH, signedContent, verifySignature } from '@leadmesh/net';
import { INSPECTOR_LIMITS, type InspectorRequest } from '@leadmesh/schema';
import { inspectorRequests, postbackInspectors } from '@leadmesh/schema/tables';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { randomToken } from '../../lib/crypto.ts';

/** The receiving URL of an inspector token on the sites server. */
export const inspectorUrl = (sitesPublicUrl: string, token: string): string =>
  `${sitesPublicUrl.replace(/\/+$/, '')}${INSPECTOR_PATH}${token}`;

/** A user's inspector token, made on first need (two requests racing: the first insert wins). */
async function tokenOf(db: Db, userId: number): Promise<string> {
  const find = async () =>
    (
      await db
        .select({ Token: postbackInspectors.Token })
        .from(postbackInspectors)
        .where(eq(postbackInspectors.UserID, userId))
        .limit(1)
    )[0]?.Token;
  const found = await find();
  if (found) return found;
  await db
    .insert(postbackInspectors)
    .values({ UserID: userId, Token: randomToken(24) })
    .onConflictDoNothing();
  const made = await find();
  if (!made) throw new Error(`no inspector token for user ${userId}`);
  return made;
}

/**
 * The session user's inspector (decision 0041): its URL and the requests it kept, newest first. It
 * takes no user id: a caller only ever sees their own.
 */
export async function getInspector(
  db: Db,
  caller: Caller,
  sitesPublicUrl: string,
): Promise<{ URL: string; requests: InspectorRequest[] }> {
  const token = await tokenOf(db, caller.user.ID);
  const rows = await db
    .select()
    .from(inspectorRequests)
    .where(eq(inspectorRequests.UserID, caller.user.ID))
    .orderBy(desc(inspectorRequests.ID))
    .limit(INSPECTOR_LIMITS.requests);
  return {
    URL: inspectorUrl(sitesPublicUrl, token),
    requests: rows.map((r) => ({
      ID: r.ID,
      method: r.Method,
      URL: r.URL,
      headers: r.Headers,
      body: r.Body,
      bodyBytes: r.BodyBytes,
      signature: r.Signature,
      receivedAt: r.receivedAt.toISOString(),
    })),
  };
}

/** Forgets the requests the session user's inspector kept. */
export async function clearInspector(db: Db, caller: Caller): Promise<null> {
  await db.delete(inspectorRequests).where(eq(inspectorRequests.UserID, caller.user.ID));
  return null;
}

/** A request as the sites server received it at `/pb/{token}`. */
export interface ReceivedRequest {
  method: string;
  /** The public URL: the sites server's public origin and the raw path and query as received. */
  url: string;
  headers: [string, string][];
  body: Uint8Array;
}

/** Header names and values as kept: lower-case, at most INSPECTOR_LIMITS.headers, values cut. */
function keptHeaders(headers: [string, string][]): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of headers.slice(0, INSPECTOR_LIMITS.headers)) {
    kept[name.toLowerCase()] = value.slice(0, INSPECTOR_LIMITS.headerChars);
  }
  return kept;
}

/**
 * Records one request for the owner of `token`, with how its signature checks out against the
 * owner's secrets now (what the worker signs: the URL of a GET, the raw body otherwise), and
 * keeps only the owner's newest INSPECTOR_LIMITS.requests, in one transaction. False: no such token.
 */
export async function recordInspectorRequest(
  db: Db,
  box: SecretBox,
  token: string,
  request: ReceivedRequest,
  now: Date = new Date(),
): Promise<boolean> {
  const [owner] = await db
    .select({ UserID: postbackInspectors.UserID })
    .from(postbackInspectors)
    .where(eq(postbackInspectors.Token, token))
    .limit(1);
  if (!owner) return false;
  const text = new TextDecoder().decode(request.body);
  const headers = keptHeaders(request.headers);
  const signature = verifySignature({
    secrets: await currentSigningSecrets(db, box, owner.UserID, now),
    headers,
    payload: signedContent({ method: request.method, url: request.url, body: text }),
    now,
  });
  await db.transaction(async (tx) => {
    await tx.insert(inspectorRequests).values({
      UserID: owner.UserID,
      Method: request.method.slice(0, 16),
      URL: request.url.slice(0, 4000),
      Headers: headers,
      Body: text.slice(0, INSPECTOR_LIMITS.bodyChars),
      BodyBytes: request.body.byteLength,
      Signature: signature,
      receivedAt: now,
    });
    // The newest INSPECTOR_LIMITS.requests stay: older ones go (the subquery is NULL below the cap).
    await tx
      .delete(inspectorRequests)
      .where(
        and(
          eq(inspectorRequests.UserID, owner.UserID),
          lt(
            inspectorRequests.ID,
            sql`(select ${inspectorRequests.ID} from ${inspectorRequests} where ${inspectorRequests.UserID} = ${owner.UserID} order by ${inspectorRequests.ID} desc limit 1 offset ${INSPECTOR_LIMITS.requests - 1})`,
          ),
        ),
      );
  });
  return true;
}
