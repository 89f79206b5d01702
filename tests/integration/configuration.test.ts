import { describe, expect, it } from 'vitest';
import { ServerExitedError, startNextServer } from '../../harness/next-server';

/**
 * The configuration check (README, "Configuration"): a malformed variable stops the server at
 * start-up, before it answers anything, with a message naming the variable. A server that starts
 * anyway would answer every visitor with an error page instead.
 */
const malformed: [name: string, value: string][] = [
  ['SITE_URL', 'www.sorel-aubry-avocats.fr'],
  ['TRUST_PROXY', 'yes'],
  ['GA_MEASUREMENT_ID', 'UA-12345-1'],
];

describe('a malformed environment variable', () => {
  it.each(malformed)(
    '%s=%s stops the server at start-up with a message naming it',
    async (name, value) => {
      const outcome = await startNextServer({ [name]: value }).then(
        async (server) => {
          const output = server.output();
          await server.stop();
          return new Error(`the server started and answered with ${name}=${value}:\n${output}`);
        },
        (error: unknown) => error,
      );
      if (!(outcome instanceof ServerExitedError)) throw outcome;
      expect(outcome.code, outcome.output).not.toBe(0);
      expect(outcome.signal, outcome.output).toBeNull();
      expect(outcome.output).toMatch(new RegExp(`\\b${name}\\b`));
    },
  );
});
