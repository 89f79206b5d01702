import { describe, expect, it } from 'vitest';
import { actionPostProblem } from './action-post';

function form(fields: [string, string | Blob][]): FormData {
  const data = new FormData();
  for (const [name, value] of fields) data.append(name, value);
  return data;
}

const action: [string, string][] = [
  ['$ACTION_REF_1', ''],
  ['$ACTION_1:0', '{"id":"60c0d3224dc6b2fb8237220fbd309b46423f3bed1f","bound":"$@1"}'],
  ['$ACTION_1:1', '[{"status":"idle","errors":{},"values":{}}]'],
  ['$ACTION_KEY', 'k1'],
];
const fields: [string, string][] = [
  ['locale', 'fr'],
  ['formToken', 't'],
  ['submissionId', 's'],
  ['website', ''],
  ['name', 'Claire'],
  ['email', 'claire@example.com'],
  ['phone', ''],
  ['message', 'Bonjour'],
];

describe("the contact form's post", () => {
  it('is taken as the page renders it', () => {
    expect(actionPostProblem(form([...action, ...fields]))).toBeNull();
  });

  it('is refused with an unbound action, other bound arguments or metadata', () => {
    expect(actionPostProblem(form([['$ACTION_ID_abc', ''], ...fields]))).not.toBeNull();
    const bound = (value: string) =>
      form([...action.filter(([n]) => n !== '$ACTION_1:1'), ['$ACTION_1:1', value], ...fields]);
    for (const value of ['[1,2,3]', '[]', '[null]', '{', '["x"]'])
      expect(actionPostProblem(bound(value))).not.toBeNull();
    const meta = form([
      ...action.filter(([n]) => n !== '$ACTION_1:0'),
      ['$ACTION_1:0', '{"id":1}'],
      ...fields,
    ]);
    expect(actionPostProblem(meta)).not.toBeNull();
    expect(actionPostProblem(form([...action, ...action, ...fields]))).not.toBeNull();
  });

  it('is refused with a field missing, twice, or a file', () => {
    expect(actionPostProblem(form([...action, ...fields.slice(1)]))).toBe('field locale');
    expect(actionPostProblem(form([...action, ...fields, ['name', 'x']]))).toBe('field name');
    expect(actionPostProblem(form([...action, ...fields, ['cv', new Blob(['x'])]]))).toBe(
      'a file in the form',
    );
  });
});
