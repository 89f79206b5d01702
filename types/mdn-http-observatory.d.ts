// @mdn/mdn-http-observatory ships JavaScript without types: the two entry points the security
// header test uses (tests/integration/security-headers.test.ts).
declare module '@mdn/mdn-http-observatory/src/retriever/retriever.js' {
  export interface ObservatoryRequests {
    responses: { auto: { status: number; headers: Record<string, string> } | null };
  }
  export function retrieve(
    hostname: string,
    options?: { httpPort?: number; httpsPort?: number; path?: string },
  ): Promise<ObservatoryRequests>;
}

declare module '@mdn/mdn-http-observatory/src/constants.js' {
  import type { ObservatoryRequests } from '@mdn/mdn-http-observatory/src/retriever/retriever.js';
  export interface ObservatoryOutput {
    result: string;
    pass: boolean | null;
  }
  export const ALL_TESTS: ((requests: ObservatoryRequests) => ObservatoryOutput)[];
}
