import { describe, expect, it } from 'vitest';
import { deliveryErrorClass } from './outbox';

/** What nodemailer and the file system throw, with the fields they really carry. */
function failure(message: string, fields: { code?: string; responseCode?: number }) {
  return Object.assign(new Error(message), fields);
}

describe('the class of a failed delivery, for /api/health', () => {
  it('names where to look from the error code or the SMTP reply, never from the text', () => {
    const cases: [Error, string][] = [
      [failure('connect ECONNREFUSED 10.0.0.5:587', { code: 'ESOCKET' }), 'connection'],
      [failure('Connection timeout', { code: 'ETIMEDOUT' }), 'connection'],
      [failure('getaddrinfo ENOTFOUND smtp.example.fr', { code: 'EDNS' }), 'connection'],
      [
        failure('Invalid login: 535 5.7.8 bad password for site@x.fr', {
          code: 'EAUTH',
          responseCode: 535,
        }),
        'authentication',
      ],
      [failure('certificate has expired', { code: 'ETLS' }), 'tls'],
      [
        failure('451 Mailbox temporarily unavailable', { code: 'EMESSAGE', responseCode: 451 }),
        'temporary-rejection',
      ],
      [
        failure('550 5.1.1 cabinet@x.fr: user unknown', { code: 'EENVELOPE', responseCode: 550 }),
        'rejection',
      ],
      [
        failure("EACCES: permission denied, open '/srv/data/outbox/x.eml'", { code: 'EACCES' }),
        'outbox-folder',
      ],
      [new Error('something unexpected'), 'other'],
    ];
    for (const [error, expected] of cases)
      expect(deliveryErrorClass(error), error.message).toBe(expected);
    expect(deliveryErrorClass('a thrown string')).toBe('other');
  });
});
