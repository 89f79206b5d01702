import { describe, expect, it } from 'vitest';
import { objectionCookie, objectsInCookies } from './objection';
import { TOOLS_USER_AGENT_TOKEN } from './tools';
import { deviceClass, isRobot, objects } from './visitor';

const chrome =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const iphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
const androidTablet =
  'Mozilla/5.0 (Linux; Android 14; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const androidPhone =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36';

describe('isRobot', () => {
  it('recognises crawlers, monitors, headless browsers, Lighthouse and the project’s tools', () => {
    for (const agent of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
      'Mozilla/5.0+(compatible; UptimeRobot/2.0; http://www.uptimerobot.com/)',
      'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36',
      `${chrome} Chrome-Lighthouse`,
      `${chrome} ${TOOLS_USER_AGENT_TOKEN}`,
      'curl/8.5.0',
      '',
    ])
      expect(isRobot(agent), agent).toBe(true);
  });

  it('counts the browsers people use', () => {
    for (const agent of [chrome, iphone, androidPhone, androidTablet])
      expect(isRobot(agent), agent).toBe(false);
  });
});

describe('deviceClass', () => {
  it('sorts phones, tablets and computers', () => {
    expect(deviceClass(iphone)).toBe('phone');
    expect(deviceClass(androidPhone)).toBe('phone');
    expect(deviceClass(androidTablet)).toBe('tablet');
    expect(deviceClass(chrome)).toBe('computer');
    expect(deviceClass('something unknown')).toBe('computer');
  });
});

describe('the objection', () => {
  it('is the objection cookie or Global Privacy Control', () => {
    expect(objects({ 'sec-gpc': '1' })).toBe(true);
    expect(objects({ cookie: 'a=1; sa-audience=objection' })).toBe(true);
    expect(objects({ cookie: 'sa-audience=other', 'sec-gpc': '0' })).toBe(false);
    expect(objects({})).toBe(false);
    expect(objectsInCookies('xsa-audience=objection')).toBe(false);
  });

  it('is remembered a year, Secure on HTTPS; withdrawn, it is deleted', () => {
    expect(objectionCookie(true, true)).toBe(
      'sa-audience=objection; Path=/; SameSite=Lax; Max-Age=31536000; Secure',
    );
    expect(objectionCookie(false, false)).toBe(
      'sa-audience=; Path=/; SameSite=Lax; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT',
    );
  });
});
