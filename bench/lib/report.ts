// The bench's one table (figure, value, budget, pass/fail) and bench/results.json.
import { writeFileSync } from 'node:fs';

export type Verdict = 'pass' | 'fail' | 'info';

export interface Figure {
  section: string;
  name: string;
  value: number | string;
  unit: string;
  /** e.g. "<= 5 ms"; empty when the figure has no budget */
  budget: string;
  verdict: Verdict;
  note?: string;
}

export class Report {
  readonly figures: Figure[] = [];
  readonly details: Record<string, unknown> = {};

  add(section: string, name: string, value: number | string, unit: string, budget?: { op: '<=' | '>='; limit: number }, note?: string): void {
    let verdict: Verdict = 'info';
    if (budget && typeof value === 'number' && Number.isFinite(value)) {
      verdict = (budget.op === '<=' ? value <= budget.limit : value >= budget.limit) ? 'pass' : 'fail';
    } else if (budget) {
      verdict = 'fail';
    }
    const budgetText = budget ? `${budget.op} ${budget.limit}${unit ? ` ${unit}` : ''}` : '';
    this.figures.push({ section, name, value, unit, budget: budgetText, verdict, ...(note ? { note } : {}) });
    console.log(`  ${verdict === 'fail' ? 'FAIL' : verdict === 'pass' ? 'ok  ' : '    '} ${section} · ${name}: ${format(value)} ${unit}${budgetText ? ` (budget ${budgetText})` : ''}`);
  }

  detail(key: string, value: unknown): void {
    this.details[key] = value;
  }

  print(): void {
    const rows = this.figures.map((f) => [`${f.section} · ${f.name}`, `${format(f.value)} ${f.unit}`.trim(), f.budget, f.verdict === 'info' ? '' : f.verdict]);
    const header = ['figure', 'value', 'budget', 'pass/fail'];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
    const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ');
    console.log(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('-|-')}`);
    for (const row of rows) console.log(line(row));
    const failed = this.figures.filter((f) => f.verdict === 'fail').length;
    const passed = this.figures.filter((f) => f.verdict === 'pass').length;
    console.log(`\n${passed} budgets met, ${failed} missed.`);
  }

  write(path: string, meta: Record<string, unknown>): void {
    writeFileSync(path, `${JSON.stringify({ ...meta, figures: this.figures, details: this.details }, null, 2)}\n`);
  }
}

function format(value: number | string): string {
  if (typeof value === 'string') return value;
  if (!Number.isFinite(value)) return String(value);
  return Math.abs(value) >= 100 ? value.toFixed(0) : value.toFixed(2);
}
