export declare const SITE_CONFIG: URL;
export declare function ensureNginx(): string;
export declare function renderSiteConfig(
  text: string,
  options: {
    upstreamPorts: number[];
    httpPort: number;
    httpsPort: number;
    certFile: string;
    keyFile: string;
    dir: string;
  },
): string;
export declare function makeCertificate(dir: string): { certFile: string; keyFile: string };
export interface RunningNginx {
  httpsUrl: string;
  httpUrl: string;
  httpsPort: number;
  httpPort: number;
  dir: string;
  certFile: string;
  pid: number | undefined;
  stop(options?: { keepFolder?: boolean }): Promise<void>;
}
export declare function startNginx(options: {
  upstreamPorts: number[];
  httpsPort?: number;
  httpPort?: number;
  workers?: number;
  noncePlaceholder?: string;
  extraHttp?: (certFile: string, keyFile: string) => string;
}): Promise<RunningNginx>;
export declare function newNoncePlaceholder(): string;
export declare function manyVisitors(options?: {
  first?: number;
  requestsPerConnection?: number;
}): {
  reconnectRate: number;
  setupClient(client: unknown): void;
};
