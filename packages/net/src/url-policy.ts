import dns from 'node:dns';
import { isIP } from 'node:net';
import { classifyAddress, isMetadataHostName } from './address-policy.ts';
import type { Refusal } from './errors.ts';

/** One address a host name resolves to. */
export interface ResolvedAddress {
  address: string;
  family: number;
}

/**
 * Resolves a host name to every address it has. The default is `dns.promises.lookup(host, { all: true })`,
 * which sees what the operating system would connect to (`/etc/hosts` included). Tests pass a stub.
 */
export type Resolver = (host: string) => Promise<ResolvedAddress[]>;

/** The outbound policy a caller chooses. Production: `{ allowLoopback: false }` and the default resolver. */
export interface OutboundPolicy {
  /** Admit loopback addresses (127.0.0.0/8, ::1) so tests reach their fakes. Never private, link-local or metadata. */
  allowLoopback: boolean;
  resolver?: Resolver;
}

/** {@link OutboundPolicy} plus the port rule. */
export interface UrlCheckOptions extends Partial<OutboundPolicy> {
  /**
   * Ports that may be contacted. Default: 80, 443 and every port from 1024 up; the other system ports
   * (SMTP 25, SSH 22, ...) are refused so a saved URL cannot aim HTTP at a mail or shell service.
   */
  allowedPorts?: readonly number[];
}

/** A URL that may be contacted, with the addresses that were checked (connect to these and no others). */
export interface AllowedUrl {
  ok: true;
  url: URL;
  /** Host name or IP without IPv6 brackets, as used for the Host header and TLS SNI. */
  hostname: string;
  port: number;
  /** Every address the host resolved to; all of them passed the policy. */
  addresses: ResolvedAddress[];
}

export type UrlCheck = AllowedUrl | ({ ok: false } & Refusal);

/** URLs longer than this are refused: no receiver needs more, and logs stay readable. */
export const MAX_URL_LENGTH = 8192;

export const defaultResolver: Resolver = async (host) => {
  const answers = await dns.promises.lookup(host, { all: true });
  return answers.map(({ address, family }) => ({ address, family }));
};

function refuse(refusal: Refusal): UrlCheck {
  return { ok: false, ...refusal };
}

function portAllowed(port: number, allowedPorts?: readonly number[]): boolean {
  if (allowedPorts) return allowedPorts.includes(port);
  return port === 80 || port === 443 || (port >= 1024 && port <= 65535);
}

/**
 * Check a URL before it is saved (API) and again before each request (worker, each redirect hop).
 *
 * Rules, in order: parses as an absolute URL of at most {@link MAX_URL_LENGTH} characters
 * (`URL_INVALID`); scheme http or https (`SCHEME_NOT_ALLOWED`); no user name or password
 * (`CREDENTIALS_IN_URL`); port allowed (`PORT_NOT_ALLOWED`); the host is not a metadata service name and
 * every address it stands for is public (`ADDRESS_NOT_ALLOWED`); a name resolves to at least one address
 * (`HOST_UNRESOLVABLE`).
 *
 * IP literals are checked as the WHATWG URL parser normalises them, so `http://2130706433/`,
 * `http://0x7f.1/` and `http://017700000001/` are all checked as 127.0.0.1. A name is refused when ANY of
 * its addresses is not public: the connection could go to any of them.
 *
 * Whether a refusal or an unresolvable host blocks saving is the caller's choice: a host that does not
 * resolve today may resolve tomorrow, and it is checked again at send time anyway.
 *
 * @example
 * const check = await checkOutboundUrl('https://crm.example.com/leads');
 * if (!check.ok) return badRequest(check.code, check.message);
 */
export async function checkOutboundUrl(url: string, opts: UrlCheckOptions = {}): Promise<UrlCheck> {
  if (url.length > MAX_URL_LENGTH) {
    return refuse({ code: 'URL_INVALID', message: `The URL is longer than ${MAX_URL_LENGTH} characters.` });
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return refuse({ code: 'URL_INVALID', message: 'The URL is not a valid absolute URL.' });
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    return refuse({ code: 'SCHEME_NOT_ALLOWED', message: 'Only http and https URLs may be used.' });
  }
  if (parsed.username !== '' || parsed.password !== '') {
    return refuse({
      code: 'CREDENTIALS_IN_URL',
      message: 'The URL may not contain a user name or password; use a header or a query parameter.',
    });
  }
  const port = parsed.port === '' ? (parsed.protocol === 'https:' ? 443 : 80) : Number(parsed.port);
  if (!portAllowed(port, opts.allowedPorts)) {
    return refuse({ code: 'PORT_NOT_ALLOWED', message: `Port ${port} may not be used.` });
  }

  const hostname = parsed.hostname.startsWith('[') ? parsed.hostname.slice(1, -1) : parsed.hostname;
  const literalFamily = isIP(hostname);
  let addresses: ResolvedAddress[];
  if (literalFamily !== 0) {
    addresses = [{ address: hostname, family: literalFamily }];
  } else {
    if (isMetadataHostName(hostname)) {
      return refuse({
        code: 'ADDRESS_NOT_ALLOWED',
        message: 'The host is a cloud metadata service and may not be contacted.',
        addressClass: 'metadata',
      });
    }
    const resolver = opts.resolver ?? defaultResolver;
    let answers: ResolvedAddress[];
    try {
      answers = await resolver(hostname);
    } catch {
      answers = [];
    }
    if (answers.length === 0) {
      return refuse({ code: 'HOST_UNRESOLVABLE', message: `The host ${hostname} could not be resolved.` });
    }
    // The family is taken from the address itself, not from what a resolver claims.
    const seen = new Set<string>();
    addresses = [];
    for (const { address } of answers) {
      if (seen.has(address)) continue;
      seen.add(address);
      addresses.push({ address, family: isIP(address) });
    }
  }

  for (const { address } of addresses) {
    const addressClass = classifyAddress(address);
    const allowed = addressClass === 'public' || (addressClass === 'loopback' && opts.allowLoopback === true);
    if (!allowed) {
      return refuse({
        code: 'ADDRESS_NOT_ALLOWED',
        message:
          literalFamily !== 0
            ? `The address ${hostname} is not a public address (${addressClass}) and may not be contacted.`
            : `The host ${hostname} resolves to an address that is not public and may not be contacted.`,
        address,
        addressClass,
      });
    }
  }
  return { ok: true, url: parsed, hostname, port, addresses };
}
