import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { loadSettings, serverStartProblems, SettingsError } from './config/settings.js';
import { flushCompileCache } from './compile-cache.js';
import { buildServices } from './composition.js';
import { buildApp } from './app/app.js';
import { jobsPollIntervalMs } from './modules/jobs/poll-interval.js';
import { WARM_UP_AFTER_START_MS } from './modules/seasonality/pool/warm-up.js';

async function main(): Promise<void> {
  let settings;
  try {
    settings = loadSettings();
    const problems = serverStartProblems(settings);
    if (problems.length > 0) throw new SettingsError(problems);
  } catch (error) {
    if (error instanceof SettingsError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }
  const services = await buildServices(settings, {
    startupLog: { info: (m) => console.log(m), warn: (m) => console.warn(m) },
  });
  const app = await buildApp(services);
  const drain = connectionDrainer(app.server);
  let stopping = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) {
      app.log.warn(`${signal} again: quitting now, work unfinished`);
      process.exit(1);
    }
    stopping = true;
    const bound = settings.SHUTDOWN_TIMEOUT_MS;
    app.log.info(
      `${signal}: refusing new connections; finishing requests in flight and the running job (at most ${bound} ms)`,
    );
    const deadline = setTimeout(() => {
      app.log.error(`${signal}: still busy after ${bound} ms (SHUTDOWN_TIMEOUT_MS); quitting with work unfinished`);
      process.exit(1);
    }, bound);
    try {
      drain.start();
      // Stops listening and waits for the requests in flight; then the job poller stops after
      // the job in hand, and only then is the database closed.
      await app.close();
      await services.close();
    } catch (error) {
      app.log.error({ err: error }, `${signal}: shutdown failed`);
      process.exit(1);
    }
    clearTimeout(deadline);
    app.log.info(`${signal}: stopped`);
    process.exit(0);
  };
  process.on('SIGINT', (signal) => void shutdown(signal));
  process.on('SIGTERM', (signal) => void shutdown(signal));
  await app.listen({ host: settings.HOST, port: settings.PORT });
  // The market loaded at start: the analytics workers build what the first scans need, once
  // the first requests (health checks) have been answered: starting threads holds the loop.
  setTimeout(() => {
    services.analyticsWarmer?.request();
    // What the start compiled goes to Node's compile cache now (start.ts), not only at a clean
    // exit: a server that is killed still starts faster the next time.
    flushCompileCache();
  }, WARM_UP_AFTER_START_MS).unref();
  // Due jobs (mail, period ends) and recurring ones; with JOBS_POLL_INTERVAL_MS=0 a cron runs `solstice billing run-jobs`.
  services.jobs.start(jobsPollIntervalMs(settings));
}

/**
 * Node's server.close() closes the connections idle at that moment only: a keep-alive
 * connection whose request was in flight stays open (for keepAliveTimeout) after its answer,
 * and close() waits for it. Answers in flight therefore end their connection, and
 * connections that fall idle while draining are closed as they do. Requests that arrive
 * while draining get Fastify's 503 with Connection: close (return503OnClosing).
 */
function connectionDrainer(server: Server): { start(): void } {
  const inFlight = new Set<ServerResponse>();
  let draining = false;
  server.prependListener('request', (_request: IncomingMessage, response: ServerResponse) => {
    if (draining) return;
    inFlight.add(response);
    response.once('close', () => inFlight.delete(response));
  });
  return {
    start() {
      draining = true;
      for (const response of inFlight) if (!response.headersSent) response.setHeader('connection', 'close');
      server.closeIdleConnections();
      setInterval(() => server.closeIdleConnections(), 50).unref();
    },
  };
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? `Solstice could not start: ${error.message}` : error);
  process.exit(1);
});
