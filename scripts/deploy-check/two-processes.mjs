// The two app processes behind nginx: both serve, and one restarts under traffic without a failed request.
import fs from 'node:fs';
import path from 'node:path';
import { stopProcess } from './processes.mjs';
import { done, expect, step } from './report.mjs';

/** Requests of the journey a process counted in its /metrics (not the readiness probes nor the scrapes themselves). */
async function journeyRequests(port, metricsToken) {
  const wrong = await fetch(`http://127.0.0.1:${port}/metrics`, {
    headers: { authorization: 'Bearer wrong-token-0123456789' },
  });
  expect(wrong.status === 401, `/metrics with a wrong token on :${port} → ${wrong.status}`);
  const res = await fetch(`http://127.0.0.1:${port}/metrics`, {
    headers: { authorization: `Bearer ${metricsToken}` },
  });
  expect(res.status === 200, `/metrics on :${port} → ${res.status}`);
  const text = await res.text();
  const requests = text
    .split('\n')
    .filter(
      (l) => l.startsWith('solstice_http_requests_total{') && !/route="(\/api\/ready|\/metrics|\/api\/health)"/.test(l),
    )
    .reduce((n, l) => n + Number(l.split(' ').at(-1)), 0);
  expect(requests > 0, `process :${port} reports no requests in its metrics`);
  expect(/solstice_market_latest_bar_age_days \d+/.test(text), `process :${port}: no latest-bar age in /metrics`);
  return requests;
}

export async function checkBothServed({ http, dir, portA, portB, metricsToken }) {
  step('both processes served requests');
  for (let i = 0; i < 10; i++)
    expect((await http('GET', '/api/v1/subscription')).status === 200, 'subscription read failed');
  const accessLog = fs.readFileSync(path.join(dir, 'nginx-access.log'), 'utf8').trim().split('\n');
  const byUpstream = {};
  for (const line of accessLog) {
    const upstreamAddr = line.split(' ').at(-1);
    byUpstream[upstreamAddr] = (byUpstream[upstreamAddr] ?? 0) + 1;
  }
  const servedBy = (port) => byUpstream[`127.0.0.1:${port}`] ?? 0;
  expect(servedBy(portA) > 0 && servedBy(portB) > 0, `nginx sent requests to ${JSON.stringify(byUpstream)}`);
  const appRequests = {};
  for (const port of [portA, portB]) appRequests[port] = await journeyRequests(port, metricsToken);
  done(`nginx → :${portA} ${servedBy(portA)}, :${portB} ${servedBy(portB)}; metrics: ${JSON.stringify(appRequests)}`);
}

/** SIGTERM to the first process while requests flow through the proxy, then to the second. */
export async function restartUnderTraffic({ http, processes, portA, portB }) {
  step(`restart under traffic: SIGTERM to :${portA} while requests flow`);
  let flowing = true;
  const results = [];
  const traffic = (async () => {
    while (flowing) {
      const res = await http('GET', '/api/v1/subscription').catch((error) => ({ status: String(error) }));
      results.push(res.status);
    }
  })();
  await new Promise((r) => setTimeout(r, 300));
  const exitA = await stopProcess(processes[0]);
  await new Promise((r) => setTimeout(r, 500));
  flowing = false;
  await traffic;
  expect(exitA.code === 0, `process :${portA} exited with ${JSON.stringify(exitA)}:\n${processes[0].log()}`);
  const bad = results.filter((s) => s !== 200);
  expect(bad.length === 0, `requests through the proxy failed during the restart: ${JSON.stringify(bad)}`);
  done(`${results.length} requests, all 200; :${portA} exited 0`);

  step(`SIGTERM to :${portB}`);
  const exitB = await stopProcess(processes[1]);
  expect(exitB.code === 0, `process :${portB} exited with ${JSON.stringify(exitB)}:\n${processes[1].log()}`);
  done('exited 0');
}
