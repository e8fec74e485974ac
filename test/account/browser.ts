// Debian's chromium driven by playwright-core, with a fresh profile per launch.
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_SKIP = existsSync(CHROMIUM)
  ? false
  : `${CHROMIUM} not found: browser tests skipped (install it with apt-get install chromium; CI has it)`;

export const ARTIFACTS = join(process.cwd(), 'test-artifacts', 'account');

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
];

export async function launchBrowser(opts: { javaScriptEnabled?: boolean } = {}): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), 'meter-chromium-'));
  mkdirSync(ARTIFACTS, { recursive: true });
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
    viewport: { width: 1280, height: 860 },
    javaScriptEnabled: opts.javaScriptEnabled ?? true,
    permissions: ['clipboard-read', 'clipboard-write'],
    timeout: 60_000,
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
