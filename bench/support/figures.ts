/** One measured figure, its target and whether it met it. */
export interface Figure {
  name: string;
  value: number;
  unit: string;
  target: string;
  met: boolean;
  note?: string;
}

export function printTable(figures: Figure[]): void {
  const rows = figures.map((figure) => [
    figure.name,
    `${Number.isInteger(figure.value) ? figure.value : figure.value.toFixed(2)} ${figure.unit}`,
    figure.target,
    figure.met ? 'yes' : 'NO',
    figure.note ?? '',
  ]);
  const header = ['figure', 'measured', 'target', 'met', 'note'];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)));
  const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ');
  console.log(line(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) console.log(line(row));
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}
