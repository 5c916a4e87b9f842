import type { Resolver, UrlCheckOptions } from '@leadmesh/net';

let resolverForTests: Resolver | undefined;

/**
 * Tests only: the resolver host names of saved outbound URLs (postbacks, CRMs) are checked with (a
 * stub table, so no test reaches the real DNS). Returns the function that restores the default. A
 * module-level setter rather than a field of AppDeps: the production path (`undefined`: the net
 * package's default resolver) has nothing to configure.
 */
export function setOutboundResolverForTests(resolver: Resolver | undefined): () => void {
  const before = resolverForTests;
  resolverForTests = resolver;
  return () => {
    resolverForTests = before;
  };
}

/** The outbound policy at save time: loopback only where the setting allows it (tests). */
export function outboundUrlPolicy(env: { ALLOW_LOOPBACK_TARGETS: boolean }): UrlCheckOptions {
  return { allowLoopback: env.ALLOW_LOOPBACK_TARGETS, resolver: resolverForTests };
}
