// @vitest-environment jsdom
import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import type { LoginOptions } from '@vitrina/common';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, stubFetch, stubLayoutApis } from '../../testing/providers.tsx';
import { LoginPage } from './LoginPage.tsx';
import { RegisterPage } from './RegisterPage.tsx';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 60_000 });

let options: LoginOptions;
let registerAnswer: { status: number; body: unknown };
let posted: unknown[];

beforeEach(() => {
  options = { password_login: true, oidc: null, self_registration: false };
  registerAnswer = { status: 201, body: { id: 5, result: { username: 'nina' } } };
  posted = [];
  stubLayoutApis();
  stubFetch((_method, url, body) => {
    if (url.startsWith('/api/v1/security/login_options/')) return json(200, { result: options });
    if (url.startsWith('/api/v1/security/register/')) {
      posted.push(body);
      return json(registerAnswer.status, registerAnswer.body);
    }
    return json(404, { message: 'Not found' });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderAt(page: 'login' | 'register', url: string, language: 'en' | 'ru' = 'en') {
  return renderWithProviders(page === 'login' ? <LoginPage /> : <RegisterPage />, language, url);
}

describe('the login page', () => {
  it('offers the provider beside the password form, and registration when it is on', async () => {
    options = {
      password_login: true,
      oidc: { label: 'Company SSO', url: '/login/oidc/' },
      self_registration: true,
    };
    renderAt('login', '/login/?next=%2Fsqllab%2F');
    const provider = await screen.findByRole('link', { name: /Sign in with Company SSO/ });
    expect(provider.getAttribute('href')).toBe('/login/oidc/?next=%2Fsqllab%2F&lang=en');
    expect(screen.getByLabelText('Username')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(
      '/register/?next=%2Fsqllab%2F',
    );
  });

  it('hides the password form when the server turned it off', async () => {
    options = {
      password_login: false,
      oidc: { label: 'Company SSO', url: '/login/oidc/' },
      self_registration: false,
    };
    renderAt('login', '/login/', 'ru');
    expect(await screen.findByRole('link', { name: /Войти через Company SSO/ })).toBeTruthy();
    expect(screen.queryByLabelText('Имя пользователя')).toBeNull();
    expect(screen.queryByText('Зарегистрироваться')).toBeNull();
  });

  it("explains why the provider's sign-in came back, in the page's language", async () => {
    renderAt('login', '/login/?error=oidc_code');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The sign-in has expired or was already used. Please try again.',
    );
    cleanup();
    renderAt('login', '/login/?error=inactive', 'ru');
    expect((await screen.findByRole('alert')).textContent).toContain('Ваша учётная запись отключена');
  });
});

describe('the register page', () => {
  const fill = (label: string, value: string) =>
    fireEvent.change(screen.getByLabelText(label), { target: { value } });

  it('says registration is off when it is', async () => {
    renderAt('register', '/register/');
    expect(
      await screen.findByText('Registration is turned off. Ask an administrator for an account.'),
    ).toBeTruthy();
  });

  it("checks the fields with the server's rules, in Russian too", async () => {
    options.self_registration = true;
    renderAt('register', '/register/', 'ru');
    await screen.findByLabelText('Имя пользователя');
    fill('Имя пользователя', 'two words');
    fill('Электронная почта', 'nobody');
    fill('Пароль', 'short');
    fill('Повторите пароль', 'other');
    fireEvent.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));
    expect(await screen.findByText('Используйте только буквы, цифры и . _ @ + -')).toBeTruthy();
    expect(screen.getByText('Введите правильный адрес электронной почты')).toBeTruthy();
    expect(screen.getByText('Пароль должен быть не короче 8 символов')).toBeTruthy();
    expect(screen.getByText('Пароли не совпадают')).toBeTruthy();
    expect(screen.getAllByText('Заполните это поле')).toHaveLength(2);
    expect(posted).toEqual([]);
  });

  it("shows the server's refusals on their fields, translated", async () => {
    options.self_registration = true;
    registerAnswer = {
      status: 422,
      body: { message: { username: ['A user with this username already exists'] } },
    };
    renderAt('register', '/register/');
    await screen.findByLabelText('Username');
    fill('Username', 'admin');
    fill('First name', 'Nina');
    fill('Last name', 'Newcomer');
    fill('E-mail', 'nina@example.com');
    fill('Password', 'long-enough');
    fill('Repeat the password', 'long-enough');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('This username is taken')).toBeTruthy();
    await waitFor(() =>
      expect(posted).toEqual([
        {
          username: 'admin',
          first_name: 'Nina',
          last_name: 'Newcomer',
          email: 'nina@example.com',
          password: 'long-enough',
          password_confirmation: 'long-enough',
          preferred_language: 'en',
        },
      ]),
    );
  });
});
