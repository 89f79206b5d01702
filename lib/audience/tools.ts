/** Never counted by the audience measurement. No server-only import: the test configurations read it. */
export const TOOLS_USER_AGENT_TOKEN = 'sorel-aubry-tools';
