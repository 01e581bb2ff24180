import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];
export const ARTIFACTS_DIR = path.resolve(import.meta.dirname, '../../test-results/e2e');

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

/** Console errors and uncaught page errors of every page of a context; any one fails the test. */
export class ConsoleWatch {
  readonly errors: string[] = [];
  /** Messages a test expects (e.g. a deliberate 404 resource), matched against "text (url)". */
  private readonly allowed: RegExp[] = [];

  attach(page: Page): void {
    page.on('console', (msg) => {
      const where = `${msg.text()} (${msg.location().url})`;
      if (msg.type() === 'error' && !this.allowed.some((re) => re.test(where))) {
        this.errors.push(`console.error: ${msg.text()} (${msg.location().url})`);
      }
    });
    page.on('pageerror', (error) => this.errors.push(`page error: ${error.message}`));
  }

  allow(pattern: RegExp): void {
    this.allowed.push(pattern);
  }
}

export async function newWatchedPage(
  browser: Browser,
  watch: ConsoleWatch,
  options: Parameters<Browser['newContext']>[0] = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(options);
  context.on('page', (p) => watch.attach(p));
  const page = await context.newPage();
  return { context, page };
}

/** Runs `body`; when it fails, a screenshot named `name` of `page` (if one can be taken), then the failure. */
export async function screenshotOnFailure(page: Page, name: string, body: () => Promise<void>): Promise<void> {
  try {
    await body();
  } catch (error) {
    await screenshot(page, name).catch(() => {});
    throw error;
  }
}

export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const file = path.join(ARTIFACTS_DIR, `${name}.png`);
  try {
    await page.screenshot({ path: file, fullPage: true, animations: 'disabled', timeout: 45_000 });
  } catch (error) {
    // A full-page capture resizes the renderer; on a loaded 2-core machine that has taken over
    // 30 s for a tall screen. The picture is for people to look at, so keep the visible part.
    if (!(error instanceof Error) || error.name !== 'TimeoutError') throw error;
    await page.screenshot({ path: file, animations: 'disabled', timeout: 30_000 });
  }
  return file;
}
