import { describe, expect, it } from 'vitest';
import {
  REGISTRATION_MESSAGES,
  registrationFieldProblem,
  registrationProblemOf,
  registrationProblems,
} from './registration.ts';

const valid = {
  username: 'new.person',
  first_name: 'Nina',
  last_name: 'Newcomer',
  email: 'nina@example.com',
  password: 'long-enough',
  password_confirmation: 'long-enough',
};

describe('registration rules', () => {
  it('accept a complete form', () => {
    expect(registrationProblems(valid)).toEqual({});
  });

  it("find each field's problem as the users API does", () => {
    expect(registrationProblems({})).toEqual({
      username: 'required',
      first_name: 'required',
      last_name: 'required',
      email: 'required',
      password: 'required',
      password_confirmation: 'required',
    });
    expect(registrationFieldProblem('username', { username: 'two words' })).toBe('usernameCharacters');
    expect(registrationFieldProblem('username', { username: 'a'.repeat(65) })).toBe('tooLong');
    expect(registrationFieldProblem('first_name', { first_name: '   ' })).toBe('required');
    expect(registrationFieldProblem('email', { email: 'nobody@localhost' })).toBe('emailFormat');
    expect(registrationFieldProblem('password', { password: 'short' })).toBe('passwordTooShort');
    expect(
      registrationFieldProblem('password_confirmation', {
        password: 'long-enough',
        password_confirmation: 'long-enougH',
      }),
    ).toBe('passwordMismatch');
  });

  it('read a server message back into its code', () => {
    expect(registrationProblemOf(REGISTRATION_MESSAGES.usernameTaken)).toBe('usernameTaken');
    expect(registrationProblemOf('Something else')).toBeUndefined();
  });
});
