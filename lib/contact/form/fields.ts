import type { Messages } from '@/lib/i18n/messages';

/** Apart from the schema: the form loads zod only when the visitor starts typing. */
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
