import type { ContactField, ContactFieldErrors } from './fields';

export type ContactFormValues = Record<ContactField, string>;

export interface ContactFormState {
  status: 'idle' | 'success' | 'invalid' | 'error';
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
