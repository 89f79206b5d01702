'use client';

import { useId, useState, type FormEvent } from 'react';
import type { Messages } from '@/lib/i18n/messages';
import type { Locale } from '@/lib/i18n/locales';

type Texts = Messages['letters']['form'];
type State =
  | { kind: 'idle' }
  | { kind: 'pending' }
  | { kind: 'accepted'; message: string }
  | { kind: 'error'; message: string; field: boolean };

/**
 * The legal watch's subscription form. Without JavaScript it posts to the API, which answers 303
 * to the page saying what happens next; with it, the same post as JSON, answered in place (the
 * live status, or the error tied to the field). No dependency: the browser checks the address's
 * shape, the server its rules.
 */
export function SubscribeFormClient({
  action,
  locale,
  page,
  texts,
  privacyHref,
  dark = false,
}: {
  action: string;
  locale: Locale;
  page: string;
  texts: Texts;
  privacyHref: string;
  dark?: boolean;
}) {
  const id = useId();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const fieldError = state.kind === 'error' && state.field;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = Object.fromEntries(new FormData(form));
    setState({ kind: 'pending' });
    try {
      const response = await fetch(action, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(data),
      });
      const body = (await response.json().catch(() => ({}))) as {
        message?: string;
        errors?: { email?: string };
      };
      const message = body.errors?.email ?? body.message ?? response.statusText;
      setState(
        response.ok
          ? { kind: 'accepted', message }
          : { kind: 'error', message, field: Boolean(body.errors?.email) },
      );
    } catch {
      // The network failed: the form posts again without JavaScript, as if it had none.
      form.submit();
    }
  }

  const muted = dark ? 'text-white/80' : 'text-muted';
  const input =
    'border-line text-ink min-h-11 rounded-md border bg-white px-3 py-2 aria-[invalid=true]:border-red-700';
  return (
    <form
      method="post"
      action={action}
      onSubmit={onSubmit}
      aria-labelledby={`${id}-heading`}
      data-testid="subscribe-form"
    >
      <h2 id={`${id}-heading`} className={dark ? 'font-serif text-xl' : 'text-2xl'}>
        {texts.heading}
      </h2>
      <p className={`mt-2 text-sm ${muted}`}>{texts.about}</p>
      <input type="hidden" name="locale" value={locale} />
      <input type="hidden" name="page" value={page} />
      <div className="mt-4 flex flex-wrap items-end gap-3">
        <div className="grid min-w-0 flex-1 basis-56 gap-1">
          <label htmlFor={`${id}-email`} className="text-sm font-medium">
            {texts.email}
          </label>
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={254}
            aria-invalid={fieldError || undefined}
            aria-describedby={fieldError ? `${id}-status` : undefined}
            className={input}
          />
        </div>
        <div className="grid gap-1">
          <label htmlFor={`${id}-letters`} className="text-sm font-medium">
            {texts.language}
          </label>
          <select id={`${id}-letters`} name="letters" defaultValue={locale} className={input}>
            <option value="fr">{texts.languages.fr}</option>
            <option value="en">{texts.languages.en}</option>
          </select>
        </div>
        <button
          type="submit"
          disabled={state.kind === 'pending'}
          className={`min-h-11 rounded-md px-5 font-semibold ${dark ? 'text-ink bg-white' : 'bg-ink text-white'}`}
        >
          {state.kind === 'pending' ? texts.pending : texts.submit}
        </button>
      </div>
      <p
        id={`${id}-status`}
        role="status"
        className={`mt-3 text-sm ${state.kind === 'error' ? (dark ? 'font-semibold' : 'text-red-800') : ''}`}
      >
        {state.kind === 'accepted' || state.kind === 'error' ? state.message : ''}
      </p>
      <p className={`mt-1 text-sm ${muted}`}>
        <a href={privacyHref} className="underline underline-offset-4">
          {texts.privacy}
        </a>
      </p>
    </form>
  );
}
