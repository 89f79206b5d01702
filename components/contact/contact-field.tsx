'use client';

import { contactLimits, type ContactField as FieldName } from '@/lib/contact/form/fields';
import type { Messages } from '@/lib/i18n/messages';

const inputClass =
  'border-line text-ink placeholder:text-muted/80 w-full rounded-md border bg-white px-3 py-2.5 focus-visible:border-accent aria-[invalid=true]:border-red-700';

/** One field of the contact form: its label, its input and the error under it. */
export function ContactField({
  name,
  texts,
  value,
  error,
  onChange,
}: {
  name: FieldName;
  texts: Messages['contact']['form'][FieldName];
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const id = `contact-${name}`;
  const common = {
    id,
    name,
    value,
    placeholder: texts.placeholder,
    required: true,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
    className: inputClass,
  } as const;
  return (
    <div className={name === 'message' ? 'sm:col-span-2' : undefined}>
      <label htmlFor={id} className="text-ink mb-1.5 block text-sm font-medium">
        {texts.label}
      </label>
      {name === 'message' ? (
        <textarea
          {...common}
          rows={6}
          maxLength={contactLimits.message.max}
          onChange={(event) => onChange(event.target.value)}
        />
      ) : (
        <input
          {...common}
          type={name === 'email' ? 'email' : name === 'phone' ? 'tel' : 'text'}
          autoComplete={name === 'name' ? 'name' : name === 'email' ? 'email' : 'tel'}
          maxLength={contactLimits[name].max}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}
