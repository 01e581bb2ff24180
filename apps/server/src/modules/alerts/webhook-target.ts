import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import os from 'node:os';

/**
 * Where a webhook may connect: a public address, decided on the address actually connected
 * to (after resolving), so that a webhook cannot become a way to reach the server's own
 * network or services, also through an IPv6 form that tunnels to IPv4 or a DNS answer that
 * changes between the check and the connection.
 */

/** A range refused as a webhook target, with its name in the IANA special-purpose registries. */
export interface RefusedRange {
  cidr: string;
  name: string;
}

/**
 * The IANA IPv4 Special-Purpose Address Registry (covering blocks; the registry's smaller
 * entries inside 192.0.0.0/24 are covered by it), plus multicast.
 */
export const REFUSED_IPV4: readonly RefusedRange[] = [
  { cidr: '0.0.0.0/8', name: '"This network" (RFC 791)' },
  { cidr: '10.0.0.0/8', name: 'Private-Use (RFC 1918)' },
  { cidr: '100.64.0.0/10', name: 'Shared Address Space (RFC 6598)' },
  { cidr: '127.0.0.0/8', name: 'Loopback (RFC 1122)' },
  { cidr: '169.254.0.0/16', name: 'Link Local (RFC 3927)' },
  { cidr: '172.16.0.0/12', name: 'Private-Use (RFC 1918)' },
  { cidr: '192.0.0.0/24', name: 'IETF Protocol Assignments (RFC 6890)' },
  { cidr: '192.0.2.0/24', name: 'Documentation (TEST-NET-1, RFC 5737)' },
  { cidr: '192.31.196.0/24', name: 'AS112-v4 (RFC 7535)' },
  { cidr: '192.52.193.0/24', name: 'AMT (RFC 7450)' },
  { cidr: '192.88.99.0/24', name: 'Deprecated (6to4 Relay Anycast, RFC 7526)' },
  { cidr: '192.168.0.0/16', name: 'Private-Use (RFC 1918)' },
  { cidr: '192.175.48.0/24', name: 'Direct Delegation AS112 Service (RFC 7534)' },
  { cidr: '198.18.0.0/15', name: 'Benchmarking (RFC 2544)' },
  { cidr: '198.51.100.0/24', name: 'Documentation (TEST-NET-2, RFC 5737)' },
  { cidr: '203.0.113.0/24', name: 'Documentation (TEST-NET-3, RFC 5737)' },
  { cidr: '224.0.0.0/4', name: 'Multicast (RFC 5771)' },
  { cidr: '240.0.0.0/4', name: 'Reserved (RFC 1112)' },
  { cidr: '255.255.255.255/32', name: 'Limited Broadcast (RFC 919)' },
];

/**
 * The IANA IPv6 Special-Purpose Address Registry (covering blocks: the entries inside
 * 2001::/23 are covered by it), plus what is not in it but is never a public host:
 * IPv4-compatible addresses, site-local, multicast. The forms that carry an IPv4 address
 * (mapped, compatible, NAT64, 6to4, Teredo) are refused outright: the IPv4 address they
 * reach cannot be vetted from here.
 */
export const REFUSED_IPV6: readonly RefusedRange[] = [
  { cidr: '::/128', name: 'Unspecified Address (RFC 4291)' },
  { cidr: '::1/128', name: 'Loopback Address (RFC 4291)' },
  { cidr: '::/96', name: 'IPv4-compatible Address (deprecated, RFC 4291)' },
  { cidr: '::ffff:0:0/96', name: 'IPv4-mapped Address (RFC 4291)' },
  { cidr: '64:ff9b::/96', name: 'IPv4-IPv6 Translation (NAT64, RFC 6052)' },
  { cidr: '64:ff9b:1::/48', name: 'IPv4-IPv6 Translation, local use (RFC 8215)' },
  { cidr: '100::/64', name: 'Discard-Only Address Block (RFC 6666)' },
  { cidr: '100:0:0:1::/64', name: 'Dummy IPv6 Prefix (RFC 9780)' },
  { cidr: '2001::/23', name: 'IETF Protocol Assignments (RFC 2928), Teredo 2001::/32 among them' },
  { cidr: '2001:db8::/32', name: 'Documentation (RFC 3849)' },
  { cidr: '2002::/16', name: '6to4 (RFC 3056)' },
  { cidr: '2620:4f:8000::/48', name: 'Direct Delegation AS112 Service (RFC 7534)' },
  { cidr: '3fff::/20', name: 'Documentation (RFC 9637)' },
  { cidr: '5f00::/16', name: 'Segment Routing (SRv6) SIDs (RFC 9602)' },
  { cidr: 'fc00::/7', name: 'Unique-Local (RFC 4193)' },
  { cidr: 'fe80::/10', name: 'Link-Local Unicast (RFC 4291)' },
  { cidr: 'fec0::/10', name: 'Site-Local (deprecated, RFC 3879)' },
  { cidr: 'ff00::/8', name: 'Multicast (RFC 4291)' },
];

/** An address as its bytes: 4 for IPv4, 16 for IPv6. */
export function addressBytes(text: string): Uint8Array | null {
  const address = text.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(address);
  if (family === 4) return Uint8Array.from(address.split('.').map(Number));
  if (family !== 6) return null;
  let groups = address.toLowerCase();
  // A dotted IPv4 tail (::ffff:127.0.0.1) is two groups.
  const dotted = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(groups);
  if (dotted) {
    const [a, b, c, d] = dotted[2]!.split('.').map(Number) as [number, number, number, number];
    groups = `${dotted[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = groups.split('::') as [string, string | undefined];
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  const all = tail === undefined ? left : [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
  if (all.length !== 8) return null;
  const bytes = new Uint8Array(16);
  all.forEach((g, i) => {
    bytes[2 * i] = g >> 8;
    bytes[2 * i + 1] = g & 0xff;
  });
  return bytes;
}

interface CompiledRange extends RefusedRange {
  bytes: Uint8Array;
  bits: number;
}

function compile(ranges: readonly RefusedRange[]): CompiledRange[] {
  return ranges.map((range) => {
    const [base = '', bits = ''] = range.cidr.split('/');
    const bytes = addressBytes(base);
    if (!bytes) throw new Error(`not an address: ${range.cidr}`);
    return { ...range, bytes, bits: Number(bits) };
  });
}

const V4 = compile(REFUSED_IPV4);
const V6 = compile(REFUSED_IPV6);

function within(bytes: Uint8Array, range: CompiledRange): boolean {
  if (bytes.length !== range.bytes.length) return false;
  for (let bit = 0; bit < range.bits; bit += 8) {
    const left = range.bits - bit;
    const mask = left >= 8 ? 0xff : (0xff << (8 - left)) & 0xff;
    if (((bytes[bit / 8]! ^ range.bytes[bit / 8]!) & mask) !== 0) return false;
  }
  return true;
}

const same = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i]);

/** The addresses of this server's own interfaces (read each time: interfaces come and go). */
function ownAddresses(): Uint8Array[] {
  return Object.values(os.networkInterfaces())
    .flatMap((list) => list ?? [])
    .map((i) => addressBytes(i.address))
    .filter((b): b is Uint8Array => b !== null);
}

/** Why an address may not be connected to (the range's name), or null for a public address. */
export function refusedAddress(address: string): string | null {
  const bytes = addressBytes(address);
  if (!bytes) return 'not an IP address';
  const range = (bytes.length === 4 ? V4 : V6).find((r) => within(bytes, r));
  if (range) return `${range.cidr}, ${range.name}`;
  if (ownAddresses().some((own) => same(own, bytes))) return "an address of this server's own interfaces";
  return null;
}

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Every address of a host name (an IP literal is its own answer). Tests inject their own. */
export type Resolve = (host: string) => Promise<ResolvedAddress[]>;

export const resolveHost: Resolve = async (host) => {
  const family = isIP(host);
  if (family) return [{ address: host, family }];
  return lookup(host, { all: true, verbatim: true });
};

const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

class RefusedTarget extends Error {}

/** The host's addresses when every one of them may be connected to; throws RefusedTarget otherwise. */
async function vettedAddresses(host: string, allowLocal: boolean, resolve: Resolve): Promise<ResolvedAddress[]> {
  let addresses: ResolvedAddress[];
  try {
    addresses = await resolve(host);
  } catch {
    throw new RefusedTarget(`the host ${host} could not be resolved`);
  }
  if (addresses.length === 0) throw new RefusedTarget(`the host ${host} could not be resolved`);
  if (allowLocal) return addresses;
  for (const { address } of addresses) {
    const why = refusedAddress(address);
    if (why)
      throw new RefusedTarget(
        `the host ${host} is not a public address (${address}: ${why}); webhooks go to public addresses`,
      );
  }
  return addresses;
}

function schemeProblem(url: string, allowLocal: boolean): { parsed: URL } | { problem: string } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { problem: 'not a valid address' };
  }
  const allowed = allowLocal ? ['https:', 'http:'] : ['https:'];
  if (!allowed.includes(parsed.protocol)) return { problem: 'expected an https:// address' };
  return { parsed };
}

/**
 * Why a webhook address may not be called, or null. HTTPS only, and every address its host
 * resolves to must be public (see the ranges above), unless the operator allows local targets
 * (development and tests: http:// and any address).
 */
export async function webhookTargetProblem(
  url: string,
  allowLocal: boolean,
  resolve: Resolve = resolveHost,
): Promise<string | null> {
  const checked = schemeProblem(url, allowLocal);
  if ('problem' in checked) return checked.problem;
  if (allowLocal) return null;
  try {
    await vettedAddresses(hostOf(checked.parsed), false, resolve);
    return null;
  } catch (error) {
    if (error instanceof RefusedTarget) return error.message;
    throw error;
  }
}

export interface WebhookPost {
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  allowLocal: boolean;
  resolve?: Resolve;
}

/**
 * POSTs to a webhook and answers its status. The connection goes only to an address vetted
 * at connect time (the socket's own lookup resolves and checks, so a DNS answer that changed
 * since the alert was saved cannot lead inside); redirects are not followed; the response
 * body is not read; one timeout covers connecting and the answer.
 */
export function postWebhook(url: string, options: WebhookPost): Promise<{ status: number }> {
  const checked = schemeProblem(url, options.allowLocal);
  if ('problem' in checked) return Promise.reject(new Error(`webhook refused: ${checked.problem}`));
  const target = checked.parsed;
  const resolve = options.resolve ?? resolveHost;
  const host = hostOf(target);
  // An IP literal is connected to without a lookup: vetted here instead.
  const literal = isIP(host) !== 0;
  const vetLiteral = literal
    ? vettedAddresses(host, options.allowLocal, resolve).then(() => undefined)
    : Promise.resolve();

  const connectLookup: LookupFunction = (hostname, lookupOptions, callback) => {
    vettedAddresses(hostname, options.allowLocal, resolve).then(
      (addresses) => {
        const wanted = lookupOptions.family === 4 || lookupOptions.family === 6 ? lookupOptions.family : 0;
        const usable = wanted ? addresses.filter((a) => a.family === wanted) : addresses;
        if (usable.length === 0) {
          callback(new RefusedTarget(`the host ${hostname} has no IPv${wanted} address`), '', 0);
        } else if (lookupOptions.all) {
          callback(null, usable);
        } else {
          callback(null, usable[0]!.address, usable[0]!.family);
        }
      },
      (error: Error) => callback(error, '', 0),
    );
  };

  return vetLiteral
    .then(
      () =>
        new Promise<{ status: number }>((resolvePromise, reject) => {
          const send = target.protocol === 'https:' ? https.request : http.request;
          const request = send(target, {
            method: 'POST',
            headers: { ...options.headers, 'content-length': String(Buffer.byteLength(options.body)) },
            agent: false,
            ...(literal ? {} : { lookup: connectLookup }),
          });
          const timer = setTimeout(
            () => request.destroy(new Error(`webhook timed out after ${options.timeoutMs} ms`)),
            options.timeoutMs,
          );
          request.on('response', (response) => {
            clearTimeout(timer);
            resolvePromise({ status: response.statusCode ?? 0 });
            // The body is not wanted: a receiver cannot make the server read megabytes.
            response.destroy();
          });
          request.on('error', (error) => {
            clearTimeout(timer);
            reject(error);
          });
          request.end(options.body);
        }),
    )
    .catch((error: unknown) => {
      if (error instanceof RefusedTarget) throw new Error(`webhook refused: ${error.message}`);
      throw error;
    });
}
