/** The site's one request helper for its own scripts: anything but 2xx throws 'status: body'. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly bodyText: string,
    statusText: string,
  ) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'HttpError';
  }

  serverMessage(): string | null {
    try {
      const parsed: unknown = JSON.parse(this.bodyText);
      const message = (parsed as { message?: unknown } | null)?.message;
      return typeof message === 'string' && message !== '' ? message : null;
    } catch {
      return null;
    }
  }

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
