import { POSTBACK_MACRO_NAMES, testMacros } from '@leadmesh/core';
import {
  checkOutboundUrl,
  fillUrlTemplate,
  isInspectorUrl,
  listPlaceholders,
  templateOrigin,
  type UrlCheckOptions,
} from '@leadmesh/net';
import { outboundUrlPolicy } from '../../lib/outbound-policy.ts';

/** Postbacks and CRMs share the save-time outbound policy (and its test resolver). */
export { setOutboundResolverForTests as setPostbackResolverForTests } from '../../lib/outbound-policy.ts';

/** The save-time policy of postback URLs: the outbound one, and the platform's own inspector. */
export interface PostbackUrlPolicy extends UrlCheckOptions {
  /** The sites server's public URL: its `/pb/…` inspector URLs are admitted (decision 0041). */
  sitesPublicUrl?: string;
}

export function postbackUrlPolicy(env: {
  ALLOW_LOOPBACK_TARGETS: boolean;
  SITES_PUBLIC_URL: string;
}): PostbackUrlPolicy {
  return { ...outboundUrlPolicy(env), sitesPublicUrl: env.SITES_PUBLIC_URL };
}

const KNOWN = new Set(POSTBACK_MACRO_NAMES);

/**
 * Why a postback URL template may not be saved, or null. In order: placeholders in the scheme, host
 * or port (`templateOrigin`); placeholders the platform does not fill (they would be sent as
 * written); then the URL filled with sample values goes through the outbound policy: http(s),
 * no credentials, an allowed port, and a host whose every address is public (the worker checks
 * again at send time, after its own resolution and at each redirect). A host that does not resolve
 * is refused too: it is almost always a typo.
 */
export async function postbackUrlProblem(
  template: string,
  policy: PostbackUrlPolicy,
): Promise<string | null> {
  try {
    templateOrigin(template);
  } catch (error) {
    return (error as Error).message;
  }
  const unknown = listPlaceholders(template).filter((name) => !KNOWN.has(name));
  if (unknown.length > 0) {
    return `Unknown placeholder ${unknown.map((n) => `{${n}}`).join(', ')}: see the help for the list of placeholders.`;
  }
  let filled: string;
  try {
    filled = fillUrlTemplate(template, testMacros());
  } catch (error) {
    return (error as Error).message;
  }
  // The user's inspector is on the platform's own sites server, which may sit on a private address.
  if (isInspectorUrl(filled, policy.sitesPublicUrl)) return null;
  const check = await checkOutboundUrl(filled, policy);
  return check.ok ? null : check.message;
}
