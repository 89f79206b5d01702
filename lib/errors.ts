/** An error's message for a log line: the message of an Error, anything else as text. */
export function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
