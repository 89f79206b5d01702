import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ImageHost {
  origin: string;
  /** Every path asked for, in order. */
  seen: string[];
  /** The most '/slow' requests that were open at once. */
  mostOpen: () => number;
  close: () => Promise<void>;
}

/**
 * A real image host on loopback, playing Google Drive and the like by what the path contains:
 * 'public' or '/image' answers a JPEG; 'private' or '/page' an HTML sign-in page (what Drive
 * answers for a file that is not shared); '/moved' redirects to an image; '/hang' never answers;
 * '/slow' answers an image after 50 ms; '/heic' a HEIC photo, labelled image/heic; anything else is
 * a 404.
 */
export async function startImageHost(): Promise<ImageHost> {
  const seen: string[] = [];
  let open = 0;
  let mostOpen = 0;
  const server = http.createServer((request, response) => {
    const path = request.url ?? '/';
    seen.push(path);
    // The first bytes of a JPEG file (what the site checks), then filler.
    const image = () => {
      response.writeHead(200, { 'content-type': 'image/jpeg' });
      response.end(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(1_996)]));
    };
    if (path.startsWith('/hang')) return;
    if (path.startsWith('/slow')) {
      open += 1;
      mostOpen = Math.max(mostOpen, open);
      setTimeout(() => {
        open -= 1;
        image();
      }, 50);
      return;
    }
    if (path.startsWith('/image') || path.includes('public')) return image();
    if (path.startsWith('/moved')) {
      response.writeHead(302, { location: '/image-after-redirect.jpg' });
      return response.end();
    }
    if (path.startsWith('/heic')) {
      // A phone's photo: an image, in a format browsers and the optimiser cannot show.
      response.writeHead(200, { 'content-type': 'image/heic' });
      return response.end(
        Buffer.concat([Buffer.from('\0\0\0\x18ftypheic', 'latin1'), Buffer.alloc(500)]),
      );
    }
    if (path.startsWith('/page') || path.includes('private')) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return response.end('<!doctype html><title>Connexion – Comptes Google</title>');
    }
    response.writeHead(404, { 'content-type': 'text/plain' });
    response.end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    mostOpen: () => mostOpen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
