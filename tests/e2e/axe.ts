import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * axe for this page, with WCAG 2.5.3 "Label in Name" (`label-content-name-mismatch`) switched
 * on: axe tags that rule experimental and runs it only when asked for, yet voice-control users
 * name a control by the text they see, so every page must pass it.
 */
export function axe(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).options({
    rules: { 'label-content-name-mismatch': { enabled: true } },
  });
}
