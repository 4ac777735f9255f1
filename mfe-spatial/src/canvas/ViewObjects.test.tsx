// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ViewObjects } from './ViewObjects.tsx';

afterEach(cleanup);

const objects = [
  { sel: { key: 'entities' as const, id: 1 }, name: 'Mural area 1' },
  { sel: { key: 'entities' as const, id: 2 }, name: 'Birch Forest texture' },
];

describe('the objects list of a view', () => {
  it('each object is a button that selects it; the selected one is pressed, the others not', () => {
    const onSelect = vi.fn();
    render(<ViewObjects objects={objects} selection={{ key: 'entities', id: 2 }} onSelect={onSelect} />);
    expect(screen.getByRole('region', { name: 'In this view' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Birch Forest texture' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Mural area 1' }).getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: 'Mural area 1' }));
    expect(onSelect).toHaveBeenCalledWith({ key: 'entities', id: 1 });
  });
  it('an entity and a text with the same id are different objects', () => {
    render(<ViewObjects objects={[...objects, { sel: { key: 'productCanvasTexts', id: 1 }, name: 'Text: Hello' }]} selection={{ key: 'productCanvasTexts', id: 1 }} onSelect={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Mural area 1' }).getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('button', { name: 'Text: Hello' }).getAttribute('aria-pressed')).toBe('true');
  });
  it('an empty view shows no list', () => {
    render(<ViewObjects objects={[]} selection={null} onSelect={vi.fn()} />);
    expect(screen.queryByRole('region', { name: 'In this view' })).toBeNull();
  });
});
