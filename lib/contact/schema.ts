import { z } from 'zod';
import type { Messages } from '@/lib/i18n/messages';

// This schema also runs in the browser, whose CSP forbids eval: zod's compiled fast path probes
// `new Function`, which the browser reports as a violation. The interpreted path is fast enough.
z.config({ jitless: true });

/**
 * The one contact-message schema (SPEC 3.3, 5.1), used by the form in the browser, the Server
 * Action and POST /api/contact. Error texts come in the visitor's language.
 */
export type ContactValidationMessages = Messages['contact']['validation'];
export const contactFields = ['name', 'email', 'phone', 'message'] as const;
export type ContactField = (typeof contactFields)[number];
export type ContactFieldErrors = Partial<Record<ContactField, string>>;

export const contactLimits = {
  name: { min: 2, max: 200 },
  email: { max: 254 },
  phone: { min: 5, max: 40 },
  message: { min: 10, max: 5000 },
} as const;

// Single-line fields end up in e-mail headers (Reply-To, Subject): no CR/LF or other controls.
const lineControl = /[\u0000-\u001f\u007f\u2028\u2029]/;
// The message may span lines and use tabs, nothing else below U+0020.
const textControl = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export function contactSchema(m: ContactValidationMessages) {
  return z.object({
    name: z
      .string({ error: m.nameMin })
      .trim()
      .min(contactLimits.name.min, m.nameMin)
      .max(contactLimits.name.max, m.nameMax)
      .refine((value) => !lineControl.test(value), m.nameLine),
    email: z
      .string({ error: m.email })
      .trim()
      .max(contactLimits.email.max, m.email)
      .pipe(z.email({ error: m.email })),
    phone: z
      .string({ error: m.phone })
      .trim()
      .min(contactLimits.phone.min, m.phone)
      .max(contactLimits.phone.max, m.phone)
      .refine((value) => !lineControl.test(value), m.phone),
    message: z
      .string({ error: m.messageMin })
      .trim()
      .min(contactLimits.message.min, m.messageMin)
      .max(contactLimits.message.max, m.messageMax)
      .refine((value) => !textControl.test(value), m.messageControl),
  });
}

export type ContactInput = z.infer<ReturnType<typeof contactSchema>>;

export type ContactValidation =
  { success: true; data: ContactInput } | { success: false; errors: ContactFieldErrors };

/** Validates a payload; errors are keyed by field, one message each (the first rule broken). */
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
