/**
 * The site's one request helper for its own scripts: sends the method to the path with cookies
 * (credentials included), a JSON content type and body only when there is a payload, no timeout,
 * and treats 200–299 as success. Anything else throws an HttpError whose message is 'status: body
 * text' (or the status text when the body is empty).
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly bodyText: string,
    statusText: string,
  ) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'HttpError';
  }

  /** The human-readable `message` of a JSON error body, when there is one. */
  serverMessage(): string | null {
    try {
      const parsed: unknown = JSON.parse(this.bodyText);
      const message = (parsed as { message?: unknown } | null)?.message;
      return typeof message === 'string' && message !== '' ? message : null;
    } catch {
      return null;
    }
  }

  /** Per-field errors of a JSON 400 body, when there are some. */
  fieldErrors(): Record<string, string> {
    try {
      const parsed: unknown = JSON.parse(this.bodyText);
      const errors = (parsed as { errors?: unknown } | null)?.errors;
      if (errors === null || typeof errors !== 'object') return {};
      return Object.fromEntries(
        Object.entries(errors).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string',
        ),
      );
    } catch {
      return {};
    }
  }
}

export async function throwIfResNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const text = await response.text().catch(() => '');
  throw new HttpError(response.status, text, response.statusText);
}

export async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  const response = await fetch(url, {
    method,
    headers: data !== undefined ? { 'Content-Type': 'application/json' } : {},
    body: data !== undefined ? JSON.stringify(data) : undefined,
    credentials: 'include',
  });
  await throwIfResNotOk(response);
  return response;
}
