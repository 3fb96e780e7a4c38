import { MissingTemplateParamsError, renderSqlTemplate } from '@vitrina/common/sql/template';

/**
 * SQL Lab's templating: `{{ name }}` from the template parameters (common/sql/template.ts) plus the
 * macros Superset users rely on — current_username(), current_user_id(), current_user_email() and
 * url_param(name, default) — evaluated here on the server, never as code.
 */

export class TemplateError extends Error {
  constructor(
    message: string,
    readonly errorType: 'INVALID_TEMPLATE_PARAMS_ERROR' | 'MISSING_TEMPLATE_PARAMS_ERROR',
  ) {
    super(message);
    this.name = 'TemplateError';
  }
}

export interface TemplateUser {
  id: number;
  username: string;
  email: string | null;
}

export interface TemplateContext {
  user: TemplateUser;
  /** The page's query string, kept on the execute call (url_param reads it). */
  urlParams: Record<string, string>;
}

/** The templateParams text as an object: empty means `{}`; anything but a JSON object is refused. */
export function parseTemplateParams(text: string | null | undefined): Record<string, unknown> {
  if (text === null || text === undefined || text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new TemplateError(
      `The template parameters are not valid JSON: ${(error as Error).message}`,
      'INVALID_TEMPLATE_PARAMS_ERROR',
    );
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new TemplateError(
      'The template parameters must be a JSON object.',
      'INVALID_TEMPLATE_PARAMS_ERROR',
    );
  }
  return value as Record<string, unknown>;
}

const MACRO = /\{\{\s*([A-Za-z_]\w*)\s*\(([^)]*)\)\s*\}\}/g;
const STRING_ARG = /^\s*(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)")\s*$/;

function stringArguments(name: string, text: string): string[] {
  if (text.trim() === '') return [];
  return text.split(',').map((part) => {
    const match = STRING_ARG.exec(part);
    if (!match) {
      throw new TemplateError(
        `The arguments of ${name}() must be quoted strings, got: ${part.trim()}`,
        'INVALID_TEMPLATE_PARAMS_ERROR',
      );
    }
    return (match[1] ?? match[2] ?? '').replace(/\\(.)/g, '$1');
  });
}

function callMacro(name: string, args: string[], context: TemplateContext): string {
  switch (name) {
    case 'current_username':
      return context.user.username;
    case 'current_user_id':
      return String(context.user.id);
    case 'current_user_email':
      return context.user.email ?? '';
    case 'url_param': {
      const [param, fallback] = args;
      if (param === undefined) {
        throw new TemplateError(
          'url_param() needs the name of a URL parameter.',
          'INVALID_TEMPLATE_PARAMS_ERROR',
        );
      }
      return context.urlParams[param] ?? fallback ?? '';
    }
    default:
      throw new TemplateError(`Unknown template function: ${name}()`, 'INVALID_TEMPLATE_PARAMS_ERROR');
  }
}

/** The SQL with macros and parameters filled in; TemplateError names what is wrong. */
export function renderSqlLabTemplate(
  sql: string,
  params: Record<string, unknown>,
  context: TemplateContext,
): string {
  const withMacros = sql.replace(MACRO, (_whole, name: string, args: string) =>
    callMacro(name, stringArguments(name, args), context),
  );
  try {
    return renderSqlTemplate(withMacros, params);
  } catch (error) {
    if (error instanceof MissingTemplateParamsError) {
      throw new TemplateError(error.message, 'MISSING_TEMPLATE_PARAMS_ERROR');
    }
    throw error;
  }
}
