'use client';

import { useRef, useState } from 'react';
import type { ContactFormState, ContactFormValues } from '@/lib/contact/form/form-state';
import {
  contactFields,
  type ContactField,
  type ContactFieldErrors,
  type ContactValidationMessages,
} from '@/lib/contact/form/fields';
import type { validateContact } from '@/lib/contact/form/schema';

// The validation schema (zod) loads when the visitor first focuses the form, not with the page
// (the home page's 160 KB script budget). Without it the form still posts.
type Validate = typeof validateContact;
let validator: Validate | undefined;
export const loadValidator = async (): Promise<Validate> =>
  (validator ??= (await import('@/lib/contact/form/schema')).validateContact);
const withValidator = (apply: (validate: Validate) => void) => {
  if (validator) apply(validator);
  else void loadValidator().then(apply);
};

/**
 * The form's fields: their values and the errors shown under them. As the visitor types, a field
 * already in error is checked again; after a submit, every field is.
 */
export function useContactFields(initial: ContactFormState, validation: ContactValidationMessages) {
  const [values, setValues] = useState<ContactFormValues>(initial.values);
  const [errors, setErrors] = useState<ContactFieldErrors>(initial.errors);
  const [attempted, setAttempted] = useState(initial.status === 'invalid');
  const formRef = useRef<HTMLFormElement>(null);

  const update = (field: ContactField, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (!attempted && !errors[field]) return;
    withValidator((validate) => {
      const result = validate(next, validation);
      setErrors(result.success ? {} : attempted ? result.errors : pick(result.errors, errors));
    });
  };

  /** Checks every field for a submit; on an error, shows them all and focuses the first. */
  const validateAll = async (): Promise<boolean> => {
    setAttempted(true);
    const result = (validator ?? (await loadValidator()))(values, validation);
    if (result.success) {
      setErrors({});
      return true;
    }
    setErrors(result.errors);
    const first = contactFields.find((field) => result.errors[field]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    return false;
  };

  const reset = (empty: ContactFormValues) => {
    setValues(empty);
    setAttempted(false);
  };

  return { values, errors, setErrors, formRef, update, validateAll, reset };
}

function pick(all: ContactFieldErrors, shown: ContactFieldErrors): ContactFieldErrors {
  return Object.fromEntries(
    contactFields.filter((field) => shown[field] && all[field]).map((field) => [field, all[field]]),
  );
}
