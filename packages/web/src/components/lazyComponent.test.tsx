// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lazyComponent } from './lazyComponent.tsx';

function Greeting({ name }: { name: string }) {
  return <p>Hello, {name}</p>;
}

describe('lazyComponent', () => {
  it('renders nothing until its code has loaded, then the component with its props', async () => {
    let resolve: (component: typeof Greeting) => void = () => {};
    const Lazy = lazyComponent(() => new Promise<typeof Greeting>((done) => (resolve = done)));
    const { container } = render(<Lazy name="Ada" />);
    expect(container.textContent).toBe('');
    resolve(Greeting);
    expect(await screen.findByText('Hello, Ada')).toBeTruthy();
  });
});
