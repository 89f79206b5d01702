/**
 * The user-agent token of the project's own tools (the browser tests, the engines' journeys,
 * the benchmarks): the audience measurement never counts their page views, wherever they are
 * pointed (lib/audience/visitor.ts). No server-only import: the test configurations read it.
 */
export const TOOLS_USER_AGENT_TOKEN = 'sorel-aubry-tools';
