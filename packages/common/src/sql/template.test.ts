import { describe, expect, it } from 'vitest';
import { MissingTemplateParamsError, renderSqlTemplate, templateParameterNames } from './template.ts';

describe('renderSqlTemplate', () => {
  it('fills placeholders, with or without spaces, and dotted paths', () => {
    expect(
      renderSqlTemplate("SELECT * FROM sales WHERE region = '{{region}}' AND year >= {{ range.from }}", {
        region: 'Европа',
        range: { from: 2024 },
      }),
    ).toBe("SELECT * FROM sales WHERE region = 'Европа' AND year >= 2024");
  });

  it('joins lists and leaves SQL without placeholders alone', () => {
    expect(renderSqlTemplate('SELECT {{ cols }} FROM t', { cols: ['a', 'b'] })).toBe('SELECT a, b FROM t');
    expect(renderSqlTemplate('SELECT 1', {})).toBe('SELECT 1');
  });

  it('names every undefined parameter', () => {
    expect(() => renderSqlTemplate('SELECT {{ a }}, {{ b.c }}, {{ a }}', { b: {} })).toThrow(
      new MissingTemplateParamsError(['a', 'b.c']),
    );
    expect(() => renderSqlTemplate('SELECT {{ a }}', {})).toThrow(
      'The following parameters in your query are undefined: a.',
    );
  });

  it('does not reach into inherited properties', () => {
    expect(() => renderSqlTemplate('SELECT {{ constructor }}', {})).toThrow(MissingTemplateParamsError);
    expect(() => renderSqlTemplate('SELECT {{ a.toString }}', { a: 'x' })).toThrow(
      MissingTemplateParamsError,
    );
  });

  it('ignores anything that is not a plain placeholder', () => {
    const sql = "SELECT '{{ 1 + 1 }}', '{% if x %}'";
    expect(templateParameterNames(sql)).toEqual([]);
    expect(renderSqlTemplate(sql, {})).toBe(sql);
  });
});
