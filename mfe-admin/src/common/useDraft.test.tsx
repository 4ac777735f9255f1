// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useDraft } from './useDraft.ts';

describe('useDraft', () => {
  it('keeps what is typed while the value stays, and resets when the value changes', () => {
    const { result, rerender } = renderHook(({ value }) => useDraft(value), { initialProps: { value: 'Keypads' } });
    expect(result.current[0]).toBe('Keypads');
    act(() => result.current[1]('Keypads and plates'));
    rerender({ value: 'Keypads' });
    expect(result.current[0]).toBe('Keypads and plates');
    rerender({ value: 'Plates' });
    expect(result.current[0]).toBe('Plates');
  });

  it('compares objects by the key given, not by identity', () => {
    const { result, rerender } = renderHook(({ data }) => useDraft(String(data.max), JSON.stringify(data)), { initialProps: { data: { max: 1200 } } });
    act(() => result.current[1]('2400'));
    rerender({ data: { max: 1200 } }); // a new object, same content: the typed text stays
    expect(result.current[0]).toBe('2400');
    rerender({ data: { max: 3000 } });
    expect(result.current[0]).toBe('3000');
  });
});
