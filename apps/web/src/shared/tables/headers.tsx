import type { ReactNode } from 'react';

/** A column header read by screen readers only (over a column of buttons). */
export function HiddenHeader({ children }: { children: ReactNode }) {
  return (
    <th scope="col">
      <span className="visually-hidden">{children}</span>
    </th>
  );
}

/** A column header over numbers: aligned to the end, as they are. */
export function NumberHeader({ children }: { children: ReactNode }) {
  return (
    <th scope="col" className="text-end">
      {children}
    </th>
  );
}

/** A table's header row: plain column headers, then the one over the rows' buttons. */
export function HeaderRow({ labels, actions }: { labels: string[]; actions: ReactNode }) {
  return (
    <tr>
      {labels.map((label) => (
        <th key={label} scope="col">
          {label}
        </th>
      ))}
      <HiddenHeader>{actions}</HiddenHeader>
    </tr>
  );
}

/** The header row of a table of measures: the measures' column, then columns of numbers. */
export function MeasureHeaderRow({ measure, numbers }: { measure: string; numbers: string[] }) {
  return (
    <tr>
      <th scope="col">{measure}</th>
      {numbers.map((label) => (
        <NumberHeader key={label}>{label}</NumberHeader>
      ))}
    </tr>
  );
}
