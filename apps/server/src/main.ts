import { loadSettings, serverStartProblems, SettingsError } from './config/settings.js';
import { buildApp } from './http/app.js';
import { closeContext, createContext } from './startup.js';

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
  const ctx = await createContext(settings, {
    info: (m) => console.log(m),
    warn: (m) => console.warn(m),
  });
  const app = await buildApp(ctx);
  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    await app.close();
    await closeContext(ctx);
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ host: settings.HOST, port: settings.PORT });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? `Solstice could not start: ${error.message}` : error);
  process.exit(1);
});
