import '@testing-library/jest-dom/vitest';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useStagedParts } from './staged-parts';

function Parts({ seen }: { seen: number[] }) {
  const parts = useStagedParts(3);
  seen.push(parts);
  return <p>{parts} of 3</p>;
}

describe('useStagedParts', () => {
  it('draws the first part at once and each next one in a later render, up to all of them', async () => {
    const seen: number[] = [];
    const { rerender } = render(<Parts seen={seen} />);
    // The first commit holds the first part only; the others follow, one render each.
    expect(seen[0]).toBe(1);
    expect(await screen.findByText('3 of 3')).toBeInTheDocument();
    expect([...new Set(seen)]).toEqual([1, 2, 3]);
    // Redrawn in place, the result stays whole.
    rerender(<Parts seen={seen} />);
    expect(screen.getByText('3 of 3')).toBeInTheDocument();
  });
});
