export declare const UNIT_FILE: URL;
export declare const SERVICE_PATH: string;
export declare function parseUnit(text: string): Record<string, Record<string, string[]>>;
export interface InstanceCommand {
  argv: string[];
  cwd: string;
  env: Record<string, string>;
  user: string;
  readWritePaths: string[];
}
export declare function instanceCommand(
  text: string,
  instance: { port: number; appDir: string; siteDir?: string; envFile: string },
): InstanceCommand;
export declare function readUnit(): string;
