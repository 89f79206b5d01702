/**
 * The one Server Action post the site takes: the contact form without JavaScript, as React renders
 * it bound to its state (`$ACTION_REF_<n>`, `$ACTION_<n>:0`, `$ACTION_<n>:1`). Anything else would
 * reach the action with arguments it does not take, and Next.js would answer 500.
 */

const FORM_FIELDS = [
  'locale',
  'formToken',
  'submissionId',
  'website',
  'name',
  'email',
  'phone',
  'message',
];

/** Largest form post: the four fields at their longest, and the hidden fields, fit well within. */
export const MAX_ACTION_POST_BYTES = 64 * 1024;

const isObject = (value: unknown) =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function actionPostProblem(form: FormData): string | null {
  const refs: string[] = [];
  for (const [key, value] of form.entries()) {
    if (typeof value !== 'string') return 'a file in the form';
    if (key.startsWith('$ACTION_ID_')) return 'an unbound action';
    if (key.startsWith('$ACTION_REF_')) refs.push(key.slice('$ACTION_REF_'.length));
  }
  if (refs.length !== 1) return 'not one action reference';
  const prefix = `$ACTION_${refs[0]}:`;
  const meta = parse(String(form.get(`${prefix}0`) ?? ''));
  if (!isObject(meta)) return 'no action metadata';
  const { id, bound } = meta as { id?: unknown; bound?: unknown };
  if (typeof id !== 'string' || bound !== '$@1') return 'action metadata';
  const state = parse(String(form.get(`${prefix}1`) ?? ''));
  if (!Array.isArray(state) || state.length !== 1 || !isObject(state[0])) return 'bound state';
  for (const field of FORM_FIELDS) if (form.getAll(field).length !== 1) return `field ${field}`;
  return null;
}
