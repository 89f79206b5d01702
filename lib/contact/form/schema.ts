// zod/mini: classic zod added ~35 KB gzip to the home page, where this schema runs.
import * as z from 'zod/mini';
import {
  contactFields,
  contactLimits,
  type ContactField,
  type ContactFieldErrors,
  type ContactValidationMessages,
} from './fields';

export * from './fields';

// This schema also runs in the browser, whose CSP forbids eval: zod's compiled fast path probes
// `new Function`, which the browser reports as a violation. The interpreted path is fast enough.
z.config({ jitless: true });

// Single-line fields end up in e-mail headers (Reply-To, Subject): no CR/LF or other controls.
const lineControl = /[\u0000-\u001f\u007f\u2028\u2029]/;
// The message may span lines and use tabs, nothing else below U+0020.
const textControl = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** One schema for the form, the Server Action and POST /api/contact; errors in the visitor's language. */
export function contactSchema(m: ContactValidationMessages) {
  return z.object({
    name: z.string({ error: m.nameMin }).check(
      z.trim(),
      z.minLength(contactLimits.name.min, m.nameMin),
      z.maxLength(contactLimits.name.max, m.nameMax),
      z.refine((value) => !lineControl.test(value), m.nameLine),
    ),
    email: z.pipe(
      z.string({ error: m.email }).check(z.trim(), z.maxLength(contactLimits.email.max, m.email)),
      z.email({ error: m.email }),
    ),
    phone: z.string({ error: m.phone }).check(
      z.trim(),
      z.minLength(contactLimits.phone.min, m.phone),
      z.maxLength(contactLimits.phone.max, m.phone),
      z.refine((value) => !lineControl.test(value), m.phone),
    ),
    message: z.string({ error: m.messageMin }).check(
      z.trim(),
      z.minLength(contactLimits.message.min, m.messageMin),
      z.maxLength(contactLimits.message.max, m.messageMax),
      z.refine((value) => !textControl.test(value), m.messageControl),
    ),
  });
}

export type ContactInput = z.infer<ReturnType<typeof contactSchema>>;

export type ContactValidation =
  { success: true; data: ContactInput } | { success: false; errors: ContactFieldErrors };

/** One message per field: the first rule broken. */
export function validateContact(input: unknown, m: ContactValidationMessages): ContactValidation {
  const parsed = contactSchema(m).safeParse(input);
  if (parsed.success) return { success: true, data: parsed.data };
  const errors: ContactFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && isContactField(field) && !errors[field])
      errors[field] = issue.message;
  }
  return { success: false, errors };
}

function isContactField(value: string): value is ContactField {
  return (contactFields as readonly string[]).includes(value);
}
