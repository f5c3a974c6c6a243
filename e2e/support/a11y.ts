import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';

const axePath = fileURLToPath(new URL('../../node_modules/axe-core/axe.min.js', import.meta.url));
let axeSource: string | undefined;

/**
 * Runs axe-core on the page as it is now and throws, listing each one, when there are serious or
 * critical violations.
 */
export async function checkA11y(page: Page): Promise<void> {
  // page.addScriptTag would add an inline <script>, which the app's CSP (rightly) refuses; evaluating
  // through the DevTools protocol is not subject to the page's CSP, so the app is tested as served.
  axeSource ??= readFileSync(axePath, 'utf8');
  // A toast still fading in or out is half transparent: axe would measure its contrast mid-way.
  // Wait until every toast has settled (sonner marks them data-mounted, and animates ~400 ms).
  await page.waitForFunction(
    () =>
      Array.from(document.querySelectorAll('[data-sonner-toast]')).every(
        (t) =>
          t.getAttribute('data-mounted') === 'true' && t.getAttribute('data-removed') !== 'true',
      ),
    undefined,
    { timeout: 5000 },
  );
  await page.waitForTimeout(450);
  await page.evaluate(axeSource);
  const results = await page.evaluate(() =>
    (window as unknown as { axe: { run(ctx: Document, o: object): Promise<AxeResults> } }).axe.run(
      document,
      { resultTypes: ['violations'] },
    ),
  );
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (bad.length === 0) return;
  const lines = bad.map(
    (v) =>
      `- [${v.impact}] ${v.id}: ${v.help} (${v.nodes.length}×: ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(', ')})`,
  );
  throw new Error(`Accessibility violations on ${page.url()}:\n${lines.join('\n')}`);
}
