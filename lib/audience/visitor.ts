import 'server-only';
import Bowser from 'bowser';
import { createIsbotFromList, list } from 'isbot';
import { objectsInCookies } from './objection';
import { TOOLS_USER_AGENT_TOKEN } from './tools';

/**
 * What the receiver reads of a request before counting it (docs/behaviour.md, Audience
 * measurement), from its headers only: never its address.
 */

/**
 * Robots and crawlers: isbot's list (search engines, link previews, uptime monitors, headless
 * browsers, Lighthouse, HTTP libraries…) and the project's own tools. An empty user agent is no
 * browser either.
 */
const isRobotAgent = createIsbotFromList([...list, TOOLS_USER_AGENT_TOKEN]);

export function isRobot(userAgent: string): boolean {
  return userAgent.trim() === '' || isRobotAgent(userAgent);
}

export type DeviceClass = 'phone' | 'tablet' | 'computer';

const deviceCache = new Map<string, DeviceClass>();

/**
 * Phone, tablet or computer, from the user agent (bowser's platform type; a television counts
 * as a computer). An iPad that asks for desktop sites (Safari's default) says it is a Mac and is
 * counted as a computer.
 */
export function deviceClass(userAgent: string): DeviceClass {
  const known = deviceCache.get(userAgent);
  if (known) return known;
  const type = Bowser.parse(userAgent).platform.type;
  const device: DeviceClass =
    type === 'mobile' ? 'phone' : type === 'tablet' ? 'tablet' : 'computer';
  // The same few user agents make most requests: remembered, within a bound.
  if (deviceCache.size >= 1000) deviceCache.clear();
  deviceCache.set(userAgent, device);
  return device;
}

/**
 * Whether the visitor objects: the objection cookie, or the browser's Global Privacy Control
 * signal (`Sec-GPC: 1`), which counts as an objection.
 */
export function objects(headers: { cookie?: string; 'sec-gpc'?: string }): boolean {
  return headers['sec-gpc']?.trim() === '1' || objectsInCookies(headers.cookie ?? '');
}
