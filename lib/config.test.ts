import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configVariables, readConfig } from './config';

const root = path.resolve(__dirname, '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

describe('the configuration (lib/config.ts)', () => {
  it('refuses a malformed value with a message naming the variable', () => {
    for (const [name, value] of [
      ['PORT', 'eighty'],
      ['PORT', '70000'],
      ['ACCEPT_SOCKETS', '0'],
      ['SITE_URL', 'ftp://example.fr'],
      ['TRUST_PROXY', 'yes'],
      ['PAGE_CACHE_NONCE_PLACEHOLDER', 'not-hexadecimal-and-far-too-short'],
      ['GA_MEASUREMENT_ID', 'UA-1234'],
    ] as const)
      expect(() => readConfig({ [name]: value }), `${name}=${value}`).toThrow(
        new RegExp(`^Invalid configuration:\\n- ${name}: `),
      );
  });

  it('takes an empty value as unset, and gives the documented defaults', () => {
    const settings = readConfig({ PORT: '', ACCEPT_SOCKETS: ' ', DATABASE_URL: '' });
    expect(settings).toMatchObject({
      PORT: 3000,
      ACCEPT_SOCKETS: 8,
      DATABASE_URL: undefined,
      SITE_URL: 'http://localhost:3000',
      OUTBOX_DIR: './data/outbox',
      ARTICLES_GENERATION_FILE: 'data/articles-generation',
    });
  });

  it('documents every variable it reads, in .env.example and in a manual', () => {
    const manuals = ['README.md', 'docs/operations.md', 'docs/testing.md'].map(read).join('\n');
    const example = read('.env.example');
    for (const name of configVariables) {
      expect(example, `.env.example: ${name}`).toMatch(new RegExp(`^#? ?${name}=`, 'm'));
      expect(manuals, `a manual: ${name}`).toContain(`\`${name}\``);
    }
  });
});
