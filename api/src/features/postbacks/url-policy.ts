import { POSTBACK_MACRO_NAMES, testMacros } from '@leadmesh/core';
import {
  checkOutboundUrl,
  fillUrlTemplate,
  listPlaceholders,
  type Resolver,
  templateOrigin,
  type UrlCheckOptions,
} from '@leadmesh/net';

let resolverForTests: Resolver | undefined;

/**
 * Tests only: the resolver host names of postback URLs are checked with when saved (a stub table,
 * so no test reaches the real DNS). Returns the function that restores the default. A module-level
 * setter rather than a field of AppDeps: only this feature resolves names in the API, and the
 * production path (`undefined`: the net package's default resolver) has nothing to configure.
 */
export function setPostbackResolverForTests(resolver: Resolver | undefined): () => void {
  const before = resolverForTests;
  resolverForTests = resolver;
  return () => {
    resolverForTests = before;
  };
}

/** The outbound policy at save time: loopback only where the setting allows it (tests). */
export function postbackUrlPolicy(env: { ALLOW_LOOPBACK_TARGETS: boolean }): UrlCheckOptions {
  return { allowLoopback: env.ALLOW_LOOPBACK_TARGETS, resolver: resolverForTests };
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
export async function postbackUrlProblem(template: string, policy: UrlCheckOptions): Promise<string | null> {
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
  const check = await checkOutboundUrl(filled, policy);
  return check.ok ? null : check.message;
}
