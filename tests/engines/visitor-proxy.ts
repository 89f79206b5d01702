import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { TOOLS_USER_AGENT_TOKEN } from '@/lib/audience/tools';

/**
 * A loopback proxy in front of the site, one per browser session. It gives each visitor its own
 * client address (X-Forwarded-For; the test site trusts it, as behind nginx) so the contact
 * form's rate limit counts every test apart, as in tests/e2e/contact-form.spec.ts.
 *
 * For WebKit it also records errors: classic WebDriver has no console stream, and WebKitGTK's
 * "log page messages to the console" setting does not reach the web view that automation opens.
 * So the proxy puts one small script at the top of every HTML page's <head>, carrying the page's
 * own CSP nonce, which keeps console errors, uncaught exceptions, unhandled rejections and CSP
 * violations in sessionStorage, where they outlive navigations in the tab.
 */
export interface VisitorProxy {
  url: string;
  /** A new client address, for a new visitor (whose browser sends no extra header). */
  nextVisitor(): string;
  /** Headers this visitor's browser sends with every request, e.g. `Sec-GPC: 1`. */
  sendHeaders(headers: Record<string, string>): void;
  close(): Promise<void>;
}

export const ERRORS_KEY = '__engineErrors';

const recorder = `(() => {
  const key = ${JSON.stringify(ERRORS_KEY)};
  const record = (text) => {
    try {
      const list = JSON.parse(sessionStorage.getItem(key) || '[]');
      list.push(text + ' (' + location.pathname + ')');
      sessionStorage.setItem(key, JSON.stringify(list));
    } catch {}
  };
  const error = console.error;
  console.error = function (...args) {
    record('console.error: ' + args.map(String).join(' '));
    return error.apply(this, args);
  };
  const describe = (value) => String(value) + (value && value.stack ? ' ' + value.stack : '');
  addEventListener('error', (event) => record('uncaught: ' + (event.error ? describe(event.error) : event.message)));
  addEventListener('unhandledrejection', (event) => record('unhandled rejection: ' + describe(event.reason)));
  document.addEventListener('securitypolicyviolation', (event) => record('CSP violation: ' + event.violatedDirective + ' ' + event.blockedURI));
})();`;

let visitorCount = 0;

/**
 * `countedAsVisitor`: the journeys' page views are the project's own traffic, which the audience
 * measurement never counts: the proxy adds the tools' token to the user agent
 * (lib/audience/visitor.ts), except for the journeys about the measurement itself, whose browser
 * passes for a visitor's.
 */
export async function startVisitorProxy(
  target: string,
  options: { recordErrors: boolean; countedAsVisitor?: boolean },
): Promise<VisitorProxy> {
  const upstream = new URL(target);
  let address = '';
  let extraHeaders: Record<string, string> = {};
  const nextVisitor = () => {
    visitorCount += 1;
    address = `198.18.${process.pid % 250}.${(visitorCount % 250) + 1}`;
    extraHeaders = {};
    return address;
  };
  nextVisitor();

  const server = http.createServer((request, response) => {
    const headers = { ...request.headers, ...extraHeaders, 'x-forwarded-for': address };
    const agent = request.headers['user-agent'] ?? '';
    // A visitor's Chromium does not say it is headless, which would make it a robot.
    headers['user-agent'] = options.countedAsVisitor
      ? agent.replace('HeadlessChrome', 'Chrome')
      : `${agent} ${TOOLS_USER_AGENT_TOKEN}`;
    // Plain bytes, so the recorder can be put into the HTML.
    if (options.recordErrors) delete headers['accept-encoding'];
    const forward = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: request.method,
        path: request.url,
        headers,
      },
      (answer) => {
        const type = String(answer.headers['content-type'] ?? '');
        const nonce = /'nonce-([^']+)'/.exec(
          String(answer.headers['content-security-policy']),
        )?.[1];
        if (!options.recordErrors || !type.startsWith('text/html') || !nonce) {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
          return;
        }
        const outgoing = { ...answer.headers };
        delete outgoing['content-length'];
        response.writeHead(answer.statusCode ?? 502, outgoing);
        let head = '';
        let injected = false;
        answer.setEncoding('utf8');
        answer.on('data', (chunk: string) => {
          if (injected) return void response.write(chunk);
          head += chunk;
          const at = head.indexOf('<head>');
          if (at === -1) return;
          injected = true;
          const end = at + '<head>'.length;
          response.write(
            `${head.slice(0, end)}<script nonce="${nonce}">${recorder}</script>${head.slice(end)}`,
          );
        });
        answer.on('end', () => response.end(injected ? undefined : head));
      },
    );
    forward.on('error', () => response.writeHead(502).end());
    request.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    nextVisitor,
    sendHeaders(headers) {
      extraHeaders = Object.fromEntries(
        Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]),
      );
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
