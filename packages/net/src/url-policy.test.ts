import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installNetworkJail, stubResolver } from './test-support/network-jail.ts';
import { checkOutboundUrl, MAX_URL_LENGTH } from './url-policy.ts';

let jail: ReturnType<typeof installNetworkJail>;
beforeAll(() => {
  jail = installNetworkJail();
});
afterEach(() => {
  // Checking a URL resolves names through the stub only and never opens a socket.
  expect(jail.violations).toEqual([]);
  expect(jail.attempts).toEqual([]);
  jail.reset();
});
afterAll(() => jail.restore());

const resolver = stubResolver({
  'crm.example': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
  'mixed.example': ['93.184.215.14', '10.0.0.7', '93.184.215.15'],
  'v6-private.example': ['2606:4700::1', 'fd00::5'],
  'rebind.example': ['127.0.0.1'],
  'loopback-and-private.example': ['127.0.0.1', '10.0.0.1'],
  'empty.example': [],
  'garbage.example': ['not-an-address'],
});

describe('checkOutboundUrl', () => {
  it('accepts a public https URL and returns every checked address', async () => {
    const check = await checkOutboundUrl('https://crm.example/api/leads?x=1', { resolver });
    expect(check).toMatchObject({
      ok: true,
      hostname: 'crm.example',
      port: 443,
      addresses: [
        { address: '93.184.215.14', family: 4 },
        { address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c', family: 6 },
      ],
    });
  });

  it('accepts public IP literals without resolving them', async () => {
    const calls = resolver.calls.length;
    expect(await checkOutboundUrl('http://93.184.215.14:8080/x', { resolver })).toMatchObject({
      ok: true,
      port: 8080,
    });
    expect(await checkOutboundUrl('http://[2606:4700:4700::1111]/', { resolver })).toMatchObject({
      ok: true,
      hostname: '2606:4700:4700::1111',
    });
    expect(resolver.calls.length).toBe(calls);
  });

  const refusals: [string, string][] = [
    ['not a url', 'URL_INVALID'],
    ['/relative/path', 'URL_INVALID'],
    ['http://', 'URL_INVALID'],
    [`https://crm.example/${'a'.repeat(MAX_URL_LENGTH)}`, 'URL_INVALID'],
    ['ftp://crm.example/file', 'SCHEME_NOT_ALLOWED'],
    ['file:///etc/passwd', 'SCHEME_NOT_ALLOWED'],
    ['gopher://crm.example:70/_', 'SCHEME_NOT_ALLOWED'],
    ['javascript:alert(1)', 'SCHEME_NOT_ALLOWED'],
    ['data:text/plain,hi', 'SCHEME_NOT_ALLOWED'],
    ['http://user:pass@crm.example/', 'CREDENTIALS_IN_URL'],
    ['http://user@crm.example/', 'CREDENTIALS_IN_URL'],
    ['http://crm.example:22/', 'PORT_NOT_ALLOWED'],
    ['http://crm.example:25/', 'PORT_NOT_ALLOWED'],
    ['https://crm.example:1023/', 'PORT_NOT_ALLOWED'],
    ['http://127.0.0.1/', 'ADDRESS_NOT_ALLOWED'],
    ['http://127.1/', 'ADDRESS_NOT_ALLOWED'],
    ['http://2130706433/', 'ADDRESS_NOT_ALLOWED'],
    ['http://0x7f.1/', 'ADDRESS_NOT_ALLOWED'],
    ['http://0x7f000001/', 'ADDRESS_NOT_ALLOWED'],
    ['http://017700000001/', 'ADDRESS_NOT_ALLOWED'],
    ['http://%31%32%37.0.0.1/', 'ADDRESS_NOT_ALLOWED'],
    ['http://0/', 'ADDRESS_NOT_ALLOWED'],
    ['http://0.0.0.0/', 'ADDRESS_NOT_ALLOWED'],
    ['http://10.0.0.1/', 'ADDRESS_NOT_ALLOWED'],
    ['http://0x0a.0.0.1/', 'ADDRESS_NOT_ALLOWED'],
    ['http://167772161/', 'ADDRESS_NOT_ALLOWED'],
    ['http://192.168.0.1./', 'ADDRESS_NOT_ALLOWED'],
    ['http://169.254.169.254/latest/meta-data/', 'ADDRESS_NOT_ALLOWED'],
    ['http://0251.0376.0251.0376/', 'ADDRESS_NOT_ALLOWED'],
    ['http://100.100.100.200/', 'ADDRESS_NOT_ALLOWED'],
    ['http://100.64.0.1/', 'ADDRESS_NOT_ALLOWED'],
    ['http://198.18.0.1/', 'ADDRESS_NOT_ALLOWED'],
    ['http://192.0.2.1/', 'ADDRESS_NOT_ALLOWED'],
    ['http://255.255.255.255/', 'ADDRESS_NOT_ALLOWED'],
    ['http://224.0.0.1/', 'ADDRESS_NOT_ALLOWED'],
    ['http://[::1]/', 'ADDRESS_NOT_ALLOWED'],
    ['http://[::]/', 'ADDRESS_NOT_ALLOWED'],
    ['http://[::ffff:127.0.0.1]/', 'ADDRESS_NOT_ALLOWED'],
    ['http://[::ffff:10.0.0.1]/', 'ADDRESS_NOT_ALLOWED'],
    ['http://[::ffff:a9fe:a9fe]/', 'ADDRESS_NOT_ALLOWED'],
    ['http://[64:ff9b::10.0.0.1]/', 'ADDRESS_NOT_ALLOWED'],
    ['http://[2002:a00:1::1]/', 'ADDRESS_NOT_ALLOWED'],
    ['http://[fd00:ec2::254]/', 'ADDRESS_NOT_ALLOWED'],
    ['http://[fc00::1]/', 'ADDRESS_NOT_ALLOWED'],
    ['http://[fe80::1]/', 'ADDRESS_NOT_ALLOWED'],
    ['http://[fec0::1]/', 'ADDRESS_NOT_ALLOWED'],
    ['http://metadata.google.internal/computeMetadata/v1/', 'ADDRESS_NOT_ALLOWED'],
    ['http://METADATA.GOOGLE.INTERNAL./', 'ADDRESS_NOT_ALLOWED'],
    ['http://mixed.example/', 'ADDRESS_NOT_ALLOWED'],
    ['http://v6-private.example/', 'ADDRESS_NOT_ALLOWED'],
    ['http://rebind.example/', 'ADDRESS_NOT_ALLOWED'],
    ['http://garbage.example/', 'ADDRESS_NOT_ALLOWED'],
    ['http://unknown.example/', 'HOST_UNRESOLVABLE'],
    ['http://empty.example/', 'HOST_UNRESOLVABLE'],
  ];
  it.each(refusals)('refuses %s with %s', async (url, code) => {
    const check = await checkOutboundUrl(url, { resolver });
    expect(check.ok).toBe(false);
    if (!check.ok) {
      expect(check.code).toBe(code);
      expect(check.message).toEqual(expect.any(String));
    }
  });

  it('refuses a name when any one of its addresses is private, and names it for the logs only', async () => {
    const check = await checkOutboundUrl('https://mixed.example/', { resolver });
    expect(check).toMatchObject({ ok: false, address: '10.0.0.7', addressClass: 'private' });
    if (!check.ok) expect(check.message).not.toContain('10.0.0.7');
  });

  it('names the class of a refused literal address', async () => {
    expect(await checkOutboundUrl('http://2130706433/', { resolver })).toMatchObject({
      address: '127.0.0.1',
      addressClass: 'loopback',
    });
    expect(await checkOutboundUrl('http://[fd00:ec2::254]/', { resolver })).toMatchObject({
      addressClass: 'metadata',
    });
  });

  it('does not resolve metadata host names at all', async () => {
    const calls = resolver.calls.length;
    await checkOutboundUrl('http://metadata.google.internal/', { resolver });
    expect(resolver.calls.length).toBe(calls);
  });

  describe('with allowLoopback', () => {
    it('admits loopback literals and names resolving to loopback only', async () => {
      const policy = { resolver, allowLoopback: true };
      expect((await checkOutboundUrl('http://127.0.0.1:8080/', policy)).ok).toBe(true);
      expect((await checkOutboundUrl('http://[::1]:8080/', policy)).ok).toBe(true);
      expect((await checkOutboundUrl('http://rebind.example:8080/', policy)).ok).toBe(true);
    });

    it.each([
      'http://10.0.0.1/',
      'http://169.254.169.254/',
      'http://0.0.0.0/',
      'http://[fd00:ec2::254]/',
      'http://[fe80::1]/',
      'http://loopback-and-private.example/',
      'http://metadata.google.internal/',
    ])('still refuses %s', async (url) => {
      const check = await checkOutboundUrl(url, { resolver, allowLoopback: true });
      expect(check).toMatchObject({ ok: false, code: 'ADDRESS_NOT_ALLOWED' });
    });
  });

  it('takes an explicit port list in place of the default rule', async () => {
    const allowedPorts = [443];
    expect((await checkOutboundUrl('https://crm.example/', { resolver, allowedPorts })).ok).toBe(true);
    expect(await checkOutboundUrl('http://crm.example:8080/', { resolver, allowedPorts })).toMatchObject({
      code: 'PORT_NOT_ALLOWED',
    });
  });

  it('turns a throwing resolver into HOST_UNRESOLVABLE', async () => {
    const failing = async () => {
      throw new Error('SERVFAIL');
    };
    expect(await checkOutboundUrl('http://crm.example/', { resolver: failing })).toMatchObject({
      ok: false,
      code: 'HOST_UNRESOLVABLE',
    });
  });
});
