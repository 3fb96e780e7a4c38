import { describe, expect, it } from 'vitest';
import { isTextField, undoKeyAction } from './undoKeys.ts';

const key = (init: Partial<KeyboardEvent>) => ({
  key: 'z',
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...init,
});

describe('undoKeyAction', () => {
  it('reads Ctrl/Cmd+Z as undo and with Shift as redo', () => {
    expect(undoKeyAction(key({ ctrlKey: true }))).toBe('undo');
    expect(undoKeyAction(key({ metaKey: true }))).toBe('undo');
    expect(undoKeyAction(key({ ctrlKey: true, shiftKey: true, key: 'Z' }))).toBe('redo');
    expect(undoKeyAction(key({ metaKey: true, shiftKey: true }))).toBe('redo');
    expect(undoKeyAction(key({ ctrlKey: true, key: 'y' }))).toBe('redo');
  });

  it('ignores other keys and plain Z', () => {
    expect(undoKeyAction(key({}))).toBeNull();
    expect(undoKeyAction(key({ ctrlKey: true, key: 'x' }))).toBeNull();
    expect(undoKeyAction(key({ ctrlKey: true, altKey: true }))).toBeNull();
  });
});

describe('isTextField', () => {
  it('knows inputs and text areas', () => {
    expect(isTextField(document.createElement('input'))).toBe(true);
    expect(isTextField(document.createElement('textarea'))).toBe(true);
    expect(isTextField(document.createElement('div'))).toBe(false);
    expect(isTextField(null)).toBe(false);
  });
});
