import { describe, expect, it } from 'vitest';
import { issueFormToken } from './form-token';
import { suspicionReason } from './suspicion';

const renderedAt = Date.UTC(2026, 0, 5, 9, 0, 0);
const token = issueFormToken(renderedAt);

describe('anti-spam rules', () => {
  it('finds nothing in a message filled at a human pace', () => {
    expect(
      suspicionReason({ website: '', formToken: token, fillMs: 9_000 }, renderedAt + 20_000),
    ).toBeNull();
    expect(suspicionReason({ formToken: token }, renderedAt + 3_000)).toBeNull();
    // No token and no measure (a direct API client): judged by validation and rate limit only.
    expect(suspicionReason({ name: 'x' }, renderedAt)).toBeNull();
  });

  it('names a filled hidden field, with what was typed in it', () => {
    expect(suspicionReason({ website: 'http://spam.example' }, renderedAt)).toBe(
      'hidden field filled ("http://spam.example")',
    );
    expect(suspicionReason({ website: 42 }, renderedAt)).toBe('hidden field filled ("42")');
  });

  it('times the filling from the first interaction when the browser measured it', () => {
    // The page was open 40 s (load, welcome screen, reading), but the form took 1.2 s.
    expect(suspicionReason({ formToken: token, fillMs: 1_200 }, renderedAt + 40_000)).toBe(
      'sent 1200 ms after the first interaction with the form (minimum 2000 ms)',
    );
    expect(suspicionReason({ formToken: token, fillMs: 2_000 }, renderedAt + 40_000)).toBeNull();
  });

  it('never lets the browser claim more time than has passed since the render', () => {
    expect(suspicionReason({ formToken: token, fillMs: 60_000 }, renderedAt + 900)).toBe(
      'sent 900 ms after the first interaction with the form (minimum 2000 ms)',
    );
  });

  it('times from the display without a browser measure, with the longer minimum', () => {
    expect(suspicionReason({ formToken: token }, renderedAt + 2_500)).toBe(
      'sent 2500 ms after the form was displayed, with no interaction time from the browser (minimum 3000 ms)',
    );
    expect(suspicionReason({ formToken: token, fillMs: 'soon' }, renderedAt + 2_500)).toMatch(
      /after the form was displayed/,
    );
  });

  it('ignores a token it did not sign, and reports every reason at once', () => {
    expect(suspicionReason({ formToken: `${renderedAt}.forged` }, renderedAt + 10)).toBeNull();
    expect(suspicionReason({ website: 'x', fillMs: 10 }, renderedAt)).toBe(
      'hidden field filled ("x"); sent 10 ms after the first interaction with the form (minimum 2000 ms)',
    );
  });
});
