/**
 * Self-registration's form (`POST /api/v1/security/register/`): the fields, their rules and the problems
 * found, as codes. The server answers a problem with its English text (REGISTRATION_MESSAGES); the web app
 * shows the code's text in the person's language, so both sides apply the same rules.
 */
import type { RegistrationRequest } from '../api/auth.ts';

export type RegistrationField = Exclude<keyof RegistrationRequest, 'preferred_language'>;

export type RegistrationProblem =
  | 'required'
  | 'usernameCharacters'
  | 'tooLong'
  | 'emailFormat'
  | 'passwordTooShort'
  | 'passwordMismatch'
  | 'usernameTaken'
  | 'emailTaken';

/** The users API's limits: the same columns, the same rules. */
export const REGISTRATION_LIMITS = {
  username: 64,
  first_name: 64,
  last_name: 64,
  email: 320,
  password: 1024,
  passwordMin: 8,
} as const;

export const REGISTRATION_MESSAGES: Record<RegistrationProblem, string> = {
  required: 'Missing data for required field.',
  usernameCharacters: 'Use only letters, digits and . _ @ + -',
  tooLong: 'Too long',
  emailFormat: 'Not a valid email address.',
  passwordTooShort: `The password must be at least ${REGISTRATION_LIMITS.passwordMin} characters long`,
  passwordMismatch: 'The passwords do not match',
  usernameTaken: 'A user with this username already exists',
  emailTaken: 'A user with this email already exists',
};

const USERNAME_PATTERN = /^[A-Za-z0-9._@+-]+$/;
// Deliberately loose, as the users API: one @, something on each side, a dot in the domain, no spaces.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The problem with one field's value, if any (duplicates are the server's to find). */
export function registrationFieldProblem(
  field: RegistrationField,
  values: Partial<Record<RegistrationField, string>>,
): RegistrationProblem | undefined {
  const raw = values[field] ?? '';
  const value = field === 'password' || field === 'password_confirmation' ? raw : raw.trim();
  if (field === 'password_confirmation') {
    if (value === '') return 'required';
    return value === (values.password ?? '') ? undefined : 'passwordMismatch';
  }
  if (value === '') return 'required';
  if (field === 'password') {
    if (value.length < REGISTRATION_LIMITS.passwordMin) return 'passwordTooShort';
    return value.length > REGISTRATION_LIMITS.password ? 'tooLong' : undefined;
  }
  if (value.length > REGISTRATION_LIMITS[field]) return 'tooLong';
  if (field === 'username' && !USERNAME_PATTERN.test(value)) return 'usernameCharacters';
  if (field === 'email' && !EMAIL_PATTERN.test(value)) return 'emailFormat';
  return undefined;
}

const FIELDS: readonly RegistrationField[] = [
  'username',
  'first_name',
  'last_name',
  'email',
  'password',
  'password_confirmation',
];

/** Every field's problem, keyed by field; empty when the form may be sent. */
export function registrationProblems(
  values: Partial<Record<RegistrationField, string>>,
): Partial<Record<RegistrationField, RegistrationProblem>> {
  const problems: Partial<Record<RegistrationField, RegistrationProblem>> = {};
  for (const field of FIELDS) {
    const problem = registrationFieldProblem(field, values);
    if (problem) problems[field] = problem;
  }
  return problems;
}

/** The code of a message the server answered, so the web app can show it translated. */
export function registrationProblemOf(message: string): RegistrationProblem | undefined {
  return (Object.keys(REGISTRATION_MESSAGES) as RegistrationProblem[]).find(
    (problem) => REGISTRATION_MESSAGES[problem] === message,
  );
}
