// A subscriber's journey through the proxy: the app answers, signs up, pays in test mode, scans.
import { randomBytes } from 'node:crypto';
import { done, expect, step } from './report.mjs';

export async function checkProxy(http) {
  step('through the proxy: ready, the app page, /metrics not exposed, JSON compressed');
  const ready = await http('GET', '/api/ready');
  expect(
    ready.status === 200 && ready.json?.status === 'ready',
    `/api/ready → ${ready.status} ${ready.text.slice(0, 300)}`,
  );
  const page = await http('GET', '/');
  expect(page.status === 200 && /<div id="root">|<!doctype html>/i.test(page.text), `/ → ${page.status}`);
  const exposed = await http('GET', '/metrics');
  expect(exposed.status === 404, `/metrics through the proxy → ${exposed.status} (must be 404)`);
  // fetch asks for gzip and decompresses; the header says what came over the wire.
  const spec = await http('GET', '/api/openapi.json');
  expect(
    spec.status === 200 && spec.headers.get('content-encoding') === 'gzip',
    `/api/openapi.json through the proxy → ${spec.status}, content-encoding ${spec.headers.get('content-encoding')} (JSON must be compressed)`,
  );
  done(`latest bar ${ready.json.latestBar.asOf}, ${ready.json.latestBar.ageCalendarDays} calendar day(s) old`);
}

export async function signUp(http) {
  step('sign up');
  const id = randomBytes(4).toString('hex');
  const signup = await http('POST', '/api/auth/signup', {
    email: `deploy-${id}@example.com`,
    username: `deploy_${id}`,
    password: `Quiet-Harbor-${id}-91`,
  });
  expect(signup.status === 201, `signup → ${signup.status} ${signup.text.slice(0, 300)}`);
  const before = await http('GET', '/api/me');
  expect(
    before.status === 200 && before.json.subscriber === false,
    `/api/me → ${before.status} ${before.text.slice(0, 200)}`,
  );
  done(`deploy_${id}`);
}

export async function subscribe(http) {
  step('checkout in test mode with 4242 4242 4242 4242');
  const payments = await http('GET', '/api/v1/payments/config');
  expect(payments.json?.provider === 'test', `payments config → ${payments.text}`);
  const products = await http('GET', '/api/v1/products');
  const price = products.json?.[0]?.prices?.find((p) => p.interval === 'month') ?? products.json?.[0]?.prices?.[0];
  expect(price, `no price to buy: ${products.text.slice(0, 300)}`);
  const checkout = await http('POST', '/api/v1/checkout', { priceId: price.id });
  expect(
    checkout.status === 200 || checkout.status === 201,
    `checkout → ${checkout.status} ${checkout.text.slice(0, 300)}`,
  );
  const year = (new Date().getUTCFullYear() + 3) % 100;
  const pay = await http('POST', `/api/v1/checkout/${checkout.json.sessionId}/pay`, {
    cardNumber: '4242 4242 4242 4242',
    expiry: `12/${String(year).padStart(2, '0')}`,
    cvc: '123',
  });
  expect(pay.status === 200 && pay.json.status === 'paid', `pay → ${pay.status} ${pay.text.slice(0, 300)}`);
  const after = await http('GET', '/api/me');
  expect(after.json?.subscriber === true, `after paying, /api/me → ${after.text.slice(0, 300)}`);
  done(`${price.amount / 100} ${price.currency} a ${price.interval}`);
}

export async function scan(http) {
  step('a scan (subscribers only)');
  const presets = await http('GET', '/api/v1/scanner/presets');
  const preset = presets.json?.presets?.[0];
  expect(preset, `no scanner preset: ${presets.text.slice(0, 300)}`);
  const scanned = await http('POST', '/api/v1/scanner', {
    expression: preset.expression,
    sort: preset.sort,
    desc: preset.desc,
    limit: 10,
  });
  expect(scanned.status === 200, `scan → ${scanned.status} ${scanned.text.slice(0, 300)}`);
  const everything = await http('POST', '/api/v1/scanner', { expression: 'close > 0', limit: 5 });
  expect(
    everything.status === 200 && everything.json.count > 0,
    `scan close > 0 → ${everything.status} ${everything.text.slice(0, 300)}`,
  );
  done(`"${preset.name}": ${scanned.json.count} match(es); close > 0: ${everything.json.count}`);
}
