import { describe, expect, it } from 'vitest';
import { parseTemplateParams, renderSqlLabTemplate, TemplateError } from './templating.ts';

const context = {
  user: { id: 7, username: 'anna', email: 'anna@example.com' },
  urlParams: { region: 'north' },
};

describe('parseTemplateParams', () => {
  it('reads a JSON object, {} when empty', () => {
    expect(parseTemplateParams('{"a": 1}')).toEqual({ a: 1 });
    expect(parseTemplateParams('')).toEqual({});
    expect(parseTemplateParams(null)).toEqual({});
  });

  it('names the problem of bad JSON and of a non-object', () => {
    expect(() => parseTemplateParams('{"a": ')).toThrow(/not valid JSON: /);
    expect(() => parseTemplateParams('[1]')).toThrow('The template parameters must be a JSON object.');
  });
});

describe('renderSqlLabTemplate', () => {
  it('fills parameters and the macros', () => {
    const sql =
      "SELECT {{ x }}, '{{ current_username() }}', {{ current_user_id() }}, '{{ current_user_email() }}', '{{ url_param('region') }}', '{{ url_param(\"city\", 'Oslo') }}'";
    expect(renderSqlLabTemplate(sql, { x: 5 }, context)).toBe(
      "SELECT 5, 'anna', 7, 'anna@example.com', 'north', 'Oslo'",
    );
  });

  it('refuses unknown functions, unquoted arguments and missing parameters', () => {
    expect(() => renderSqlLabTemplate('{{ os_system() }}', {}, context)).toThrow(TemplateError);
    expect(() => renderSqlLabTemplate('{{ url_param(region) }}', {}, context)).toThrow(/quoted strings/);
    try {
      renderSqlLabTemplate('SELECT {{ a }}, {{ b }}', { a: 1 }, context);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(TemplateError);
      expect((error as TemplateError).errorType).toBe('MISSING_TEMPLATE_PARAMS_ERROR');
      expect((error as Error).message).toContain('b');
    }
  });
});
