import { describe, expect, it } from 'vitest';
import { refusal as refuse } from './request-gate';

const host = ['Host', 'www.sorel-aubry-avocats.fr'];
const refusal = (method: string, url: string, rawHeaders: string[], httpVersionMajor = 1) =>
  refuse({ method, url, rawHeaders, httpVersionMajor });

describe('the requests refused before Next.js', () => {
  it('lets pages take GET and HEAD, and the home pages their form post', () => {
    for (const path of ['/', '/fr', '/fr/', '/en', '/en/', '/fr/mentions-legales', '/x.php'])
      for (const method of ['GET', 'HEAD']) expect(refusal(method, path, host)).toBeNull();
    for (const path of ['/', '/fr', '/fr/', '/en', '/en/'])
      expect(refusal('POST', `${path}?x=1`, host)).toBeNull();
  });

  it('answers any other method outside the API with 405 and what is allowed', () => {
    expect(refusal('PUT', '/fr', host)).toMatchObject({ status: 405, allow: 'GET, HEAD, POST' });
    expect(refusal('POST', '/fr/mentions-legales', host)).toMatchObject({
      status: 405,
      allow: 'GET, HEAD',
    });
    for (const method of ['OPTIONS', 'DELETE', 'PROPFIND', 'MKCOL', 'LOCK'])
      expect(refusal(method, '/images/logo.svg', host)?.status).toBe(405);
  });

  it('leaves the API its own method lists, except TRACE', () => {
    for (const method of ['POST', 'PUT', 'OPTIONS', 'PROPFIND'])
      expect(refusal(method, '/api/contact', host)).toBeNull();
    expect(refusal('TRACE', '/api/contact', host)?.status).toBe(405);
    expect(refusal('TRACK', '/fr', host)?.status).toBe(405);
  });

  it('refuses a target that is not a path, two Host headers and a path that is not UTF-8', () => {
    expect(refusal('GET', '*', host)?.status).toBe(400);
    expect(refusal('GET', 'http://evil.example/fr', host)?.status).toBe(400);
    expect(refusal('GET', '/fr', [...host, 'host', 'evil.example'])?.status).toBe(400);
    expect(refusal('GET', '/fr/%zz', host)?.status).toBe(400);
    expect(refusal('GET', '/fr/%c0%af', host)?.status).toBe(400);
    expect(refusal('GET', '/fr/cong%C3%A9s?q=%zz', host)).toBeNull();
  });

  it('refuses a request line without HTTP/1 (HTTP/0.9, HTTP/2.0 on this parser)', () => {
    expect(refusal('GET', '/fr', host, 0)?.status).toBe(400);
    expect(refusal('GET', '/fr', host, 2)?.status).toBe(400);
  });
});
