import type { ContactField, ContactFieldErrors } from './fields';

/** What the no-JavaScript form post answers with (React's useActionState state). */
export type ContactFormValues = Record<ContactField, string>;

export interface ContactFormState {
  status: 'idle' | 'success' | 'invalid' | 'error';
  /** The error toast's reason, for status 'error'. */
  reason?: string;
  errors: ContactFieldErrors;
  values: ContactFormValues;
}

export const emptyContactValues: ContactFormValues = {
  name: '',
  email: '',
  phone: '',
  message: '',
};

export const initialContactFormState: ContactFormState = {
  status: 'idle',
  errors: {},
  values: emptyContactValues,
};
