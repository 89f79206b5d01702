import 'server-only';
import Bowser from 'bowser';
import { createIsbotFromList, list } from 'isbot';
import { objectsInCookies } from './objection';
import { TOOLS_USER_AGENT_TOKEN } from './tools';

/** From the request's headers only, never its address (docs/behaviour.md, "Audience measurement"). */

/** isbot's list and the project's own tools; an empty user agent is no browser either. */
const isRobotAgent = createIsbotFromList([...list, TOOLS_USER_AGENT_TOKEN]);

export function isRobot(userAgent: string): boolean {
  return userAgent.trim() === '' || isRobotAgent(userAgent);
}

export type DeviceClass = 'phone' | 'tablet' | 'computer';

const deviceCache = new Map<string, DeviceClass>();

/** An iPad asking for desktop sites (Safari's default) says it is a Mac: counted as a computer. */
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

/** Global Privacy Control (`Sec-GPC: 1`) counts as an objection. */
export function objects(headers: { cookie?: string; 'sec-gpc'?: string }): boolean {
  return headers['sec-gpc']?.trim() === '1' || objectsInCookies(headers.cookie ?? '');
}
