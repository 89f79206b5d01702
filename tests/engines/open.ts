import type { EngineName, EngineOptions, EnginePage } from './engine';
import { openPuppeteer } from './puppeteer';
import { openWebKit } from './webkit';

export function openEngine(engine: EngineName, options: EngineOptions): Promise<EnginePage> {
  return engine === 'webkit' ? openWebKit(options) : openPuppeteer(engine, options);
}
