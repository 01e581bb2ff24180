import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import { describe, expect, it, vi } from 'vitest';
import { closeServer, listenOnLoopback } from '../../testing/loopback-server.js';
import { closeAfterEach } from '../../testing/close-after-each.js';
import { MAPPED_IPV4_HOSTS } from '../../testing/webhook-hosts.js';
import { addressBytes, postWebhook, refusedAddress, webhookTargetProblem, type Resolve } from './webhook-target.js';

/** Every IPv6 spelling of IPv4 and every special-purpose range the issue names, as webhook hosts. */
const REFUSED_HOSTS = [
  ...MAPPED_IPV4_HOSTS,
  '[::7f00:1]',
  '[64:ff9b::7f00:1]',
  '[64:ff9b::10.0.0.1]',
  '[64:ff9b:1::a00:1]',
  '[2002:7f00:1::1]',
  '[2001:0::1]',
  '[2001:0:4136:e378:8000:63bf:3fff:fdd2]',
  '[::1]',
  '[::]',
  '[fd00::1]',
  '[fe80::1]',
  '[ff02::1]',
  '[2001:db8::1]',
  '[3fff::1]',
  '[5f00::1]',
  '[100::1]',
  '127.0.0.1',
  '2130706433', // 127.0.0.1 as one number: the URL parser reads it so
  '0x7f.1',
  '0.0.0.0',
  '10.1.2.3',
  '100.64.0.1',
  '169.254.169.254',
  '172.16.0.1',
  '192.0.0.8',
  '192.0.2.1',
  '192.31.196.1',
  '192.52.193.1',
  '192.88.99.1',
  '192.168.1.1',
  '192.175.48.1',
  '198.18.0.1',
  '198.19.255.255',
  '198.51.100.1',
  '203.0.113.1',
  '224.0.0.1',
  '240.0.0.1',
  '255.255.255.255',
];

const PUBLIC_HOSTS = ['93.184.215.14', '[2606:4700::1111]', '8.8.8.8', '198.20.0.1', '[2001:4860:4860::8888]'];

describe('webhook target addresses', () => {
  it('reads every textual form of an address as its bytes', () => {
    const loopbackMapped = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 127, 0, 0, 1];
    for (const form of ['::ffff:127.0.0.1', '::ffff:7f00:1', '0:0:0:0:0:ffff:7f00:1', '[::FFFF:7F00:0001]'])
      expect(Array.from(addressBytes(form)!), form).toEqual(loopbackMapped);
    expect(Array.from(addressBytes('10.0.0.1')!)).toEqual([10, 0, 0, 1]);
    expect(Array.from(addressBytes('fe80::1%eth0')!)).toEqual([0xfe, 0x80, ...Array<number>(13).fill(0), 1]);
    expect(addressBytes('example.com')).toBeNull();
    expect(addressBytes('1.2.3')).toBeNull();
  });

  it.each(REFUSED_HOSTS)('refuses https://%s/', async (host) => {
    const problem = await webhookTargetProblem(`https://${host}/hook`, false);
    expect(problem).toMatch(/is not a public address .*; webhooks go to public addresses$/);
  });

  it.each(PUBLIC_HOSTS)('accepts https://%s/', async (host) => {
    expect(await webhookTargetProblem(`https://${host}/hook`, false)).toBeNull();
  });

  it('names the range refused', () => {
    expect(refusedAddress('198.18.0.1')).toBe('198.18.0.0/15, Benchmarking (RFC 2544)');
    expect(refusedAddress('::ffff:7f00:1')).toMatch(/IPv4-mapped/);
    expect(refusedAddress('2001::1')).toMatch(/Teredo/);
    expect(refusedAddress('64:ff9b::1')).toMatch(/NAT64/);
  });

  it("refuses the server's own interface addresses, public ones too", async () => {
    const own = '93.184.215.99';
    const spy = vi.spyOn(os, 'networkInterfaces').mockReturnValue({
      eth0: [
        {
          address: own,
          netmask: '255.255.255.0',
          family: 'IPv4',
          mac: '00:00:00:00:00:01',
          internal: false,
          cidr: null,
        },
      ],
    });
    try {
      expect(await webhookTargetProblem(`https://${own}/hook`, false)).toMatch(/this server's own interfaces/);
      expect(await webhookTargetProblem('https://93.184.215.14/hook', false)).toBeNull();
    } finally {
      spy.mockRestore();
    }
  });

  it("refuses the machine's actual interface addresses", async () => {
    const addresses = Object.values(os.networkInterfaces()).flatMap((list) => list ?? []);
    expect(addresses.length).toBeGreaterThan(0);
    for (const { address, family } of addresses) {
      const host = family === 'IPv6' ? `[${address.replace(/%.*$/, '')}]` : address;
      expect(await webhookTargetProblem(`https://${host}/hook`, false), address).not.toBeNull();
    }
  });

  it('refuses a host name when any of its addresses is inside, and names the host', async () => {
    const resolve: Resolve = async () => [
      { address: '93.184.215.14', family: 4 },
      { address: '::ffff:10.0.0.1', family: 6 },
    ];
    expect(await webhookTargetProblem('https://hooks.example.test/x', false, resolve)).toMatch(
      /^the host hooks\.example\.test is not a public address \(::ffff:10\.0\.0\.1: ::ffff:0:0\/96, IPv4-mapped/,
    );
    const failing: Resolve = () => Promise.reject(new Error('ENOTFOUND'));
    expect(await webhookTargetProblem('https://nowhere.test/x', false, failing)).toBe(
      'the host nowhere.test could not be resolved',
    );
    expect(await webhookTargetProblem('http://93.184.215.14/x', false)).toBe('expected an https:// address');
    expect(await webhookTargetProblem('http://127.0.0.1/x', true)).toBeNull();
  });
});

describe('webhook transport', () => {
  const closers = closeAfterEach();

  it('connects only to a vetted address: a name that resolves to loopback at connect time is refused', async () => {
    // A plain TCP listener on loopback: any connection at all is what must not happen.
    let connections = 0;
    const server = net.createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closers.push(() => new Promise((resolve) => server.close(() => resolve())));
    const port = (server.address() as net.AddressInfo).port;
    // DNS rebinding: public when the alert was checked, loopback when the delivery connects.
    let answers = 0;
    const rebinding: Resolve = async () =>
      answers++ === 0 ? [{ address: '93.184.215.14', family: 4 }] : [{ address: '127.0.0.1', family: 4 }];
    const url = `https://rebind.example.test:${port}/hook`;
    expect(await webhookTargetProblem(url, false, rebinding)).toBeNull();
    await expect(
      postWebhook(url, { headers: {}, body: '{}', timeoutMs: 2_000, allowLocal: false, resolve: rebinding }),
    ).rejects.toThrow(/^webhook refused: the host rebind\.example\.test is not a public address \(127\.0\.0\.1/);
    expect(connections).toBe(0);
  });

  it('posts the body, answers the status, follows no redirect and gives up after its timeout', async () => {
    const received: { url: string; body: string; type: string }[] = [];
    let hang = false;
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        received.push({ url: req.url ?? '', body, type: req.headers['content-type'] ?? '' });
        if (hang) return;
        if (req.url === '/moved') res.writeHead(302, { location: '/elsewhere' }).end();
        else res.writeHead(204).end();
      });
    });
    const base = await listenOnLoopback(server);
    closers.push(() => closeServer(server));
    const post = (path: string, timeoutMs = 5_000) =>
      postWebhook(`${base}${path}`, {
        headers: { 'content-type': 'application/json' },
        body: '{"a":1}',
        timeoutMs,
        allowLocal: true,
      });
    expect(await post('/hook')).toEqual({ status: 204 });
    expect(await post('/moved')).toEqual({ status: 302 });
    expect(received.map((r) => r.url)).toEqual(['/hook', '/moved']);
    expect(received[0]).toMatchObject({ body: '{"a":1}', type: 'application/json' });
    hang = true;
    const started = Date.now();
    await expect(post('/hook', 300)).rejects.toThrow('webhook timed out after 300 ms');
    expect(Date.now() - started).toBeLessThan(3_000);
    // Without ALERT_WEBHOOKS_ALLOW_LOCAL the same loopback receiver is refused before connecting.
    const before = received.length;
    await expect(
      postWebhook(`${base.replace('http:', 'https:')}/hook`, {
        headers: {},
        body: '{}',
        timeoutMs: 1_000,
        allowLocal: false,
      }),
    ).rejects.toThrow(/^webhook refused: the host 127\.0\.0\.1 is not a public address/);
    expect(received.length).toBe(before);
  });
});
